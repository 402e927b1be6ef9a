"""The demo site as a function from URL path to response: no server, so tests can walk it directly."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import lru_cache
from urllib.parse import urlsplit

from demo_site import templates
from demo_site.bad import BadPages
from demo_site.content import Article, Thread, article, thread
from demo_site.pdf import tiny_pdf

PER_PAGE = 20
BROKEN_PATH = "/news/live-blog.html"
PDF_PATH = "/files/vale-courier-annual-report-2026.pdf"
HTML = "text/html; charset=utf-8"
#: The load index: every page of the site as a list of paths, LOAD_PER_PAGE a file, the next file last.
LOAD_PER_PAGE = 500


def load_index_path(page: int) -> str:
    return f"/load/urls-{page}.txt"


LOAD_INDEX_PATH = load_index_path(1)

_ARTICLE = re.compile(r"^/news/(\d+)-[a-z0-9-]*\.html$")
_THREAD = re.compile(r"^/qa/(\d+)-[a-z0-9-]*\.html$")
_LISTING = re.compile(r"^/(news|qa)/(?:page/(\d+)\.html)?$")
_LOAD_INDEX = re.compile(r"^/load/urls-(\d+)\.txt$")
#: The site's chrome links (footer, account, tags, share buttons, ads) lead to one short page each.
INFO_PREFIXES = ("/about/", "/ads/click", "/login", "/newsletter", "/qa/ask", "/qa/help", "/qa/rules", "/qa/tags",
                 "/qa/users", "/search", "/share")


@dataclass(frozen=True)
class Reply:
    status: int
    content_type: str
    body: bytes


class DemoSite:
    """A news section with ``articles`` articles and a Q&A section with ``questions`` threads.

    Besides the pages, listing page 1 of the news links to a PDF and to a live blog that always
    answers HTTP 500, so a crawl exercises a non-HTML response and a server error. ``bad`` adds the
    hostile-input catalogue (:mod:`demo_site.bad`); no page links it, load runs find it in the load index.
    """

    def __init__(self, articles: int, questions: int, per_page: int = PER_PAGE, bad: BadPages | None = None) -> None:
        if articles < 1 or questions < 0 or per_page < 1:
            raise ValueError("need at least one article, no negative question count and a positive page size")
        self.articles = articles
        self.questions = questions
        self.per_page = per_page
        self.bad = bad or BadPages()
        self._load_paths: list[str] | None = None
        self.article = lru_cache(maxsize=4096)(self._article)
        self.thread = lru_cache(maxsize=4096)(self._thread)

    @classmethod
    def with_pages(cls, pages: int, bad: BadPages | None = None) -> DemoSite:
        """A site of about ``pages`` content pages: two thirds articles, one third Q&A threads."""
        questions = pages // 3
        return cls(articles=max(1, pages - questions), questions=questions, bad=bad)

    def _article(self, number: int) -> Article:
        return article(number, self.articles)

    def _thread(self, number: int) -> Thread:
        return thread(number)

    def listing_pages(self, section: str) -> int:
        count = self.articles if section == "news" else self.questions
        return max(1, math.ceil(count / self.per_page))

    def article_paths(self) -> list[str]:
        return [self.article(n).path for n in range(1, self.articles + 1)]

    def thread_paths(self) -> list[str]:
        return [self.thread(n).path for n in range(1, self.questions + 1)]

    def load_paths(self) -> list[str]:
        """Every page a load run fetches, in the order it fetches them: the server error and the PDF, then the
        articles and threads interleaved, with the bad pages spread evenly among them."""
        if self._load_paths is None:
            placed = _evenly(self.article_paths()) + _evenly(self.thread_paths()) + self.bad.schedule
            self._load_paths = [BROKEN_PATH, PDF_PATH, *(path for _, path in sorted(placed))]
        return self._load_paths

    def listing_paths(self, section: str) -> list[str]:
        return [f"/{section}/"] + [f"/{section}/page/{n}.html" for n in range(2, self.listing_pages(section) + 1)]

    def section_paths(self) -> list[str]:
        """Every path of both sections: home, listings, articles, threads, and the PDF and broken page."""
        return ["/", *self.listing_paths("news"), *self.article_paths(), BROKEN_PATH, PDF_PATH,
                *(self.listing_paths("qa") if self.questions else []), *self.thread_paths()]

    def get(self, url_or_path: str) -> Reply:
        """The response to a GET of ``url_or_path`` (query strings are ignored, like a static site)."""
        path = urlsplit(url_or_path).path or "/"
        try:
            return self._route(path)
        except LookupError:
            return Reply(404, HTML, templates.error_page(404, "Not found").encode())

    def _route(self, path: str) -> Reply:
        if path in ("/", "/index.html"):
            return _html(templates.home_page())
        if path == BROKEN_PATH:
            return Reply(500, HTML, templates.error_page(500, "Internal server error").encode())
        if path == PDF_PATH:
            return Reply(200, "application/pdf", tiny_pdf([
                f"{templates.SITE_NAME} - annual report 2026",
                "Readers: steady. Print run: smaller. Website visits: up.",
                "This file exists so that a demo crawl meets a non-HTML response.",
            ]))
        if case := self.bad.case_of(path):
            return Reply(200, self.bad.content_type(case), self.bad.body(case))
        if match := _LOAD_INDEX.match(path):
            return self._load_index(int(match.group(1)))
        if path.startswith(INFO_PREFIXES):
            return _html(templates.info_page(path))
        if match := _LISTING.match(path):
            return self._listing(match.group(1), int(match.group(2) or 1))
        if match := _ARTICLE.match(path):
            a = self.article(self._in_range(int(match.group(1)), self.articles))
            if a.path != path:
                raise LookupError(path)
            return _html(templates.article_page(a, [self.article(n) for n in a.related]))
        if match := _THREAD.match(path):
            t = self.thread(self._in_range(int(match.group(1)), self.questions))
            if t.path != path:
                raise LookupError(path)
            return _html(templates.thread_page(t, self.hot_threads(t.number)))
        raise LookupError(path)

    def _listing(self, section: str, page: int) -> Reply:
        pages = self.listing_pages(section)
        self._in_range(page, pages)
        first = (page - 1) * self.per_page + 1
        if section == "news":
            numbers = range(first, min(self.articles, first + self.per_page - 1) + 1)
            extra = ""
            if page == 1:
                extra = (f'<p class="live"><a href="{BROKEN_PATH}">Live: election count in Dunmere</a></p>'
                         f'<p class="download"><a href="{PDF_PATH}">Download our annual report (PDF)</a></p>')
            return _html(templates.news_listing(page, pages, [self.article(n) for n in numbers], extra_links=extra))
        numbers = range(first, min(self.questions, first + self.per_page - 1) + 1)
        return _html(templates.qa_listing(page, pages, [self.thread(n) for n in numbers]))

    def _load_index(self, page: int) -> Reply:
        paths = self.load_paths()
        pages = max(1, math.ceil(len(paths) / LOAD_PER_PAGE))
        self._in_range(page, pages)
        lines = paths[(page - 1) * LOAD_PER_PAGE : page * LOAD_PER_PAGE]
        if page < pages:
            lines.append(load_index_path(page + 1))
        return Reply(200, "text/plain; charset=utf-8", "".join(f"{line}\n" for line in lines).encode())

    def hot_threads(self, number: int) -> list[Thread]:
        """Five other threads for the sidebar, chosen by a fixed stride so the choice is deterministic."""
        others = [1 + (number + 7 * k) % self.questions for k in range(1, 6)]
        return [self.thread(n) for n in dict.fromkeys(others) if n != number]

    @staticmethod
    def _in_range(number: int, top: int) -> int:
        if not 1 <= number <= top:
            raise LookupError(number)
        return number


def _evenly(paths: list[str]) -> list[tuple[float, str]]:
    """Each path with its place in a crawl (a fraction of it) when the paths are spread evenly over it."""
    return [((i + 0.5) / len(paths), path) for i, path in enumerate(paths)]


def _html(text: str) -> Reply:
    return Reply(200, HTML, text.encode("utf-8"))
