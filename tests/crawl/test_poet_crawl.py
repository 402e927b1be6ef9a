"""scrapy-poet page objects in real crawls: callbacks taking ``article: Article`` or ``thread: ForumThread`` get
our extraction, a site's own page object wins for its host, and without scrapy-poet the add-on works as before."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from scrapy_boiler.evaluation.local_http import local_server

pytest.importorskip("scrapy_poet")
from itemadapter import ItemAdapter
from zyte_common_items import Article, ForumThread

from scrapy_boiler import extract
from scrapy_boiler.integration.fields import ARTICLE_FIELDS, article_values, forum_thread_values

TESTS = Path(__file__).parents[1]
PAGES = TESTS / "pages"
RUNNERS = {"poet": TESTS / "poet_runner.py", "plain": TESTS / "crawl_runner.py"}

LD = {"@context": "https://schema.org", "@graph": [
    {"@type": "NewsArticle", "headline": "Harbour bridge reopens after repairs", "url": "https://news.example/bridge",
     "datePublished": "2024-05-03T15:47:42+02:00", "dateModified": "2024-05-04T08:00:00Z",
     "description": "The bridge is open again.", "image": "https://news.example/bridge.jpg",
     "author": [{"@type": "Person", "name": "Maria Keller"}, {"@type": "Person", "name": "John Smith"}]},
    {"@type": "BreadcrumbList", "itemListElement": [
        {"@type": "ListItem", "position": 1, "name": "News", "item": "https://news.example/news"},
        {"@type": "ListItem", "position": 2, "name": "Local", "item": "https://news.example/local"}]}]}
ARTICLE = (
    '<html lang="en"><head><title>Harbour bridge reopens after repairs | City News</title>'
    f'<script type="application/ld+json">{json.dumps(LD)}</script></head><body>'
    "<nav><a href='/'>Home</a> <a href='/news'>News</a> <a href='/sport'>Sport</a></nav>"
    "<article><h1>Harbour bridge reopens after repairs</h1>"
    "<p>The harbour bridge reopened on Monday after eighteen months of repairs to its corroded steel cables, and "
    "the first buses crossed it shortly after six in the morning.</p>"
    "<p>Engineers replaced every one of the two hundred cables and strengthened the deck, which had been closed to "
    "heavy traffic since the inspection of the previous spring found cracks in two of its main girders.</p>"
    "<p>The city council said the work came in under budget, and that the old toll booths will be removed next "
    "year to make room for a cycle lane.</p></article><footer>All rights reserved, City News</footer></body></html>"
).encode()
HTML = "text/html; charset=utf-8"
ROUTES = {
    "/article": (200, HTML, ARTICLE),
    "/qa": (200, HTML, (PAGES / "stackexchange_style.html").read_bytes()),
    "/forum": (200, HTML, (PAGES / "forum_thread.html").read_bytes()),
    "/comments": (200, HTML, (PAGES / "nested_comments.html").read_bytes()),
}


@pytest.fixture(scope="module")
def server():
    with local_server(lambda path: ROUTES.get(path, (404, "text/plain", b"not found"))) as url:
        yield url


def crawl(tmp_path: Path, requests: list[dict], *, runner: str = "poet", env: dict | None = None,
          **config) -> tuple[dict[str, dict], dict, str]:
    """One crawl in its own process with the add-on: the items by URL, the final stats and the log."""
    config.update(out=str(tmp_path), requests=requests,
                  settings={"ADDONS": {"scrapy_boiler.Addon": 500}, "BOILER_WORKERS": 1, **config.get("settings", {})})
    path = tmp_path / "config.json"
    path.write_text(json.dumps(config))
    run = subprocess.run([sys.executable, str(RUNNERS[runner]), str(path)], capture_output=True, text=True,
                         timeout=120, env=env, cwd=TESTS)
    assert run.returncode == 0, run.stderr[-3000:]
    items = [json.loads(line) for line in (tmp_path / "items.jsonl").read_text().splitlines()]
    by_url = {item.get("poet_url") or item["url"]: item for item in items}
    return by_url, json.loads((tmp_path / "stats.json").read_text()), run.stderr


def expected_article(body: bytes, url: str) -> dict:
    """What ``extract`` gives for the page, as a typed Article's dict: the fields we fill, less the download time."""
    article = ItemAdapter(Article.from_dict(article_values(extract(body, url)))).asdict()
    article["metadata"].pop("dateDownloaded", None)
    return {name: article[name] for name in ARTICLE_FIELDS}


def without_download_time(item: dict, fields: tuple[str, ...] | None = None) -> dict:
    item = {name: item[name] for name in fields or item}
    item["metadata"] = {k: v for k, v in item["metadata"].items() if k != "dateDownloaded"}
    return item


@pytest.fixture(scope="module")
def article_crawl(server, tmp_path_factory):
    requests = [{"url": f"{server}/article"}, {"url": f"{server}/article?skipped", "meta": {"boiler_skip": True}},
                {"url": f"{server}/qa?as-item", "item": "ForumThread"},
                {"url": f"{server}/forum?as-item", "item": "ForumThread"},
                {"url": f"{server}/comments?as-item", "item": "ForumThread"}]
    return crawl(tmp_path_factory.mktemp("poet"), requests)


def test_article_argument_gets_our_extraction(server, article_crawl):
    """``def parse(self, response, article: Article)``: every field is what ``extract`` gives for the page, typed
    by zyte-common-items, and the crawler process did not extract the page again (the middleware's Document)."""
    items, stats, log = article_crawl
    url = f"{server}/article"
    item = items[url]
    assert item["poet_class"] == "Article" and not item["extracted_here"]
    assert "scrapy_poet.downloadermiddlewares.InjectionMiddleware" in log
    got = without_download_time(item["poet_item"], ARTICLE_FIELDS)
    assert got == expected_article(ARTICLE, url)
    assert got["headline"] == "Harbour bridge reopens after repairs"
    assert got["datePublished"] == "2024-05-03T15:47:42+02:00"
    assert [author["name"] for author in got["authors"]] == ["Maria Keller", "John Smith"]
    assert [crumb["name"] for crumb in got["breadcrumbs"]] == ["News", "Local"]
    assert got["mainImage"]["url"] == "https://news.example/bridge.jpg"
    assert "two hundred cables" in got["articleBody"] and "All rights reserved" not in got["articleBody"]
    assert got["metadata"]["probability"] > 0.9
    assert item["poet_item"]["metadata"]["dateDownloaded"].endswith("Z")
    assert stats["boiler/pages"] == 4  # the skipped page was not extracted by the middleware


def test_page_without_a_document_is_extracted_by_the_page_object(server, article_crawl):
    """``boiler_skip`` leaves no Document: the page object extracts the body itself, with the same result."""
    items, _stats, _log = article_crawl
    url = f"{server}/article?skipped"
    assert items[url]["extracted_here"]
    assert without_download_time(items[url]["poet_item"], ARTICLE_FIELDS) == expected_article(ARTICLE, url)


@pytest.mark.parametrize("path, page_type, posts", [("/qa", "qa", 4), ("/forum", "forum", 3)])
def test_forum_thread_argument_on_thread_pages(server, article_crawl, path, page_type, posts):
    """``thread: ForumThread`` on Q&A and forum pages: the topic and every post, the opening post first, as the
    pipeline's ``forumThread``."""
    items, _stats, _log = article_crawl
    url = f"{server}{path}?as-item"
    item = items[url]
    assert item["poet_class"] == "ForumThread" and not item["extracted_here"]
    doc = extract(ROUTES[path][2], url)
    assert doc.page_type == page_type and len(doc.posts) == posts
    got = item["poet_item"]
    expected = ItemAdapter(ForumThread.from_dict(forum_thread_values(doc))).asdict()
    assert {k: v for k, v in got.items() if k != "metadata"} == {k: v for k, v in expected.items() if k != "metadata"}
    assert got["metadata"]["dateDownloaded"].endswith("Z")
    assert got["topic"]["name"] == doc.headline
    assert [post["text"] for post in got["posts"]] == [post.text for post in doc.posts]
    assert got["posts"][0]["text"].startswith(doc.posts[0].text[:40])


def test_forum_thread_on_an_article_with_comments_has_no_posts(server, article_crawl):
    """A page typed ``article`` (its comments are not a thread) gives a ForumThread with its URL only, as the
    pipeline writes ``forumThread`` on threads only."""
    items, _stats, _log = article_crawl
    got = items[f"{server}/comments?as-item"]["poet_item"]
    assert got["url"] == f"{server}/comments?as-item" and not got["posts"] and got["topic"] is None


@pytest.mark.parametrize("site_rule_in", ["registry", "setting"])
def test_a_site_page_object_wins_for_its_host(server, tmp_path, site_rule_in):
    """A page object registered for one host (as ``@handle_urls`` does, or listed in ``SCRAPY_POET_RULES``, where
    the add-on appends ours) answers there; ours still answers for every other host."""
    port = server.rsplit(":", 1)[1]
    site_url, other_url = f"http://localhost:{port}/article", f"{server}/article"
    items, _stats, _log = crawl(tmp_path, [{"url": site_url}, {"url": other_url}],
                                site_pattern=f"localhost:{port}", site_rule_in=site_rule_in)
    assert items[site_url]["poet_item"]["headline"] == "SITE: Harbour bridge reopens after repairs"
    assert items[other_url]["poet_item"]["headline"] == "Harbour bridge reopens after repairs"
    # the site's page object subclasses ours: every other field is still ours
    assert items[site_url]["poet_item"]["articleBody"] == items[other_url]["poet_item"]["articleBody"]


def test_a_page_object_for_every_url_at_the_default_priority_wins(server, tmp_path):
    """Ours is registered below web-poet's default priority: a project's own ``@handle_urls("")`` page object
    (same pattern, priority 500) answers for every URL."""
    items, _stats, _log = crawl(tmp_path, [{"url": f"{server}/article"}], site_pattern="")
    assert items[f"{server}/article"]["poet_item"]["headline"] == "SITE: Harbour bridge reopens after repairs"


NO_POET = '''
import importlib.abc, sys

class NoPoet(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("scrapy_poet", "web_poet", "zyte_common_items"):
            raise ImportError(f"No module named {name!r} (blocked for the test)")
        return None

sys.meta_path.insert(0, NoPoet())
'''


def test_the_addon_works_without_scrapy_poet(server, tmp_path):
    """With scrapy-poet, web-poet and zyte-common-items unimportable (a sitecustomize), the add-on fills items as
    always, enables no scrapy-poet component and logs no error."""
    site = tmp_path / "site"
    site.mkdir()
    (site / "sitecustomize.py").write_text(NO_POET)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), os.environ.get("PYTHONPATH", "")])}
    check = subprocess.run([sys.executable, "-c", "import scrapy_poet"], env=env, capture_output=True, text=True)
    assert "blocked for the test" in check.stderr  # the block works
    items, stats, log = crawl(tmp_path, [{"url": f"{server}/article"}], runner="plain", env=env)
    item = items[f"{server}/article"]
    assert item["headline"] == "Harbour bridge reopens after repairs" and "two hundred cables" in item["articleBody"]
    assert stats["boiler/pages"] == 1 and "boiler/errors" not in stats
    assert "scrapy_poet" not in log and " ERROR: " not in log
