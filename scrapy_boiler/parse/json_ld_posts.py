"""Posts a page declares in JSON-LD: the question and answers of a ``QAPage``, a ``DiscussionForumPosting`` and its
``comment`` items.

Q&A sites and forums that render their posts without microdata often declare them this way, each with ``text``,
``author``, ``dateCreated`` and ``upvoteCount`` (search engines ask Q&A pages for it). Segmentation looks the texts
up in the DOM to find the posts (:mod:`~scrapy_boiler.segment.declared_json_ld`), and assembly fills what the DOM
did not show of each post (:mod:`~scrapy_boiler.assemble.declared_answers`).

A ``FAQPage`` declares ``Question`` and ``Answer`` items too, but they are an article's or a shop's own FAQ, not a
thread: items inside one are not read as posts.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from scrapy_boiler.parse.metadata import author_names
from scrapy_boiler.parse.normalize import count_words, word_bag
from scrapy_boiler.parse.structured import json_ld_objects, objects_by_id, type_names

#: schema.org types of a declared post.
POST_TYPES = frozenset({"question", "answer", "comment", "discussionforumposting", "socialmediaposting"})


@dataclass(frozen=True, slots=True)
class JsonLdPost:
    """One post as a page's JSON-LD declares it."""

    kind: str  #: the schema.org type, lower-cased ("question", "answer", "comment"...)
    words: Counter[str]  #: the declared text as a bag of lower-cased words (:func:`word_bag`)
    size: int  #: the declared text's words as :func:`~scrapy_boiler.parse.normalize.count_words` counts them
    author: str | None = None
    date: str | None = None
    votes: int | None = None
    accepted: bool = False
    opening: str = ""  #: the declared text's first :data:`OPENING_CHARS` characters other than white space
    cut_short: bool = False  #: whether the declared text stops mid-sentence or on an ellipsis (:func:`is_cut_short`)

    @property
    def question(self) -> bool:
        return self.kind == "question"


def json_ld_posts(json_ld: Sequence[str]) -> list[JsonLdPost]:
    """Every post the JSON-LD declares with a text, in document order; those inside a ``FAQPage`` are left out."""
    objects = json_ld_objects(list(json_ld))
    by_id = objects_by_id(objects)
    accepted: set[int] = set()
    in_faq: set[int] = set()
    for node in objects:
        answers = node.get("acceptedAnswer")
        for answer in answers if isinstance(answers, list) else [answers]:
            if isinstance(answer, dict):
                accepted.add(id(answer))
        if "faqpage" in type_names(node):
            in_faq.update(id(inner) for inner in _inner_objects(node, 0))
    found = []
    for node in objects:
        text = node.get("text") or node.get("articleBody")
        kinds = type_names(node) & POST_TYPES
        if not kinds or not isinstance(text, str) or id(node) in in_faq:
            continue
        words = word_bag(text)
        if not words:
            continue
        names = author_names(node.get("author"), by_id)
        kind = "question" if "question" in kinds else min(kinds)
        found.append(JsonLdPost(kind, words, count_words(text), names[0] if names else None, _date(node),
                                _votes(node.get("upvoteCount")), id(node) in accepted, opening_of(text),
                                is_cut_short(text)))
    return found


#: Characters of a declared text's opening (white space aside): a sentence or so, enough to tell one post's start.
OPENING_CHARS = 40


def opening_of(text: str) -> str:
    """The first :data:`OPENING_CHARS` characters of ``text`` that are not white space."""
    return "".join(text.split())[:OPENING_CHARS]


#: How a whole text ends: a sentence's mark, a closing quote or bracket, or a code block's closing brace.
_WHOLE_END = re.compile(r"[.!?。！？:;\"'”’»)\]}]\s*$")
_ELLIPSIS = re.compile(r"(?:\.\.\.|…)\s*$")


def is_cut_short(text: str) -> bool:
    """Whether a declared text reads as cut short: it ends on an ellipsis, or mid-sentence (teratail declares the
    first characters of each answer: "... return se")."""
    return _ELLIPSIS.search(text) is not None or _WHOLE_END.search(text) is None


def _inner_objects(data: Any, depth: int) -> list[dict[str, Any]]:
    """Every object nested in ``data`` (itself included), to a bounded depth."""
    if depth > 6:
        return []
    if isinstance(data, dict):
        return [data, *(o for value in data.values() for o in _inner_objects(value, depth + 1))]
    if isinstance(data, list):
        return [o for item in data[:200] for o in _inner_objects(item, depth + 1)]
    return []


def _date(node: dict[str, Any]) -> str | None:
    for key in ("dateCreated", "datePublished"):
        value = node.get(key)
        if isinstance(value, str) and value.strip():
            return value.strip()
    return None


def _votes(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str):
        try:
            return int(value.strip())
        except ValueError:
            return None
    return None
