"""Run models over annotated corpora and collect :class:`~scrapy_boiler.evaluation.scores.ModelScores`.

Gold labels live on one fixed reference segmentation (see :mod:`scrapy_boiler.datasets.labels`), so
every model is scored on the same blocks.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Sequence

from scrapy_boiler.api import extract
from scrapy_boiler.datasets.labels import load_labelled
from scrapy_boiler.evaluation.baselines import get_baseline
from scrapy_boiler.evaluation.post_scores import PostCounts, ThreadOutput, document_output
from scrapy_boiler.evaluation.scores import ModelScores


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
    for count, ref in enumerate(load_labelled(spec, data_dir=data_dir, limit=limit), 1):
        page = ref.page
        leaf_words = ref.leaf_words
        for name in models:
            start = time.perf_counter()
            try:
                doc = extract(page.html, page.url, model=name)
            except Exception as exc:  # scored as "nothing extracted" and reported, the run goes on
                ms = (time.perf_counter() - start) * 1000
                scores[name].fail(page.id, exc)
                scores[name].add_page([False] * len(ref.labels), ref.labels, leaf_words, "", page.gold_text, ms,
                                      page.id)
                continue
            ms = (time.perf_counter() - start) * 1000
            predicted: list[bool] | None = doc.leaf_labels()
            if len(predicted) != len(ref.labels):  # the model segmented a different tree: count, don't guess
                scores[name].fail(page.id, ValueError(f"{len(predicted)} blocks, reference has {len(ref.labels)}"))
                predicted = None
            scores[name].add_page(predicted, ref.labels, leaf_words, doc.text, page.gold_text, ms, page.id)
            scores[name].page_types[doc.page_type] += 1
            if page.posts is not None:
                counts = scores[name].posts = scores[name].posts or PostCounts()
                counts.add(document_output(page.html, page.url, doc), [p.get("post_text", "") for p in page.posts],
                           page.id)
        for name, run in runners.items():
            start = time.perf_counter()
            try:
                output = run(page.html, page.url)
            except Exception as exc:  # a baseline's crash is its own score, not ours
                output = ""
                scores[name].fail(page.id, exc)
            ms = (time.perf_counter() - start) * 1000
            thread = output if isinstance(output, ThreadOutput) else ThreadOutput(output)
            scores[name].add_page(None, None, [], thread.text, page.gold_text, ms, page.id)
            if page.posts is not None:
                counts = scores[name].posts = scores[name].posts or PostCounts()
                counts.add(thread, [p.get("post_text", "") for p in page.posts], page.id)
        if progress and count % 50 == 0:
            print(f"  {spec}: {count} pages", file=sys.stderr, flush=True)
    return list(scores.values())
