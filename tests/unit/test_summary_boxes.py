"""A newsroom's key points and FAQ set into the body are the article's (``extractors/blend/summary_boxes.py``)."""

from __future__ import annotations

from neural_pages import kept_texts, paragraphs_kept

from scrapy_boiler.extractors.base import PageLabels
from scrapy_boiler.extractors.blend.summary_boxes import summary_boxes

PARAGRAPHS = [
    "The union has called ground staff at ten airports out on strike for Thursday, and hundreds of flights will not "
    "leave. The employers said the strike in the middle of the holidays was out of all proportion.",
    "Travellers should check the status of their flight before they set out for the airport. Most airlines send "
    "word of cancellations by app, text message or e-mail, and some let passengers rebook their tickets for free.",
]
KEY_POINTS = ["Frankfurt, Munich, Hamburg and Berlin are among the airports on strike.",
              "The strike begins on Thursday at midnight and lasts twenty-four hours."]
FAQ = ["Am I owed compensation for the cancelled flight?",
       "As a rule no: a strike of airport staff counts as an extraordinary circumstance, but the ticket price is "
       "refunded."]


def _labels(key_points_box: str, faq_box: str = "") -> PageLabels:
    return paragraphs_kept(f"<article><div class='article-body'><p>{PARAGRAPHS[0]}</p>{key_points_box}"
                           f"<p>{PARAGRAPHS[1]}</p>{faq_box}</div></article>", PARAGRAPHS)


def test_the_key_points_and_the_faq_the_newsroom_set_into_the_body_are_its_text_but_their_label():
    key_points = ("<section class='s1tzr1gs summary'><p class='summary-title'>In brief</p><ul>"
                  + "".join(f"<li>{line}</li>" for line in KEY_POINTS) + "</ul></section>")
    faq = (f"<section class='faq'><h2>Frequently asked questions</h2><div class='faq-item'><h3>{FAQ[0]}</h3>"
           f"<p>{FAQ[1]}</p></div></section>")
    labels = _labels(key_points, faq)
    summary_boxes(labels.blocks, "test")
    # the boxes' labels are the site's words over them ("In brief"; "Frequently asked questions" stays a heading
    # for the section headings' rule to weigh)
    assert kept_texts(labels) == [PARAGRAPHS[0], *KEY_POINTS, PARAGRAPHS[1], *FAQ]


def test_a_box_so_named_that_links_to_other_stories_or_outside_the_body_is_no_summary():
    linked = ("<div class='summary'><ul>" + "".join(
        f"<li><a href='/business/story-{n}.html'>{line}</a></li>" for n, line in enumerate(KEY_POINTS)) + "</ul></div>")
    labels = _labels(linked)
    summary_boxes(labels.blocks, "test")
    assert kept_texts(labels) == PARAGRAPHS
    # a Tailwind variant's selector in a class names no summary ("[[data-group=summary]_&]:my-0")
    labels = _labels("<ul class='[[data-group=summary]_&]:my-0 my-10'>" + "".join(
        f"<li>{line}</li>" for line in KEY_POINTS) + "</ul>")
    summary_boxes(labels.blocks, "test")
    assert kept_texts(labels) == PARAGRAPHS
