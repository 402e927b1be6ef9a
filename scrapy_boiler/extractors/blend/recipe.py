"""The recipe and the FAQ a page declares in JSON-LD, found among its blocks: a recipe card's ingredients and steps,
and an FAQ block's questions and answers, are short lines in boxes of their own that the trees score as chrome, but
the page's ``Recipe`` and ``FAQPage`` name them."""

from __future__ import annotations

import html
from collections.abc import Iterable

from lxml import etree

from scrapy_boiler.parse.normalize import comparable
from scrapy_boiler.segment.blocks import TextBlock
from scrapy_boiler.segment.semantics import tag_or_ancestor

#: Declared recipe lines shorter than this (letters and digits only) are not looked for: "salt" is on many lines.
RECIPE_MIN_CHARS = 4
#: Characters a block may have beyond the declared line it holds (a step's "1." or "Step 1", a checkbox's label).
RECIPE_SLACK = 8
#: Share of a declared line's characters a shown line that leaves some out keeps.
RECIPE_SHOWN_SHARE = 0.8
#: Share of the declared lines the page must show before any block is labelled by them.
RECIPE_FOUND_SHARE = 0.5


def squashed(text: str) -> str:
    """The text as :func:`~scrapy_boiler.parse.normalize.comparable` reads it, without its spaces: a recipe card sets
    amount, unit and name in spans without spaces (``1 ¼cupsplain flour``) while its JSON-LD says ``1 ¼ cups plain
    flour``."""
    return comparable(html.unescape(text)).replace(" ", "")


def declared_recipe(blocks: list[TextBlock], lines: Iterable[str], name: str) -> None:
    """Label as content the blocks that show an ingredient or a step the page's JSON-LD ``Recipe`` declares
    (``lines``, :func:`squashed`), when the page shows at least half of them: the card's short lines score as chrome
    on their own words."""
    _declared(blocks, lines, f"{name}:an ingredient or step of the recipe the page declares")


def declared_faq(blocks: list[TextBlock], lines: Iterable[str], name: str) -> None:
    """Label as content the blocks that show a question or an answer of the page's JSON-LD ``FAQPage`` (``lines``,
    :func:`squashed`), when the page shows at least half of them."""
    _declared(blocks, lines, f"{name}:a question or answer of the FAQ the page declares")


def _declared(blocks: list[TextBlock], lines: Iterable[str], reason: str) -> None:
    wanted = {line for line in lines if len(line) >= RECIPE_MIN_CHARS}
    if not wanted:
        return
    found: set[str] = set()
    matched: list[TextBlock] = []
    for shown in _shown_lines(blocks):
        text = squashed(" ".join(block.text for block in shown))
        if len(text) < RECIPE_MIN_CHARS:
            continue
        line = text if text in wanted else next((line for line in wanted if _shows(text, line)), None)
        if line is not None:
            found.add(line)
            matched.extend(shown)
    if len(found) < RECIPE_FOUND_SHARE * len(wanted):
        return
    for block in matched:
        if not block.is_content:
            block.is_content = True
            block.reasons.append(reason)


def _shows(text: str, line: str) -> bool:
    """Whether a shown text (:func:`squashed`) is a declared line with at most :data:`RECIPE_SLACK` characters more
    (a step's "1.") or fewer: the card leaves out a word the JSON-LD has (Marmiton's "150 g bûche de chèvre", declared
    "150 g de bûche de chèvre"), keeping the rest in order and :data:`RECIPE_SHOWN_SHARE` of it."""
    if line in text:
        return len(text) - len(line) <= RECIPE_SLACK
    if not 0 < len(line) - len(text) <= RECIPE_SLACK or len(text) < RECIPE_SHOWN_SHARE * len(line):
        return False  # (a breadcrumb's "鶏むね肉" is no "鶏むね肉1枚（約300g）")
    rest = iter(line)
    return all(char in rest for char in text)  # the text is the line with characters left out


def _shown_lines(blocks: list[TextBlock]) -> list[list[TextBlock]]:
    """The lines a page shows: each block, and a table row's cells as one more (Chefkoch's ingredients: amount and
    name in two cells, "1 kg" | "Hokkaidokürbis", declared as "1 kg Hokkaidokürbis"; a layout table's row of a whole
    page matches nothing, and its blocks are read one by one)."""
    rows: dict[etree._Element, list[TextBlock]] = {}
    for block in blocks:
        cell = tag_or_ancestor(block.element, "td", "th")
        row = cell.getparent() if cell is not None else None
        if row is not None and row.tag == "tr":
            rows.setdefault(row, []).append(block)
    return [[block] for block in blocks] + [cells for cells in rows.values() if len(cells) > 1]
