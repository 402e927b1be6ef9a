"""The neighbours that frame a list, table or quotation in a body: its siblings, and its wrappers' siblings.

A page wraps a list in boxes of its own (G1's ``div.mc-column``, a table's ``<figure>``, a box with the table's source
under it) and sets empty slots, pictures and advert labels between the body's blocks: what frames the list is the
first sibling with text up the wrappers, past those.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Container

from lxml import etree

from scrapy_boiler.extractors.blend.pointers import is_advert_label, is_pointer_line
from scrapy_boiler.parse.normalize import count_words
from scrapy_boiler.segment.blocks import HEADING_TAGS
from scrapy_boiler.segment.semantics import box_kind

#: Elements whose lines a framed list, table or quotation is made of.
FRAMED = ("ul", "ol", "table", "blockquote")


def siblings_around(element: etree._Element, *, before: bool) -> list[etree._Element | None]:
    """The sibling right before (or after) the element and each of its wrappers, past siblings without text (an
    editor's spacer paragraph, ``<p>&nbsp;</p>``, an empty advert slot or one showing its label alone, a comment),
    pictures and, before it, "read also" boxes (:func:`_passed_over`; after it, one heads the links under it, no
    frame): the ancestors holding nothing else but spacers or pictures (G1 wraps each paragraph and each list of its
    body in a ``div.mc-column`` of its own; Over-blog a list and a spacer paragraph, :func:`_spacer`; the CDC a list
    and a picture in two columns, :func:`_picture`), or nothing else but a
    caption (WordPress's ``figure.wp-block-table`` around a table and its ``<figcaption>``) or, for a table, the
    line under it that names its source (:func:`_source_lines_after`)."""
    found: list[etree._Element | None] = []
    table = element.tag == "table"
    while element is not None:
        sibling = frame_sibling(element, before=before)
        found.append(sibling)
        parent = element.getparent()
        if parent is None or (parent.text or "").strip() or (element.tail or "").strip() or (
                any(child is not element and not _spacer(child) and not _picture(child) for child in parent)
                and not (parent.tag == "figure"
                         and all(child is element or child.tag == "figcaption" for child in parent))
                and not (table and _source_lines_after(element, parent))):
            break
        element = parent
    return found


def frame_sibling(element: etree._Element, *, before: bool) -> etree._Element | None:
    """The sibling right before (or after) ``element``, past those :func:`_passed_over`."""
    sibling = element.getprevious() if before else element.getnext()
    while sibling is not None and _passed_over(sibling, before=before):
        sibling = sibling.getprevious() if before else sibling.getnext()
    return sibling


#: Levels above an element that opens (or ends) its container searched for the container's sibling.
OPENING_LEVELS = 5


def box_beside(element: etree._Element, *, before: bool, levels: int = OPENING_LEVELS) -> etree._Element | None:
    """The first sibling before (or after) ``element`` or, while it is its parent's first (or last) element (past
    siblings :func:`siblings_around` passes over), before (or after) its parent, ``levels`` levels up at most: what
    precedes the container it opens (UNICEF's CMS writes the body as text blocks, each in wrappers of its own: the
    line opening a block follows the block before, past a "Read more" box between them), or follows the one it ends.
    None past those levels or a parent with text of its own."""
    for _ in range(levels):
        sibling = frame_sibling(element, before=before)
        parent = element.getparent()
        if sibling is not None or parent is None or (parent.text or "").strip():
            return sibling
        element = parent
    return None


#: Most words of the line under a table that names its source ("Quelle: Statistisches Bundesamt", "Kilde: Nord Pool").
SOURCE_LINE_WORDS = 12


def _source_lines_after(element: etree._Element, parent: etree._Element) -> bool:
    """Whether ``parent``'s other children than ``element`` (a table or its wrapper) are short lines after it: the box
    a news site puts a table in, with its source below (FOCUS's ``div.Table-Source``, VG's "Kilde:" paragraph),
    past the caption over it (Handelsblatt's ``figcaption`` in a ``figure.storyline-table``, Nikkei xTECH's
    ``p.p-article_table_caption``)."""
    children = [child for child in parent if isinstance(child.tag, str)]  # comments aside
    start = 0
    while start < len(children) and children[start] is not element and _caption_above(children[start], parent):
        start += 1
    return children[start:start + 1] == [element] and all(
        child.tag not in FRAMED and _source_line(" ".join(child.itertext())) for child in children[start + 1:])


#: The name of a table's caption line over it, in its box (Nikkei xTECH's ``p.p-article_table_caption``; a box's
#: "title" may head a layout table of links: "Share the love").
_CAPTION_NAME = re.compile(r"caption", re.I)


def _caption_above(child: etree._Element, parent: etree._Element) -> bool:
    """Whether a child of a table's box, before the table, is its caption: a figure's ``<figcaption>``, or a short
    heading (Berlingske's fact box: ``h3.fact-box__title`` over its table) or line named as a caption."""
    if child.tag == "figcaption":
        return parent.tag == "figure"
    return (child.tag in HEADING_TAGS or (child.tag not in FRAMED and _CAPTION_NAME.search(child.get("class") or "")
                                          is not None)) and _source_line(" ".join(child.itertext()))


#: A line naming a table's source by its label, which may name two bodies or a survey in full (Ara's "Font: Enquesta
#: d'usos lingüístics de la població (EULP). Secretaria de Política Lingüística i Idescat."; Nikkei xTECH's
#: "（出所：東雲プレス工業の資料を基に日経クロステックが作成）").
_SOURCE_LABEL = re.compile(
    r"\s*(?:quellen?|sources?|fuentes?|fontes?|fonti|font|kilde|källa|lähde|bron|źródło|zdroj|forrás|πηγή|kaynak|"
    r"sumber|nguồn|источник|джерело|izvor|vir|allikas|šaltinis|avots)\s*:"
    r"|\s*[(（]?(?:出所|出典|资料来源|資料來源|来源|來源|출처|자료)\s*[:：]", re.IGNORECASE)


def _source_line(text: str) -> bool:
    """Whether a line under a table is short enough to be its source line: :data:`SOURCE_LINE_WORDS` words, or twice
    as many after a source label ("Quelle:", "Font:")."""
    words = count_words(text)
    return words <= SOURCE_LINE_WORDS or (words <= 2 * SOURCE_LINE_WORDS and _SOURCE_LABEL.match(text) is not None)


def _passed_over(sibling: etree._Element, *, before: bool) -> bool:
    """Whether a sibling is passed over looking for a frame (see :func:`siblings_around`): a comment, a picture (or a
    box holding one alone), a box named as an advert or a promotion
    (:func:`~scrapy_boiler.segment.semantics.box_kind`), no text, an advert's label alone (:data:`ADVERT_LABEL_CHARS`)
    or, before the element, a "read also" line of at most twice :data:`SOURCE_LINE_WORDS` words or a box of related
    links (:func:`_related_links`). Its text is read once."""
    if not isinstance(sibling.tag, str) or _picture(sibling):
        return True  # a comment; a picture, or a box holding one alone (TimesLIVE's div.article-widget-image)
    text = " ".join("".join(sibling.itertext()).split())
    if not text or is_advert(sibling, text):
        return True  # an advert or a promotion of the site's own set into the body (AD.nl's offer)
    if not before:
        return False
    count = count_words(text)
    return (count <= 2 * SOURCE_LINE_WORDS and is_pointer_line(text)) or (
        count <= RELATED_BOX_WORDS and _related_links(sibling, count))


#: The most words of a box of related links passed over before a framed element, of its unlinked label, and the
#: fewest words its links have on average (headlines, not a share bar's "Tweet" and "Pin It").
RELATED_BOX_WORDS = 40
RELATED_LABEL_WORDS = 4
RELATED_LINK_WORDS = 4


def _related_links(box: etree._Element, count: int) -> bool:
    """Whether ``box`` holds links to other pages, headlines of :data:`RELATED_LINK_WORDS` words on average, and
    beside them a label of at most :data:`RELATED_LABEL_WORDS` words ("Related", "Lees ook"): a newspaper sets such
    a box between a paragraph and the line introducing the paragraph's table (the Houston Chronicle's)."""
    links = [link for link in box.iter("a") if (link.get("href") or "#")[:1] != "#"]
    linked = sum(count_words(" ".join("".join(link.itertext()).split())) for link in links)
    return bool(links) and linked >= RELATED_LINK_WORDS * len(links) and count - linked <= RELATED_LABEL_WORDS


#: The most characters an advert's label alone has ("Story continues below advertisement").
ADVERT_LABEL_CHARS = 60


def is_advert(element: etree._Element, text: str) -> bool:
    """Whether an element, whose text (white space collapsed) is ``text``, is an advert or a promotion set into the
    body: a box named as one (:func:`~scrapy_boiler.segment.semantics.box_kind`), or one showing an advert's label
    alone (:data:`ADVERT_LABEL_CHARS`)."""
    return box_kind(element) == "inset" or (bool(text) and len(text) <= ADVERT_LABEL_CHARS and is_advert_label(text))


def unwrapped(element: etree._Element | None) -> list[etree._Element]:
    """The element and, while it holds one element and no text of its own, that element (a paragraph's wrappers)."""
    found: list[etree._Element] = []
    while element is not None:
        found.append(element)
        if len(element) != 1 or (element.text or "").strip() or (element[0].tail or "").strip():
            break
        element = element[0]
    return found


#: Tags of an editor's spacer: an empty paragraph or box, a line break.
_SPACER_TAGS = frozenset({"p", "div", "span", "br"})


def _spacer(element: etree._Element) -> bool:
    """Whether an element is an editor's spacer (``<p>&nbsp;</p>``, a ``<br>``): no text, no tail, nothing inside but
    line breaks; a comment too."""
    if not isinstance(element.tag, str):
        return not (element.tail or "").strip()
    return element.tag in _SPACER_TAGS and not _has_text(element) and not (element.tail or "").strip() and all(
        inner.tag == "br" for inner in element.iterdescendants())


def _picture(element: etree._Element) -> bool:
    """Whether an element is a picture (a ``<figure>``) or a box holding one alone, as the column beside a list
    (the CDC's ``div.col-md-6`` with the body map beside the list of where ticks hide)."""
    return any(wrapped.tag == "figure" for wrapped in unwrapped(element))


def _has_text(element: etree._Element) -> bool:
    """Whether an element (not a comment) holds any text."""
    return isinstance(element.tag, str) and any(text.strip() for text in element.itertext())


def edge_is_content(element: etree._Element | None, labelled: dict[etree._Element, bool], *, last: bool) -> bool:
    """Whether the block of ``element`` nearest the framed element, its last (or first) one, is content: a paragraph,
    or the last item of a list of notes above a table."""
    edge = edge_element(element, labelled, last=last)
    return edge is not None and labelled[edge]


def edge_element(element: etree._Element | None, blocks_at: Container[etree._Element], *,
                 last: bool) -> etree._Element | None:
    """The last (or first) element of a block in ``element``'s subtree: ``blocks_at`` holds the blocks' elements."""
    if element is None:
        return None
    found = (el for el in element.iter() if el in blocks_at)
    if not last:
        return next(found, None)
    final = deque(found, maxlen=1)
    return final[0] if final else None
