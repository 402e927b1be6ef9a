"""A review's pros and cons and its tables of data set into the body are the article's
(``extractors/blend/review_parts.py``)."""

from __future__ import annotations

import pytest
from neural_pages import kept_texts, paragraphs_kept

from scrapy_boiler.extractors.base import PageLabels
from scrapy_boiler.extractors.blend.review_parts import review_parts

PARAGRAPHS = [
    "We used the headphones for two weeks, at home, at the office and on the train, and compared them with the "
    "models that cost twice as much. The noise cancelling comes close to theirs.",
    "If you buy one pair this year and want to get it right, these are the ones we would recommend to a friend, "
    "though the cheaper pair below lasts longer on a charge.",
]
PROS = ["Very effective noise cancelling", "LDAC and multipoint"]
CONS = ["Touch controls are a little sensitive"]
SPECS = [("Battery", "8 hours with ANC"), ("Weight", "5.2 g per bud"), ("Codecs", "SBC, AAC, LDAC")]


def _labels(box: str) -> PageLabels:
    return paragraphs_kept(f"<article><div class='entry-content'><p>{PARAGRAPHS[0]}</p>{box}"
                           f"<p>{PARAGRAPHS[1]}</p></div></article>", PARAGRAPHS)


def _side(name: str, label: str, points: list[str]) -> str:
    return f"<div class='{name}'><h4>{label}</h4><ul>" + "".join(f"<li>{p}</li>" for p in points) + "</ul></div>"


@pytest.mark.parametrize(("box", "pro", "con"), [
    ("pros-cons-box", "pros-cons-box__pros", "pros-cons-box__cons"),  # BEM: the element part names the side
    ("summary-box", "summary-box__col summary-box__col--plus", "summary-box__col summary-box__col--minus"),
    ("p-good-bad", "p-good-bad__good", "p-good-bad__bad"),
    ("pro_contro", "pro", "contro"),
])
def test_a_box_of_pros_and_cons_among_the_body_paragraphs_is_its_text(box, pro, con):
    labels = _labels(f"<div class='{box}'>{_side(pro, 'What we like', PROS)}{_side(con, 'What we do not', CONS)}"
                     "</div>")
    review_parts(labels.blocks, "test")
    assert kept_texts(labels) == [PARAGRAPHS[0], "What we like", *PROS, "What we do not", *CONS, PARAGRAPHS[1]]


def test_a_table_of_specifications_among_the_body_paragraphs_is_its_text():
    table = "<figure class='wp-block-table'><table>" + "".join(
        f"<tr><td>{name}</td><td>{value}</td></tr>" for name, value in SPECS) + "</table></figure>"
    labels = _labels(table)
    review_parts(labels.blocks, "test")
    assert len(kept_texts(labels)) > len(PARAGRAPHS) and PARAGRAPHS[1] in kept_texts(labels)
    assert all(any(value in text for text in kept_texts(labels)) for _, value in SPECS)


@pytest.mark.parametrize("box", [
    # a box so named with one side only, or both names in one class, is no box of pros and cons
    f"<div class='pros-cons'>{_side('pros', 'What we like', PROS)}</div>",
    f"<div class='box'>{_side('pros-cons', 'What we like', PROS)}{_side('pros-and-cons', 'Verdict', CONS)}</div>",
    # a table whose values link to the site's tags (a tutorial's details), a widget's table, a form's
    "<table class='tutorial-details'>" + "".join(
        f"<tr><td>{name}</td><td><a href='/tag/{n}'>{value}</a></td></tr>" for n, (name, value) in enumerate(SPECS))
    + "</table>",
    "<div class='marketdata-widget'><table>" + "".join(
        f"<tr><td>{name}</td><td>{value}</td></tr>" for name, value in SPECS) + "</table></div>",
    "<form><table><tr><td>Your nickname</td><td>(optional)</td></tr><tr><td>Message</td><td>(required)</td></tr>"
    "</table></form>",
    # a table laid out around paragraphs
    "<table><tr><td>" + " ".join(["The council met again on Monday to weigh the plan."] * 5) + "</td><td>x</td></tr>"
    "<tr><td>a</td><td>b</td></tr></table>",
])
def test_boxes_and_tables_that_are_no_review_part_stay_out(box):
    labels = _labels(box)
    review_parts(labels.blocks, "test")
    assert kept_texts(labels) == PARAGRAPHS
