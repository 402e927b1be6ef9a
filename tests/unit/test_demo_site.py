"""The demo site generator of example_project/: deterministic, N pages, every link resolves, the odd pages exist."""

from __future__ import annotations

import re
import sys
import time
import urllib.error
import urllib.request
from collections import deque
from html import escape
from pathlib import Path

import pytest

EXAMPLE_PROJECT = Path(__file__).resolve().parents[2] / "example_project"
sys.path.insert(0, str(EXAMPLE_PROJECT))

from demo_site import BROKEN_PATH, PDF_PATH, DemoServer, DemoSite, prose  # noqa: E402

HREF = re.compile(r'href="([^"]+)"')


def walk(site: DemoSite) -> dict[str, int]:
    """Status of every site path reachable from ``/`` by following links."""
    seen: dict[str, int] = {}
    queue = deque(["/"])
    while queue:
        path = queue.popleft()
        if path in seen:
            continue
        reply = site.get(path)
        seen[path] = reply.status
        if reply.content_type.startswith("text/html"):
            for href in HREF.findall(reply.body.decode()):
                href = href.split("?")[0]  # the site ignores query strings
                if href.startswith("/") and href not in seen:
                    queue.append(href)
    return seen


def test_same_numbers_give_the_same_pages():
    first, second = DemoSite.with_pages(30), DemoSite.with_pages(30)
    for path in [*first.article_paths()[:6], *first.thread_paths()[:4], "/news/", "/qa/"]:
        assert first.get(path).body == second.get(path).body
    bodies = {first.get(path).body for path in first.article_paths()}
    assert len(bodies) == first.articles  # no two articles alike


def test_page_counts():
    site = DemoSite.with_pages(30)
    assert (site.articles, site.questions) == (20, 10)
    assert len(set(site.article_paths())) == 20 and len(set(site.thread_paths())) == 10
    big = DemoSite(articles=1000, questions=0, per_page=20)
    assert big.listing_pages("news") == 50 and big.get("/news/page/50.html").status == 200
    assert big.get("/news/page/51.html").status == 404 and big.get("/qa/").status == 200
    with pytest.raises(ValueError):
        DemoSite(articles=0, questions=1)


def test_every_link_resolves_and_every_page_is_reachable():
    site = DemoSite(articles=45, questions=25, per_page=10)
    statuses = walk(site)
    assert {path for path, status in statuses.items() if status != 200} == {BROKEN_PATH}
    assert statuses[BROKEN_PATH] == 500
    assert set(site.article_paths()) <= set(statuses) and set(site.thread_paths()) <= set(statuses)
    assert PDF_PATH in statuses


def test_unknown_and_mangled_paths_are_404():
    site = DemoSite.with_pages(9)
    article_path = site.article_paths()[0]
    for path in ["/nope", "/news/999-x.html", article_path.replace(".html", "-x.html"), "/qa/0-x.html",
                 "/news/page/0.html"]:
        assert site.get(path).status == 404, path
    assert site.get(article_path + "?utm=1").status == 200  # query strings are ignored


def test_the_pdf_is_a_pdf():
    reply = DemoSite.with_pages(3).get(PDF_PATH)
    assert reply.content_type == "application/pdf"
    body = reply.body
    assert body.startswith(b"%PDF-1.4") and body.rstrip().endswith(b"%%EOF")
    xref_at = int(body.rsplit(b"startxref", 1)[1].split()[0])
    assert body[xref_at:].startswith(b"xref")
    offsets = [int(line.split()[0]) for line in body[xref_at:].split(b"\n")[3:8]]
    assert [body[offset:].split(b" ")[0] for offset in offsets] == [b"1", b"2", b"3", b"4", b"5"]


def test_layouts_vary_and_pages_hold_their_records():
    site = DemoSite.with_pages(12)
    layouts = set()
    for number in range(1, 4):
        article = site.article(number)
        html = site.get(article.path).body.decode()
        layouts.add(article.layout)
        assert all(escape(p) in html for p in article.paragraphs)
        assert article.comments and all(c.author in html for c in article.comments)
        assert "Advertisement" in html and prose.FOOTER_LINKS[0] in html
    assert layouts == {0, 1, 2}
    threads = [site.thread(n) for n in (1, 2)]
    assert {t.layout for t in threads} == {0, 1}
    for thread in threads:
        html = site.get(thread.path).body.decode()
        assert len(thread.answers) >= 2 and all(a.author in html for a in thread.answers)


def test_server_serves_with_latency():
    server = DemoServer(DemoSite.with_pages(6), port=0, latency_ms=80)
    server.start_in_thread()
    try:
        started = time.monotonic()
        with urllib.request.urlopen(server.url + "news/", timeout=10) as response:
            assert response.headers["Content-Type"] == "text/html; charset=utf-8"
            assert b"Latest news" in response.read()
        assert time.monotonic() - started >= 0.08
        with pytest.raises(urllib.error.HTTPError) as failure:
            urllib.request.urlopen(server.url + BROKEN_PATH.lstrip("/"), timeout=10)
        assert failure.value.code == 500
    finally:
        server.shutdown()
        server.server_close()
