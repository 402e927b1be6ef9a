"""Boxes set into an article that are never its text: a check every article model makes.

An in-body advert, a newsletter sign-up, a consent manager's placeholder where an embed was ("your privacy settings
prevent loading this content") and a reader poll all read like prose, and sit between the body's paragraphs where
the region and the neighbouring blocks say "article". Their class and id names say what they are
(:func:`~scrapy_boiler.segment.semantics.is_inset_box`), so what a small box so named holds is left out, whatever
a model scored it.
"""

from __future__ import annotations

from collections.abc import Sequence

from lxml import etree

from scrapy_boiler.parse.normalize import count_words
from scrapy_boiler.segment.blocks import TextBlock
from scrapy_boiler.segment.semantics import is_inset_box

#: Ancestors looked at for a box (the block's element and three above it: 20 Minuten's poll question sits two unnamed
#: wrappers below its box), and the most words such a box may hold: a bigger box so named is a layout's wrapper.
INSET_DEPTH = 4
INSET_MAX_WORDS = 80


def drop_inset_boxes(blocks: Sequence[TextBlock], name: str) -> None:
    """Label boilerplate (in place) every content block inside a box of at most :data:`INSET_MAX_WORDS` words named
    as an advertisement, a promotion of the site's own, a consent manager's box or a reader poll."""
    boxes: dict[etree._Element, bool] = {}
    for block in blocks:
        if not block.is_content:
            continue
        el = block.element
        for _ in range(INSET_DEPTH):
            if el is None:
                break
            if el not in boxes:
                boxes[el] = is_inset_box(el) and count_words(" ".join(el.itertext())) <= INSET_MAX_WORDS
            if boxes[el]:
                block.is_content = False
                block.reasons.append(
                    f"{name}:inside an advert, promotion, consent or poll box ({el.tag}.{el.get('class', '')})")
                break
            el = el.getparent()
