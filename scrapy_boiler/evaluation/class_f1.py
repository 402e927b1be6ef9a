"""Per-class block F1, micro and macro, as BoilerNet and MultiBoilerNet report it (seed 002 Tables III-V).

Both classes are scored: *content* and *noise* (boilerplate). **Micro** pools every block of every page
before computing each class's F1; **macro** computes each class's F1 per page and averages over pages.
"Avg" is the mean of the two classes. A page on which a class occurs neither in the gold nor in the
prediction has no F1 for that class and is left out of that class's macro average.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field

from scrapy_boiler.evaluation.metrics import Confusion


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
