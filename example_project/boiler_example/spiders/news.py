"""``news``: from the front page, through the pagination, to every article; one item per article."""

from __future__ import annotations

from collections.abc import Iterator

from scrapy import Request
from scrapy.http import Response
from scrapy.linkextractors import LinkExtractor

from boiler_example.items import ArticleItem
from boiler_example.spiders.base import DemoSiteSpider


class NewsSpider(DemoSiteSpider):
    name = "news"
    start_path = "/news/"

    # Links are told apart by URL, not by markup, so one rule serves all three article layouts.
    articles = LinkExtractor(allow=(r"/news/\d+-[a-z0-9-]*\.html$", r"/news/live-[a-z0-9-]*\.html$"))
    listings = LinkExtractor(allow=r"/news/(page/\d+\.html)?$")
    downloads = LinkExtractor(allow=r"\.pdf$", deny_extensions=())

    def parse(self, response: Response) -> Iterator[Request | ArticleItem]:
        """A listing page: its articles, the other listing pages, and downloads such as the PDF report."""
        for link in self.articles.extract_links(response):
            yield response.follow(link, callback=self.parse_article)
        for link in self.listings.extract_links(response):
            yield response.follow(link, callback=self.parse)
        for link in self.downloads.extract_links(response):
            yield response.follow(link, callback=self.parse_download)

    def parse_article(self, response: Response) -> Iterator[Request | ArticleItem]:
        """Yield the article with just its URL (the add-on fills the text); follow related stories."""
        yield ArticleItem(url=response.url)
        for link in self.articles.extract_links(response):
            yield response.follow(link, callback=self.parse_article)

    def parse_download(self, response: Response) -> None:
        """Not a page to clean: count it. scrapy-boiler leaves non-HTML responses alone."""
        self.crawler.stats.inc_value("example/downloads")
        if "boiler" in response.meta:
            self.crawler.stats.inc_value("example/downloads_with_document")
