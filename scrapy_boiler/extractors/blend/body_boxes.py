"""Boxes set among an article body's paragraphs: what the rules that put such a box back share.

A newsroom's key points, a review's pros and cons, a table of specifications: each is a box of short lines between
the body's paragraphs, which the trees score as a teaser's. The rules that put them back
(:mod:`~scrapy_boiler.extractors.blend.summary_boxes`, :mod:`~scrapy_boiler.extractors.blend.review_parts`) look for
the box around each block left out, near the elements holding the body's content paragraphs, and weigh its links.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial

from lxml import etree

from scrapy_boiler.parse.normalize import count_words
from scrapy_boiler.segment.blocks import TextBlock
from scrapy_boiler.segment.regions import nearest_box


def boxed_blocks(blocks: list[TextBlock], is_box: Callable[[etree._Element, set[etree._Element]], bool],
                 levels: int) -> Iterator[tuple[TextBlock, etree._Element]]:
    """Each block not labelled content whose element, or one of its ``levels`` - 1 ancestors, ``is_box`` (asked with
    the elements holding the body's content paragraphs, read before any block is relabelled), with that box."""
    holders = {block.element.getparent() for block in blocks if block.is_content and block.element.tag == "p"}
    holders.discard(None)
    if not holders:
        return
    seen: dict[etree._Element, bool] = {}
    found = partial(is_box, holders=holders)
    for block in blocks:
        if not block.is_content and block.features is not None \
                and (box := nearest_box(block.element, levels, found, seen)) is not None:
            yield block, box


def words_and_linked(el: etree._Element) -> tuple[int, int]:
    """Words under ``el``, and those of them inside links."""
    return (count_words(" ".join(el.itertext())),
            count_words(" ".join(text for a in el.iter("a") for text in a.itertext())))
