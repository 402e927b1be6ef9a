"""Where a text sits in the tree: element paths from the root, memoised through shared ancestors.

Pages share long ancestor chains and some nest thousands of levels deep, so every walk here is iterative
and remembers the paths of the ancestors it has seen. :class:`ElementPaths` gives the tag, class/id and
XPath paths that :class:`~scrapy_boiler.Block` reports; :func:`ancestor_paths` the per-leaf label chains
that the neural families turn into features.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from lxml import etree

from scrapy_boiler.segment.blocks import Leaf

#: Class names and characters of a name kept in ``Block.class_path``: a page with a megabyte class
#: attribute would otherwise copy it into every block below it.
MAX_CLASSES = 8
MAX_NAME = 64


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
        chain: list[etree._Element] = []
        node: etree._Element | None = element
        while node is not None and node not in self.xpaths:
            chain.append(node)
            node = node.getparent()
        path = self.xpaths[node] if node is not None else ""
        for el in reversed(chain):
            parent = el.getparent()
            if parent is None or not isinstance(el.tag, str) or el.tag.startswith("{"):
                path = self.tree.getpath(el)
            else:
                if el not in self.steps:
                    self._number_children(parent)
                path = f"{path}/{self.steps[el]}"
            self.xpaths[el] = path
        return path

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
        chain: list[etree._Element] = []
        node: etree._Element | None = element
        while node is not None and node not in self.cache:
            chain.append(node)
            node = node.getparent()
        paths = self.cache[node] if node is not None else None
        for el in reversed(chain):
            tag = str(el.tag)
            label = element_label(el)
            paths = (tag, label) if paths is None else (f"{paths[0]} > {tag}", f"{paths[1]} > {label}")
            self.cache[el] = paths
        assert paths is not None
        return paths


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
    out = []
    for leaf in leaves:
        chain = []
        node: etree._Element | None = leaf.parent
        while node is not None and node not in cache:
            chain.append(node)
            node = node.getparent()
        path = cache[node] if node is not None else ()
        for el in reversed(chain):
            path = (*path, label(el))
            cache[el] = path
        out.append(path)
    return out
