"""The command lines of the demo tools: ``scrapy demo-bench``, ``demo-load``, ``demo-scale`` and ``demo-warc``.

Scrapy names a project command after its module file, hence the hyphenated files in
``boiler_example/commands/``; each only binds its name to a class here, so the commands' code is importable.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from pathlib import Path
from typing import Any, ClassVar

from demo_site import DemoSite
from demo_site.archive import write_warc
from scrapy.commands import ScrapyCommand
from scrapy.exceptions import UsageError

from boiler_example import bench, load, scale
from boiler_example.site_process import demo_server


class BenchCommand(ScrapyCommand):
    """``scrapy demo-bench``: crawl throughput with the scrapy-boiler add-on off and on, and reactor stalls."""

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


class LoadCommand(ScrapyCommand):
    """``scrapy demo-load``: crawl ten thousand demo pages, hostile inputs among them, at high concurrency."""

    requires_project = True
    default_settings: ClassVar[dict[str, Any]] = {"LOG_LEVEL": "WARNING", "LOGSTATS_INTERVAL": 0}

    def syntax(self) -> str:
        return ("[--pages 10000] [--bad-per-case 10] [--heavy-per-case 3] [--concurrency 64] [--model auto] "
                "[--workers N] [--out FILE.json]")

    def short_desc(self) -> str:
        return "Load run: crawl the demo site and its hostile pages; items vs responses, outcomes, memory, timings"

    def add_options(self, parser: argparse.ArgumentParser) -> None:
        super().add_options(parser)
        parser.add_argument("--pages", type=int, default=10_000,
                            help="content pages: two thirds articles, one third Q&A threads (default 10000)")
        parser.add_argument("--bad-per-case", type=int, default=10,
                            help="copies of every hostile-input case (default 10)")
        parser.add_argument("--heavy-per-case", type=int, default=3,
                            help="copies of the heavy cases, bodies over 1 MB such as the 50 MB page (default 3)")
        parser.add_argument("--concurrency", type=int, default=64, help="CONCURRENT_REQUESTS (default 64)")
        parser.add_argument("--model", default="auto", help="BOILER_MODEL (default auto)")
        parser.add_argument("--workers", type=int, default=None, help="BOILER_WORKERS (default: the add-on's)")
        parser.add_argument("--latency-ms", type=float, default=0.0, help="server delay before every response")
        parser.add_argument("--checkpoint", type=int, default=1000,
                            help="items between memory checkpoints; the first is reported (default 1000)")
        parser.add_argument("--out", metavar="FILE.json", help="also write the figures to FILE.json")

    def run(self, args: list[str], opts: argparse.Namespace) -> None:
        if args or opts.pages < 1 or opts.concurrency < 1 or opts.checkpoint < 1:
            raise UsageError("need --pages, --concurrency and --checkpoint >= 1, no positional arguments",
                             print_help=False)
        if opts.bad_per_case < 0 or opts.heavy_per_case < 0:
            raise UsageError("--bad-per-case and --heavy-per-case cannot be negative", print_help=False)
        assert self.settings is not None and self.crawler_process is not None
        started = time.perf_counter()
        load_before = os.getloadavg()
        site_options = ("--pages", str(opts.pages), "--bad-per-case", str(opts.bad_per_case),
                        "--heavy-per-case", str(opts.heavy_per_case), "--latency-ms", str(opts.latency_ms))
        run_settings: dict[str, Any] = {
            "CONCURRENT_REQUESTS": opts.concurrency,
            "CONCURRENT_REQUESTS_PER_DOMAIN": opts.concurrency,
            "BOILER_MODEL": opts.model,
            "LOAD_MONITOR": True,
            "LOAD_CHECKPOINT": opts.checkpoint,
            "LOAD_PROGRESS": True,
        }
        if opts.workers is not None:
            run_settings["BOILER_WORKERS"] = opts.workers
        with demo_server(*site_options) as url:
            shown = ", ".join(f"{name}={value}" for name, value in run_settings.items())
            print(f"demo-load: {url} ({' '.join(site_options)}), {shown}", flush=True)
            self.settings.set("DEMO_SITE_URL", url, priority="cmdline")
            for name, value in run_settings.items():
                self.settings.set(name, value, priority="cmdline")
            extensions = self.settings.getdict("EXTENSIONS")
            self.settings.set("EXTENSIONS", {**extensions, "boiler_example.load.LoadMonitor": 500}, priority="cmdline")
            crawler = self.crawler_process.create_crawler("load")
            self.crawler_process.crawl(crawler)
            self.crawler_process.start()
        monitor = next(ext for ext in crawler.extensions.middlewares if isinstance(ext, load.LoadMonitor))
        figures = load.figures(monitor, crawler.stats.get_stats(), wall_seconds=time.perf_counter() - started,
                               settings={"site": " ".join(site_options), **run_settings,
                                         "BOILER_WORKERS": crawler.settings.get("BOILER_WORKERS"),
                                         "loadavg_before": load_before, "loadavg_after": os.getloadavg()})
        print()
        print(load.report(figures))
        if opts.out:
            Path(opts.out).write_text(json.dumps(figures, indent=1, default=str), encoding="utf-8")
            print(f"figures: {opts.out}")
        if self.crawler_process.bootstrap_failed or not figures["nothing_lost"]:
            self.exitcode = 1  # nothing_lost: requests == responses == items out, no request without a response


class ScaleCommand(ScrapyCommand):
    """``scrapy demo-scale``: items/s of one crawl shared by 1, 2, ... processes through scrapy-redis."""

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


class WarcCommand(ScrapyCommand):
    """``scrapy demo-warc FILE``: the demo site saved as a WARC archive, to try ``scrapy boiler-extract`` on."""

    requires_project = True
    requires_crawler_process = False

    def syntax(self) -> str:
        return "FILE.warc.gz [--pages 1500]"

    def short_desc(self) -> str:
        return "Write the demo site as a WARC archive (request + response records), for boiler-extract"

    def add_options(self, parser: argparse.ArgumentParser) -> None:
        super().add_options(parser)
        parser.add_argument("--pages", type=int, default=1500,
                            help="content pages: 2/3 articles, 1/3 Q&A threads (default 1500: > 1,000 HTML records)")

    def run(self, args: list[str], opts: argparse.Namespace) -> None:
        if len(args) != 1 or opts.pages < 1:
            raise UsageError("give one output file and --pages >= 1", print_help=False)
        try:
            counts = write_warc(DemoSite.with_pages(opts.pages), Path(args[0]))
        except ImportError:
            raise UsageError("writing a WARC needs warcio: pip install 'scrapy-boiler[warc]'",
                             print_help=False) from None
        print(f"{args[0]}: {counts['records']} WARC records, {counts['responses']} responses, "
              f"{counts['html_200']} of them HTML pages with status 200")
