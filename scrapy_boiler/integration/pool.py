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

from scrapy_boiler import Limits, PageInput
from scrapy_boiler.batch import Outcome, extract_batch
from scrapy_boiler.integration.processes import WorkerDied, WorkerProcess
from scrapy_boiler.limits import DEFAULT_LIMITS

logger = logging.getLogger(__name__)

#: Worker deaths in a row, without a single reply in between, before extraction moves into a thread
#: of the crawler (workers that cannot even start would otherwise be respawned for every batch).
MAX_DEATHS_IN_A_ROW = 3

#: A worker still busy this many times its batch's time budget, plus :data:`KILL_GRACE` seconds, is
#: killed: the budget inside the worker (``SIGALRM``) cannot interrupt a stuck C call, this can. The
#: factor leaves room for the worker's own retry of an overrun batch page by page.
KILL_FACTOR = 3
KILL_GRACE = 2.0
#: Seconds a worker may take to load a model before its first batch of that model; the batch's own budget
#: starts when the worker says the model is loaded.
LOAD_GRACE = 120.0

_Batch = list[Deferred[Outcome]]


class _Running:
    """A batch a worker holds: enough to fail it, or to resubmit its pages one by one after a kill."""

    def __init__(self, model: str, pages: list[PageInput], deferreds: _Batch) -> None:
        self.model = model
        self.pages = pages
        self.deferreds = deferreds
        self.started = time.monotonic()
        self.timer: Any = None
        self.timed_out = False

    def cancel_timer(self) -> None:
        if self.timer is not None and self.timer.active():
            self.timer.cancel()


class ExtractionPool:
    """Hands pages to workers and fires one Deferred per page, on the reactor thread, with its :class:`Outcome`."""

    def __init__(
        self, *, workers: int, device: str, batch_size: int, batch_wait: float, limits: Limits = DEFAULT_LIMITS
    ) -> None:
        self.workers = workers
        self.device = device
        self.limits = limits
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
        self._busy: dict[WorkerProcess, _Running] = {}
        self._solo: list[tuple[str, PageInput, Deferred[Outcome]]] = []  # pages of a killed batch, one by one
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
        for _, _, deferred in self._solo:
            deferred.cancel()
        self._solo.clear()
        for worker in list(self._live):
            worker.stop()
        if self._thread is not None:
            self._thread.shutdown(wait=False, cancel_futures=True)

    # -- dispatching -------------------------------------------------------------------------------

    def _dispatch(self) -> None:
        """Send batches to idle workers, the model whose oldest page waited longest first."""
        while self._solo and not self._closed and self._has_idle_worker():
            model, page, deferred = self._solo.pop(0)
            self._run(model, [page], [deferred])
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
            future = self._thread.submit(extract_batch, pages, model, self.device, self.limits)
            future.add_done_callback(lambda done: _call_from_reactor(self._on_thread_done, done, deferreds))
            return
        worker = self._idle.pop()
        running = self._busy[worker] = _Running(model, pages, deferreds)
        self._arm(worker, running, loading=model not in worker.models_loaded)
        worker.send((next(self._ids), pages, model, self.device, self.limits))

    def _arm(self, worker: WorkerProcess, running: _Running, *, loading: bool) -> None:
        """(Re)start the kill timer of a batch: the load grace while the model loads, then the budget."""
        budget = self.limits.time_budget
        if budget is None:
            return
        from twisted.internet import reactor

        running.cancel_timer()
        timeout = LOAD_GRACE if loading else KILL_FACTOR * budget * len(running.pages) + KILL_GRACE
        running.timer = reactor.callLater(timeout, self._on_timeout, worker)  # type: ignore[attr-defined]

    def _wake_in(self, seconds: float) -> None:
        from twisted.internet import reactor

        if self._timer is None or not self._timer.active():
            self._timer = reactor.callLater(seconds, self._dispatch)  # type: ignore[attr-defined]

    # -- results -----------------------------------------------------------------------------------

    def _on_reply(self, worker: WorkerProcess, message: tuple[int, list[Outcome] | None]) -> None:
        _, outcomes = message
        self._deaths_in_a_row = 0
        if outcomes is None:  # the model is loaded: the batch's time budget starts now
            running = self._busy.get(worker)
            if running is not None:
                worker.models_loaded.add(running.model)
                self._arm(worker, running, loading=False)
            return
        running = self._busy.pop(worker, None)
        if running is not None:  # its model is in models_loaded: the worker acknowledged loading it first
            running.cancel_timer()
            _fire(running.deferreds, outcomes)
        if worker.alive and not self._closed:
            self._idle.append(worker)
        self._dispatch()

    def _on_exit(self, worker: WorkerProcess, reason: str) -> None:
        self._live.discard(worker)
        if worker in self._idle:
            self._idle.remove(worker)
        running = self._busy.pop(worker, None)
        if running is not None:
            running.cancel_timer()
        batch = running.deferreds if running is not None else None
        if self._closed:
            for deferred in batch or []:
                if not deferred.called:
                    deferred.cancel()
            return
        if running is not None and running.timed_out:
            self._after_kill(running)
        elif batch is not None:
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

    def _on_timeout(self, worker: WorkerProcess) -> None:
        running = self._busy.get(worker)
        if running is None:
            return
        running.timed_out = True
        logger.error("An extraction worker overran the time budget with %d page(s) for %.0f s: killing it",
                     len(running.pages), time.monotonic() - running.started)
        worker.kill()

    def _after_kill(self, running: _Running) -> None:
        """A batch whose worker was killed for time: a lone page fails, the pages of a batch retry alone."""
        if len(running.deferreds) > 1:
            self._solo.extend(zip([running.model] * len(running.pages), running.pages, running.deferreds, strict=True))
            return
        seconds = time.monotonic() - running.started
        error = f"the extraction worker was killed after {seconds:.0f} s, far over the time budget"
        _fire(running.deferreds, [Outcome(None, error, seconds, reason="time_budget")])

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
