"""The lead under an article's headline (standfirst, dek): a prose block in the article's header, beside the byline
and the date, outside the body's container, which the trees score below the body's paragraphs for it.
"""

from __future__ import annotations

import re

from lxml import etree

from scrapy_boiler.extractors.other_stories import HEADLINE_TITLE_SHARE, share_in_title
from scrapy_boiler.parse.normalize import comparable
from scrapy_boiler.segment.blocks import TextBlock
from scrapy_boiler.segment.semantics import element_names, in_picture, list_item

#: A lead (standfirst, dek) is a prose block of at least LEAD_WORDS: the first such block above the body's first
#: content block (figures, bylines and shorter lines, such as a date, may sit between, LEAD_SCAN blocks at most),
#: with the headline at most LEAD_REACH blocks above it (pictures and captions aside); the trees' score must say it
#: may be content (a summary box or a teaser scores lower).
LEAD_WORDS = 10
LEAD_SCAN = 8
LEAD_REACH = 4
#: A lead declared as the page's description is looked for this many blocks up (a report's header lists its date,
#: authors, pages and downloads between its lead and its text).
DECLARED_LEAD_SCAN = 16
LEAD_MIN_SCORE = 0.15
LEAD_MAX_LINKS = 0.2
#: Up to LINKS_LINES lines between the headline and its lead whose words are LINKS_LINE_DENSITY link text or more
#: (an author's link, a comment count, a share bar) count for none of LEAD_REACH.
LINKS_LINE_DENSITY = 0.5
LINKS_LINES = 4
_HEADLINE_TAGS = frozenset({"h1", "h2", "h3"})


def standfirst(blocks: list[TextBlock], title: str, name: str, descriptions: frozenset[str] = frozenset()) -> None:
    """Label as content the lead between the headline and the body: it sits in the article's header with the byline
    and the date, outside the body's container, and scores below the body's paragraphs for it. A lead whose text the
    page declares as its description (``descriptions``, :func:`~scrapy_boiler.parse.normalize.comparable` text) is
    one however it is scored or set (an ``<h2>``: Gulf News, Ynet) and wherever under the headline it sits; so is one
    that begins with the description, when sites cut theirs short (its first sentence, or 160 characters and "…"),
    one above a long caption (Index's photo, set in ``<div>``s, between its lead and its text), and a summary's bullets
    whose first is the description (the headline up to LEAD_SCAN blocks above it, a photo's caption passed over)."""
    title_words = frozenset(comparable(title).split())
    content = (position for position, block in enumerate(blocks) if block.is_content)
    first = next(content, None)
    below_headline = first is not None and _is_headline(blocks[first], title_words)
    if below_headline:
        # the headline kept as content: the body starts below it, and a lead there is looked for if declared only
        # (a caption, an author's bio, a line of dates are as long, and the trees kept neither the headline's box)
        first = next(content, None)
    if first is None:
        return
    first_looked_at = below_headline
    for position in range(first - 1, max(first - 1 - DECLARED_LEAD_SCAN, -1), -1):
        block = blocks[position]
        f = block.features
        if f is None or f.num_words < LEAD_WORDS or in_picture(block.element) or _is_byline(block.element):
            continue
        if _declared(comparable(block.text), descriptions) \
                and any(_is_headline(above, title_words) for above in _blocks_above(blocks, position, LEAD_SCAN)):
            for lead in _with_its_list(blocks, position):  # a summary's bullets, the first declared (Nation)
                lead.is_content = True
                lead.reasons.append(f"{name}:the lead under the headline, declared as the page's description")
            return
        if first_looked_at or position < first - LEAD_SCAN:
            continue  # past the first prose block above the body, or this far up, only a declared lead is looked for
        first_looked_at = True
        lead_like = block.element.tag not in _HEADLINE_TAGS and _title_share(block, title_words) < HEADLINE_TITLE_SHARE
        reached = _blocks_above(blocks, position, LEAD_REACH, LINKS_LINES)
        if lead_like and f.link_density <= LEAD_MAX_LINKS and block.score >= LEAD_MIN_SCORE \
                and any(_is_headline(above, title_words) for above in reached):
            block.is_content = True
            block.reasons.append(f"{name}:the lead under the headline")
            return
        if not descriptions:
            return


#: Names of a byline, which may be as long as a lead ("By Takeo Maeda and Tatsuya Tanoue / Yomiuri Shimbun Staff
#: Writers" in a ``p.byline``), and of the line of date, author and reading time under the headline (WordPress's
#: ``entry-meta``, Hugo's ``post-meta``: "2 juin 2024 · 2 min · 418 mots · Thomas Lefebvre").
_BYLINE_NAME = re.compile(r"byline|author|credit|writer|reporter|dateline|(?<![a-z])(?:meta|date)(?![a-z])", re.I)


def _is_byline(el: etree._Element) -> bool:
    """Whether a block is the byline or the line of dates under the headline: named so (:data:`_BYLINE_NAME`), or
    holding a ``<time>`` or an element so named (hvg.hu's ``div.info``: "Szerző: Sárközi Eszter 2025. március 10.
    06:30 Frissítve: ...", its parts in ``span.article-author`` and ``time``)."""
    return _BYLINE_NAME.search(element_names(el)) is not None or any(
        child.tag == "time" or _BYLINE_NAME.search(element_names(child)) is not None
        for child in el.iterdescendants() if isinstance(child.tag, str))


def _declared(text: str, descriptions: frozenset[str]) -> bool:
    """Whether a block's ``comparable`` text is a declared description, or begins with one of LEAD_WORDS or more."""
    return text in descriptions or any(
        text.startswith(description) and len(description.split()) >= LEAD_WORDS for description in descriptions)


def _blocks_above(blocks: list[TextBlock], position: int, reach: int, links: int = 0) -> list[TextBlock]:
    """The ``reach`` blocks above ``position``, pictures and their captions passed over (a gallery's "5 Bilder"),
    and up to ``links`` lines mostly of links beside them, which count for none of the ``reach`` (the author's name,
    the comments' count, a share bar: Merkur.de's three lines between its headline and its lead; not a menu's
    items, above which a site's logo may be an ``<h1>``)."""
    found: list[TextBlock] = []
    counted = 0
    for block in reversed(blocks[:position]):
        if counted == reach:
            break
        if in_picture(block.element):
            continue
        found.append(block)  # a linked headline is still looked at
        if links and block.features is not None and block.features.link_density >= LINKS_LINE_DENSITY:
            links -= 1
        else:
            counted += 1
    return found


def _with_its_list(blocks: list[TextBlock], position: int) -> list[TextBlock]:
    """The block at ``position`` and, when it is a list's item (or the one element of its own in an item: elDiario.es
    sets each bullet in an ``<h2>``), the blocks of the list's other items: a summary set as bullets under the
    headline, whose first the page declares as its description, is the lead whole."""
    item = list_item(blocks[position].element)
    listed = item.getparent() if item is not None else None
    if listed is None:
        return [blocks[position]]
    return [block for block in blocks if (other := list_item(block.element)) is not None
            and other.getparent() is listed]


def _is_headline(block: TextBlock, title_words: frozenset[str]) -> bool:
    """Whether a block is the headline: in an ``<h1>``, or in an ``<h2>``/``<h3>`` mostly of the title's words."""
    element, parent = block.element, block.element.getparent()
    tag = element.tag if element.tag in _HEADLINE_TAGS or parent is None else parent.tag
    if tag not in _HEADLINE_TAGS or block.features is None or block.features.num_words < 3:
        return False
    return tag == "h1" or _title_share(block, title_words) >= HEADLINE_TITLE_SHARE


def _title_share(block: TextBlock, title_words: frozenset[str]) -> float:
    """The share of a block's words (punctuation aside) that the page's title has."""
    return share_in_title(block.text, title_words)
