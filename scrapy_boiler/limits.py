"""Limits that keep one hostile page from costing a crawl unbounded memory or time, and the reasons a page
is refused.

A page over a limit never raises from :func:`scrapy_boiler.extract`: it gives a :class:`~scrapy_boiler.Document`
with empty text, ``reason`` set to one of :data:`REASONS` and ``error`` saying what happened. A page nested
deeper than ``max_depth`` is not refused: its deepest elements are flattened into their ancestor (text kept)
and ``"depth_limited"`` is added to ``Document.warnings``.
"""

from __future__ import annotations

import signal
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Literal

#: Why a page gave no text: ``Document.reason``.
Reason = Literal["empty", "binary", "not_html", "too_large", "too_many_blocks", "time_budget", "no_text", "unparsable"]
#: What was changed to extract a page: ``Document.warnings``.
WarningCode = Literal["depth_limited", "decompressed", "declared_body"]

#: Every :data:`Reason`, explained.
REASONS: dict[Reason, str] = {
    "empty": "the body is empty or only white space",
    "binary": "the body is a binary format (PDF, image, archive...) served as HTML",
    "not_html": "the body is another text format (JSON) served as HTML",
    "too_large": "the body, or its decompressed form, is over max_bytes",
    "too_many_blocks": "the page has more text blocks (DOM text nodes) than max_blocks",
    "time_budget": "extraction ran past the per-page time budget",
    "no_text": "the page has no visible text (a frameset, only scripts, only images)",
    "unparsable": "no HTML element could be parsed from the body",
}

#: Every :data:`WarningCode`, explained: the page was extracted, but not all of it as written.
WARNINGS: dict[WarningCode, str] = {
    "depth_limited": "elements nested deeper than max_depth were flattened into their ancestor",
    "decompressed": "the body was gzip data served without Content-Encoding, and was decompressed",
    "declared_body": "the page shows only the start of its article; the text is the body its JSON-LD declares "
    "(articleBody), which the page hides (a paywall)",
}


@dataclass(frozen=True, slots=True)
class Limits:
    """Per-page limits; the defaults keep the worst case of our hostile-input catalogue to seconds.

    ``max_bytes``: largest body (and largest decompressed body) extracted.
    ``max_blocks``: most DOM text nodes; a real page has hundreds, a long forum thread a few thousand.
    ``max_depth``: deepest element kept as structure (libxml2 itself stops at 2048 and loses the rest).
    ``time_budget``: seconds per page, ``None`` for no budget. Enforced with ``SIGALRM`` when extraction runs
    on the main thread of a Unix process (the Scrapy workers do), else only between pipeline stages; the
    Scrapy integration also kills a worker that overruns it, so even a stuck C call cannot hang a crawl.
    """

    max_bytes: int = 10 * 1024 * 1024
    max_blocks: int = 20_000
    max_depth: int = 512
    time_budget: float | None = 10.0

    def __post_init__(self) -> None:
        if self.max_bytes < 1 or self.max_blocks < 1:
            raise ValueError("max_bytes and max_blocks must be positive")
        if not 8 <= self.max_depth <= MAX_PARSER_DEPTH:
            raise ValueError(f"max_depth must be between 8 and {MAX_PARSER_DEPTH}")
        if self.time_budget is not None and self.time_budget <= 0:
            raise ValueError("time_budget must be positive, or None for no budget")


#: libxml2 stops parsing (and drops the rest of the page) at 2048 levels even with huge_tree.
MAX_PARSER_DEPTH = 2000

DEFAULT_LIMITS = Limits()


class PageRejected(ValueError):
    """A page that cannot or may not be extracted; ``reason`` is a key of :data:`REASONS`."""

    def __init__(self, reason: Reason, message: str) -> None:
        super().__init__(message)
        self.reason: Reason = reason


class TimeBudgetExceeded(PageRejected):
    """Extraction ran past :attr:`Limits.time_budget`."""

    def __init__(self, seconds: float) -> None:
        super().__init__("time_budget", f"extraction took longer than the time budget of {seconds:g} s")


class Deadline:
    """The time budget of a batch: a hard ``SIGALRM`` where possible, plus :meth:`check` between stages."""

    def __init__(self, seconds: float | None) -> None:
        self.seconds = seconds
        self.started = time.monotonic()

    def check(self) -> None:
        """Raise :class:`TimeBudgetExceeded` if the budget is spent (the cooperative half)."""
        if self.seconds is not None and time.monotonic() > self.started + self.seconds:
            raise TimeBudgetExceeded(self.seconds)

    @contextmanager
    def alarm(self) -> Iterator[None]:
        """Interrupt Python code that runs past the budget.

        Only on the main thread of a Unix process, and only when no other ``ITIMER_REAL`` timer is set
        (ours would replace it); elsewhere the budget is checked between stages only.
        """
        seconds = self.seconds
        if (
            seconds is None
            or not hasattr(signal, "setitimer")
            or threading.current_thread() is not threading.main_thread()
            or signal.getitimer(signal.ITIMER_REAL)[0] > 0
        ):
            yield
            return

        def on_alarm(signum: int, frame: object) -> None:
            raise TimeBudgetExceeded(seconds)

        previous = signal.signal(signal.SIGALRM, on_alarm)
        signal.setitimer(signal.ITIMER_REAL, seconds)
        try:
            yield
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)
