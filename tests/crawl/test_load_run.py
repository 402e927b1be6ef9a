"""The load run: the demo site's hostile pages and load index, and ``scrapy demo-load`` on a small site."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

EXAMPLE_PROJECT = Path(__file__).resolve().parents[2] / "example_project"
sys.path.insert(0, str(EXAMPLE_PROJECT))

from boiler_example.load import bad_page_outcome, outcome_stats, percentile  # noqa: E402
from demo_site import LOAD_INDEX_PATH, BadPages, DemoSite  # noqa: E402
from demo_site.bad import HEAVY_BYTES  # noqa: E402

from scrapy_boiler.evaluation.hostile import CASES, CATALOGUE  # noqa: E402

HEAVY = {"50mb", "million-blocks", "deep-100k", "huge-attributes", "hidden-paywalled-parts"}


@pytest.fixture(scope="module")
def site() -> DemoSite:
    return DemoSite.with_pages(600, BadPages(per_case=2, per_heavy_case=1))


def index_pages(site: DemoSite) -> list[str]:
    """Follow the load index from its first file to its last, as the load spider does."""
    listed, path = [], LOAD_INDEX_PATH
    while path:
        reply = site.get(path)
        assert reply.status == 200 and reply.content_type.startswith("text/plain")
        lines = reply.body.decode().split()
        path = lines.pop() if lines[-1].startswith("/load/") else None
        listed += lines
    return listed


def test_bad_pages_are_the_catalogue_bytes_with_its_content_types(site):
    for case in CATALOGUE:
        reply = site.get(f"/bad/{case.name}/0")
        assert reply.status == 200 and reply.body == case.make(), case.name
        charset = f"; charset={case.header_charset}" if case.header_charset else ""
        assert reply.content_type == case.content_type + charset
    assert {case.name for case in CATALOGUE if site.bad.is_heavy(case)} == HEAVY
    assert all(len(site.bad.body(CASES[name])) > HEAVY_BYTES for name in HEAVY)
    assert site.get("/bad/json/1").status == 200 and site.get("/bad/json/2").status == 404  # two copies
    assert site.get("/bad/50mb/1").status == 404  # one copy of a heavy case
    assert site.get("/bad/no-such-case/0").status == 404
    assert DemoSite.with_pages(60).get("/bad/json/0").status == 404  # no bad pages unless asked for


def test_load_index_lists_every_page_once_bad_pages_spread(site, monkeypatch):
    monkeypatch.setattr("demo_site.site.LOAD_PER_PAGE", 100)  # several index files
    listed = index_pages(site)
    bad = [path for path in listed if path.startswith("/bad/")]
    assert len(listed) == len(set(listed)) == 2 + site.articles + site.questions + len(bad)
    assert set(site.article_paths()) <= set(listed) and set(site.thread_paths()) <= set(listed)
    assert len(bad) == 2 * (len(CATALOGUE) - len(HEAVY)) + len(HEAVY)
    assert all(site.get(path).status == 200 for path in bad)
    first_copies = [listed.index(f"/bad/{case.name}/0") for case in CATALOGUE]
    assert max(first_copies) < 0.2 * len(listed)  # every case early in the crawl: in its first memory checkpoint
    assert listed.index("/bad/json/1") > 0.5 * len(listed)  # the second copy of a case later


def test_bad_page_outcome_against_the_catalogue():
    page = {"document": True, "reason": None, "warnings": [], "articleBody": CASES["rtl"].contains}
    assert bad_page_outcome(page, CASES["rtl"], 10) == ("text", True)
    assert bad_page_outcome({**page, "articleBody": "menu"}, CASES["rtl"], 10) == ("text", False)
    assert bad_page_outcome(page, CASES["deep-100k"], 10)[1] is False  # the depth_limited warning is missing
    refused = {"document": True, "reason": "binary"}
    assert bad_page_outcome(refused, CASES["pdf"], 10) == ("binary", True)
    assert bad_page_outcome(refused, CASES["json"], 10) == ("binary", False)
    skipped = {"document": False, "blank": False, "body_bytes": 11, "status": 200}
    assert bad_page_outcome(skipped, CASES["50mb"], 10) == ("skipped/too_large", True)
    assert bad_page_outcome({**skipped, "blank": True}, CASES["empty"], 10) == ("skipped/empty_body", True)
    assert bad_page_outcome({**skipped, "body_bytes": 5}, CASES["50mb"], 10)[1] is False
    assert bad_page_outcome({"download_error": "TimeoutError"}, CASES["pdf"], 10) == ("lost", False)


def test_outcome_stats_and_percentiles():
    stats = {"boiler/pages": 5, "boiler/errors": 2, "boiler/errors/worker_died": 2, "boiler/skipped/status": 1,
             "boiler/rejected/binary": 3, "boiler/page_type/article": 5, "boiler/no_content": 1}
    grouped = outcome_stats(stats)
    assert grouped == {"skipped": {"status": 1}, "rejected": {"binary": 3}, "errors": {"worker_died": 2},
                       "pages": 5, "no_content": 1}
    values = [float(x) for x in range(1, 101)]
    assert (percentile(values, 0.5), percentile(values, 0.99), percentile([], 0.5)) == (50.0, 99.0, 0.0)


def test_demo_load_command_loses_nothing_and_every_case_comes_back_as_catalogued(tmp_path):
    out = tmp_path / "load.json"
    command = [sys.executable, "-m", "scrapy", "demo-load", "--pages", "150", "--bad-per-case", "1",
               "--heavy-per-case", "0", "--workers", "1", "--checkpoint", "100", "--out", str(out)]
    result = subprocess.run(command, cwd=EXAMPLE_PROJECT, capture_output=True, text=True, timeout=120, check=False)
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-3000:]
    assert "nothing lost" in result.stdout and "p99" in result.stdout
    f = json.loads(out.read_text())
    light = len(CATALOGUE) - len(HEAVY)
    # 150 content pages, one copy of each light case, the PDF, the HTTP 500 page and the one index file
    assert f["requests"] == f["responses"] == f["items"] == 150 + light + 3
    assert f["items_by_kind"] == {"article": 100, "thread": 50, "bad": light, "index": 1, "other": 2}
    assert f["nothing_lost"] and f["lost_count"] == 0
    assert f["stats_add_up"] and f["outcomes_accounted"] == f["responses"]
    assert sorted(f["cases_not_served"]) == sorted(HEAVY)
    assert not f["mismatches"]
    assert all(case["served"] == case["as_catalogued"] == 1 for case in f["cases"].values())
    assert len(f["cases"]) == light
    o = f["outcomes"]
    blank = [case for case in CATALOGUE if case.name not in HEAVY and not case.make().strip()]  # never extracted
    refused = Counter(case.reason for case in CATALOGUE if case.name not in HEAVY and case.reason and case not in blank)
    assert o["skipped"] == {"empty_body": len(blank), "non_html": 2, "status": 1}  # + the PDF, the index; HTTP 500
    assert o["rejected"] == dict(refused) and o["errors"] == {}
    e = f["extraction_seconds"]
    assert e["pages"] == o["pages"] + sum(o["rejected"].values()) and 0 < e["p50"] <= e["p99"] <= e["max"]
    first, end = f["memory"]["at_100"], f["memory"]["at_end"]
    assert first["items"] == 100 and end["items"] == f["items"]
    assert end["workers"] == 1 and end["crawler_rss_mib"] > 20 and end["workers_rss_mib"] > 20
    assert len(f["checkpoints"]) == 1
