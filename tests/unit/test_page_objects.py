"""The page objects outside a crawl (web-poet's own way of running them) and what the add-on sets for scrapy-poet."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

pytest.importorskip("scrapy_poet")
from scrapy.settings import Settings
from scrapy_poet import InjectionMiddleware
from web_poet import HttpResponse, default_registry
from zyte_common_items import Article, ForumThread

from scrapy_boiler import Addon, extract
from scrapy_boiler.integration.page_objects import (
    PRIORITY,
    RULES,
    BoilerArticlePage,
    BoilerDocument,
    BoilerDocumentProvider,
    BoilerForumThreadPage,
)

PAGES = Path(__file__).parents[1] / "pages"
URL = "https://news.example/bridge"


def response(name: str, url: str = URL, content_type: str = "text/html; charset=utf-8") -> HttpResponse:
    return HttpResponse(url, body=(PAGES / name).read_bytes(), headers={"Content-Type": content_type})


def test_rules_cover_every_url_below_the_default_priority():
    assert {rule.to_return for rule in RULES} == {Article, ForumThread}
    assert all(rule.for_patterns.include == ("",) and rule.for_patterns.priority == PRIORITY < 500 for rule in RULES)
    assert default_registry.page_cls_for_item("https://anything.example/x", Article) is BoilerArticlePage
    assert default_registry.page_cls_for_item("https://anything.example/x", ForumThread) is BoilerForumThreadPage


def test_page_object_extracts_itself_without_a_document():
    """Outside Scrapy (``BoilerDocument()``), the page object runs ``extract`` on the body with the given model."""
    page = BoilerArticlePage(response=response("news_article.html"), boiler=BoilerDocument(model="keep-everything"))
    article = asyncio.run(page.to_item())
    doc = extract((PAGES / "news_article.html").read_bytes(), URL, model="keep-everything")
    assert article.url == URL and article.articleBody == doc.text and doc.text
    assert article.authors and article.authors[0].name == "Maria Keller"


def test_page_object_uses_the_document_it_is_given():
    """The middleware's Document is used as it is, whatever the body says (no second extraction)."""
    other = extract((PAGES / "markdown_article.html").read_bytes(), URL)
    page = BoilerArticlePage(response=response("news_article.html"), boiler=BoilerDocument(other))
    article = asyncio.run(page.to_item())
    assert article.headline == other.headline == "Removing duplicates from a Python list"
    assert article.articleBody == other.text


def test_refused_page_has_probability_zero():
    page = BoilerArticlePage(response=HttpResponse(URL, body=b"%PDF-1.4 binary \x00\x01\x02" * 50),
                             boiler=BoilerDocument())
    article = asyncio.run(page.to_item())
    assert article.metadata.probability == 0.0 and not article.articleBody


def settings_after_addon(**values: object) -> Settings:
    settings = Settings(values)
    Addon().update_settings(settings)
    return settings


def test_addon_enables_scrapy_poet_and_our_provider():
    settings = settings_after_addon()
    assert InjectionMiddleware in settings.getdict("DOWNLOADER_MIDDLEWARES")
    assert BoilerDocumentProvider in settings.getdict("SCRAPY_POET_PROVIDERS")
    assert settings.get("SCRAPY_POET_RULES") is None  # scrapy-poet reads the default registry, ours included
    again = settings.copy()
    Addon().update_settings(again)  # idempotent, like listing scrapy_poet.Addon too
    assert again.getdict("DOWNLOADER_MIDDLEWARES") == settings.getdict("DOWNLOADER_MIDDLEWARES")


def test_addon_appends_our_rules_to_listed_rules_once():
    mine = [rule for rule in default_registry.get_rules() if rule not in RULES][:1]
    settings = settings_after_addon(SCRAPY_POET_RULES=mine)
    assert settings.getlist("SCRAPY_POET_RULES") == [*mine, *RULES]
    Addon().update_settings(settings)
    assert settings.getlist("SCRAPY_POET_RULES") == [*mine, *RULES]


def test_page_objects_can_be_turned_off():
    settings = settings_after_addon(BOILER_PAGE_OBJECTS=False)
    assert InjectionMiddleware not in settings.getdict("DOWNLOADER_MIDDLEWARES")
    assert not settings.getdict("SCRAPY_POET_PROVIDERS")
