"""Extract a stream of Records on one or many cores, in input order, with bounded memory.

Records travel in chunks (one :func:`~scrapy_boiler.extract_many` call each) to worker processes;
at most a few chunks per worker are in flight, so a WARC of any size streams through. Every record
comes back as one :class:`Result`: rendered output, or the reason it was skipped, so that
records in = written + skipped always holds. A page that fails to extract is still written, as a
Document whose ``error`` says why (what the one-off command always printed).
"""

from __future__ import annotations

import json
import multiprocessing
import os
from collections import Counter, deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import asdict, dataclass, field
from functools import partial

from scrapy_boiler import Document, PageInput
from scrapy_boiler.batch import extract_batch
from scrapy_boiler.bulk.record import Record

FORMATS = ("text", "json", "html", "markdown", "qa-jsonl")
CHUNK_SIZE = 16
#: Chunks queued per worker beyond the one it works on: enough to never starve, few enough to stream.
CHUNKS_AHEAD = 3
WORKER_DIED = "extraction worker process died"


@dataclass(slots=True)
class Result:
    """What became of one record: ``output`` (one rendered Document) or ``skip`` (a reason)."""

    source: str
    output: str | None = None
    skip: str | None = None
    error: str | None = None  # the written Document's error, or the skipped record's detail


@dataclass
class Tally:
    """Counts for the summary: every record read is either written or skipped for a reason."""

    read: int = 0
    written: int = 0
    errors: int = 0  # written, with ``error`` set
    skipped: Counter[str] = field(default_factory=Counter)

    def add(self, result: Result) -> None:
        self.read += 1
        if result.skip is not None:
            self.skipped[result.skip] += 1
        else:
            self.written += 1
            self.errors += result.error is not None


def resolve_jobs(jobs: str | int) -> int:
    """``--jobs``: a positive count, or ``0``/``auto`` for every core."""
    if str(jobs).strip().lower() in ("0", "auto"):
        return os.cpu_count() or 1
    count = int(jobs)
    if count < 0:
        raise ValueError("--jobs must be 0/auto or a positive number")
    return count


def render(doc: Document, fmt: str, source: str | None = None, pairs: str | int = "all") -> str | None:
    """One Document as text, HTML, Markdown, a JSON line (with the record's ``source`` first), or its Q&A pairs one JSON
    line each (``qa-jsonl``; None when the page has none, ``pairs`` as :meth:`Document.select_pairs`)."""
    if fmt == "qa-jsonl":
        lines = [
            json.dumps({"source": source, "page_url": doc.url, "page_type": doc.page_type, **asdict(pair)},
                       ensure_ascii=False)
            for pair in doc.select_pairs(pairs)
        ]
        return "\n".join(lines) if lines else None
    if fmt == "json":
        data = doc.to_dict() if source is None else {"source": source, **doc.to_dict()}
        return json.dumps(data, ensure_ascii=False)
    if fmt == "html":
        return doc.html
    if fmt == "markdown":
        return doc.markdown
    return doc.text


def process_chunk(chunk: list[Record], model: str, fmt: str, pairs: str | int = "all") -> list[Result]:
    """Extract the records of a chunk that are not skipped, in one batch; runs in a worker process."""
    todo = [PageInput(r.body, r.url, r.charset) for r in chunk if r.skip is None]
    outcomes = iter(extract_batch(todo, model, "auto") if todo else [])
    results = []
    for record in chunk:
        if record.skip is not None:
            results.append(_skipped(record))
            continue
        outcome = next(outcomes)
        if outcome.document is None:
            results.append(_failed(record, model, fmt, outcome.error or "extraction failed"))
        else:
            results.append(Result(record.source, render(outcome.document, fmt, record.source, pairs),
                                  error=outcome.document.error))
    return results


def _failed(record: Record, model: str, fmt: str, error: str) -> Result:
    """A record that could not be extracted: written as an empty Document whose ``error`` says why."""
    if record.skip is not None:
        return _skipped(record)
    doc = Document(text="", title="", html="", blocks=[], model=model, url=record.url, error=error)
    return Result(record.source, render(doc, fmt, record.source), error=error)


def _skipped(record: Record) -> Result:
    return Result(record.source, skip=record.skip, error=record.detail or None)


def extract_records(records: Iterable[Record], *, model: str, fmt: str, jobs: int = 1,
                    chunk_size: int = CHUNK_SIZE, pairs: str | int = "all") -> Iterator[Result]:
    """One Result per record, in input order; ``jobs`` > 1 extracts in that many worker processes. ``pairs`` picks
    the Q&A pairs ``qa-jsonl`` writes (:meth:`~scrapy_boiler.Document.select_pairs`)."""
    chunks = _chunks(records, chunk_size)
    if jobs <= 1:
        for chunk in chunks:
            yield from process_chunk(chunk, model, fmt, pairs)
        return
    yield from _in_pool(chunks, model, fmt, jobs, partial(process_chunk, pairs=pairs))


def _in_pool(chunks: Iterable[list[Record]], model: str, fmt: str, jobs: int,
             task: Callable[[list[Record], str, str], list[Result]] = process_chunk) -> Iterator[Result]:
    # spawn, not fork: the parent may run threads (the progress bar's monitor), which fork does not copy safely.
    context = multiprocessing.get_context("spawn")
    pool = ProcessPoolExecutor(jobs, mp_context=context)
    pending: deque[tuple[list[Record], Future[list[Result]]]] = deque()
    try:
        for chunk in chunks:
            try:
                future = pool.submit(task, chunk, model, fmt)
            except BrokenProcessPool:  # a worker died since the last collection: settle the chunks in flight first
                while pending:
                    results, pool = _collect(pending, pool, context, jobs, model, fmt)
                    yield from results
                pool.shutdown(wait=False, cancel_futures=True)
                pool = ProcessPoolExecutor(jobs, mp_context=context)
                future = pool.submit(task, chunk, model, fmt)
            pending.append((chunk, future))
            while len(pending) > jobs * (1 + CHUNKS_AHEAD):
                results, pool = _collect(pending, pool, context, jobs, model, fmt)
                yield from results
        while pending:
            results, pool = _collect(pending, pool, context, jobs, model, fmt)
            yield from results
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _collect(pending: deque[tuple[list[Record], Future[list[Result]]]], pool: ProcessPoolExecutor,
             context: multiprocessing.context.BaseContext, jobs: int, model: str,
             fmt: str) -> tuple[list[Result], ProcessPoolExecutor]:
    """The oldest chunk's results. A worker that died fails the chunks in flight (written with an error)
    and the rest goes on in a fresh pool: one page that kills lxml must not end a night's run."""
    chunk, future = pending.popleft()
    try:
        return future.result(), pool
    except BrokenProcessPool:
        pool.shutdown(wait=False, cancel_futures=True)
        pool = ProcessPoolExecutor(jobs, mp_context=context)
        failed = [chunk, *(other for other, _ in pending)]
        pending.clear()
        return [_failed(record, model, fmt, WORKER_DIED) for c in failed for record in c], pool


def _chunks(records: Iterable[Record], size: int) -> Iterator[list[Record]]:
    chunk: list[Record] = []
    for record in records:
        chunk.append(record)
        if len(chunk) >= size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk
