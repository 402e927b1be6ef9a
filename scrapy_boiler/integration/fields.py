"""What the pipeline can write into an item, computed from a page's :class:`~scrapy_boiler.Document`.

Article names follow zyte-common-items' ``Article`` (``url``, ``headline``, ``articleBody``,
``articleBodyHtml``) so items are drop-in for that ecosystem. Q&A sources (``question``, ``answers``,
``qa_pairs``, ``posts``, ``forumThread``: the thread in zyte-common-items ``ForumThread`` shape) are only written
for type-2 pages (``page_type`` ``qa``/``forum``).
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
    ``SocialMediaPost`` (``url``, ``text``, ``datePublished`` as the page shows it, ``reactions.likes`` = votes)."""
    if not doc.posts:
        return None
    posts = []
    for post in doc.posts:
        entry: dict[str, Any] = {"url": post.url or doc.url, "text": post.text}
        if post.date:
            entry["datePublished"] = post.date
        if post.votes is not None:
            entry["reactions"] = {"likes": post.votes}
        posts.append(entry)
    thread: dict[str, Any] = {"url": doc.url, "posts": posts}
    if doc.headline or doc.title:
        thread["topic"] = {"name": doc.headline or doc.title}
    return thread


SOURCES: dict[str, Callable[[Document], Any]] = {
    "url": lambda doc: doc.url,
    "headline": lambda doc: doc.headline or None,
    "articleBody": lambda doc: doc.text or None,
    "articleBodyHtml": lambda doc: doc.html or None,
    "pageType": lambda doc: doc.page_type,
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
DEFAULT_OUTPUT = ("url", "headline", "articleBody", "pageType", "question", "answers", "qa_pairs")


def output_mapping(output: Iterable[str] | Mapping[str, str]) -> dict[str, str]:
    """``{item field: source}`` from a list of source names or a renaming dict; rejects unknown sources."""
    mapping = dict(output) if isinstance(output, Mapping) else {name: name for name in output}
    unknown = sorted(source for source in mapping.values() if source not in SOURCES)
    if unknown:
        raise ValueError(f"BOILER_OUTPUT: unknown source(s) {unknown}; known: {', '.join(SOURCES)}")
    return mapping


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
