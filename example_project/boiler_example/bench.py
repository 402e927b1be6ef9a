"""The crawl benchmark behind ``scrapy demo-bench``: pages/s with the add-on off and on, and reactor stalls.

Every measured crawl is a fresh ``scrapy crawl news`` process (a Twisted reactor cannot restart, and a fresh
process gives both modes the same cold start); the demo server is another process, so the crawler does not
share its CPU time or GIL with the site it crawls. Throughput = responses received / ``elapsed_time_seconds``
(spider opened to spider closed: the add-on's worker start-up and its draining at the end are included).
CPU per page -- of the reactor thread, of the whole crawler process during the crawl, and of everything the
crawl ran (its worker processes and start-up included) -- and the reactor's longest busy stretch hardly depend
on what else the machine runs; pages/s and wall-clock stalls do: run it on a quiet machine for those.
"""

from __future__ import annotations

import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from pathlib import Path

PROJECT_DIR = Path(__file__).resolve().parent.parent
MODES = ("off", "on")


@dataclass(frozen=True)
class CrawlRun:
    latency_ms: float
    mode: str
    round: int
    responses: int
    items: int
    seconds: float
    stall_max_ms: float  # wall-clock lateness of the reactor's timer (its own work + waiting for GIL/CPU)
    stall_p99_ms: float
    stalls_over_100ms: int
    busy_max_ms: float  # CPU the reactor thread used between two timer runs: its own work only
    boiler_pages: int
    boiler_seconds: float
    reactor_cpu_seconds: float  # the reactor thread
    process_cpu_seconds: float  # every thread of the crawler process, from spider open to close
    cpu_seconds: float  # the crawl process and its reaped children (the add-on's workers), start-up included

    @property
    def pages_per_second(self) -> float:
        return self.responses / self.seconds if self.seconds else 0.0

    def per_page_ms(self, seconds: float) -> float:
        return 1000 * seconds / self.responses if self.responses else 0.0


@contextmanager
def demo_server(articles: int, latency_ms: float) -> Iterator[str]:
    """Run ``python -m demo_site`` in its own process on a free port; yield its URL."""
    with demo_server_process(articles, latency_ms) as (url, _):
        yield url


@contextmanager
def demo_server_process(articles: int, latency_ms: float) -> Iterator[tuple[str, int]]:
    """:func:`demo_server`, yielding the server's process id too (to measure its CPU)."""
    command = [sys.executable, "-m", "demo_site", "--port", "0", "--articles", str(articles), "--questions", "0",
               "--latency-ms", str(latency_ms)]
    server = subprocess.Popen(command, cwd=PROJECT_DIR, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        assert server.stdout is not None
        url = server.stdout.readline().strip()
        if not url.startswith("http://"):
            raise RuntimeError(f"demo server did not start (exit code {server.poll()})")
        yield url, server.pid
    finally:
        server.terminate()
        server.wait(timeout=10)


def crawl(url: str, mode: str, *, concurrency: int, model: str, workers: int | None, latency_ms: float,
          round_: int, workdir: Path) -> CrawlRun:
    """One ``scrapy crawl news`` of the site at ``url`` with the add-on ``on`` or ``off``."""
    stats_file = workdir / f"stats-{latency_ms:g}-{mode}-{round_}.json"
    feed = workdir / f"items-{latency_ms:g}-{mode}-{round_}.jsonl"
    settings = {
        "DEMO_SITE_URL": url,
        "CONCURRENT_REQUESTS": concurrency,
        "CONCURRENT_REQUESTS_PER_DOMAIN": concurrency,
        "STATS_JSON_FILE": stats_file,
        "REACTOR_MONITOR": True,
        "LOG_LEVEL": "WARNING",
        "LOGSTATS_INTERVAL": 0,
    }
    if mode == "off":
        settings["ADDONS"] = "{}"  # plain Scrapy: no middlewares, no pipeline, no worker processes
    else:
        settings["BOILER_MODEL"] = model
        if workers is not None:
            settings["BOILER_WORKERS"] = workers
    command = [sys.executable, "-m", "scrapy", "crawl", "news", "-O", str(feed)]
    for name, value in settings.items():
        command += ["-s", f"{name}={value}"]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    result = subprocess.run(command, cwd=PROJECT_DIR, capture_output=True, text=True, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if result.returncode != 0 or not stats_file.exists():
        raise RuntimeError(f"crawl ({mode}, {latency_ms:g} ms) failed:\n{result.stderr[-3000:]}")
    stats = json.loads(stats_file.read_text(encoding="utf-8"))
    return CrawlRun(
        latency_ms=latency_ms,
        mode=mode,
        round=round_,
        responses=stats.get("response_received_count", 0),
        items=stats.get("item_scraped_count", 0),
        seconds=stats["elapsed_time_seconds"],
        stall_max_ms=stats.get("reactor/stall_max_ms", 0.0),
        stall_p99_ms=stats.get("reactor/stall_p99_ms", 0.0),
        stalls_over_100ms=stats.get("reactor/stalls_over_100ms", 0),
        busy_max_ms=stats.get("reactor/busy_max_ms", 0.0),
        boiler_pages=stats.get("boiler/pages", 0),
        boiler_seconds=stats.get("boiler/time_total", 0.0),
        reactor_cpu_seconds=stats.get("reactor/cpu_s", 0.0),
        process_cpu_seconds=stats.get("process/cpu_s", 0.0),
        cpu_seconds=(after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime),
    )


def run(pages: int, latencies: Sequence[float], *, concurrency: int = 16, model: str = "news",
        workers: int | None = None, rounds: int = 1, progress=print) -> list[CrawlRun]:
    """All crawls: per latency one server, per round both modes (the order alternates between rounds)."""
    runs: list[CrawlRun] = []
    with tempfile.TemporaryDirectory(prefix="demo-bench-") as tmp:
        for latency in latencies:
            with demo_server(pages, latency) as url:
                for round_ in range(rounds):
                    for mode in MODES if round_ % 2 == 0 else MODES[::-1]:
                        result = crawl(url, mode, concurrency=concurrency, model=model, workers=workers,
                                       latency_ms=latency, round_=round_, workdir=Path(tmp))
                        progress(f"  latency {latency:g} ms, add-on {mode}, round {round_ + 1}: "
                                 f"{result.pages_per_second:.0f} pages/s, stall max {result.stall_max_ms:.0f} ms")
                        runs.append(result)
    return runs


def report(runs: Sequence[CrawlRun], *, pages: int, concurrency: int, model: str, workers: int | None,
           target: float = 0.85) -> str:
    """The figures as a table: per latency the median pages/s and CPU of each mode, their ratio, the worst stalls."""
    head = (f"news spider over {pages} articles (+ listing pages, one PDF, one HTTP 500), CONCURRENT_REQUESTS="
            f"{concurrency}, add-on model {model!r}, BOILER_WORKERS={'CPU count' if workers is None else workers} "
            f"(this machine: {os.cpu_count()} CPUs); rates are medians over rounds")
    lines = [head, "",
             "| latency | add-on | responses | items | s | pages/s | CPU ms/page: reactor / crawler / all "
             "| stall max ms | stall p99 ms | stalls >100 ms | busy max ms |",
             "|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    verdicts = []
    for latency in dict.fromkeys(r.latency_ms for r in runs):
        rates = {}
        for mode in MODES:
            mine = [r for r in runs if r.latency_ms == latency and r.mode == mode]
            if not mine:
                continue
            rates[mode] = statistics.median(r.pages_per_second for r in mine)
            lines.append(
                f"| {latency:g} ms | {mode} | {mine[0].responses} | {mine[0].items} | "
                f"{statistics.median(r.seconds for r in mine):.2f} | {rates[mode]:.1f} | "
                + " / ".join(f"{statistics.median(r.per_page_ms(getattr(r, f)) for r in mine):.1f}"
                             for f in ("reactor_cpu_seconds", "process_cpu_seconds", "cpu_seconds"))
                + f" | {max(r.stall_max_ms for r in mine):.1f} | {max(r.stall_p99_ms for r in mine):.1f} | "
                f"{max(r.stalls_over_100ms for r in mine)} | {max(r.busy_max_ms for r in mine):.1f} |")
        if len(rates) == 2 and rates["off"]:
            ratio = rates["on"] / rates["off"]
            verdicts.append(f"latency {latency:g} ms: on/off = {ratio:.2f} "
                            f"({'meets' if ratio >= target else 'misses'} the {target:.2f} target)")
    return "\n".join([*lines, "", *verdicts])


def to_json(runs: Sequence[CrawlRun]) -> list[dict[str, object]]:
    return [{**asdict(r), "pages_per_second": r.pages_per_second} for r in runs]
