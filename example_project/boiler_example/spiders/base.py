"""What both example spiders share: where the site is."""

from __future__ import annotations

from collections.abc import AsyncIterator
from urllib.parse import urljoin

import scrapy


class DemoSiteSpider(scrapy.Spider):
    """Starts at ``start_path`` under the site URL: ``-a site=URL`` or the ``DEMO_SITE_URL`` setting."""

    start_path = "/"
    site: str | None = None

    def site_url(self) -> str:
        return self.site or self.settings.get("DEMO_SITE_URL")

    async def start(self) -> AsyncIterator[scrapy.Request]:
        yield scrapy.Request(urljoin(self.site_url(), self.start_path), callback=self.parse)
