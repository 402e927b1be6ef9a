"""One crawl shared by two `scrapy crawl` processes through a real redis-server (scrapy-redis), add-on enabled.

Exactly once: across the processes, the item URLs are every article of the demo site with none twice, and
the pages extracted (``boiler/pages``) add up to the HTML pages of the site. Both processes stop by
themselves (``scrapy_boiler.IdleClose``). Skips without redis-server on PATH or without scrapy-redis.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest

EXAMPLE_PROJECT = Path(__file__).resolve().parents[2] / "example_project"
sys.path.insert(0, str(EXAMPLE_PROJECT))

from demo_site import DemoServer, DemoSite  # noqa: E402

pytestmark = pytest.mark.skipif(
    shutil.which("redis-server") is None,
    reason="redis-server is not installed (apt-get install redis-server; .ci/run installs it)")
pytest.importorskip("scrapy_redis", reason="scrapy-redis is not installed (the [redis] extra)")

import redis  # noqa: E402  (scrapy-redis' client)
from boiler_example.scale import finish_crawlers, redis_server, start_crawlers  # noqa: E402

SITE = DemoSite(articles=30, questions=0)
PROCESSES = 2


@pytest.fixture(scope="module")
def shared_crawl(tmp_path_factory):
    """Two crawler processes, 2 requests at a time each, against a demo server answering in 400 ms (about 6.6 s of
    downloads for one process). The server answers only once both processes are connected to redis: on a loaded
    machine one process may take longer than that to start, and the other would do the whole crawl alone. Until
    then the first request waits in the listening socket's backlog. A process that found the shared queue empty
    looks again at Scrapy's engine heartbeat, every 5 s: the crawl must outlast it, or the other process may do it
    all (CI on ``b344114`` failed so, with 150 ms: 32 pages against 0)."""
    workdir = tmp_path_factory.mktemp("shared")
    server = DemoServer(SITE, port=0, latency_ms=400)  # bound and listening, not answering yet
    serving = None
    try:
        with redis_server() as (redis_url, _):
            settings = {"BOILER_WORKERS": 1, "CONCURRENT_REQUESTS": 2, "CONCURRENT_REQUESTS_PER_DOMAIN": 2,
                        "BOILER_IDLE_CLOSE": 2, "BOILER_IDLE_POLL": 0.2, "LOG_LEVEL": "INFO"}
            processes = start_crawlers(PROCESSES, site_url=server.url, redis_url=redis_url, workdir=workdir,
                                       settings=settings)
            _wait_until_connected(redis_url, processes, timeout=60)
            serving = server.start_in_thread()
            results = finish_crawlers(processes, workdir, timeout=120)
            left = redis.Redis.from_url(redis_url).zcard("news:requests")
    finally:
        if serving is not None:  # shutdown() waits for serve_forever, which never ran otherwise
            server.shutdown()
        server.server_close()
    return results, left, server.url


def _wait_until_connected(redis_url: str, processes: list[subprocess.Popen[str]], timeout: float) -> None:
    """Wait until every crawler process has its named connection to redis (``crawler-i``, set by
    :func:`start_crawlers`): its scheduler is open and it takes requests from the shared queue."""
    client = redis.Redis.from_url(redis_url)
    wanted = {f"crawler-{i}" for i in range(len(processes))}
    deadline = time.monotonic() + timeout
    while not wanted <= {entry.get("name") for entry in client.client_list()}:
        exited = [i for i, process in enumerate(processes) if process.poll() is not None]
        if exited or time.monotonic() > deadline:
            for process in processes:
                process.kill()
            raise RuntimeError(f"crawler processes {exited or 'all'} did not connect to redis within {timeout} s")
        time.sleep(0.1)


def test_every_article_is_an_item_exactly_once(shared_crawl):
    results, _, url = shared_crawl
    counts = Counter(item["url"] for items, _ in results for item in items)
    assert set(counts) == {url.rstrip("/") + path for path in SITE.article_paths()}
    assert [u for u, n in counts.items() if n > 1] == []
    assert all(item["articleBody"] for items, _ in results for item in items)
    assert sum(stats.get("item_scraped_count", 0) for _, stats in results) == SITE.articles


def test_every_page_is_extracted_exactly_once(shared_crawl):
    results, left, _ = shared_crawl
    pages = [stats.get("boiler/pages", 0) for _, stats in results]
    html_pages = SITE.articles + SITE.listing_pages("news")
    assert sum(pages) == html_pages
    fetched = sum(stats.get("downloader/response_count", 0) - stats.get("boiler/skipped/non_html", 0)
                  - stats.get("boiler/skipped/status", 0) for _, stats in results)
    assert fetched == html_pages  # no HTML page was fetched twice, by one process or by both
    assert sum(stats.get("boiler/skipped/non_html", 0) for _, stats in results) == 1  # the PDF, fetched once
    assert all(stats.get("boiler/errors", 0) == 0 for _, stats in results)
    assert left == 0  # the shared queue was drained
    assert all(n > 0 for n in pages), f"one process did no work: {pages}"


def test_processes_stop_by_themselves(shared_crawl):
    results, _, _ = shared_crawl
    for _, stats in results:
        assert stats["finish_reason"] == "finished"
        assert stats["idle_close/idle_seconds"] >= 2


def test_demo_scale_command_reports_both_process_counts(tmp_path):
    figures = tmp_path / "scale.json"
    result = subprocess.run([sys.executable, "-m", "scrapy", "demo-scale", "--pages", "20", "--processes", "1,2",
                             "--workers", "1", "--idle-close", "1", "--json", str(figures)],
                            cwd=EXAMPLE_PROJECT, capture_output=True, text=True, timeout=120, check=False)
    assert result.returncode == 0, result.stdout + result.stderr[-3000:]
    assert "| 1 | 20 | 20 | 21 (21,) |" in result.stdout and "2 processes:" in result.stdout
    runs = json.loads(figures.read_text())
    assert [run["processes"] for run in runs] == [1, 2]
    assert all(run["items"] == run["unique_urls"] == 20 and run["pages_extracted"] == 21 for run in runs)
    assert all(run["items_per_second"] > 0 and run["seconds"] < run["wall_seconds"] for run in runs)
