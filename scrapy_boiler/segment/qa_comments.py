"""The comments under a Q&A page's question and answers: no posts of their own.

Stack Exchange draws them apart from the posts, outside the answers' bodies. Khoros (Atlassian Community) and other Q&A
engines draw each comment as a sibling of the answers, in the answers' template, with a class that names it a comment
(``lia-message-view-qanda-comment``), so the post group holds them among the answers; MATLAB Answers declares them
in its microdata, as ``Comment`` items beside the ``Answer`` ones. A reader of a Q&A page, and ``Document.qa_pairs``,
want the question and its answers.
"""

from __future__ import annotations

import re
from dataclasses import replace

from scrapy_boiler.segment.post_groups import PostGroup

#: A member named as a comment by its class names.
_COMMENT_NAME = re.compile(r"comment", re.IGNORECASE)


def answers_only(group: PostGroup) -> PostGroup:
    """The group without the members named as comments, when the first (the question) and most of the others are
    not: where every member is so named, the comments are the page's answers (a Q&A engine that calls them so).
    Members so named inside other members are the comments under them, however many (Biostars' ``comment-list``
    inside each post). Where the page's markup declares answers, the members it declares as ``Comment`` items are
    the comments under them, however many (MATLAB Answers)."""
    declared = group.declared
    if declared is not None and any(post.kind == "answer" for post in declared):
        named = [post.kind == "comment" for post in declared]
        if not any(named) or named[0]:
            return group
    else:
        named = [_COMMENT_NAME.search(member.get("class") or "") is not None for member in group.members]
        if not any(named) or named[0] or (2 * sum(named) >= len(named) and not _all_nested(group, named)):
            return group
    kept = [index for index, comment in enumerate(named) if not comment]
    members = [group.members[index] for index in kept]
    return replace(
        group, members=members, bodies=[group.bodies[index] for index in kept],
        declared=None if group.declared is None else tuple(group.declared[index] for index in kept),
        heads={member: head for member, head in group.heads.items() if member in members},
    )


def _all_nested(group: PostGroup, named: list[bool]) -> bool:
    """Whether every member named as a comment lies inside another member (a post's comment list)."""
    members = set(group.members)
    return all(any(ancestor in members for ancestor in member.iterancestors())
               for member, comment in zip(group.members, named, strict=True) if comment)
