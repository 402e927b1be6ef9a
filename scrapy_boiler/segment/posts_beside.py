"""Posts drawn beside a group's members in another template, found by their bodies, named as the members' are.

A thread's page may render two kinds of post between the same siblings: GitHub's pull request page lists its comments
as ``div.TimelineItem`` s and, between them, each review in a ``div.js-timeline-item`` of another shape, holding the
review's summary and its comments on lines of code. The group of :mod:`~scrapy_boiler.segment.post_groups` is one
template's; but every comment's body, in either, is a ``comment-body markdown-body``: an element named as the
members' bodies are, inside another sibling of theirs, is a post's body too.
"""

from __future__ import annotations

from lxml import etree

from scrapy_boiler.segment.post_bodies import MIN_POST_WORDS
from scrapy_boiler.segment.regions import is_within
from scrapy_boiler.segment.semantics import is_slipped_in
from scrapy_boiler.segment.signatures import MIN_CLASS_OVERLAP, class_overlap, class_tokens
from scrapy_boiler.segment.text_stats import TextStats

#: Share of the members' body's class names an element carries to be named as it is (GitHub's review comments carry
#: the four and three more of their own).
BODY_NAME_SHARE = 0.75


def with_posts_beside(
    parent: etree._Element, posts: list[etree._Element], bodies: list[list[etree._Element]], stats: TextStats,
) -> tuple[list[etree._Element], list[list[etree._Element]]]:
    """The posts and their bodies with, in page order among them, each post found in a sibling of the members that
    is none (each found element is a post and its own body). Only where every member is a child of ``parent`` with
    one body, all named alike by at least two class names; a question above them stays first."""
    members = [post for post in posts if post.getparent() is parent]
    if len(members) < 2 or posts[len(posts) - len(members):] != members or any(len(found) != 1 for found in bodies):
        return posts, bodies  # replies nested in posts, or a post's text in several boxes
    names = [_names_of(found[0], member, stats) for member, found in zip(members, bodies[len(posts) - len(members):],
                                                                  strict=True)]
    body_names = names[0]
    if len(body_names) < 2 or any(other != body_names for other in names[1:]):
        return posts, bodies
    body_of = dict(zip(posts, bodies, strict=True))
    ordered = posts[:len(posts) - len(members)]  # a question above
    found_any = False
    for child in parent:
        if child in body_of:
            ordered.append(child)
            continue
        if not isinstance(child.tag, str) or is_slipped_in(child) or _left_out(child, members[0]):
            continue  # an advert or a related question's answer set among the posts (Quora's)
        for post in _named_bodies(child, body_names, stats):
            ordered.append(post)
            body_of[post] = [post]
            found_any = True
    if not found_any:
        return posts, bodies
    return ordered, [body_of[post] for post in ordered]


def _left_out(child: etree._Element, member: etree._Element) -> bool:
    """Whether a sibling is of the members' own template, which the group left out: an issue's event line among its
    comments (Pachno's ``div.comment.syscomment``, "The status has been updated"), not a post of another template."""
    return child.tag == member.tag and class_overlap(class_tokens(child), class_tokens(member)) >= MIN_CLASS_OVERLAP


def _names_of(body: etree._Element, member: etree._Element, stats: TextStats) -> frozenset[str]:
    """The class names of the body or of its nearest wrapper inside the member that has two or more and holds no
    other words (a body found down to its one paragraph is named by the box around it; a box holding the poster's
    name too is the post's, which a tag list may be named after)."""
    el: etree._Element | None = body
    words = stats.words.get(body, 0)
    while el is not None and el is not member and stats.words.get(el, 0) == words:
        tokens = class_tokens(el)
        if len(tokens) >= 2:
            return tokens
        el = el.getparent()
    return frozenset()


def _named_bodies(box: etree._Element, names: frozenset[str], stats: TextStats) -> list[etree._Element]:
    """The outermost elements of ``box`` named as the bodies (:data:`BODY_NAME_SHARE`) with a post's words, none
    inside an advert or an entry that is no post (:func:`~scrapy_boiler.segment.semantics.is_slipped_in`)."""
    found: list[etree._Element] = []
    skip: etree._Element | None = None
    for el in box.iter():
        if not isinstance(el.tag, str) or (skip is not None and is_within(el, skip)):
            continue
        if is_slipped_in(el):
            skip = el
            continue
        if len(class_tokens(el) & names) >= BODY_NAME_SHARE * len(names) and stats.text_words(el) >= MIN_POST_WORDS:
            found.append(el)
            skip = el
    return found
