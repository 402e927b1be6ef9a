"""Everything measured for one model on one dataset, and its summary for reports and JSON."""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from scrapy_boiler.evaluation.post_scores import PostCounts
from scrapy_boiler.metrics import Confusion, bag_of_words, f1_of, percentile, shingle_scores

#: Failures kept, with their page ids, for the report.
MAX_FAILURES_KEPT = 5


@dataclass
class ModelScores:
    """Everything measured for one model on one dataset."""

    model: str
    pages: int = 0
    errors: int = 0
    blocks: Confusion = field(default_factory=Confusion)
    words: Confusion = field(default_factory=Confusion)
    bow: list[tuple[float, float, float]] = field(default_factory=list)
    shingle: list[tuple[float, float]] = field(default_factory=list)  #: per page (precision, recall)
    shingle_ids: list[str] = field(default_factory=list)  #: the page id of each ``shingle`` entry
    empty_pages: list[str] = field(default_factory=list)  #: ids of pages with gold text where the text was empty
    milliseconds: list[float] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)
    posts: PostCounts | None = None  #: post-level matches, on corpora with gold posts
    page_types: Counter[str] = field(default_factory=Counter)  #: Document.page_type of every page

    def fail(self, page_id: str, error: BaseException) -> None:
        """Count a page the model could not handle (the first few are kept for the report)."""
        self.errors += 1
        if len(self.failures) < MAX_FAILURES_KEPT:
            self.failures.append(f"{page_id}: {type(error).__name__}: {error}")

    def add_page(self, predicted: Sequence[bool] | None, gold: Sequence[bool] | None, word_counts: Sequence[int],
                 text: str, gold_text: str, ms: float, page_id: str = "") -> None:
        self.pages += 1
        self.milliseconds.append(ms)
        if predicted is not None and gold is not None:
            self.blocks.add(predicted, gold)
            self.words.add(predicted, gold, word_counts)
        scores = bag_of_words(text, gold_text)
        if scores is not None:
            self.bow.append(scores)
        shingle = shingle_scores(text, gold_text)
        if shingle is not None:
            self.shingle.append(shingle)
            self.shingle_ids.append(page_id)
            if not text.strip():
                self.empty_pages.append(page_id)

    def summary(self) -> dict[str, object]:
        bow_p = [s[0] for s in self.bow]
        bow_r = [s[1] for s in self.bow]
        bow_f = [s[2] for s in self.bow]
        shingle_p = statistics.fmean(s[0] for s in self.shingle) if self.shingle else 0.0
        shingle_r = statistics.fmean(s[1] for s in self.shingle) if self.shingle else 0.0
        return {
            "model": self.model,
            "pages": self.pages,
            "errors": self.errors,
            "failures": list(self.failures),
            "block": self.blocks.as_dict(),
            "block_blocks": int(self.blocks.tp + self.blocks.fp + self.blocks.fn + self.blocks.tn),
            "word": self.words.as_dict() | {"weighted_avg_f1": self.words.weighted_average_f1()},
            "bow": {
                "pages": len(self.bow),
                "precision_mean": statistics.fmean(bow_p) if bow_p else 0.0,
                "recall_mean": statistics.fmean(bow_r) if bow_r else 0.0,
                "f1_mean": statistics.fmean(bow_f) if bow_f else 0.0,
                "f1_median": statistics.median(bow_f) if bow_f else 0.0,
            },
            "shingle": {
                "pages": len(self.shingle),
                "precision_mean": shingle_p,
                "recall_mean": shingle_r,
                "f1": f1_of(shingle_p, shingle_r),
                "f1_page_mean": statistics.fmean(f1_of(p, r) for p, r in self.shingle) if self.shingle else 0.0,
                "empty_pages": list(self.empty_pages),
                # page id -> [precision, recall]: where two models differ, page by page
                "per_page": {page_id: [round(p, 4), round(r, 4)]
                             for page_id, (p, r) in zip(self.shingle_ids, self.shingle, strict=True)},
            },
            "ms_median": statistics.median(self.milliseconds) if self.milliseconds else 0.0,
            "ms_p95": percentile(self.milliseconds, 95),
            "ms_mean": statistics.fmean(self.milliseconds) if self.milliseconds else 0.0,
            "posts": self.posts.as_dict() if self.posts is not None else None,
            "page_types": dict(sorted(self.page_types.items())),
        }
