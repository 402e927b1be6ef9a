"""A copy of one answer above the answers: a "Popular answers" box between the question and the thread.

ResearchGate shows the most recommended answer again, whole, between its question and the list of all answers; the
article model keeps the copy with the question above the posts, where it would be read as the question's text.
:func:`without_copied_posts` leaves it out of the opening post.
"""

from __future__ import annotations

from collections.abc import Sequence

from scrapy_boiler.segment.blocks import TextBlock
from scrapy_boiler.segment.post_groups import PostGroup

#: Words a post's body has at least for blocks repeating it to be told its copy: "Thanks!" is in many a question.
COPIED_MIN_WORDS = 10


def without_copied_posts(post: list[TextBlock], blocks: Sequence[TextBlock], group: PostGroup) -> list[TextBlock]:
    """The opening post's blocks without a copy of one of the group's posts: blocks that repeat, one for one and in
    order, every block of that post's body. A question's paragraph that an answer quotes stays the question's (the
    answer says more than the quote); so does the opening post whole, where all of it would go."""
    body_of = group.body_of()
    said: dict[int, list[str]] = {}
    for block in blocks:
        index = body_of.get(block.element)
        if index is not None and index >= 0 and block.features is not None and block.features.num_words:
            said.setdefault(index, []).append(block.repeat_key())
    bodies = {tuple(keys) for keys in said.values() if len(" ".join(keys).split()) >= COPIED_MIN_WORDS}
    if not bodies:
        return post
    keys = [block.repeat_key() for block in post]
    copied: set[int] = set()
    for start in range(len(post)):
        for body in bodies:
            if tuple(keys[start:start + len(body)]) == body:
                copied.update(range(start, start + len(body)))
    kept = [block for index, block in enumerate(post) if index not in copied]
    return kept or post
