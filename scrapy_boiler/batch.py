"""Extract a batch so that one bad page fails alone: the unit of work of the Scrapy workers and of
``boiler-extract --jobs``."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

from scrapy_boiler.api import PageInput, extract_many
from scrapy_boiler.document import Document
from scrapy_boiler.limits import DEFAULT_LIMITS, Deadline, Limits, TimeBudgetExceeded


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
    """Extract a batch in one call; if the batch fails, retry page by page so one bad page fails alone.

    The Documents come back complete (:meth:`~scrapy_boiler.Document.complete`): their outputs read on first use are
    computed here, in the worker, within each page's time budget, not later where the crawler reads them."""
    start = time.perf_counter()
    try:
        docs = [_complete(doc, limits) for doc in extract_many(pages, model=model, device=device, limits=limits)]
    except Exception:
        return [_extract_one(page, model, device, limits) for page in pages]
    share = (time.perf_counter() - start) / max(1, len(pages))
    return [Outcome(doc, None, share) for doc in docs]


def _extract_one(page: PageInput, model: str, device: str, limits: Limits) -> Outcome:
    start = time.perf_counter()
    try:
        doc = _complete(extract_many([page], model=model, device=device, limits=limits)[0], limits)
    except TimeBudgetExceeded as exc:
        return Outcome(None, str(exc), time.perf_counter() - start, reason="time_budget")
    except Exception as exc:  # reported to the crawler as this page's error; the worker lives on
        return Outcome(None, f"{type(exc).__name__}: {exc}", time.perf_counter() - start)
    return Outcome(doc, None, time.perf_counter() - start)


def _complete(doc: Document, limits: Limits) -> Document:
    """``doc`` with its outputs read on first use computed, within the page's time budget."""
    with Deadline(limits.time_budget).alarm():
        return doc.complete()
