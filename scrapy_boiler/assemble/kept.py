"""Which text of the page the model kept, text node by text node, whitespace included.

The segmentation's leaves are the text nodes with a letter or digit, and a block's ``text`` is built from them with
the white space collapsed: the space between ``<code>a</code> <code>b</code>`` (a text node of its own, without a
word) is lost, and a ``<pre>`` comes out as one line. The models' features were computed on those texts, so they
stay as they are; this module walks the same runs between block-level tags again and gives every text node of a
run the run's block. The kept content can then be rendered with its spaces, its ``<pre>`` line breaks and its
structure (``Document.text``, the posts' lines, ``Document.markdown``).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from lxml import etree

from scrapy_boiler.parse.normalize import collapse_spaces
from scrapy_boiler.segment.blocks import INLINE_TAGS, Leaf, Run, TextBlock, TextNode
from scrapy_boiler.segment.semantics import in_code


@dataclass(slots=True)
class KeptText:
    """The text nodes of the content blocks and the raw text (spaces kept) of every block."""

    content: dict[TextNode, int] = field(default_factory=dict)  #: kept text node → its block
    raw: dict[int, str] = field(default_factory=dict)  #: block index → its run's text, white space as written
    elements: set[etree._Element] = field(default_factory=set)  #: elements holding kept text, ancestors included
    top: etree._Element | None = None  #: the innermost element holding all kept text

    def is_kept(self, element: etree._Element, is_tail: bool) -> bool:
        return (element, is_tail) in self.content


def kept_text(
    root: etree._Element, leaves: Sequence[Leaf], blocks: Sequence[TextBlock], runs: Sequence[Run] | None = None
) -> KeptText:
    """Walk ``root`` as :func:`~scrapy_boiler.segment.blocks.segment` did and collect the kept text nodes.

    ``blocks`` are the model's blocks, runs ``leaves[leaf_start:leaf_end]``; they need not be the segmentation's
    (SemText's SCS blocks span several runs, Web2Text's and MultiBoilerNet's cut one where the labels change, the
    fused Boilerpipe blocks join neighbours). A block gets a raw text only when the runs it covers hold no other
    block's leaves, so a raw text is always exactly that block's text; any other block keeps its ``text``.
    ``runs`` are the segmentation's (:attr:`~scrapy_boiler.segment.blocks.Segmentation.runs`) when the leaves are
    its: the tree is then not walked again.
    """
    kept = KeptText()
    by_index = {block.index: block for block in blocks}
    leaf_block: dict[TextNode, int] = {}
    for block in blocks:
        for leaf in leaves[block.leaf_start:block.leaf_end]:
            leaf_block[(leaf.element, leaf.is_tail)] = block.index
    texts: dict[int, list[str]] = {}
    shared: set[int] = set()
    for run in (runs if runs is not None else _runs(root)):
        owners = [leaf_block.get(node, -1) for node, _ in run]
        known = [owner for owner in owners if owner >= 0]
        if not known:
            continue
        if len(set(known)) == 1:
            texts.setdefault(known[0], []).append("".join(text for _, text in run))
        else:
            shared.update(known)
        owner = known[0]
        for (node, _), own in zip(run, owners, strict=True):
            owner = own if own >= 0 else owner  # a text node without a word goes with the leaf before it
            block = by_index.get(owner)
            if block is not None and block.is_content:
                kept.content[node] = owner
    kept.raw = {index: " ".join(pieces) for index, pieces in texts.items() if index not in shared}
    for element, is_tail in kept.content:
        node = element.getparent() if is_tail else element
        while node is not None and node not in kept.elements:
            kept.elements.add(node)
            node = node.getparent()
    kept.top = _innermost(root, kept)
    return kept


def _runs(root: etree._Element) -> Iterator[Run]:
    """The runs of non-empty text nodes between block-level tags, walked as
    :func:`~scrapy_boiler.segment.blocks.segment` walks them."""
    run: Run = []
    for event, el in etree.iterwalk(root, events=("start", "end")):
        if not isinstance(el.tag, str):
            continue
        inline = el.tag in INLINE_TAGS
        if not inline and run:
            yield run
            run = []
        if event == "start":
            text = el.text
            if text:
                run.append(((el, False), text))
        elif el is not root:
            tail = el.tail
            if tail:
                run.append(((el, True), tail))
    if run:
        yield run


def _innermost(root: etree._Element, kept: KeptText) -> etree._Element | None:
    """Down from the root while one child alone holds the kept text."""
    if not kept.elements:
        return None
    top = root
    while not kept.is_kept(top, False):
        inside = [child for child in top if child in kept.elements]
        if len(inside) != 1 or any(kept.is_kept(child, True) for child in top):
            break
        top = inside[0]
    return top


def block_text(block: TextBlock, kept: KeptText | None) -> str:
    """A block's text with the spaces between its inline elements; a ``<pre>``'s lines and indentation kept, and those
    of a block inside one (Elementor's code widget writes its code in an ``<xmp>`` in the ``<pre>``)."""
    raw = kept.raw.get(block.index) if kept is not None else None
    if raw is None:
        return block.text
    if in_code(block.element):
        return pre_lines(raw)
    return collapse_spaces(raw)


def pre_lines(raw: str) -> str:
    """Preformatted text with its line breaks and indentation; trailing spaces and blank first/last lines go."""
    lines = [line.rstrip() for line in raw.replace("\r\n", "\n").replace("\r", "\n").split("\n")]
    while lines and not lines[0]:
        lines.pop(0)
    while lines and not lines[-1]:
        lines.pop()
    return "\n".join(lines)
