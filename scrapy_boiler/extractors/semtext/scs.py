"""Search-and-Combine Segmentation (SCS) of SemText (Zhang & Wang §III.A).

**Search phase.** A depth-first walk over the DOM. HTML5 tags fall into three groups:

* group 1 — the tag and everything inside it never contribute to the main text (metadata,
  scripting, embedded content, form controls): the subtree is skipped;
* group 2 — the tag is removed but its text kept (text formatting, phrasing content, and the row
  and row-group tags of tables): no block boundary;
* group 3 — the tag and its text belong in a block (sections, grouping, lists, tables, cells...):
  every opening or closing group-3 tag ends the running block and starts a new one.

Each block keeps the sequence of group-3 tags from the root to it, the class/id names on that
path, and its text. Empty or letterless text makes no block.

**Combine phase.** Adjacent blocks ``x`` (stored just before ``y``) are merged when

1. both are leaves and siblings with the same tag sequence and the same class sequence, or
2. ``y`` is a leaf and the single child of ``x``, with the same class sequence and a tag
   sequence one tag longer than ``x``'s (of which ``x``'s is a prefix);
3. otherwise, when ``y`` is a leaf sibling or single child of ``x``, they stay apart;
4. in every other case ``y`` is first combined with what follows it, and ``x`` is tried again
   with the result — implemented as a stack: after each merge the top two are retried.

"Leaf" means the block's innermost group-3 element has no group-3 descendant that holds a block.

**Reference leaves.** Every SCS block is a run of consecutive DOM text leaves of
:func:`scrapy_boiler.segment.blocks.segment` (a block boundary always falls between text nodes), so
SemText's labels are scored on the same reference segmentation as every other model. Leaves inside
group-1 elements belong to no block and count as boilerplate.

Deviation: ``<form>`` is group 3, not group 1, because old ASP.NET pages wrap the whole body in one
form (the parser keeps ``<form>`` for the same reason; its controls are group 1).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from lxml import etree

from scrapy_boiler.parse.normalize import collapse_spaces
from scrapy_boiler.segment.blocks import Leaf, TextBlock, segment

#: Group 1: the tag and its content never contribute to the main text.
GROUP1: frozenset[str] = frozenset(
    {
        # document metadata and scripting
        "head", "title", "base", "link", "meta", "style", "script", "noscript", "template", "slot",
        # embedded content
        "img", "picture", "source", "track", "audio", "video", "iframe", "embed", "object", "param",
        "canvas", "svg", "math", "map", "area", "frame", "frameset", "applet", "portal",
        # form controls
        "input", "button", "select", "option", "optgroup", "textarea", "datalist", "output",
        "meter", "progress", "label", "fieldset", "legend", "keygen",
        # interactive scaffolding
        "dialog",
    }
)
#: Group 2: the tag goes, its text stays (text-level semantics, edits, table rows and row groups).
GROUP2: frozenset[str] = frozenset(
    {
        "a", "abbr", "b", "bdi", "bdo", "br", "cite", "code", "data", "dfn", "em", "i", "kbd",
        "mark", "q", "rp", "rt", "ruby", "s", "samp", "small", "span", "strong", "sub", "sup",
        "time", "u", "var", "wbr", "del", "ins",
        # obsolete formatting tags still found on old pages
        "acronym", "big", "blink", "font", "nobr", "strike", "tt", "marquee",
        # tabular tags that only group cells
        "tbody", "thead", "tfoot", "tr", "colgroup", "col",
    }
)
#: Group 3: everything else. Listed for reference and documentation; unknown (custom) elements
#: are treated as group 3, because they act as containers.
GROUP3: frozenset[str] = frozenset(
    {
        "html", "body", "article", "section", "nav", "aside", "h1", "h2", "h3", "h4", "h5", "h6",
        "hgroup", "header", "footer", "address", "main", "p", "hr", "pre", "blockquote", "ol", "ul",
        "menu", "li", "dl", "dt", "dd", "figure", "figcaption", "div", "table", "caption", "td", "th",
        "form", "details", "summary", "search", "center", "dir", "listing", "xmp", "plaintext",
    }
)

_HAS_WORD_CHAR = re.compile(r"\w")


def tag_group(tag: str) -> int:
    """1, 2 or 3 (see the module docstring); unknown tags are group 3."""
    if tag in GROUP1:
        return 1
    if tag in GROUP2:
        return 2
    return 3


def class_names(el: etree._Element) -> list[str]:
    """The element's id and class names, in that order (the paper's ID-class-name sequence)."""
    names = [el.get("id") or ""]
    names.extend((el.get("class") or "").split())
    return [name for name in (n.strip() for n in names) if name]


@dataclass(slots=True, eq=False)
class SCSBlock:
    """One SCS text block: its group-3 tag path, class/id names on that path and text, as a leaf run."""

    tags: tuple[str, ...]
    classes: tuple[str, ...]
    text: str
    leaf_start: int
    leaf_end: int
    element: etree._Element  #: innermost group-3 element holding the block
    leaf: bool = False  #: no block below its element (a combined block has absorbed its children)


@dataclass(slots=True)
class _Run:
    """The block being read: its first and last leaf, text pieces and the path it started on."""

    first: int | None = None
    last: int = -1
    pieces: list[str] = field(default_factory=list)
    tags: tuple[str, ...] = ()
    classes: tuple[str, ...] = ()
    element: etree._Element | None = None

    def flush(self, blocks: list[SCSBlock]) -> None:
        """Store the run as a block (if it holds a leaf) and start an empty one."""
        if self.first is not None and self.element is not None:
            text = collapse_spaces(" ".join(self.pieces))
            blocks.append(SCSBlock(self.tags, self.classes, text, self.first, self.last + 1, self.element))
        self.first = None
        self.pieces = []


def search(root: etree._Element, leaves: list[Leaf]) -> list[SCSBlock]:
    """The search phase: blocks cut at every group-3 tag, group-1 subtrees skipped."""
    # lxml returns the same proxy object for a node while a reference to it lives (the leaves hold one)
    index = {(id(leaf.element), leaf.is_tail): i for i, leaf in enumerate(leaves)}
    blocks: list[SCSBlock] = []
    path_tags: list[str] = []
    path_classes: list[str] = []
    path_elements: list[etree._Element] = [root]
    current = _Run()

    def add_text(el: etree._Element, is_tail: bool) -> None:
        text = el.tail if is_tail else el.text
        if not text or not _HAS_WORD_CHAR.search(text):
            return
        leaf = index.get((id(el), is_tail))
        if leaf is None:
            return
        if current.first is None:
            current.first, current.tags, current.classes = leaf, tuple(path_tags), tuple(path_classes)
            current.element = path_elements[-1]
        current.last = leaf
        current.pieces.append(text)

    # Explicit stack instead of recursion: pages can be thousands of levels deep.
    stack: list[tuple[etree._Element, bool]] = [(root, False)]
    class_counts: list[int] = []
    while stack:
        el, leaving = stack.pop()
        tag = el.tag if isinstance(el.tag, str) else ""
        group = tag_group(tag) if tag else 1
        if leaving:
            if group == 3:
                current.flush(blocks)
                path_tags.pop()
                del path_classes[len(path_classes) - class_counts.pop():]
                path_elements.pop()
            if el is not root:
                add_text(el, True)
            continue
        if group == 1:
            if el is not root:
                add_text(el, True)  # the tail is outside the skipped element
            continue
        if group == 3:
            current.flush(blocks)
            path_tags.append(tag)
            names = class_names(el)
            path_classes.extend(names)
            class_counts.append(len(names))
            path_elements.append(el)
        add_text(el, False)
        stack.append((el, True))
        stack.extend((child, False) for child in reversed(el))
    current.flush(blocks)
    return blocks


def _has_block_below(blocks: list[SCSBlock]) -> set[etree._Element]:
    """Group-3 elements with a block-holding group-3 element strictly below them."""
    holders: set[etree._Element] = set()
    for block in blocks:
        node = block.element.getparent()
        while node is not None and node not in holders:
            holders.add(node)
            node = node.getparent()
    return holders


def _group3_children(el: etree._Element) -> list[etree._Element]:
    return [child for child in el if isinstance(child.tag, str) and tag_group(child.tag) == 3]


def combine(blocks: list[SCSBlock]) -> list[SCSBlock]:
    """The combine phase (cases 1-4 of the module docstring)."""
    holders = _has_block_below(blocks)
    for block in blocks:
        block.leaf = block.element not in holders

    def mergeable(x: SCSBlock, y: SCSBlock) -> bool:
        if not y.leaf:
            return False
        x_el, y_el = x.element, y.element
        siblings = x_el is not y_el and x_el.getparent() is y_el.getparent()
        if siblings and x.leaf:  # case 1 (case 3 when tags or classes differ)
            return x.tags == y.tags and x.classes == y.classes
        single_child = y_el.getparent() is x_el and len(_group3_children(x_el)) == 1
        if single_child:  # case 2 (case 3 when the classes differ)
            return x.classes == y.classes and len(x.tags) + 1 == len(y.tags) and y.tags[:-1] == x.tags
        return False

    out: list[SCSBlock] = []
    for block in blocks:
        out.append(block)
        while len(out) >= 2 and mergeable(out[-2], out[-1]):  # case 4: retry x with the combined y
            y = out.pop()
            x = out[-1]
            out[-1] = SCSBlock(x.tags, x.classes, f"{x.text} {y.text}".strip(), x.leaf_start, y.leaf_end, x.element,
                               leaf=True)
    return out


@dataclass(slots=True)
class SCSPage:
    """A page's reference leaves and its SCS blocks."""

    leaves: list[Leaf]
    blocks: list[SCSBlock]

    def text_blocks(self, labels: list[bool], scores: list[float] | None = None) -> list[TextBlock]:
        """The SCS blocks as :class:`TextBlock` runs of leaves with ``is_content`` set (for ``PageLabels``)."""
        out = []
        for i, block in enumerate(self.blocks):
            out.append(
                TextBlock(
                    index=i, leaf_start=block.leaf_start, leaf_end=block.leaf_end, text=block.text,
                    linked_text="", element=block.element, enclosing=frozenset(), is_content=labels[i],
                    score=scores[i] if scores is not None else float(labels[i]),
                )
            )
        return out


def scs(root: etree._Element, leaves: list[Leaf] | None = None) -> SCSPage:
    """Segment a parsed, cleaned page with SCS; blocks are runs of the page's reference leaves.

    ``leaves`` are the reference leaves of ``root`` when already computed (training data has them).
    """
    leaves = segment(root).leaves if leaves is None else leaves
    return SCSPage(leaves, combine(search(root, leaves)))
