"""``load``: every page of the demo site's load index, one item per response, whatever the response is.

For ``scrapy demo-load``. The index (``/load/urls-1.txt``, then the file named on its last line) lists the
articles, the threads, the PDF, the HTTP 500 page and the hostile-input pages. The next index file is
requested at a lower priority, so it is fetched only when the pages of the current one have left the
scheduler: the crawl's frontier stays at about one index file instead of the whole site, and memory
measured during the run is the crawl's, not a queue of ten thousand requests.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar
from urllib.parse import urlsplit

from demo_site import BROKEN_PATH, LOAD_INDEX_PATH, PDF_PATH
from demo_site.bad import case_name
from scrapy import Request
from scrapy.http import Response, TextResponse
from twisted.python.failure import Failure

from boiler_example.items import LoadItem
from boiler_example.spiders.base import DemoSiteSpider

_KINDS = (("/load/", "index"), ("/news/", "article"), ("/qa/", "thread"), ("/bad/", "bad"))


class LoadSpider(DemoSiteSpider):
    name = "load"
    start_path = LOAD_INDEX_PATH
    custom_settings: ClassVar[dict] = {
        "HTTPERROR_ALLOW_ALL": True,  # error pages are pages too: each gives its item
        "RETRY_ENABLED": False,  # one request per page, so requests, responses and items can be compared
    }

    def parse(self, response: Response) -> Iterator[Request | LoadItem]:
        """An index file: its item, then a request for every page it lists (the next index file last)."""
        yield self.item(response)
        if not isinstance(response, TextResponse) or response.status != 200:
            return
        for path in response.text.split():
            if path.startswith("/load/"):
                yield response.follow(path, callback=self.parse, errback=self.failed, priority=-1)
            else:
                yield response.follow(path, callback=self.parse_page, errback=self.failed)

    def parse_page(self, response: Response) -> Iterator[LoadItem]:
        yield self.item(response)

    def item(self, response: Response) -> LoadItem:
        path = urlsplit(response.url).path
        doc = response.meta.get("boiler")
        item = LoadItem(
            url=response.url,
            kind=_kind(path),
            status=response.status,
            content_type=(response.headers.get(b"Content-Type") or b"").decode("latin-1"),
            body_bytes=len(response.body),
            blank=not response.body.strip(),
            document=doc is not None,
        )
        if item["kind"] == "bad":
            item["case"] = case_name(path)
        if doc is not None:
            item.update(reason=doc.reason, error=doc.error, warnings=list(doc.warnings))
        if "boiler_seconds" in response.meta:
            item["boiler_seconds"] = response.meta["boiler_seconds"]
        return item

    def failed(self, failure: Failure) -> Iterator[LoadItem]:
        """A request that got no response: still an item, so the run can tell which page was lost and why."""
        request = failure.request  # type: ignore[attr-defined]
        path = urlsplit(request.url).path
        yield LoadItem(url=request.url, kind=_kind(path), case=case_name(path),
                       download_error=f"{failure.type.__name__}: {failure.getErrorMessage()}")


def _kind(path: str) -> str:
    if path in (BROKEN_PATH, PDF_PATH):
        return "other"
    return next((kind for prefix, kind in _KINDS if path.startswith(prefix)), "other")
