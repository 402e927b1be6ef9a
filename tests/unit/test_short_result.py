"""The fallback every article model shares for a result under 25 words, and the partial rescue MultiBoilerNet asks
for (``extractors/short_result.py``)."""

from __future__ import annotations

import json

from scrapy_boiler.extractors.base import PageLabels
from scrapy_boiler.extractors.leaf_runs import blocks_from_leaf_labels
from scrapy_boiler.extractors.short_result import MIN_WORDS, PARTIAL_SHARE, rescue_partial, rescue_short
from scrapy_boiler.parse.html import ParsedPage, parse_html
from scrapy_boiler.segment.blocks import annotate, segment
from scrapy_boiler.segment.regions import named_post_body

PARAGRAPHS = [
    "The harbour board met on Tuesday evening to decide how the old ferry pier should be repaired this winter.",
    "Engineers told the board that the wooden piles had rotted further than the survey of last spring suggested.",
    "A temporary landing stage will carry passengers while the work goes on, the chair of the board said.",
]


def _page(json_ld: dict | None = None) -> bytes:
    script = f'<script type="application/ld+json">{json.dumps(json_ld)}</script>' if json_ld else ""
    body = "".join(f"<p>{text}</p>" for text in PARAGRAPHS)
    return (f"<html><head><title>Pier repairs</title>{script}</head><body><nav><a href='/'>Home</a> "
            f"<a href='/news'>News</a></nav><article>{body}</article><footer>Contact us</footer></body></html>"
            ).encode()


def _labels(page, keep: set[int] = frozenset()) -> PageLabels:
    """Per-leaf labels as Web2Text or MultiBoilerNet give them: content only for the leaves in ``keep``."""
    seg = segment(page.root)
    flags = [i in keep for i in range(len(seg.leaves))]
    return PageLabels(seg.leaves, blocks_from_leaf_labels(seg, flags, [float(f) for f in flags], "test"))


def _text(labels: PageLabels) -> str:
    return "\n".join(block.text for block in labels.blocks if block.is_content)


def test_an_empty_result_gets_the_main_content_region():
    page = parse_html(_page())
    labels = _labels(page)
    rescue_short(page, labels, "test")
    assert _text(labels) == "\n".join(PARAGRAPHS)
    assert all("test:fallback" in block.reasons[-1] for block in labels.blocks if block.is_content)


def test_a_declared_article_body_wins_over_the_region():
    page = parse_html(_page({"@type": "NewsArticle", "articleBody": " ".join(PARAGRAPHS[1:]) * 2}))
    labels = _labels(page)
    rescue_short(page, labels, "test")
    assert _text(labels) == "\n".join(PARAGRAPHS[1:])


def test_a_result_of_enough_words_is_left_alone():
    page = parse_html(_page())
    blocks = {block.text: block for block in segment(page.root).blocks}
    first, second = blocks[PARAGRAPHS[0]], blocks[PARAGRAPHS[1]]
    assert len(first.text.split()) < MIN_WORDS <= len(first.text.split()) + len(second.text.split())
    labels = _labels(page, set(range(first.leaf_start, first.leaf_end)))
    labels.blocks[-1].is_content = True  # "Contact us": still under 25 words with the paragraph
    rescue_short(page, labels, "test")
    assert _text(labels) == "\n".join([*PARAGRAPHS, "Contact us"])  # rescued; the footer stays as the model said
    enough = _labels(page, set(range(first.leaf_start, second.leaf_end)))
    rescue_short(page, enough, "test")
    assert _text(enough) == "\n".join(PARAGRAPHS[:2])


_SHORT_POST = "Snow fell on the harbour overnight, and the ferry crews cleared the pier before dawn."
_ABOUT_ME = ("I am a retired ferry engineer who writes about harbours, boats and the people who work on them. I post a "
             "photograph most mornings and a longer story on Sundays. Write to me if you have a harbour I should see, "
             "or old photographs of the piers along this coast that you would like to share with other readers.")


def _photo_blog(post_class: str) -> bytes:
    return (f'<html><body><div class="post"><h3>Snow on the pier</h3><div class="{post_class}"><p><img src="p.jpg">'
            f'</p><p>{_SHORT_POST}</p><div class="related-posts"><p>More from the harbour: the winter timetable, '
            f'the new lighthouse keeper and the storm of last March</p></div></div></div><div id="right"><div '
            f'class="box"><h2>About me</h2><div class="box-text">{_ABOUT_ME}</div></div></div></body></html>').encode()


def test_an_empty_result_gets_the_box_named_a_post_body_before_a_longer_region():
    """A photo blog's post of one sentence beside a longer "about me" box: the names say which is the post. The
    related-posts box inside the post's body is chrome and stays out."""
    page = parse_html(_photo_blog("entry-content"))
    labels = _labels(page)
    rescue_short(page, labels, "test")
    assert _text(labels) == _SHORT_POST
    unnamed = parse_html(_photo_blog("photo"))
    labels = _labels(unnamed)
    rescue_short(unnamed, labels, "test")
    assert _text(labels) == _ABOUT_ME  # no names: the region of the longest paragraph


def _blocks(body: str):
    blocks = segment(parse_html(f"<html><body>{body}</body></html>".encode()).root).blocks
    annotate(blocks)
    return blocks


def test_the_named_post_body_holding_most_words_wins_and_chrome_names_none():
    one = f"<div class='post-body'><p>{_SHORT_POST}</p></div>"
    two = f"<div class='entry-content'><p>{_SHORT_POST}</p><p>{_SHORT_POST}</p></div>"
    blocks = _blocks(one + two)
    assert [blocks[i].element.getparent().get("class") for i in named_post_body(blocks)] == ["entry-content"] * 2
    widget = f"<div class='widget post-content'><p>{_ABOUT_ME}</p></div>"
    assert named_post_body(_blocks(f"{widget}<div class='content'><p>{_ABOUT_ME}</p></div>")) == []


def test_posts_named_alike_name_no_post_body():
    """A thread's posts, or a blog's front page of posts, are named alike: the names do not say which is the page's."""
    posts = "".join(f"<div class='post-body' id='post-body-{n}'><p>{_SHORT_POST}</p>{'<p>More.</p>' * n}</div>"
                    for n in range(3))
    assert named_post_body(_blocks(posts)) == []


# A short post of six paragraphs, a network keeping its first two (36 words): rescue_partial.
POST = [
    *PARAGRAPHS,
    "Ferry tickets bought before the closure will be refunded at the harbour office on request, the board added.",
    "The council expects the pier to reopen in the spring, once the new piles have been driven and tested.",
    "Local fishermen asked for a berth to be kept free for their boats during the works, and the board agreed.",
]
COMMENT = "Great news, we have waited far too long for this pier to be repaired and the ferry to run again."


def _post_page(comments: int = 0) -> ParsedPage:
    paragraphs = "".join(f"<p>{text}</p>" for text in POST)
    thread = "".join(f"<div class='comment'><p>{COMMENT}</p></div>" for _ in range(comments))
    return parse_html(f"<html><head><title>Pier repairs</title></head><body><nav><a href='/'>Home</a></nav>"
                      f"<div class='post'>{paragraphs}<div class='comments'>{thread}</div></div>"
                      f"<footer>Contact us</footer></body></html>".encode())


def _keeping(page, texts: list[str]) -> PageLabels:
    leaves = {i for block in segment(page.root).blocks if block.text in texts
              for i in range(block.leaf_start, block.leaf_end)}
    return _labels(page, leaves)


def test_a_result_holding_part_of_the_regions_paragraphs_gets_the_rest():
    page = _post_page()
    labels = _keeping(page, POST[:2])
    assert MIN_WORDS <= len(_text(labels).split()) < PARTIAL_SHARE * len(" ".join(POST).split())
    rescue_partial(page, labels, "test")
    assert _text(labels) == "\n".join(POST)
    assert labels.blocks[-1].reasons[-1] != "test:the region's paragraph (kept under 50% of them)"  # the footer
    assert [block.reasons[-1] for block in labels.blocks if block.text == POST[-1]] == [
        "test:the region's paragraph (kept under 50% of them)"]


def test_the_partial_rescue_leaves_the_comments_in_the_region_out():
    page = _post_page(comments=4)
    labels = _keeping(page, POST[:2])
    rescue_partial(page, labels, "test")
    assert _text(labels) == "\n".join(POST)


def test_the_partial_rescue_needs_a_short_result_inside_the_region():
    page = _post_page()
    most = _keeping(page, POST[:4])  # over half the region's words: the model kept enough
    rescue_partial(page, most, "test")
    assert _text(most) == "\n".join(POST[:4])
    short = _keeping(page, POST[:1])  # under MIN_WORDS: rescue_short's case
    rescue_partial(page, short, "test")
    assert _text(short) == POST[0]


def test_only_multiboilernet_asks_its_tidy_step_for_the_partial_rescue():
    from scrapy_boiler.extractors.tidy import tidy_labels

    page = _post_page()
    default = _keeping(page, POST[:2])
    tidy_labels(page, default, "test")
    assert _text(default) == "\n".join(POST[:2])
    asked = _keeping(page, POST[:2])
    tidy_labels(page, asked, "test", partial=True)
    assert _text(asked) == "\n".join(POST)
