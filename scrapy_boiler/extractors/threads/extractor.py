"""The rules model for type-2 pages (``posts``): the bodies of the repeated post containers are the content.

The article rules keep the largest stretch of text and so cut a thread down to its longest post;
on a thread every post matters. This extractor labels the text leaves inside the post bodies found
by :func:`~scrapy_boiler.segment.post_groups.find_post_group` as content, plus the page's ``<h1>``
headings above the first post (the question's title), and everything else as boilerplate. It is
the type-2 route of ``model="auto"`` when no trained SemText model is installed.
"""

from __future__ import annotations

from collections.abc import Sequence

from lxml import etree

from scrapy_boiler.extractors.base import PageLabels
from scrapy_boiler.extractors.threads.page_type import detect
from scrapy_boiler.extractors.threads.thread_title import page_address, page_titles
from scrapy_boiler.parse.html import ParsedPage
from scrapy_boiler.segment.blocks import Segmentation, annotate, segment
from scrapy_boiler.segment.post_bodies import body_owner
from scrapy_boiler.segment.post_groups import PostGroup

NAME = "posts"


def label_thread(seg: Segmentation, group: PostGroup | None) -> None:
    """Set ``is_content`` on the blocks of ``seg``: post bodies and the headline above the first post."""
    annotate(seg.blocks)
    if group is None:
        return
    bodies = group.body_of()
    first = group.members[0]
    for block in seg.blocks:
        # a block of inline elements may start with the post's byline and hold its body after it (PTT's one-line
        # pushes: tag, user, text, time): its text leaves in the body carry it
        inside = any(body_owner(leaf.parent, bodies) is not None
                     for leaf in seg.leaves[block.leaf_start:block.leaf_end])
        headline = block.element.tag == "h1" and _before(block.element, first)
        block.is_content = inside or headline
        block.score = 1.0 if block.is_content else 0.0
        block.reasons.append("post body" if inside else "headline" if headline else "outside posts")


def _before(el: etree._Element, other: etree._Element) -> bool:
    """Whether ``el`` comes before ``other`` in document order."""
    for node in el.getroottree().getroot().iter():
        if node is el:
            return True
        if node is other:
            return False
    return False


class ThreadRuleExtractor:
    """Extractor protocol for :func:`label_thread`; detects the page type itself when used directly."""

    name = NAME

    def label_pages(self, pages: Sequence[ParsedPage]) -> list[PageLabels]:
        out = []
        for page in pages:
            decision = detect(page.root, page_address(page), titles=page_titles(page))
            out.append(self.label_page(page, decision.group, decision.page_type, decision.score))
        return out

    def label_page(self, page: ParsedPage, group: PostGroup | None, page_type: str, score: float) -> PageLabels:
        seg = segment(page.root)
        label_thread(seg, group)
        return PageLabels(seg.leaves, seg.blocks, page_type, score, post_group=group, model=NAME, runs=seg.runs)
