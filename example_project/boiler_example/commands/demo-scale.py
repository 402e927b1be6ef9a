"""``scrapy demo-scale``: items/s of one crawl shared by 1, 2, ... processes through scrapy-redis.

(The file name has a hyphen because Scrapy names a project command after its module.)
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from scrapy.commands import ScrapyCommand
from scrapy.exceptions import UsageError

from boiler_example import scale


class Command(ScrapyCommand):
    requires_project = True
    requires_crawler_process = False  # every measured crawl is made of separate `scrapy crawl` processes

    def syntax(self) -> str:
        return "[--pages 1000] [--processes 1,2] [--latency-ms 0] [--concurrency 16] [--rounds N] [--json FILE]"

    def short_desc(self) -> str:
        return "Measure items/s of the demo site crawled by 1, 2, ... processes sharing a private redis-server"

    def add_options(self, parser: argparse.ArgumentParser) -> None:
        super().add_options(parser)
        parser.add_argument("--pages", type=int, default=1000, help="news articles on the demo site (default 1000)")
        parser.add_argument("--processes", default="1,2", help="comma-separated crawler process counts (default 1,2)")
        parser.add_argument("--latency-ms", type=float, default=0.0, help="server delay before every response")
        parser.add_argument("--concurrency", type=int, default=16, help="CONCURRENT_REQUESTS per process (default 16)")
        parser.add_argument("--model", default="news", help="BOILER_MODEL (default news)")
        parser.add_argument("--workers", type=int, default=None,
                            help="BOILER_WORKERS per process (default: the add-on's, the CPU count)")
        parser.add_argument("--rounds", type=int, default=1, help="runs per process count; medians are reported")
        parser.add_argument("--idle-close", type=float, default=2.0,
                            help="BOILER_IDLE_CLOSE: idle seconds before a process stops (default 2; not timed)")
        parser.add_argument("--json", metavar="FILE", help="also write every run's figures to FILE")

    def run(self, args: list[str], opts: argparse.Namespace) -> None:
        try:
            counts = [int(x) for x in opts.processes.split(",") if x.strip()]
        except ValueError:
            raise UsageError("--processes takes numbers separated by commas", print_help=False) from None
        if args or opts.pages < 1 or opts.rounds < 1 or not counts or min(counts) < 1:
            raise UsageError("need --pages, --rounds and every process count >= 1", print_help=False)
        try:
            import scrapy_redis  # noqa: F401
        except ImportError:
            raise UsageError("needs scrapy-redis: pip install 'scrapy-boiler[redis]'", print_help=False) from None
        print(f"demo-scale: {len(counts) * opts.rounds} shared crawls of {opts.pages} articles", flush=True)
        try:
            runs = scale.run(opts.pages, counts, latency_ms=opts.latency_ms, concurrency=opts.concurrency,
                             model=opts.model, workers=opts.workers, rounds=opts.rounds, idle_close=opts.idle_close,
                             progress=lambda line: print(line, flush=True))
        except RuntimeError as exc:
            print(f"demo-scale: {exc}")
            self.exitcode = 1
            return
        print()
        print(scale.report(runs, pages=opts.pages, latency_ms=opts.latency_ms, concurrency=opts.concurrency,
                           model=opts.model, workers=opts.workers))
        if opts.json:
            Path(opts.json).write_text(json.dumps(scale.to_json(runs), indent=1), encoding="utf-8")
        if any(r.items != opts.pages or r.unique_urls != r.items for r in runs):
            print("demo-scale: some crawl did not give every article exactly once")
            self.exitcode = 1
