"""Extraction worker processes driven by the reactor: no helper threads in the crawler.

Each worker is a child process (``spawnProcess``) speaking the pipe protocol of
:mod:`scrapy_boiler.integration.worker`. Replies arrive as reactor events, so the crawler process
runs no extra threads competing with the reactor for the GIL, and the main script is never re-run
(unlike ``multiprocessing``'s spawn).
"""

from __future__ import annotations

import logging
import os
import pickle
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from twisted.internet.protocol import ProcessProtocol
from twisted.python.failure import Failure

from scrapy_boiler.integration.worker import HEADER, frame

logger = logging.getLogger(__name__)

#: The worker imports the very scrapy_boiler the crawler runs (not one shadowed by its working directory).
_PACKAGE_ROOT = str(Path(__file__).resolve().parents[2])
_WORKER_CODE = (
    f"import sys; sys.path.insert(0, {_PACKAGE_ROOT!r}); from scrapy_boiler.integration.worker import main; main()"
)


class WorkerDied(RuntimeError):
    """A worker process exited while it held a batch (crash, out of memory, killed)."""


class WorkerProcess(ProcessProtocol):
    """One child process; ``on_reply(worker, message)`` and ``on_exit(worker, reason)`` run on the reactor."""

    def __init__(self, on_reply: Callable[[WorkerProcess, Any], None],
                 on_exit: Callable[[WorkerProcess, str], None]) -> None:
        self.on_reply = on_reply
        self.on_exit = on_exit
        self._buffer = bytearray()
        self._stderr = bytearray()
        self._requests: int | None = None  # our end of the worker's stdin
        self.alive = False
        self.models_loaded: set[str] = set()  # models this worker has answered a batch with

    @classmethod
    def start(cls, threads: int, on_reply: Callable[[WorkerProcess, Any], None],
              on_exit: Callable[[WorkerProcess, str], None]) -> WorkerProcess:
        from twisted.internet import reactor

        worker = cls(on_reply, on_exit)
        env = dict(os.environ)
        for name in ("OMP_NUM_THREADS", "MKL_NUM_THREADS", "OPENBLAS_NUM_THREADS"):
            env.setdefault(name, str(threads))  # workers × threads should not oversubscribe the cores
        # The worker's stdin is a pipe we write to directly: a batch goes only to an idle worker, which
        # is blocked reading it, so the write returns at once; through the transport it would wait
        # for the reactor's next turn, which on a busy crawl adds milliseconds to every page.
        read_end, worker._requests = os.pipe()
        try:
            reactor.spawnProcess(  # type: ignore[attr-defined]
                worker, sys.executable, [sys.executable, "-c", _WORKER_CODE], env=env,
                childFDs={0: read_end, 1: "r", 2: "r"},
            )
        except Exception:
            os.close(worker._requests)
            raise
        finally:
            os.close(read_end)
        worker.alive = True
        return worker

    def send(self, message: object) -> None:
        """Write one request; a worker that has died is reported by ``processEnded``, not here."""
        data = memoryview(frame(message))
        try:
            while data and self._requests is not None:
                data = data[os.write(self._requests, data):]
        except OSError:  # broken pipe: the worker is gone
            self._close_requests()

    def stop(self) -> None:
        """Close the worker's stdin: it finishes its batch, sees end of input and exits."""
        self._close_requests()

    def kill(self) -> None:
        """Kill the worker at once (a batch stuck past its time budget); ``processEnded`` reports it."""
        if self.alive and self.transport is not None:
            try:
                self.transport.signalProcess("KILL")
            except Exception:  # already gone: processEnded is on its way
                logger.debug("could not kill an extraction worker", exc_info=True)

    def _close_requests(self) -> None:
        if self._requests is not None:
            os.close(self._requests)
            self._requests = None

    def childDataReceived(self, childFD: int, data: bytes) -> None:  # Twisted's names
        if childFD == 2:
            self._log_stderr(data)
            return
        self._buffer += data
        while len(self._buffer) >= HEADER.size:
            (size,) = HEADER.unpack_from(self._buffer)
            if len(self._buffer) < HEADER.size + size:
                break
            body = bytes(self._buffer[HEADER.size : HEADER.size + size])
            del self._buffer[: HEADER.size + size]
            self.on_reply(self, pickle.loads(body))  # written by our own worker process

    def processEnded(self, reason: Failure) -> None:  # Twisted's names
        self.alive = False
        self._close_requests()
        if self._stderr:
            self._log_stderr(b"\n")
        self.on_exit(self, str(reason.value))

    def _log_stderr(self, data: bytes) -> None:
        self._stderr += data
        *lines, rest = self._stderr.split(b"\n")
        self._stderr = bytearray(rest)
        for line in lines:
            if line.strip():
                logger.warning("extraction worker: %s", line.decode("utf-8", "replace"))
