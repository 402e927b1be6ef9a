"""Decode and parse the text-only gold standards: CleanEval markup, Dragnet text, forum JSON, plain text.

Every parser returns the main content as one block (paragraph, heading, list item) per line with
whitespace collapsed, because block boundaries are what the gold knows and line wrapping is not.
The rules follow ``shared/datasets/README.md``; the comments say which quirk each one handles.
"""

from __future__ import annotations

import codecs
import html
import json
import re
from dataclasses import dataclass
from typing import Any

from scrapy_boiler.parse.encoding import lenient_utf8
from scrapy_boiler.parse.normalize import collapse_spaces


def decode_gold(data: bytes) -> str:
    """Decode gold bytes with the README policy: BOM, then strict UTF-8, then cp1252.

    A file that fails strict UTF-8 but is mostly valid UTF-8 (see
    :func:`~scrapy_boiler.parse.encoding.lenient_utf8`; e.g. CleanEval dev 15, test 234 and 749) is
    read as UTF-8 with replacement. Line endings are normalised to ``\\n``.
    """
    if data.startswith(codecs.BOM_UTF8):
        text = data[len(codecs.BOM_UTF8):].decode("utf-8", "replace")
    elif data.startswith(codecs.BOM_UTF16_LE):  # Dragnet 27 39 42 49 158
        text = data[2:].decode("utf-16-le", "replace")
    elif data.startswith(codecs.BOM_UTF16_BE):
        text = data[2:].decode("utf-16-be", "replace")
    else:
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            lenient = lenient_utf8(data)
            text = lenient if lenient is not None else data.decode("cp1252", "replace")
    return text.replace("\r\n", "\n").replace("\r", "\n")


def lines_as_blocks(text: str) -> str:
    """Plain-text gold: each non-blank line is a block (paragraphs are split by newlines or blank lines)."""
    return "\n".join(line for line in (collapse_spaces(raw) for raw in text.split("\n")) if line)


# --- CleanEval / CleanPortalEval ----------------------------------------------------------------

#: ``<text id="URL" title="..." encoding="...">`` wrapper; titles may contain ``<br/>`` so no ``[^>]*``.
_WRAPPER_START = re.compile(rb'\A\s*<text((?:\s+[a-z]+="[^"]*")*)\s*>\s*')
_WRAPPER_ID = re.compile(rb'\sid="([^"]*)"')
_MARKER = re.compile(r"<([phl])>", re.IGNORECASE)  # block starts, also mid-line and upper case
_STRAY_TAGS = re.compile(r"</[phl]>|<br\s*/?>|<cr>", re.IGNORECASE)
_COMMENT = re.compile(r"<!--.*?-->", re.DOTALL)
_URL_HEADER = re.compile(r"\A\s*URL:[ \t]*(\S*)[^\n]*(?:\n|\Z)")


def strip_cleaneval_wrapper(page: bytes) -> tuple[bytes, str | None]:
    """Remove the organisers' ``<text ...>``/``</text>`` wrapper; return the page and its URL."""
    match = _WRAPPER_START.match(page)
    if not match:
        return page, None
    url_match = _WRAPPER_ID.search(match.group(1))
    url = url_match.group(1).decode("utf-8", "replace").strip() if url_match else ""
    body = page[match.end():].rstrip()
    if body.endswith(b"</text>"):
        body = body[: -len(b"</text>")].rstrip()
    return body, url or None


@dataclass(frozen=True)
class CleanEvalGold:
    """Parsed CleanEval gold: content blocks (one per line) and the URL of the header, if any."""

    text: str
    url: str | None


def parse_cleaneval_gold(text: str, *, unescape: bool = False) -> CleanEvalGold:
    """Blocks of a CleanEval gold file.

    The ``URL:`` header is removed only when it is the first non-blank line (test 638 has a content
    line starting with ``URL:``; 155 test files have no header). ``<p>``, ``<h>`` and ``<l>`` start
    a block anywhere in a line; text before the first marker is kept as a block of its own
    (test 638 has some). Hard-wrapped lines are joined. ``unescape`` decodes the HTML entities of
    CleanPortalEval gold, per block so that an escaped ``&lt;p&gt;`` cannot become a marker.
    HTML comments (``bbc.co.uk_news_04``: "this page contains no article") and stray closing
    markers, ``<br>`` and ``<CR>`` are dropped.
    """
    url = None
    header = _URL_HEADER.match(text)
    if header:
        url = header.group(1) or None
        text = text[header.end():]
    text = _COMMENT.sub(" ", text)
    blocks = []
    for chunk in _MARKER.split(text)[::2]:  # split() interleaves the captured marker letters
        chunk = _STRAY_TAGS.sub(" ", chunk)
        if unescape:
            chunk = html.unescape(chunk)
        block = collapse_spaces(chunk)
        if block:
            blocks.append(block)
    return CleanEvalGold("\n".join(blocks), url)


# --- Dragnet ------------------------------------------------------------------------------------

_SEPARATOR = re.compile(r"^[ \t]*[!@#$%^&*()][!@#$%^&*() ]{5,}[ \t]*[A-Z]*[ \t\r]*$", re.MULTILINE)
_SEPARATOR_SYMBOLS = frozenset("!@#$%^&*()")


def split_dragnet_gold(text: str) -> tuple[str, str | None]:
    """Split Dragnet gold at its hand-typed comments separator: ``(content, comments or None)``.

    The separator is the first line matching the README's pattern that has at least 4 distinct
    symbols of ``!@#$%^&*()`` (so a ``*****`` rule inside an article, file 418, does not split).
    Both parts come back one line per block; comments are ``""`` when the separator has nothing
    after it (R533) and None when the page has no separator.
    """
    for match in _SEPARATOR.finditer(text):
        if len(_SEPARATOR_SYMBOLS & set(match.group())) >= 4:
            return lines_as_blocks(text[:match.start()]), lines_as_blocks(text[match.end():])
    return lines_as_blocks(text), None


# --- Web forums ---------------------------------------------------------------------------------

POST_FIELDS: tuple[str, ...] = ("post_text", "user", "datetime", "post_link")


@dataclass(frozen=True)
class ForumThread:
    """One ``webforum-train`` JSON file."""

    html: bytes
    url: str | None
    text: str  #: post texts, one per line
    posts: tuple[dict[str, Any], ...]


def parse_forum_json(data: bytes) -> ForumThread:
    """Page, URL and gold posts of a harvest gold document.

    Each post becomes ``{field: surface_form, ..., "offsets": {field: (start, end)}}`` for the
    fields present (``post_link`` is missing on some); offsets index the JSON's ``text``
    rendering, not the HTML, and are code-point offsets.
    """
    doc = json.loads(decode_gold(data))
    posts = []
    for annotation in doc.get("gold_standard_annotation") or []:
        post: dict[str, Any] = {}
        offsets: dict[str, tuple[int, int]] = {}
        for field in POST_FIELDS:
            span = annotation.get(field)
            if span is None:
                continue
            post[field] = span["surface_form"]
            offsets[field] = (span["start"], span["end"])
        post["offsets"] = offsets
        posts.append(post)
    page = (doc.get("html") or "").encode("utf-8", "replace")  # "replace": a lone surrogate escape
    text = "\n".join(line for line in (collapse_spaces(post.get("post_text", "")) for post in posts) if line)
    return ForumThread(page, doc.get("url") or None, text, tuple(posts))
