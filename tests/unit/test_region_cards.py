"""The last card of a body that adverts split into cards of one class is read with the cards before it."""

from __future__ import annotations

from scrapy_boiler.extractors.blend.region_cards import region_cards
from scrapy_boiler.parse.html import parse_html
from scrapy_boiler.segment.blocks import annotate, segment

_CARD = '<div class="story-card"><p>{}</p></div>'
_AD = '<div class="ad-wrapper"><div>Advertisement</div></div>'
_TEXTS = [f"Card {n}: the irrigation board agreed to release water to the left bank canal from December."
          for n in range(1, 5)]


def _kept(cards: str, kept_cards: set[int], score: float = 0.3) -> list[str]:
    """The blocks content after :func:`region_cards`, in a region holding ``cards``, where the trees kept the
    paragraphs of the cards whose numbers are in ``kept_cards`` and scored the others' blocks ``score``."""
    root = parse_html(f'<html><body><div class="story-cards">{cards}</div></body></html>').root
    blocks = segment(root).blocks
    annotate(blocks)
    for block in blocks:
        block.is_content = any(block.text.startswith(f"Card {n}:") for n in kept_cards)
        block.score = 0.9 if block.is_content else score
    region_cards(blocks, root.find(".//div[@class='story-cards']"), "blend")
    return [block.text for block in blocks if block.is_content]


def test_the_last_card_after_an_advert_joins_the_kept_cards():
    """Quintype's and CNA's bodies: cards of one class between adverts; the last, scored low, is read with them, and
    so is a card between two kept ones; the adverts' labels stay out."""
    cards = _AD.join(_CARD.format(text) for text in _TEXTS)
    assert _kept(cards, {1, 2, 3}) == _TEXTS
    assert _kept(cards, {1, 2, 4}) == _TEXTS
    # TimesLIVE's last cards, after a picture and a heading, score as low as 0.04: read with the kept ones
    assert _kept(cards, {1, 2, 3}, score=0.04) == _TEXTS


def test_other_cards_linked_lines_low_scores_and_cards_side_by_side_stay_out():
    """A card of another class after the body (the author's box), a "read also" line or a linked line in a card, a
    card whose lines the trees found no text (a consent placeholder's), the cards of a class most of which hold no
    content, cards no advert splits (a list of comments, here split by pictures) and paragraphs of one class (no
    cards) are left as the trees scored them."""
    bio = '<div class="author-card"><p>Ravi Kumar reports on water and farming from Hosapete for the paper.</p></div>'
    linked = ('<div class="story-card"><p><a href="/other">Also read: the reservoir reached its full level in '
              "August</a></p></div>")
    split = _AD.join(_CARD.format(text) for text in _TEXTS)
    assert _kept(split + _AD + linked + bio, {1, 2, 3}) == _TEXTS
    assert _kept(split, {1, 2, 3}, score=0.01) == _TEXTS[:3]
    assert _kept(split, {1, 2}) == _TEXTS[:2]
    assert _kept("".join(_CARD.format(text) for text in _TEXTS), {1, 2, 3}) == _TEXTS[:3]
    pictured = '<figure><img src="/a.jpg"></figure>'.join(_CARD.format(text) for text in _TEXTS)
    assert _kept(pictured, {1, 2, 3}) == _TEXTS[:3]
    gallery = ('<div class="story-card"><div class="article-gallery"><img src="/b.jpg"><p>1/6Photography by Priya Anand'
               " / The Verge</p></div></div>")  # a gallery's credit in a card of the body's class
    assert _kept(split + _AD + gallery, {1, 2, 3}, score=0.06) == _TEXTS
    paragraphs = _AD.join(f'<p class="story-text">{text}</p>' for text in _TEXTS)  # a "Write to ..." line after them
    assert _kept(paragraphs, {1, 2, 3}) == _TEXTS[:3]
