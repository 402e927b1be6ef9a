"""The small pieces of Markdown syntax the converter writes: escaping, code spans and fences, indentation.

CommonMark's escaping rules are short enough to hold here; the converters on PyPI that have them (markdownify,
html2text) work on their own parse of the page (BeautifulSoup, HTMLParser), not on our tree of kept text nodes,
and would add a dependency to ``pip install``. Escaping is kept to what would otherwise change the meaning, so
``snake_case`` and ``a * b`` in prose stay readable where CommonMark allows it.
"""

from __future__ import annotations

import re

#: Characters that start emphasis, code, links or HTML anywhere in a line.
_INLINE_SPECIAL = re.compile(r"[\\`*\[\]]|(?<!\w)_|_(?!\w)|<(?=[A-Za-z/!?])|&(?=#?\w+;)")
#: What a line may start with that would turn it into a heading, quote, list item, rule or fence.
_LINE_START = re.compile(r"^(\s*)(#{1,6}(?=\s|$)|>|[-+](?=\s|$)|(\d{1,9})([.)])(?=\s|$)|=+\s*$|-{2,}\s*$|~~~)")
#: Marks a ``<br>`` inside inline text until the paragraph is laid out.
LINE_BREAK = "\x00"


def escape(text: str) -> str:
    """Backslash-escape what would be read as Markdown inside a line of prose."""
    return _INLINE_SPECIAL.sub(lambda match: "\\" + match.group(), text)


def escape_line_start(line: str) -> str:
    """Escape a line's first character when it would start a block (``# ``, ``> ``, ``- ``, ``1. ``...)."""
    match = _LINE_START.match(line)
    if match is None:
        return line
    indent = match.group(1)
    if match.group(3) is not None:  # "1. " → "1\. "
        return indent + match.group(3) + "\\" + line[len(indent) + len(match.group(3)):]
    return indent + "\\" + line[len(indent):]


def paragraph(text: str) -> str:
    """Inline Markdown as a paragraph: white space collapsed, ``<br>`` as hard line breaks, line starts escaped."""
    lines = [" ".join(part.split()) for part in text.split(LINE_BREAK)]
    while lines and not lines[0]:
        lines.pop(0)
    while lines and not lines[-1]:
        lines.pop()
    lines = [escape_line_start(line) for line in lines if line]
    return "  \n".join(lines)


def one_line(text: str) -> str:
    """Inline Markdown on one line (headings, table cells)."""
    return " ".join(text.replace(LINE_BREAK, " ").split())


def code_span(code: str) -> str:
    """Inline code in enough backticks to hold the backticks it contains (CommonMark §6.1)."""
    code = " ".join(code.split())
    if not code:
        return ""
    runs = {len(run) for run in re.findall(r"`+", code)}
    ticks = 1
    while ticks in runs:
        ticks += 1
    fence = "`" * ticks
    pad = " " if code.startswith("`") or code.endswith("`") or ticks > 1 else ""
    return f"{fence}{pad}{code}{pad}{fence}"


def code_fence(code: str, language: str = "") -> str:
    """A fenced code block whose fence is longer than any backtick run in the code."""
    longest = max((len(run) for run in re.findall(r"^\s*(`{3,})", code, re.M)), default=0)
    fence = "`" * max(3, longest + 1)
    return f"{fence}{language}\n{code}\n{fence}"


def indent(text: str, width: int) -> str:
    """Every line but the first indented by ``width`` spaces (a list item's continuation); blank lines stay blank."""
    pad = " " * width
    first, *rest = text.split("\n")
    return "\n".join([first, *((pad + line) if line.strip() else "" for line in rest)])


def quote(text: str) -> str:
    """Every line prefixed with ``> ``."""
    return "\n".join(f"> {line}" if line else ">" for line in text.split("\n"))


def emphasis(text: str, mark: str) -> str:
    """``text`` between ``mark`` (``*`` or ``**``), with its outer white space moved outside the marks."""
    stripped = text.strip()
    if not stripped or stripped.replace(LINE_BREAK, "").strip() != stripped:
        return text
    lead = text[: len(text) - len(text.lstrip())]
    trail = text[len(text.rstrip()):]
    return f"{lead}{mark}{stripped}{mark}{trail}"


def link_target(url: str) -> str:
    """A URL that cannot end the link early: spaces and parentheses percent-encoded."""
    return url.strip().replace(" ", "%20").replace("(", "%28").replace(")", "%29")


def table_cell(text: str) -> str:
    """A cell of a pipe table: one line, pipes escaped (code spans included, as GFM requires)."""
    return one_line(text).replace("|", "\\|")
