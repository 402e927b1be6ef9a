"""Extraction off the reactor thread, in small batches.

Pages are queued per model; a batch leaves when it holds ``batch_size`` pages or when its first page
has waited ``batch_wait`` seconds, so a neural model sees concurrent pages as one forward pass while a
lone page is delayed by at most ``batch_wait``. Batches run in worker processes (true parallelism,
and a crashing page cannot take the crawler down) or, with ``workers=0``, in one thread.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
from collections import defaultdict
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from twisted.internet.defer import Deferred

from scrapy_boiler.api import PageInput
from scrapy_boiler.integration.worker import Outcome, extract_batch, init_worker

logger = logging.getLogger(__name__)


class ExtractionPool:
    """Hands pages to workers and fires one Deferred per page with its :class:`Outcome`."""

    def __init__(self, *, workers: int, device: str, batch_size: int, batch_wait: float) -> None:
        self.workers = workers
        self.device = device
        self.batch_size = batch_size
        self.batch_wait = batch_wait
        self._executor: Executor | None = None
        self._pending: dict[str, list[tuple[PageInput, Deferred[Outcome]]]] = defaultdict(list)
        self._timers: dict[str, Any] = {}
        self.batches = 0
        self.max_batch = 0

    def submit(self, page: PageInput, model: str) -> Deferred[Outcome]:
        """Queue one page; the Deferred fires on the reactor thread."""
        from twisted.internet import reactor

        deferred: Deferred[Outcome] = Deferred()
        queue = self._pending[model]
        queue.append((page, deferred))
        if len(queue) >= self.batch_size:
            self._flush(model)
        elif model not in self._timers:
            self._timers[model] = reactor.callLater(self.batch_wait, self._flush, model)  # type: ignore[attr-defined]
        return deferred

    def close(self) -> None:
        """Stop the workers; queued pages fail with ``CancelledError`` (their responses pass on unextracted)."""
        for timer in self._timers.values():
            if timer.active():
                timer.cancel()
        self._timers.clear()
        for queue in self._pending.values():
            for _, deferred in queue:
                deferred.cancel()
        self._pending.clear()
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None

    def _flush(self, model: str) -> None:
        timer = self._timers.pop(model, None)
        if timer is not None and timer.active():
            timer.cancel()
        batch = self._pending.pop(model, [])
        if not batch:
            return
        self.batches += 1
        self.max_batch = max(self.max_batch, len(batch))
        pages = [page for page, _ in batch]
        deferreds = [deferred for _, deferred in batch]
        try:
            future = self._get_executor().submit(extract_batch, pages, model, self.device)
        except (BrokenProcessPool, RuntimeError) as exc:  # executor died or was shut down meanwhile
            self._discard_executor()
            for deferred in deferreds:
                deferred.errback(exc)
            return
        future.add_done_callback(lambda done: _call_from_reactor(self._deliver, done, deferreds))

    def _deliver(self, future: Future[list[Outcome]], deferreds: list[Deferred[Outcome]]) -> None:
        if future.cancelled():
            for deferred in deferreds:
                if not deferred.called:
                    deferred.cancel()
            return
        error = future.exception()
        if error is not None:
            if isinstance(error, BrokenProcessPool):
                logger.error("An extraction worker died (%s); starting new workers", error)
                self._discard_executor()
            for deferred in deferreds:
                if not deferred.called:
                    deferred.errback(error)
            return
        for deferred, outcome in zip(deferreds, future.result(), strict=True):
            if not deferred.called:
                deferred.callback(outcome)

    def _get_executor(self) -> Executor:
        if self._executor is None:
            if self.workers <= 0:
                self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="boiler")
            else:
                threads = max(1, (os.cpu_count() or 1) // self.workers)
                self._executor = ProcessPoolExecutor(
                    max_workers=self.workers,
                    mp_context=multiprocessing.get_context("spawn"),
                    initializer=init_worker,
                    initargs=(threads,),
                )
        return self._executor

    def _discard_executor(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None


def _call_from_reactor(function: Any, *args: Any) -> None:
    from twisted.internet import reactor

    reactor.callFromThread(function, *args)  # type: ignore[attr-defined]
