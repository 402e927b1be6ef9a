"""A review's structured parts set into its body: the box of pros and cons, and its tables of data.

Product reviews and buying guides list what the reviewer liked and disliked in a box of two short lists ("Pros" and
"Cons", "Les plus" and "Les moins", "Zalety" and "Wady", ``div.pros-cons``, ``dl.merit`` beside ``dl.demerit``), and
give a product's specifications or a comparison of the products as a table between the sections. Their lines are
short, listed or headed, so the trees score them as a teaser's; but the reviewer wrote them for this page, they are
what a reader of a review looks for, and trafilatura keeps them. Such a box or table placed among the body's content
paragraphs (its container, or one of the two above it, a child of an element holding them), with few links, is
content.
"""

from __future__ import annotations

import re

from lxml import etree

from scrapy_boiler.extractors.blend.body_boxes import boxed_blocks, words_and_linked
from scrapy_boiler.parse.normalize import count_words
from scrapy_boiler.segment.blocks import TextBlock
from scrapy_boiler.segment.semantics import box_kind, element_names

#: Parts of a class name (split at what is no letter) naming the side of the good points, and of the bad ones:
#: ``pros-cons__pros``, ``summary-box__col--plus``, ``p-good-bad__good``, ``merit``, ``title_pro``; ``cons``,
#: ``--minus``, ``--min`` (Androidplanet's), ``__bad``, ``demerit``, ``contro`` (Italian).
PRO_NAMES = frozenset({"pro", "pros", "plus", "pluses", "good", "merit", "merits", "positive", "positives",
                       "advantages", "likes"})
CON_NAMES = frozenset({"con", "cons", "contra", "contras", "contro", "minus", "minuses", "min", "bad", "demerit",
                       "demerits", "negative", "negatives", "disadvantages", "dislikes"})
_NAME_PARTS = re.compile(r"[^a-z]+")
#: A substring of every name in :data:`PRO_NAMES` and :data:`CON_NAMES`: most classes hold none, and are not split.
_SIDE_HINT = re.compile(r"pro|plus|good|merit|positive|advantage|like|con|minus|min|bad|negative", re.I)
_WIDGET = re.compile(r"widget", re.I)
#: Levels above a block where its box or table is looked for (a point in ``li`` of ``ul`` in ``div.pros`` in
#: ``div.pros-cons``; a cell in ``tr`` of ``tbody`` of ``table``).
BOX_LEVELS = 5
#: Levels above the box or table where the element holding the body's paragraphs is looked for (the box in
#: ``div.wp-block-columns``; the table in ``figure.wp-block-table``).
HOLDER_LEVELS = 3
#: Words a side of the box holds at least and at most (a button's "+" is no point; a column of text is no list of
#: points), and the share of a box's or table's words linked at most (a table of other stories).
SIDE_MIN_WORDS = 2
SIDE_MAX_WORDS = 200
MAX_LINK_DENSITY = 0.2
#: Rows of two cells or more a table of data has at least, and words a row has at most (a layout table holds
#: paragraphs).
TABLE_MIN_ROWS = 2
ROW_MAX_WORDS = 40
#: Share of a table's rows holding a link at most: a box of a tutorial's details links its values to the site's
#: tags ("Difficulty level: Easy", nixCraft's), a table of specifications or results shows them.
LINKED_ROWS_SHARE = 0.25


def review_parts(blocks: list[TextBlock], name: str) -> None:
    """Label as content (in place) the blocks of a box of pros and cons (:func:`_pros_and_cons`) or of a table of
    data (:func:`_data_table`) placed among the body's content paragraphs."""
    for block, part in boxed_blocks(blocks, _review_part, BOX_LEVELS):
        block.is_content = True
        block.reasons.append(f"{name}:in the review's pros and cons or table of data ({part.tag}."
                             f"{part.get('class', '')})")


def _review_part(el: etree._Element, holders: set[etree._Element]) -> bool:
    if el.tag not in _PART_TAGS or _holder(el, holders) is None:
        return False
    return (_data_table(el) if el.tag == "table" else _pros_and_cons(el)) and _few_links(el)


_PART_TAGS = frozenset({"table", "div", "dl", "section", "aside"})


def _pros_and_cons(el: etree._Element) -> bool:
    """Whether ``el`` holds, as two of its children, a side named for the good points and one named for the bad
    (:data:`PRO_NAMES`, :data:`CON_NAMES`), each of a few words."""
    if len(el) < 2:
        return False
    sides: dict[str, etree._Element] = {}
    for child in el:
        names = child.get("class") if isinstance(child.tag, str) else None
        if names and _SIDE_HINT.search(names) and (side := _side(names)) and side not in sides:  # the first of each
            sides[side] = child
    return len(sides) == 2 and all(
        SIDE_MIN_WORDS <= count_words(" ".join(side.itertext())) <= SIDE_MAX_WORDS for side in sides.values())


def _side(names: str) -> str:
    """"pro" or "con" when one of the class ``names`` names one side and not the other (``pros-cons`` is the box); in
    a BEM name, its element part decides (``pros-cons-box__pros``)."""
    for token in names.lower().split():
        parts = set(_NAME_PARTS.split(token.rpartition("__")[2]))
        pro, con = not PRO_NAMES.isdisjoint(parts), not CON_NAMES.isdisjoint(parts)
        if pro != con:
            return "pro" if pro else "con"
    return ""


def _data_table(table: etree._Element) -> bool:
    """Whether ``table`` is a table of data: rows of two cells or more (:data:`TABLE_MIN_ROWS`), none of them long
    (:data:`ROW_MAX_WORDS`), few of them linked (:data:`LINKED_ROWS_SHARE`), and no table inside it (a layout)."""
    if next(table.iterdescendants("table"), None) is not None:
        return False
    rows = [row for row in table.iter("tr") if sum(cell.tag in ("td", "th") for cell in row) >= 2]
    return len(rows) >= TABLE_MIN_ROWS and all(
        count_words(" ".join(row.itertext())) <= ROW_MAX_WORDS for row in rows) and sum(
        next(row.iter("a"), None) is not None for row in rows) <= LINKED_ROWS_SHARE * len(rows)


def _holder(el: etree._Element, holders: set[etree._Element]) -> etree._Element | None:
    """The element holding the body's content paragraphs of which ``el``, or one of its :data:`HOLDER_LEVELS`
    ancestors, is a child, when none of those is a form (a comment's fields laid out as a table), or is named an
    advert, a promotion (:func:`box_kind`) or a widget (the BBC's ``div.marketdata-widget``, a table of the yen's
    rate)."""
    path = []
    for _ in range(HOLDER_LEVELS):
        path.append(el)
        parent = el.getparent()
        if parent is None:
            return None
        if parent in holders:  # the names are read only then: most boxes are nowhere near the body's paragraphs
            return None if any(box.tag == "form" or box_kind(box) or _WIDGET.search(element_names(box))
                               for box in path) else parent
        el = parent
    return None


def _few_links(el: etree._Element) -> bool:
    words, linked = words_and_linked(el)
    return words > 0 and linked <= MAX_LINK_DENSITY * words
