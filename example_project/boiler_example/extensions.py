"""Two small extensions: stats to a JSON file, and a reactor stall monitor for the benchmark."""

from __future__ import annotations

import json
import time
from datetime import datetime
from pathlib import Path

from scrapy import signals
from scrapy.exceptions import NotConfigured
from twisted.internet import task


class StatsToJson:
    """Write the crawl's stats to ``STATS_JSON_FILE`` when the spider closes (off when the setting is empty).

    Scrapy only logs its stats; tests and the benchmark run crawls in subprocesses and need them as data.
    """

    def __init__(self, crawler, path: str) -> None:
        self.crawler = crawler
        self.path = Path(path)

    @classmethod
    def from_crawler(cls, crawler):
        path = crawler.settings.get("STATS_JSON_FILE")
        if not path:
            raise NotConfigured  # no message: Scrapy would log a warning on every crawl
        ext = cls(crawler, path)
        crawler.signals.connect(ext.engine_stopped, signal=signals.engine_stopped)
        return ext

    def engine_stopped(self) -> None:
        # engine_stopped comes after every spider_closed handler, so finish_time/elapsed_time_seconds are in.
        stats = self.crawler.stats.get_stats()
        self.path.write_text(json.dumps(stats, default=_jsonable, indent=1, sort_keys=True), encoding="utf-8")


def _jsonable(value: object) -> object:
    return value.isoformat() if isinstance(value, datetime) else str(value)


class ReactorStallMonitor:
    """Measure how late the reactor runs a timer: the longest time it was busy and answered nobody.

    On when ``REACTOR_STALL_MONITOR`` is true (``scrapy demo-bench`` sets it). A ``LoopingCall`` asks to run
    every ``REACTOR_STALL_INTERVAL`` seconds (default 0.01); each time it runs it records how much later than
    asked it ran. A crawl whose callbacks or pipelines do CPU work on the reactor
    thread shows stalls as long as that work. Stats: ``reactor/stall_max_ms``, ``reactor/stall_p99_ms``,
    ``reactor/stalls_over_100ms``, ``reactor/ticks``.
    """

    def __init__(self, crawler, interval: float) -> None:
        self.crawler = crawler
        self.interval = interval
        self.lateness: list[float] = []
        self.expected = 0.0
        self.loop = task.LoopingCall(self._tick)

    @classmethod
    def from_crawler(cls, crawler):
        if not crawler.settings.getbool("REACTOR_STALL_MONITOR"):
            raise NotConfigured
        ext = cls(crawler, crawler.settings.getfloat("REACTOR_STALL_INTERVAL", 0.01))
        crawler.signals.connect(ext.spider_opened, signal=signals.spider_opened)
        crawler.signals.connect(ext.spider_closed, signal=signals.spider_closed)
        return ext

    def spider_opened(self, spider) -> None:
        self.expected = time.monotonic()
        self.loop.start(self.interval, now=True)

    def _tick(self) -> None:
        now = time.monotonic()
        self.lateness.append(max(0.0, now - self.expected))
        self.expected = now + self.interval

    def spider_closed(self, spider) -> None:
        if self.loop.running:
            self.loop.stop()
        stats = self.crawler.stats
        late = sorted(self.lateness)
        stats.set_value("reactor/ticks", len(late))
        if late:
            stats.set_value("reactor/stall_max_ms", round(late[-1] * 1000, 1))
            stats.set_value("reactor/stall_p99_ms", round(late[int(0.99 * (len(late) - 1))] * 1000, 1))
            stats.set_value("reactor/stalls_over_100ms", sum(1 for x in late if x > 0.1))
