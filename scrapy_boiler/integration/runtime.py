"""The per-crawler state the middlewares and the pipeline share: settings, worker pool, item links."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any
from weakref import WeakKeyDictionary

from scrapy import signals
from scrapy.exceptions import CloseSpider

from scrapy_boiler import Document, UnknownModel, check_model
from scrapy_boiler.integration.pool import ExtractionPool
from scrapy_boiler.integration.settings import BoilerSettings

if TYPE_CHECKING:
    from scrapy.crawler import Crawler

_RUNTIMES: WeakKeyDictionary[Crawler, Runtime] = WeakKeyDictionary()
logger = logging.getLogger(__name__)
#: The close reason of a crawl whose ``BOILER_MODEL`` cannot be used.
MODEL_UNUSABLE = "boiler_model_unusable"


class Runtime:
    """Created on first use by any scrapy-boiler component of a crawler, closed with the spider.

    Items are linked to the Document of the response that produced them (by the spider middleware)
    and unlinked by the pipeline; an item that never reaches the pipeline is unlinked when Scrapy
    reports it scraped, dropped or failed, so the table cannot grow.
    """

    def __init__(self, crawler: Crawler) -> None:
        self.settings = BoilerSettings.from_settings(crawler.settings)
        self.stats = crawler.stats
        #: Why ``BOILER_MODEL`` cannot be used, or None. An exception raised while Scrapy builds its components
        #: ends as ~25 lines of "Task exception was never retrieved"; one error line and a spider closed at
        #: open (``CloseSpider``, before any request) say the same in a line.
        self.model_problem: str | None = None
        if self.settings.enabled:
            try:
                check_model(self.settings.model)
            except UnknownModel as exc:
                self.model_problem = f"BOILER_MODEL={self.settings.model!r} cannot be used: {exc}"
                logger.error("scrapy-boiler: %s", self.model_problem)
                crawler.signals.connect(self._refuse, signal=signals.spider_opened)
        self._pool: ExtractionPool | None = None
        self._links: dict[int, tuple[Any, Document]] = {}
        crawler.signals.connect(self._unlink, signal=signals.item_scraped)
        crawler.signals.connect(self._unlink, signal=signals.item_dropped)
        crawler.signals.connect(self._unlink, signal=signals.item_error)
        crawler.signals.connect(self.close, signal=signals.spider_closed)

    @classmethod
    def of(cls, crawler: Crawler) -> Runtime:
        runtime = _RUNTIMES.get(crawler)
        if runtime is None:
            runtime = _RUNTIMES[crawler] = cls(crawler)
        return runtime

    @property
    def pool(self) -> ExtractionPool:
        if self._pool is None:
            s = self.settings
            self._pool = ExtractionPool(
                workers=s.workers, device=s.device, batch_size=s.batch_size, batch_wait=s.batch_wait,
                limits=s.limits,
            )
        return self._pool

    def link(self, item: Any, document: Document) -> None:
        self._links[id(item)] = (item, document)

    def pop_document(self, item: Any) -> Document | None:
        entry = self._links.pop(id(item), None)
        return entry[1] if entry is not None and entry[0] is item else None

    def inc(self, key: str, count: int = 1) -> None:
        if self.stats is not None:
            self.stats.inc_value(f"boiler/{key}", count)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.close()
            self._pool = None
        self._links.clear()

    def _refuse(self, **_: Any) -> None:
        """Close the spider as it opens, before any request: nothing would be extracted."""
        raise CloseSpider(MODEL_UNUSABLE)

    def _unlink(self, item: Any, **_: Any) -> None:
        self._links.pop(id(item), None)
