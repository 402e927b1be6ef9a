"""A comment thread of one comment: a post or an issue that one reader has answered so far.

A group of posts needs two members (:data:`~scrapy_boiler.segment.post_groups.MIN_MEMBERS`), so a single comment under
a link aggregator's post (Lemmy's ``li.comment``) or an issue (GitHub's ``react-issue-comment``) stayed in no group:
neither the article's comments nor a thread's reply. Inside an element named like comments, one element named a
comment that shows its poster, a date and words of its own is that comment, when no other element there does.
"""

from __future__ import annotations

import re

from lxml import etree

from scrapy_boiler.segment.post_bodies import member_bodies
from scrapy_boiler.segment.post_groups import PostGroup
from scrapy_boiler.segment.post_marks import has_date, has_user_link, names_poster
from scrapy_boiler.segment.signatures import signature
from scrapy_boiler.segment.text_stats import TextStats

#: Words outside links a lone comment must hold: a "Leave a comment" box or a count of comments holds fewer.
LONE_WORDS = 8
#: A class or id naming one comment whole ("comment", "comment-node", "post-comment", "react-issue-comment",
#: "comment-123"), not the box of all comments ("comments", "commentsSection"), a part of one ("comment-author",
#: "comment-posted") nor a widget of the most commented stories.
_ONE_COMMENT = re.compile(r"^(?:[\w-]*[-_])?comment(?:[-_](?:\d+|item|node|entry|container|wrapper|card|box))?$",
                          re.IGNORECASE)


def _names_one_comment(el: etree._Element) -> bool:
    return any(_ONE_COMMENT.match(token) for name in (el.get("class"), el.get("id")) if name for token in name.split())


def lone_comment(box: etree._Element, stats: TextStats) -> PostGroup | None:
    """The group of the one comment inside ``box``: the innermost element named one comment (:data:`_ONE_COMMENT`)
    that shows a date, its poster and :data:`LONE_WORDS` words, when every other such element holds it or lies in
    it; None otherwise (two comments are a group for :func:`~scrapy_boiler.segment.post_groups.find_post_group` to
    find, or none)."""
    found = [el for el in box.iter() if isinstance(el.tag, str) and _names_one_comment(el)
             and stats.text_words(el) >= LONE_WORDS and has_date(el) and (has_user_link(el) or names_poster(el))]
    if not found:
        return None
    comment = found[-1]  # the innermost, when they nest: document order puts descendants after their ancestors
    if any(el is not comment and comment not in el.iterdescendants() for el in found):
        return None
    parent = comment.getparent()
    if parent is None:
        return None
    bodies, _ = member_bodies([comment], stats)
    return PostGroup(parent, signature(comment), [comment], bodies, stats.text_words(comment), 1.0, True)
