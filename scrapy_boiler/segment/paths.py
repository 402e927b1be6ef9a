"""Where a text sits in the tree: element paths from the root, memoised through shared ancestors.

Pages share long ancestor chains and some nest thousands of levels deep, so every walk here is iterative
and remembers the paths of the ancestors it has seen. :class:`ElementPaths` gives the tag, class/id and
XPath paths that :class:`~scrapy_boiler.Block` reports; :func:`ancestor_paths` the per-leaf label chains
that the neural families turn into features.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from lxml import etree

from scrapy_boiler.segment.blocks import Leaf

#: Class names and characters of a name kept in ``Block.class_path``: a page with a megabyte class
#: attribute would otherwise copy it into every block below it.
MAX_CLASSES = 8
MAX_NAME = 64

Value = TypeVar("Value")


def fold_from_root(element: etree._Element | None, memo: dict[etree._Element, Value],
                   step: Callable[[etree._Element, Value], Value], top: Value) -> Value:
    """``step(element, v)`` where ``v`` is the same fold of its parent (``top`` above the root), memoised in ``memo``
    for every element on the way: the walk up stops at the first ancestor seen before, and is iterative."""
    chain: list[etree._Element] = []
    node = element
    while node is not None and node not in memo:
        chain.append(node)
        node = node.getparent()
    value = memo[node] if node is not None else top
    for el in reversed(chain):
        value = memo[el] = step(el, value)
    return value


class ElementPaths:
    """Tag, class/id and XPath paths of elements, memoised through their parents."""

    def __init__(self, root: etree._Element) -> None:
        self.tree = root.getroottree()
        self.cache: dict[etree._Element, tuple[str, str]] = {}
        self.steps: dict[etree._Element, str] = {}
        self.xpaths: dict[etree._Element, str] = {}

    def xpath(self, element: etree._Element) -> str:
        """The element's XPath as ``getpath`` writes it, memoised: ``getpath`` rescans the siblings on every
        call, which made a page of 100,000 sibling paragraphs quadratic."""
        return fold_from_root(element, self.xpaths, self._xpath_step, "")

    def _xpath_step(self, el: etree._Element, path: str) -> str:
        parent = el.getparent()
        if parent is None or not isinstance(el.tag, str) or el.tag.startswith("{"):
            return self.tree.getpath(el)
        if el not in self.steps:
            self._number_children(parent)
        return f"{path}/{self.steps[el]}"

    def _number_children(self, parent: etree._Element) -> None:
        """``tag[i]`` steps for all children at once; the index only where the tag repeats, as in ``getpath``."""
        counts: dict[object, int] = {}
        for child in parent:
            counts[child.tag] = counts.get(child.tag, 0) + 1
        seen: dict[object, int] = {}
        for child in parent:
            tag = child.tag
            if counts[tag] == 1:
                self.steps[child] = str(tag)
            else:
                seen[tag] = seen.get(tag, 0) + 1
                self.steps[child] = f"{tag}[{seen[tag]}]"

    def of(self, element: etree._Element) -> tuple[str, str]:
        """(tag path, class/id path) from the root down to ``element``; iterative, for deep pages."""
        return fold_from_root(element, self.cache, _extend_paths, ("", ""))


def _extend_paths(el: etree._Element, paths: tuple[str, str]) -> tuple[str, str]:
    tag = str(el.tag)
    label = element_label(el)
    return (f"{paths[0]} > {tag}", f"{paths[1]} > {label}") if paths[0] else (tag, label)


def element_label(el: etree._Element) -> str:
    """An element's step in ``Block.class_path``: ``tag#id.class1.class2`` (names cut to :data:`MAX_NAME`
    characters, at most :data:`MAX_CLASSES` of them)."""
    label = str(el.tag)
    ident = (el.get("id") or "").strip()[:MAX_NAME]
    if ident:
        label += f"#{ident}"
    classes = [name[:MAX_NAME] for name in (el.get("class") or "").split()[:MAX_CLASSES]]
    if classes:
        label += "." + ".".join(classes)
    return label


def ancestor_paths(leaves: Sequence[Leaf], label: Callable[[etree._Element], str]) -> list[tuple[str, ...]]:
    """``label`` of every element from the root down to each leaf's parent element.

    Memoised through shared ancestors and iterative, for pages nested thousands of levels deep.
    """
    cache: dict[etree._Element, tuple[str, ...]] = {}
    return [fold_from_root(leaf.parent, cache, lambda el, path: (*path, label(el)), ()) for leaf in leaves]
