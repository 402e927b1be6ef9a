"""``scrapy demo-bench``: crawl throughput with the scrapy-boiler add-on off and on, and reactor stalls.

(The file name has a hyphen because Scrapy names a project command after its module.)
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from scrapy.commands import ScrapyCommand
from scrapy.exceptions import UsageError

from boiler_example import bench


class Command(ScrapyCommand):
    requires_project = True
    requires_crawler_process = False  # every measured crawl is its own `scrapy crawl` process

    def syntax(self) -> str:
        return "[--pages 1000] [--latency-ms 0,50] [--concurrency 16] [--model news] [--rounds N] [--json FILE]"

    def short_desc(self) -> str:
        return "Measure crawl pages/s of the demo site with the add-on off and on, and reactor stalls"

    def add_options(self, parser: argparse.ArgumentParser) -> None:
        super().add_options(parser)
        parser.add_argument("--pages", type=int, default=1000, help="news articles on the demo site (default 1000)")
        parser.add_argument("--latency-ms", default="0,50",
                            help="comma-separated server latencies; each gets its own off/on pair (default 0,50)")
        parser.add_argument("--concurrency", type=int, default=16, help="CONCURRENT_REQUESTS (default 16)")
        parser.add_argument("--model", default="news", help="BOILER_MODEL of the add-on-on crawls (default news)")
        parser.add_argument("--workers", type=int, default=None, help="BOILER_WORKERS (default: the add-on's)")
        parser.add_argument("--rounds", type=int, default=1,
                            help="off/on pairs per latency, order alternating; medians are reported (default 1)")
        parser.add_argument("--json", metavar="FILE", help="also write every run's figures to FILE")

    def run(self, args: list[str], opts: argparse.Namespace) -> None:
        try:
            latencies = [float(x) for x in opts.latency_ms.split(",") if x.strip()]
        except ValueError:
            raise UsageError("--latency-ms takes numbers separated by commas", print_help=False) from None
        if args or opts.pages < 1 or opts.rounds < 1 or opts.concurrency < 1 or not latencies:
            raise UsageError("need --pages, --rounds, --concurrency >= 1 and at least one latency", print_help=False)
        print(f"demo-bench: {len(latencies) * opts.rounds * 2} crawls of {opts.pages} articles", flush=True)
        runs = bench.run(opts.pages, latencies, concurrency=opts.concurrency, model=opts.model,
                         workers=opts.workers, rounds=opts.rounds, progress=lambda line: print(line, flush=True))
        print()
        print(bench.report(runs, pages=opts.pages, concurrency=opts.concurrency, model=opts.model,
                           workers=opts.workers))
        if opts.json:
            Path(opts.json).write_text(json.dumps(bench.to_json(runs), indent=1), encoding="utf-8")
