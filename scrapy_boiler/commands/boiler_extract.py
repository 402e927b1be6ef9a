"""``scrapy boiler-extract``: the main content of files, folders, WARC archives or URLs, on all cores if asked."""

from __future__ import annotations

import argparse
import os
import sys
import time
import warnings
from contextlib import ExitStack
from pathlib import Path
from typing import IO, Any, ClassVar

from scrapy.commands import ScrapyCommand
from scrapy.exceptions import UsageError

from scrapy_boiler import UnknownModel
from scrapy_boiler.bulk.record import UNREADABLE
from scrapy_boiler.bulk.run import FORMATS, Result, Tally, extract_records, resolve_jobs
from scrapy_boiler.bulk.sources import is_warc, read_records
from scrapy_boiler.commands.help_format import error_line, use_boiler_help
from scrapy_boiler.extractors.registry import resolve

#: The line before each page when the inputs hold several, per format (json and qa-jsonl lines name their page).
HEADERS = {"text": "==> {} <==", "markdown": "==> {} <==", "html": "<!-- {} -->"}


class Command(ScrapyCommand):
    requires_project = False
    requires_crawler_process = False
    default_settings: ClassVar[dict[str, Any]] = {"LOG_ENABLED": False}

    def syntax(self) -> str:
        return "PATH_OR_URL... [-m NAME] [-f FORMAT] [--pairs all|accepted|N] [-o FILE] [-j N] [options]"

    def short_desc(self) -> str:
        return "Print the main content of HTML files, folders, WARC archives or URLs"

    def long_desc(self) -> str:
        return (
            "Inputs: HTML files, folders (every *.html/*.htm, also .gz, recursively), WARC archives "
            "(.warc, .warc.gz; needs the [warc] extra), http(s) URLs, or - for stdin. Named files are always "
            "extracted; folder files and WARC records that are empty, not HTML, not a 2xx response or not a "
            "response at all are skipped and counted by reason. A page that fails to extract is written with "
            "its error set. When the inputs hold several pages (several inputs, a folder or a WARC), text and "
            "markdown output put a line '==> SOURCE <==' before each page, html output a comment "
            "'<!-- SOURCE -->'. With more than one record a summary goes to stderr: records in = written + "
            "skipped; inputs holding no page are an error."
        )

    def add_options(self, parser: argparse.ArgumentParser) -> None:
        super().add_options(parser)
        use_boiler_help(parser, "boiler-extract")
        parser.add_argument("--model", "-m", default="auto", metavar="NAME",
                            help="model name (default: auto), KIND:PATH for a model file you trained "
                                 "(web2text:trained/w2t.pt), or the file's path alone")
        parser.add_argument("--format", "-f", choices=FORMATS, default=None, metavar="FORMAT",
                            help="output format: text, json (one Document per line), html, markdown (the main content "
                                 "as Markdown) or qa-jsonl (one Q&A pair per line, for thread pages); default json "
                                 "with -o, else text")
        parser.add_argument("--pairs", default="all", metavar="all|accepted|N",
                            help="with --format qa-jsonl: every pair (default), the accepted answer's only, or the "
                                 "first N (accepted, then top-voted)")
        parser.add_argument("--output", "-o", metavar="FILE", help="write to FILE instead of stdout")
        parser.add_argument("--jobs", "-j", default="1", metavar="N",
                            help="worker processes extracting in parallel; 0 or auto = all cores (default 1)")
        parser.add_argument("--no-progress", action="store_true",
                            help="no progress bar (there is none anyway when stderr is not a terminal)")

    def run(self, args: list[str], opts: argparse.Namespace) -> None:
        if not args:
            raise UsageError("give at least one file, folder, WARC, URL or - for stdin")
        try:
            with warnings.catch_warnings(record=True) as caught:  # what a model says as it loads: one line each
                warnings.simplefilter("always")
                resolve(opts.model)
            for warning in caught:
                print(f"boiler-extract: warning: {warning.message}", file=sys.stderr)
            jobs = resolve_jobs(opts.jobs)
        except UnknownModel as exc:  # one line: the usage line says nothing about a wrong model
            self.exitcode = error_line("boiler-extract", exc)
            return
        except ValueError:
            raise UsageError("--jobs takes a positive number, 0 or auto", print_help=False) from None
        pairs: str | int = opts.pairs
        if pairs not in ("all", "accepted"):
            if not str(pairs).isdigit():
                raise UsageError("--pairs takes all, accepted or a count", print_help=False)
            pairs = int(pairs)
        fmt = opts.format or ("json" if opts.output else "text")
        header = HEADERS.get(fmt) if several_pages(args) else None
        tally = Tally()
        start = time.perf_counter()
        closed = False
        with ExitStack() as stack:
            out: IO[str] = sys.stdout
            if opts.output:
                out = stack.enter_context(open(opts.output, "w", encoding="utf-8"))
            bar = stack.enter_context(_progress(opts.no_progress))
            for result in extract_records(read_records(args), model=opts.model, fmt=fmt, jobs=jobs, pairs=pairs):
                tally.add(result)
                self._report(result)
                try:
                    if result.output is not None:
                        if header:
                            print(("\n" if tally.written > 1 else "") + page_header(header, result.source), file=out)
                        print(result.output, file=out)
                except BrokenPipeError:  # `| head`: the reader has gone; stop quietly
                    closed = True
                    break
                bar.update(1)
            try:
                out.flush()
            except BrokenPipeError:
                closed = True
        if closed:
            _silence_stdout()
            self.exitcode = 1
            return
        if tally.read == 0:
            print(f"boiler-extract: no pages found in {', '.join(args)}", file=sys.stderr)
            self.exitcode = 1
        elif tally.read > 1 or any(reason != UNREADABLE for reason in tally.skipped):
            # one unreadable input was named by ``_report`` already: no summary for it
            print(summary(tally, time.perf_counter() - start, jobs), file=sys.stderr)

    def _report(self, result: Result) -> None:
        """Failures are named one by one (and fail the exit code); other skips are only counted."""
        if result.error is not None and (result.skip is None or result.skip == UNREADABLE):
            print(f"boiler-extract: {result.source}: {result.error}", file=sys.stderr)
            self.exitcode = 1


def several_pages(args: list[str]) -> bool:
    """Whether the inputs can hold more than one page (so text, markdown and html output put a header before each)."""
    return len(args) > 1 or any(Path(arg).is_dir() or is_warc(Path(arg)) for arg in args)


def page_header(template: str, source: str) -> str:
    """The line before a page (:data:`HEADERS`); ``>`` is escaped in an HTML comment so a source cannot end it."""
    return template.format(source.replace(">", "&gt;") if template.startswith("<!--") else source)


def _silence_stdout() -> None:
    """Point stdout at devnull so the interpreter's final flush does not raise BrokenPipeError again."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)


def summary(tally: Tally, seconds: float, jobs: int) -> str:
    """``N records in S s (R records/s, P written/s, --jobs J): W written (E with an error), K skipped (reason n,
    ...)``."""
    rate = tally.read / seconds if seconds > 0 else 0.0
    written_rate = tally.written / seconds if seconds > 0 else 0.0
    reasons = ", ".join(f"{reason} {count}" for reason, count in tally.skipped.most_common())
    skipped = sum(tally.skipped.values())
    return (f"boiler-extract: {tally.read} records in {seconds:.1f} s ({rate:.1f} records/s, "
            f"{written_rate:.1f} written/s, --jobs {jobs}): "
            f"{tally.written} written ({tally.errors} with an error), {skipped} skipped"
            + (f" ({reasons})" if reasons else ""))


class _NoBar:
    def update(self, n: int) -> None:
        """No progress bar: stderr is not a terminal, --no-progress, or tqdm is not installed."""

    def __enter__(self) -> _NoBar:
        return self

    def __exit__(self, *exc: object) -> None:
        return None


def _progress(disabled: bool) -> Any:
    if disabled or not sys.stderr.isatty():
        return _NoBar()
    try:
        from tqdm import tqdm
    except ImportError:
        return _NoBar()
    return tqdm(unit=" records", file=sys.stderr, dynamic_ncols=True, mininterval=0.5)
