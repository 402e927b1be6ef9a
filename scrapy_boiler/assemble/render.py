"""Render the content blocks as plain text and as a small, clean HTML fragment."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from lxml import etree

from scrapy_boiler.assemble.kept import KeptText, block_text
from scrapy_boiler.segment.blocks import HEADING_TAGS, TextBlock

_KEPT_TAGS = HEADING_TAGS | {"pre", "blockquote"}
_CELL_TAGS = frozenset({"td", "th"})


def to_text(blocks: Sequence[TextBlock], kept: KeptText | None = None) -> str:
    """One content block per line, in page order, but a table row's cells on one line, joined by " | "; with
    ``kept``, the spaces between inline elements as written and a ``<pre>`` block on as many lines as it has
    (:func:`~scrapy_boiler.assemble.kept.block_text`)."""
    lines: list[str] = []
    last_cell: etree._Element | None = None
    for block in blocks:
        if not block.is_content:
            continue
        text = block_text(block, kept)
        cell = _cell_of(block.element)
        if cell is not None and last_cell is not None and cell is not last_cell \
                and cell.getparent() is last_cell.getparent():
            lines[-1] += " | " + text  # the next cell of the same row
        else:
            lines.append(text)
        last_cell = cell
    return "\n".join(lines)


def _cell_of(element: etree._Element) -> etree._Element | None:
    """The table cell a block's element is, or is the only element of (GeeksforGeeks writes each cell's text in a
    ``<p>``); None outside a table or in a cell of several paragraphs, which keep their lines."""
    if element.tag in _CELL_TAGS:
        return element
    parent = element.getparent()
    return parent if parent is not None and parent.tag in _CELL_TAGS and len(parent) == 1 else None


def _html_tag(block: TextBlock) -> str:
    tag = block.element.tag
    if tag in _KEPT_TAGS:
        return tag
    if tag == "li" or ("li" in block.enclosing and tag not in ("p", "div")):
        return "li"
    return "p"


def to_html(blocks: Sequence[TextBlock]) -> str:
    """The content blocks as a small, clean HTML fragment: headings, paragraphs and lists."""
    out: list[str] = ["<article>"]
    in_list = False
    for block in blocks:
        if not block.is_content:
            continue
        tag = _html_tag(block)
        if tag == "li" and not in_list:
            out.append("<ul>")
            in_list = True
        elif tag != "li" and in_list:
            out.append("</ul>")
            in_list = False
        out.append(f"<{tag}>{escape(block.text, quote=False)}</{tag}>")
    if in_list:
        out.append("</ul>")
    out.append("</article>")
    return "\n".join(out)


def lines_html(lines: Sequence[str]) -> str:
    """Lines of text (no structure known) as an HTML fragment of paragraphs."""
    return "\n".join(["<article>", *(f"<p>{escape(line, quote=False)}</p>" for line in lines), "</article>"])
