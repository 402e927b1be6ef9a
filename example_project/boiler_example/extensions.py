"""Two small extensions: stats to a JSON file, and a reactor monitor (stalls, CPU) for the benchmark."""

from __future__ import annotations

import json
import resource
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


class ReactorMonitor:
    """Reactor responsiveness and CPU use of a crawl, for ``scrapy demo-bench``.

    On when ``REACTOR_MONITOR`` is true. A ``LoopingCall`` asks to run every ``REACTOR_MONITOR_INTERVAL``
    seconds (default 0.01); each time it runs it records

    - how much later than asked it ran (**stall**, wall time: the reactor's own work, plus waiting for the
      GIL and for a CPU when the machine is busy), and
    - how much CPU the reactor thread used since its last run (**busy**: the reactor's own work only, so it
      does not depend on what else the machine runs).

    Stats: ``reactor/stall_max_ms``, ``reactor/stall_p99_ms``, ``reactor/stalls_over_100ms``,
    ``reactor/busy_max_ms``, ``reactor/busy_p99_ms``, ``reactor/busy_max_at_s`` (when, after the spider opened),
    ``reactor/cpu_s`` (reactor thread),
    ``process/cpu_s`` (every thread of the crawler process; worker processes are not in it), ``reactor/ticks``.
    """

    def __init__(self, crawler, interval: float) -> None:
        self.crawler = crawler
        self.interval = interval
        self.lateness: list[float] = []
        self.busy: list[float] = []
        self.tick_times: list[float] = []
        self.expected = 0.0
        self.cpu_start = self.cpu_last = 0.0
        self.process_start = 0.0
        self.loop = task.LoopingCall(self._tick)

    @classmethod
    def from_crawler(cls, crawler):
        if not crawler.settings.getbool("REACTOR_MONITOR"):
            raise NotConfigured
        ext = cls(crawler, crawler.settings.getfloat("REACTOR_MONITOR_INTERVAL", 0.01))
        crawler.signals.connect(ext.spider_opened, signal=signals.spider_opened)
        crawler.signals.connect(ext.spider_closed, signal=signals.spider_closed)
        return ext

    def spider_opened(self, spider) -> None:
        self.expected = time.monotonic()
        self.cpu_start = self.cpu_last = time.thread_time()  # spider_opened runs on the reactor thread
        self.process_start = _process_cpu()
        self.loop.start(self.interval, now=True)

    def _tick(self) -> None:
        now, cpu = time.monotonic(), time.thread_time()
        self.lateness.append(max(0.0, now - self.expected))
        self.busy.append(cpu - self.cpu_last)
        self.tick_times.append(now)
        self.expected, self.cpu_last = now + self.interval, cpu

    def spider_closed(self, spider) -> None:
        if self.loop.running:
            self.loop.stop()
        stats = self.crawler.stats
        stats.set_value("reactor/cpu_s", round(time.thread_time() - self.cpu_start, 3))
        stats.set_value("process/cpu_s", round(_process_cpu() - self.process_start, 3))
        stats.set_value("reactor/ticks", len(self.lateness))
        for name, values in (("stall", self.lateness), ("busy", self.busy)):
            if values:
                ordered = sorted(values)
                stats.set_value(f"reactor/{name}_max_ms", round(ordered[-1] * 1000, 1))
                stats.set_value(f"reactor/{name}_p99_ms", round(ordered[int(0.99 * (len(ordered) - 1))] * 1000, 1))
        stats.set_value("reactor/stalls_over_100ms", sum(1 for x in self.lateness if x > 0.1))
        if self.busy:
            # When the longest busy stretch ended, in seconds after the spider opened: start-up, crawl or shutdown?
            longest = max(range(len(self.busy)), key=self.busy.__getitem__)
            stats.set_value("reactor/busy_max_at_s", round(self.tick_times[longest] - self.tick_times[0], 2))


def _process_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime
