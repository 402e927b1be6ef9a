"""Labelled training pages and a seeded validation hold-out, shared by the training commands."""

from __future__ import annotations

import random

from scrapy_boiler.datasets.labels import LabelledPage, load_labelled


def load_pages(specs: list[str], data_dir: str | None = None, limit: int | None = None) -> list[LabelledPage]:
    """Labelled pages of every corpus spec, in order; pages without any text leaf are dropped."""
    pages: list[LabelledPage] = []
    for spec in specs:
        pages.extend(page for page in load_labelled(spec, data_dir=data_dir, limit=limit) if page.leaves)
    return pages


def hold_out(pages: list[LabelledPage], count: int, seed: int) -> tuple[list[LabelledPage], list[LabelledPage]]:
    """(training, validation): ``count`` pages drawn with ``seed`` for validation, order kept."""
    order = list(range(len(pages)))
    random.Random(seed).shuffle(order)
    valid = set(order[:count])
    return ([p for i, p in enumerate(pages) if i not in valid], [p for i, p in enumerate(pages) if i in valid])


def page_ids(pages: list[LabelledPage]) -> list[str]:
    """``dataset/id`` of each page, for the record of a training run."""
    return [f"{page.page.dataset}/{page.page.id}" for page in pages]
