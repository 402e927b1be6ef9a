"""Whether the text above a thread's posts is signed as the replies are: by a member, with a link to a user page.

Read by :func:`~scrapy_boiler.extractors.threads.opening_post.settle_thread` to tell an opening post above its
replies from an article above its comments.
"""

from __future__ import annotations

from collections import Counter

from lxml import etree

from scrapy_boiler.parse.normalize import collapse_spaces
from scrapy_boiler.parse.urls import join_url, split_url
from scrapy_boiler.segment.blocks import TextBlock
from scrapy_boiler.segment.post_groups import PostGroup
from scrapy_boiler.segment.post_marks import is_user_href


def signed_like_replies(group: PostGroup, opening: TextBlock, url: str | None) -> bool:
    """Whether the text above the posts, from its first block (``opening``) on, names its author with a link to the
    same kind of user page as most replies lead with (``user?id=ann`` above, ``user?id=bob`` first in the replies):
    its writer is a member, as in a discussion, where an article's byline links to a staff page or to nothing, and
    its commenters to their own sites. Teasers of other articles, signed like the article, lead with their title's
    link instead."""
    firsts = Counter(_user_page(anchor, url) for anchor in map(_first_link, group.members) if anchor is not None)
    kind, count = next(iter(firsts.most_common(1)), ("", 0))
    if not kind or 2 * count < len(group.members):
        return False
    return any(_user_page(anchor, url) == kind for anchor in _links_between(opening.element, group.members[0]))


def _first_link(member: etree._Element) -> etree._Element | None:
    """The member's first link with text (an icon link, such as a vote arrow, is no signature)."""
    return next((a for a in member.iter("a") if collapse_spaces("".join(a.itertext()))), None)


def _links_between(start: etree._Element, end: etree._Element) -> list[etree._Element]:
    """The links from ``start`` (included) up to ``end`` in document order: the opening text and its byline."""
    links: list[etree._Element] = []
    inside = False
    for el in start.getroottree().iter():
        if el is end:
            break
        inside = inside or el is start
        if inside and el.tag == "a":
            links.append(el)
    return links


def _user_page(anchor: etree._Element, url: str | None) -> str:
    """The kind of user page a link goes to: its host, path without the last segment and query keys
    (``news.example.com/user?id``), or "" when it is no link to a user page."""
    href = anchor.get("href") or ""
    if not is_user_href(href):
        return ""
    parts = split_url(join_url(url, href))
    if parts is None:
        return ""
    keys = ",".join(sorted({pair.split("=", 1)[0] for pair in parts.query.split("&") if "=" in pair}))
    folder = parts.path.rstrip("/").rsplit("/", 1)[0] if not keys else parts.path
    return f"{parts.hostname}{folder}?{keys}"
