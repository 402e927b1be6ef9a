"""Posts written as two rows each: a header row (who wrote it, when) and the body row under it.

Table forums (phpBB's subsilver, GameFAQs) write a post as a header row, the poster and the date, then a body row,
both children of one table; Debian's bug tracker writes each message as a box of header lines (From, Date) then its
``<pre>``. A post group's members are then the body rows, each mapped to its header row, where the byline is read.
A row that says neither who wrote nor when is no header row: a conversation's short turns (a ChatGPT user's
questions between the answers) are posts of their own.
"""

from __future__ import annotations

from collections import Counter

from lxml import etree

from scrapy_boiler.segment.post_marks import has_date, has_user_link, names_poster
from scrapy_boiler.segment.signatures import class_tokens, signature
from scrapy_boiler.segment.text_stats import TextStats

#: Rows a group needs before its rows are read as pairs, the pairs it needs at least, and the share of rows in
#: header-and-body pairs at which a group's rows are posts of two rows each.
ROWS_MIN = 4
PAIRS_MIN = 2
HEADER_PAIRS = 0.8


def header_rows(members: list[etree._Element], stats: TextStats) -> dict[etree._Element, etree._Element]:
    """Body rows mapped to the header row (title, author, date) before each, where the members are mostly pairs of
    two templates (first child ``td.bold``, then ``td.body``), the headers shorter and most saying who wrote or when
    (:func:`_bylines`); else empty."""
    if len(members) < ROWS_MIN:
        return {}
    kinds = [signature(member[0]) if len(member) and isinstance(member[0].tag, str) else "" for member in members]
    counted = Counter(kinds).most_common(2)
    if len(counted) < 2 or "" in dict(counted) or counted[1][1] < HEADER_PAIRS * counted[0][1]:
        return {}
    two = {kind for kind, _ in counted}
    after_kind: dict[str, list[tuple[etree._Element, etree._Element]]] = {kind: [] for kind, _ in counted}
    for before, after, kind_before, kind_after in zip(members, members[1:], kinds, kinds[1:], strict=False):
        if {kind_before, kind_after} == two:  # a row of one template, then one of the other
            after_kind[kind_before].append((after, before))
    # (body, header) pairs, the header first: the more pairs, and of rows in turn (as many each way), the shorter heads
    pairs = max(after_kind.values(), key=lambda found: (len(found), -sum(stats.text_words(h) for _, h in found)))
    if len(pairs) < max(PAIRS_MIN, HEADER_PAIRS * counted[0][1]):
        return {}
    if sum(stats.text_words(head) for _, head in pairs) >= sum(stats.text_words(body) for body, _ in pairs) \
            or not _bylines([head for _, head in pairs]):
        return {}
    return dict(pairs)


def _bylines(heads: list[etree._Element]) -> bool:
    """Whether most header rows say who wrote or when (a date, a user's link, a poster's name): the rows of a
    conversation's shorter turns (a ChatGPT user's questions between the answers) are posts, no header rows."""
    return 2 * sum(has_date(head) or has_user_link(head) or names_poster(head) for head in heads) >= len(heads)


#: The most words of a post's header written as the sibling before it (From, To, Subject, Date: Debian's bug tracker).
SIBLING_HEAD_WORDS = 60


def heads_before(posts: list[etree._Element], stats: TextStats) -> dict[etree._Element, etree._Element]:
    """Each post mapped to the sibling right before it, where every post has one, all of one signature other than
    the posts', each of :data:`SIBLING_HEAD_WORDS` words at most, all shorter than the posts and most saying who
    wrote or when (:func:`_bylines`): a header row of its own (Debian's bug tracker writes each message as
    ``div.headers`` then ``pre.message``); else empty. Not a ``<dd>``'s ``<dt>``: blogs list their comments so
    (:meth:`~scrapy_boiler.segment.post_groups.PostGroup.bylines` reads it), no thread's evidence."""
    heads = [head for post in posts if (head := post.getprevious()) is not None and isinstance(head.tag, str)]
    if posts[0].tag == "dd" or len(heads) != len(posts):
        return {}
    kinds = {signature(head) for head in heads}
    if not _one_template(heads, kinds) or signature(posts[0]) in kinds:
        return {}
    words = [stats.text_words(head) for head in heads]
    if max(words) > SIBLING_HEAD_WORDS or sum(words) >= sum(stats.text_words(post) for post in posts) \
            or not _bylines(heads):
        return {}
    return dict(zip(posts, heads, strict=True))


def _one_template(heads: list[etree._Element], kinds: set[str]) -> bool:
    """Whether the heads are of one signature, or of one tag and all carry a class name (a template's, each with its
    modifiers)."""
    if len(kinds) == 1:
        return True
    return len({head.tag for head in heads}) == 1 and bool(frozenset.intersection(*map(class_tokens, heads)))
