"""Structured data a page declares about itself: schema.org types and the article body of its JSON-LD.

Most news sites declare the article in JSON-LD (``NewsArticle``, ``BlogPosting``... with ``articleBody``), and Q&A
and forum software declares ``QAPage`` or ``DiscussionForumPosting``. The extractor reads it as evidence (bodies
are sometimes a teaser or another language version); the router reads the types to keep articles off the
thread path. :func:`scrapy_boiler.parse.html.parse_html` keeps the scripts' texts in ``ParsedPage.json_ld``.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

#: schema.org types of an article.
ARTICLE_TYPES = frozenset({
    "article", "newsarticle", "blogposting", "reportagenewsarticle", "analysisnewsarticle", "opinionnewsarticle",
    "reviewnewsarticle", "backgroundnewsarticle", "techarticle", "scholarlyarticle", "liveblogposting",
    "socialmediaposting", "report", "posting",
})
#: schema.org types of a thread: a Q&A page, a question, a forum post.
THREAD_TYPES = frozenset({"qapage", "question", "discussionforumposting"})


@dataclass(frozen=True, slots=True)
class StructuredArticle:
    """What a page's JSON-LD declares: its schema.org types, the longest ``articleBody`` (or ``text``) and a live
    blog's entries."""

    types: frozenset[str]
    body: str
    #: a thread's opening post as declared: the first ``Question``'s text, else the first ``DiscussionForumPosting``'s
    opening_post: str = ""
    #: a live blog's entries as declared (``LiveBlogPosting.liveBlogUpdate``): each entry's headline and body, in order
    updates: tuple[str, ...] = ()
    #: the first article's ``description``: its summary, often the standfirst shown under its headline
    description: str = ""

    @property
    def is_article(self) -> bool:
        return bool(self.types & ARTICLE_TYPES)

    @property
    def is_thread(self) -> bool:
        return bool(self.types & THREAD_TYPES)


def read_json_ld(texts: list[str]) -> StructuredArticle:
    """Types, article body and live-blog entries declared by the JSON-LD scripts of a page; unreadable scripts are
    skipped."""
    types: set[str] = set()
    body = ""
    question = forum_post = ""
    updates: list[str] = []
    description = ""
    for text in texts:
        data = _loaded(text)
        if data is None:
            continue
        for node in _nodes(data, 0):
            kind = node.get("@type")
            for name in kind if isinstance(kind, list) else [kind]:
                if isinstance(name, str):
                    types.add(name.rsplit("/", 1)[-1].lower())
            names = {n.rsplit("/", 1)[-1].lower() for n in (kind if isinstance(kind, list) else [kind])
                     if isinstance(n, str)}
            text = node.get("text") or node.get("articleBody")
            if isinstance(text, str) and text.strip():
                if "question" in names and not question:
                    question = text
                elif "discussionforumposting" in names and not forum_post:
                    forum_post = text
            for key in ("articleBody", "text"):
                value = node.get(key)
                if isinstance(value, str) and len(value) > len(body) and (key == "articleBody" or _is_article(kind)):
                    body = value
            updates.extend(_update_texts(node.get("liveBlogUpdate")))
            summary = node.get("description")
            if not description and isinstance(summary, str) and _is_article(kind):
                description = summary.strip()
    return StructuredArticle(frozenset(types), body, question or forum_post, tuple(updates), description)


def _update_texts(value: Any) -> list[str]:
    """The headline and body of each entry of a ``liveBlogUpdate`` value (one entry or a list of them)."""
    entries = value if isinstance(value, list) else [value]
    return [text for entry in entries if isinstance(entry, dict)
            for key in ("headline", "articleBody", "text") if isinstance(text := entry.get(key), str) and text.strip()]


def recipe_lines(texts: list[str]) -> list[str]:
    """The ingredients and instruction steps a page's JSON-LD ``Recipe`` declares, in order: recipe plugins render
    them in a card of short lines (amounts, one step each) that reads like chrome, yet they are the post's recipe.
    Steps come as text, ``HowToStep`` objects or ``HowToSection`` s of them."""
    lines: list[str] = []
    for node in json_ld_objects(texts):
        if "recipe" not in type_names(node):
            continue
        ingredients = node.get("recipeIngredient") or node.get("ingredients") or []
        lines += [item for item in (ingredients if isinstance(ingredients, list) else [ingredients])
                  if isinstance(item, str)]
        lines += _steps(node.get("recipeInstructions"), 0)
    return [line.strip() for line in lines if line.strip()]


def _steps(value: Any, depth: int) -> list[str]:
    """The texts of ``recipeInstructions``: a string, a ``HowToStep`` (its ``text``), a ``HowToSection`` (its
    ``itemListElement``) or a list of these."""
    if depth > 3:
        return []
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):
        return [step for item in value[:200] for step in _steps(item, depth + 1)]
    if isinstance(value, dict):
        if "itemListElement" in value:
            return _steps(value["itemListElement"], depth + 1)
        text = value.get("text") or value.get("name")
        return [text] if isinstance(text, str) else []
    return []


#: Where an answer's HTML breaks its text into lines: a paragraph's or list item's end, a line break.
_LINE_BREAKS = re.compile(r"<br\s*/?>|</(?:p|li|div|h\d)>|\n", re.IGNORECASE)
_TAG = re.compile(r"<[^>]+>")


def faq_lines(texts: list[str]) -> list[str]:
    """The questions and answers a page's JSON-LD ``FAQPage`` declares, in order, each answer one line per paragraph
    (its text is HTML): an FAQ block ending a post (Yoast's, Rank Math's) sets them in short boxes that read like
    chrome. ``mainEntity`` may hold the ``Question`` objects or refer to them by ``@id``."""
    objects = json_ld_objects(texts)
    by_id = objects_by_id(objects)
    lines: list[str] = []
    for node in objects:
        if "faqpage" not in type_names(node):
            continue
        entities = node.get("mainEntity") or []
        for question in (entities if isinstance(entities, list) else [entities])[:100]:
            if isinstance(question, dict) and len(question) == 1 and isinstance(question.get("@id"), str):
                question = by_id.get(question["@id"], question)
            if not isinstance(question, dict):
                continue
            answer = question.get("acceptedAnswer")
            answer = answer[0] if isinstance(answer, list) and answer else answer
            said = answer.get("text") if isinstance(answer, dict) else None
            for text in (question.get("name"), said):
                if isinstance(text, str):
                    lines += [html.unescape(_TAG.sub(" ", part)) for part in _LINE_BREAKS.split(text)]
    return [" ".join(line.split()) for line in lines if line.strip()]


def json_ld_objects(texts: list[str]) -> list[dict[str, Any]]:
    """Every JSON object of the page's JSON-LD scripts (``@graph`` members, nested ``author``, ``mainEntity``...), in
    document order; unreadable scripts are skipped."""
    objects: list[dict[str, Any]] = []
    for text in texts:
        data = _loaded(text)
        if data is not None:
            objects.extend(_nodes(data, 0))
    return objects


def objects_by_id(objects: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """The objects of :func:`json_ld_objects` that have an ``@id``, by it; a bare reference (``{"@id": ...}`` alone,
    met where another object points to the node) does not stand for the node it refers to."""
    return {node["@id"]: node for node in objects if isinstance(node.get("@id"), str) and len(node) > 1}


@lru_cache(maxsize=16)
def _loaded(text: str) -> Any:
    """A JSON-LD script parsed once, however many readers of the page ask (the router, the metadata, the declared
    body and posts); None when it does not parse. Readers never change what it returns."""
    try:
        return json.loads(text, strict=False)
    except ValueError:
        return None


def type_names(node: dict[str, Any]) -> set[str]:
    """A JSON-LD object's schema.org types, lower case and without the vocabulary URL."""
    kind = node.get("@type")
    return {n.rsplit("/", 1)[-1].lower() for n in (kind if isinstance(kind, list) else [kind]) if isinstance(n, str)}


def _is_article(kind: Any) -> bool:
    names = kind if isinstance(kind, list) else [kind]
    return any(isinstance(n, str) and n.rsplit("/", 1)[-1].lower() in ARTICLE_TYPES for n in names)


def _nodes(data: Any, depth: int) -> Iterator[dict[str, Any]]:
    """Every JSON object of a JSON-LD document (``@graph``, nested ``mainEntity``...), to a bounded depth."""
    if depth > 6:
        return
    if isinstance(data, dict):
        yield data
        for value in data.values():
            if isinstance(value, dict | list):
                yield from _nodes(value, depth + 1)
    elif isinstance(data, list):
        for item in data[:200]:
            yield from _nodes(item, depth + 1)
