"""Page-type detection, post grouping and Q&A pairs on small thread pages written for the tests."""

from __future__ import annotations

import pytest
from lxml import etree

from scrapy_boiler import extract
from scrapy_boiler.extractors import registry
from scrapy_boiler.extractors.threads.page_type import detect
from scrapy_boiler.parse.html import parse_html
from scrapy_boiler.segment.post_groups import find_post_group, signature


def test_qa_page_is_detected_and_keeps_question_and_answers(page_bytes):
    doc = extract(page_bytes("qa_thread.html"), "https://kitchen.example/questions/4821/keep-bread-fresh",
                  model="posts")
    assert doc.page_type == "qa" and doc.page_type_score > 0.9
    assert doc.model == "posts"
    assert len(doc.posts) == 4
    assert doc.posts[0].text.startswith("I bake a large sourdough loaf")
    assert doc.posts[0].author == "marta" and doc.posts[0].date == "2024-03-02T09:14:00"
    assert [p.author for p in doc.posts[1:]] == ["ben baker", "lin", "olek"]
    assert len(doc.qa_pairs) == 3
    question = doc.qa_pairs[0].question
    assert question.startswith("How do I keep bread fresh for a week?") and "sourdough" in question
    assert doc.qa_pairs[2].answer.startswith("Adding a little rye flour")
    for boilerplate in ("Related questions", "Why does bread go stale?", "trademarks", "3 Answers"):
        assert boilerplate not in doc.text
    assert "Slice the loaf" in doc.text and "linen bread bag" in doc.text and "rye flour" in doc.text


def test_forum_thread_posts_without_profile_boxes(page_bytes):
    doc = extract(page_bytes("forum_thread.html"), "https://bikes.example/viewtopic.php?t=9911", model="posts")
    assert doc.page_type == "forum"
    assert [p.text.split()[0] for p in doc.posts] == ["Since", "A", "Thanks!"]
    assert all("Joined" not in p.text and "Posts:" not in p.text for p in doc.posts)
    assert doc.posts[1].author is not None and "spokesman" in doc.posts[1].author
    assert [pair.answer.split()[0] for pair in doc.qa_pairs] == ["A", "Thanks!"]
    assert "Who is online" not in doc.text and "Board index" not in doc.text


@pytest.fixture
def rules_only(monkeypatch):
    """``auto`` without a trained type-2 model: thread pages go to the ``posts`` rules."""
    monkeypatch.setattr(registry, "_type2_model", lambda device: None)
    registry._build.cache_clear()
    yield
    registry._build.cache_clear()


def test_router_sends_threads_to_the_posts_rules(page_bytes):
    doc = extract(page_bytes("forum_thread.html"))
    assert doc.model == "posts" and doc.page_type == "forum" and len(doc.posts) == 3


def test_news_model_on_a_thread_is_what_the_router_avoids(page_bytes, rules_only):
    """The article rules keep the largest stretch; the router must keep every answer."""
    html = page_bytes("qa_thread.html")
    auto = extract(html)
    assert all(answer in auto.text for answer in ("Slice the loaf", "linen bread bag", "rye flour"))
    assert extract(html, model="news").page_type == "article"  # explicit models don't detect types


def test_article_stays_article_and_has_no_pairs(page_bytes):
    doc = extract(page_bytes("news_article.html"))
    assert doc.page_type == "article" and doc.model == "blend"
    assert doc.qa_pairs == []


def test_comment_thread_under_an_article_is_kept_apart():
    body = "<p>" + " ".join(["The council voted on the new harbour plan after a long debate."] * 12) + "</p>"
    comments = "".join(
        f'<li class="comment" id="comment-{i}"><div class="comment-author"><a href="/users/u{i}">user{i}</a></div>'
        f'<div class="comment-meta">March {i}, 2024 at 10:0{i} am</div>'
        f'<div class="comment-text"><p>Comment number {i} says the plan is fine but the budget is too high.</p></div>'
        "</li>"
        for i in range(1, 6)
    )
    html = f"<html><head><title>Harbour plan</title></head><body><article><h1>Harbour plan</h1>{body}</article>" \
           f'<ol class="commentlist">{comments}</ol></body></html>'
    doc = extract(html)
    assert doc.page_type == "article"
    assert "council voted" in doc.text and "Comment number" not in doc.text
    assert len(doc.posts) == 5 and doc.posts[0].text.startswith("Comment number 1")
    assert doc.qa_pairs == []


def test_signature_ignores_digits_and_keeps_generated_ids():
    el = etree.fromstring('<div class="post post-123 bg2" id="p1001"/>')
    assert signature(el) == "div.bg post post-#p"


def test_paragraphs_of_an_article_are_not_a_thread(page_bytes):
    page = parse_html(page_bytes("news_article.html"))
    decision = detect(page.root)
    assert decision.page_type == "article"


def test_group_finder_handles_pages_without_repeats():
    page = parse_html("<html><body><p>Just one paragraph of text here.</p></body></html>")
    assert find_post_group(page.root) is None
    assert detect(page.root).page_type == "article"


@pytest.mark.parametrize("html", ["", "   ", "<html></html>"])
def test_empty_pages_still_give_documents(html):
    doc = extract(html)
    assert doc.posts == [] and doc.qa_pairs == []
