"""Answers a page shows but does not declare, under the question it declares.

A Q&A page may mark its question up as a schema.org ``Question`` item and its answers as nothing (Ответы Mail.ru):
the declared posts are the question alone, which reads as a question nobody answered. Where the layout shows a group
of posts below it, those are its answers, and the declared question opens them.
"""

from __future__ import annotations

from lxml import etree

from scrapy_boiler.extractors.threads.opening_post_box import with_opening_post
from scrapy_boiler.segment.declared_posts import declared_as_answer
from scrapy_boiler.segment.post_groups import PostGroup, find_post_group
from scrapy_boiler.segment.text_stats import TextStats


def answers_below(declared: PostGroup | None, root: etree._Element, stats: TextStats) -> PostGroup | None:
    """For a question declared alone while the layout shows a group of posts below it, that group with the declared
    question first: the answers, which the page did not mark up (Ответы Mail.ru marks its question as a ``Question``
    item and its answers as nothing); the group as it is where it found the declared question above posts the page
    declares as answers. None otherwise."""
    if declared is None or len(declared.members) > 1 or not declared.declared \
            or declared.declared[0].kind != "question":
        return None
    layout = find_post_group(root, stats)
    if layout is None:
        return None
    question = declared.members[0]
    if layout.question_found and declared.bodies[0][0] in layout.members[0].iter() \
            and any(map(declared_as_answer, layout.members)):
        # the layout found the declared question above posts the page declares answers without their text
        # (JustAnswer's ``Question`` item is the whole column, its one ``Answer`` item has no ``text``)
        return layout
    if any(question is member or question in member.iterancestors() or member in
           question.iterancestors() for member in layout.members) or not _below(question, layout):
        return None
    return with_opening_post(layout, declared.bodies[0], boxed=True)


def _below(el: etree._Element, group: PostGroup) -> bool:
    """Whether the group's first member comes after ``el`` in the page, outside it."""
    holding_first = {group.members[0], *group.members[0].iterancestors()}
    return any(node in holding_first for ancestor in (el, *el.iterancestors()) for node in ancestor.itersiblings())
