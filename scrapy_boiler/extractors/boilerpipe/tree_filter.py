"""The HTML-tree filter: keep the selected paragraphs that share the n-th ancestor with the most text.

From the tree-filter paper, a study of Boilerpipe on English and Spanish news for a media-monitoring company
(our copy has no title page; its sections and tables are cited as §n and Table n). A Boilerpipe selection has
good recall but lets boilerplate through; the main content of a news page usually sits under one node of the
HTML tree. The filter:

1. maps every selected block to its *paragraph node*: the innermost enclosing element whose tag is
   one of :data:`PARAGRAPH_TAGS` (innermost, so a paragraph never contains another one);
2. groups the selected paragraphs by their n-th ancestor (``depth``; the paper found grandparents, depth 2,
   best and tried 1 to 5);
3. keeps the group with the most text and marks everything else boilerplate.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from lxml import etree

from scrapy_boiler.segment.blocks import TextBlock

#: The paper's §4: "div, table, ul, ol, p, section, article, h1, h2, h3, h4, h5, h6, header and body".
PARAGRAPH_TAGS: frozenset[str] = frozenset(
    {"div", "table", "ul", "ol", "p", "section", "article", "h1", "h2", "h3", "h4", "h5", "h6", "header", "body"}
)
#: The paper's Table 2: grandparents (depth 2) give the best F1.
DEFAULT_DEPTH = 2
DEPTH_RANGE = range(1, 6)


def paragraph_node(element: etree._Element) -> etree._Element:
    """The innermost paragraph-tag element at or above ``element`` (the root if there is none)."""
    node: etree._Element | None = element
    last = element
    while node is not None:
        if node.tag in PARAGRAPH_TAGS:
            return node
        last = node
        node = node.getparent()
    return last


def ancestor(element: etree._Element, depth: int) -> etree._Element:
    """The ``depth``-th ancestor of ``element``, or the topmost one if the tree is shallower."""
    node = element
    for _ in range(depth):
        parent = node.getparent()
        if parent is None:
            break
        node = parent
    return node


def tree_filter(blocks: Sequence[TextBlock], depth: int = DEFAULT_DEPTH) -> None:
    """Apply the filter to the content blocks in place."""
    if depth not in DEPTH_RANGE:
        raise ValueError(f"tree filter depth must be in 1..5, got {depth}")
    groups: dict[etree._Element, list[TextBlock]] = defaultdict(list)
    for block in blocks:
        if block.is_content:
            groups[ancestor(paragraph_node(block.element), depth)].append(block)
    if len(groups) < 2:
        return
    best = max(groups.values(), key=lambda group: sum(len(b.text) for b in group))
    keep = {id(b) for b in best}
    for block in blocks:
        if block.is_content and id(block) not in keep:
            block.is_content = False
            block.score = 0.0
            block.reasons.append(f"tree-filter(depth={depth}):boilerplate")
