"""A comment section's heading names the thread under an article as comments, whatever its class names."""

from __future__ import annotations

import pytest
from lxml import etree

from scrapy_boiler import extract
from scrapy_boiler.segment.comment_headings import introduced_as_comments


def _first_comment(markup: str) -> etree._Element:
    root = etree.fromstring(f"<div>{markup}<ol><li id='first'>Nice post, thanks.</li></ol></div>")
    return root.find(".//li[@id='first']")


@pytest.mark.parametrize("heading", [
    "<h3>Comments <span>(15)</span></h3>",
    "<div><span>29</span> Responses to <em>“More Landscape Stream of Consciousness”</em></div>",
    "<h2>12 Kommentare</h2><p>Sortieren: Neueste zuerst</p>",
    "<h2>12 thoughts on “Easy overnight bread”</h2>",
    "<h3>8 Thoughts</h3>",
    "<h4>Reader comments</h4>",
    "<h3>Commentaires</h3>",
])
def test_a_heading_above_the_first_comment_names_them(heading):
    assert introduced_as_comments(_first_comment(heading))


@pytest.mark.parametrize("not_a_heading", [
    "<p>By Maria Keller | <span>1 Comment</span></p>",  # a count at the end of a byline
    "<a href='#comments'>15 comments</a>",  # a link to the comments
    "<h3>Comments (0)</h3>",  # none follow: what does is something else
    "<h2>Leave a Reply</h2>",  # a comment form's heading: the form mostly comes after the comments
    "<h2>Related stories</h2>",
    "<h2>Thoughts</h2>",  # no count: a section of the article
    "<p>I read all the comments on this and I am surprised at how many people agree with the plan.</p>",
    "<h3>Comments</h3><p>one</p><p>two</p><p>three</p><p>four</p><p>five</p>",  # too far above
])
def test_other_texts_above_do_not(not_a_heading):
    assert not introduced_as_comments(_first_comment(not_a_heading))


def _blog(heading: str) -> str:
    body = "".join(f"<p>{line}</p>" for line in (
        "The council voted on the new harbour plan on Tuesday after a long debate in the town hall.",
        "The plan adds two piers and a ferry terminal, and the works start next spring if the budget holds.",
        "Residents asked for a footpath along the water, which the council promised to study.",
    ))
    comments = "".join(
        f'<div class="css-1q2w3e"><div class="css-8k7j6h"><a href="/users/reader{i}">reader{i}</a>'
        f'<span class="css-0p9o8i">March {i}, 2024 at 10:0{i} am</span></div>'
        f'<div class="css-5t6y7u"><p>Comment number {i}: the plan is fine, but I think the budget for the piers is far '
        f"too high for a town of our size, and the ferry will not pay for itself in the first years.</p></div></div>"
        for i in range(1, 7)
    )
    return (f"<html><head><title>Harbour plan</title></head><body><div class='css-a1b2c3'><h1>Harbour plan</h1>"
            f"{body}</div>{heading}<div class='css-z9y8x7'>{comments}</div></body></html>")


def test_comments_with_names_that_say_nothing_stay_apart_under_their_heading():
    # hashed class names (CSS-in-JS): only the heading says these are comments; they outweigh the short story
    doc = extract(_blog("<h3>6 Responses to “Harbour plan”</h3>"), "https://news.example/2024/03/harbour-plan")
    assert doc.page_type == "article"
    assert "council voted" in doc.text and "Comment number" not in doc.text
    assert [post.author for post in doc.posts] == [f"reader{i}" for i in range(1, 7)]


def test_a_page_nested_thousands_of_levels_deep_above_the_comments_is_read_without_recursion():
    root = etree.Element("div")
    deep = root
    for _ in range(5000):
        deep = etree.SubElement(deep, "div")
    deep.text = "A story nested far down."
    heading = etree.SubElement(root, "h3")
    heading.text = "3 Comments"
    first = etree.SubElement(etree.SubElement(root, "ol"), "li")
    assert introduced_as_comments(first)
    heading.text = "More stories"
    assert not introduced_as_comments(first)
