"""What a page's JSON-LD says of each post it shows: author, date, votes and the accepted answer.

Q&A sites and forums that render their posts without microdata often declare them in a JSON-LD ``QAPage`` or a
``DiscussionForumPosting`` (:mod:`~scrapy_boiler.parse.json_ld_posts`). The posts are found in the DOM as usual;
:func:`with_declared_details` matches each to the declared item whose text it repeats and fills what the DOM did not
show. What the DOM shows is kept: the declaration may be a summary, or lag behind the page.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace

from scrapy_boiler.document import Post
from scrapy_boiler.parse.json_ld_posts import JsonLdPost, json_ld_posts
from scrapy_boiler.parse.normalize import word_bag

#: Share of the declared text's words a post must hold, and of the post's words the declared text must hold, for the
#: two to be one post.
MATCH_SHARE = 0.6


def with_declared_details(posts: Sequence[Post], json_ld: Sequence[str]) -> list[Post]:
    """``posts`` with the author, date, votes and accepted flag the JSON-LD declares for each, where the post has
    none of its own; posts no declared item repeats stay as they are."""
    declared = json_ld_posts(json_ld)
    if not declared:
        return list(posts)
    out = []
    for index, post in enumerate(posts):
        match = _match(word_bag(post.text), declared, opening=index == 0)
        if match is None:
            out.append(post)
            continue
        out.append(replace(
            post,
            author=post.author or match.author,
            date=post.date or match.date,
            votes=post.votes if post.votes is not None else match.votes,
            accepted=post.accepted or match.accepted,
        ))
    return out


def _match(words: Counter[str], declared: list[JsonLdPost], opening: bool = False) -> JsonLdPost | None:
    """The declared item sharing most words both ways with a post; for the opening post, a declared question need
    only be in it (a question's declared text may be its first paragraph: Apple's Community)."""
    size = sum(words.values())
    best, best_share = None, 0.0
    for item in declared:
        shared = sum((words & item.words).values())
        inside = shared / sum(item.words.values())
        share = (inside if opening and item.question else min(shared / size, inside)) if size else 0.0
        if share >= MATCH_SHARE and share > best_share:
            best, best_share = item, share
    return best
