"""Runs one crawl whose callbacks take scrapy-poet items: ``python poet_runner.py CONFIG.json``.

The config is crawl_runner's, plus per request ``item`` (``Article``, the default, or ``ForumThread``) and
``site_pattern``: a URL pattern whose ``Article`` comes from :class:`SiteArticlePage`, registered as a project's
``@handle_urls`` would (``site_rule_in`` ``registry``) or listed in ``SCRAPY_POET_RULES`` (``setting``). Each
item holds the URL, the class and the fields of what the callback got, and whether the crawler process ran
``extract`` itself for that URL (the page objects' fallback) instead of reusing the middleware's Document.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, ClassVar

import attrs
import scrapy
from crawl_runner import main
from itemadapter import ItemAdapter
from web_poet import ApplyRule, default_registry, field
from zyte_common_items import Article, ForumThread

from scrapy_boiler.integration import page_objects

EXTRACTED_HERE: set[str] = set()
_extract = page_objects.extract


def _counting_extract(html: Any, url: str | None = None, **kwargs: Any) -> Any:
    EXTRACTED_HERE.add(url or "")
    return _extract(html, url, **kwargs)


page_objects.extract = _counting_extract


@attrs.define
class SiteArticlePage(page_objects.BoilerArticlePage):
    """One site's page object, as docs/scrapy.md shows it: our fields, with its own headline."""

    @field
    def headline(self) -> str | None:
        return "SITE: " + (self.css("h1::text").get() or "").strip()


class PoetSpider(scrapy.Spider):
    name = "poet"
    custom_settings: ClassVar[dict] = {"HTTPERROR_ALLOW_ALL": True}

    def __init__(self, config: dict, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.config = config

    async def start(self):
        for spec in self.config["requests"]:
            callback = self.parse_thread if spec.get("item") == "ForumThread" else self.parse
            yield scrapy.Request(spec["url"], callback=callback, meta=spec.get("meta", {}), dont_filter=True)

    def parse(self, response, article: Article):
        yield self._record(response, article)

    def parse_thread(self, response, thread: ForumThread):
        yield self._record(response, thread)

    def _record(self, response, item: Any) -> dict:
        return {"poet_url": response.url, "poet_class": type(item).__name__, "poet_item": ItemAdapter(item).asdict(),
                "extracted_here": response.url in EXTRACTED_HERE}


if __name__ == "__main__":
    config = json.loads(Path(sys.argv[1]).read_text())
    extra: dict = {}
    if config.get("site_pattern") is not None:
        rule = ApplyRule(config["site_pattern"], use=SiteArticlePage, to_return=Article)
        if config.get("site_rule_in") == "setting":
            extra["SCRAPY_POET_RULES"] = [rule]
        else:
            default_registry.add_rule(rule)
    main(sys.argv[1], PoetSpider, extra)
