"""A link wrapping a heading and a summary is a teaser card, not the article (``extractors/link_cards.py``)."""

from __future__ import annotations

from neural_pages import all_content_labels
from neural_pages import kept_texts as _kept

from scrapy_boiler.extractors.base import PageLabels
from scrapy_boiler.extractors.link_cards import CARD_MAX_WORDS, drop_link_cards

BODY = [
    "The harbour board met on Tuesday evening to decide how the old <a href='/pier'>ferry pier</a> should be repaired.",
    "Engineers told the board that the wooden piles had rotted further than the survey of last spring suggested.",
]
CARD = ("<a href='/news/bridge'><section><h3>Bridge closed for a week</h3>"
        "<p>The county will close the river bridge while its deck is resurfaced, drivers are told.</p></section></a>")


def _labels(after_body: str) -> PageLabels:
    """Every leaf labelled content, as a neural model keeps a rail of cards below the article."""
    body = "".join(f"<p>{text}</p>" for text in BODY)
    return all_content_labels(f"<article>{body}</article><div class='more'>{after_body}</div>")


def test_a_card_is_dropped_and_a_link_inside_a_paragraph_stays():
    labels = _labels(CARD)
    drop_link_cards(labels.blocks, "test")
    kept = _kept(labels)
    assert len(kept) == 2 and kept[0].startswith("The harbour board") and "ferry pier" in kept[0]
    dropped = [block for block in labels.blocks if not block.is_content]
    assert [block.text for block in dropped] == ["Bridge closed for a week",
                                                 "The county will close the river bridge while its deck is "
                                                 "resurfaced, drivers are told."]
    assert all(block.reasons[-1] == "test:inside a link (a teaser card)" for block in dropped)


def test_an_anchor_left_open_around_the_rest_of_the_page_is_no_card():
    long_text = " ".join(["word"] * (CARD_MAX_WORDS + 1))
    labels = _labels(f"<a href='/x'><div><p>{long_text}</p></div></a>")
    drop_link_cards(labels.blocks, "test")
    assert len(_kept(labels)) == 3


def test_an_anchor_without_a_link_is_no_card():
    labels = _labels("<a name='part-2'><div><p>Part two of the story goes on with the pier's history.</p></div></a>")
    drop_link_cards(labels.blocks, "test")
    assert len(_kept(labels)) == 3
