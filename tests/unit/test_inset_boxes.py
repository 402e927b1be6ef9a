"""A small box named an advert, a promotion, a consent box or a poll is not the article
(``extractors/inset_boxes.py``), for ``blend`` and, through their tidy step, the neural models."""

from __future__ import annotations

import pytest
from neural_pages import all_content_labels
from neural_pages import kept_texts as _kept

from scrapy_boiler.extractors.base import PageLabels
from scrapy_boiler.extractors.inset_boxes import INSET_DEPTH, INSET_MAX_WORDS, drop_inset_boxes
from scrapy_boiler.extractors.tidy import tidy_labels
from scrapy_boiler.parse.html import parse_html

BODY = [
    "The harbour board met on Tuesday evening to decide how the old ferry pier should be repaired this winter.",
    "Engineers told the board that the wooden piles had rotted further than the survey of last spring suggested.",
]
SIGN_UP = "Get the morning briefing: the day's harbour news in your inbox, every weekday at seven."


def _page(box: str) -> str:
    return f"<article><p>{BODY[0]}</p>{box}<p>{BODY[1]}</p></article>"


def _labels(box: str) -> PageLabels:
    """Every leaf labelled content, as a network that keeps the box between the paragraphs."""
    return all_content_labels(_page(box))


def test_a_sign_up_box_between_the_paragraphs_is_dropped():
    labels = _labels(f"<div class='newsletter-signup'><p>{SIGN_UP}</p></div>")
    drop_inset_boxes(labels.blocks, "test")
    assert _kept(labels) == BODY
    dropped = [block for block in labels.blocks if not block.is_content]
    assert [block.text for block in dropped] == [SIGN_UP]
    assert dropped[0].reasons[-1] == ("test:inside an advert, promotion, appeal, consent, poll box or dialog "
                                      "(div.newsletter-signup)")


def test_the_authors_short_biography_is_dropped():
    """XDA sets the writer's short biography under the byline, in the article's box, and freeCodeCamp in the author's
    card above the body: a model reads it as the body's first paragraph."""
    bio = "Callum has been rebuilding his home network for a decade and writes about self-hosting and old hardware."
    labels = _labels(f"<div class='author-bio-short'><p>{bio}</p></div>")
    drop_inset_boxes(labels.blocks, "test")
    assert _kept(labels) == BODY
    # freeCodeCamp's author card over the body: the writer's name and a line about them
    labels = _labels(f"<section class='author-card'><section class='author-card-content'><p>{bio}</p></section>"
                     "</section>")
    drop_inset_boxes(labels.blocks, "test")
    assert _kept(labels) == BODY


def test_a_sites_disclaimer_under_the_article_is_dropped():
    """A financial site closes each article with the same disclaimer (not investment advice, conflicts of interest),
    in a box named for it: the site's words, not the article's."""
    note = ("The information in this article is for information only and is no solicitation to invest nor "
            "financial advice.")
    labels = _labels(f"<div class='article-mf__disclaimer'><p><em>{note}</em></p></div>")
    drop_inset_boxes(labels.blocks, "test")
    assert _kept(labels) == BODY


@pytest.mark.parametrize("embed", [
    "<blockquote class='twitter-tweet'><p lang='en'>The pier is closed again tonight, take the long way round. "
    "</p>&mdash; Harbour Watch (@harbourwatch) <a href='https://x.com/harbourwatch/status/1'>March 3, 2026</a>"
    "</blockquote>",
    "<div class='embed embed--instagram'><blockquote class='instagram-media'><p>Sunset over the old ferry pier, "
    "one last time before the repairs start.</p></blockquote></div>",
    "<blockquote class='bluesky-embed'><p>Morgen geht am Hafen fast nichts, der Anleger bleibt zu.</p></blockquote>",
])
def test_a_social_networks_post_embedded_between_the_paragraphs_is_dropped(embed):
    """An embedded post keeps the class its network's embed code gives it: someone else's words, not the article's,
    though a model reads them as a quotation of the body."""
    labels = _labels(embed)
    drop_inset_boxes(labels.blocks, "test")
    assert _kept(labels) == BODY


def test_a_poll_is_found_up_to_the_depth_and_no_further():
    def poll(wrappers: int) -> str:
        return ("<div class='article-poll'>" + "<div>" * wrappers + "<p>Should the pier be rebuilt in stone?</p>"
                + "</div>" * wrappers + "</div>")
    near = _labels(poll(INSET_DEPTH - 2))  # the <p>, its wrappers, then the box: INSET_DEPTH elements
    drop_inset_boxes(near.blocks, "test")
    assert _kept(near) == BODY
    far = _labels(poll(INSET_DEPTH - 1))
    drop_inset_boxes(far.blocks, "test")
    assert len(_kept(far)) == 3


def test_a_big_box_so_named_is_a_wrapper_not_an_inset():
    long_text = " ".join(["pier"] * (INSET_MAX_WORDS + 1))
    labels = _labels(f"<div class='ad-free-content'><p>{long_text}</p></div>")
    drop_inset_boxes(labels.blocks, "test")
    assert len(_kept(labels)) == 3


def test_a_topic_class_names_no_box():
    labels = _labels(f"<div class='post tag-newsletter category-media'><p>{SIGN_UP}</p></div>")
    drop_inset_boxes(labels.blocks, "test")
    assert len(_kept(labels)) == 3


def test_the_neural_models_tidy_step_drops_the_box():
    page = _page(f"<div class='cmp-consent-embed'><p>{SIGN_UP}</p></div>")
    labels = all_content_labels(page)
    tidy_labels(parse_html(f"<html><body>{page}</body></html>".encode()), labels, "test")
    assert _kept(labels) == BODY


def test_an_appeal_for_donations_longer_than_an_advert_is_dropped():
    appeal = ("<div data-testid='contributions-epic'><h2>Before you go: a word about how this story reached you</h2>"
              + f"<p>{' '.join(['Nobody paid for this story to reach you.'] * 12)}</p>"
              + "<p>If you value it, please consider supporting us. It takes a minute.</p>"
              + "<a href='/contribute'>Support us</a></div>")
    for name in ("data-testid='contributions-epic'", "data-component='remote-epic-liveblog'", "class='donate-box'",
                 "data-testid='support-banner'",  # The Independent's
                 "class='sc-contribute contribution-prompt'"):  # TheJournal.ie's
        labels = _labels(appeal.replace("data-testid='contributions-epic'", name))
        drop_inset_boxes(labels.blocks, "test")
        assert _kept(labels) == BODY, name
    # the same words in a box named as an advert are a layout's wrapper, past an advert's size
    advert = _labels(appeal.replace("data-testid='contributions-epic'", "class='ad-slot'"))
    drop_inset_boxes(advert.blocks, "test")
    assert len(_kept(advert)) > 2


def test_a_dialog_laid_over_the_page_is_dropped():
    """A cookie banner of a vendor no list knows (the Dutch public broadcaster's ``ccm_notification``) is a dialog."""
    banner = ("<div class='ccm_notification' role='dialog' aria-modal='true'><div class='inner'><h2>Cookies</h2>"
              "<div><p>We would like to give you a personal experience, so we use cookies and similar techniques to "
              "measure how the site is used and to show you content that fits your interests.</p></div></div></div>")
    labels = _labels(banner)
    drop_inset_boxes(labels.blocks, "test")
    assert _kept(labels) == BODY


@pytest.mark.parametrize(("appeal", "bystander"), [
    # Premium Times' appeal in an inline-styled <div> after the body, known by its heading
    ("<div style='background:#f5f5f5'><h4>Support HARBOUR TIMES' journalism of integrity and credibility</h4>"
     "<p>We believe in journalism that everyone can read, so we keep our stories free of a paywall.</p>"
     "<p>If you value our reporting, consider a contribution of any size: it keeps the newsroom going.</p></div>",
     "Support for the new pier came from the fishermen, who had waited ten years for the repairs."),
    # The Sun's box asking for stories, its e-mail and phone numbers after the question
    ("<div class='article-boxout'><p><strong>Do you have a story for The Harbour Times news desk?</strong></p>"
     "<p>Email us at news@harbour.example or call 020 7946 0421. We pay for videos too.</p></div>",
     "Do you have a story about the old pier? the museum asked, and two hundred people wrote back."),
])
def test_an_appeal_in_a_box_named_for_nothing_is_known_by_its_opening_line(appeal: str, bystander: str):
    """An appeal for the reader's money ("Support PREMIUM TIMES' journalism of integrity and credibility") or story
    ("Do you have a story for The Sun news desk?") in a box named for nothing a model knows is known by its opening
    line: the box goes. A paragraph of the story's own that starts alike stays."""
    labels = _labels(appeal)
    drop_inset_boxes(labels.blocks, "test")
    assert _kept(labels) == BODY
    labels = _labels(f"<p>{bystander}</p>")
    drop_inset_boxes(labels.blocks, "test")
    assert _kept(labels) == [BODY[0], bystander, BODY[1]]


def test_a_promotion_of_the_sites_own_asking_for_money_is_dropped_up_to_an_appeals_length():
    """The Intercept ends its article with a box named a promotion (``end-of-article-promo``) of 160 words, twice a
    promotion's: it asks the reader to become a member, so it is an appeal, dropped up to an appeal's length. A
    promotion as long that asks for nothing (a list of the site's podcasts) is left to the models."""
    appeal = ("<section class='end-of-article-promo promo'><p><strong>Wait! Before you go</strong> on about your day, "
              + "ask yourself how likely it is that another outlet would have told this story. " * 8
              + "Joining is simple: you can become a sustaining member for as little as $3 a month.</p></section>")
    labels = _labels(appeal)
    drop_inset_boxes(labels.blocks, "test")
    assert _kept(labels) == BODY
    podcasts = ("<section class='end-of-article-promo promo'><p>"
                + "Our podcasts cover the harbour, the council and the courts, with new episodes each week. " * 8
                + "</p></section>")
    labels = _labels(podcasts)
    drop_inset_boxes(labels.blocks, "test")
    assert len(_kept(labels)) == 3

