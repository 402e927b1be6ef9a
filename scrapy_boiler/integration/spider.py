"""Spider middleware: remember which Document each item came from, for the pipeline to fill it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from scrapy.exceptions import NotConfigured
from scrapy.spidermiddlewares.base import BaseSpiderMiddleware

from scrapy_boiler.integration.runtime import Runtime
from scrapy_boiler.integration.settings import META_DOCUMENT

if TYPE_CHECKING:
    from scrapy.crawler import Crawler
    from scrapy.http import Response


class BoilerSpiderMiddleware(BaseSpiderMiddleware):
    """Links every item a callback yields to ``response.meta["boiler"]`` (items carry no response)."""

    def __init__(self, crawler: Crawler) -> None:
        super().__init__(crawler)
        self.runtime = Runtime.of(crawler)
        if not self.runtime.settings.enabled:
            raise NotConfigured("BOILER_ENABLED is False")

    def get_processed_item(self, item: Any, response: Response | None) -> Any:
        document = response.meta.get(META_DOCUMENT) if response is not None and response.request else None
        if document is not None:
            self.runtime.link(item, document)
        return item
