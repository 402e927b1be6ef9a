"""Labelled training pages and a seeded validation hold-out, shared by the training commands."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import TypeVar

from scrapy_boiler.datasets.labels import LabelledPage, load_labelled

T = TypeVar("T")


def iter_pages(specs: list[str], data_dir: str | None = None, limit: int | None = None) -> Iterator[LabelledPage]:
    """Labelled pages of every corpus spec, one at a time; pages without any text leaf are skipped."""
    for spec in specs:
        yield from (page for page in load_labelled(spec, data_dir=data_dir, limit=limit) if page.leaves)


def load_pages(specs: list[str], data_dir: str | None = None, limit: int | None = None) -> list[LabelledPage]:
    """Labelled pages of every corpus spec, in order; pages without any text leaf are dropped."""
    return list(iter_pages(specs, data_dir, limit))


def hold_out(pages: list[T], count: int, seed: int) -> tuple[list[T], list[T]]:
    """(training, validation): ``count`` pages drawn with ``seed`` for validation, order kept."""
    order = list(range(len(pages)))
    random.Random(seed).shuffle(order)
    valid = set(order[:count])
    return ([p for i, p in enumerate(pages) if i not in valid], [p for i, p in enumerate(pages) if i in valid])


def page_ids(pages: list[LabelledPage]) -> list[str]:
    """``dataset/id`` of each page, for the record of a training run."""
    return [f"{page.page.dataset}/{page.page.id}" for page in pages]
