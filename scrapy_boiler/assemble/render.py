"""Render the content blocks as plain text and as a small, clean HTML fragment."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from scrapy_boiler.assemble.kept import KeptText, block_text
from scrapy_boiler.segment.blocks import HEADING_TAGS, TextBlock

_KEPT_TAGS = HEADING_TAGS | {"pre", "blockquote"}


def to_text(blocks: Sequence[TextBlock], kept: KeptText | None = None) -> str:
    """One content block per line, in page order; with ``kept``, the spaces between inline elements as written and a
    ``<pre>`` block on as many lines as it has (:func:`~scrapy_boiler.assemble.kept.block_text`)."""
    return "\n".join(block_text(block, kept) for block in blocks if block.is_content)


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
