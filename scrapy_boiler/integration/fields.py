"""What the pipeline can write into an item, computed from a page's :class:`~scrapy_boiler.Document`.

Article names and shapes follow zyte-common-items' ``Article`` (:data:`ARTICLE_FIELDS`: ``url``, ``canonicalUrl``,
``headline``, ``datePublished``... ``authors`` as ``[{"name": ...}]``, ``mainImage`` as ``{"url": ...}``,
``metadata.probability``) so items are drop-in for that ecosystem (``Article.from_dict(item)`` reads them).
``articleBodyMarkdown`` (not in the default output: ask for it in ``BOILER_OUTPUT`` or declare it) is the same
body as Markdown. A refused page (``boilerReason``: binary, too large...) gets no ``pageType``: it was never typed.
Q&A sources (``question``, ``answers``, ``qa_pairs``, ``posts``, ``forumThread``: the thread in zyte-common-items
``ForumThread`` shape) are only written for type-2 pages (``page_type`` ``qa``/``forum``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import asdict
from typing import Any

from scrapy_boiler import Document
from scrapy_boiler.document import THREAD_TYPES


def _question(doc: Document) -> str | None:
    return doc.question or (doc.posts[0].text if doc.posts else None)


def _answers(doc: Document) -> list[str] | None:
    """The replies' texts in page order (``qa_pairs`` holds them accepted and top-voted first)."""
    return [post.text for post in doc.answers] or None


def _forum_thread(doc: Document) -> dict[str, Any] | None:
    """The thread in zyte-common-items ``ForumThread`` shape: ``url``, ``topic.name`` and ``posts`` as
    ``SocialMediaPost`` (``url``, ``text``, ``datePublished`` in ISO 8601 when the shown date reads as one, else
    left out; ``reactions.likes`` = votes)."""
    if not doc.posts:
        return None
    posts = []
    for post in doc.posts:
        entry: dict[str, Any] = {"url": post.url or doc.url, "text": post.text}
        if post.date_iso:
            entry["datePublished"] = post.date_iso
        if post.votes is not None:
            entry["reactions"] = {"likes": post.votes}
        posts.append(entry)
    thread: dict[str, Any] = {"url": doc.url, "posts": posts}
    if doc.headline or doc.title:
        thread["topic"] = {"name": doc.headline or doc.title}
    return thread


def _authors(doc: Document) -> list[dict[str, str]] | None:
    return [{"name": name} for name in doc.metadata.authors] or None


def _breadcrumbs(doc: Document) -> list[dict[str, str]] | None:
    crumbs = [{"name": crumb.name, "url": crumb.url} if crumb.url else {"name": crumb.name}
              for crumb in doc.metadata.breadcrumbs]
    return crumbs or None


def _metadata(doc: Document) -> dict[str, float] | None:
    probability = doc.metadata.probability
    return None if probability is None else {"probability": probability}


SOURCES: dict[str, Callable[[Document], Any]] = {
    "url": lambda doc: doc.url,
    "canonicalUrl": lambda doc: doc.metadata.canonical_url,
    "headline": lambda doc: doc.metadata.headline or doc.headline or None,
    "datePublished": lambda doc: doc.metadata.date_published,
    "datePublishedRaw": lambda doc: doc.metadata.date_published_raw,
    "dateModified": lambda doc: doc.metadata.date_modified,
    "dateModifiedRaw": lambda doc: doc.metadata.date_modified_raw,
    "authors": _authors,
    "inLanguage": lambda doc: doc.metadata.language,
    "description": lambda doc: doc.metadata.description,
    "mainImage": lambda doc: {"url": doc.metadata.main_image} if doc.metadata.main_image else None,
    "images": lambda doc: [{"url": url} for url in doc.metadata.images] or None,
    "breadcrumbs": _breadcrumbs,
    "articleBody": lambda doc: doc.text or None,
    "articleBodyHtml": lambda doc: doc.html or None,
    "articleBodyMarkdown": lambda doc: doc.markdown or None,
    "metadata": _metadata,
    "pageType": lambda doc: None if doc.reason else doc.page_type,
    "boilerModel": lambda doc: doc.model,
    "boilerError": lambda doc: doc.error,
    "boilerReason": lambda doc: doc.reason,
    "question": _question,
    "answers": _answers,
    "qa_pairs": lambda doc: [asdict(pair) for pair in doc.qa_pairs] or None,
    "posts": lambda doc: [asdict(post) for post in doc.posts] or None,
    "forumThread": _forum_thread,
    "blocks": lambda doc: [asdict(block) for block in doc.blocks],
}
Q_AND_A_SOURCES = frozenset({"question", "answers", "qa_pairs", "posts", "forumThread"})
#: zyte-common-items ``Article`` fields we fill.
ARTICLE_FIELDS = ("url", "canonicalUrl", "headline", "datePublished", "datePublishedRaw", "dateModified",
                  "dateModifiedRaw", "authors", "inLanguage", "description", "mainImage", "images", "breadcrumbs",
                  "articleBody", "articleBodyHtml", "metadata")
_ARTICLE_MAPPING = {name: name for name in ARTICLE_FIELDS}
#: What a dict item gets: the Article fields, the page type (or why the page was refused) and, on threads, the Q&A.
DEFAULT_OUTPUT = (*ARTICLE_FIELDS, "pageType", "boilerReason", "boilerError", "question", "answers", "qa_pairs")


def article_values(doc: Document) -> dict[str, Any]:
    """The ``Article`` fields of ``doc`` as the pipeline writes them; the page objects build their typed
    ``zyte_common_items.Article`` from the same dict, so an item and a page object never disagree."""
    return field_values(doc, _ARTICLE_MAPPING)


def forum_thread_values(doc: Document) -> dict[str, Any] | None:
    """The ``ForumThread`` dict of ``doc`` (the pipeline's ``forumThread``), or None on a page that is no thread."""
    return field_values(doc, {"forumThread": "forumThread"}).get("forumThread")


def output_mapping(output: Iterable[str] | Mapping[str, str]) -> dict[str, str]:
    """``{item field: source}`` from a list of source names or a renaming dict; rejects unknown sources."""
    mapping = dict(output) if isinstance(output, Mapping) else {name: name for name in output}
    unknown = sorted(source for source in mapping.values() if source not in SOURCES)
    if unknown:
        raise ValueError(f"BOILER_OUTPUT: unknown source(s) {unknown}; known: {', '.join(SOURCES)}")
    return mapping


def with_declared(mapping: Mapping[str, str], declared: Iterable[str] | None) -> dict[str, str]:
    """The mapping for an item type declaring ``declared`` fields (None: a dict, which takes the mapping as is):
    its declared fields of ``mapping``, plus every other declared field named like a source, so declaring a field
    is enough to get it filled."""
    if declared is None:
        return dict(mapping)
    names = set(declared)
    chosen = {field: source for field, source in mapping.items() if field in names}
    chosen.update({name: name for name in names if name in SOURCES and name not in chosen})
    return chosen


def field_values(doc: Document, mapping: Mapping[str, str]) -> dict[str, Any]:
    """The item fields to set for ``doc``: empty values and Q&A fields of non-Q&A pages are left out."""
    values: dict[str, Any] = {}
    for field, source in mapping.items():
        if source in Q_AND_A_SOURCES and doc.page_type not in THREAD_TYPES:
            continue
        value = SOURCES[source](doc)
        if value is not None:
            values[field] = value
    return values
