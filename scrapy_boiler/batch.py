"""Extract a batch so that one bad page fails alone: the unit of work of the Scrapy workers and of
``boiler-extract --jobs``."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

from scrapy_boiler.api import PageInput, extract_many
from scrapy_boiler.document import Document
from scrapy_boiler.limits import DEFAULT_LIMITS, Limits


@dataclass(slots=True)
class Outcome:
    """One page's result: a Document, or the error that stopped it (``reason``: its stats key), and its share
    of the batch time."""

    document: Document | None
    error: str | None
    seconds: float
    reason: str = "extraction"


def extract_batch(
    pages: Sequence[PageInput], model: str, device: str, limits: Limits = DEFAULT_LIMITS
) -> list[Outcome]:
    """Extract a batch in one call; if the batch fails, retry page by page so one bad page fails alone."""
    start = time.perf_counter()
    try:
        docs = extract_many(pages, model=model, device=device, limits=limits)
    except Exception:
        return [_extract_one(page, model, device, limits) for page in pages]
    share = (time.perf_counter() - start) / max(1, len(pages))
    return [Outcome(doc, None, share) for doc in docs]


def _extract_one(page: PageInput, model: str, device: str, limits: Limits) -> Outcome:
    start = time.perf_counter()
    try:
        doc = extract_many([page], model=model, device=device, limits=limits)[0]
    except Exception as exc:  # reported to the crawler as this page's error; the worker lives on
        return Outcome(None, f"{type(exc).__name__}: {exc}", time.perf_counter() - start)
    return Outcome(doc, None, time.perf_counter() - start)
