"""example_project/ with the add-on, in real `scrapy crawl` / `scrapy demo` processes against the demo site."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLE_PROJECT = Path(__file__).resolve().parents[2] / "example_project"
sys.path.insert(0, str(EXAMPLE_PROJECT))

from demo_site import DemoServer, DemoSite, prose  # noqa: E402

SITE = DemoSite.with_pages(24)  # 16 articles, 8 threads
CHROME = ("Advertisement", "All rights reserved", "Breaking:", "Sign up free", "Post comment", "Hot questions",
          "Active topics", "community of home tinkerers", "Ask a question")


def scrapy(*args: str, cwd: Path = EXAMPLE_PROJECT) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "scrapy", *args], cwd=cwd, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def finish(process: subprocess.Popen[str]) -> str:
    out, err = process.communicate(timeout=120)
    assert process.returncode == 0, err[-3000:]
    return out


@pytest.fixture(scope="module")
def crawls(tmp_path_factory):
    """Both spiders at once, each in its own `scrapy crawl` process, against one demo server."""
    out = tmp_path_factory.mktemp("crawls")
    server = DemoServer(SITE, port=0)
    server.start_in_thread()
    try:
        running = {
            name: scrapy("crawl", name, "-O", str(out / f"{name}.jsonl"), "-s", f"DEMO_SITE_URL={server.url}",
                         "-s", f"STATS_JSON_FILE={out / name}.stats.json", "-s", "BOILER_WORKERS=1")
            for name in ("news", "qa")
        }
        for process in running.values():
            finish(process)
    finally:
        server.shutdown()
        server.server_close()
    results = {}
    for name in running:
        items = [json.loads(line) for line in (out / f"{name}.jsonl").read_text(encoding="utf-8").splitlines()]
        results[name] = items, json.loads((out / f"{name}.stats.json").read_text(encoding="utf-8"))
    return results


def number(url: str) -> int:
    return int(re.search(r"/(\d+)-[^/]*\.html$", url).group(1))


def test_news_one_item_per_article_with_the_article_text_only(crawls):
    items, _ = crawls["news"]
    assert sorted(number(item["url"]) for item in items) == list(range(1, SITE.articles + 1))
    for item in items:
        article = SITE.article(number(item["url"]))
        body = item["articleBody"]
        assert item["pageType"] == "article" and article.headline in item["headline"]
        for paragraph in article.paragraphs:
            assert paragraph in body, (item["url"], paragraph)
        leaks = [c.text for c in article.comments if c.text in body]
        leaks += [SITE.article(n).headline for n in article.related if SITE.article(n).headline in body]
        leaks += [text for ad in prose.ADVERTS for text in ad if text in body]
        leaks += [text for text in (*CHROME, *prose.FOOTER_LINKS) if text in body]
        assert not leaks, (item["url"], leaks)


def test_news_stats(crawls):
    _, stats = crawls["news"]
    listings = SITE.listing_pages("news")
    assert stats["item_scraped_count"] == SITE.articles == stats["boiler/items/filled"]
    assert stats["boiler/pages"] == SITE.articles + listings == stats["boiler/page_type/article"]
    assert stats["boiler/model/blend"] == stats["boiler/pages"]  # auto is blend for article pages
    assert stats["boiler/skipped/non_html"] == 1 and stats["example/downloads"] == 1  # the PDF, no Document
    assert "example/downloads_with_document" not in stats
    assert stats["boiler/skipped/status"] >= 1 and stats["httperror/response_ignored_status_count/500"] == 1
    assert stats.get("boiler/errors", 0) == 0 and stats["boiler/time_total"] > 0


def test_qa_one_item_per_thread_without_sidebars(crawls):
    items, stats = crawls["qa"]
    assert sorted(number(item["url"]) for item in items) == list(range(1, SITE.questions + 1))
    assert stats["item_scraped_count"] == SITE.questions and stats["boiler/pages"] == SITE.questions + 1
    for item in items:
        thread = SITE.thread(number(item["url"]))
        body = item["articleBody"]
        answers = [p for answer in thread.answers for p in answer.paragraphs]
        assert any(p in body for p in answers), item["url"]
        # a hot thread may carry the same title as this one; that title is this thread's own headline
        hot = [other.path for other in SITE.hot_threads(thread.number) if other.title != thread.title]
        leaks = [SITE.thread(number(path)).title for path in hot if SITE.thread(number(path)).title in body]
        leaks += [text for text in CHROME if text in body]
        assert not leaks, (item["url"], leaks)


def test_qa_question_and_answers(crawls):
    """The Q&A fields are filled for pages the core library types as Q&A/forum (post grouping)."""
    items, _ = crawls["qa"]
    typed = [item for item in items if item.get("pageType") in ("qa", "forum")]
    if not typed:
        pytest.skip("the core library types no thread page as qa/forum yet, so question/answers stay empty")
    for item in typed:
        thread = SITE.thread(number(item["url"]))
        assert thread.paragraphs[0] in item["question"]
        assert len(item["answers"]) == len(thread.answers)


def test_demo_command(tmp_path):
    out = finish(scrapy("demo", "--pages", "12", "--output", str(tmp_path / "demo")))
    assert "news: 8 items" in out and "qa: 4 items" in out and "boiler/:" in out
    news = (tmp_path / "demo" / "news.jsonl").read_text(encoding="utf-8").splitlines()
    assert len(news) == 8 and all(json.loads(line)["articleBody"] for line in news)
    stats = json.loads((tmp_path / "demo" / "stats.json").read_text(encoding="utf-8"))
    assert stats["news"]["boiler/pages"] == 9 and stats["qa"]["boiler/pages"] == 5
    assert "Spider closed" in (tmp_path / "demo" / "crawl.log").read_text(encoding="utf-8")


def test_demo_bench_prints_both_modes(tmp_path):
    figures = tmp_path / "bench.json"
    out = finish(scrapy("demo-bench", "--pages", "30", "--latency-ms", "0", "--workers", "1", "--json", str(figures)))
    assert "| 0 ms | off | 34 | 30 |" in out and "| 0 ms | on | 34 | 30 |" in out and "on/off =" in out
    runs = {run["mode"]: run for run in json.loads(figures.read_text())}
    assert runs["on"]["boiler_pages"] == 32 and runs["off"]["boiler_pages"] == 0
    assert all(run["pages_per_second"] > 0 and run["stall_max_ms"] >= 0 for run in runs.values())


NO_TORCH = '''
import importlib.abc, sys

class NoTorch(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name == "torch" or name.startswith(("torch.", "torchcrf")):
            raise ImportError(f"No module named {name!r} (blocked for the test)")
        return None

sys.meta_path.insert(0, NoTorch())
'''


@pytest.mark.parametrize("model, why", [("nosuch", "unknown model 'nosuch'"),
                                        ("web2text", "needs the [neural] extra")])
def test_unusable_model_stops_the_crawl_in_one_line(tmp_path, model, why):
    """`scrapy crawl -s BOILER_MODEL=...` with a model that cannot be used: one error line naming it, no traceback,
    the spider closed before any request. ``web2text`` is run with torch blocked (a sitecustomize)."""
    (tmp_path / "sitecustomize.py").write_text(NO_TORCH if model == "web2text" else "")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), os.environ.get("PYTHONPATH", "")])}
    run = subprocess.run([sys.executable, "-m", "scrapy", "crawl", "news", "-s", f"BOILER_MODEL={model}",
                          "-s", "DEMO_SITE_URL=http://127.0.0.1:9/", "-s", "BOILER_WORKERS=0"],
                         cwd=EXAMPLE_PROJECT, capture_output=True, text=True, timeout=120, env=env)
    log = run.stderr
    assert "Traceback" not in log and "Task exception" not in log, log[-3000:]
    errors = [line for line in log.splitlines() if " ERROR: " in line]
    assert len(errors) == 1 and f"BOILER_MODEL={model!r}" in errors[0] and why in errors[0], errors
    assert "Spider closed (boiler_model_unusable)" in log
    assert "downloader/request_count" not in log  # closed at open, before any request


@pytest.mark.parametrize("model, why", [("nosuch", "unknown model 'nosuch'; available: auto, "),
                                        ("semtext:../models/web2text.pt", "is a web2text model")])
def test_demo_with_an_unusable_model_says_so_in_one_line(tmp_path, model, why):
    """`scrapy demo -s BOILER_MODEL=nosuch`: the reason on the terminal, not only in crawl.log after empty figures."""
    run = subprocess.run([sys.executable, "-m", "scrapy", "demo", "-s", f"BOILER_MODEL={model}",
                          "--output", str(tmp_path / "out")], cwd=EXAMPLE_PROJECT, capture_output=True, text=True,
                         timeout=120)
    lines = run.stderr.strip().splitlines()
    assert run.returncode == 2 and run.stdout == "" and len(lines) == 1, run.stderr[-3000:]
    assert lines[0].startswith(f"scrapy demo: error: BOILER_MODEL={model!r} cannot be used: ") and why in lines[0]
