"""What a page's JSON-LD says of each post it shows: author, date, votes and the accepted answer.

Q&A sites and forums that render their posts without microdata often declare them in a JSON-LD ``QAPage`` (a
``Question`` with ``acceptedAnswer`` and ``suggestedAnswer`` items) or a ``DiscussionForumPosting`` with its
``comment`` items, each with ``text``, ``author``, ``dateCreated`` and ``upvoteCount``. The posts are found in the
DOM as usual; :func:`with_declared_details` matches each to the declared item whose text it repeats and fills what
the DOM did not show. What the DOM shows is kept: the declaration may be a summary, or lag behind the page.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from scrapy_boiler.document import Post
from scrapy_boiler.parse.metadata import author_names
from scrapy_boiler.parse.normalize import word_bag
from scrapy_boiler.parse.structured import json_ld_objects, type_names

#: schema.org types of a declared post.
POST_TYPES = frozenset({"question", "answer", "comment", "discussionforumposting", "socialmediaposting"})
#: Share of the declared text's words a post must hold, and of the post's words the declared text must hold, for the
#: two to be one post.
MATCH_SHARE = 0.6


@dataclass(frozen=True, slots=True)
class _Declared:
    words: Counter[str]
    author: str | None
    date: str | None
    votes: int | None
    accepted: bool
    question: bool = False


def with_declared_details(posts: Sequence[Post], json_ld: Sequence[str]) -> list[Post]:
    """``posts`` with the author, date, votes and accepted flag the JSON-LD declares for each, where the post has
    none of its own; posts no declared item repeats stay as they are."""
    declared = _declared_posts(json_ld)
    if not declared:
        return list(posts)
    out = []
    for index, post in enumerate(posts):
        match = _match(word_bag(post.text), declared, opening=index == 0)
        if match is None:
            out.append(post)
            continue
        out.append(replace(
            post,
            author=post.author or match.author,
            date=post.date or match.date,
            votes=post.votes if post.votes is not None else match.votes,
            accepted=post.accepted or match.accepted,
        ))
    return out


def _match(words: Counter[str], declared: list[_Declared], opening: bool = False) -> _Declared | None:
    """The declared item sharing most words both ways with a post; for the opening post, a declared question need
    only be in it (a question's declared text may be its first paragraph: Apple's Community)."""
    size = sum(words.values())
    best, best_share = None, 0.0
    for item in declared:
        shared = sum((words & item.words).values())
        inside = shared / sum(item.words.values())
        share = (inside if opening and item.question else min(shared / size, inside)) if size else 0.0
        if share >= MATCH_SHARE and share > best_share:
            best, best_share = item, share
    return best


def _declared_posts(json_ld: Sequence[str]) -> list[_Declared]:
    """Every declared post with a text: its words and what is said of it."""
    objects = json_ld_objects(list(json_ld))
    by_id = {node["@id"]: node for node in objects if isinstance(node.get("@id"), str)}
    accepted: set[int] = set()
    for node in objects:
        answers = node.get("acceptedAnswer")
        for answer in answers if isinstance(answers, list) else [answers]:
            if isinstance(answer, dict):
                accepted.add(id(answer))
    found = []
    for node in objects:
        text = node.get("text") or node.get("articleBody")
        if not (type_names(node) & POST_TYPES) or not isinstance(text, str):
            continue
        words = word_bag(text)
        if not words:
            continue
        names = author_names(node.get("author"), by_id)
        found.append(_Declared(words, names[0] if names else None, _date(node), _votes(node.get("upvoteCount")),
                               id(node) in accepted, "question" in type_names(node)))
    return found


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
