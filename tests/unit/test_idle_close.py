"""``scrapy_boiler.IdleClose``: a spider sharing its crawl stays open while idle, then closes by itself."""

from __future__ import annotations

import pytest
from scrapy.exceptions import DontCloseSpider, NotConfigured
from scrapy.utils.test import get_crawler

from scrapy_boiler import IdleClose


class Wake:
    """Stands in for the engine poke: records the delays asked for."""

    def __init__(self) -> None:
        self.delays: list[float] = []

    def schedule(self, delay: float) -> None:
        self.delays.append(delay)

    def cancel(self) -> None:
        """Nothing scheduled for real."""


def extension(monkeypatch, clock: list[float], **settings) -> IdleClose:
    monkeypatch.setattr("scrapy_boiler.integration.idle.time.monotonic", lambda: clock[0])
    crawler = get_crawler(settings_dict=settings)
    crawler.stats.open_spider()
    ext = IdleClose.from_crawler(crawler)
    ext._wake = Wake()
    return ext


def test_off_unless_a_timeout_is_set():
    with pytest.raises(NotConfigured):
        IdleClose.from_crawler(get_crawler())


def test_keeps_the_spider_open_until_idle_for_the_timeout(monkeypatch):
    clock = [100.0]
    ext = extension(monkeypatch, clock, BOILER_IDLE_CLOSE=5, BOILER_IDLE_POLL=0.2)
    with pytest.raises(DontCloseSpider):
        ext.spider_idle()
    clock[0] = 104.0
    with pytest.raises(DontCloseSpider):
        ext.spider_idle()
    ext.busy(request=None, spider=None)  # work arrived from the shared queue: idleness starts again
    clock[0] = 108.0
    with pytest.raises(DontCloseSpider):
        ext.spider_idle()
    clock[0] = 113.0
    ext.spider_idle()  # idle 5 s since the last request: Scrapy may close it
    stats = ext.crawler.stats
    assert stats.get_value("idle_close/waits") == 3 and stats.get_value("idle_close/idle_seconds") == 5.0
    assert ext._wake.delays == [0.2, 0.2, 0.2]  # the queue is looked at again soon, not after Scrapy's 5 s
