"""Boxes set into an article that are never its text: a check every article model makes.

An in-body advert, a newsletter sign-up, a consent manager's placeholder where an embed was ("your privacy settings
prevent loading this content") and a reader poll all read like prose, and sit between the body's paragraphs where
the region and the neighbouring blocks say "article"; so does an appeal for the reader's money after the body ("If you
value it, please consider supporting us"), and a dialog laid over the page (a cookie banner of a vendor no list
knows). Their class and id names, or a dialog's role, say what they are
(:func:`~scrapy_boiler.segment.semantics.is_inset_box`, :func:`~scrapy_boiler.segment.semantics.is_appeal`,
:func:`~scrapy_boiler.segment.semantics.is_dialog`), so what a small box so named holds is left out, whatever a model
scored it.
"""

from __future__ import annotations

from collections.abc import Sequence

from lxml import etree

from scrapy_boiler.parse.normalize import count_words
from scrapy_boiler.segment.blocks import TextBlock
from scrapy_boiler.segment.semantics import is_appeal, is_dialog, is_inset_box

#: Ancestors looked at for a box (the block's element and three above it: 20 Minuten's poll question sits two unnamed
#: wrappers below its box), and the most words such a box may hold: a bigger box so named is a layout's wrapper.
INSET_DEPTH = 4
INSET_MAX_WORDS = 80
#: The most words an appeal's box or a dialog may hold: a heading, a few paragraphs and buttons (the Guardian's
#: appeal, 110).
APPEAL_MAX_WORDS = 250


def drop_inset_boxes(blocks: Sequence[TextBlock], name: str) -> None:
    """Label boilerplate (in place) every content block inside a box of at most :data:`INSET_MAX_WORDS` words named
    as an advertisement, a promotion of the site's own, a consent manager's box or a reader poll, or of at most
    :data:`APPEAL_MAX_WORDS` named as an appeal for donations or marked as a dialog."""
    boxes: dict[etree._Element, bool] = {}
    for block in blocks:
        if not block.is_content:
            continue
        el = block.element
        for _ in range(INSET_DEPTH):
            if el is None:
                break
            if el not in boxes:
                limit = (INSET_MAX_WORDS if is_inset_box(el)
                         else APPEAL_MAX_WORDS if is_appeal(el) or is_dialog(el) else 0)
                boxes[el] = bool(limit) and count_words(" ".join(el.itertext())) <= limit
            if boxes[el]:
                block.is_content = False
                block.reasons.append(
                    f"{name}:inside an advert, promotion, appeal, consent, poll box or dialog "
                    f"({el.tag}.{el.get('class', '')})")
                break
            el = el.getparent()
