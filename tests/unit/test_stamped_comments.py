"""An article's comments told by their layout alone: under the body, each shows the minute it was written."""

from __future__ import annotations

import pytest
from lxml import etree

from scrapy_boiler import extract
from scrapy_boiler.segment.stamped_comments import has_time

STORY = [
    "The council voted on the new harbour plan on Tuesday evening, after a debate in the town hall that ran for four "
    "hours and drew more residents than the room could seat.",
    "The plan adds two piers and a ferry terminal on the north shore, and the works start next spring if the regional "
    "budget holds and the last permits arrive in time.",
    "Residents asked for a footpath along the water from the old lighthouse to the market square, which the council "
    "promised to study before the summer recess.",
    "The ferry company has said it will run a boat every hour in the summer and every two hours in the winter, and "
    "that tickets will cost the same as the bus into town.",
]
READERS = ["Kate", "Chloe", "Erica", "Michelle", "Penne", "Janet"]


def _blog(entries: str) -> str:
    """A story and, below it, ``entries``; every class name hashed, no heading over the entries."""
    body = "".join(f"<p>{line}</p>" for line in STORY)
    return (f"<html><head><title>Harbour plan</title></head><body><div class='h1a2b3c'><h1>Harbour plan</h1>"
            f"{body}</div><ol class='h9f8e7d'>{entries}</ol></body></html>")


def _comments(stamp: str) -> str:
    """Six readers' comments, each opening with an avatar, its poster's name and a link to itself saying when."""
    return "".join(
        f"<li class='h4d5e6f'><img src='/avatar/{i}.png'/>{name} on <a href='#comment-{i}'>October 23rd, 2012 "
        f"{stamp.format(i)}</a><div class='h7a8b9c'><p>I am with you on "
        f"the ferry, {name.lower()} here: a boat every hour would change the whole north shore for the better.</p>"
        f"<p>The footpath matters more to me than the piers, though, and I hope they build it first.</p></div></li>"
        for i, name in enumerate(READERS, start=1)
    )


def test_comments_showing_when_they_were_written_stay_out_of_the_story():
    doc = extract(_blog(_comments("1:{}8 pm")), "https://news.example/2012/10/harbour-plan")
    assert doc.page_type == "article"
    assert "council voted" in doc.text and "ferry company" in doc.text
    assert "I am with you" not in doc.text
    assert len(doc.posts) == len(READERS)


def test_comments_written_as_a_definition_list_show_their_time_in_the_term():
    # Blogger's comments: who and when in a <dt>, what in the <dd> after it
    entries = "".join(
        f"<dt class='h2c3d4e'>{name} said... October 23, 2012 at 1:{i}8 PM</dt><dd class='h5f6a7b'><p>I am with you on "
        f"the ferry, {name.lower()} here: a boat every hour would change the whole north shore for the better.</p>"
        f"<p>The footpath matters more to me than the piers, though, and I hope they build it first.</p></dd>"
        for i, name in enumerate(READERS, start=1)
    )
    doc = extract(_blog(entries).replace("<ol class='h9f8e7d'>", "<dl class='h9f8e7d'>").replace("</ol>", "</dl>"),
                  "https://news.example/2012/10/harbour-plan")
    assert "council voted" in doc.text and "I am with you" not in doc.text


def test_entries_dated_to_the_day_are_no_comments():
    # a list of stories, or an archive, shows the day only: the model's reading of them stands
    stamped = extract(_blog(_comments("1:{}8 pm")), "https://news.example/2012/10/harbour-plan")
    dated = extract(_blog(_comments("")), "https://news.example/2012/10/harbour-plan")
    assert "I am with you" not in stamped.text
    assert "I am with you" in dated.text


@pytest.mark.parametrize("title", [
    "<h2>Update {i}: the council meets again</h2>",  # a live blog's entries, a blog's front page
    "<a href='/2012/10/story-{i}'>The council meets again on the harbour plan</a>",  # a list of other stories
])
def test_timed_entries_under_a_title_are_no_comments(title):
    entries = "".join(
        f"<li class='h4d5e6f'>{title.format(i=i)}<p>October 23rd, 2012 1:{i}8 pm</p><p>The council met again and "
        f"agreed to look at the footpath along the water before the works on the piers begin next spring.</p></li>"
        for i in range(1, 7)
    )
    doc = extract(_blog(entries), "https://news.example/2012/10/harbour-plan")
    assert not doc.posts


@pytest.mark.parametrize(("markup", "expected"), [
    ("<li>Kate on October 23rd, 2012 1:38 pm<p>Nice.</p></li>", True),
    ("<li><span>#1.2 - Tue Jul 24, 2012 12:06 PM EDT</span><p>Nice.</p></li>", True),
    ("<li><span>3 hours ago</span><p>Nice.</p></li>", True),
    ("<li><span>vor 14 Minuten</span><p>Schön.</p></li>", True),
    ("<li><time datetime='2024-03-01'>1 March</time><p>Nice.</p></li>", True),
    ("<li><span>October 23rd, 2012</span><p>Nice.</p></li>", False),
    ("<li><p>The meeting lasted 2 hours and ended at 10.</p></li>", False),
])
def test_a_member_shows_the_minute_it_was_written(markup, expected):
    assert has_time(etree.fromstring(markup)) is expected
