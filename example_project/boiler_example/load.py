"""The load run behind ``scrapy demo-load``: memory over a long crawl, extraction times, nothing lost.

:class:`LoadMonitor` is an extension the command adds to its crawl of the ``load`` spider. It samples the
resident memory of the crawler process and of the add-on's extraction workers (its child processes) from
``/proc`` -- periodically, at every ``LOAD_CHECKPOINT`` items, and when the crawl goes idle at the end --
and checks every item as it is scraped: hostile-input pages against the catalogue's expected outcome,
extraction seconds for the percentiles. :func:`figures` turns the monitor and the crawl's stats into the
run's figures; :func:`report` prints them.
"""

from __future__ import annotations

import math
import os
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

from scrapy import signals
from scrapy.exceptions import NotConfigured
from twisted.internet import task

from scrapy_boiler.evaluation.hostile import CASES, Case

#: How an extraction worker process is recognised among the crawler's children (its command line).
WORKER_MARKER = b"scrapy_boiler.integration.worker"
#: Stats groups a response can end in (scrapy-boiler's downloader middleware counts each exactly once).
OUTCOME_GROUPS = ("skipped", "rejected", "errors")
KIB_PER_MIB = 1024


def memory_kib(pid: int | str = "self") -> tuple[int, int]:
    """(resident set, its high-water mark) of a process in KiB, from ``/proc/PID/status``; (0, 0) if it is gone."""
    values = {"VmRSS": 0, "VmHWM": 0}
    try:
        with open(f"/proc/{pid}/status", "rb") as status:
            for line in status:
                key, _, rest = line.partition(b":")
                if key.decode() in values:
                    values[key.decode()] = int(rest.split()[0])
    except (OSError, ValueError, IndexError):
        pass
    return values["VmRSS"], values["VmHWM"]


def worker_pids() -> list[int]:
    """This process's children that are scrapy-boiler extraction workers."""
    pids: list[int] = []
    try:
        tasks = os.listdir("/proc/self/task")
    except OSError:
        return pids
    for tid in tasks:
        try:
            children = Path(f"/proc/self/task/{tid}/children").read_text().split()
        except OSError:
            continue
        for pid in map(int, children):
            try:
                if WORKER_MARKER in Path(f"/proc/{pid}/cmdline").read_bytes():
                    pids.append(pid)
            except OSError:
                continue
    return pids


def memory_now() -> dict[str, float]:
    """Crawler and workers, in MiB: resident now and high-water marks (workers summed over live workers)."""
    rss, hwm = memory_kib()
    workers = [memory_kib(pid) for pid in worker_pids()]
    return {
        "crawler_rss_mib": rss / KIB_PER_MIB,
        "crawler_hwm_mib": hwm / KIB_PER_MIB,
        "workers": len(workers),
        "workers_rss_mib": sum(w[0] for w in workers) / KIB_PER_MIB,
        "workers_hwm_mib": sum(w[1] for w in workers) / KIB_PER_MIB,
    }


def bad_page_outcome(item: dict[str, Any], case: Case, max_bytes: int) -> tuple[str, bool]:
    """What a hostile-input page came back as, and whether that is what the catalogue expects of it.

    A page the add-on refused before extraction (empty body, over ``BOILER_MAX_BYTES``) carries no
    Document; that counts as the catalogue's ``empty``/``too_large`` when the response shows why.
    """
    if item.get("download_error"):
        return "lost", False
    if item.get("document"):
        reason = item.get("reason")
        if case.reason is not None:
            return reason or "text", reason == case.reason
        warnings = item.get("warnings") or []
        got = reason or "+".join(["text", *warnings])
        ok = not reason and case.contains in (item.get("articleBody") or "") and set(case.warnings) <= set(warnings)
        return got, ok
    if item.get("blank"):
        return "skipped/empty_body", case.reason == "empty"
    if (item.get("body_bytes") or 0) > max_bytes:
        return "skipped/too_large", case.reason == "too_large"
    return f"no document (HTTP {item.get('status')})", False


class LoadMonitor:
    """Memory samples and per-item checks of a load run; on when ``LOAD_MONITOR`` is true.

    Settings: ``LOAD_SAMPLE_INTERVAL`` (seconds between memory samples, default 0.2), ``LOAD_CHECKPOINT``
    (items between checkpoints, default 1000), ``LOAD_PROGRESS`` (print a line at each checkpoint).
    """

    def __init__(self, crawler, interval: float, checkpoint: int, progress: bool) -> None:
        self.crawler = crawler
        self.checkpoint = checkpoint
        self.progress = progress
        self.max_bytes = crawler.settings.getint("BOILER_MAX_BYTES", 10 * 1024 * 1024)
        self.items = 0
        self.kinds: Counter[str] = Counter()
        self.lost: list[dict[str, str]] = []
        self.cases: dict[str, Counter[str]] = defaultdict(Counter)
        self.case_ok: Counter[str] = Counter()
        self.case_seconds: dict[str, float] = defaultdict(float)
        self.mismatches: list[dict[str, Any]] = []
        self.seconds: list[float] = []
        self.peak = {"crawler_rss_mib": 0.0, "workers_rss_mib": 0.0}
        self.checkpoints: list[dict[str, float]] = []
        self.end: dict[str, float] | None = None
        self.started = 0.0
        self.loop = task.LoopingCall(self.sample)
        self.interval = interval

    @classmethod
    def from_crawler(cls, crawler):
        settings = crawler.settings
        if not settings.getbool("LOAD_MONITOR"):
            raise NotConfigured
        monitor = cls(crawler, settings.getfloat("LOAD_SAMPLE_INTERVAL", 0.2), settings.getint("LOAD_CHECKPOINT", 1000),
                      settings.getbool("LOAD_PROGRESS"))
        crawler.signals.connect(monitor.spider_opened, signal=signals.spider_opened)
        crawler.signals.connect(monitor.item_scraped, signal=signals.item_scraped)
        crawler.signals.connect(monitor.spider_idle, signal=signals.spider_idle)
        crawler.signals.connect(monitor.spider_closed, signal=signals.spider_closed)
        return monitor

    def spider_opened(self, spider) -> None:
        self.started = time.monotonic()
        self.loop.start(self.interval, now=True)

    def sample(self) -> dict[str, float]:
        now = memory_now()
        for key in self.peak:
            self.peak[key] = max(self.peak[key], now[key])
        return now

    def snapshot(self) -> dict[str, float]:
        """Memory now, the sampled peaks so far, and where the crawl is."""
        now = self.sample()
        return {"items": self.items, "seconds": round(time.monotonic() - self.started, 2), **now,
                **{f"peak_{key}": value for key, value in self.peak.items()}}

    def item_scraped(self, item, response, spider) -> None:
        self.items += 1
        self.kinds[item.get("kind") or "?"] += 1
        if item.get("download_error"):
            self.lost.append({"url": item["url"], "error": item["download_error"]})
        if item.get("boiler_seconds") is not None:
            self.seconds.append(float(item["boiler_seconds"]))
        case = CASES.get(item.get("case") or "")
        if case is not None:
            self._check(item, case)
        if self.items % self.checkpoint == 0:
            self.checkpoints.append(self.snapshot())
            if self.progress:
                c = self.checkpoints[-1]
                print(f"  {self.items:6d} items, {c['seconds']:6.1f} s: crawler {c['crawler_rss_mib']:.0f} MiB "
                      f"(peak {c['crawler_hwm_mib']:.0f}), {c['workers']} workers {c['workers_rss_mib']:.0f} MiB "
                      f"(peak {c['peak_workers_rss_mib']:.0f})", flush=True)

    def _check(self, item, case: Case) -> None:
        outcome, ok = bad_page_outcome(dict(item), case, self.max_bytes)
        self.cases[case.name][outcome] += 1
        self.case_ok[case.name] += ok
        self.case_seconds[case.name] = max(self.case_seconds[case.name], float(item.get("boiler_seconds") or 0))
        if not ok and len(self.mismatches) < 50:
            self.mismatches.append({"url": item["url"], "case": case.name, "expected": case.reason or "text",
                                    "got": outcome, "error": item.get("error")})

    def spider_idle(self, spider) -> None:
        # The last moment with everything done and the workers still running (they stop when the spider closes).
        self.end = self.snapshot()

    def spider_closed(self, spider) -> None:
        if self.loop.running:
            self.loop.stop()
        if self.end is None or self.end["items"] != self.items:
            self.end = self.snapshot()


def percentile(ordered: list[float], q: float) -> float:
    """Nearest-rank percentile of an ascending list (0.0 when empty)."""
    if not ordered:
        return 0.0
    return ordered[max(0, math.ceil(q * len(ordered)) - 1)]


def outcome_stats(stats: dict[str, Any]) -> dict[str, Any]:
    """The add-on's per-response outcome counters: ``pages`` and ``{group: {reason: count}}``."""
    grouped: dict[str, Any] = {group: {} for group in OUTCOME_GROUPS}
    for key, value in stats.items():
        group, _, reason = key.removeprefix("boiler/").partition("/")
        if key.startswith("boiler/") and group in OUTCOME_GROUPS and reason:
            grouped[group][reason] = value
    grouped["pages"] = stats.get("boiler/pages", 0)
    grouped["no_content"] = stats.get("boiler/no_content", 0)
    return grouped


def figures(monitor: LoadMonitor, stats: dict[str, Any], *, wall_seconds: float, settings: dict[str, Any]) -> dict:
    """Everything the run measured, as plain data (printed by :func:`report`, written as JSON)."""
    outcomes = outcome_stats(stats)
    accounted = outcomes["pages"] + sum(sum(outcomes[group].values()) for group in OUTCOME_GROUPS)
    responses = stats.get("response_received_count", 0)
    items = stats.get("item_scraped_count", 0)
    crawl_seconds = float(stats.get("elapsed_time_seconds", 0.0))
    ordered = sorted(monitor.seconds)
    first = next((c for c in monitor.checkpoints if c["items"] == monitor.checkpoint), None)
    return {
        "settings": settings,
        "requests": stats.get("downloader/request_count", 0),
        "responses": responses,
        "items": items,
        "items_by_kind": dict(sorted(monitor.kinds.items())),
        "lost": monitor.lost[:50],
        "lost_count": len(monitor.lost),
        "items_dropped": stats.get("item_dropped_count", 0),
        "spider_exceptions": stats.get("spider_exceptions/count", 0),
        "outcomes": outcomes,
        "outcomes_accounted": accounted,
        "nothing_lost": responses == items == stats.get("downloader/request_count", 0) and not monitor.lost,
        "stats_add_up": accounted == responses,
        "cases": {name: {"served": sum(counts.values()), "as_catalogued": monitor.case_ok[name],
                         "outcomes": dict(counts), "max_seconds": round(monitor.case_seconds[name], 4)}
                  for name, counts in sorted(monitor.cases.items())},
        "cases_not_served": sorted(set(CASES) - set(monitor.cases)),
        "mismatches": monitor.mismatches,
        "memory": {f"at_{monitor.checkpoint}": first, "at_end": monitor.end},
        "checkpoints": monitor.checkpoints,
        # boiler_seconds is a page's share of its batch's time, so a slow page is spread over its batch:
        # the batch sizes tell how much (boiler/batch_max pages at most).
        "extraction_seconds": {"pages": len(ordered), "p50": percentile(ordered, 0.5),
                               "p99": percentile(ordered, 0.99), "max": ordered[-1] if ordered else 0.0,
                               "total": sum(ordered)},
        "batches": {"count": stats.get("boiler/batches", 0), "max_pages": stats.get("boiler/batch_max", 0),
                    "mean_pages": len(ordered) / stats["boiler/batches"] if stats.get("boiler/batches") else 0.0},
        "crawl_seconds": crawl_seconds,
        "items_per_second": items / crawl_seconds if crawl_seconds else 0.0,
        "wall_seconds": wall_seconds,
        "cpu_count": os.cpu_count(),
    }


def report(f: dict[str, Any]) -> str:
    """The figures as text: counts, outcomes by reason, memory at the first checkpoint and at the end, timings."""
    o = f["outcomes"]
    lines = [
        f"requests {f['requests']}, responses {f['responses']}, items out {f['items']}, lost {f['lost_count']}"
        f" -> {'nothing lost' if f['nothing_lost'] else 'PAGES LOST'}",
        "items by kind: " + ", ".join(f"{kind} {count}" for kind, count in f["items_by_kind"].items()),
        f"extracted (boiler/pages) {o['pages']} (no content {o['no_content']})",
    ]
    for group in OUTCOME_GROUPS:
        shown = ", ".join(f"{reason} {count}" for reason, count in sorted(o[group].items())) or "none"
        lines.append(f"{group}: {shown}")
    lines.append(f"skipped + pages + rejected + errors = {f['outcomes_accounted']} "
                 f"{'=' if f['stats_add_up'] else '!='} responses {f['responses']}")
    served = f["cases"]
    good = sum(1 for case in served.values() if case["as_catalogued"] == case["served"])
    lines.append(f"hostile-input cases: {good}/{len(served)} came back as catalogued "
                 f"({sum(c['served'] for c in served.values())} pages)"
                 + (f"; not served: {', '.join(f['cases_not_served'])}" if f["cases_not_served"] else ""))
    lines += [f"  {m['case']}: expected {m['expected']}, got {m['got']} ({m['url']})" for m in f["mismatches"][:10]]
    lines += ["memory, MiB | items | crawler now | crawler peak | workers | workers now | workers peak (sampled sum)"
              " | workers' own peaks summed", "|---|---:|---:|---:|---:|---:|---:|---:|"]
    for label, snap in f["memory"].items():
        if snap:
            mib = [f"{snap[key]:.0f}" for key in ("crawler_rss_mib", "crawler_hwm_mib")]
            mib += [str(snap["workers"])]
            mib += [f"{snap[key]:.0f}" for key in ("workers_rss_mib", "peak_workers_rss_mib", "workers_hwm_mib")]
            lines.append(f"| {label} | {snap['items']} | " + " | ".join(mib) + " |")
    e, b = f["extraction_seconds"], f["batches"]
    lines.append(f"extraction seconds (a page's share of its batch) over {e['pages']} pages: p50 {e['p50']:.4f}, "
                 f"p99 {e['p99']:.4f}, max {e['max']:.3f}; {b['count']} batches of {b['mean_pages']:.1f} pages "
                 f"on average, {b['max_pages']} at most")
    lines.append(f"{f['items_per_second']:.1f} items/s over {f['crawl_seconds']:.1f} s of crawl; "
                 f"wall time {f['wall_seconds']:.1f} s ({f['cpu_count']} CPUs)")
    return "\n".join(lines)
