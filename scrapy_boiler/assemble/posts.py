"""Turn the post group of a type-2 page into :class:`~scrapy_boiler.document.Post` objects and Q&A pairs.

A post's text is the text of its body (see :mod:`scrapy_boiler.segment.post_groups`), one Boilerpipe
block per line; its author and date come from the rest of the member (profile link or an element
named like ``author``/``username``; a ``<time>`` element or a date-like string). The first post,
with the page title, is the question; every following post is an answer.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from lxml import etree

from scrapy_boiler.document import Post, QAPair
from scrapy_boiler.parse.normalize import collapse_spaces
from scrapy_boiler.segment.blocks import Leaf
from scrapy_boiler.segment.post_groups import PostGroup

_AUTHOR_NAME = re.compile(r"author|user|poster|username|member|byline|nick", re.I)
_USER_HREF = re.compile(r"member|user|profile|author|/u/|[?&;]u=|showuser|people", re.I)
_DATE_TEXT = re.compile(
    r"\d{1,2}[./-]\d{1,2}[./-]\d{2,4}|\d{4}-\d{2}-\d{2}|\d{1,2}:\d{2}|\b(?:19|20)\d{2}\b|\bago\b|yesterday|today",
    re.I,
)
#: Author names and dates are short; longer texts are prose.
MAX_META_WORDS = 8


def _owner(leaf: Leaf, owners: dict[etree._Element, int]) -> int | None:
    """Index of the member whose (body) element holds ``leaf``, walking up from its parent."""
    node: etree._Element | None = leaf.parent
    while node is not None:
        found = owners.get(node)
        if found is not None:
            return found
        node = node.getparent()
    return None


def _author(member: etree._Element, body: set[etree._Element]) -> str | None:
    for el in member.iter():
        if el in body or not isinstance(el.tag, str):
            continue
        names = " ".join((el.get("class") or "", el.get("id") or "", el.get("itemprop") or ""))
        text = collapse_spaces("".join(el.itertext()))
        if text and len(text.split()) <= MAX_META_WORDS and (
            _AUTHOR_NAME.search(names) or (el.tag == "a" and _USER_HREF.search(el.get("href") or ""))
        ):
            return text
    return None


def _date(member: etree._Element, body: set[etree._Element]) -> str | None:
    for el in member.iter("time"):
        value = el.get("datetime") or collapse_spaces("".join(el.itertext()))
        if value:
            return value
    for el in member.iter():
        if el in body or not isinstance(el.tag, str):
            continue
        for text in (el.text, el.tail):
            text = collapse_spaces(text or "")
            if text and len(text.split()) <= MAX_META_WORDS and _DATE_TEXT.search(text):
                return text
    return None


def build_posts(group: PostGroup, leaves: Sequence[Leaf], content: Sequence[bool] | None = None) -> list[Post]:
    """One :class:`Post` per group member with body text, in page order.

    ``content`` (one flag per leaf) restricts the text to leaves the model kept, and drops members
    where it kept nothing; without it the whole body is taken (the rules fallback).
    """
    owners = group.body_of()
    texts: list[list[list[str]]] = [[] for _ in group.members]  # per member: lines (per block) of leaf texts
    last_block: list[int] = [-1] * len(group.members)
    blocks: list[list[int]] = [[] for _ in group.members]
    for index, leaf in enumerate(leaves):
        if content is not None and not content[index]:
            continue
        member = _owner(leaf, owners)
        if member is None:
            continue
        if leaf.block != last_block[member] or not texts[member]:
            texts[member].append([])
            last_block[member] = leaf.block
            if leaf.block >= 0:
                blocks[member].append(leaf.block)
        texts[member][-1].append(leaf.text)
    posts = []
    for index, member in enumerate(group.members):
        lines = [line for line in (collapse_spaces(" ".join(parts)) for parts in texts[index]) if line]
        if not lines:
            continue
        body = {el for b in group.bodies[index] for el in b.iter()}
        posts.append(Post("\n".join(lines), _author(member, body), _date(member, body), tuple(blocks[index])))
    return posts


def qa_pairs(title: str, posts: Sequence[Post]) -> list[QAPair]:
    """The first post (headed by the page title unless it already starts with it) against each answer."""
    if not posts:
        return []
    question = posts[0].text
    title = collapse_spaces(title)
    if title and not question.startswith(title):
        question = f"{title}\n{question}"
    return [QAPair(question, post.text) for post in posts[1:]]
