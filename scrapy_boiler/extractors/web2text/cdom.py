"""The Collapsed DOM of Web2Text (Vogels et al. §3.1), built over our reference leaves.

Empty nodes are removed (elements holding none of the page's text leaves), then every parent with a
single child is merged with that child, recursively: the merged node keeps the tags of both
(outermost first), so ``<p><b>text</b></p>`` becomes one CDOM leaf tagged ``("p", "b")``. This makes
"parent" and "grandparent" mean the semantic container rather than a wrapper element.

The text leaves of the CDOM are exactly the reference leaves of :func:`scrapy_boiler.segment.segment`
(DOM text nodes with a letter or digit), so Web2Text labels the blocks every model is scored on. A
punctuation-only text node (``|``, ``»``) is no reference leaf; it counts as empty here, a small
departure from the paper, which keeps every non-blank text node.

Built iteratively (no recursion), because real pages nest thousands of levels deep.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from lxml import etree

from scrapy_boiler.segment.blocks import Leaf


@dataclass(eq=False)
class CNode:
    """A node of the Collapsed DOM.

    ``tags`` are the HTML tags merged into this node (empty for a bare text node); ``leaf`` is the index
    of the reference leaf when the node is a text leaf. ``leaf_start:leaf_end`` are the reference leaves
    under the node, in page order. ``has_form`` is true when a ``<form>`` sits anywhere in its subtree.
    """

    tags: tuple[str, ...]
    children: list[CNode] = field(default_factory=list)
    parent: CNode | None = None
    leaf: int | None = None
    leaf_start: int = 0
    leaf_end: int = 0
    depth: int = 0
    has_form: bool = False

    @property
    def is_leaf(self) -> bool:
        return self.leaf is not None


@dataclass
class CollapsedDom:
    """The CDOM of one page: its root and, for every reference leaf, the CDOM node holding it."""

    root: CNode
    leaf_nodes: list[CNode]

    def common_ancestor(self, a: CNode, b: CNode) -> tuple[CNode, int]:
        """The first common ancestor of two nodes and their tree distance (hops from both to it)."""
        hops = 0
        while a.depth > b.depth:
            a, hops = a.parent, hops + 1  # type: ignore[assignment]
        while b.depth > a.depth:
            b, hops = b.parent, hops + 1  # type: ignore[assignment]
        while a is not b:
            a, b, hops = a.parent, b.parent, hops + 2  # type: ignore[assignment]
        return a, hops


class _Raw:
    """A DOM node while the walk is still inside it."""

    __slots__ = ("children", "has_form", "tag")

    def __init__(self, tag: str) -> None:
        self.tag = tag
        self.children: list[CNode] = []
        self.has_form = tag == "form"


def _text_node(index: int) -> CNode:
    return CNode(tags=(), leaf=index, leaf_start=index, leaf_end=index + 1)


def _close(raw: _Raw) -> CNode | None:
    """Turn a finished element into a CDOM node: None when empty, merged when it has a single child."""
    if not raw.children:
        return None
    if len(raw.children) == 1:
        child = raw.children[0]
        child.tags = (raw.tag, *child.tags)
        child.has_form = child.has_form or raw.has_form
        return child
    node = CNode(tags=(raw.tag,), children=raw.children, has_form=raw.has_form,
                 leaf_start=raw.children[0].leaf_start, leaf_end=raw.children[-1].leaf_end)
    for child in raw.children:
        child.parent = node
    return node


def collapse(root: etree._Element, leaves: Sequence[Leaf]) -> CollapsedDom:
    """Build the CDOM of the cleaned tree ``root`` whose reference leaves are ``leaves``.

    ``leaves`` must come from ``segment(root)``: they are matched to the tree by identity, in order.
    """
    next_leaf = 0

    def take(element: etree._Element, is_tail: bool) -> int | None:
        nonlocal next_leaf
        if next_leaf < len(leaves):
            leaf = leaves[next_leaf]
            if leaf.element is element and leaf.is_tail == is_tail:
                next_leaf += 1
                return next_leaf - 1
        return None

    stack: list[_Raw] = [_Raw("#document")]
    for event, el in etree.iterwalk(root, events=("start", "end")):
        if not isinstance(el.tag, str):
            continue
        if event == "start":
            stack.append(_Raw(el.tag))
            index = take(el, False)
            if index is not None:
                stack[-1].children.append(_text_node(index))
            continue
        raw = stack.pop()
        node = _close(raw)
        parent = stack[-1]
        parent.has_form = parent.has_form or raw.has_form
        if node is not None:
            parent.children.append(node)
        if el is not root:
            index = take(el, True)
            if index is not None:
                parent.children.append(_text_node(index))
    if next_leaf != len(leaves):
        raise ValueError(f"{len(leaves) - next_leaf} leaves do not belong to this tree")
    top = stack[0]
    cdom_root = top.children[0] if len(top.children) == 1 else _close(top)
    if cdom_root is None:  # a page without text: an empty root
        cdom_root = CNode(tags=("#document",))
    cdom_root.parent = None
    leaf_nodes: list[CNode] = [cdom_root] * len(leaves)
    todo = [cdom_root]
    while todo:
        node = todo.pop()
        if node.leaf is not None:
            leaf_nodes[node.leaf] = node
        for child in node.children:
            child.depth = node.depth + 1
            todo.append(child)
    return CollapsedDom(cdom_root, leaf_nodes)
