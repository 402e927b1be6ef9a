"""Posts that show their poster's name, found by the template rather than by class names.

A post's byline puts the poster's name in the same place of every post (``<div class="push"><span>推</span>
<span>alice</span>…``): a short text, a name not a number nor a date, that changes from post to post while the
post says more beside it. Boards that link to no user page and name that element in their own words, or hash their
class names, sign their posts this way; :func:`~scrapy_boiler.segment.post_marks.names_poster` reads only the
class names (``push-userid``, ``user-name``).
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Sequence

from lxml import etree

from scrapy_boiler.parse.normalize import count_words
from scrapy_boiler.segment.blocks import HEADING_TAGS
from scrapy_boiler.segment.post_marks import has_date_text
from scrapy_boiler.segment.text_stats import TextStats

#: A name is at most this many words and characters.
NAME_WORDS = 3
NAME_CHARS = 40
#: The slot must be shown by this share of the posts, and its texts must vary this much (distinct texts / posts
#: showing it): a label every post shows ("Reply", "推", "Quote") varies too little, a poster's name enough even
#: when a few posters write most of a thread.
SLOT_SHARE = 0.6
SLOT_VARIETY = 0.2
#: Table rows: a column of short texts that differ (products, towns, prices) is data, not the rows' posters.
_ROWS = frozenset({"tr"})
#: An element with more words of its own than this, between its children, is prose (a paragraph), not a byline.
PROSE_WORDS = 2
_LETTER = re.compile(r"[^\W\d_]")
_NUMBER = re.compile(r"^\d+(?:[.,]\d+)?[kKmM]?$")

#: Where an element sits in its post: the tags from the post down to it, each with its place among siblings of its tag.
Slot = tuple[tuple[str, int], ...]


def poster_slot_members(members: Sequence[etree._Element], stats: TextStats) -> list[bool]:
    """Per post, whether it shows a name in the group's poster slot (all False when the group has none)."""
    shown = [_short_texts(member, stats) if member.tag not in _ROWS else {} for member in members]
    by_slot: dict[Slot, list[str]] = defaultdict(list)
    for texts in shown:
        for slot, text in texts.items():
            by_slot[slot].append(text)
    best: Slot | None = None
    for slot, texts in by_slot.items():
        if len(texts) < max(2, SLOT_SHARE * len(members)) or len(set(texts)) < max(2, SLOT_VARIETY * len(texts)):
            continue
        if best is None or len(texts) > len(by_slot[best]):
            best = slot
    return [best is not None and best in texts for texts in shown]


def _short_texts(member: etree._Element, stats: TextStats) -> dict[Slot, str]:
    """The name-like own texts of the elements inside a post, by slot, when the post says more than its names."""
    out: dict[Slot, str] = {}
    total = stats.words.get(member, 0)
    stack: list[tuple[etree._Element, Slot]] = [(member, ())]
    while stack:
        el, slot = stack.pop()
        seen: dict[str, int] = {}
        prose = count_words(" ".join(filter(None, (el.text, *(child.tail for child in el))))) > PROSE_WORDS
        for child in el:
            if not isinstance(child.tag, str):
                continue
            seen[child.tag] = seen.get(child.tag, 0) + 1
            place = (*slot, (child.tag, seen[child.tag]))
            stack.append((child, place))
            if prose or child.tag in HEADING_TAGS:  # a link inside a sentence or a box's title, not a byline's element
                continue
            text = (child.text or "").strip()
            words = count_words(text)
            if (0 < words <= NAME_WORDS and len(text) <= NAME_CHARS and total > words and _LETTER.search(text)
                    and not any(_NUMBER.match(token) for token in text.split()) and not has_date_text(text)):
                out.setdefault(place, text)
    return out
