"""Teaser cards are not the article: a check the neural article models share.

A link that wraps block-level content (``<a href><section><h3>Title</h3><p>Summary…</p></section></a>``) is a card
pointing at another page: a "more on this topic" rail, a section front's grid. Its heading and summary read like an
article's, and a model that labels a block from its own words and tags (SemText's tags-as-words, MultiBoilerNet's
and Web2Text's block features) keeps them; a paragraph of an article is never inside a link, only links inside a
paragraph. Boilerpipe's link density ("Boilerplate Detection using Shallow Text Features", Kohlschütter, Fankhauser
and Nejdl) states the same for whole blocks; this applies it to the neural models' own blocks.
"""

from __future__ import annotations

from collections.abc import Sequence

from lxml import etree

from scrapy_boiler.parse.normalize import count_words
from scrapy_boiler.segment.blocks import TextBlock

#: A card says a headline and a summary. A link holding more words is markup left open (an ``<a>`` never closed
#: that swallows what follows it), not a card.
CARD_MAX_WORDS = 80


def drop_link_cards(blocks: Sequence[TextBlock], name: str) -> None:
    """Label boilerplate (in place) every content block whose element lies inside a link (an ``<a href>``) of at
    most :data:`CARD_MAX_WORDS` words."""
    words_of: dict[etree._Element, int] = {}
    for block in blocks:
        if not block.is_content:
            continue
        card = next((a for a in block.element.iterancestors("a") if a.get("href")), None)
        if card is None:
            continue
        if card not in words_of:
            words_of[card] = count_words(" ".join(card.itertext()))
        if words_of[card] <= CARD_MAX_WORDS:
            block.is_content = False
            block.reasons.append(f"{name}:inside a link (a teaser card)")
