"""A later page of a long thread: its first post is a reply, and the opening post is on the thread's first page.

A crawler that follows a forum's pagination fetches pages 2, 3... of every long thread. Their first post is not the
question, and pairing it with the others as one would make every pair wrong. Forums number their posts (``#4951``,
``Post #12``, a board's floors ``31楼``); a page whose posts count on from a number above 1, with no opening post
found above them, is such a later page, and the thread's title is all it shows of the question.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import pairwise

from lxml import etree

from scrapy_boiler.extractors.threads.thread_title import from_title, title_element
from scrapy_boiler.segment.blocks import TextBlock
from scrapy_boiler.segment.post_groups import PostGroup

#: A post's ordinal as forums show it: ``#4951``, ``Post #12``; boards count floors: ``5#``, ``31楼``,
#: ``2F``.
_ORDINAL = re.compile(r"^(?:#|(?:post|reply|beitrag|antwort|message)\s*#?\s*)(\d{1,7})$|^(\d{1,7})\s*(?:#|楼|樓|F)$",
                      re.I)
#: Longest text read as an ordinal.
_ORDINAL_CHARS = 16
#: A reply's ordinal leading its date line: SMF's ``Reply #15 on: January 12, 2024, 09:02:10 PM »``.
_REPLY_ORDINAL = re.compile(r"^«?\s*(?:reply|antwort|réponse|respuesta|risposta)\s*#\s*(\d{1,7})\b", re.I)
_REPLY_LINE_CHARS = 64
#: Posts that must show their ordinal, counting on by one, for the numbers to be read as ordinals (not ids).
MIN_NUMBERED = 3


def post_ordinal(member: etree._Element) -> int | None:
    """The ordinal a post shows (the first short text of an :data:`_ORDINAL` form inside it: one element's, or a
    small element's with its children, ``<em>2</em><sup>#</sup>``), or None."""
    for el in member.iter():
        if not isinstance(el.tag, str) or len(el) > 2:
            continue
        text = "".join(el.itertext()).strip() if len(el) else (el.text or "").strip()
        if text and len(text) <= _ORDINAL_CHARS and (found := _ORDINAL.match(text)):
            return int(found.group(1) or found.group(2))
        if text and len(text) <= _REPLY_LINE_CHARS and (found := _REPLY_ORDINAL.match(text)):
            return int(found.group(1))
    return None


def starts_past_opening_post(group: PostGroup) -> bool:
    """Whether the group's posts count on from an ordinal above 1: its first post shows one, and at least
    :data:`MIN_NUMBERED` posts show ordinals that go up by one from post to numbered post (a permalink's id
    jumps)."""
    if group.question_found:
        return False
    ordinals = [post_ordinal(member) for member in group.members]
    if ordinals[0] is None or ordinals[0] <= 1:
        return False
    shown = [ordinal for ordinal in ordinals if ordinal is not None]
    return len(shown) >= MIN_NUMBERED and all(b == a + 1 for a, b in pairwise(shown))


_HEADINGS = frozenset({"h1", "h2"})


def title_above(above: Sequence[TextBlock], forms: set[str]) -> etree._Element | None:
    """The thread's title above its posts: the last block repeating the page's title (one of ``forms``), else the
    last top-level heading ("Thread: ..." adds a word before the title)."""
    repeated = from_title(above, [], forms)
    if repeated:
        return title_element(repeated[0].element, forms)
    for block in reversed(above):
        heading = next((el for el in (block.element, *block.element.iterancestors()) if el.tag in _HEADINGS), None)
        if heading is not None:
            return heading
    return None
