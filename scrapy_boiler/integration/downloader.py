"""Downloader middleware: extract every HTML response off the reactor thread and attach its Document."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from scrapy.exceptions import NotConfigured
from scrapy.http import HtmlResponse, Request, Response
from scrapy.utils.defer import maybe_deferred_to_future
from twisted.internet.defer import CancelledError

from scrapy_boiler import Document, ModelUnavailable, PageInput, UnknownModel, check_model
from scrapy_boiler.integration.processes import WorkerDied
from scrapy_boiler.integration.runtime import Runtime
from scrapy_boiler.integration.settings import META_DOCUMENT, META_MODEL, META_SECONDS, META_SKIP
from scrapy_boiler.parse.encoding import charset_from_content_type
from scrapy_boiler.parse.sniff import SNIFFABLE_TYPES, looks_like_html

if TYPE_CHECKING:
    from scrapy.crawler import Crawler

logger = logging.getLogger(__name__)



class BoilerDownloaderMiddleware:
    """Runs :func:`scrapy_boiler.extract` on HTML responses; ``request.meta["boiler"]`` gets the Document.

    Everything else passes untouched. A page that fails to extract is logged, counted under
    ``boiler/errors`` and passed on unchanged: the crawl never stops because of a page.
    ``request.meta["boiler_seconds"]`` gets the page's extraction time (its share of its batch).

    Every response ends in exactly one of: ``boiler/skipped/<reason>`` (not extracted: meta, status,
    non_html, empty_body, too_large), ``boiler/pages`` (extracted), ``boiler/rejected/<reason>`` (a
    Document with ``reason`` set, see :data:`scrapy_boiler.limits.REASONS`; it is attached too) or
    ``boiler/errors/<reason>`` (no Document: worker_died, time_budget, model_unavailable, extraction...).
    Also: ``boiler/page_type/<type>``, ``boiler/model/<name>``, ``boiler/no_content``,
    ``boiler/warnings/<warning>``, ``boiler/errors``, ``boiler/time_total`` and ``boiler/time_max`` (seconds
    of extraction), ``boiler/batches`` and ``boiler/batch_max``.
    """

    def __init__(self, crawler: Crawler) -> None:
        self.runtime = Runtime.of(crawler)
        if not self.runtime.settings.enabled:
            raise NotConfigured("BOILER_ENABLED is False")
        self.stats = crawler.stats

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> BoilerDownloaderMiddleware:
        return cls(crawler)

    async def process_response(self, request: Request, response: Response, spider: Any = None) -> Response:
        skip = self._skip_reason(request, response)
        if skip:
            self.runtime.inc(f"skipped/{skip}")
            return response
        model = str(request.meta.get(META_MODEL) or self.runtime.settings.model)
        try:
            check_model(model)
            encoding = charset_from_content_type(_header(response, b"Content-Type"))
            page = PageInput(response.body, response.url, encoding)
            outcome = await maybe_deferred_to_future(self.runtime.pool.submit(page, model))
        except Exception as exc:  # the crawl goes on: count it and pass the response on
            self._error(response, _reason(exc), exc)
            return response
        request.meta[META_SECONDS] = outcome.seconds
        if outcome.document is None:
            self._error(response, outcome.reason, outcome.error)
            return response
        doc = outcome.document
        request.meta[META_DOCUMENT] = doc
        self._record(doc, outcome.seconds)
        return response

    def _skip_reason(self, request: Request, response: Response) -> str | None:
        if request.meta.get(META_SKIP):
            return "meta"
        if not 200 <= response.status < 300:
            return "status"
        if not _is_html(response):
            return "non_html"
        if not response.body.strip():
            return "empty_body"
        if len(response.body) > self.runtime.settings.max_bytes:
            return "too_large"
        return None

    def _record(self, doc: Document, seconds: float) -> None:
        if doc.reason is not None:
            logger.info("scrapy-boiler refused %s: %s", doc.url, doc.error)
            self.runtime.inc(f"rejected/{doc.reason}")
        else:
            self._count_page(doc)
        if self.stats is not None:
            self.stats.inc_value("boiler/time_total", seconds)
            self.stats.max_value("boiler/time_max", seconds)
            pool = self.runtime.pool
            self.stats.set_value("boiler/batches", pool.batches)
            self.stats.max_value("boiler/batch_max", pool.max_batch)

    def _count_page(self, doc: Document) -> None:
        self.runtime.inc("pages")
        self.runtime.inc(f"page_type/{doc.page_type}")
        self.runtime.inc(f"model/{doc.model}")
        if not doc.text:
            self.runtime.inc("no_content")
        for warning in doc.warnings:
            self.runtime.inc(f"warnings/{warning}")

    def _error(self, response: Response, reason: str, detail: object) -> None:
        logger.error("scrapy-boiler could not extract %s: %s", response.url, detail)
        self.runtime.inc("errors")
        self.runtime.inc(f"errors/{reason}")


def _header(response: Response, name: bytes) -> str | None:
    value = response.headers.get(name)
    return value.decode("latin-1") if value else None


def _is_html(response: Response) -> bool:
    """HTML by Scrapy's own content-type mapping, or by sniffing when the type says nothing useful."""
    if isinstance(response, HtmlResponse):
        return True
    mime = (_header(response, b"Content-Type") or "").split(";")[0].strip().lower()
    return mime in SNIFFABLE_TYPES and looks_like_html(response.body)


def _reason(exc: BaseException) -> str:
    if isinstance(exc, ModelUnavailable):
        return "model_unavailable"
    if isinstance(exc, UnknownModel):
        return "unknown_model"
    if isinstance(exc, WorkerDied):
        return "worker_died"
    if isinstance(exc, CancelledError):
        return "cancelled"
    return type(exc).__name__
