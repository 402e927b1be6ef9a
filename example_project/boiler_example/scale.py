"""The benchmark behind ``scrapy demo-scale``: items/s of 1, 2, ... ``scrapy crawl news`` processes sharing one crawl.

Each measured crawl empties a private ``redis-server`` (free loopback port, no persistence), starts N crawler
processes with the ``settings_redis`` profile against the demo server (its own process, see :mod:`bench`) and
waits for all of them to stop by themselves. Throughput = items of all processes / (the last process's end of
work - the first process's spider open); a process's end of work is its close minus the idle wait that
``IdleClose`` adds, so the timeout does not count. Per page: the CPU of the crawlers' reactor threads, the time
their extraction workers spent (``boiler/time_total``), and the CPU of the demo server and redis-server; and how
busy the whole machine was during the run (other users' work included), against its core count.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from datetime import datetime
from pathlib import Path

from boiler_example.site_process import PROJECT_DIR, demo_server_process

SETTINGS_MODULE = "boiler_example.settings_redis"


@dataclass(frozen=True)
class ScaleRun:
    processes: int
    round: int
    items: int
    unique_urls: int
    pages_extracted: int
    pages_per_process: tuple[int, ...]
    seconds: float  # first spider open to last end of work
    wall_seconds: float  # first process start to last process exit (start-up and idle wait included)
    reactor_cpu_seconds: float  # the crawler processes' reactor threads, spider open to close (ReactorMonitor)
    extraction_seconds: float  # boiler/time_total of all processes: time the extraction workers spent on pages
    server_cpu_seconds: float
    redis_cpu_seconds: float
    machine_cpu_seconds: float  # every process of the machine, ours or not, over the run (Linux /proc/stat)

    @property
    def items_per_second(self) -> float:
        return self.items / self.seconds if self.seconds else 0.0

    def per_page_ms(self, seconds: float) -> float:
        return 1000 * seconds / self.pages_extracted if self.pages_extracted else 0.0

    @property
    def machine_cores_busy(self) -> float:
        """CPU the whole machine used per second of the run, start-up and idle wait included: 2.0 = both cores of
        this machine full, whoever used them (what else ran shows here)."""
        return self.machine_cpu_seconds / self.wall_seconds if self.wall_seconds > 0 else 0.0


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextmanager
def redis_server(timeout: float = 10.0) -> Iterator[tuple[str, int]]:
    """A private ``redis-server`` on a free loopback port, without persistence; yields (URL, its pid)."""
    executable = shutil.which("redis-server")
    if executable is None:
        raise RuntimeError("redis-server is not installed (Debian: apt-get install redis-server)")
    port = free_port()
    server = subprocess.Popen([executable, "--port", str(port), "--bind", "127.0.0.1", "--save", "",
                               "--appendonly", "no"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + timeout
        while not _answers_ping(port):
            if server.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"redis-server did not start on port {port} (exit code {server.poll()})")
            time.sleep(0.05)
        yield f"redis://127.0.0.1:{port}/0", server.pid
    finally:
        server.terminate()
        server.wait(timeout=10)


def _answers_ping(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1) as sock:
            sock.sendall(b"PING\r\n")
            return sock.recv(16).startswith(b"+PONG")
    except OSError:
        return False


def flush(redis_url: str) -> None:
    import redis  # scrapy-redis' client library

    redis.Redis.from_url(redis_url).flushdb()


def start_crawlers(count: int, *, site_url: str, redis_url: str, workdir: Path, settings: dict[str, object],
                   spider: str = "news") -> list[subprocess.Popen[str]]:
    """``count`` ``scrapy crawl`` processes of one shared crawl; process i writes items-i.jsonl and stats-i.json and
    names its redis connection ``crawler-i`` (``CLIENT LIST`` then shows which processes are connected)."""
    env = {**os.environ, "SCRAPY_SETTINGS_MODULE": SETTINGS_MODULE, "REDIS_URL": redis_url}
    processes = []
    for i in range(count):
        command = [sys.executable, "-m", "scrapy", "crawl", spider, "-O", str(workdir / f"items-{i}.jsonl")]
        for name, value in {"DEMO_SITE_URL": site_url, "STATS_JSON_FILE": workdir / f"stats-{i}.json",
                            "REDIS_PARAMS": json.dumps({"client_name": f"crawler-{i}"}), **settings}.items():
            command += ["-s", f"{name}={value}"]
        processes.append(subprocess.Popen(command, cwd=PROJECT_DIR, env=env, stdout=subprocess.DEVNULL,
                                          stderr=subprocess.PIPE, text=True))
    return processes


def finish_crawlers(processes: Sequence[subprocess.Popen[str]], workdir: Path,
                    timeout: float = 600) -> list[tuple[list[dict], dict]]:
    """Wait for every process; return each one's (items, stats)."""
    results = []
    for i, process in enumerate(processes):
        _, err = process.communicate(timeout=timeout)
        stats_file = workdir / f"stats-{i}.json"
        if process.returncode != 0 or not stats_file.exists():
            raise RuntimeError(f"crawler {i} failed (exit code {process.returncode}):\n{err[-3000:]}")
        items_file = workdir / f"items-{i}.jsonl"
        lines = items_file.read_text(encoding="utf-8").splitlines() if items_file.exists() else []
        results.append(([json.loads(line) for line in lines if line.strip()],
                        json.loads(stats_file.read_text(encoding="utf-8"))))
    return results


def crawl(count: int, round_: int, *, site_url: str, redis_url: str, server_pid: int, redis_pid: int,
          settings: dict[str, object], workdir: Path) -> ScaleRun:
    flush(redis_url)
    server_cpu, redis_cpu, machine_cpu = _cpu_of(server_pid), _cpu_of(redis_pid), _machine_cpu()
    started = time.monotonic()
    results = finish_crawlers(start_crawlers(count, site_url=site_url, redis_url=redis_url, workdir=workdir,
                                             settings=settings), workdir)
    wall = time.monotonic() - started
    machine_cpu = _machine_cpu() - machine_cpu
    urls = Counter(item["url"] for items, _ in results for item in items)
    opened = [datetime.fromisoformat(stats["start_time"]) for _, stats in results]
    ends = [datetime.fromisoformat(stats["finish_time"]).timestamp() - stats.get("idle_close/idle_seconds", 0.0)
            for _, stats in results]
    return ScaleRun(
        processes=count,
        round=round_,
        items=sum(urls.values()),
        unique_urls=len(urls),
        pages_extracted=sum(stats.get("boiler/pages", 0) for _, stats in results),
        pages_per_process=tuple(stats.get("boiler/pages", 0) for _, stats in results),
        seconds=max(ends) - min(t.timestamp() for t in opened),
        wall_seconds=wall,
        reactor_cpu_seconds=sum(stats.get("reactor/cpu_s", 0.0) for _, stats in results),
        extraction_seconds=sum(stats.get("boiler/time_total", 0.0) for _, stats in results),
        server_cpu_seconds=_cpu_of(server_pid) - server_cpu,
        redis_cpu_seconds=_cpu_of(redis_pid) - redis_cpu,
        machine_cpu_seconds=machine_cpu,
    )


def _machine_cpu() -> float:
    """Busy CPU seconds of the whole machine since boot (Linux /proc/stat: user, nice, system, irq, softirq; 0
    elsewhere)."""
    try:
        ticks = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    except (OSError, ValueError):
        return 0.0
    return (ticks[0] + ticks[1] + ticks[2] + ticks[5] + ticks[6]) / os.sysconf("SC_CLK_TCK")


def _cpu_of(pid: int) -> float:
    """User + system CPU seconds of a running process (Linux /proc; 0 elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def run(pages: int, counts: Sequence[int], *, latency_ms: float = 0.0, concurrency: int = 16, model: str = "news",
        workers: int | None = None, rounds: int = 1, idle_close: float = 2.0, progress=print) -> list[ScaleRun]:
    settings: dict[str, object] = {
        "CONCURRENT_REQUESTS": concurrency, "CONCURRENT_REQUESTS_PER_DOMAIN": concurrency, "BOILER_MODEL": model,
        "BOILER_IDLE_CLOSE": idle_close, "LOG_LEVEL": "WARNING", "LOGSTATS_INTERVAL": 0, "REACTOR_MONITOR": True,
    }
    if workers is not None:
        settings["BOILER_WORKERS"] = workers
    runs = []
    site_options = ("--articles", str(pages), "--questions", "0", "--latency-ms", str(latency_ms))
    with tempfile.TemporaryDirectory(prefix="demo-scale-") as tmp, redis_server() as (redis_url, redis_pid), \
            demo_server_process(*site_options) as (site_url, server_pid):
        for round_ in range(rounds):
            for count in counts if round_ % 2 == 0 else counts[::-1]:
                workdir = Path(tmp) / f"{count}-{round_}"
                workdir.mkdir()
                result = crawl(count, round_, site_url=site_url, redis_url=redis_url, server_pid=server_pid,
                               redis_pid=redis_pid, settings=settings, workdir=workdir)
                progress(f"  {count} process(es), round {round_ + 1}: {result.items} items in {result.seconds:.1f} s "
                         f"= {result.items_per_second:.1f} items/s; pages per process {result.pages_per_process}")
                runs.append(result)
    return runs


def report(runs: Sequence[ScaleRun], *, pages: int, latency_ms: float, concurrency: int, model: str,
           workers: int | None) -> str:
    head = (f"news spider over {pages} articles, shared through scrapy-redis; per process CONCURRENT_REQUESTS="
            f"{concurrency}, model {model!r}, BOILER_WORKERS={'CPU count' if workers is None else workers}; "
            f"server latency {latency_ms:g} ms; this machine: {os.cpu_count()} CPUs; medians over rounds")
    lines = [head, "",
             "| processes | items | unique URLs | pages extracted (per process) | s | items/s | "
             "ms per page: reactor threads / extraction / server / redis | machine cores busy |",
             "|---:|---:|---:|---|---:|---:|---|---:|"]
    rates = {}
    for count in dict.fromkeys(r.processes for r in runs):
        mine = [r for r in runs if r.processes == count]
        rates[count] = statistics.median(r.items_per_second for r in mine)
        first = mine[0]
        per_page = " / ".join(f"{statistics.median(r.per_page_ms(getattr(r, name)) for r in mine):.1f}" for name in
                              ("reactor_cpu_seconds", "extraction_seconds", "server_cpu_seconds", "redis_cpu_seconds"))
        lines.append(
            f"| {count} | {first.items} | {first.unique_urls} | {first.pages_extracted} {first.pages_per_process} | "
            f"{statistics.median(r.seconds for r in mine):.2f} | {rates[count]:.1f} | {per_page} | "
            f"{statistics.median(r.machine_cores_busy for r in mine):.2f} |")
    base = rates.get(min(rates)) if rates else None
    if base:
        lines.append("")
        lines += [f"{count} processes: {rate / base:.2f} x the items/s of {min(rates)}" for count, rate in rates.items()
                  if count != min(rates)]
    return "\n".join(lines)


def to_json(runs: Sequence[ScaleRun]) -> list[dict[str, object]]:
    return [{**asdict(r), "items_per_second": r.items_per_second, "machine_cores_busy": r.machine_cores_busy}
            for r in runs]
