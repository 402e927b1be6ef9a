"""Extraction off the reactor thread, batched by load.

Pages are queued per model. While a worker is idle a page leaves at once (after ``batch_wait``
seconds if that is set, to gather a bigger batch for a neural model); while every worker is busy
pages accumulate, and the next worker to finish takes up to ``batch_size`` of them as one batch (one
forward pass for a neural model). So a lone page is never delayed, and batches grow exactly when the
crawl outpaces extraction. Batches run in worker processes (true parallelism, and a crashing page
cannot take the crawler down) or, with ``workers=0``, in one thread.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import time
from collections import defaultdict
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from twisted.internet.defer import Deferred

from scrapy_boiler.api import PageInput
from scrapy_boiler.integration.worker import Outcome, extract_batch, init_worker

logger = logging.getLogger(__name__)

#: Set in a crawler that starts worker processes to its pid. Workers are spawned, and spawning re-runs
#: the parent's ``__main__`` script: a script that starts a crawl without an
#: ``if __name__ == "__main__":`` guard would crawl again inside every worker. The Scrapy components
#: refuse to start in such a re-run (see ``Runtime``).
POOL_PARENT_ENV = "SCRAPY_BOILER_POOL_PARENT"


class ExtractionPool:
    """Hands pages to workers and fires one Deferred per page with its :class:`Outcome`."""

    def __init__(self, *, workers: int, device: str, batch_size: int, batch_wait: float) -> None:
        self.workers = workers
        self.device = device
        self.batch_size = batch_size
        self.batch_wait = batch_wait
        self.capacity = max(1, workers)  # batches in flight at once (one per worker)
        self._executor: Executor | None = None
        self._pending: dict[str, list[tuple[float, PageInput, Deferred[Outcome]]]] = defaultdict(list)
        self._in_flight = 0
        self._timer: Any = None
        self.batches = 0
        self.max_batch = 0

    def submit(self, page: PageInput, model: str) -> Deferred[Outcome]:
        """Queue one page; the Deferred fires on the reactor thread."""
        deferred: Deferred[Outcome] = Deferred()
        self._pending[model].append((time.monotonic(), page, deferred))
        self._dispatch()
        return deferred

    def close(self) -> None:
        """Stop the workers; queued pages fail with ``CancelledError`` (their responses pass on unextracted)."""
        if self._timer is not None and self._timer.active():
            self._timer.cancel()
        self._timer = None
        for queue in self._pending.values():
            for _, _, deferred in queue:
                deferred.cancel()
        self._pending.clear()
        self._discard_executor()

    def _dispatch(self) -> None:
        """Send batches to idle workers, oldest waiting model first."""
        while self._in_flight < self.capacity and self._pending:
            model, queue = min(self._pending.items(), key=lambda entry: entry[1][0][0])
            wait = self.batch_wait - (time.monotonic() - queue[0][0])
            if wait > 0 and len(queue) < self.batch_size:
                self._wake_in(wait)
                return
            self._flush(model)

    def _wake_in(self, seconds: float) -> None:
        from twisted.internet import reactor

        if self._timer is None or not self._timer.active():
            self._timer = reactor.callLater(seconds, self._dispatch)  # type: ignore[attr-defined]

    def _flush(self, model: str) -> None:
        queue = self._pending[model]
        batch, self._pending[model] = queue[: self.batch_size], queue[self.batch_size :]
        if not self._pending[model]:
            del self._pending[model]
        self.batches += 1
        self.max_batch = max(self.max_batch, len(batch))
        pages = [page for _, page, _ in batch]
        deferreds = [deferred for _, _, deferred in batch]
        try:
            future = self._get_executor().submit(extract_batch, pages, model, self.device)
        except (BrokenProcessPool, RuntimeError) as exc:  # executor died or was shut down meanwhile
            self._discard_executor()
            for deferred in deferreds:
                deferred.errback(exc)
            return
        self._in_flight += 1
        future.add_done_callback(lambda done: _call_from_reactor(self._finished, done, deferreds))

    def _finished(self, future: Future[list[Outcome]], deferreds: list[Deferred[Outcome]]) -> None:
        self._in_flight -= 1
        try:
            self._deliver(future, deferreds)
        finally:
            self._dispatch()

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
                os.environ[POOL_PARENT_ENV] = str(os.getpid())
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
