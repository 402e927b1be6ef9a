"""Boxes set into an article that are never its text: a check every article model makes.

An in-body advert, a newsletter sign-up, a consent manager's placeholder where an embed was ("your privacy settings
prevent loading this content") and a reader poll all read like prose, and sit between the body's paragraphs where
the region and the neighbouring blocks say "article"; so does an appeal for the reader's money after the body ("If you
value it, please consider supporting us"), and a dialog laid over the page (a cookie banner of a vendor no list
knows). Their class and id names, or a dialog's role, say what they are
(:func:`~scrapy_boiler.segment.semantics.box_kind`, :func:`~scrapy_boiler.segment.semantics.is_dialog`), so what a
small box so named holds is left out, whatever a model scored it. An appeal in a box named for nothing is known by
its heading ("Support independent journalism"), and so is one asking for the reader's story or tip ("Do you have a
story for The Sun news desk?").
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from lxml import etree

from scrapy_boiler.parse.normalize import count_words
from scrapy_boiler.segment.blocks import TextBlock
from scrapy_boiler.segment.regions import is_within, nearest_box
from scrapy_boiler.segment.semantics import box_kind, is_dialog

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
    :data:`APPEAL_MAX_WORDS` named as an appeal for donations, marked as a dialog, or named a promotion and asking
    for money (:data:`ASKS_FOR_MONEY`)."""
    boxes: dict[etree._Element, bool] = {}
    for block in blocks:
        if block.is_content and (box := nearest_box(block.element, INSET_DEPTH, _inset_box, boxes)) is not None:
            block.is_content = False
            block.reasons.append(f"{name}:inside an advert, promotion, appeal, consent, poll box or dialog "
                                 f"({box.tag}.{box.get('class', '')})")
    _drop_headed_appeals(blocks, name)


def _inset_box(el: etree._Element) -> bool:
    """Whether ``el`` is a box :func:`drop_inset_boxes` drops: so named or a dialog, and small enough."""
    kind = box_kind(el)
    limit = INSET_MAX_WORDS if kind == "inset" else APPEAL_MAX_WORDS if kind or is_dialog(el) else 0
    text = " ".join(el.itertext()) if limit else ""
    words = count_words(text)
    return bool(limit) and (words <= limit or (
        kind == "inset" and words <= APPEAL_MAX_WORDS and ASKS_FOR_MONEY.search(text) is not None))


#: What a promotion of the site's own says when it is an appeal for money, which may be as long as one ("You can
#: become a sustaining member for as little as $3": The Intercept's ``end-of-article-promo``).
ASKS_FOR_MONEY = re.compile(
    r"\bbecome an? (?:\w+ )?(?:member|supporter|subscriber|donor)\b|\bdonat(?:e|ion)\b"
    r"|\bsupport (?:\S+\s){0,3}?(?:journalism|reporting|newsroom)\b|\bmake an? (?:\w+ )?(?:contribution|donation)\b",
    re.IGNORECASE)
#: The heading or opening line of an appeal for the reader's money, whatever the box is named ("Support PREMIUM
#: TIMES' journalism of integrity and credibility", "Support independent journalism", "Unterstützen Sie unabhängigen
#: Journalismus", "Soutenez notre rédaction", "Apoya el periodismo independiente"), or for their story ("Do you have a
#: story for The Sun news desk?", "Got a news tip?"): a line of at most :data:`APPEAL_LINE_WORDS` words.
APPEAL_LINE = re.compile(
    r"^\W{0,3}(?:support (?:\S+\s){0,4}?(?:journalism|newsroom|reporting)|support (?:us|our work)\b"
    r"|(?:do you have|have you got|got) an? (?:news |story )?(?:story|tip)\b"
    r"|(?:make|become) a (?:one-off |monthly |recurring )?(?:contribution|donation|donor)|donate (?:now|today)"
    r"|unterstützen sie (?:\S+\s){0,3}?(?:journalismus|arbeit|redaktion)"
    r"|soutenez (?:\S+\s){0,3}?(?:journalisme|rédaction)"
    r"|apoya (?:\S+\s){0,3}?periodismo|apoie (?:\S+\s){0,3}?jornalismo|sostieni (?:\S+\s){0,3}?giornalismo)",
    re.IGNORECASE)
APPEAL_LINE_WORDS = 12
#: Levels above such a line where its box is looked for.
APPEAL_DEPTH = 3


def _drop_headed_appeals(blocks: Sequence[TextBlock], name: str) -> None:
    """Label boilerplate (in place) the content blocks of the appeal a content line opens (:data:`APPEAL_LINE`): the
    largest element up to :data:`APPEAL_DEPTH` levels above the line that starts with it and holds at most
    :data:`APPEAL_MAX_WORDS` words (not the article around a short appeal)."""
    for position, block in enumerate(blocks):
        if not block.is_content or not APPEAL_LINE.match(block.text) or count_words(block.text) > APPEAL_LINE_WORDS:
            continue
        box, el = block.element, block.element.getparent()
        for _ in range(APPEAL_DEPTH):
            if el is None or count_words(" ".join(el.itertext())) > APPEAL_MAX_WORDS \
                    or any(is_within(earlier.element, el) for earlier in blocks[:position]):
                break
            box, el = el, el.getparent()
        for inside in blocks[position:]:
            if inside.is_content and is_within(inside.element, box):
                inside.is_content = False
                inside.reasons.append(f"{name}:inside an appeal for the reader's money or story")
