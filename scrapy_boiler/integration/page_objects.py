"""scrapy-poet page objects, so ``def parse(self, response, article: Article)`` gets our extraction.

:class:`BoilerArticlePage` returns ``zyte_common_items.Article`` and :class:`BoilerForumThreadPage` returns
``zyte_common_items.ForumThread``. Both are registered for every URL (``@handle_urls("")``) at :data:`PRIORITY`,
below web-poet's default of 500: a page object a project registers for a site (or for every URL, at the default
priority) wins, and ours answers everywhere else. They read the ``Document`` the downloader middleware already
attached to the response (``response.meta["boiler"]``, handed over by :class:`BoilerDocumentProvider`), and
extract the body themselves only when there is none (the page was skipped, failed, or the middleware is off).
Their values come from :mod:`~scrapy_boiler.integration.fields`, as the pipeline's do, so an item and a page
object agree. The add-on imports this module only when the ``[poet]`` extra (scrapy-poet, zyte-common-items)
is installed.
"""

# No ``from __future__ import annotations``: andi reads the types of the attrs ``__init__``, and a subclass in a
# project's module must see classes there, not names it cannot resolve.
from collections.abc import Callable, Set
from datetime import UTC, datetime
from typing import ClassVar

import attrs
from scrapy import Request
from scrapy.crawler import Crawler
from scrapy_poet import PageObjectInputProvider
from web_poet import ApplyRule, default_registry, field, handle_urls
from web_poet.utils import cached_method
from zyte_common_items import (
    Article,
    ArticleMetadata,
    ArticlePage,
    Author,
    Breadcrumb,
    ForumThread,
    ForumThreadMetadata,
    ForumThreadPage,
    Image,
    SocialMediaPost,
    Topic,
)

from scrapy_boiler import Document, extract
from scrapy_boiler.integration.fields import article_values, forum_thread_values
from scrapy_boiler.integration.settings import META_DOCUMENT, META_MODEL
from scrapy_boiler.parse.encoding import charset_from_content_type

#: Below web-poet's default (500), so any page object registered for the same item without a priority wins.
PRIORITY = 100


@attrs.define(frozen=True)
class BoilerDocument:
    """A page input: the middleware's ``Document`` for the response (None when it made none) and the model a
    page object should extract with then. Outside Scrapy, ``BoilerDocument()`` makes the page extract itself."""

    document: Document | None = None
    model: str = "auto"


class BoilerDocumentProvider(PageObjectInputProvider):
    """Hands ``request.meta["boiler"]`` to page objects: web-poet inputs carry no meta, and extracting the
    page again on the reactor thread would cost what the worker processes already spent."""

    provided_classes: ClassVar[set[type]] = {BoilerDocument}
    name: ClassVar[str] = "boiler_document"

    def __call__(self, to_provide: Set[Callable], request: Request, crawler: Crawler) -> list[BoilerDocument]:
        model = request.meta.get(META_MODEL) or crawler.settings.get("BOILER_MODEL") or "auto"
        return [BoilerDocument(request.meta.get(META_DOCUMENT), str(model))]


@attrs.define
class _BoilerInput:
    """The ``Document`` both page objects read, computed once per page object."""

    boiler: BoilerDocument

    @cached_method
    def document(self) -> Document:
        """The middleware's Document, else an extraction of the body here (on the calling thread)."""
        if self.boiler.document is not None:
            return self.boiler.document
        response = self.response  # type: ignore[attr-defined]
        encoding = charset_from_content_type(response.headers.get("Content-Type"))
        return extract(response.body, str(response.url), model=self.boiler.model, encoding=encoding)


def _downloaded() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


@handle_urls("", priority=PRIORITY)
@attrs.define
class BoilerArticlePage(_BoilerInput, ArticlePage):
    """The page's article as scrapy-boiler reads it. Subclass it and override one ``@field`` to correct a
    field for a site, keeping the others."""

    @cached_method
    def article(self) -> Article:
        """Every Article field we know, typed by zyte-common-items from the pipeline's values."""
        return Article.from_dict(article_values(self.document()))

    @field
    def canonicalUrl(self) -> str | None:
        return self.article().canonicalUrl

    @field
    def headline(self) -> str | None:
        return self.article().headline

    @field
    def datePublished(self) -> str | None:
        return self.article().datePublished

    @field
    def datePublishedRaw(self) -> str | None:
        return self.article().datePublishedRaw

    @field
    def dateModified(self) -> str | None:
        return self.article().dateModified

    @field
    def dateModifiedRaw(self) -> str | None:
        return self.article().dateModifiedRaw

    @field
    def authors(self) -> list[Author] | None:
        return self.article().authors

    @field
    def inLanguage(self) -> str | None:
        return self.article().inLanguage

    @field
    def description(self) -> str | None:
        return self.article().description

    @field
    def mainImage(self) -> Image | None:
        return self.article().mainImage

    @field
    def images(self) -> list[Image] | None:
        return self.article().images

    @field
    def breadcrumbs(self) -> list[Breadcrumb] | None:
        return self.article().breadcrumbs

    @field
    def articleBody(self) -> str | None:
        return self.article().articleBody

    @field
    def articleBodyHtml(self) -> str | None:
        return self.article().articleBodyHtml

    @field
    def metadata(self) -> ArticleMetadata:
        """Our ``probability`` (None when the model gives none; 0 on a refused page) and the download time."""
        declared = self.article().metadata
        probability = 0.0 if self.document().reason else (declared.probability if declared else None)
        return ArticleMetadata(probability=probability, dateDownloaded=_downloaded())


@handle_urls("", priority=PRIORITY)
@attrs.define
class BoilerForumThreadPage(_BoilerInput, ForumThreadPage):
    """The page's thread: topic and posts (the opening post first) on pages typed ``qa`` or ``forum``; on other
    pages only the URL, as the pipeline writes ``forumThread`` on threads only."""

    @cached_method
    def thread(self) -> ForumThread:
        document = self.document()
        return ForumThread.from_dict(forum_thread_values(document) or {"url": document.url})

    @field
    def topic(self) -> Topic | None:
        return self.thread().topic

    @field
    def posts(self) -> list[SocialMediaPost] | None:
        return self.thread().posts

    @field
    def metadata(self) -> ForumThreadMetadata:
        return ForumThreadMetadata(dateDownloaded=_downloaded())


#: Our two rules, for a project that lists ``SCRAPY_POET_RULES`` itself (the add-on appends them there).
RULES: list[ApplyRule] = [rule for page in (BoilerArticlePage, BoilerForumThreadPage)
                          for rule in default_registry.search(use=page)]
