"""Code blocks as a reader sees them: their lines laid out by CSS, without the line numbers beside them.

WoltLab Suite writes each line of a ``<pre>`` as a ``span.codeBoxLine``, CodeMirror as a ``div.cm-line``, Expressive
Code (Astro Starlight) as a ``div.ec-line``: the text holds no line break, so the block would read as one line. A
newline is put after each such line, as the browser shows it.

Static-site generators number a code block's lines in a table: a cell of numbers beside the cell with the code
(Jekyll's Rouge ``td.rouge-gutter``, Hexo's ``td.gutter``, Pygments' ``td.linenos``, Hugo's ``td.lntd``). The
numbers are no part of the code, and would read as lines of their own; the cell goes.
"""

from __future__ import annotations

from lxml import etree

#: Class names (lower case) of one line of a code block, in highlighters that write no newline between lines.
LINE_CLASSES = frozenset({"line", "codeboxline", "cm-line", "ec-line", "code-line", "token-line", "highlight-line"})


def break_code_lines(root: etree._Element) -> None:
    """Put a newline after every line element of a ``<pre>`` that holds at least two of them and no line break."""
    for pre in root.iter("pre"):
        if next(pre.iter("br"), None) is not None or "\n" in "".join(pre.itertext()).strip():
            continue
        lines = [el for el in pre.iterdescendants() if isinstance(el.tag, str) and _is_line(el)
                 and not _in_a_line(el, pre)]
        if len(lines) < 2:
            continue
        for line in lines[:-1]:
            line.tail = "\n" + (line.tail or "")


def _in_a_line(el: etree._Element, pre: etree._Element) -> bool:
    """Whether ``el`` lies in another line element of ``pre`` (a line's wrapper and its content both named so)."""
    up = el.getparent()
    while up is not None and up is not pre:
        if _is_line(up):
            return True
        up = up.getparent()
    return False


def _is_line(el: etree._Element) -> bool:
    names = el.get("class")
    return bool(names) and not LINE_CLASSES.isdisjoint(names.lower().split())


def drop_line_numbers(root: etree._Element) -> None:
    """Remove the cells of line numbers beside a code block: a table cell holding only numbers whose row's other
    cell holds a ``<pre>``."""
    for pre in root.iter("pre"):
        cell = next(pre.iterancestors("td"), None)
        row = cell.getparent() if cell is not None else None
        if row is None or row.tag != "tr":
            continue
        for other in [other for other in row if other is not cell and other.tag == "td" and _only_numbers(other)]:
            row.remove(other)


def _only_numbers(cell: etree._Element) -> bool:
    """Whether a cell's text is line numbers: digits and spaces only, at least one digit."""
    text = "".join(cell.itertext())
    return any(char.isdigit() for char in text) and all(char.isdigit() or char.isspace() for char in text)
