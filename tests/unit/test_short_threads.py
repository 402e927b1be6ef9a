"""A list of other threads under a thread of one post is no group of posts (written pages)."""

from __future__ import annotations

import pytest

from scrapy_boiler import extract
from scrapy_boiler.parse.html import parse_html
from scrapy_boiler.segment.teasers import is_teaser

OPENING_POST = (
    "Last weekend I cleaned the filter far more thoroughly than usual, and since then the nitrite reading has climbed "
    "every day. The fish still eat and swim normally, but I would like to know whether a large water change now "
    "helps or only delays the problem. I have not added new fish or changed the food.")

TOPICS = [
    ("Nitrite rises after a water change: measuring error?", "Fadenalge", "12 Jun 2025, 08:13", 7),
    ("Filter sponges: how often and with what to clean them?", "Guppyfan", "18 Feb 2025, 21:30", 14),
    ("Corydoras keep swimming up to the surface", "Moosball", "9 Aug 2025, 14:55", 5),
    ("Seeded filter media from a neighbour: worth it?", "Schwerttraeger", "6 Nov 2024, 17:40", 9),
]


def _topic_row(title: str, poster: str, when: str, replies: int, number: int) -> str:
    return (f'<li class="row"><dl class="row-item"><dt><div class="list-inner">'
            f'<a href="./viewtopic.php?t={number}" class="topictitle">{title}</a><br/>'
            f'<div>by <a href="./memberlist.php?mode=viewprofile&amp;u={number}" class="username">{poster}</a>'
            f' &raquo; {when} &raquo; in <a href="./viewforum.php?f=3">Water chemistry</a></div></div></dt>'
            f'<dd class="posts">{replies} Replies</dd><dd class="views">{40 * replies} Views</dd>'
            f'<dd class="lastpost"><span>Last post by <a href="./memberlist.php?mode=viewprofile&amp;u=7">Wurzel</a>'
            f'<br/>{when}</span></dd></dl></li>')


def _one_post_topic() -> str:
    rows = "".join(_topic_row(*topic, 22000 + index) for index, topic in enumerate(TOPICS))
    return (
        "<html><head><title>Nitrite peak after cleaning the filter - Aquarium Forum</title></head><body>"
        '<div id="page-body"><h2 class="topic-title"><a href="./viewtopic.php?t=22100">Nitrite peak after cleaning '
        'the filter</a></h2><div id="p1" class="post has-profile bg2"><div class="inner">'
        '<dl class="postprofile"><dt><a href="./memberlist.php?mode=viewprofile&amp;u=5" class="username">Jana</a>'
        '</dt><dd>Posts: 12</dd></dl><div class="postbody"><h3><a href="#p1">Nitrite peak after cleaning the filter'
        '</a></h3><p class="author">by <a href="./memberlist.php?mode=viewprofile&amp;u=5">Jana</a> &raquo; '
        f'2 Nov 2025, 18:41</p><div class="content">{OPENING_POST}</div></div></div></div>'
        '<div class="forabg similar-topics"><ul class="topiclist"><li class="header">Similar topics</li></ul>'
        f'<ul class="topiclist topics">{rows}</ul></div></div></body></html>')


def test_a_topic_of_one_post_above_a_list_of_similar_topics_is_that_post_alone():
    doc = extract(_one_post_topic(), "https://aquarium.example/forum/viewtopic.php?t=22100")
    assert not doc.posts
    assert OPENING_POST in doc.text
    assert not any(title in doc.text for title, *_ in TOPICS)


def _member(html: str):
    return parse_html(f"<html><body><ul>{html}</ul></body></html>").root.find(".//li")


@pytest.mark.parametrize(("html", "teaser"), [
    (_topic_row(*TOPICS[0], 1), True),
    # a reply's title links to the reply itself, within the page
    ('<li><a href="#p2">Re: Nitrite peak after cleaning the filter</a> <span>2 Nov 2025</span> Thanks!</li>', False),
    # a mailing list's message: its subject links to its own page, its text says something
    ('<li><a href="/msg/123">Re: Nitrite peak after cleaning the filter</a><p>I had the same last spring; it '
     'settled after a week of small daily water changes and no feeding for two days.</p></li>', False),
    # a comment's permalink reads as a date
    ('<li><a href="/u/ann">ann</a> <a href="/item?id=9">3 hours ago</a> Same here.</li>', False),
    # a commenter's name linking to their blog, above the comment in a box of its own
    ('<li><a href="https://kristy.example" rel="external nofollow" class="url">Kristy @ Kristy\'s Health Revolution'
     '</a> <span>November 12, 2012 at 10:31 am</span></li>', False),
    # a box opening with words of its own
    ('<li>Posted in reply to <a href="/t/9">the earlier question about filters</a></li>', False),
])
def test_a_teaser_opens_with_a_title_linking_to_another_page_and_says_little_else(html, teaser):
    assert is_teaser(_member(html)) is teaser
