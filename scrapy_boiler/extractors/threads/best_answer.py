"""A best answer shown between the question and the other answers, in a box of its own.

Q&A sites that let the asker pick a best answer often render it right under the question, in a container unlike
the other answers' (Baidu Zhidao's ``div.wgt-best``, "最佳答案"), so the repeated answers below do not include it and
the text above them holds the question and the best answer together. :func:`split_best_answer` tells them apart by
the box's name.
"""

from __future__ import annotations

from lxml import etree

from scrapy_boiler.segment.post_groups import common_ancestor
from scrapy_boiler.segment.semantics import names_best_answer


def split_best_answer(
    bodies: list[etree._Element],
) -> tuple[list[etree._Element], list[etree._Element], etree._Element | None]:
    """The question's elements, the best answer's elements and the box holding the best answer, from the elements
    above the answers in page order; the elements unchanged and no box when no such box follows the question's
    first element and holds all the rest."""
    if len(bodies) < 2:
        return bodies, [], None
    top = common_ancestor(bodies)
    for index in range(1, len(bodies)):
        box = _named_box(bodies[index], top)
        if box is None:
            continue
        # the elements before lie in no such box (the loop went past them), so only the rest is checked
        rest = bodies[index:]
        if any(_named_box(el, top) is not box for el in rest):
            return bodies, [], None
        return bodies[:index], rest, box
    return bodies, [], None


def _named_box(el: etree._Element, top: etree._Element | None) -> etree._Element | None:
    """The outermost ancestor of ``el`` below ``top`` named like a best answer's box, if any."""
    found = None
    node: etree._Element | None = el
    while node is not None and node is not top:
        if names_best_answer(node):
            found = node
        node = node.getparent()
    return found
