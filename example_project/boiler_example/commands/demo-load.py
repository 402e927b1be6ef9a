"""``scrapy demo-load``: crawl ten thousand demo pages, hostile inputs among them, at high concurrency.

(The file name has a hyphen because Scrapy names a project command after its module.)
"""

from __future__ import annotations

import argparse
import json
import os
import time
from pathlib import Path
from typing import Any, ClassVar

from scrapy.commands import ScrapyCommand
from scrapy.exceptions import UsageError

from boiler_example import load
from boiler_example.site_process import demo_server


class Command(ScrapyCommand):
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
