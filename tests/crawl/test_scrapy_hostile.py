"""The hostile-input catalogue through real crawls: every page passes on, every one is counted once."""

from __future__ import annotations

import os

import pytest
from test_scrapy_integration import crawl

from scrapy_boiler.evaluation.hostile import CASES, CATALOGUE, MARKER, article_page
from scrapy_boiler.evaluation.local_http import local_server

#: Cases the middleware refuses before extraction, by its own cheaper checks (``boiler/skipped/<reason>``).
SKIPPED = {"empty": "empty_body", "whitespace": "empty_body", "50mb": "too_large"}

_BODIES: dict[str, bytes] = {}


def _reply(path: str) -> tuple[int, str, bytes]:
    name = path.strip("/").split("/")[-1]
    if name in CASES:
        case = CASES[name]
        body = _BODIES.setdefault(name, case.make())
        return 200, case.content_type + (f"; charset={case.header_charset}" if case.header_charset else ""), body
    title = "STUCK" if name == "stuck" else "Ferry timetable"
    body = article_page().replace("<title>Ferry timetable</title>", f"<title>{title}</title>").encode()
    return 200, "text/html; charset=utf-8", body


@pytest.fixture(scope="module")
def server():
    with local_server(_reply) as url:
        yield url


def _outcomes(stats: dict) -> int:
    prefixes = ("boiler/skipped/", "boiler/rejected/", "boiler/errors/")
    return stats.get("boiler/pages", 0) + sum(v for k, v in stats.items() if k.startswith(prefixes))


def test_catalogue_crawl_loses_nothing_and_counts_every_page_once(server, tmp_path):
    requests = [{"url": f"{server}/bad/{case.name}"} for case in CATALOGUE]
    items, stats = crawl(tmp_path, requests, settings={"BOILER_WORKERS": 1, "DOWNLOAD_MAXSIZE": 0,
                                                       "DOWNLOAD_WARNSIZE": 0})
    assert len(items) == len(CATALOGUE)
    assert _outcomes(stats) == len(CATALOGUE)
    by_name = {item["url"].rsplit("/", 1)[-1]: item for item in items}
    for case in CATALOGUE:
        item = by_name[case.name]
        if case.name in SKIPPED:
            assert not item["has_document"]
        elif case.readable:
            assert case.contains in item["callback_text"], case.name
            assert item["reason"] is None
        else:
            assert item["reason"] == case.reason, case.name
    assert stats["boiler/skipped/empty_body"] == 2 and stats["boiler/skipped/too_large"] == 1
    assert stats["boiler/rejected/binary"] == 3 and stats["boiler/rejected/no_text"] == 2
    assert stats["boiler/warnings/depth_limited"] == 2
    assert "boiler/errors" not in stats


def test_time_budget_in_a_worker_refuses_the_page(server, tmp_path):
    requests = [{"url": f"{server}/article/{i}"} for i in range(3)]
    items, stats = crawl(tmp_path, requests, settings={"BOILER_WORKERS": 1, "BOILER_TIME_BUDGET": 0.0005})
    assert len(items) == 3 and stats["boiler/rejected/time_budget"] == 3
    assert {item["reason"] for item in items} == {"time_budget"}


#: Registers, in the crawler and in its workers, a model that hangs where no signal can stop it.
_STUCK_MODEL = '''
import signal, time
from scrapy_boiler.extractors.registry import register, resolve

class Stuck:
    name = "stuck"

    def label_pages(self, pages):
        if any(page.title == "STUCK" for page in pages):
            signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGALRM})  # like a long C call
            time.sleep(120)
        return resolve("news").label_pages(pages)

register("stuck", lambda device: Stuck())
'''


def test_a_worker_stuck_past_its_budget_is_killed_and_the_others_pass(server, tmp_path):
    site = tmp_path / "site"
    site.mkdir()
    (site / "sitecustomize.py").write_text(_STUCK_MODEL)
    env = {**os.environ, "PYTHONPATH": str(site)}
    requests = [{"url": f"{server}/article/{name}", "meta": {"boiler_model": "stuck"}}
                for name in ("one", "stuck", "two", "three")]
    items, stats = crawl(tmp_path, requests, env=env, settings={"BOILER_WORKERS": 1, "BOILER_TIME_BUDGET": 0.5})
    assert len(items) == 4
    assert stats["boiler/errors/time_budget"] == 1 and stats["boiler/pages"] == 3
    texts = {item["url"].rsplit("/", 1)[-1]: item.get("callback_text") for item in items}
    assert texts["stuck"] is None and all(MARKER in texts[name] for name in ("one", "two", "three"))
