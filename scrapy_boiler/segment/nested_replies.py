"""Replies nested inside the posts they answer (reddit, Disqus, Talkyard, GitHub discussions): elements inside a post
group's members made like them, which :func:`~scrapy_boiler.segment.post_groups.find_post_group` makes posts of their
own."""

from __future__ import annotations

import re
from collections import Counter

from lxml import etree

from scrapy_boiler.parse.normalize import count_words
from scrapy_boiler.segment.post_bodies import MIN_POST_WORDS
from scrapy_boiler.segment.semantics import element_names
from scrapy_boiler.segment.signatures import MIN_CLASS_OVERLAP, class_overlap, class_tokens, id_template
from scrapy_boiler.segment.text_stats import TextStats


def with_nested_replies(
    members: list[etree._Element], stats: TextStats
) -> tuple[list[etree._Element], list[etree._Element]]:
    """The members and the replies nested inside them (:func:`nested_replies`). Members that are bare wrappers
    (``<li>``) around one element each become those elements when replies nested deeper share their class names
    without the wrapper (Talkyard: ``li > div.dw-t dw-depth-1`` above ``li.dw-t dw-depth-2``; the class names most
    of the wrapped elements carry), so every post is read from the same template."""
    nested = nested_replies(members, stats)
    if nested:
        return members, nested
    children = [[child for child in member if isinstance(child.tag, str)] for member in members]
    if any(len(elements) != 1 for elements in children):
        return _replies_listed_after(members, children, stats)
    inner = [elements[0] for elements in children]
    if class_tokens(members[-1]) or members[-1].get("id"):
        # Named wrappers: the posts inside them may still share a generated id with the replies nested in them
        # (GitHub's ``discussioncomment-#`` on an answer and on the replies in it).
        nested = nested_replies(inner, stats) if id_template(inner[-1]) else []
        return (inner, nested) if nested else (members, [])
    tokens = _carried_by_most(inner)
    nested = nested_replies(inner, stats, tokens, any_tag=True) if tokens else []
    return (inner, nested) if nested else (members, [])


def _replies_listed_after(
    members: list[etree._Element], children: list[list[etree._Element]], stats: TextStats
) -> tuple[list[etree._Element], list[etree._Element]]:
    """Wrappers (``<li>``) holding a post, then the list of the replies to it, each a wrapper again (Allura, the
    forums of SourceForge: ``li > div.discussion-post + ul > li > div.discussion-post``): the posts are the wrapped
    elements and the replies in those lists made like them (the class names most of the wrapped posts carry)."""
    if any(not elements or any(el.tag not in _LISTS and not _REPLIES_BOX.search(element_names(el))
                               for el in elements[1:]) for elements in children):
        return members, []
    inner = [elements[0] for elements in children]
    tokens = _carried_by_most(inner)
    lists = [el for elements in children for el in elements[1:]]
    nested = nested_replies(lists, stats, tokens, any_tag=True, more=True) if tokens else []
    return (inner, nested) if nested else (members, [])


def _carried_by_most(elements: list[etree._Element]) -> frozenset[str]:
    """The class names at least half of ``elements`` carry: the template's, without one post's state."""
    counts = Counter(token for el in elements for token in class_tokens(el))
    return frozenset(token for token, count in counts.items() if 2 * count >= len(elements))


#: The elements a post's replies are listed in, after it, inside the wrapper they share, or a box named for them (The
#: Register's ``div.replies``; Suomi24's ``div.AnswerList__Wrapper``, its word for a reply being "vastaus", answer).
_LISTS = frozenset({"ul", "ol"})
_REPLIES_BOX = re.compile(r"repl(?:y|ies)|children|responses|answer", re.I)


def nested_replies(members: list[etree._Element], stats: TextStats, tokens: frozenset[str] | None = None,
                    any_tag: bool = False, more: bool = False) -> list[etree._Element]:
    """Elements inside the members made like them (same tag, class names overlapping by
    :data:`MIN_CLASS_OVERLAP`, or the same generated id, ``post-#`` of ``post-1251884``, whatever their classes mark:
    ``threadStarter``, ``staff admin``; or the same custom element): replies nested under the post they answer. Members
    without a class, generated id or custom tag are not matched (nested lists are not replies). ``tokens``, when
    given, are the class names to overlap, on elements of any tag with ``any_tag``; with ``more``, an element holding
    them all and more names matches too (``post reply depth_1`` for ``post``)."""
    reference = members[-1]
    tokens = class_tokens(reference) if tokens is None else tokens
    generated = id_template(reference)
    custom = "-" in reference.tag  # a custom element (<shreddit-comment>) is a template by its very name
    if not tokens and not generated and not custom:
        return []
    found = []
    for member in members:
        inside = []
        for el in member.iterdescendants(None if any_tag else reference.tag):
            if not isinstance(el.tag, str) or stats.text_words(el) < MIN_POST_WORDS:
                continue
            if custom or class_overlap(tokens, class_tokens(el)) >= MIN_CLASS_OVERLAP \
                    or (generated and id_template(el) == generated) or (more and tokens < class_tokens(el)):
                inside.append(el)
        found.extend(_after_the_post(member, inside, stats) if inside else ())
    return found


def largest_own(members: list[etree._Element], nested: list[etree._Element], stats: TextStats) -> int:
    """The most non-link words one post says itself, the replies ``nested`` in the ``members`` counted as posts of
    their own: a top-level comment holding a long tree of replies is one post of many, not the bigger half of a
    layout."""
    units = {*members, *nested}
    own = {unit: stats.text_words(unit) for unit in units}
    for reply in nested:
        holder = next((up for up in reply.iterancestors() if up in units), None)
        if holder is not None:
            own[holder] -= stats.text_words(reply)
    return max(own.values())


def _after_the_post(member: etree._Element, inside: list[etree._Element], stats: TextStats) -> list[etree._Element]:
    """The look-alikes inside ``member`` that come after some of its own words: a reply follows the post it answers,
    while a box before any of them is part of the post's template whose utility class names happen to overlap the
    member's (Quora's ``q-box qu-px--medium qu-pt--medium`` byline in ``q-box qu-pt--medium qu-borderBottom``). A
    member with no words of its own outside them (a hidden comment above its replies) keeps them all."""
    candidates = set(inside)
    outermost = [el for el in inside if not any(up in candidates for up in el.iterancestors() if up is not member)]
    if stats.words.get(member, 0) - sum(stats.words.get(el, 0) for el in outermost) < MIN_POST_WORDS:
        return inside
    rejected: set[etree._Element] = set()
    seen = 0
    for event, el in etree.iterwalk(member, events=("start", "end")):
        if seen >= MIN_POST_WORDS:
            break
        if event == "start":
            if el in candidates:
                rejected.update(el.iter())  # it and the look-alikes it holds
            if isinstance(el.tag, str):
                seen += count_words(el.text)
        elif el is not member:
            seen += count_words(el.tail)
    return [el for el in inside if el not in rejected]
