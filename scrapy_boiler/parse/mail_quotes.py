"""An e-mail's quotation of the message it answers, in a message shown as preformatted text.

A mailing list's archive (Pipermail, MARC, lkml.org, public-inbox) shows a reply as it was written, in a ``<pre>``:
an attribution line ("On Mon, Sep 16, 2013 at 11:42 PM, Elena Marchetti wrote:") and the earlier message's lines,
each behind a ``>``, interleaved with the answer's own. The reader of the reply wants what its writer said; the quoted
lines are the earlier message's, which has a page of its own. They go from the tree, so the models, ``text`` and
Markdown read the reply alone.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from lxml import etree

from scrapy_boiler.parse.clean import drop_element

#: "X wrote:" in the languages of the boards and lists we read: a quotation's attribution.
WROTE = re.compile(r"(?:wrote|said|a écrit|schrieb|geschrieben|escribió|ha scritto|escreveu|написал[аи]?|napisał[a]?"
                   r"|kirjoitti|skrev|schreef|yazdı)\s*[:：]$", re.IGNORECASE)
#: Thunderbird's German attribution, the name after the verb ("Am 14.02.24 um 11:27 schrieb Keiko Matsuda:").
_SCHRIEB = re.compile(r"^\s*Am\b.*\bschrieb\b.*:$")
#: What an e-mail's attribution holds besides "X wrote:": the date it names, or the address.
_DATE_OR_ADDRESS = re.compile(r"\d|@")
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
    attribution lines."""
    for pre in root.iter("pre"):
        text = "".join(pre.itertext())
        if ">" not in text or ":" not in text:
            continue
        pieces = _pieces(pre)
        lines = "".join(piece.text for piece in pieces).split("\n")
        dropped = quoted_lines(lines)
        if dropped:
            _remove_lines(pieces, lines, dropped)


def quoted_lines(lines: list[str]) -> set[int]:
    """The indices of a reply's quoted lines (:data:`_QUOTED`), of the attribution lines that introduce them (a
    line saying who wrote, :func:`_is_attribution`, the next line with text quoted) and of the blank lines a removed
    quotation leaves doubled; none when no attribution introduces a quotation (a shell session's ``>`` prompts, a
    Markdown source)."""
    attributions = {at for at, line in enumerate(lines) if _is_attribution(line.rstrip()) and _next_quoted(lines, at)}
    if not attributions:
        return set()
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
