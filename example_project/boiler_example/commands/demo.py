"""``scrapy demo``: serve the bundled demo site on localhost and crawl it with both spiders into JSON Lines."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, ClassVar

from demo_site import DemoServer, DemoSite
from scrapy.commands import ScrapyCommand
from scrapy.exceptions import UsageError

from scrapy_boiler import UnknownModel, check_model

SPIDERS = ("news", "qa")


class Command(ScrapyCommand):
    requires_project = True
    default_settings: ClassVar[dict[str, Any]] = {"LOG_LEVEL": "INFO", "LOG_FILE_APPEND": True}

    def syntax(self) -> str:
        return "[--pages N] [--output DIR] [--port PORT] [--latency-ms MS]"

    def short_desc(self) -> str:
        return "Serve the bundled demo site and crawl it with the news and qa spiders"

    def add_options(self, parser: argparse.ArgumentParser) -> None:
        super().add_options(parser)
        parser.add_argument("--pages", type=int, default=30,
                            help="content pages of the demo site: 2/3 articles, 1/3 Q&A threads (default 30)")
        parser.add_argument("--output", "-d", default="demo-output",
                            help="folder for news.jsonl, qa.jsonl, the stats and crawl.log (default demo-output)")
        parser.add_argument("--port", type=int, default=0, help="port of the demo server (default: a free one)")
        parser.add_argument("--latency-ms", type=float, default=0.0, help="server delay before every response")

    def process_options(self, args: list[str], opts: argparse.Namespace) -> None:
        super().process_options(args, opts)
        if opts.pages < 1:
            raise UsageError("--pages must be at least 1", print_help=False)
        output = Path(opts.output)
        output.mkdir(parents=True, exist_ok=True)
        assert self.settings is not None
        if not opts.logfile and not opts.nolog:
            # The terminal gets the short summary; Scrapy's full log goes to a file (it appends: one file, two
            # crawlers, so start it empty here).
            log = output / "crawl.log"
            log.write_text("", encoding="utf-8")
            self.settings.set("LOG_FILE", str(log), priority="cmdline")

    def run(self, args: list[str], opts: argparse.Namespace) -> None:
        if args:
            raise UsageError("scrapy demo takes no positional arguments")
        assert self.settings is not None and self.crawler_process is not None
        problem = model_problem(self.settings.get("BOILER_MODEL") or "auto")
        if problem and self.settings.getbool("BOILER_ENABLED", True):
            # the crawl would stop with its reason in crawl.log and an empty summary here: say it on the terminal
            print(f"scrapy demo: error: {problem}", file=sys.stderr)
            self.exitcode = 2
            return
        site = DemoSite.with_pages(opts.pages)
        server = DemoServer(site, port=opts.port, latency_ms=opts.latency_ms)
        server.start_in_thread()
        output = Path(opts.output)
        self.settings.set("DEMO_SITE_URL", server.url, priority="cmdline")
        self.settings.set("FEEDS", {str(output / "%(name)s.jsonl"): {"format": "jsonlines", "overwrite": True}},
                          priority="cmdline")
        try:
            crawlers = {name: self.crawler_process.create_crawler(name) for name in SPIDERS}
            for crawler in crawlers.values():
                self.crawler_process.crawl(crawler)
            self.crawler_process.start()
        finally:
            server.shutdown()
            server.server_close()
        print(f"Demo site {server.url}: {site.articles} news articles, {site.questions} Q&A threads, "
              "one PDF and one page that always answers HTTP 500")
        stats = {name: crawler.stats.get_stats() for name, crawler in crawlers.items()}
        (output / "stats.json").write_text(json.dumps(stats, default=str, indent=1, sort_keys=True), encoding="utf-8")
        for name in SPIDERS:
            print(summary(name, stats[name], output / f"{name}.jsonl"))
        log = self.settings.get("LOG_FILE")
        print(f"Stats: {output / 'stats.json'}" + (f"; full log: {log}" if log else ""))
        expected = {"news": site.articles, "qa": site.questions}
        if self.crawler_process.bootstrap_failed or any(
            stats[name].get("item_scraped_count", 0) < expected[name] for name in SPIDERS
        ):
            self.exitcode = 1


def model_problem(model: str) -> str | None:
    """Why ``BOILER_MODEL`` cannot be used (its name, then the choices), or None."""
    try:
        check_model(model)
    except UnknownModel as exc:
        return f"BOILER_MODEL={model!r} cannot be used: {exc}"
    return None


def summary(name: str, stats: dict[str, Any], path: Path) -> str:
    """A few lines on one spider's crawl: items, pages, the boiler/ stats, the first item."""
    lines = [f"{name}: {stats.get('item_scraped_count', 0)} items from {stats.get('response_received_count', 0)} "
             f"responses in {stats.get('elapsed_time_seconds', 0):.1f} s -> {path}"]
    boiler = {key.removeprefix("boiler/"): value for key, value in sorted(stats.items()) if key.startswith("boiler/")}
    if boiler:
        shown = ", ".join(f"{key} {value:.3f}" if isinstance(value, float) else f"{key} {value}"
                          for key, value in boiler.items())
        lines.append(f"  boiler/: {shown}")
    else:
        lines.append("  no boiler/ stats: is the add-on enabled (ADDONS, BOILER_ENABLED)?")
    items = _read_items(path)
    if items:
        with_body = sum(1 for item in items if item.get("articleBody"))
        with_qa = sum(1 for item in items if item.get("question") or item.get("answers"))
        lines.append(f"  items with articleBody: {with_body}/{len(items)}"
                     + (f"; with question/answers: {with_qa}/{len(items)}" if name == "qa" else ""))
        first = items[0]
        body = " ".join((first.get("articleBody") or "").split())
        more = "…" if len(body) > 150 else ""
        lines.append(f"  e.g. {first.get('headline') or first['url']}\n       {body[:150]}{more}")
    return "\n".join(lines)


def _read_items(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
