"""Read the labels of an L3S-GN1 gold file and turn the file into an unlabelled page to extract from.

The gold file is the page re-serialised by the annotation tool, with text wrapped in spans of class
``x-nc-sel0`` .. ``x-nc-sel5``. Its DOM differs from ``html/<id>.html`` (scripts removed, links
rewritten), so labels cannot be transferred node by node; instead the gold DOM itself is the page.
A text node's label is that of its innermost ``x-nc-selN`` ancestor; content is sel1 (headline),
sel2 (full text) and sel3 (supplemental), the usual binary convention. sel0, sel4 (related
content), sel5 (user comments) and unlabelled text are boilerplate.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from lxml import etree

from scrapy_boiler.datasets.gold import decode_gold
from scrapy_boiler.parse.clean import drop_element
from scrapy_boiler.parse.normalize import collapse_spaces
from scrapy_boiler.segment.blocks import INLINE_TAGS

CONTENT_LABELS: frozenset[int] = frozenset({1, 2, 3})
#: Kohlschütter et al.'s two-class problem counts every selected class as content, related links (4) and user
#: comments (5) included ("Any Content" of its Table 1); dataset ``l3s-gn1-any`` uses this set.
ANY_CONTENT_LABELS: frozenset[int] = frozenset({1, 2, 3, 4, 5})
COMMENT_LABEL = 5

_SEL_CLASS = re.compile(r"x-nc-sel(\d)\Z")
_SPACES = re.compile(r"\s+")
_META_CHARSET = re.compile(r"charset\s*=\s*[^\s;\"']+", re.IGNORECASE)
#: Label spans the tool wrote into raw-text content (``<title>``, ``<iframe>``), where they stay text,
#: sometimes entity-escaped once more.
_SPAN_AS_TEXT = re.compile(
    r'(?:<|&lt;)(?:span\s+class\s*=\s*"?x-nc-[^">&]*"?\s*|/span\s*)(?:>|&gt;)', re.IGNORECASE
)
#: Text of these elements is never shown, so it is neither a piece nor content.
_NO_TEXT: frozenset[str] = frozenset({"script", "style"})


@dataclass(frozen=True)
class Piece:
    """One text node of the gold DOM, whitespace collapsed (a leading space kept if it had one)."""

    text: str
    label: int | None  #: innermost x-nc-sel class, None when unlabelled
    new_block: bool  #: a block-level element starts or ends before this piece



@dataclass(frozen=True)
class L3SGold:
    """What :func:`parse_l3s_gold` extracts from one gold file."""

    html: bytes  #: the gold DOM with every ``x-nc-*`` trace removed, UTF-8
    spans: tuple[tuple[str, bool], ...]  #: text in document order with its content flag
    text: str  #: content text, one block per line
    comments: str | None  #: sel5 text, one block per line; None when the page has none


def _parser() -> etree.HTMLParser:
    return etree.HTMLParser(encoding="utf-8", no_network=True, huge_tree=True, default_doctype=False)


def _label_of(element: etree._Element, inherited: int | None) -> int | None:
    label = inherited
    for token in (element.get("class") or "").split():
        match = _SEL_CLASS.match(token)
        if match:
            label = int(match.group(1))
    return label


def read_pieces(root: etree._Element) -> list[Piece]:
    """Every non-blank ``.text``/``.tail`` in document order with its label (script/style text skipped)."""
    pieces: list[Piece] = []
    pending_space = False
    pending_block = True

    def emit(raw: str | None, label: int | None) -> None:
        nonlocal pending_space, pending_block
        if not raw:
            return
        text = _SPACES.sub(" ", raw)
        if text == " ":
            pending_space = True
            return
        if pending_space and not text.startswith(" "):
            text = " " + text
        pieces.append(Piece(text, label, pending_block))
        pending_space = text.endswith(" ")
        pending_block = False

    # (element, label of the parent, closing?) -- iterative, so deep pages cannot overflow the stack
    stack: list[tuple[etree._Element, int | None, bool]] = [(root, None, False)]
    while stack:
        element, parent_label, closing = stack.pop()
        tag = element.tag.lower() if isinstance(element.tag, str) else None
        if closing:
            if tag not in INLINE_TAGS:
                pending_block = True
            emit(element.tail, parent_label)
            continue
        if tag is None:  # comment or processing instruction: only its tail is text
            emit(element.tail, parent_label)
            continue
        if tag not in INLINE_TAGS:
            pending_block = True
        label = _label_of(element, parent_label)
        stack.append((element, parent_label, True))
        if tag in _NO_TEXT:
            continue
        emit(element.text, label)
        stack.extend((child, label, False) for child in reversed(element))
    return pieces


def _lines(pieces: list[Piece], keep: set[int] | frozenset[int]) -> str:
    """Text of the pieces whose label is in ``keep``, one block per line."""
    lines: list[list[str]] = []
    previous_kept = False
    for piece in pieces:
        kept = piece.label in keep
        if kept:
            if piece.new_block or not previous_kept or not lines:
                lines.append([])
            lines[-1].append(piece.text)
        previous_kept = kept
    return "\n".join(line for line in (collapse_spaces("".join(parts)) for parts in lines) if line)


def merge_spans(
    pieces: list[Piece], content: frozenset[int] = CONTENT_LABELS
) -> tuple[tuple[str, bool], ...]:
    """Consecutive pieces with the same content flag merged (a newline where a block boundary was)."""
    spans: list[tuple[list[str], bool]] = []
    for piece in pieces:
        flag = piece.label in content
        if spans and spans[-1][1] == flag:
            spans[-1][0].append(("\n" + piece.text.lstrip()) if piece.new_block else piece.text)
        else:
            spans.append(([piece.text.lstrip() if piece.new_block else piece.text], flag))
    return tuple(("".join(parts), flag) for parts, flag in spans)


def strip_span_text(root: etree._Element) -> None:
    """Remove label-span markup that ended up as text (a ``<title>`` reading ``<SPAN class="x-nc-sel2">``)."""
    for element in root.iter():
        if element.text and "x-nc-" in element.text and isinstance(element.tag, str):
            element.text = _SPAN_AS_TEXT.sub("", element.text)
        if element.tail and "x-nc-" in element.tail:
            element.tail = _SPAN_AS_TEXT.sub("", element.tail)


def unlabel(root: etree._Element) -> None:
    """Strip the annotation tool's traces so that no label leaks into the page.

    Drops every ``x-nc-*`` class token (the ``sel`` labels and also ``x-nc-invisible`` and
    ``x-nc-linearized``, which the tool computed and a crawled page never has) and the tool's
    ``<style>`` block with the ``.x-nc-*`` rules. The label spans stay: they are inline and hold
    exactly the page's text. ``<meta>`` charsets are rewritten to UTF-8, the encoding we serialise
    to (112 gold files still declare Latin-1).
    """
    for element in list(root.iter("style")):
        if "x-nc-" in (element.text or ""):
            drop_element(element)
    for element in root.iter():
        if not isinstance(element.tag, str):
            continue
        classes = element.get("class")
        if classes and "x-nc-" in classes:
            kept = [token for token in classes.split() if not token.startswith("x-nc-")]
            if kept:
                element.set("class", " ".join(kept))
            else:
                del element.attrib["class"]
        if element.tag == "meta":
            if element.get("charset") is not None:
                element.set("charset", "utf-8")
            content = element.get("content")
            if content and (element.get("http-equiv") or "").lower() == "content-type":
                element.set("content", _META_CHARSET.sub("charset=utf-8", content))


def parse_l3s_gold(data: bytes, content: frozenset[int] = CONTENT_LABELS) -> L3SGold:
    """Labels, content text and the unlabelled page of one L3S-GN1 gold file.

    ``content`` is the set of ``x-nc-selN`` classes that count as content.
    """
    text = decode_gold(data).replace("\x00", "")  # NULs: lxml refuses them
    root = etree.HTML(text.encode("utf-8"), _parser()) if text.strip() else None
    if root is None:
        return L3SGold(b"", (), "", None)
    strip_span_text(root)
    pieces = read_pieces(root)
    comments = _lines(pieces, {COMMENT_LABEL})
    unlabel(root)
    page = etree.tostring(root.getroottree(), method="html", encoding="utf-8")
    return L3SGold(page, merge_spans(pieces, content), _lines(pieces, content), comments or None)
