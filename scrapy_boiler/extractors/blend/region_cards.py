"""The last cards of a body that adverts split into cards: the region's children rendered alike, read as one text.

A news CMS may write a body as cards, the region's children of one class with an advert's slot or a "related" card
between them (Quintype's ``div.arr--story-card``: Prajavani; Drupal's ``div.paragraph--type--text``: CNA). The trees
score each card on its own, and the last one, after the last advert, far from the headline and with the page's end
near, may score low as a whole while the cards before it are kept. A card of the body's class that holds no content,
after one that does, when most of the cards of that class hold content and an advert splits them, is read with them.
"""

from __future__ import annotations

from collections import Counter

from lxml import etree

from scrapy_boiler.extractors.blend.pointers import is_pointer_line
from scrapy_boiler.extractors.blend.siblings import is_advert
from scrapy_boiler.extractors.body_template import TEMPLATE_MAX_LINKS
from scrapy_boiler.segment.blocks import TextBlock
from scrapy_boiler.segment.semantics import in_picture

#: Cards of one class a region holds at least; the fewest words of a card's block that joins (a time stamp, a
#: button's label stay out), and the trees' score it needs (what they found no part of any text stays out: a
#: consent placeholder, a teaser's line; TimesLIVE's last cards, after a quotation, a picture and a heading, score
#: 0.04 to 0.07).
MIN_CARDS = 3
CARD_MIN_WORDS = 3
CARD_MIN_SCORE = 0.03
#: Tags of a card: a container (a paragraph after the body's last kept one, "Write to ...", is no card).
_CARD_TAGS = frozenset({"div", "section", "article"})


def region_cards(blocks: list[TextBlock], region: etree._Element | None, name: str) -> None:
    """Label content (in place) the prose blocks (few words linked, not a "read also" line, no caption nor text of a
    box named for pictures or a gallery, scored
    :data:`CARD_MIN_SCORE` at least) of each of ``region``'s children that holds no content, when it is a container
    (:data:`_CARD_TAGS`) of a tag and class that :data:`MIN_CARDS` children or more share, most of which hold
    content, that an advert splits (a list of comments is no body split up), and comes after one of them that
    does."""
    if region is None:
        return
    kinds = Counter((child.tag, child.get("class")) for child in region if isinstance(child.tag, str))
    cards = [child for child in region if child.tag in _CARD_TAGS and child.get("class")
             and kinds[(child.tag, child.get("class"))] >= MIN_CARDS]
    if not cards:
        return
    owner = {el: card for card in cards for el in card.iter()}
    inside: dict[etree._Element, list[TextBlock]] = {card: [] for card in cards}
    for block in blocks:
        if (card := owner.get(block.element)) is not None:
            inside[card].append(block)
    for kind in {(card.tag, card.get("class")) for card in cards}:
        alike = [card for card in cards if (card.tag, card.get("class")) == kind]
        holding = [any(block.is_content for block in inside[card]) for card in alike]
        if 2 * sum(holding) <= len(alike) or True not in holding or not _split(alike):
            continue
        for card, holds in list(zip(alike, holding, strict=True))[holding.index(True) + 1:]:
            if holds:
                continue
            for block in inside[card]:
                f = block.features
                if f is None or f.num_words < CARD_MIN_WORDS or f.link_density > TEMPLATE_MAX_LINKS \
                        or block.score < CARD_MIN_SCORE or is_pointer_line(block.text) or in_picture(block.element):
                    continue
                block.is_content = True
                block.reasons.append(f"{name}:in a card of the body's, after its kept cards")


def _split(cards: list[etree._Element]) -> bool:
    """Whether an advert (:func:`~scrapy_boiler.extractors.blend.siblings.is_advert`) sits between two of the
    ``cards`` (siblings in the page's order)."""
    last = cards[-1]
    for sibling in cards[0].itersiblings():
        if sibling is last:
            return False
        if isinstance(sibling.tag, str) and is_advert(sibling, " ".join("".join(sibling.itertext()).split())):
            return True
    return False
