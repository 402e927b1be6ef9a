"""Article fields measured through a real crawl: ``python -m scrapy_boiler.evaluation.article_fields``.

fundus-train's pages are served from a local HTTP server (the archive read in place, into memory), and a plain-dict
spider (it yields ``{"url": response.url}``, nothing else) crawls them with the add-on in its own ``scrapy
runspider`` process, so the figures are what a user's items hold: ``headline``, ``datePublished``, ``authors`` and
``inLanguage`` as the pipeline filled them. trafilatura's metadata (``extract_metadata``) on the same pages stands
beside them (it reads no language: ``language`` stays empty without a target language). Scores and targets:
:mod:`~scrapy_boiler.evaluation.field_scores`. ``train`` is for developing heuristics, ``valid`` (held-out
publishers) only for reporting.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from scrapy_boiler.datasets.corpora import Page, load
from scrapy_boiler.evaluation.field_scores import TARGETS, Fields, score_page, summarise
from scrapy_boiler.evaluation.local_http import Reply, local_server

#: The spider of the crawl, written to a temporary file for ``scrapy runspider`` (this module imports no Scrapy).
SPIDER = '''
import json, os
import scrapy

class PlainDictSpider(scrapy.Spider):
    name = "article-fields"
    custom_settings = {"ADDONS": {"scrapy_boiler.Addon": 500}, "ROBOTSTXT_OBEY": False, "LOG_LEVEL": "WARNING",
                       "CONCURRENT_REQUESTS": 8, "TELNETCONSOLE_ENABLED": False}

    async def start(self):
        for url in json.loads(os.environ["ARTICLE_FIELDS_URLS"]):
            yield scrapy.Request(url, dont_filter=True)

    def parse(self, response):
        yield {"url": response.url}
'''


@contextmanager
def serve(pages: dict[str, bytes]) -> Iterator[str]:
    """An HTTP server on a free loopback port serving ``/<id>`` → the page's bytes as UTF-8 HTML; yields its URL."""

    def reply(path: str) -> Reply:
        body = pages.get(path.lstrip("/"))
        return (200 if body is not None else 404), "text/html; charset=utf-8", body or b""

    with local_server(reply) as url:
        yield url


def crawl(pages: list[Page], *, workers: int = 1, settings: dict[str, str] | None = None) -> dict[str, dict[str, Any]]:
    """The items of a real crawl of ``pages`` with the add-on, by page id."""
    with tempfile.TemporaryDirectory() as folder, serve({page.id: page.html for page in pages}) as base:
        spider, out = Path(folder) / "spider.py", Path(folder) / "items.jsonl"
        spider.write_text(SPIDER, encoding="utf-8")
        command = [sys.executable, "-m", "scrapy", "runspider", str(spider), "-O", str(out), "-L", "WARNING", "-s",
                   f"BOILER_WORKERS={workers}"]
        for name, value in (settings or {}).items():
            command += ["-s", f"{name}={value}"]
        env = {**os.environ, "ARTICLE_FIELDS_URLS": json.dumps([f"{base}/{page.id}" for page in pages])}
        subprocess.run(command, check=True, env=env, cwd=folder)
        items = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines() if line.strip()]
    return {item["url"].rsplit("/", 1)[-1]: item for item in items}


def item_fields(item: dict[str, Any]) -> Fields:
    """What the scored fields of a filled item hold."""
    authors = [author.get("name", "") for author in item.get("authors") or [] if isinstance(author, dict)]
    return Fields(item.get("headline"), item.get("datePublished"), authors, item.get("inLanguage"))


def trafilatura_fields(page: Page) -> Fields | None:
    """trafilatura's metadata of the page (None when trafilatura is not installed)."""
    try:
        from trafilatura import extract_metadata
    except ImportError:
        return None
    found = extract_metadata(page.html.decode("utf-8", "replace"), default_url=page.url)
    if found is None:
        return Fields()
    authors = [name.strip() for name in (found.author or "").split(";") if name.strip()]
    return Fields(found.title, found.date, authors, found.language)


def measure(split: str, *, workers: int = 1) -> dict[str, Any]:
    """Ours (through the crawl) and trafilatura's figures on ``fundus-train:<split>``."""
    pages = list(load(f"fundus-train:{split}"))
    started = time.perf_counter()
    items = crawl(pages, workers=workers)
    seconds = time.perf_counter() - started
    ours = [score_page(item_fields(items.get(page.id, {})), page.meta or {}) for page in pages]
    theirs_fields = [trafilatura_fields(page) for page in pages]
    theirs = [score_page(fields, page.meta or {}) for fields, page in zip(theirs_fields, pages, strict=True)
              if fields is not None]
    return {"split": split, "pages": len(pages), "items": len(items), "crawl_seconds": seconds,
            "ours": summarise(ours), "trafilatura": summarise(theirs) if theirs else None}


def report(result: dict[str, Any]) -> str:
    """The figures of one split as a table."""
    lines = [f"fundus-train:{result['split']}: {result['pages']} pages, {result['items']} items from a real crawl "
             f"({result['crawl_seconds']:.1f} s, plain-dict spider, add-on defaults)",
             f"{'field':<10} {'figure':<32} {'ours':>12} {'trafilatura':>12} {'target':>7}"]
    figures = {"headline": "pages with token F1 >= 0.9", "date": "pages with the same day",
               "authors": "mean author-set F1", "language": "pages with the right language"}
    for name, target in TARGETS.items():
        value, count = result["ours"][name]
        other = result["trafilatura"][name][0] if result["trafilatura"] else None
        other_text = f"{other:.3f}" if other is not None else "n/a"
        mark = "ok" if value >= target else "MISS"
        lines.append(f"{name:<10} {figures[name]:<32} {value:>6.3f} ({count:>3}) {other_text:>12} {target:>5.2f} "
                     f"{mark}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m scrapy_boiler.evaluation.article_fields", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--split", action="append", choices=["train", "valid"],
                        help="fundus-train split (repeatable; default: train and valid)")
    parser.add_argument("--workers", type=int, default=1, help="BOILER_WORKERS of the crawl (default 1)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    results = [measure(split, workers=args.workers) for split in args.split or ["train", "valid"]]
    print(json.dumps(results, indent=2) if args.json else "\n\n".join(report(result) for result in results))


if __name__ == "__main__":
    main()
