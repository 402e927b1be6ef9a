"""Code blocks as a reader sees them: their lines laid out by CSS, without the line numbers beside them.

WoltLab Suite writes each line of a ``<pre>`` as a ``span.codeBoxLine``, CodeMirror as a ``div.cm-line``, Expressive
Code (Astro Starlight) as a ``div.ec-line``: the text holds no line break, so the block would read as one line. A
newline is put after each such line, as the browser shows it, and a line written as a ``<div>`` becomes inline: the
code is one block of lines (a line of punctuation alone, ``});``, is no block of its own to lose).

Static-site generators number a code block's lines in a table: a cell of numbers beside the cell with the code
(Jekyll's Rouge ``td.rouge-gutter``, Hexo's ``td.gutter``, Pygments' ``td.linenos``, Hugo's ``td.lntd``). The
numbers are no part of the code, and would read as lines of their own; the cell goes.

Forums write a post's code as a ``<code>`` of lines broken by ``<br>``, shown as a box by their stylesheet (Simple
Machines Forum's ``code.bbc_code``): it is set in a ``<pre>``, a block of its own.

Documentation sites and blogs draw a toolbar over a code block: its language and a copy button beside the ``<pre>``
(VitePress's ``<span class="lang">ts</span>``), or inside it before the ``<code>`` (Juejin's "javascript 体验AI代码助手
代码解读 复制代码"). Their words are the site's, not the code's, and would read as lines of the code or the text; they
go.
"""

from __future__ import annotations

import re

from lxml import etree

from scrapy_boiler.parse.clean import drop_element

#: Class names (lower case) of one line of a code block, in highlighters that write no newline between lines.
LINE_CLASSES = frozenset({"line", "codeboxline", "cm-line", "ec-line", "code-line", "token-line", "highlight-line"})


#: Class names (lower case) of a code box whose lines are the items of a list, outside any ``<pre>`` (Discuz!'s
#: ``div.blockcode > div > ol > li``, each line ending in a ``<br>``, its indentation in ``&nbsp;``).
LISTED_CODE_CLASSES = frozenset({"blockcode", "codeblock", "code-block"})


def listed_code_lines(root: etree._Element) -> None:
    """Make a code box written as a list of lines a ``<pre>``: the list becomes the ``<pre>`` and each item a line of
    it, so that the code keeps its lines and their indentation, and reads as one block rather than as list items."""
    for box in list(root.iter("div")):  # lxml's iteration by tag: 3 to 5 times faster than an XPath over the page
        names = box.get("class")
        if not names or LISTED_CODE_CLASSES.isdisjoint(names.lower().split()) or next(box.iter("pre"), None) \
                is not None:
            continue
        lists = list(box.iter("ol", "ul"))
        if len(lists) != 1 or len(items := [item for item in lists[0] if item.tag == "li"]) < 2:
            continue
        lists[0].tag = "pre"
        lists[0].text = None  # the markup's indentation before the first item, no line of the code
        for item in items:
            item.tag = "span"
            _spaces_for_nbsp(item)
            if item.tail is not None and not item.tail.strip():
                item.tail = None  # the markup's line break between items: each line ends once, below
            if len(item) and item[-1].tag == "br" and not (item[-1].tail or "").strip():
                item.remove(item[-1])  # the line's break, written out below
            item.tail = "\n" + (item.tail or "")


def _spaces_for_nbsp(code: etree._Element) -> None:
    """Indentation and alignment written as ``&nbsp;`` in ``code`` become spaces, as a reader copying the code gets
    them (a no-break space in a program is an error)."""
    for el in code.iter():
        el.text = el.text and el.text.replace("\xa0", " ")
        if el is not code:
            el.tail = el.tail and el.tail.replace("\xa0", " ")


#: The markup's newline right after a ``<br>`` (a browser shows none outside a ``<pre>``).
_LINE_BREAK = re.compile(r"^\r?\n")


def code_with_breaks(root: etree._Element) -> None:
    """Put a ``<pre>`` around a ``<code>`` of lines broken by ``<br>`` outside any ``<pre>`` (Simple Machines Forum's
    ``code.bbc_code``, which its stylesheet shows as a box): code of several lines is a block of its own, not words
    run into the sentence after it; each ``<br>`` becomes the newline it showed, and each ``&nbsp;`` a space."""
    broken = [code for code in root.iter("code")  # lines broken by <br> (in a highlighting span: MyBB), in no <pre>
              if next(code.iter("br"), None) is not None and next(code.iterancestors("pre"), None) is None]
    for code in broken:
        parent = code.getparent()
        if parent is None:
            continue
        pre = etree.Element("pre")
        pre.tail, code.tail = code.tail, None
        parent.replace(code, pre)
        pre.append(code)
        for br in list(code.iter("br")):  # each <br> a newline, as the <pre>'s other lines are written; the
            br.tail = "\n" + _LINE_BREAK.sub("", br.tail or "", count=1)  # markup's newline after it showed none
            drop_element(br)
        _spaces_for_nbsp(code)


def break_code_lines(root: etree._Element) -> None:
    """Put a newline after every line element of a ``<pre>`` that holds at least two of them, where neither the line
    nor what follows it breaks the line already (Expressive Code writes a blank line as a line holding a newline, and
    the others with none between them); in a ``<pre>`` whose lines are then broken, a ``<div>`` or ``<p>`` is a line,
    made inline."""
    for pre in root.iter("pre"):
        if next(pre.iter("br"), None) is not None:
            continue
        lines = [el for el in pre.iterdescendants() if isinstance(el.tag, str) and _is_line(el)
                 and not _in_a_line(el, pre)]
        if len(lines) < 2:
            if "\n" not in "".join(pre.itertext()).strip():
                continue
        else:
            for line in lines[:-1]:
                if not _breaks_after(line):
                    line.tail = "\n" + (line.tail or "")
        for el in pre.iterdescendants("div", "p"):  # a line, not a block: the code stays one block of lines
            el.tag = "span"


def _breaks_after(line: etree._Element) -> bool:
    """Whether a line element of a code block ends with a newline or is followed by one (Shiki's ``span.line``)."""
    return (line.tail or "").lstrip(" \t\r").startswith("\n") or "".join(line.itertext()).endswith("\n")


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
    cell holds a ``<pre>``; and a list of the numbers 1, 2, 3... inside a ``<pre>``, or right after it (CSDN writes
    its ``ul.pre-numbering`` in the ``<pre>``, after the ``<code>``; the parser closes the ``<pre>`` before a list)
    numbering as many lines as the code has."""
    for pre in list(root.iter("pre")):
        after = pre.getnext()
        for listed in [*pre.iter("ul", "ol"), *([after] if after is not None and after.tag in ("ul", "ol") else [])]:
            if _numbers_the_lines(listed) and (listed is not after or len(listed) == _line_count(pre)):
                drop_element(listed)
        cell = next(pre.iterancestors("td"), None)
        row = cell.getparent() if cell is not None else None
        if row is None or row.tag != "tr":
            continue
        for other in [other for other in row if other is not cell and other.tag == "td" and _only_numbers(other)]:
            row.remove(other)


def _line_count(pre: etree._Element) -> int:
    """The lines of a ``<pre>``'s code, the line breaks at its ends aside."""
    return "".join(pre.itertext()).strip("\n").count("\n") + 1


def _numbers_the_lines(listed: etree._Element) -> bool:
    """Whether a list's items say 1, 2, 3... and nothing else (two items at least)."""
    items = [item for item in listed if isinstance(item.tag, str)]
    return len(items) >= 2 and all(item.tag == "li" and "".join(item.itertext()).strip() == str(number)
                                   for number, item in enumerate(items, 1))


def _only_numbers(cell: etree._Element) -> bool:
    """Whether a cell's text is line numbers: digits and spaces only, at least one digit."""
    text = "".join(cell.itertext())
    return any(char.isdigit() for char in text) and all(char.isdigit() or char.isspace() for char in text)


#: The most characters a toolbar's label or button says ("javascript", "Copy code", "复制代码"), and the most labels
#: and buttons a toolbar has.
TOOLBAR_MAX_CHARS = 24
TOOLBAR_MAX_ELEMENTS = 6
#: A label that introduces the code in words ("Then run:", "Output.") is text, not a toolbar.
_SENTENCE_END = re.compile(r"[:.!?：。]\s*$")
#: What a toolbar never holds: text or a picture of the page's own.
_CONTENT_TAGS = ("pre", "code", "p", "ul", "ol", "table", "img", "h1", "h2", "h3", "h4", "h5", "h6")
#: Containers whose other children are text of their own beside a code block (a list item, a table cell).
_NOT_A_WRAPPER = frozenset({"li", "td", "th", "dd", "body", "article", "main", "section", "blockquote"})


def drop_code_toolbars(root: etree._Element) -> None:
    """Remove a code block's toolbar: the other children of a ``<pre>`` that holds its code in one ``<code>`` (or of
    each box between them: ChatGPT draws its toolbar in a box inside the ``<pre>``, beside the box of the code), or
    the other children of the wrapper that holds the ``<pre>`` alone, when their text is a few short labels or
    buttons (:data:`TOOLBAR_MAX_ELEMENTS`, :data:`TOOLBAR_MAX_CHARS`) and the container has no text of its own."""
    for pre in list(root.iter("pre")):
        codes = list(pre.iter("code"))
        if len(codes) == 1:
            inner = codes[0]
            while inner is not pre and (outer := inner.getparent()) is not None:
                _drop_toolbar(outer, inner)
                inner = outer
        wrapper = pre.getparent()
        if wrapper is not None and wrapper.tag not in _NOT_A_WRAPPER and len(wrapper.findall("pre")) == 1:
            _drop_toolbar(wrapper, pre)


def _drop_toolbar(container: etree._Element, code: etree._Element) -> None:
    """Remove ``container``'s children other than ``code`` when they are a toolbar (see :func:`drop_code_toolbars`)."""
    others = [child for child in container if child is not code and isinstance(child.tag, str)]
    if not others or (container.text or "").strip() or any((child.tail or "").strip() for child in container):
        return
    texts = [text for child in others for text in map(str.strip, child.itertext()) if text]
    if not texts or len(texts) > TOOLBAR_MAX_ELEMENTS \
            or any(len(text) > TOOLBAR_MAX_CHARS or _SENTENCE_END.search(text) for text in texts) \
            or any(next(child.iter(*_CONTENT_TAGS), None) is not None for child in others):
        return
    for child in others:  # their tails are blank (above)
        container.remove(child)
