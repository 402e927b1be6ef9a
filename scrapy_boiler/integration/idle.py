"""An extension that keeps a spider open while others may still feed its shared queue (scrapy-redis).

When several processes share one crawl through a Redis scheduler, an empty queue does not mean the
crawl is over: another process may be parsing a page whose links are about to arrive. Scrapy closes an
idle spider at once, so a process that starts second (its start request already seen) would quit
before doing anything. ``IdleClose`` closes it only after ``BOILER_IDLE_CLOSE`` seconds with nothing
to download, so every process ends by itself once the shared crawl is done; and while it waits it
looks at the queue every ``BOILER_IDLE_POLL`` seconds (Scrapy looks every 5 s), so new work starts
promptly. A crawl is only cut short if one page takes longer than the timeout to yield its links
while every other process is idle; the requests stay in Redis and a later run picks them up.

scrapy-redis' own ``MAX_IDLE_TIME_BEFORE_CLOSE`` only works for ``RedisSpider`` (start URLs read from
Redis) and measures idleness from the spider's start, not from its last request, so it is not used.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from scrapy import signals
from scrapy.exceptions import DontCloseSpider, NotConfigured
from scrapy.utils.reactor import CallLaterOnce

if TYPE_CHECKING:
    from scrapy.crawler import Crawler

DEFAULT_POLL = 0.5


class IdleClose:
    """``EXTENSIONS = {"scrapy_boiler.IdleClose": 500}`` with ``BOILER_IDLE_CLOSE = 10`` (seconds; 0 = off).

    Stats: ``idle_close/waits`` (times the spider was kept open), ``idle_close/idle_seconds`` (the last
    idle stretch, ended by the close).
    """

    def __init__(self, crawler: Crawler, timeout: float, poll: float) -> None:
        self.crawler = crawler
        self.timeout = timeout
        self.poll = poll
        self.idle_since: float | None = None
        self._wake = CallLaterOnce(self._look_at_queue)

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> IdleClose:
        timeout = crawler.settings.getfloat("BOILER_IDLE_CLOSE", 0.0)
        if timeout <= 0:
            raise NotConfigured  # no message: off is the normal case
        ext = cls(crawler, timeout, max(0.01, crawler.settings.getfloat("BOILER_IDLE_POLL", DEFAULT_POLL)))
        crawler.signals.connect(ext.spider_idle, signal=signals.spider_idle)
        crawler.signals.connect(ext.busy, signal=signals.request_reached_downloader)
        crawler.signals.connect(ext.spider_closed, signal=signals.spider_closed)
        return ext

    def spider_idle(self, spider: Any = None) -> None:
        now = time.monotonic()
        if self.idle_since is None:
            self.idle_since = now
        if now - self.idle_since >= self.timeout:
            self.crawler.stats.set_value("idle_close/idle_seconds", round(now - self.idle_since, 3))
            return  # Scrapy closes the spider ("finished")
        self.crawler.stats.inc_value("idle_close/waits")
        self._wake.schedule(self.poll)
        raise DontCloseSpider

    def busy(self, **_: Any) -> None:
        self.idle_since = None

    def spider_closed(self, **_: Any) -> None:
        self._wake.cancel()

    def _look_at_queue(self) -> None:
        """Ask the engine to pull from the scheduler now (it would otherwise wait for its 5 s heartbeat).

        Scrapy has no public call for this; without the engine attribute the spider still closes right,
        only later.
        """
        slot = getattr(self.crawler.engine, "_slot", None)
        nextcall = getattr(slot, "nextcall", None)
        if nextcall is not None:
            nextcall.schedule()
