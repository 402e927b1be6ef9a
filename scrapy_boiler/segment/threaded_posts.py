"""Posts of a threaded discussion, indented under the post they answer: each post is followed by a box of the replies
to it (SELFHTML's ``ol`` after each ``article.cf-thread-message``, Coral's ``div.coral-reply-list`` after each
``div.coral-comment``, AbcLinuxu's ``div.ds_odsazeni`` after each ``div.ds_text``), so the posts sit at many depths
and no level holds two of them side by side. :func:`threaded_posts` finds them as one group across the levels;
:func:`~scrapy_boiler.segment.post_groups.find_post_group` weighs it against the sibling groups.
"""

from __future__ import annotations

from lxml import etree

from scrapy_boiler.segment.post_bodies import MIN_POST_WORDS
from scrapy_boiler.segment.signatures import MIN_CLASS_OVERLAP, class_overlap, class_tokens, signature
from scrapy_boiler.segment.text_stats import TextStats

#: Posts a threaded group needs: two posts at two depths are as often a box and its caption.
MIN_THREADED = 3
#: The elements a post is drawn in: boxes, not the paragraphs (an article's, some in boxes after others) or the
#: bylines inside them.
_BOXES = frozenset({"div", "article", "section", "li", "td", "dd", "table"})


def threaded_posts(root: etree._Element, stats: TextStats) -> dict[str, list[etree._Element]]:
    """Groups of elements made from one template (one signature; an element whose class names overlap theirs by
    :data:`MIN_CLASS_OVERLAP`, the first post's ``cf-thread-message-root``, joins), of :data:`MIN_THREADED` or more,
    none inside another, at more than one depth, where every one deeper than the shallowest lies in a box that
    follows one of them: the replies' box after the post they answer."""
    found: dict[str, list[etree._Element]] = {}
    order: dict[etree._Element, int] = {}  # page order of the boxes kept, to merge a group with its look-alikes
    for el in root.iterdescendants():
        if el.tag in _BOXES and el.get("class") and stats.text_words(el) >= MIN_POST_WORDS:
            found.setdefault(signature(el), []).append(el)
            order[el] = len(order)
    groups: dict[str, list[etree._Element]] = {}
    for sig, members in found.items():
        if len(members) < MIN_THREADED - 1 or len({_depth(el) for el in members}) < 2:
            continue
        tokens = class_tokens(members[0])
        joined = [el for other, els in found.items() if other != sig and els[0].tag == members[0].tag
                  and class_overlap(tokens, class_tokens(els[0])) >= MIN_CLASS_OVERLAP for el in els]
        if joined:
            members = sorted([*members, *joined], key=order.__getitem__)
        if len(members) >= MIN_THREADED and _threaded(members):
            groups[sig] = members
    return groups


def replies_below_the_first(members: list[etree._Element]) -> list[etree._Element]:
    """The members of a threaded group deeper than the shallowest: the replies."""
    top = min(map(_depth, members))
    return [member for member in members if _depth(member) > top]


def _depth(el: etree._Element) -> int:
    return sum(1 for _ in el.iterancestors())


def _threaded(members: list[etree._Element]) -> bool:
    """Whether no member holds another, they lie at more than one depth, the shallowest under one grandparent, and
    each deeper than those has an ancestor right after a member (a following sibling of one: the box of the replies
    to it)."""
    member_set = set(members)
    depths = {}
    for member in members:
        ancestors = list(member.iterancestors())
        if member_set.intersection(ancestors):
            return False
        depths[member] = ancestors
    top = min(len(ancestors) for ancestors in depths.values())
    if all(len(ancestors) == top for ancestors in depths.values()):
        return False
    # the first level's posts side by side, each in a wrapper at most (Coral's ``coral-indent-0``): a copy of the
    # posts listed elsewhere on the page (Talkyard's activity sidebar) is no part of the tree
    if len({ancestors[1] if len(ancestors) > 1 else None
            for ancestors in depths.values() if len(ancestors) == top}) > 1:
        return False
    return all(len(ancestors) == top or any(_after_a_member(up, member_set) for up in ancestors)
               for ancestors in depths.values())


def _after_a_member(el: etree._Element, members: set[etree._Element]) -> bool:
    """Whether one of the elements before ``el``, its siblings, is a member."""
    return any(sibling in members for sibling in el.itersiblings(preceding=True))
