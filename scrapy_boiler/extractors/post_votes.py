"""A neural model's labels on a thread, read post by post: the posts as one group, and the opening post.

The networks label each block from its words and a window around it. On a thread they keep the long posts and drop
many short ones ("+1", "Same here", a one-line answer), and now and then the opening post itself, whose layout
differs from the replies'. Their text then misses most of the thread's posts, and ``Document.question`` becomes the
first reply. On a page typed thread and settled as one (the main text of the article model that settles it lies in
the posts), the page typing's post group says which blocks are which post, so two votes read the model's own labels
at that level:

- **The group.** The posts of one group are alike (one template, one kind of text: the reason the group was found),
  so they share one label: when the model kept most of the words of the posts' blocks, every post's blocks become
  content. This is the collective classification of repeated records; a model that dropped most of the posts is
  left as it labelled them.
- **The opening post.** The thread's first post is its question (``Document.question`` is built from it): when the
  model kept under half of its words, its blocks become content.

Neither vote takes what the model dropped as the posts' template: a text shown in two posts or more that the model
dropped somewhere ("Reply", "Expand", a rank under the name) stays out wherever it shows. A block is a post's when
most of its leaves lie in the posts and one at least in a post's body, as the ``posts`` rules read a post (a block
of inline elements may hold a byline and the text: PTT's one-line pushes of tag, user, text, time; a SemText block
can span several short posts); it is the post's whose body holds most of those. Text outside the posts keeps the
model's labels.
"""

from __future__ import annotations

from collections import Counter

from scrapy_boiler.document import THREAD_TYPES
from scrapy_boiler.extractors.base import PageLabels
from scrapy_boiler.parse.normalize import count_words
from scrapy_boiler.segment.blocks import TextBlock
from scrapy_boiler.segment.post_bodies import body_owner

#: The posts of a group become content when the model kept at least this share of their blocks' words...
GROUP_KEPT_SHARE = 0.5
#: ... and the opening post when the model kept under this share of its words.
OPENING_POST_KEPT_SHARE = 0.5


def vote_posts(labels: PageLabels, name: str) -> None:
    """Label content the blocks of a thread's posts, or of its opening post, as the module docstring says (in
    place); nothing changes on a page not typed thread, or without a post group."""
    group = labels.post_group
    if group is None or labels.page_type not in THREAD_TYPES or not group.members:
        return
    posts = _blocks_by_post(labels)
    # a text shown in two posts or more that the model dropped (a "Reply" link, "Expand", a rank under the name) is
    # the posts' template, not their text, wherever it shows
    shown = Counter(key for blocks in posts.values() for key in {block.repeat_key() for block, _ in blocks})
    template = {key for blocks in posts.values() for block, _ in blocks
                if not block.is_content and shown[key := block.repeat_key()] >= 2}
    opening = posts.get(0, [])
    turn_group = _kept_share([entry for blocks in posts.values() for entry in blocks]) >= GROUP_KEPT_SHARE
    turn_opening = bool(opening) and _kept_share(opening) < OPENING_POST_KEPT_SHARE
    if turn_group:
        for blocks in posts.values():
            _turn(blocks, template, f"{name}:in the thread's posts, most of whose words it kept (one label for them)")
    if turn_opening:
        _turn(opening, template, f"{name}:the thread's opening post (its question), most of which it had missed")


def _blocks_by_post(labels: PageLabels) -> dict[int, list[tuple[TextBlock, int]]]:
    """Per post (its index in the group), its blocks with their word counts (see the module docstring for when a
    block is a post's). Blocks without words are left out."""
    assert labels.post_group is not None
    bodies, members = labels.post_group.body_of(), labels.post_group.member_of()
    body_of = [body_owner(leaf.parent, bodies) for leaf in labels.leaves]
    member_of = [members.get(leaf.parent) for leaf in labels.leaves]
    posts: dict[int, list[tuple[TextBlock, int]]] = {}
    for block in labels.blocks:
        in_bodies = Counter(post for post in body_of[block.leaf_start:block.leaf_end] if post is not None)
        leaves = block.leaf_end - block.leaf_start
        in_members = leaves - member_of[block.leaf_start:block.leaf_end].count(None)
        if in_bodies and 2 * in_members > leaves and (size := count_words(block.text)):
            posts.setdefault(in_bodies.most_common(1)[0][0], []).append((block, size))
    return posts


def _kept_share(blocks: list[tuple[TextBlock, int]]) -> float:
    total = sum(size for _, size in blocks)
    return sum(size for block, size in blocks if block.is_content) / total if total else 0.0


def _turn(blocks: list[tuple[TextBlock, int]], template: set[str], reason: str) -> None:
    for block, _ in blocks:
        if not block.is_content and block.repeat_key() not in template:
            block.is_content = True
            block.reasons.append(reason)
