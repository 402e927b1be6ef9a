"""Run models over annotated corpora and collect :class:`~scrapy_boiler.evaluation.metrics.ModelScores`.

Gold labels live on one fixed reference segmentation, the DOM text leaves of our parser
(:func:`scrapy_boiler.segment.segment`), so every model is scored on the same blocks. Text-only gold
(CleanEval, Dragnet, web forums) is put on those blocks by the automatic alignment of seed 003 §4.1;
L3S-GN1 brings its own labels.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from scrapy_boiler.api import extract
from scrapy_boiler.datasets.alignment import label_blocks, label_blocks_from_spans
from scrapy_boiler.datasets.corpora import Page, load
from scrapy_boiler.evaluation.baselines import get_baseline
from scrapy_boiler.evaluation.metrics import ModelScores
from scrapy_boiler.features.shallow import words
from scrapy_boiler.parse.html import ParseError, parse_html
from scrapy_boiler.segment.blocks import segment


@dataclass(frozen=True)
class Reference:
    """A page's reference blocks and their gold labels."""

    leaf_words: list[int]
    labels: list[bool]


def reference(page: Page) -> Reference:
    """Segment ``page`` into DOM text leaves and label them from its gold standard."""
    try:
        parsed = parse_html(page.html, url=page.url)
    except ParseError:
        return Reference([], [])
    leaves = segment(parsed.root).leaves
    texts = [leaf.text for leaf in leaves]
    if page.gold_spans is not None:
        labels = label_blocks_from_spans(texts, page.gold_spans)
    else:
        labels = label_blocks(texts, page.gold_text)
    return Reference([len(words(text)) for text in texts], labels)


def evaluate(
    spec: str,
    models: Sequence[str],
    *,
    baselines: Sequence[str] = (),
    data_dir: str | None = None,
    limit: int | None = None,
    progress: bool = True,
) -> list[ModelScores]:
    """Score every model (and baseline) on the pages of one dataset ``spec``."""
    runners = {name: get_baseline(name) for name in baselines}
    scores = {name: ModelScores(name) for name in [*models, *baselines]}
    pages: Iterable[Page] = load(spec, data_dir=data_dir, limit=limit)
    for count, page in enumerate(pages, 1):
        ref = reference(page)
        for name in models:
            start = time.perf_counter()
            try:
                doc = extract(page.html, page.url, model=name)
            except Exception as exc:  # scored as "nothing extracted" and reported, the run goes on
                ms = (time.perf_counter() - start) * 1000
                scores[name].fail(page.id, exc)
                scores[name].add_page([False] * len(ref.labels), ref.labels, ref.leaf_words, "", page.gold_text, ms)
                continue
            ms = (time.perf_counter() - start) * 1000
            predicted: list[bool] | None = doc.leaf_labels()
            if len(predicted) != len(ref.labels):  # the model segmented a different tree: count, don't guess
                scores[name].fail(page.id, ValueError(f"{len(predicted)} blocks, reference has {len(ref.labels)}"))
                predicted = None
            scores[name].add_page(predicted, ref.labels, ref.leaf_words, doc.text, page.gold_text, ms)
        for name, run in runners.items():
            start = time.perf_counter()
            try:
                text = run(page.html, page.url)
            except Exception as exc:  # a baseline's crash is its own score, not ours
                text = ""
                scores[name].fail(page.id, exc)
            ms = (time.perf_counter() - start) * 1000
            scores[name].add_page(None, None, [], text, page.gold_text, ms)
        if progress and count % 50 == 0:
            print(f"  {spec}: {count} pages", file=sys.stderr, flush=True)
    return list(scores.values())
