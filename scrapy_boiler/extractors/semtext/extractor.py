"""SemText as a selectable model: page → SCS blocks → word strings → network → labels on the reference leaves.

Pages longer than 85 blocks are cut into overlapping windows (:mod:`~scrapy_boiler.extractors.semtext.windows`)
whose labels are reconciled per block; ``window_mode="split"`` gives the paper's even split instead, for
comparison. Imports torch: reached only through the registry.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from scrapy_boiler.extractors.base import PageLabels
from scrapy_boiler.extractors.device import module_device, pick_device, place, run_with_cpu_fallback
from scrapy_boiler.extractors.model_files import model_file
from scrapy_boiler.extractors.semtext.model import NAME, SemTextModel, predict_sequences
from scrapy_boiler.extractors.semtext.scs import scs
from scrapy_boiler.extractors.semtext.words import page_strings
from scrapy_boiler.extractors.tidy import tidy_labels
from scrapy_boiler.parse.html import ParsedPage

#: The shipped SemText-1: SemText trained further on thread pages (Zhang & Wang's Table II), for pages typed threads.
THREADS_NAME = f"{NAME}-threads"


def default_model_prefix(name: str = NAME) -> Path:
    """Prefix of the shipped weights (``semtext.pt`` + ``semtext.json``, or another ``name``'s), found by
    :func:`~scrapy_boiler.extractors.model_files.model_file`."""
    config = model_file(f"{name}.json")
    if not config.with_suffix(".pt").is_file():
        raise FileNotFoundError(f"{config.with_suffix('.pt')} is missing next to {config}")
    return config.with_suffix("")


class SemTextExtractor:
    """The :class:`~scrapy_boiler.extractors.base.Extractor` of a trained SemText model."""

    name = NAME

    def __init__(self, model: SemTextModel, device: str = "auto", window_mode: str = "overlap") -> None:
        self.model = model
        self.device = place(model.net, pick_device(device), NAME)
        self.window_mode = window_mode

    def label_pages(self, pages: Sequence[ParsedPage]) -> list[PageLabels]:
        segmented = [scs(page.root) for page in pages]
        strings = [page_strings(p) for p in segmented]
        labels = run_with_cpu_fallback(self, self.model.net, lambda: predict_sequences(
            self.model, strings, module_device(self.model.net), window_mode=self.window_mode))
        out = [
            PageLabels(seg.leaves, seg.text_blocks([bool(x) for x in page_labels]), model=self.name)
            for seg, page_labels in zip(segmented, labels, strict=True)
        ]
        for page, page_labels in zip(pages, out, strict=True):
            tidy_labels(page, page_labels, self.name)
        return out


def load_extractor(device: str = "auto", prefix: str | Path | None = None,
                   window_mode: str = "overlap") -> SemTextExtractor:
    """The shipped (or given) SemText model as an extractor; raises FileNotFoundError without weights."""
    extractor = SemTextExtractor(SemTextModel.load(prefix or default_model_prefix()), device, window_mode)
    if window_mode != "overlap":
        extractor.name = f"{NAME}-{window_mode}"
    return extractor
