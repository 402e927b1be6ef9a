"""The pieces of the Scrapy glue that need no crawl: settings, output fields, add-on wiring."""

from __future__ import annotations

import pytest
from scrapy.settings import Settings

from scrapy_boiler import Addon, BoilerDownloaderMiddleware, BoilerPipeline, BoilerSpiderMiddleware, extract
from scrapy_boiler.document import Document, Post, QAPair
from scrapy_boiler.integration.fields import field_values, output_mapping
from scrapy_boiler.integration.settings import BoilerSettings
from scrapy_boiler.limits import Limits


def test_addon_adds_components_and_defaults_below_project_settings():
    settings = Settings({"BOILER_MODEL": "article", "ITEM_PIPELINES": {"scrapy_boiler.BoilerPipeline": 300}})
    Addon().update_settings(settings)
    assert settings["BOILER_MODEL"] == "article"  # project setting wins over the add-on default
    assert settings["BOILER_BATCH_SIZE"] == 16
    assert settings.getdict("DOWNLOADER_MIDDLEWARES")[BoilerDownloaderMiddleware] == 580
    assert settings.getdict("SPIDER_MIDDLEWARES")[BoilerSpiderMiddleware] == 900
    pipelines = settings.getdict("ITEM_PIPELINES")
    assert pipelines == {"scrapy_boiler.BoilerPipeline": 300}  # listed by hand: its priority is kept
    assert BoilerPipeline is not None


def test_settings_build_limits_from_strings_as_given_on_the_command_line():
    limits = BoilerSettings.from_settings(Settings({"BOILER_MAX_BLOCKS": "500", "BOILER_MAX_DEPTH": "64",
                                                    "BOILER_MAX_BYTES": "1000", "BOILER_TIME_BUDGET": "2.5"})).limits
    assert (limits.max_blocks, limits.max_depth, limits.max_bytes, limits.time_budget) == (500, 64, 1000, 2.5)
    for off in ("0", 0, ""):
        assert BoilerSettings.from_settings(Settings({"BOILER_TIME_BUDGET": off})).limits.time_budget is None
    assert BoilerSettings.from_settings(Settings()).limits == Limits()


def test_settings_parse_output_lists_and_renames():
    parsed = BoilerSettings.from_settings(Settings({"BOILER_OUTPUT": "url, articleBody", "BOILER_WORKERS": 0}))
    assert parsed.output == {"url": "url", "articleBody": "articleBody"} and parsed.workers == 0
    assert output_mapping({"body": "articleBody"}) == {"body": "articleBody"}
    with pytest.raises(ValueError, match="unknown source"):
        output_mapping(["articleBody", "nonsense"])


def test_field_values_of_an_article_leave_qa_fields_out(page_bytes):
    doc = extract(page_bytes("news_article.html"), "http://example.com/a")
    values = field_values(doc, output_mapping(["url", "headline", "articleBody", "pageType", "question", "answers"]))
    assert values["url"] == "http://example.com/a" and values["pageType"] == "article"
    assert "question" not in values and "answers" not in values


def test_field_values_of_a_qa_page():
    doc = Document(
        text="q\na1\na2", title="How to?", html="", blocks=[], model="m", page_type="qa",
        posts=[Post("How do I?"), Post("Like this.", votes=2), Post("Or that.", votes=5, url="/a/3")],
        question="How to?\nHow do I?",
        qa_pairs=[QAPair("How to?\nHow do I?", "Or that.", votes=5, url="/a/3"),
                  QAPair("How to?\nHow do I?", "Like this.", votes=2)],
        url="http://example.com/q/1",
    )
    values = field_values(doc, output_mapping(["question", "answers", "qa_pairs", "forumThread"]))
    assert values["question"] == "How to?\nHow do I?"
    assert values["answers"] == ["Like this.", "Or that."]  # page order; the pairs are ranked
    assert values["qa_pairs"][0] == {"question": "How to?\nHow do I?", "answer": "Or that.", "author": None,
                                     "date": None, "votes": 5, "accepted": False, "url": "/a/3"}
    thread = values["forumThread"]
    assert thread["url"] == "http://example.com/q/1" and thread["topic"] == {"name": "How to?"}
    assert thread["posts"][2] == {"url": "/a/3", "text": "Or that.", "reactions": {"likes": 5}}
    assert thread["posts"][0] == {"url": "http://example.com/q/1", "text": "How do I?"}


def test_forum_thread_posts_carry_their_date_in_iso_8601_or_none(page_bytes):
    """``SocialMediaPost.datePublished`` is ISO 8601: a post's shown date goes there when it reads as a date (a dotted
    day day first), and is left out when it does not ("2 hours ago"); ``Post.date`` keeps it as shown."""
    doc = extract(page_bytes("mybb_thread.html"), "https://forum.raspberry-treff.de/showthread.php?tid=5731")
    assert doc.posts[0].date.startswith("03.03.2024") and doc.posts[0].date_iso == "2024-03-03T20:17:00"
    thread = field_values(doc, output_mapping(["forumThread"]))["forumThread"]
    assert [post.get("datePublished") for post in thread["posts"]] == [
        "2024-03-03T20:17:00", "2024-03-03T20:41:00", "2024-03-04T18:05:00", "2024-03-04T19:30:00",
        "2024-03-05T00:00:00"]  # the last shows "Gestern, 21:12": its day is in a title, its time is not read
    doc = Document(text="", title="", html="", blocks=[], model="m", page_type="forum", url="http://f.example/t/1",
                   posts=[Post("First post here.", date="Gestern, 21:12"), Post("Second.", date="2 hours ago")])
    thread = field_values(doc, output_mapping(["forumThread"]))["forumThread"]
    assert all("datePublished" not in post for post in thread["posts"])
