"""Scores used by ``scrapy boiler-eval``.

* **block-level** precision/recall/F1/accuracy of the *content* class on the reference segmentation
  (DOM text leaves), every block weighted equally and pooled over all pages: the metric of Web2Text
  (seed 003 Table 1) and BoilerNet;
* **word-weighted** scores on the same blocks, each weighted by its number of words (seed 004 §4.3.1
  "normalized based on the number of words in a block"), reported both for the content class and as
  the class-frequency-weighted average over both classes, which is what seed 004's Table 2 (Weka) shows;
* **bag-of-words** precision/recall/F1 of ``Document.text`` against the gold text per page (seed 004
  §4.3.2, approximating the CleanEval scorer), summarised by mean and median over pages with gold text.
"""

from __future__ import annotations

import re
import statistics
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from scrapy_boiler.parse.text import UNSPACED_CHARS

if TYPE_CHECKING:
    from scrapy_boiler.evaluation.posts import PostCounts

#: Words, and single characters of scripts without spaces (the usual unit for scoring Chinese or Thai).
_TOKEN = re.compile(rf"[{UNSPACED_CHARS}]|[^\W{UNSPACED_CHARS}]+")
MAX_FAILURES_KEPT = 5


@dataclass
class Confusion:
    """Weighted confusion counts for the content class."""

    tp: float = 0.0
    fp: float = 0.0
    fn: float = 0.0
    tn: float = 0.0

    def add(self, predicted: Sequence[bool], gold: Sequence[bool], weights: Sequence[float] | None = None) -> None:
        if len(predicted) != len(gold):
            raise ValueError(f"{len(predicted)} predicted labels for {len(gold)} gold labels")
        for index, (p, g) in enumerate(zip(predicted, gold, strict=True)):
            w = 1.0 if weights is None else weights[index]
            if p and g:
                self.tp += w
            elif p:
                self.fp += w
            elif g:
                self.fn += w
            else:
                self.tn += w

    @property
    def precision(self) -> float:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else 0.0

    @property
    def recall(self) -> float:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else 0.0

    @property
    def f1(self) -> float:
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r else 0.0

    @property
    def accuracy(self) -> float:
        total = self.tp + self.fp + self.fn + self.tn
        return (self.tp + self.tn) / total if total else 0.0

    def weighted_average_f1(self) -> float:
        """F1 of both classes averaged with weights = class frequency (Weka's "weighted avg")."""
        negative = Confusion(tp=self.tn, fp=self.fn, fn=self.fp, tn=self.tp)
        positives = self.tp + self.fn
        negatives = self.tn + self.fp
        total = positives + negatives
        if not total:
            return 0.0
        return (self.f1 * positives + negative.f1 * negatives) / total

    def as_dict(self) -> dict[str, float]:
        return {"precision": self.precision, "recall": self.recall, "f1": self.f1, "accuracy": self.accuracy}


def tokens(text: str) -> Counter[str]:
    """Lower-cased word tokens of a text, as a multiset."""
    return Counter(_TOKEN.findall(text.lower()))


def bag_of_words(predicted: str, gold: str) -> tuple[float, float, float] | None:
    """Token-level (precision, recall, F1) of a text against the gold; None when the gold is empty."""
    gold_tokens = tokens(gold)
    if not gold_tokens:
        return None
    predicted_tokens = tokens(predicted)
    overlap = sum((predicted_tokens & gold_tokens).values())
    p = overlap / sum(predicted_tokens.values()) if predicted_tokens else 0.0
    r = overlap / sum(gold_tokens.values())
    return p, r, (2 * p * r / (p + r) if p + r else 0.0)


def percentile(values: Sequence[float], q: float) -> float:
    """The q-th percentile (0-100) by linear interpolation; 0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    position = (len(ordered) - 1) * q / 100
    low = int(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


@dataclass
class ModelScores:
    """Everything measured for one model on one dataset."""

    model: str
    pages: int = 0
    errors: int = 0
    blocks: Confusion = field(default_factory=Confusion)
    words: Confusion = field(default_factory=Confusion)
    bow: list[tuple[float, float, float]] = field(default_factory=list)
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
                 text: str, gold_text: str, ms: float) -> None:
        self.pages += 1
        self.milliseconds.append(ms)
        if predicted is not None and gold is not None:
            self.blocks.add(predicted, gold)
            self.words.add(predicted, gold, word_counts)
        scores = bag_of_words(text, gold_text)
        if scores is not None:
            self.bow.append(scores)

    def summary(self) -> dict[str, object]:
        bow_p = [s[0] for s in self.bow]
        bow_r = [s[1] for s in self.bow]
        bow_f = [s[2] for s in self.bow]
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
            "ms_median": statistics.median(self.milliseconds) if self.milliseconds else 0.0,
            "ms_p95": percentile(self.milliseconds, 95),
            "ms_mean": statistics.fmean(self.milliseconds) if self.milliseconds else 0.0,
            "posts": self.posts.as_dict() if self.posts is not None else None,
            "page_types": dict(sorted(self.page_types.items())),
        }
