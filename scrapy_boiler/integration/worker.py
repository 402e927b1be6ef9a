"""What runs inside an extraction worker: no Scrapy, no Twisted.

A worker process reads length-prefixed pickled batches on stdin and writes length-prefixed pickled
outcomes on stdout, one batch at a time. Its own stdout is moved aside first, so a library that
prints cannot corrupt the stream (stray output goes to stderr, which the crawler logs).
"""

from __future__ import annotations

import contextlib
import os
import pickle
import struct
import sys
from typing import BinaryIO

from scrapy_boiler.batch import extract_batch
from scrapy_boiler.extractors.registry import resolve

HEADER = struct.Struct("!Q")


def frame(message: object) -> bytes:
    """A message as sent on the pipe: 8-byte big-endian length, then the pickle."""
    data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
    return HEADER.pack(len(data)) + data


def serve(requests: BinaryIO, replies: BinaryIO) -> None:
    """Answer ``(batch_id, pages, model, device, limits)`` requests with ``(batch_id, outcomes)`` until EOF.

    The first batch of each model is acknowledged with ``(batch_id, None)`` once the model is loaded, so the
    crawler's time budget for the batch starts then: loading torch and weights is not the pages' fault.
    """
    loaded: set[tuple[str, str]] = set()
    while True:
        header = requests.read(HEADER.size)
        if len(header) < HEADER.size:
            return
        body = requests.read(HEADER.unpack(header)[0])
        batch_id, pages, model, device, limits = pickle.loads(body)  # sent by our own parent crawler process
        if (model, device) not in loaded:
            loaded.add((model, device))
            with contextlib.suppress(Exception):  # a model that cannot load fails page by page in extract_batch
                resolve(model, device)
            replies.write(frame((batch_id, None)))
            replies.flush()
        replies.write(frame((batch_id, extract_batch(pages, model, device, limits))))
        replies.flush()


def main() -> None:
    """Entry point of a worker process (started by :mod:`scrapy_boiler.integration.processes`)."""
    replies = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
    serve(sys.stdin.buffer, replies)
