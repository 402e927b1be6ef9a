"""Text in a sidebar beside the article is no content (``extractors/sidebars.py``), for ``blend`` and, through
their tidy step, the neural models."""

from __future__ import annotations

import numpy as np
import pytest
from lxml import etree

from scrapy_boiler import extract
from scrapy_boiler.extractors.base import PageLabels
from scrapy_boiler.extractors.leaf_runs import blocks_from_leaf_labels
from scrapy_boiler.extractors.sidebars import MIN_ARTICLE_WORDS, article_boxes, drop_sidebar_text
from scrapy_boiler.extractors.tidy import tidy_labels
from scrapy_boiler.parse.html import ParsedPage, parse_html
from scrapy_boiler.segment.blocks import TextBlock, annotate, segment
from scrapy_boiler.segment.regions import find_region, paragraph_weight
from scrapy_boiler.segment.semantics import is_sidebar

POST = [
    "We drove out to the old lighthouse on Saturday morning, before the fog had lifted from the bay.",
    "The keeper's cottage is a small museum now, and the stairs to the lamp are open to visitors again.",
]
ABOUT = [
    "I am the writer of this blog, a retired schoolteacher who has lived by the sea for most of her life.",
    "I write about the coast, its towns and its people, and about the walks my dog and I take every day.",
    "My photographs have appeared in two local papers, and I give a talk at the library every spring.",
    "Before I retired I taught geography for thirty years, which is where my love of old maps comes from.",
]


@pytest.mark.parametrize(("markup", "sidebar"), [
    ("<aside>", True), ('<div class="widget-area sidebar">', True), ('<div id="secondary">', True),
    ('<section class="sidebar-primary">', True), ('<div class="Sidebar_right">', True),
    ('<div id="slashboxes">', True),  # the Slash engine's column of boxes (Slashdot, SoylentNews)
    # a layout that holds the main column too, or says where its sidebar goes, is no sidebar
    ('<div class="content-sidebar-wrap">', False), ('<div class="sidebar-on-right">', False),
    ('<section class="aui-page-panel sidebar-page-container">', False),  # Jira: a page with a sidebar
    # names of the whole page or of an article describe its layout
    ('<body class="sidebar">', False), ('<article class="sidebar">', False), ('<div class="secondary-nav">', False),
])
def test_what_a_sidebar_is(markup, sidebar):
    tag = markup[1:].split()[0].rstrip(">")
    element = etree.fromstring(f"{markup}</{tag}>")
    assert is_sidebar(element) is sidebar


def _blog(post: list[str], body_class: str = "post-body entry-content") -> ParsedPage:
    """A blog post beside a sidebar's longer "about me" box."""
    paragraphs = "".join(f"<p>{text}</p>" for text in post)
    about = "".join(f"<p>{text}</p>" for text in ABOUT)
    return parse_html(f'<html><body><div id="main"><div class="post"><h3>At the lighthouse</h3>'
                      f'<div class="{body_class}">{paragraphs}</div></div></div>'
                      f'<aside id="sidebar"><div class="widget profile"><h2>About me</h2>'
                      f'<dl><dd class="profile-text">{about}</dd></dl></div></aside>'
                      f"</body></html>".encode())


def _all_kept(page: ParsedPage) -> tuple[list[TextBlock], list[etree._Element]]:
    """The page's annotated blocks, every one labelled content, and the boxes the check reads."""
    blocks = segment(page.root).blocks
    annotate(blocks)
    for block in blocks:
        block.is_content = True
    region = find_region(blocks, [paragraph_weight(block) for block in blocks]).element
    return blocks, article_boxes(blocks, region)


def _kept(blocks: list[TextBlock]) -> list[str]:
    return [block.text for block in blocks if block.is_content]


def test_the_about_me_box_beside_a_named_post_is_dropped():
    """The region is the sidebar's box (its paragraphs outweigh the post's); the post's named body says where the
    article is, and the sidebar lies outside it."""
    page = _blog(POST)
    blocks, boxes = _all_kept(page)
    region = find_region(blocks, [paragraph_weight(block) for block in blocks]).element
    assert region is not None and any(is_sidebar(el) for el in region.iterancestors())
    assert len(boxes) == 2
    drop_sidebar_text(blocks, lambda: boxes, "test")
    assert _kept(blocks) == ["At the lighthouse", *POST]
    dropped = [block for block in blocks if not block.is_content]
    assert [block.text for block in dropped] == ["About me", *ABOUT]
    assert dropped[0].reasons[-1] == "test:in a sidebar beside the article (aside.)"


def test_without_a_named_post_body_the_region_in_the_sidebar_drops_nothing():
    blocks, boxes = _all_kept(_blog(POST, body_class="photo"))
    assert len(boxes) == 1
    drop_sidebar_text(blocks, lambda: boxes, "test")
    assert len(_kept(blocks)) == len(blocks)


def test_a_post_too_short_to_be_the_article_leaves_the_sidebar_alone():
    short = ["Fog again today."]
    blocks, boxes = _all_kept(_blog(short))
    assert sum(len(text.split()) for text in short) < MIN_ARTICLE_WORDS
    drop_sidebar_text(blocks, lambda: boxes, "test")
    assert len(_kept(blocks)) == len(blocks)


def test_an_aside_set_into_the_article_stays():
    quote = "The lamp has not been lit since the war, but the lens is still there."
    page = parse_html(f'<html><body><article><div class="entry-content"><p>{POST[0]}</p><aside class="pullquote">'
                      f'<p>{quote}</p></aside><p>{POST[1]}</p></div></article></body></html>'.encode())
    blocks, boxes = _all_kept(page)
    drop_sidebar_text(blocks, lambda: boxes, "test")
    assert _kept(blocks) == [POST[0], quote, POST[1]]


def test_an_aside_inside_another_article_stays():
    """A forum post quoting another in an ``<aside>`` (XenForo), outside the article's boxes: the quotation is the
    post's own."""
    quote = "The lamp has not been lit since the war, but the lens is still there."
    reply = "Thanks, we will go and see the lens next time we are down on the coast."
    page = parse_html(f'<html><body><div class="entry-content"><p>{POST[0]}</p><p>{POST[1]}</p></div>'
                      f'<article class="message"><aside><blockquote>{quote}</blockquote></aside><p>{reply}</p>'
                      f'</article></body></html>'.encode())
    blocks, boxes = _all_kept(page)
    assert not any(box.tag == "article" or "message" in (box.get("class") or "") for box in boxes)
    drop_sidebar_text(blocks, lambda: boxes, "test")
    assert _kept(blocks) == [*POST, quote, reply]


def test_the_neural_models_tidy_step_drops_sidebar_prose():
    page = _blog(POST)
    seg = segment(page.root)
    labels = PageLabels(seg.leaves, blocks_from_leaf_labels(seg, [True] * len(seg.leaves),
                                                            [1.0] * len(seg.leaves), "test"))
    tidy_labels(page, labels, "test")
    assert [block.text for block in labels.blocks if block.is_content] == ["At the lighthouse", *POST]


def test_blend_drops_what_the_trees_kept_in_the_sidebar():
    """Trees that keep the post and the "about me" box alike (p 0.9), as they did on a Blogger page of Dragnet."""
    from scrapy_boiler.extractors.blend.extractor import page_context
    from scrapy_boiler.extractors.registry import resolve

    page = _blog(POST)
    blocks = segment(page.root).blocks
    annotate(blocks)
    context = page_context(page, blocks, [paragraph_weight(block) for block in blocks])
    p = np.array([0.9 if block.text in POST or block.text in ABOUT else 0.05 for block in blocks])
    resolve("blend", "cpu").decide(blocks, p, context)
    assert _kept(blocks) == POST


def test_the_slash_engines_boxes_beside_a_story_are_dropped(page_bytes):
    """SoylentNews (the Slash engine) sets its log-in, site news and funding boxes in ``div#slashboxes`` beside the
    story, a column whose lines the trees scored like the story's ("Base Goal: $3500.00")."""
    doc = extract(page_bytes("soylentnews_story.html"), "https://soylentnews.org/article.pl?sid=25/02/10/1234")
    assert "Base Goal" not in doc.text and "Site News" not in doc.text
    assert "open-source" in doc.text.lower() and len(doc.posts) >= 5
