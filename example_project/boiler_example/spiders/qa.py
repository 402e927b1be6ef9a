"""``qa``: the question list and every thread in it; one item per thread (question and answers)."""

from __future__ import annotations

from collections.abc import Iterator

from scrapy import Request
from scrapy.http import Response
from scrapy.linkextractors import LinkExtractor

from boiler_example.items import ThreadItem
from boiler_example.spiders.base import DemoSiteSpider


class QASpider(DemoSiteSpider):
    name = "qa"
    start_path = "/qa/"

    threads = LinkExtractor(allow=r"/qa/\d+-[a-z0-9-]*\.html$")
    listings = LinkExtractor(allow=r"/qa/(page/\d+\.html)?$")

    def parse(self, response: Response) -> Iterator[Request | ThreadItem]:
        for link in self.threads.extract_links(response):
            yield response.follow(link, callback=self.parse_thread)
        for link in self.listings.extract_links(response):
            yield response.follow(link, callback=self.parse)

    def parse_thread(self, response: Response) -> Iterator[Request | ThreadItem]:
        """Yield the thread with just its URL; the add-on fills question, answers and qa_pairs."""
        yield ThreadItem(url=response.url)
        for link in self.threads.extract_links(response):  # the "hot questions" sidebar
            yield response.follow(link, callback=self.parse_thread)
