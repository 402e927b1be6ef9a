"""The text a page declares in JSON-LD and shows, given to a model that missed most of it
(``extractors/declared_text.py``), and the live-blog entries ``read_json_ld`` reads for it."""

from __future__ import annotations

import json

from scrapy_boiler.extractors.base import PageLabels
from scrapy_boiler.extractors.declared_text import rescue_declared
from scrapy_boiler.extractors.leaf_runs import blocks_from_leaf_labels
from scrapy_boiler.extractors.tidy import tidy_labels
from scrapy_boiler.parse.html import ParsedPage, parse_html
from scrapy_boiler.parse.structured import read_json_ld
from scrapy_boiler.segment.blocks import segment

STANDFIRST = "Storms closed the coast road for a second night, and the council has opened two rest centres."
ENTRIES = [
    ("Ferries cancelled until noon",
     "The harbour master said no ferry would leave before noon, as the swell outside the breakwater stayed high."),
    ("Rest centre opens in the school hall",
     "Families from the lower town can sleep in the school hall tonight; volunteers are bringing blankets and soup."),
    ("Power back in most homes",
     "The network operator said power was back in most homes by six, though the villages on the headland still wait."),
]
TEASER = "Read our guide to the winter timetable of the island ferries and the fares for this year"


def _live_blog(declared: bool = True) -> bytes:
    data = {"@context": "https://schema.org", "@type": "LiveBlogPosting", "headline": "Storm live",
            "liveBlogUpdate": [{"@type": "BlogPosting", "headline": h, "articleBody": b} for h, b in ENTRIES]}
    script = f'<script type="application/ld+json">{json.dumps(data)}</script>' if declared else ""
    entries = "".join(f'<div class="entry"><h3>{h}</h3><p>{b}</p></div>' for h, b in ENTRIES)
    return (f"<html><head><title>Storm live</title>{script}</head><body><h1>Storm live</h1><p>{STANDFIRST}</p>"
            f'{entries}<aside><p>{TEASER}</p></aside></body></html>').encode()


def _labels(page: ParsedPage, keep: list[str]) -> PageLabels:
    """Per-leaf labels as Web2Text gives them: content only for the leaves of the texts in ``keep``."""
    seg = segment(page.root)
    flags = [leaf.text.strip() in keep for leaf in seg.leaves]
    return PageLabels(seg.leaves, blocks_from_leaf_labels(seg, flags, [float(f) for f in flags], "test"))


def _kept(labels: PageLabels) -> list[str]:
    return [block.text for block in labels.blocks if block.is_content]


def test_read_json_ld_reads_a_live_blogs_entries_in_order():
    updates = read_json_ld([_live_blog().decode().split('json">')[1].split("</script>")[0]]).updates
    assert updates == tuple(text for entry in ENTRIES for text in entry)


def test_a_model_that_kept_only_the_standfirst_gets_the_declared_entries():
    page = parse_html(_live_blog())
    labels = _labels(page, [STANDFIRST])
    rescue_declared(page, labels, "test")
    short_heading = ENTRIES[0][0]  # four words match any long text: left as labelled
    assert _kept(labels) == [STANDFIRST, *(text for entry in ENTRIES for text in entry if text != short_heading)]
    assert TEASER not in _kept(labels)  # not declared: left as labelled
    assert "declares" in labels.blocks[-2].reasons[-1]


def test_a_model_that_kept_most_of_the_declared_text_is_left_alone():
    page = parse_html(_live_blog())
    keep = [STANDFIRST, ENTRIES[0][1], ENTRIES[1][1]]  # two of three entries' bodies: over half the declared words
    labels = _labels(page, keep)
    rescue_declared(page, labels, "test")
    assert _kept(labels) == keep


def test_nothing_changes_without_declared_text_or_with_a_teaser():
    page = parse_html(_live_blog(declared=False))
    labels = _labels(page, [STANDFIRST])
    rescue_declared(page, labels, "test")
    assert _kept(labels) == [STANDFIRST]
    teaser = {"@type": "NewsArticle", "articleBody": ENTRIES[0][1]}  # under 200 characters: a teaser
    html = _live_blog(declared=False).replace(b"</head>", f'<script type="application/ld+json">{json.dumps(teaser)}'
                                              f"</script></head>".encode())
    page = parse_html(html)
    labels = _labels(page, [STANDFIRST])
    rescue_declared(page, labels, "test")
    assert _kept(labels) == [STANDFIRST]


def test_the_neural_models_tidy_step_applies_it():
    page = parse_html(_live_blog())
    labels = _labels(page, [STANDFIRST])
    tidy_labels(page, labels, "test")
    assert ENTRIES[2][1] in _kept(labels)
