"""An annotated copy of a page: every block outlined and coloured by its label and score, plus a legend.

This is the picture behind ``scrapy boiler-view``: a user opens it to see why text was kept (green)
or dropped (red); hovering a block shows its label, score, reasons and features. The copy is built
from the cleaned tree the models saw (:func:`~scrapy_boiler.parse.html.parse_html`), so scripts,
frames, objects and form controls are already gone; event-handler attributes and ``javascript:``
links are removed too, and relative links are made absolute against the page URL (or its ``<base>``).

A block is a run of DOM text leaves (``Block.leaf_start:leaf_end``). When a block holds all the text
of an element, that element is outlined; otherwise the block's run of inline content is wrapped in
one ``<span>``; when even that is impossible (block text spread over nested elements that also hold
other blocks) each of its text pieces gets its own span, all carrying the same block number.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from html import escape

from lxml import etree

from scrapy_boiler.document import Block, Document
from scrapy_boiler.parse.encoding import decode_html
from scrapy_boiler.parse.html import parse_html
from scrapy_boiler.parse.urls import join_url
from scrapy_boiler.segment.blocks import Leaf, segment

CONTENT_RGB = (22, 163, 74)
BOILERPLATE_RGB = (220, 38, 38)
_URL_ATTRIBUTES = ("href", "src", "action", "formaction", "poster", "background", "cite", "longdesc")
_UNSAFE_URL = re.compile(r"^\s*(?:javascript|vbscript|data\s*:\s*text/html)", re.IGNORECASE)
_NEVER_OUTLINED = frozenset({"html", "body"})
_Slot = tuple[etree._Element, bool]  # a text node: (element, is_tail)


def confidence(block: Block) -> float:
    """How sure the model is of the block's label: its score for content, 1 - score for boilerplate."""
    score = min(max(block.score, 0.0), 1.0)
    return score if block.is_content else 1.0 - score


def block_style(block: Block) -> str:
    red, green, blue = CONTENT_RGB if block.is_content else BOILERPLATE_RGB
    alpha = 0.3 + 0.7 * confidence(block)
    return (f"outline:2px solid rgba({red},{green},{blue},{alpha:.2f}) !important;outline-offset:-1px;"
            f"background-color:rgba({red},{green},{blue},{alpha * 0.12:.3f}) !important")


def block_title(block: Block) -> str:
    """The hover text of a block."""
    lines = [
        f"block {block.index}: {block.label.upper()}   score {block.score:.3f}",
        f"words {block.num_words}   link density {block.link_density:.2f}   text density {block.text_density:.1f}",
        f"path {block.class_path or block.tag_path}",
    ]
    lines += [f"reason: {reason}" for reason in block.reasons]
    return "\n".join(lines)


def _slot_parent(slot: _Slot) -> etree._Element:
    element, is_tail = slot
    if is_tail:
        parent = element.getparent()
        return parent if parent is not None else element
    return element


def _ancestors(element: etree._Element) -> list[etree._Element]:
    chain = [element]
    while (parent := chain[-1].getparent()) is not None:
        chain.append(parent)
    return chain


def _common_ancestor(elements: Sequence[etree._Element]) -> etree._Element:
    shared = _ancestors(elements[0])
    for element in elements[1:]:
        seen = set(_ancestors(element))
        shared = [a for a in shared if a in seen]
    return shared[0]


def _slots_inside(element: etree._Element) -> Iterator[_Slot]:
    """Every text node inside ``element`` (not its own tail), lazily so ownership checks stop early."""
    for node in element.iter():
        yield node, False
        if node is not element:
            yield node, True


def _position(container: etree._Element, slot: _Slot) -> int | None:
    """Where a text node sits among the container's content: 0 its text, 2k+1 child k, 2k+2 child k's tail."""
    element, is_tail = slot
    if not is_tail and element is container:
        return 0
    if is_tail and element.getparent() is container:
        return 2 * container.index(element) + 2
    node = element.getparent() if is_tail else element
    while node is not None and node.getparent() is not container:
        node = node.getparent()
    return None if node is None else 2 * container.index(node) + 1


class _Marker:
    """Plans every block's outline on the unmodified tree, then applies the plans last block first."""

    def __init__(self, leaves: Sequence[Leaf], blocks: Sequence[Block]) -> None:
        self.leaves = leaves
        self.blocks = blocks
        self.owner: dict[_Slot, int] = {}
        for block in blocks:
            for leaf in leaves[block.leaf_start:block.leaf_end]:
                self.owner[(leaf.element, leaf.is_tail)] = block.index

    def _owned(self, slots: Iterable[_Slot], index: int) -> bool:
        return all(self.owner.get(slot, index) == index for slot in slots)

    def plan(self, block: Block) -> tuple[str, object]:
        slots = [(leaf.element, leaf.is_tail) for leaf in self.leaves[block.leaf_start:block.leaf_end]]
        container = _common_ancestor([_slot_parent(slot) for slot in slots])
        if self._owned(_slots_inside(container), block.index):
            # outline the largest element holding only this block's text (the <li>, not just its <a>)
            while (parent := container.getparent()) is not None and parent.tag not in _NEVER_OUTLINED \
                    and self._owned(_slots_inside(parent), block.index):
                container = parent
            return "element", container
        positions = [p for p in (_position(container, slot) for slot in slots) if p is not None]
        if len(positions) == len(slots):
            low, high = min(positions), max(positions)
            moved = [child for k, child in enumerate(container) if low <= 2 * k + 1 <= high]
            if all(self._owned(_slots_inside(child), block.index) for child in moved):
                return "range", (container, low, high)
        return "pieces", slots

    def apply(self) -> int:
        """Mark every block; returns how many blocks needed one span per text piece."""
        plans = [(block, *self.plan(block)) for block in self.blocks]
        split = 0
        for block, kind, target in reversed(plans):
            if kind == "element":
                _decorate(target, block)  # type: ignore[arg-type]
            elif kind == "range":
                _decorate(_wrap_range(*target), block)  # type: ignore[misc]
            else:
                split += 1
                for slot in reversed(target):  # type: ignore[call-overload]
                    _decorate(_wrap_text(slot), block)
        return split


def _decorate(element: etree._Element, block: Block) -> None:
    element.set("data-bv-block", str(block.index))
    element.set("class", f"{element.get('class') or ''} bv-block bv-{block.label}".strip())
    element.set("title", block_title(block))
    element.set("style", f"{element.get('style') or ''};{block_style(block)}".lstrip(";"))


def _wrap_range(container: etree._Element, low: int, high: int) -> etree._Element:
    """Move positions ``low..high`` of the container's content into a new span and return it."""
    span = etree.Element("span")
    if low == 0:
        span.text, container.text = container.text, None
    elif low % 2 == 0:
        before = container[low // 2 - 1]
        span.text, before.tail = before.tail, None
    moved = [child for k, child in enumerate(container) if low <= 2 * k + 1 <= high]
    if moved and high == 2 * container.index(moved[-1]) + 1:  # the last child's tail stays outside
        span.tail, moved[-1].tail = moved[-1].tail, None
    container.insert(low // 2, span)  # before the first child in the range, or after the one whose tail starts it
    for child in moved:
        span.append(child)
    return span


def _wrap_text(slot: _Slot) -> etree._Element:
    element, is_tail = slot
    span = etree.Element("span")
    if is_tail:
        span.text, element.tail = element.tail, None
        element.addnext(span)
        span.tail = None
    else:
        span.text, element.text = element.text, None
        element.insert(0, span)
    return span


def _make_safe(root: etree._Element, base: str | None) -> None:
    """Drop event handlers and script URLs; make links absolute."""
    for element in root.iter():
        if not isinstance(element.tag, str):
            continue
        for name in list(element.attrib):
            lowered = name.lower()
            if lowered.startswith("on") or lowered == "srcdoc":
                del element.attrib[name]
            elif lowered in _URL_ATTRIBUTES:
                value = element.get(name) or ""
                if _UNSAFE_URL.match(value):
                    del element.attrib[name]
                elif base:
                    joined = join_url(base, value.strip())
                    if joined is None:  # a malformed address: as good as none
                        del element.attrib[name]
                    else:
                        element.set(name, joined)
            elif lowered == "srcset" and base:
                parts = [part.strip().split(None, 1) for part in (element.get(name) or "").split(",") if part.strip()]
                joined = [(join_url(base, p[0]), p[1:]) for p in parts]
                element.set(name, ", ".join(" ".join([url, *rest]) for url, rest in joined if url is not None))
        if element.tag == "a" and element.get("href"):
            element.set("target", "_blank")
            element.set("rel", "noopener noreferrer")


def _page_styles(text: str, base: str | None) -> tuple[list[str], str | None]:
    """The original page's stylesheets (so the copy looks like the page) and its ``<base href>``."""
    parser = etree.HTMLParser(remove_comments=True, no_network=True, recover=True)
    try:
        root = etree.fromstring(text, parser)
    except (etree.ParserError, ValueError):
        return [], base
    if root is None:
        return [], base
    for element in root.iter("base"):
        if element.get("href"):
            base = join_url(base, element.get("href", "")) or base
            break
    styles: list[str] = []
    for element in root.iter("link", "style"):
        if element.tag == "style" and element.text:
            css = element.text.replace("</", "<\\/")  # cannot close our <style> early
            styles.append(f"<style>{css}</style>")
        elif "stylesheet" in (element.get("rel") or "").lower().split() and element.get("href"):
            href = element.get("href", "")
            url = join_url(base, href) if not _UNSAFE_URL.match(href) else None
            if url is not None:
                styles.append(f'<link rel="stylesheet" href="{escape(url)}">')
    return styles, base


#: The legend starts as a small button in the bottom-right corner (a closed ``<details>``: no script, which the
#: view strips) and the spacer after the page lets its last lines scroll above that button. Opened, the legend
#: scrolls within a third of the window and closes again with its summary.
_VIEW_CSS = """
.bv-block{cursor:help}
#bv-legend{position:fixed;right:12px;bottom:12px;z-index:2147483647;max-width:340px;padding:4px 10px;
 background:#fff;color:#111;border:1px solid #888;border-radius:6px;box-shadow:0 2px 10px rgba(0,0,0,.3);
 font:13px/1.4 system-ui,sans-serif;text-align:left;opacity:.92}
#bv-legend details[open]{max-height:33vh;overflow:auto;padding:6px 4px}
#bv-legend summary{font-weight:bold;cursor:pointer}
#bv-legend p{margin:4px 0}
#bv-spacer{height:48px;clear:both}
#bv-legend .bv-swatch{display:inline-block;width:14px;height:14px;vertical-align:middle;margin-right:6px}
"""


def legend(doc: Document, split_blocks: int = 0) -> str:
    """The legend: a small corner button (model and kept blocks) that opens on the counts and colour key."""
    content = [b for b in doc.blocks if b.is_content]
    content_words = sum(b.num_words for b in content)
    all_words = sum(b.num_words for b in doc.blocks)

    def swatch(rgb: tuple[int, int, int], alpha: float) -> str:
        return (f'<span class="bv-swatch" style="outline:2px solid rgba({rgb[0]},{rgb[1]},{rgb[2]},{alpha});'
                f'background:rgba({rgb[0]},{rgb[1]},{rgb[2]},{alpha * 0.12:.3f})"></span>')

    rows = [
        f"<p>model <b>{escape(doc.model)}</b>, page type {escape(doc.page_type)}</p>",
        f"<p>{len(doc.blocks)} blocks: {len(content)} content, {len(doc.blocks) - len(content)} boilerplate; "
        f"{content_words} of {all_words} words kept</p>",
        f"<p>{swatch(CONTENT_RGB, 1.0)}content (kept) {swatch(CONTENT_RGB, 0.3)}content, low score</p>",
        f"<p>{swatch(BOILERPLATE_RGB, 1.0)}boilerplate (dropped) {swatch(BOILERPLATE_RGB, 0.3)}boilerplate, "
        "high score</p>",
        "<p>Colour strength is the model's confidence (score for content, 1 − score for boilerplate). "
        "Hover a block for its label, score, reasons and features.</p>",
    ]
    if split_blocks:
        rows.append(f"<p>{split_blocks} block(s) are outlined piece by piece (their text spans nested elements).</p>")
    if doc.url:
        rows.append(f'<p>source: <a href="{escape(doc.url)}">{escape(doc.url)}</a></p>')
    summary = f"boiler-view: {escape(doc.model)}, {len(content)}/{len(doc.blocks)} blocks kept"
    return (f'<div id="bv-legend"><details><summary title="show or hide the legend">{summary}</summary>'
            f'{"".join(rows)}</details></div><div id="bv-spacer"></div>')


def render_view(html: bytes | str, doc: Document, *, encoding: str | None = None) -> str:
    """The annotated HTML copy of ``html`` for the extraction result ``doc`` (same page, same URL).

    Raises ValueError when the page cannot be parsed or ``doc`` was not made from it.
    """
    parsed = parse_html(html, url=doc.url, encoding=encoding)
    leaves = segment(parsed.root).leaves
    if len(leaves) != doc.num_leaves:
        raise ValueError(f"the document has {doc.num_leaves} text leaves but the page {len(leaves)}")
    text = decode_html(html, encoding).text if isinstance(html, bytes) else html
    styles, base = _page_styles(text, doc.url)
    split = _Marker(leaves, doc.blocks).apply()
    _make_safe(parsed.root, base)
    body = parsed.root.find("body")
    if body is None:
        body = parsed.root
    inner = (escape(body.text or "", quote=False)
             + "".join(etree.tostring(child, method="html", encoding="unicode") for child in body))
    body_attrs = "".join(f' {name}="{escape(value)}"' for name, value in body.attrib.items() if body is not parsed.root)
    title = escape(f"boiler-view: {parsed.title or doc.url or 'page'}")
    return (
        "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">"
        f"<title>{title}</title>{''.join(styles)}<style>{_VIEW_CSS}</style></head>\n"
        f"<body{body_attrs}>{inner}\n{legend(doc, split)}</body></html>\n"
    )

