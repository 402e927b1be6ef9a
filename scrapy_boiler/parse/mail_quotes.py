"""An e-mail's quotation of the message it answers, in a message shown as preformatted text.

A mailing list's archive (Pipermail, MARC, lkml.org, public-inbox) shows a reply as it was written, in a ``<pre>``:
an attribution line ("On Mon, Sep 16, 2013 at 11:42 PM, Elena Marchetti wrote:") and the earlier message's lines,
each behind a ``>``, interleaved with the answer's own. The reader of the reply wants what its writer said; the quoted
lines are the earlier message's, which has a page of its own. They go from the tree, so the models, ``text`` and
Markdown read the reply alone.

public-inbox and MARC also show the message's header lines (From, To, Cc, Subject, Date, Message-ID) at the top of the
``<pre>``: who sent it and when are the byline's, not the message's text, and go too, where the ``<pre>`` is most of the
page's text (a tutorial's code block showing an e-mail is no archived message).

MHonArc (the Debian and GNU lists' archives) writes a reply's quotations as boxes instead: each quoted stretch a
``<blockquote>`` holding a ``<pre>``, after the ``<pre>`` that ends with the attribution, and the header lines as a
list (``<li><em>From</em>: ...``). The boxes and the attribution go, and so does the list, its every item a header
line, where the messages' ``<pre>`` s are most of the page's text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from lxml import etree

from scrapy_boiler.parse.clean import drop_element

#: "X wrote:" in the languages of the boards and lists we read: a quotation's attribution, ending its line.
WROTE_VERB = (r"(?:wrote|said|a écrit|schrieb|geschrieben|escribió|ha scritto|escreveu|написал[аи]?|napisał[a]?"
              r"|kirjoitti|skrev|schreef|yazdı|menulis|napsal(?:\(a\))?|írta|a scris)\s*[:：]")
WROTE = re.compile(WROTE_VERB + "$", re.IGNORECASE)
#: Thunderbird's German attribution, the name after the verb ("Am 14.02.24 um 11:27 schrieb Keiko Matsuda:").
_SCHRIEB = re.compile(r"^\s*Am\b.*\bschrieb\b.*:$")
#: What an e-mail's attribution holds besides "X wrote:": the date it names, or the address.
_DATE_OR_ADDRESS = re.compile(r"\d|@")
#: The first half of an attribution a mail program wrapped: "On" and a date.
_DATE_FIRST = re.compile(r"\s*On\b[^:]*\d")
#: A quoted line: a ``>`` at its start (``>>`` for a quotation of a quotation).
_QUOTED = re.compile(r"[ \t]*>")
#: The most words an attribution line has ("On Tue, Feb 13, 2024 at 09:15:02PM +0100, Lukas Brandner wrote:").
ATTRIBUTION_MAX_WORDS = 20


@dataclass(slots=True)
class _Piece:
    """A text node of the ``<pre>`` (``element.text`` or, with ``is_tail``, its tail), or a ``<br>`` (``text`` is
    "\\n", ``br`` the element)."""

    element: etree._Element
    is_tail: bool
    text: str
    br: bool = False


def drop_mail_quotes(root: etree._Element) -> None:
    """Remove the quoted lines of every ``<pre>`` that is an e-mail's reply (:func:`quoted_lines`), with their
    attribution lines, and the header lines of one that is most of the page's text (:func:`header_lines`); and
    MHonArc's quotation boxes (:func:`_drop_boxed_quotes`) and header list, where the page holds a ``<pre>``."""
    page_chars: int | None = None
    for pre in root.iter("pre"):
        text = "".join(pre.itertext())
        if ":" not in text:
            continue
        headed = _HEADER_START.search(text) is not None
        if ">" not in text and not headed:
            continue
        pieces = _pieces(pre)
        lines = "".join(piece.text for piece in pieces).split("\n")
        dropped = quoted_lines(lines) if ">" in text else set()
        if headed and (headers := header_lines(lines)):
            if page_chars is None:
                page_chars = sum(len(piece.strip()) for piece in root.itertext())
            if 2 * sum(len(piece.strip()) for piece in pre.itertext()) >= page_chars:
                dropped |= headers
        if dropped:
            _remove_lines(pieces, lines, dropped)
    if next(root.iter("pre"), None) is None:
        return  # no message here: MHonArc's boxes and header list go with the <pre>s they stand beside
    _drop_boxed_quotes(root)
    pre_chars: int | None = None
    for listed in list(root.iter("ul")):
        first = next((item for item in listed if item.tag == "li"), None)
        if first is None or not _FIELD.match("".join(first.itertext()).lstrip()):
            continue  # most lists: their first item is no header line
        items = [" ".join("".join(item.itertext()).split()) for item in listed if item.tag == "li"]
        if not (all(_FIELD.match(item) for item in items) and header_lines(items)):
            continue
        if pre_chars is None:
            pre_chars = sum(len(piece.strip()) for pre in root.iter("pre") for piece in pre.itertext())
            page_chars = page_chars or sum(len(piece.strip()) for piece in root.itertext())
        if 2 * pre_chars >= page_chars:
            drop_element(listed)


def _drop_boxed_quotes(root: etree._Element) -> None:
    """Remove the quotation boxes of a reply archived by MHonArc (:func:`_is_boxed_quote`) where the first of them
    among its siblings follows a ``<pre>`` whose last line is an attribution, with that line: the boxes after it in
    the reply quote the same message, with no attribution of their own."""
    for parent in {box.getparent() for box in root.iter("blockquote") if box.getparent() is not None}:
        boxes = [child for child in parent if child.tag == "blockquote" and _is_boxed_quote(child)]
        if not boxes or (pre := boxes[0].getprevious()) is None or pre.tag != "pre":
            continue
        pieces = _pieces(pre)
        lines = "".join(piece.text for piece in pieces).split("\n")
        last = max((at for at, line in enumerate(lines) if line.strip()), default=None)
        if last is None or not _is_attribution(lines[last].rstrip()):
            continue
        _remove_lines(pieces, lines, {last})
        for box in boxes:
            drop_element(box)


def _is_boxed_quote(box: etree._Element) -> bool:
    """Whether a ``<blockquote>`` holds ``<pre>`` s (or boxes of them, a quotation's quotation) and nothing else (a
    walk, not a recursion: boxes may nest deep)."""
    boxes = [box]
    while boxes:
        current = boxes.pop()
        if (current.text or "").strip() or not len(current):
            return False
        for child in current:
            if (child.tail or "").strip() or child.tag not in ("pre", "blockquote"):
                return False
            if child.tag == "blockquote":
                boxes.append(child)
    return True


#: An e-mail's header line, by the names an archive shows ("Subject:    Re: ...", MARC's "List:").
_HEADER_LINE = re.compile(r"(from|to|cc|subject|date|message-id|in-reply-to|references|reply-to|sender|list"
                          r"|organization|newsgroups):(?:\s|$)", re.IGNORECASE)
#: A line of a header list, "Name: value" (MHonArc's list has Mail-followup-to too).
_FIELD = re.compile(r"[A-Za-z][\w-]*:(?:\s|$)")
_HEADER_START = re.compile(r"(?:^|\n)From:", re.IGNORECASE)
#: Header lines a message's header block has at least, among them From and a Date or Subject.
HEADER_MIN_LINES = 3


def header_lines(lines: list[str]) -> set[int]:
    """The indices of an e-mail's header block (:data:`_HEADER_LINE` lines and their indented continuations, at
    least :data:`HEADER_MIN_LINES`, a From among them and a Date or a Subject) and of the blank line after it."""
    dropped: set[int] = set()
    at = 0
    while at < len(lines):
        run: list[int] = []
        names: set[str] = set()
        end = at
        while end < len(lines):
            header = _HEADER_LINE.match(lines[end])
            if header is not None:
                names.add(header.group(1).lower())
            elif not (run and lines[end][:1] in (" ", "\t") and lines[end].strip()):
                break
            run.append(end)
            end += 1
        if len(names) >= HEADER_MIN_LINES and "from" in names and names & {"date", "subject"}:
            dropped.update(run)
            if end < len(lines) and not lines[end].strip():
                dropped.add(end)
        at = max(end, at + 1)
    return dropped


def quoted_lines(lines: list[str]) -> set[int]:
    """The indices of a reply's quoted lines (:data:`_QUOTED`), of the attribution lines that introduce them (a
    line saying who wrote, :func:`_is_attribution`, the next line with text quoted) and of the blank lines a removed
    quotation leaves doubled; none when no attribution introduces a quotation (a shell session's ``>`` prompts, a
    Markdown source)."""
    attributions = {at for at, line in enumerate(lines) if _is_attribution(line.rstrip()) and _next_quoted(lines, at)}
    if not attributions:
        return set()
    # an attribution a mail program wrapped: "On Tue, 11 Jun 2024 11:22:03 +0100" above "X <address> wrote:"
    attributions |= {at - 1 for at in attributions if at and _DATE_FIRST.match(lines[at - 1])
                     and not _DATE_FIRST.match(lines[at])}
    dropped = attributions | {at for at, line in enumerate(lines) if _QUOTED.match(line)}
    for at, line in enumerate(lines):  # a blank line after a removed stretch that a blank line (or nothing) preceded
        if not line.strip() and at - 1 in dropped:
            start = at - 1
            while start in dropped:
                start -= 1
            if start < 0 or not lines[start].strip():
                dropped.add(at)
    return dropped


def _is_attribution(line: str) -> bool:
    """Whether a line says who wrote the quotation below it, as a mail program writes it: "X wrote:" (:data:`WROTE`)
    or Thunderbird's "Am <date> schrieb X:", with a date or an address (not "The manual said:")."""
    return (WROTE.search(line) is not None or _SCHRIEB.match(line) is not None) \
        and _DATE_OR_ADDRESS.search(line) is not None and len(line.split()) <= ATTRIBUTION_MAX_WORDS


def _next_quoted(lines: list[str], at: int) -> bool:
    """Whether the first line with text after ``lines[at]`` is quoted."""
    return next((_QUOTED.match(line) is not None for line in lines[at + 1:] if line.strip()), False)


def _pieces(pre: etree._Element) -> list[_Piece]:
    """The ``<pre>``'s text nodes and line breaks in reading order (a walk, not a recursion: markup may nest deep)."""
    pieces: list[_Piece] = []
    for event, el in etree.iterwalk(pre, events=("start", "end")):
        if event == "start":
            if el.tag == "br":
                pieces.append(_Piece(el, False, "\n", br=True))
            elif isinstance(el.tag, str) and el.text:
                pieces.append(_Piece(el, False, el.text))
        elif el is not pre and el.tail:
            pieces.append(_Piece(el, True, el.tail))
    return pieces


def _remove_lines(pieces: list[_Piece], lines: list[str], dropped: set[int]) -> None:
    """Cut the ``dropped`` lines (their line break included) out of the text nodes they are in."""
    keep = bytearray()
    for at, line in enumerate(lines):
        size = len(line) + (1 if at + 1 < len(lines) else 0)
        keep += (b"\0" if at in dropped else b"\1") * size
    breaks: list[etree._Element] = []
    position = 0
    for piece in pieces:
        start, position = position, position + len(piece.text)
        if all(keep[start:position]):
            continue
        if piece.br:
            breaks.append(piece.element)
            continue
        kept = "".join(char for char, flag in zip(piece.text, keep[start:position], strict=True) if flag) or None
        if piece.is_tail:
            piece.element.tail = kept
        else:
            piece.element.text = kept
    for br in breaks:  # after the text is cut: a break's tail moves to where the break was
        drop_element(br)
