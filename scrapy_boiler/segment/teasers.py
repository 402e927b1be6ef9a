"""Teaser lists: repeated boxes that each lead to another page, not posts of the page's own thread.

A thread of one post has no group of posts to find, and the best repeated group left is the list of other
threads below it ("Similar topics", "More posts you may like"), dated and signed as posts are. Each of its boxes
opens with its title linking to another page and says little else: who started it, when, how many replies. A post
says something in its own words, and its title, where it has one, is not a link away.
"""

from __future__ import annotations

from collections.abc import Iterator

from lxml import etree

from scrapy_boiler.segment.post_marks import has_date_text, is_user_href
from scrapy_boiler.segment.text_stats import words

#: Words a link's text needs to be a title (a poster's name or "Reply" is shorter).
TITLE_WORDS = 3
#: A run of at least this many words outside links is something said: the box is a post, however short its title.
SAID_WORDS = 12
#: ``rel`` values of links a site's visitors wrote (a commenter's name linking to their blog), not its own teasers.
_REL_AWAY = frozenset({"external", "nofollow", "ugc"})


def is_teaser(member: etree._Element) -> bool:
    """Whether a box opens with a title linking to another page and holds no run of :data:`SAID_WORDS` words outside
    links. The title is the box's first text of :data:`TITLE_WORDS` words; a link within the page (``#p123``, a
    post's own anchor), to a user's page, to a commenter's own site (``rel="external nofollow"``: "Kristy @ Kristy's
    Health Revolution") or reading as a date ("3 hours ago", a comment's permalink) is no title."""
    title_seen = False
    for text, link in _texts(member):
        count = words(text)
        if link is None:
            if count >= SAID_WORDS:
                return False
            if not title_seen and count >= TITLE_WORDS:
                return False  # the box opens with words of its own
            continue
        if not title_seen and count >= TITLE_WORDS:
            href = (link.get("href") or "").strip()
            if not href or "#" in href or is_user_href(href) or _REL_AWAY & set((link.get("rel") or "").split()) \
                    or has_date_text(text):
                return False
            title_seen = True
    return title_seen


def lists_other_pages(members: list[etree._Element]) -> bool:
    """Whether most of a group's boxes are teasers (:func:`is_teaser`): a list of other threads or stories. Read until
    the answer is known: posts say something of their own early, so most groups cost a look at a member or two."""
    needed = len(members) // 2 + 1
    teasers = 0
    for seen, member in enumerate(members, 1):
        teasers += is_teaser(member)
        if teasers >= needed:
            return True
        if teasers + len(members) - seen < needed:
            return False
    return False


def _texts(member: etree._Element) -> Iterator[tuple[str, etree._Element | None]]:
    """The member's text nodes in document order, each with the innermost link holding it (None outside links), read
    as they are asked for."""
    links: list[etree._Element] = []
    for event, el in etree.iterwalk(member, events=("start", "end")):
        if not isinstance(el.tag, str):
            continue
        if event == "start":
            if el.tag == "a":
                links.append(el)
            text = el.text
        else:
            if el.tag == "a" and links:
                links.pop()
            if el is member:
                break
            text = el.tail
        if text and text.strip():
            yield text, links[-1] if links else None
