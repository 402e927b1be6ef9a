"""Rules that keep the body's structure whole after the trees: its lists, tables, section headings and code.

Short list items, table lines and headings score low on their own words, yet in a body they are the writer's: a
list most of whose items are content, introduced by a content line ending in a colon, or framed by content
paragraphs, is kept whole, and so is a heading between the body's parts (a recipe card's lines:
:mod:`~scrapy_boiler.extractors.blend.recipe`). The blocks are labelled in place, each change with its reason.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from itertools import pairwise

from lxml import etree

from scrapy_boiler.extractors.blend.pointers import is_pointer_line
from scrapy_boiler.extractors.blend.siblings import (
    FRAMED,
    box_beside,
    edge_element,
    edge_is_content,
    siblings_around,
    unwrapped,
)
from scrapy_boiler.extractors.body_template import numberless_classes, rendering
from scrapy_boiler.parse.normalize import comparable, count_words
from scrapy_boiler.segment.blocks import TextBlock
from scrapy_boiler.segment.regions import is_within
from scrapy_boiler.segment.semantics import box_kind, in_code, in_figure, list_item, tag_or_ancestor


def whole_lists(blocks: list[TextBlock], name: str) -> None:
    """Label every item of a list as content when most of its items are: a list in the body is kept whole (its
    first item, after a lead-in line, scores lower than the rest)."""
    items: dict[etree._Element, list[TextBlock]] = {}
    for block in blocks:
        if block.element.tag == "li" and (parent := block.element.getparent()) is not None:
            items.setdefault(parent, []).append(block)
    for listed in items.values():
        if len(listed) > 1 and 2 * sum(block.is_content for block in listed) > len(listed):
            for block in listed:
                if not block.is_content:
                    block.is_content = True
                    block.reasons.append(f"{name}:most items of its list are content")


#: A sentence introducing the list under it ends so ("Diese Dinge haben am meisten gebracht:"); it has at least
#: this many words (a "Related:" or "Share:" label over a list of links has one or two; a language that joins its
#: words says in four what English says in seven: Kannada's "ಸಭೆಯಲ್ಲಿ ಕೈಗೊಂಡ ಪ್ರಮುಖ ನಿರ್ಧಾರಗಳು:", "the main
#: decisions taken at the meeting:").
LEAD_IN_WORDS = 4
_LEAD_IN_END = (":", "：")


def _is_lead_in(text: str) -> bool:
    """Whether a line introduces what follows: :data:`LEAD_IN_WORDS` words or more, ending with a colon."""
    return text.rstrip().endswith(_LEAD_IN_END) and count_words(text) >= LEAD_IN_WORDS


def introduced_lists(blocks: list[TextBlock], name: str) -> None:
    """Label a list of short items as content when the content paragraph right above it (past a picture or a "read
    also" line), its sibling, introduces it with a colon: short list items score low on their own, and a writer's
    lead-in line says they are the body's. The line may end the box before the list's, or before the container the
    list opens (Elementor sets each paragraph run, list and heading in a widget of its own), or be the list's parent's
    text right before it (a body of text and line breaks: RTP)."""
    at_block = {block.element for block in blocks}
    for position, block in enumerate(blocks[1:], start=1):
        item = list_item(block.element)
        if block.is_content or item is None or (listed := item.getparent()) is None or item is not listed[0]:
            continue
        before = position - 1
        while before > 0 and (in_figure(blocks[before].element) or (not blocks[before].is_content and (
                is_pointer_line(blocks[before].text) or _in_inset_box(blocks[before].element, listed)))):
            before -= 1  # a picture (ORF), a "read also" box (Live Hindustan) or a promotion (AD.nl) set between
        lead = blocks[before]
        if not (lead.is_content and _is_lead_in(lead.text)):
            continue
        items = _items(blocks, position, listed)
        frames = siblings_around(listed, before=True)
        if lead.element is not listed.getparent() and not any(lead.element in unwrapped(b) for b in frames) and not (
                # the line ending the box before (or before the container the list opens), a box of the same page
                # builder's, introduces a list of unlinked items ("Share it on:" ends a body above category links)
                all(b.features is not None and not b.features.link_density for b in items)
                and any(edge_element(previous, at_block, last=True) is lead.element and _same_builder(previous, listed)
                        for previous in (*frames, box_beside(listed, before=True)))):
            continue
        for following in items:
            if following.features is not None and following.features.link_density > 0.5:
                break
            if not following.is_content:
                following.is_content = True
                following.reasons.append(f"{name}:a list introduced by the content line above it")


def _same_builder(box: etree._Element | None, listed: etree._Element) -> bool:
    """Whether ``box`` shares a class name with the wrapper of ``listed`` that is its sibling: two widgets of a page
    builder (Elementor's ``elementor-element``), not a paragraph before a row of columns."""
    if box is None:
        return False
    wrapper = next((el for el in (listed, *listed.iterancestors()) if el.getparent() is box.getparent()), None)
    return bool(_classes(box) & _classes(wrapper))


def _items(blocks: list[TextBlock], position: int, listed: etree._Element) -> list[TextBlock]:
    """The blocks of ``listed``'s items from ``position`` on."""
    found = []
    for block in blocks[position:]:
        if (item := list_item(block.element)) is None or item.getparent() is not listed:
            break
        found.append(block)
    return found


def _in_inset_box(element: etree._Element, listed: etree._Element) -> bool:
    """Whether ``element`` lies in a box named as an advert or a promotion that is a sibling of the list (or of one
    of its wrappers): what sits between a lead-in and its list."""
    frames = {listed, *listed.iterancestors()}
    for box in (element, *element.iterancestors()):
        parent = box.getparent()
        if parent is None or box in frames:
            return False
        if parent in frames:
            return box_kind(box) == "inset"
    return False


#: The share of a line's words linked to parts of the page at which it is an entry of a table of contents.
TOC_LINK_DENSITY = 0.5
#: A quotation that is a post embedded from a social network, by its class names (Twitter's ``twitter-tweet``,
#: ``instagram-media``, ``tiktok-embed``, Bluesky's ``bluesky-embed``): no part of the body's text.
_EMBEDDED_POST = re.compile(r"tweet|twitter|instagram|tiktok|bluesky|mastodon|threads-|embed", re.I)
#: Share of a quotation's pairs of consecutive words that the page's other blocks hold when it is a pull quote, which
#: repeats the body (cut and joined: CNBC's pulls three sentences of a quote the body splits between paragraphs).
PULL_QUOTE_SHARE = 0.6


def framed_lists(blocks: list[TextBlock], name: str) -> None:
    """Label a list or table of two lines or more, or a quotation, as content when the elements right before and
    after it, its siblings, are content paragraphs (the one before, for a table with a header row or after a
    paragraph ending with a colon) and none of its text is linked (but a line's few words that link to a part of the
    page, not a table of contents' entry: :data:`TOC_LINK_DENSITY`): a list framed by the body's paragraphs is the
    body's, and so is a quotation (a promo is seldom marked up as one; an embedded post, which is, holds links)."""
    labelled = {block.element: block.is_content for block in blocks}
    by_element = {block.element: block for block in blocks}
    inside: dict[etree._Element, list[TextBlock]] = {}
    for block in blocks:
        if block.element.tag == "blockquote":  # a quotation written without paragraphs is its own block (Webflow)
            inside.setdefault(block.element, []).append(block)
            continue
        for ancestor in block.element.iterancestors(*FRAMED):
            inside.setdefault(ancestor, []).append(block)
            break
    others: set[tuple[str, str]] | None = None  # the word pairs of the blocks outside quotations, read once
    quoted = {block.element for framed, members in inside.items() if framed.tag == "blockquote" for block in members}
    for framed, members in inside.items():
        if (len(members) < 2 and framed.tag != "blockquote") or all(block.is_content for block in members):
            continue  # a one-line box between paragraphs is a promo's or a dateline's as often as the body's
        if any(block.features is None or (block.features.link_density > 0 and not (
                block.features.link_density < TOC_LINK_DENSITY and _links_to_itself(block.element)))
               for block in members):
            continue
        if framed.tag == "blockquote":
            if _EMBEDDED_POST.search(framed.get("class") or ""):
                continue
            if others is None:
                others = _word_pairs(block.text for block in blocks if block.element not in quoted)
            said = _word_pairs(block.text for block in members)
            if said and len(said & others) >= PULL_QUOTE_SHARE * len(said):
                continue  # a pull quote: the body says it too
        # a table with a header row is data the paragraph above presents (an advert's label may come after it); a
        # calendar's cells are days, a statement's figures are the statement
        headed = framed.tag == "table" and _header_row(framed) and 2 * sum(
            _DAY.fullmatch(block.text.strip()) is not None for block in members) < len(members)
        edges = list(zip(siblings_around(framed, before=True), siblings_around(framed, before=False), strict=True))
        if not any(edge_is_content(before, labelled, last=True) and (
                headed or _introduces(before, by_element) or edge_is_content(after, labelled, last=False)
                or _labelled_content(after, by_element)) for before, after in edges):
            # a line introducing it ("Die Wasserstände an ausgewählten Pegeln:") or a heading over it scores low on its
            # few words
            lead = next((found for before, after in edges if (found := _lead_in(before, by_element, labelled))
                         and (headed or edge_is_content(after, labelled, last=False))), None)
            if lead is None:
                continue
            lead.is_content = labelled[lead.element] = True
            lead.reasons.append(f"{name}:the line or heading introducing a list or table between content paragraphs")
        for block in members:
            if not block.is_content:
                # (labelled at once: a quotation kept frames the list after it, under a heading: Wix)
                block.is_content = labelled[block.element] = True
                block.reasons.append(f"{name}:a list or quotation between two content paragraphs")


def _labelled_content(element: etree._Element | None, by_element: dict[etree._Element, TextBlock]) -> bool:
    """Whether ``element`` opens with a label of a word or two over a content paragraph (DITA's note box, "Note")."""
    found = [by_element[el] for el in element.iter() if el in by_element][:2] if element is not None else []
    return len(found) == 2 and count_words(found[0].text) <= 2 and found[1].is_content


#: A calendar's cell: a day of the month.
_DAY = re.compile(r"\d{1,2}")


def _header_row(table: etree._Element) -> bool:
    """Whether a table has a header row of its own (not a table's nested in it, in a layout of tables): ``<th>``
    cells, or a first row of two cells with text or more, each bold (GlobeNewswire's statements:
    ``<td><strong>Q4 2024</strong></td>``; not a box's title in a row of its own)."""
    if any(next(th.iterancestors("table"), None) is table for th in table.iter("th")):
        return True
    row = next(table.iter("tr"), None)
    cells = [cell for cell in row if cell.tag == "td" and "".join(cell.itertext()).strip()] if row is not None else []
    return len(cells) >= 2 and all(map(_all_bold, cells))


def _introduces(element: etree._Element | None, by_element: dict[etree._Element, TextBlock]) -> bool:
    """Whether the last block of ``element`` ends with a colon, introducing what follows ("... formuliert es so:"):
    a quotation or list after it is the body's whatever comes after it (an advert)."""
    edge = edge_element(element, by_element, last=True)
    return edge is not None and _is_lead_in(by_element[edge].text)


def _lead_in(element: etree._Element | None, by_element: dict[etree._Element, TextBlock],
             labelled: dict[etree._Element, bool]) -> TextBlock | None:
    """The block of ``element`` (or of the paragraph it wraps) when it is a line introducing what follows
    (:data:`LEAD_IN_WORDS` words or more, ending with a colon, unlinked) or a section heading over it (vc.ru's
    "Итоги" over a list of figures), and a content paragraph comes right before it, or, for a line, before the
    container it opens (:func:`~scrapy_boiler.extractors.blend.siblings.box_beside`; a heading opening a box is the
    box's title: "Leave a comment" over a form's fields)."""
    block = next((by_element[el] for el in unwrapped(element) if el in by_element), None)
    if block is None or block.features is None or block.features.link_density > 0:
        return None
    heading = _is_heading(block.element, block.text) and block.features.num_words <= SECTION_HEADING_WORDS
    if not heading and not _is_lead_in(block.text):
        return None
    frames = siblings_around(block.element, before=True)
    if not heading and all(frame is None for frame in frames):
        # a line opening its container: its predecessor is before (not a form's)
        frames = [box_beside(block.element, before=True)]
    return block if any(edge_is_content(before, labelled, last=True) for before in frames) else None


def _word_pairs(texts: Iterable[str]) -> set[tuple[str, str]]:
    """The pairs of consecutive words of each text, lower case and without punctuation."""
    pairs: set[tuple[str, str]] = set()
    for text in texts:
        words = comparable(text).split()
        pairs.update(pairwise(words))
    return pairs


#: Section headings: their tags and the most words one has.
_SECTION_TAGS = frozenset({"h2", "h3", "h4", "h5", "h6"})
SECTION_HEADING_WORDS = 20
_HEADING_REASON = "a section heading over content"


def section_headings(blocks: list[TextBlock], parts: list[etree._Element], name: str) -> None:
    """Label a section heading inside the body's ``parts`` (the region and the parts rendered like it,
    :func:`body_parts`) as content when content came before it and the next block (past a figure or an ``<aside>``,
    Politiken's "Læs også" box between a heading and its paragraph) is content: a short unlinked heading scores low
    on its words, though it titles the body's next part; linked to its own anchor, it is still unlinked. A paragraph
    all in bold is a heading too, where an editor has no other (krone.at's ``<p><strong>``). Outside the parts, a
    heading whose box the body's boxes frame is the body's too (Elementor sets each heading in a widget of its own,
    between the widgets of the paragraphs)."""
    seen_content = False
    labelled: dict[etree._Element, bool] | None = None
    for position, block in enumerate(blocks):
        if block.is_content:
            seen_content = True
            continue
        f = block.features
        if not seen_content or f is None or (f.link_density > 0 and not _links_to_itself(block.element)) \
                or f.num_words > SECTION_HEADING_WORDS \
                or not _is_heading(block.element, block.text):
            continue
        if not any(is_within(block.element, part) for part in parts):
            labelled = labelled if labelled is not None else {b.element: b.is_content for b in blocks}
            if not _framed(block.element, labelled, parts):
                continue
        asides = set(block.element.iterancestors("aside"))
        following = next((b for b in blocks[position + 1:] if not in_figure(b.element) and not any(
            aside not in asides for aside in b.element.iterancestors("aside"))), None)
        if following is not None and following.is_content and not (
                following.reasons and following.reasons[-1].endswith(_HEADING_REASON)
                and _level(block.element) >= _level(following.element)):
            # (over content, or a section's over its first subsection's; not over a heading of its rank or higher
            # this rule kept: a video's title, an h3, over one)
            block.is_content = True
            block.reasons.append(f"{name}:{_HEADING_REASON}")


def _framed(element: etree._Element, labelled: dict[etree._Element, bool], parts: list[etree._Element]) -> bool:
    """Whether the boxes right before and after an element (or one of its wrappers) end and begin with content, and
    the three share a class name (widgets of one page builder, ``elementor-widget``) or the two are the body's
    ``parts`` (Avada's numbered text boxes): not a byline's heading between the headline and the first paragraph."""
    wrappers = [element, *element.iterancestors()]
    return any(edge_is_content(before, labelled, last=True) and edge_is_content(after, labelled, last=False)
               and (bool(_classes(wrapper) & _classes(before) & _classes(after)) or {before, after} <= set(parts))
               for wrapper, before, after in zip(wrappers, siblings_around(element, before=True),
                                                 siblings_around(element, before=False), strict=False))


def _classes(element: etree._Element | None) -> set[str]:
    return set((element.get("class") or "").split()) if element is not None else set()


def _level(element: etree._Element) -> int:
    """A heading's rank, 2 for ``h2`` to 6 for ``h6`` (of the element or the heading it is in), 7 for a paragraph."""
    heading = _heading_of(element)
    return int(heading.tag[1]) if heading is not None else 7


def _heading_of(element: etree._Element) -> etree._Element | None:
    """The ``h2`` to ``h6`` that is the element or that it is in, if any."""
    return tag_or_ancestor(element, *_SECTION_TAGS)


def _all_bold(element: etree._Element) -> bool:
    """Whether an element's whole text is one bold element (``<p><strong>...</strong></p>``)."""
    return len(element) == 1 and element[0].tag in ("strong", "b") and not (element.text or "").strip() \
        and not (element[0].tail or "").strip()


def _links_to_itself(element: etree._Element) -> bool:
    """Whether every link in an element goes to a fragment of the page (mdBook, Sphinx and many wikis link a
    section's title to its own anchor, ``<h2 id="x"><a href="#x">``; a table's cell says "see <a href="#y">Combining
    policies</a>"), so it links to nothing elsewhere."""
    links = [a.get("href") or "" for a in element.iter("a")]
    return bool(links) and all(href.startswith("#") for href in links)


def _is_heading(element: etree._Element, text: str) -> bool:
    """Whether an element is a heading: ``h2`` to ``h6`` or inside one (Draft.js writes a ``div`` in each block, the
    headings' too: Ynet), or a paragraph whose whole ``text`` is one bold element of two words or more not ending with
    a colon (a label in bold, "MORE:", introduces links)."""
    if _heading_of(element) is not None:
        return True
    return element.tag == "p" and _all_bold(element) and count_words(text) >= 2 \
        and not text.rstrip().endswith(_LEAD_IN_END)


#: The most of a code block's words that may be linked: a reference links the names its example calls (cppreference).
CODE_MAX_LINKS = 0.5


def code_blocks(blocks: list[TextBlock], parts: list[etree._Element], name: str) -> None:
    """Label a block of code (a ``<pre>`` or in one) inside the body's ``parts`` (:func:`body_parts`) as content
    when the body's content comes before and after it and at most :data:`CODE_MAX_LINKS` of its words are linked. A
    highlighter writes each token in a ``<span>`` of its own ("EXPLAIN ANALYZE" in Prism's and Rouge's markup): the
    segmentation joins those into a few long "words", which the trees read as no prose."""
    content = [position for position, block in enumerate(blocks) if block.is_content]
    if not parts or not content:
        return
    for block in blocks[content[0] + 1:content[-1]]:
        f = block.features
        if block.is_content or f is None or f.link_density > CODE_MAX_LINKS or not in_code(block.element):
            continue
        if any(is_within(block.element, part) for part in parts):
            block.is_content = True
            block.reasons.append(f"{name}:a block of code inside the body")


#: A photo gallery told in its captions: at least this many captions of at least this many words each.
GALLERY_CAPTIONS = 3
GALLERY_CAPTION_WORDS = 8


def gallery_captions(blocks: list[TextBlock], name: str) -> None:
    """Label the captions of a gallery as content when they say more than the content kept: a photo gallery's page
    tells its story in the captions of its slides, under a short introduction, and the trees read a caption as a
    picture's, not the story's. Captions are blocks inside a ``<figure>``, unlinked, of
    :data:`GALLERY_CAPTION_WORDS` words or more (a list of other galleries' titles is linked), at least
    :data:`GALLERY_CAPTIONS` of them."""
    captions = [block for block in blocks if not block.is_content and block.features is not None
                and block.features.link_density == 0 and block.features.num_words >= GALLERY_CAPTION_WORDS
                and in_figure(block.element)]
    kept = sum(block.features.num_words for block in blocks if block.is_content and block.features is not None)
    if len(captions) < GALLERY_CAPTIONS or sum(block.features.num_words for block in captions) <= kept:
        return
    for block in captions:
        block.is_content = True
        block.reasons.append(f"{name}:a gallery's caption (the captions tell the story)")


def body_parts(region: etree._Element | None) -> list[etree._Element]:
    """The region and the elements rendered like it (same tags and classes on it and its nearest ancestors but for
    the numbers a page builder gives its boxes, :func:`~scrapy_boiler.extractors.body_template.rendering`): a body
    that adverts split into sections has its later parts there (Rzeczpospolita repeats ``div.row > div.col--fill >
    div.article--content > div.body`` after each advert), or with one more class of its own where the rest of the
    body follows a "read more" button (Hürriyet's ``div.news-content.news-content--continue``). Only a region with a
    class: bare ``div`` chains match anything."""
    if region is None:
        return []
    names = region.get("class")
    if not names:
        return [region]
    key, alike, classes = rendering(region), rendering(region, numberless=True), set(names.split())
    return [region, *(el for el in region.getroottree().iter(region.tag) if el is not region and (
        (numberless_classes(el.get("class") or "") == alike[0][1] and rendering(el, numberless=True) == alike)
        or (classes < set((el.get("class") or "").split()) and rendering(el)[1:] == key[1:])))]
