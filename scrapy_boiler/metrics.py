"""Scores shared by training (model selection on validation pages) and evaluation (``scrapy boiler-eval``).

* **block-level** precision/recall/F1/accuracy of the *content* class on the reference segmentation
  (DOM text leaves), every block weighted equally and pooled over all pages: the metric of Web2Text
  (Vogels et al. Table 1) and BoilerNet (:class:`Confusion`);
* **word-weighted** scores on the same blocks, each weighted by its number of words (Kohlschütter et al. §4.3.1
  "normalized based on the number of words in a block"), reported both for the content class and as
  the class-frequency-weighted average over both classes, which is what Kohlschütter et al.'s Table 2 (Weka) shows;
* **bag-of-words** precision/recall/F1 of ``Document.text`` against the gold text per page (Kohlschütter et al.
  §4.3.2, approximating the CleanEval scorer) (:func:`bag_of_words`);
* **shingle** precision/recall of ``Document.text`` against the gold per page, on 4-token shingles (every run
  of four consecutive tokens, as a multiset), the text-level metric of article-extraction benchmarks: unlike a
  bag of words it rewards keeping the text's order and punishes a sidebar that merely shares words with the
  article (:func:`shingles`, :func:`shingle_scores`);
* **per-class** block F1, micro and macro, as BoilerNet and MultiBoilerNet report it (Wu & Chang Tables
  III-V, :class:`ClassF1`): both classes, *content* and *noise*, are scored. Micro pools every block of
  every page before computing each class's F1; macro computes each class's F1 per page and averages over
  pages; "avg" is the mean of the two classes. A page on which a class occurs neither in the gold nor in
  the prediction has no F1 for that class and is left out of that class's macro average.
"""

from __future__ import annotations

import re
import statistics
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from scrapy_boiler.parse.normalize import UNSPACED_CHARS

#: Words, and single characters of scripts without spaces (the usual unit for scoring Chinese or Thai).
_TOKEN = re.compile(rf"[{UNSPACED_CHARS}]|[^\W{UNSPACED_CHARS}]+")


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


#: Tokens per shingle.
SHINGLE_SIZE = 4


def shingles(text: str, size: int = SHINGLE_SIZE) -> Counter[tuple[str, ...]]:
    """The multiset of runs of ``size`` consecutive lower-cased tokens (the whole text when it is shorter)."""
    words = _TOKEN.findall(text.lower())
    if len(words) < size:
        return Counter([tuple(words)]) if words else Counter()
    return Counter(tuple(words[i:i + size]) for i in range(len(words) - size + 1))


def shingle_scores(predicted: str, gold: str) -> tuple[float, float] | None:
    """(precision, recall) of a text's shingles against the gold's; None when the gold has no token.

    An empty prediction scores precision 1 and recall 0 (it said nothing wrong and found nothing), so that
    averaged over pages, precision measures what was kept and recall what was found.
    """
    gold_shingles = shingles(gold)
    if not gold_shingles:
        return None
    predicted_shingles = shingles(predicted)
    if not predicted_shingles:
        return 1.0, 0.0
    overlap = sum((predicted_shingles & gold_shingles).values())
    return overlap / sum(predicted_shingles.values()), overlap / sum(gold_shingles.values())


def f1_of(precision: float, recall: float) -> float:
    """The harmonic mean of a precision and a recall (0 when both are 0)."""
    return 2 * precision * recall / (precision + recall) if precision + recall else 0.0


def percentile(values: Sequence[float], q: float) -> float:
    """The q-th percentile (0-100) by linear interpolation; 0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    position = (len(ordered) - 1) * q / 100
    low = int(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def _flipped(confusion: Confusion) -> Confusion:
    return Confusion(tp=confusion.tn, fp=confusion.fn, fn=confusion.fp, tn=confusion.tp)


def _defined(confusion: Confusion) -> bool:
    return bool(confusion.tp + confusion.fp + confusion.fn)


@dataclass
class ClassF1:
    """Accumulates pages; :meth:`summary` gives micro and macro F1 of both classes."""

    pooled: Confusion = field(default_factory=Confusion)
    content_pages: list[float] = field(default_factory=list)
    noise_pages: list[float] = field(default_factory=list)
    pages: int = 0

    def add_page(self, predicted: Sequence[bool], gold: Sequence[bool]) -> None:
        page = Confusion()
        page.add(predicted, gold)
        self.pages += 1
        self.pooled.add(predicted, gold)
        if _defined(page):
            self.content_pages.append(page.f1)
        noise = _flipped(page)
        if _defined(noise):
            self.noise_pages.append(noise.f1)

    def summary(self) -> dict[str, float]:
        micro_content, micro_noise = self.pooled.f1, _flipped(self.pooled).f1
        macro_content = statistics.fmean(self.content_pages) if self.content_pages else 0.0
        macro_noise = statistics.fmean(self.noise_pages) if self.noise_pages else 0.0
        return {
            "pages": self.pages,
            "micro_noise_f1": micro_noise, "micro_content_f1": micro_content,
            "micro_avg_f1": (micro_noise + micro_content) / 2,
            "macro_noise_f1": macro_noise, "macro_content_f1": macro_content,
            "macro_avg_f1": (macro_noise + macro_content) / 2,
        }
