"""Real crawls (CrawlerProcess, no mocked engine) against a local HTTP server started by the test."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from scrapy_boiler.evaluation.local_http import local_server

PAGES = Path(__file__).parents[1] / "pages"
RUNNER = Path(__file__).parents[1] / "crawl_runner.py"
ARTICLE = (PAGES / "news_article.html").read_bytes()
MAIN_SENTENCE = "Engineers replaced the corroded steel cables"
NAV_TEXT = "Council approves budget for new ferry terminal"

#: path → (status, content type, body)
ROUTES: dict[str, tuple[int, str | None, bytes]] = {
    "/article": (200, "text/html; charset=utf-8", ARTICLE),
    "/question": (200, "text/html; charset=utf-8", (PAGES / "qa_thread.html").read_bytes()),
    "/untyped": (200, None, ARTICLE),  # no Content-Type: sniffed as HTML
    "/report.pdf": (200, "application/pdf", b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF"),
    "/data.json": (200, "application/json", b'{"headline": "not a page"}'),
    "/broken": (500, "text/html", b"<html><body><h1>Internal Server Error</h1></body></html>"),
    "/empty": (200, "text/html", b""),
}


@pytest.fixture(scope="module")
def server():
    with local_server(lambda path: ROUTES.get(path, (404, "text/plain", b"not found"))) as url:
        yield url


def crawl(tmp_path: Path, requests: list[dict], *, settings: dict | None = None, env: dict | None = None,
          **config) -> tuple[list, dict]:
    """Crawl ``requests`` in a subprocess (``env``: its environment) and return its items and final stats."""
    config.update(out=str(tmp_path), requests=requests,
                  settings={"ADDONS": {"scrapy_boiler.Addon": 500}, **(settings or {})})
    path = tmp_path / "config.json"
    path.write_text(json.dumps(config))
    run = subprocess.run([sys.executable, str(RUNNER), str(path)], capture_output=True, text=True, timeout=120,
                         env=env)
    assert run.returncode == 0, run.stderr[-3000:]
    lines = (tmp_path / "items.jsonl").read_text().splitlines() if (tmp_path / "items.jsonl").exists() else []
    return [json.loads(line) for line in lines], json.loads((tmp_path / "stats.json").read_text())


@pytest.fixture(scope="module")
def process_crawl(server, tmp_path_factory):
    """One crawl with worker processes covering the article, non-HTML, failing and overridden pages."""
    requests = [
        {"url": f"{server}/article"},
        {"url": f"{server}/untyped"},
        {"url": f"{server}/report.pdf"},
        {"url": f"{server}/data.json"},
        {"url": f"{server}/broken"},
        {"url": f"{server}/empty"},
        {"url": f"{server}/article?override", "meta": {"boiler_model": "keep-everything"}},
        {"url": f"{server}/article?skip", "meta": {"boiler_skip": True}},
        {"url": f"{server}/article?bad-model", "meta": {"boiler_model": "no-such-model"}},
    ]
    items, stats = crawl(tmp_path_factory.mktemp("crawl"), requests, settings={"BOILER_WORKERS": 1})
    return {item.get("url", "offline"): item for item in items}, stats


def test_article_is_filled_with_main_content(process_crawl):
    items, _stats = process_crawl
    item = items[next(url for url in items if url.endswith("/article"))]
    assert item["headline"].startswith("Harbour bridge reopens")
    assert MAIN_SENTENCE in item["articleBody"] and NAV_TEXT not in item["articleBody"]
    assert item["pageType"] == "article"
    assert item["callback_text"] == item["articleBody"]  # callbacks see response.meta["boiler"]
    assert "question" not in item  # Q&A fields only on Q&A pages


def test_html_without_content_type_is_sniffed(process_crawl):
    items, _ = process_crawl
    assert MAIN_SENTENCE in items[next(u for u in items if u.endswith("/untyped"))]["articleBody"]


def test_non_html_and_failing_pages_pass_through_counted(process_crawl):
    items, stats = process_crawl
    assert len(items) == 9  # nothing lost
    for suffix in ("/report.pdf", "/data.json", "/broken", "/empty", "?skip", "?bad-model"):
        item = items[next(u for u in items if u.endswith(suffix))]
        assert not item["has_document"] and "articleBody" not in item, suffix
    assert items[next(u for u in items if u.endswith("/broken"))]["status"] == 500
    assert stats["boiler/skipped/non_html"] == 2
    assert stats["boiler/skipped/status"] == 3  # the 500 and its two retries
    assert stats["boiler/skipped/empty_body"] == 1
    assert stats["boiler/skipped/meta"] == 1
    assert stats["boiler/errors"] == 1 and stats["boiler/errors/unknown_model"] == 1
    assert stats["boiler/items/unlinked"] == 6


def test_per_request_model_override(process_crawl):
    items, stats = process_crawl
    everything = items[next(u for u in items if u.endswith("?override"))]["articleBody"]
    assert NAV_TEXT in everything and MAIN_SENTENCE in everything
    assert stats["boiler/model/keep-everything"] == 1
    assert stats["boiler/model/blend"] == 2  # auto labels the other two article pages with blend
    assert stats["boiler/pages"] == 3 and stats["boiler/page_type/article"] == 3
    assert 0 < stats["boiler/time_max"] <= stats["boiler/time_total"]


@pytest.mark.parametrize("item_type", ["dataclass", "item", "attrs"])
def test_typed_items_get_their_declared_fields_in_a_thread_worker(server, tmp_path, item_type):
    items, stats = crawl(tmp_path, [{"url": f"{server}/article"}], item_type=item_type, settings={"BOILER_WORKERS": 0})
    assert len(items) == 1 and MAIN_SENTENCE in items[0]["articleBody"]
    assert "pageType" not in items[0]  # not declared by these item types
    assert stats["boiler/items/filled"] == 1


def test_declaring_a_field_on_an_item_is_enough_to_get_it_filled(server, tmp_path):
    """No BOILER_OUTPUT: the default output lacks posts, articleBodyHtml and boilerModel, the declarations ask."""
    requests = [{"url": f"{server}/article"}, {"url": f"{server}/question"}]
    items, stats = crawl(tmp_path, requests, item_type="declared", settings={"BOILER_WORKERS": 0})
    article = next(item for item in items if item["url"].endswith("/article"))
    question = next(item for item in items if item["url"].endswith("/question"))
    assert MAIN_SENTENCE in article["articleBodyHtml"] and article["articleBodyHtml"].startswith("<article>")
    assert article["pageType"] == "article" and article["boilerModel"] == "blend"
    assert "posts" not in article  # an article without comments: nothing to fill
    assert question["pageType"] == "qa" and question["boilerModel"] == "posts"
    assert len(question["posts"]) == 4 and question["posts"][0]["text"].startswith("I bake a large sourdough loaf")
    assert question["datePublished"].startswith("2024-03-02")
    assert stats["boiler/items/filled"] == 2


def test_offline_html_field_and_drop_empty(server, tmp_path):
    items, stats = crawl(
        tmp_path,
        [{"url": f"{server}/empty"}],
        offline_html=[ARTICLE.decode(), "<html><body><ul><li><a href='/'>Home</a></li></ul></body></html>"],
        settings={"BOILER_WORKERS": 0, "BOILER_DROP_EMPTY": True},
    )
    bodies = [item.get("articleBody", "") for item in items]
    assert any(MAIN_SENTENCE in body for body in bodies)
    assert stats["boiler/items/dropped_empty"] == 1  # the link-only page
    assert len(items) == 2  # the unlinked /empty item and the offline article


def test_disabled_addon_leaves_responses_alone(server, tmp_path):
    items, stats = crawl(tmp_path, [{"url": f"{server}/article"}], settings={"BOILER_ENABLED": False})
    assert items[0]["has_document"] is False and "articleBody" not in items[0]
    assert not any(key.startswith("boiler/") for key in stats)


def test_dying_workers_fail_only_their_pages_then_extraction_moves_to_a_thread(server, tmp_path):
    """Workers that cannot start: their interpreter gets a PYTHONHOME without a standard library."""
    requests = [{"url": f"{server}/article?{i}"} for i in range(12)]
    items, stats = crawl(tmp_path, requests, settings={"BOILER_WORKERS": 1, "BOILER_BATCH_SIZE": 1,
                                                       "CONCURRENT_REQUESTS": 1},
                         worker_env={"PYTHONHOME": str(tmp_path / "no-python-here")})
    assert len(items) == 12  # nothing lost
    assert stats["boiler/errors/worker_died"] == 3  # MAX_DEATHS_IN_A_ROW batches of one page
    assert stats["boiler/pages"] == 9  # the rest extracted in the crawler's thread
    assert sum(MAIN_SENTENCE in item.get("articleBody", "") for item in items) == 9
