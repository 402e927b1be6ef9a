"""Boilerpipe segmentation: atomic text blocks separated by tags, anchors excepted, and their shallow features.

From Kohlschütter, Fankhauser and Nejdl, "Boilerplate Detection using Shallow Text Features" §4.1. Two
segmentations come out of one walk over the cleaned DOM:

* **leaves**: every DOM text node holding at least one letter or digit, in page order. This is the
  DOM-leaves segmentation of Web2Text (Vogels et al. §3.2) and the *reference segmentation* on which
  every model is scored, so that all models are compared on the same blocks.
* **blocks**: Boilerpipe's atomic text blocks, each a run of consecutive leaves. As in the paper,
  ``<a>`` does not separate blocks (so link density can be computed); unlike the paper's literal
  wording, inline formatting elements (``<b>``, ``<span>``, ``<em>``...) do not separate either,
  because a bold word inside a sentence should not cut the sentence into three "blocks".
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from lxml import etree

from scrapy_boiler.parse.normalize import collapse_spaces, repeat_form, words
from scrapy_boiler.segment.features import EMPTY, BlockFeatures, block_features

#: Heading elements: a section's title, whatever its level.
HEADING_TAGS: frozenset[str] = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
#: Elements that neither start nor end a block.
INLINE_TAGS: frozenset[str] = frozenset(
    {
        "a", "abbr", "acronym", "b", "bdi", "bdo", "big", "blink", "cite", "code", "data", "dfn",
        "em", "font", "i", "img", "ins", "del", "kbd", "label", "mark", "nobr", "q", "rp", "rt",
        "ruby", "s", "samp", "small", "span", "strike", "strong", "sub", "sup", "time", "tt", "u",
        "var", "wbr",
    }
)
#: Enclosing-element flags of Kohlschütter et al. §3.2 (plus list items, which the tree filter and HTML output use).
FLAG_TAGS: frozenset[str] = frozenset({"h1", "h2", "h3", "h4", "h5", "h6", "p", "div", "a", "li"})

_HAS_WORD_CHAR = re.compile(r"\w")

#: A text node: ``(element, False)`` is ``element.text``, ``(element, True)`` its ``tail``.
TextNode = tuple[etree._Element, bool]
#: The non-empty text nodes between two block-level tags, in page order, with their text (white space included).
Run = list[tuple[TextNode, str]]


@dataclass(slots=True, eq=False)
class Leaf:
    """One DOM text node: ``element.text`` (``is_tail`` False) or ``element.tail`` (``is_tail`` True)."""

    text: str
    element: etree._Element
    is_tail: bool
    in_anchor: bool
    block: int = -1  #: index of the Boilerpipe block holding this leaf

    @property
    def parent(self) -> etree._Element:
        """The element whose content this text node is."""
        if self.is_tail:
            parent = self.element.getparent()
            return parent if parent is not None else self.element
        return self.element


@dataclass(slots=True, eq=False)
class TextBlock:
    """A Boilerpipe text block: consecutive leaves ``leaves[leaf_start:leaf_end]`` of one page."""

    index: int
    leaf_start: int
    leaf_end: int
    text: str
    linked_text: str
    element: etree._Element  #: innermost block-level element enclosing the block
    enclosing: frozenset[str]  #: FLAG_TAGS enclosing the block's first leaf, plus "a" if any leaf is linked
    features: BlockFeatures | None = None
    is_content: bool = False
    score: float = 0.0
    reasons: list[str] = field(default_factory=list)  #: filters that changed the label, for explanations
    tokens: list[str] | None = None  #: the words of ``text``, kept by :func:`annotate` for later feature tables

    def repeat_key(self) -> str:
        """The text as repeats of it are told (:func:`~scrapy_boiler.parse.normalize.repeat_form`)."""
        return repeat_form(self.text)


@dataclass(slots=True)
class Segmentation:
    """The leaves and blocks of one page, both in page order, and the runs of text nodes the walk went through
    (every text node, words or not: :func:`~scrapy_boiler.assemble.kept.kept_text` needs them and is spared a walk)."""

    leaves: list[Leaf]
    blocks: list[TextBlock]
    runs: list[Run] = field(default_factory=list)


class _Builder:
    """Accumulates text pieces between two block boundaries."""

    def __init__(self) -> None:
        self.leaves: list[Leaf] = []
        self.blocks: list[TextBlock] = []
        self.pieces: list[str] = []
        self.linked: list[str] = []
        self.first_leaf = 0
        self.block_element: etree._Element | None = None
        self.enclosing: frozenset[str] = frozenset()
        self.runs: list[Run] = []
        self.run: Run = []

    def add(self, text: str, element: etree._Element, is_tail: bool, in_anchor: bool,
            block_stack: list[etree._Element], open_flags: dict[str, int]) -> None:
        """One non-empty text node (empty ones are skipped by the walk)."""
        self.run.append(((element, is_tail), text))
        if not _HAS_WORD_CHAR.search(text) and not (text.strip() and any(el.tag == "pre" for el in block_stack)):
            if text.strip():  # punctuation-only text ("|", "»") joins the running block; in code it is a line's
                self.pieces.append(text)
            return
        if len(self.leaves) == self.first_leaf:
            self.block_element = block_stack[-1]
            self.enclosing = frozenset(tag for tag, depth in open_flags.items() if depth > 0)
        self.leaves.append(Leaf(text, element, is_tail, in_anchor))
        self.pieces.append(text)
        if in_anchor:
            self.linked.append(text)
            if "a" not in self.enclosing:
                self.enclosing = self.enclosing | {"a"}

    def flush(self) -> None:
        if self.run:
            self.runs.append(self.run)
            self.run = []
        if not self.pieces:  # nothing since the last boundary (every leaf adds a piece)
            return
        if len(self.leaves) > self.first_leaf:
            index = len(self.blocks)
            for leaf in self.leaves[self.first_leaf:]:
                leaf.block = index
            assert self.block_element is not None
            self.blocks.append(
                TextBlock(
                    index=index,
                    leaf_start=self.first_leaf,
                    leaf_end=len(self.leaves),
                    text=collapse_spaces("".join(self.pieces)),
                    linked_text=collapse_spaces(" ".join(self.linked)),
                    element=self.block_element,
                    enclosing=self.enclosing,
                )
            )
            self.first_leaf = len(self.leaves)
        self.pieces.clear()
        self.linked.clear()


def segment(root: etree._Element) -> Segmentation:
    """Walk the cleaned tree once and return its leaves and Boilerpipe blocks."""
    builder = _Builder()
    block_stack: list[etree._Element] = [root]
    open_flags: dict[str, int] = dict.fromkeys(FLAG_TAGS, 0)
    anchors = 0
    for event, el in etree.iterwalk(root, events=("start", "end")):
        tag = el.tag
        if not isinstance(tag, str):
            continue
        inline = tag in INLINE_TAGS
        if event == "start":
            if not inline:
                builder.flush()
                block_stack.append(el)
            if tag in open_flags:
                open_flags[tag] += 1
            if tag == "a":
                anchors += 1
            text = el.text
            if text:  # most elements have no text of their own: spare the call
                builder.add(text, el, False, anchors > 0, block_stack, open_flags)
        else:
            if tag == "a":
                anchors -= 1
            if tag in open_flags:
                open_flags[tag] -= 1
            if not inline:
                builder.flush()
                if len(block_stack) > 1:
                    block_stack.pop()
            tail = el.tail
            if tail and el is not root:
                builder.add(tail, el, True, anchors > 0, block_stack, open_flags)
    builder.flush()
    return Segmentation(builder.leaves, builder.blocks, builder.runs)


def annotate(blocks: Sequence[TextBlock]) -> None:
    """Compute ``features`` for every block in place."""
    total = len(blocks)
    for position, block in enumerate(blocks):
        block.tokens = words(block.text)
        block.features = block_features(block.text, block.linked_text, position, total, block.tokens)


def context(blocks: Sequence[TextBlock], index: int) -> tuple[BlockFeatures, BlockFeatures, BlockFeatures]:
    """(previous, current, next) features; the virtual blocks at either end are :data:`EMPTY`."""
    prev = blocks[index - 1].features if index > 0 else EMPTY
    nxt = blocks[index + 1].features if index + 1 < len(blocks) else EMPTY
    current = blocks[index].features
    assert prev is not None and current is not None and nxt is not None, "annotate() the blocks first"
    return prev, current, nxt
