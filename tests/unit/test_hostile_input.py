"""The hostile-input catalogue through ``extract``: every case gives its defined result, and the limits hold."""

from __future__ import annotations

import threading
import time

import pytest

from scrapy_boiler import PageInput, extract, extract_many
from scrapy_boiler.evaluation.hostile import CATALOGUE, MARKER, Case, article_page
from scrapy_boiler.extractors.base import PageLabels
from scrapy_boiler.extractors.registry import register, resolve, unregister
from scrapy_boiler.limits import REASONS, WARNINGS, Limits


@pytest.mark.parametrize("case", CATALOGUE, ids=[case.name for case in CATALOGUE])
def test_catalogue_case_gives_its_defined_result(case: Case):
    doc = extract(case.make(), "http://example.test/page", encoding=case.header_charset)
    assert doc.reason == case.reason, doc.error
    if case.readable:
        assert doc.error is None
        assert case.contains in doc.text
        assert set(case.warnings) <= set(doc.warnings)
    else:
        assert doc.text == "" and doc.blocks == [] and doc.error
        assert doc.url == "http://example.test/page"


def test_catalogue_covers_every_reason_but_the_time_budget_and_unparsable():
    assert {case.reason for case in CATALOGUE} - {None} == set(REASONS) - {"time_budget", "unparsable"}
    assert {w for case in CATALOGUE for w in case.warnings} == set(WARNINGS)


def test_refusals_are_the_same_for_every_model():
    body = next(case for case in CATALOGUE if case.name == "pdf").make()
    for model in ("news", "default", "posts", "learned-tree"):
        assert extract(body, model=model).reason == "binary"


def test_max_blocks_and_max_bytes_are_settable():
    page = article_page()
    assert extract(page, limits=Limits(max_blocks=3)).reason == "too_many_blocks"
    assert extract(page, limits=Limits(max_bytes=len(page) - 1)).reason == "too_large"
    assert extract(page.encode(), limits=Limits(max_bytes=len(page) - 1)).reason == "too_large"
    assert MARKER in extract(page, limits=Limits(max_blocks=50)).text


def test_limits_reject_nonsense_values():
    for bad in ({"max_bytes": 0}, {"max_blocks": -1}, {"max_depth": 3}, {"max_depth": 5000}, {"time_budget": 0}):
        with pytest.raises(ValueError):
            Limits(**bad)


class _SlowOnMarker:
    """Labels like ``news`` but takes ``delay`` seconds (in Python) for a page whose title says SLOW."""

    name = "slow-on-marker"

    def __init__(self, delay: float) -> None:
        self.inner = resolve("news")
        self.delay = delay

    def label_pages(self, pages) -> list[PageLabels]:
        if any("SLOW" in page.title for page in pages):
            end = time.monotonic() + self.delay
            while time.monotonic() < end:
                pass
        return self.inner.label_pages(pages)


@pytest.fixture
def slow_model(fresh_registry):
    register("slow-on-marker", lambda device: _SlowOnMarker(delay=3.0))
    yield "slow-on-marker"
    unregister("slow-on-marker")


def test_time_budget_interrupts_a_slow_page_on_the_main_thread(slow_model):
    slow = article_page().replace("<title>Ferry timetable</title>", "<title>SLOW</title>")
    start = time.monotonic()
    doc = extract(slow, model=slow_model, limits=Limits(time_budget=0.3))
    assert time.monotonic() - start < 2.0  # interrupted, not run to the end
    assert doc.reason == "time_budget" and doc.text == ""


def test_time_budget_in_a_batch_refuses_only_the_slow_page(slow_model):
    fast, slow = article_page(), article_page().replace("<title>Ferry timetable</title>", "<title>SLOW</title>")
    docs = extract_many([PageInput(fast, "a"), PageInput(slow, "b"), PageInput(fast, "c")], model=slow_model,
                        limits=Limits(time_budget=0.3))
    assert [doc.reason for doc in docs] == [None, "time_budget", None]
    assert MARKER in docs[0].text and MARKER in docs[2].text


def test_time_budget_off_the_main_thread_is_checked_after_the_stage(slow_model):
    slow = article_page().replace("<title>Ferry timetable</title>", "<title>SLOW</title>")
    result = {}
    thread = threading.Thread(target=lambda: result.update(doc=extract(slow, model=slow_model,
                                                                       limits=Limits(time_budget=0.3))))
    thread.start()
    thread.join()
    assert result["doc"].reason == "time_budget"


def test_no_time_budget_lets_a_slow_page_finish(fresh_registry):
    register("slow-on-marker", lambda device: _SlowOnMarker(delay=0.4))
    try:
        slow = article_page().replace("<title>Ferry timetable</title>", "<title>SLOW</title>")
        doc = extract(slow, model="slow-on-marker", limits=Limits(time_budget=None))
        assert doc.reason is None and MARKER in doc.text
    finally:
        unregister("slow-on-marker")


def test_the_alarm_leaves_no_timer_or_handler_behind(slow_model):
    import signal

    before = signal.getsignal(signal.SIGALRM)
    extract(article_page(), model=slow_model, limits=Limits(time_budget=5.0))
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
    assert signal.getsignal(signal.SIGALRM) is before


def test_malformed_addresses_in_a_page_or_its_url_are_as_good_as_absent():
    # urljoin and urlsplit raise on a host they cannot parse ("Invalid IPv6 URL"): a link, a picture, a declared
    # canonical address or the page's own URL written so must not fail the page
    from scrapy_boiler.view import render_view

    body = " ".join(["The harbour plan passed after a long debate in the council."] * 8)
    html = ('<html><head><title>Harbour</title><link rel="canonical" href="https://<![CDATA[news.example/1">'
            '<link rel="stylesheet" href="//[cdn/site.css"></head><body><article><h1>Harbour</h1>'
            f'<p>{body} <a href="http://[bad/x">the minutes</a></p><img src="//[cdn/photo.jpg" alt="x">'
            f'<p>{body}</p></article></body></html>')
    for url in ("https://news.example/harbour", "http://[bad/harbour", None):
        doc = extract(html, url)
        assert doc.error is None and doc.page_type == "article" and "harbour plan passed" in doc.text
        assert "[the minutes]" not in doc.markdown and doc.metadata.canonical_url is None
        assert "harbour plan passed" in render_view(html, doc)
