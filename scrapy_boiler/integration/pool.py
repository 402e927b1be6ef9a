"""Extraction off the reactor thread, batched by load.

Pages are queued per model. While a worker is idle a page leaves at once (after ``batch_wait``
seconds if that is set, to gather a bigger batch for a neural model); while every worker is busy
pages accumulate, and the next worker to finish takes up to ``batch_size`` of them as one batch (one
forward pass for a neural model). So a lone page is never delayed, and batches grow exactly when the
crawl outpaces extraction. Batches run in worker processes (true parallelism, and a crashing page
cannot take the crawler down) or, with ``workers=0``, in one thread of the crawler.
"""

from __future__ import annotations

import itertools
import logging
import os
import time
from collections import defaultdict
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from twisted.internet.defer import Deferred

from scrapy_boiler.api import PageInput
from scrapy_boiler.integration.processes import WorkerDied, WorkerProcess
from scrapy_boiler.integration.worker import Outcome, extract_batch

logger = logging.getLogger(__name__)

#: Worker deaths in a row, without a single reply in between, before extraction moves into a thread
#: of the crawler (workers that cannot even start would otherwise be respawned for every batch).
MAX_DEATHS_IN_A_ROW = 3

_Batch = list[Deferred[Outcome]]


class ExtractionPool:
    """Hands pages to workers and fires one Deferred per page, on the reactor thread, with its :class:`Outcome`."""

    def __init__(self, *, workers: int, device: str, batch_size: int, batch_wait: float) -> None:
        self.workers = workers
        self.device = device
        self.batch_size = batch_size
        self.batch_wait = batch_wait
        self.batches = 0
        self.max_batch = 0
        self._pending: dict[str, list[tuple[float, PageInput, Deferred[Outcome]]]] = defaultdict(list)
        self._timer: Any = None
        self._closed = False
        self._ids = itertools.count()
        self._live: set[WorkerProcess] = set()
        self._idle: list[WorkerProcess] = []
        self._busy: dict[WorkerProcess, _Batch] = {}
        self._deaths_in_a_row = 0
        self._thread: ThreadPoolExecutor | None = None
        self._thread_busy = False

    def submit(self, page: PageInput, model: str) -> Deferred[Outcome]:
        """Queue one page for extraction with ``model``."""
        deferred: Deferred[Outcome] = Deferred()
        self._pending[model].append((time.monotonic(), page, deferred))
        self._dispatch()
        return deferred

    def close(self) -> None:
        """Stop the workers; queued pages fail with ``CancelledError`` (their responses pass on unextracted)."""
        self._closed = True
        if self._timer is not None and self._timer.active():
            self._timer.cancel()
        for queue in self._pending.values():
            for _, _, deferred in queue:
                deferred.cancel()
        self._pending.clear()
        for worker in list(self._live):
            worker.stop()
        if self._thread is not None:
            self._thread.shutdown(wait=False, cancel_futures=True)

    # -- dispatching -------------------------------------------------------------------------------

    def _dispatch(self) -> None:
        """Send batches to idle workers, the model whose oldest page waited longest first."""
        while self._pending and not self._closed and self._has_idle_worker():
            model, queue = min(self._pending.items(), key=lambda entry: entry[1][0][0])
            wait = self.batch_wait - (time.monotonic() - queue[0][0])
            if wait > 0 and len(queue) < self.batch_size:
                self._wake_in(wait)
                return
            batch, rest = queue[: self.batch_size], queue[self.batch_size :]
            if rest:
                self._pending[model] = rest
            else:
                del self._pending[model]
            self.batches += 1
            self.max_batch = max(self.max_batch, len(batch))
            self._run(model, [page for _, page, _ in batch], [deferred for _, _, deferred in batch])

    def _has_idle_worker(self) -> bool:
        if self.workers <= 0:
            return not self._thread_busy
        while len(self._live) < self.workers:
            threads = max(1, (os.cpu_count() or 1) // self.workers)
            worker = WorkerProcess.start(threads, self._on_reply, self._on_exit)
            self._live.add(worker)
            self._idle.append(worker)
        return bool(self._idle)

    def _run(self, model: str, pages: list[PageInput], deferreds: _Batch) -> None:
        if self.workers <= 0:
            self._thread_busy = True
            if self._thread is None:
                self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="boiler")
            future = self._thread.submit(extract_batch, pages, model, self.device)
            future.add_done_callback(lambda done: _call_from_reactor(self._on_thread_done, done, deferreds))
            return
        worker = self._idle.pop()
        self._busy[worker] = deferreds
        worker.send((next(self._ids), pages, model, self.device))

    def _wake_in(self, seconds: float) -> None:
        from twisted.internet import reactor

        if self._timer is None or not self._timer.active():
            self._timer = reactor.callLater(seconds, self._dispatch)  # type: ignore[attr-defined]

    # -- results -----------------------------------------------------------------------------------

    def _on_reply(self, worker: WorkerProcess, message: tuple[int, list[Outcome]]) -> None:
        _, outcomes = message
        self._deaths_in_a_row = 0
        _fire(self._busy.pop(worker, []), outcomes)
        if worker.alive and not self._closed:
            self._idle.append(worker)
        self._dispatch()

    def _on_exit(self, worker: WorkerProcess, reason: str) -> None:
        self._live.discard(worker)
        if worker in self._idle:
            self._idle.remove(worker)
        batch = self._busy.pop(worker, None)
        if self._closed:
            for deferred in batch or []:
                if not deferred.called:
                    deferred.cancel()
            return
        if batch is not None:
            self._deaths_in_a_row += 1
            logger.error("An extraction worker died with %d page(s): %s", len(batch), reason)
            for deferred in batch:
                if not deferred.called:
                    deferred.errback(WorkerDied(reason))
        if self._deaths_in_a_row >= MAX_DEATHS_IN_A_ROW and self.workers > 0:
            logger.error("Extraction workers keep dying (%d in a row): extracting in a thread from now on",
                         self._deaths_in_a_row)
            self.workers = 0
        self._dispatch()

    def _on_thread_done(self, future: Future[list[Outcome]], deferreds: _Batch) -> None:
        self._thread_busy = False
        if future.cancelled():
            for deferred in deferreds:
                if not deferred.called:
                    deferred.cancel()
        elif future.exception() is not None:
            for deferred in deferreds:
                if not deferred.called:
                    deferred.errback(future.exception())
        else:
            _fire(deferreds, future.result())
        self._dispatch()


def _fire(deferreds: _Batch, outcomes: list[Outcome]) -> None:
    for deferred, outcome in zip(deferreds, outcomes, strict=True):
        if not deferred.called:
            deferred.callback(outcome)


def _call_from_reactor(function: Any, *args: Any) -> None:
    from twisted.internet import reactor

    reactor.callFromThread(function, *args)  # type: ignore[attr-defined]
