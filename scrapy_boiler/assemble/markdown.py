"""``Document.markdown``: the kept main content as Markdown, read from the page's own tree.

The converter walks the cleaned page from the innermost element holding the kept text
(:class:`~scrapy_boiler.assemble.kept.KeptText`) and writes only the text nodes of content blocks, so what the model
dropped stays out while the structure around the kept text is read from the page: headings (``#``), paragraphs,
nested lists (``-``, ``1.``), data tables as pipe tables (the first kept row as the header), ``<pre>`` as fenced
code blocks with their lines and indentation (```` ```python```` when a ``language-``/``lang-`` class says so),
block quotes, inline code, emphasis. Links and images are left out by default (their text stays): main content
is mostly read or fed to models, where URLs are noise; ``links=True`` / ``images=True`` keep them.
"""

from __future__ import annotations

import re

from lxml import etree

from scrapy_boiler.assemble.kept import KeptText, pre_lines
from scrapy_boiler.assemble.markdown_text import (
    LINE_BREAK,
    code_fence,
    code_span,
    emphasis,
    escape,
    indent,
    link_target,
    one_line,
    paragraph,
    quote,
    table_cell,
)
from scrapy_boiler.parse.urls import join_url
from scrapy_boiler.segment.blocks import INLINE_TAGS

_HEADINGS = {"h1": 1, "h2": 2, "h3": 3, "h4": 4, "h5": 5, "h6": 6}
_CODE_TAGS = frozenset({"code", "kbd", "samp", "tt"})
_EMPHASIS = {"em": "*", "i": "*", "strong": "**", "b": "**"}
_LANGUAGE = re.compile(r"(?:^|\s)(?:language|lang|highlight-source|brush:)-?\s*([\w+#.-]+)", re.I)
_NO_LANGUAGE = frozenset({"none", "plaintext", "text", "plain", "nohighlight", "default"})
#: Block elements inside a cell that make a table a layout table (its cells are rendered as sections).
_LAYOUT_CELL_CONTENT = frozenset({"table", "ul", "ol", "pre", "blockquote", "h1", "h2", "h3", "h4", "h5", "h6"})
#: Elements nested deeper than this below the top are written as flat text: hostile pages nest thousands of
#: unclosed tags, and the writer recurses once or twice per level.
MAX_NESTING = 120


def to_markdown(kept: KeptText, *, links: bool = False, images: bool = False, base_url: str | None = None) -> str:
    """The kept content under ``kept.top`` as Markdown; empty when nothing was kept."""
    if kept.top is None:
        return ""
    return "\n\n".join(_Writer(kept, links, images, base_url).block(kept.top)).strip("\n")


class _Writer:
    """Markdown of one page's kept content; ``block`` gives an element's Markdown blocks, ``inline`` its line text."""

    def __init__(self, kept: KeptText, links: bool, images: bool, base_url: str | None) -> None:
        self.kept = kept
        self.links = links
        self.images = images
        self.base_url = base_url
        self.depth = 0

    def _text(self, el: etree._Element, is_tail: bool) -> str:
        if not self.kept.is_kept(el, is_tail):
            return ""
        return (el.tail if is_tail else el.text) or ""

    def _shown(self, el: etree._Element) -> bool:
        """Whether an element is written: it holds kept text (or is an image inside kept text, with ``images``)."""
        return el in self.kept.elements or (self.images and el.tag == "img" and el.getparent() in self.kept.elements)

    # blocks

    def _flat(self, el: etree._Element) -> str:
        """The kept text inside ``el``, escaped, without structure (past :data:`MAX_NESTING`)."""
        return escape("".join(self._text(node, tail) for node, tail in _text_nodes(el)))

    def block(self, el: etree._Element) -> list[str]:
        if self.depth >= MAX_NESTING:
            text = paragraph(self._flat(el))
            return [text] if text else []
        self.depth += 1
        try:
            return self._block(el)
        finally:
            self.depth -= 1

    def _block(self, el: etree._Element) -> list[str]:
        tag = el.tag
        if tag in _HEADINGS:
            text = one_line(self.inline_children(el))
            return [f"{'#' * _HEADINGS[tag]} {text}"] if text else []
        if tag == "pre":
            return self.code_block(el)
        if tag in ("ul", "ol"):
            return self.list_block(el)
        if tag == "li":
            return self.list_block(el, items=[el])
        if tag == "blockquote":
            inner = "\n\n".join(self.children(el))
            return [quote(inner)] if inner else []
        if tag == "table":
            return self.table(el)
        return self.children(el)

    def children(self, el: etree._Element) -> list[str]:
        """The Markdown blocks of a container: its block children in turn, the inline runs between them as
        paragraphs."""
        out: list[str] = []
        run: list[str] = [escape(self._text(el, False))]

        def flush() -> None:
            text = paragraph("".join(run))
            if text:
                out.append(text)
            run.clear()

        for child in el:
            if isinstance(child.tag, str) and self._shown(child):
                if self._is_inline(child):
                    run.append(self.inline(child))
                else:
                    flush()
                    out.extend(self.block(child))
            elif child.tag == "br" and run:
                run.append(LINE_BREAK)
            run.append(escape(self._text(child, True)))
        flush()
        return out

    def _is_inline(self, el: etree._Element) -> bool:
        """An inline element with no block element inside (``<a><div>...</div></a>`` is a container)."""
        if el.tag not in INLINE_TAGS:
            return False
        return all(not isinstance(d.tag, str) or d.tag in INLINE_TAGS or d.tag == "br" for d in el.iterdescendants())

    def code_block(self, el: etree._Element) -> list[str]:
        """A ``<pre>`` as a fenced block: all of its text (it was kept as a whole), lines and indentation as
        written; line elements inside it (``<div>`` per line) end their line."""
        pieces: list[str] = []
        for event, node in etree.iterwalk(el, events=("start", "end")):
            if not isinstance(node.tag, str):
                continue
            if event == "start":
                if node.tag == "br":
                    pieces.append("\n")
                pieces.append(node.text or "")
            else:
                if node is el:
                    break
                if node.tag not in INLINE_TAGS and node.tag != "br" and pieces and not pieces[-1].endswith("\n"):
                    pieces.append("\n")
                pieces.append(node.tail or "")
        code = pre_lines("".join(pieces))
        return [code_fence(code, _language(el))] if code.strip() else []

    def list_block(self, el: etree._Element, items: list[etree._Element] | None = None) -> list[str]:
        """A list as one block: ``-`` or ``1.`` items, nested blocks indented under their item's text."""
        ordered = el.tag == "ol"
        number = _start(el) if ordered else 1
        entries: list[list[str]] = []
        for child in items if items is not None else el:
            if not isinstance(child.tag, str) or not self._shown(child):
                continue
            if child.tag == "li" or not entries:
                entries.append(self.children(child) if child.tag == "li" else self.block(child))
            else:  # a list or text put straight into the list: it belongs to the item above
                entries[-1].extend(self.block(child) if not self._is_inline(child) else [self.inline(child)])
        lines: list[str] = []
        loose = any(sum(not _is_list(b) for b in entry) > 1 for entry in entries)
        for entry in entries:
            if not entry:
                continue
            marker = f"{number}." if ordered else "-"
            number += 1
            body = ("\n\n" if loose else "\n").join(entry)
            lines.append(f"{marker} {indent(body, len(marker) + 1)}")
        return [("\n\n" if loose else "\n").join(lines)] if lines else []

    def table(self, el: etree._Element) -> list[str]:
        """A data table as a pipe table; a layout table (nested tables, lists or headings in cells, one row or one
        column) as the sections its cells hold."""
        rows = [tr for tr in el.iter("tr") if self._shown(tr) and _table_of(tr) is el]
        cells = [[c for c in tr if c.tag in ("td", "th")] for tr in rows]
        width = max((sum(_span(c) for c in row) for row in cells), default=0)
        if len(rows) < 2 or width < 2 or _is_layout(el):
            return [block for row in cells for cell in row if self._shown(cell) for block in self.block(cell)]
        lines: list[str] = []
        for position, row in enumerate(cells):
            texts: list[str] = []
            for cell in row:
                text = " ".join(self.block(cell)) if self._shown(cell) else ""
                texts.extend([table_cell(text)] + [""] * (_span(cell) - 1))
            texts += [""] * (width - len(texts))
            lines.append("| " + " | ".join(texts) + " |")
            if position == 0:
                lines.append("|" + "|".join(["---"] * width) + "|")
        return ["\n".join(lines)]

    # inline

    def inline(self, el: etree._Element) -> str:
        """An inline element's Markdown on the current line."""
        if self.depth >= MAX_NESTING:
            return self._flat(el)
        self.depth += 1
        try:
            return self._inline(el)
        finally:
            self.depth -= 1

    def _inline(self, el: etree._Element) -> str:
        tag = el.tag
        if tag in _CODE_TAGS:
            code = "".join(self._text(node, tail) for node, tail in _text_nodes(el))
            return code_span(code)
        if tag == "img":
            return self.image(el)
        content = self.inline_children(el)
        if tag in _EMPHASIS:
            return emphasis(content, _EMPHASIS[tag])
        if tag == "a" and self.links:
            href = el.get("href", "").strip()
            if href and not href.lower().startswith(("javascript:", "#")) and content.strip():
                url = join_url(self.base_url, href)
                if url is None:  # a malformed address: the text without its link
                    return content
                stripped = content.strip()
                lead, trail = content[: len(content) - len(content.lstrip())], content[len(content.rstrip()):]
                return f"{lead}[{stripped}]({link_target(url)}){trail}"
        return content

    def inline_children(self, el: etree._Element) -> str:
        """An element's kept text and inline children as one line of Markdown (block children flattened)."""
        parts = [escape(self._text(el, False))]
        for child in el:
            if isinstance(child.tag, str) and self._shown(child):
                if self._is_inline(child):
                    parts.append(self.inline(child))
                else:
                    parts.append(" " + " ".join(self.block(child)) + " ")
            elif child.tag == "br":
                parts.append(LINE_BREAK)
            parts.append(escape(self._text(child, True)))
        return "".join(parts)

    def image(self, el: etree._Element) -> str:
        src = (el.get("src") or el.get("data-src") or "").strip()
        if not self.images or not src or src.startswith("data:"):
            return ""
        url = join_url(self.base_url, src)
        if url is None:
            return ""
        return f"![{escape(one_line(el.get('alt') or ''))}]({link_target(url)})"


def _text_nodes(el: etree._Element) -> list[tuple[etree._Element, bool]]:
    """The text nodes inside ``el`` in order (not its own tail)."""
    nodes: list[tuple[etree._Element, bool]] = []
    for event, node in etree.iterwalk(el, events=("start", "end")):
        if event == "start":
            nodes.append((node, False))
        elif node is not el:
            nodes.append((node, True))
    return nodes


def _language(pre: etree._Element) -> str:
    """The code's language from a ``language-xxx``/``lang-xxx`` class of the ``<pre>``, its ``<code>`` or the
    highlighter's wrapper around it, or a ``data-lang`` attribute."""
    candidates = [pre, *pre.iter("code"), pre.getparent()]
    for el in candidates:
        if el is None:
            continue
        declared = el.get("data-lang") or el.get("data-language")
        match = _LANGUAGE.search(el.get("class") or "")
        name = (declared or (match.group(1) if match else "")).strip().lower()
        if name and name not in _NO_LANGUAGE:
            return name
    return ""


def _start(el: etree._Element) -> int:
    try:
        return max(0, int(el.get("start", "1")))
    except ValueError:
        return 1


def _is_list(block: str) -> bool:
    return bool(re.match(r"(?:-|\d+\.) ", block))


def _table_of(el: etree._Element) -> etree._Element | None:
    for ancestor in el.iterancestors("table"):
        return ancestor
    return None


def _span(cell: etree._Element) -> int:
    try:
        return min(max(1, int(cell.get("colspan", "1"))), 50)
    except ValueError:
        return 1


def _is_layout(table: etree._Element) -> bool:
    """A table laid out with cells rather than one holding data: sections, lists or other tables in its cells."""
    return any(isinstance(d.tag, str) and d.tag in _LAYOUT_CELL_CONTENT for d in table.iterdescendants())
