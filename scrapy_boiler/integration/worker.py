"""What runs inside an extraction worker (a process or a thread): no Scrapy, no Twisted."""

from __future__ import annotations

import os
import time
from collections.abc import Sequence
from dataclasses import dataclass

from scrapy_boiler.api import PageInput, extract_many
from scrapy_boiler.document import Document


@dataclass(slots=True)
class Outcome:
    """One page's result: a Document, or the error that stopped it, and its share of the batch time."""

    document: Document | None
    error: str | None
    seconds: float


def init_worker(threads: int) -> None:
    """Cap math-library threads so ``workers × threads`` does not oversubscribe the cores."""
    for name in ("OMP_NUM_THREADS", "MKL_NUM_THREADS", "OPENBLAS_NUM_THREADS"):
        os.environ.setdefault(name, str(threads))


def extract_batch(pages: Sequence[PageInput], model: str, device: str) -> list[Outcome]:
    """Extract a batch in one call; if the batch fails, retry page by page so one bad page fails alone."""
    start = time.perf_counter()
    try:
        docs = extract_many(pages, model=model, device=device)
    except Exception:
        return [_extract_one(page, model, device) for page in pages]
    share = (time.perf_counter() - start) / max(1, len(pages))
    return [Outcome(doc, None, share) for doc in docs]


def _extract_one(page: PageInput, model: str, device: str) -> Outcome:
    start = time.perf_counter()
    try:
        doc = extract_many([page], model=model, device=device)[0]
    except Exception as exc:  # reported to the crawler as this page's error; the worker lives on
        return Outcome(None, f"{type(exc).__name__}: {exc}", time.perf_counter() - start)
    return Outcome(doc, None, time.perf_counter() - start)
