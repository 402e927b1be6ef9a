"""The fallback every article model shares for a result under 25 words (``extractors/short_result.py``)."""

from __future__ import annotations

import json

from scrapy_boiler.extractors.base import PageLabels
from scrapy_boiler.extractors.leaf_runs import blocks_from_leaf_labels
from scrapy_boiler.extractors.short_result import MIN_WORDS, rescue_short
from scrapy_boiler.parse.html import parse_html
from scrapy_boiler.segment.blocks import segment

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
