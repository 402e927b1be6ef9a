"""Runs one real Scrapy crawl for the integration tests, in its own process (the reactor can't restart).

Usage: ``python crawl_runner.py CONFIG.json``. The config gives ``requests`` (url, meta), ``settings``,
``item_type`` (dict, dataclass, item, attrs, declared), ``worker_env`` (environment variables set once
scrapy-boiler is imported, so only the extraction workers started later see them) and ``out`` (a
folder): items go to ``items.jsonl`` and the final stats to ``stats.json``.
"""

from __future__ import annotations

import dataclasses
import json
import os
import sys
import time
from pathlib import Path
from typing import ClassVar

import attrs
import scrapy
from scrapy import signals
from scrapy.crawler import CrawlerProcess


@dataclasses.dataclass
class DataclassArticle:
    url: str | None = None
    headline: str | None = None
    articleBody: str | None = None  # zyte-common-items field name


class ScrapyArticle(scrapy.Item):
    url = scrapy.Field()
    headline = scrapy.Field()
    articleBody = scrapy.Field()
    html = scrapy.Field()


class DeclaredPage(scrapy.Item):
    """Declares fields the default output leaves out: declaring them is enough to get them filled."""

    url = scrapy.Field()
    headline = scrapy.Field()
    articleBodyHtml = scrapy.Field()
    boilerModel = scrapy.Field()
    pageType = scrapy.Field()
    posts = scrapy.Field()
    datePublished = scrapy.Field()


@attrs.define
class AttrsArticle:
    url: str | None = None
    articleBody: str | None = None  # zyte-common-items field name


class PageSpider(scrapy.Spider):
    """Yields one item per configured request, whatever the response."""

    name = "pages"
    custom_settings: ClassVar[dict] = {"HTTPERROR_ALLOW_ALL": True}

    def __init__(self, config: dict, **kwargs):
        super().__init__(**kwargs)
        self.config = config

    async def start(self):
        for spec in self.config["requests"]:
            yield scrapy.Request(spec["url"], meta=spec.get("meta", {}), dont_filter=True)

    def parse(self, response):
        kind = self.config.get("item_type", "dict")
        if kind == "dataclass":
            yield DataclassArticle(url=response.url)
        elif kind == "item":
            yield ScrapyArticle(url=response.url)
        elif kind == "attrs":
            yield AttrsArticle(url=response.url)
        elif kind == "declared":
            yield DeclaredPage(url=response.url)
        else:
            item = {"url": response.url, "status": response.status, "has_document": "boiler" in response.meta}
            if "boiler" in response.meta:
                item["callback_text"] = response.meta["boiler"].text
                item["reason"] = response.meta["boiler"].reason
            yield item
        for html in self.config.get("offline_html", []):
            yield {"html": html}


def main(config_path: str, spider_cls: type[scrapy.Spider] = PageSpider, extra_settings: dict | None = None) -> None:
    """Crawl with ``spider_cls``; ``extra_settings`` are settings a JSON config cannot hold (objects)."""
    config = json.loads(Path(config_path).read_text())
    out = Path(config["out"])
    settings = {
        "LOG_LEVEL": "INFO",
        "FEEDS": {str(out / "items.jsonl"): {"format": "jsonlines"}},
        "TELNETCONSOLE_ENABLED": False,
        "ROBOTSTXT_OBEY": False,
        **config.get("settings", {}),
        **(extra_settings or {}),
    }
    process = CrawlerProcess(settings)
    os.environ.update(config.get("worker_env", {}))
    crawler = process.create_crawler(spider_cls)

    clock: dict[str, float] = {}

    def opened(spider):
        clock["wall"], clock["cpu"] = time.perf_counter(), time.process_time()

    def dump_stats(spider):
        stats = {k: v for k, v in crawler.stats.get_stats().items() if isinstance(v, (int, float, str))}
        stats["runner/crawl_seconds"] = time.perf_counter() - clock["wall"]
        stats["runner/crawler_cpu_seconds"] = time.process_time() - clock["cpu"]
        (out / "stats.json").write_text(json.dumps(stats, indent=1))

    crawler.signals.connect(opened, signal=signals.spider_opened)
    crawler.signals.connect(dump_stats, signal=signals.spider_closed)
    process.crawl(crawler, config=config)
    process.start()


if __name__ == "__main__":
    main(sys.argv[1])
