"""Repeated sibling containers: the structure that holds the posts of forums, Q&A pages and comment threads.

Forum software renders every post with the same template, so the posts of a thread are sibling elements that share
a *signature* (tag plus class names, digits removed so that ``post-123`` and ``post-124`` agree) and a similar inner
structure (author box, date, body). :func:`find_post_group` looks for the sibling group that holds the most non-link
text under that condition; menus and link lists repeat too, but their text is almost all links and does not win.

Inside each member, the *body* is found by :func:`~scrapy_boiler.segment.post_bodies.member_bodies`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from lxml import etree

from scrapy_boiler.segment.comment_headings import introduced_as_comments
from scrapy_boiler.segment.header_rows import header_rows, heads_before
from scrapy_boiler.segment.likeness import MIN_SIMILARITY, jaccard, likeness
from scrapy_boiler.segment.nested_replies import largest_own, nested_replies, with_nested_replies
from scrapy_boiler.segment.post_bodies import (
    MIN_POST_WORDS,
    member_bodies,
    signature_elements,
)
from scrapy_boiler.segment.post_marks import has_date, has_user_link, mostly_dated, names_poster, term_of
from scrapy_boiler.segment.posts_beside import with_posts_beside
from scrapy_boiler.segment.question_above import with_question_above
from scrapy_boiler.segment.semantics import is_sidebar, is_slipped_in
from scrapy_boiler.segment.signatures import (
    MIN_CLASS_OVERLAP,
    class_overlap,
    class_tokens,
    id_template,
    rows_alike,
    signature,
)
from scrapy_boiler.segment.teasers import lists_other_pages
from scrapy_boiler.segment.text_stats import TextStats, own_text_stats, text_stats
from scrapy_boiler.segment.threaded_posts import replies_below_the_first, threaded_posts

#: Members needed for a group; a question with a single answer is still a thread.
MIN_MEMBERS = 2

#: Names of posts (and of comments in Spanish and Portuguese, ``comentario``, French, ``réaction``, and Dutch,
#: ``reactie``; short, ``cmt`` at a name's start: OhmyNews' ``li.cmt_item``).
_POST_WORD = re.compile(r"post|comment|coment|reacti(?:e|on)|(?<![a-z])cmt|reply|repl|answer|message|msg|entry"
                        r"|thread|topic|discussion", re.I)


@dataclass(frozen=True, slots=True)
class DeclaredPost:
    """What a page's schema.org markup says of one post (:mod:`~scrapy_boiler.segment.declared_posts`)."""

    kind: str  #: the schema.org type, lower-cased ("question", "answer", "comment"...)
    votes: int | None = None
    accepted: bool = False
    date: str | None = None
    author: str | None = None
    url: str | None = None


@dataclass(slots=True)
class PostGroup:
    """The repeated sibling containers judged to be posts, with the body element(s) of each."""

    parent: etree._Element
    signature: str
    members: list[etree._Element]
    bodies: list[list[etree._Element]]  #: per member, the elements holding the post text
    words: int  #: non-link words in all members
    similarity: float  #: mean Jaccard overlap of the members' inner structure
    keyword: bool  #: a post-like word (post, comment, reply, answer...) in the signature or body path
    declared: tuple[DeclaredPost, ...] | None = None  #: per member, what the page's markup says (declared groups)
    question_found: bool = False  #: the first member is a question found above the repeated posts
    #: A member's header row, where the layout gives every post two sibling rows: a header (title, author, date),
    #: then the body row that is the member (see :func:`~scrapy_boiler.segment.header_rows.header_rows`).
    heads: dict[etree._Element, etree._Element] = field(default_factory=dict)
    #: A comment section's heading ("29 Responses to ...", "Comments (15)") is just above the first member (after the
    #: question found above, if any): whatever their names, the members are comments
    #: (:func:`~scrapy_boiler.segment.comment_headings.introduced_as_comments`).
    comments_heading: bool = False
    #: On a page typed article, the members are told comments by their layout alone: below the article's body, nearly
    #: each shows the minute it was written and few are entries under a title
    #: (:func:`~scrapy_boiler.segment.stamped_comments.stamped_under_body`).
    stamped_comments: bool = False

    def with_head(self, member: etree._Element) -> tuple[etree._Element, ...]:
        """The member and, where posts have one, its header row (the byline sits there)."""
        head = self.heads.get(member)
        return (member,) if head is None else (member, head)

    def bylines(self, member: etree._Element) -> tuple[etree._Element, ...]:
        """Where a post's byline is read: :meth:`with_head`, and a ``<dd>``'s ``<dt>`` (comments written as a
        definition list: who and when, then what). Not evidence of a thread: blogs list their comments so."""
        rows = self.with_head(member)
        if len(rows) == 1 and (term := term_of(member)) is not None:
            return member, term
        return rows

    def member_of(self) -> dict[etree._Element, int]:
        """Every element inside a member, mapped to the member's index (for locating text leaves)."""
        owner: dict[etree._Element, int] = {}
        for index, member in enumerate(self.members):
            for el in member.iter():
                owner[el] = index
        return owner

    def body_of(self) -> dict[etree._Element, int]:
        """Every element inside a member's body, mapped to the member's index; those of a forum signature in it, and
        those of a reply nested in it outside the reply's own body (its byline, its "reply" link), to -1 (no post's:
        a leaf below one is outside the posts)."""
        owner: dict[etree._Element, int] = {}
        for index, bodies in enumerate(self.bodies):
            for body in bodies:
                for el in body.iter():
                    owner[el] = index
                for el in signature_elements(body):
                    owner[el] = -1
        for index, member in enumerate(self.members):
            if owner.get(member, index) != index:  # a reply nested in an earlier post's body
                for el in member.iter():
                    if owner.get(el, index) < index:
                        owner[el] = -1
        return owner




def _named_post_element(tag: str) -> bool:
    """Whether a tag is a custom element named for a post (``<shreddit-comment>``): its siblings are made from one
    template by their very name, whatever optional parts (an avatar, a flair, a nested reply) each one shows."""
    return "-" in tag and _POST_WORD.search(tag) is not None




def _sibling_groups(parent: etree._Element) -> dict[str, list[etree._Element]]:
    """Children of ``parent`` grouped by tag and near-equal class names.

    The first post is often marked (``post first-post``, ``post--odd``), so children join a group
    when their class names overlap the group's first member's by at least :data:`MIN_CLASS_OVERLAP`, or one holds
    all of the other's and more and those name a post (Clien's replies by the poster, "comment_row re by-author"
    among "comment_row" rows; not Bootstrap's "row-fluid" of a title row above "post row-fluid" rows), or when they
    share its generated id (``post#`` of ``post24027``: classes that mark the poster, ``spType-Admin spEven``, may
    outnumber the template's own), or when both or neither have a generated id and their class names overlap so
    without zebra stripes (WordPress's "comment even thread-even parent" and "comment odd alt thread-odd": the
    stripes and a state class outnumber the template's own; a heading row without the posts' id stays apart). Of
    the groups it may join, it joins the one whose first member's class names, without stripes, it shares most of:
    Bioconductor's plain answer, ``post view answer``, half shares its names with the question above it, ``post view
    question``, and three quarters with the accepted answer, ``post view answer accepted``.
    """
    groups: dict[str, list[etree._Element]] = {}
    keys: list[tuple[str, frozenset[str], str, str]] = []
    for child in parent:
        if not isinstance(child.tag, str):
            continue
        sig = signature(child)
        if sig in groups:
            groups[sig].append(child)
            continue
        tokens = class_tokens(child)
        generated = id_template(child)
        joined, closest = None, -1.0
        for tag, first_tokens, first_generated, key in keys:
            if tag != child.tag:
                continue
            unstriped = class_overlap(tokens, first_tokens, stripes=False)
            if unstriped > closest and (
                    class_overlap(tokens, first_tokens) >= MIN_CLASS_OVERLAP
                    or (generated and generated == first_generated)
                    or _modified(tokens, first_tokens) or rows_alike(tokens, first_tokens)
                    or (bool(generated) == bool(first_generated) and unstriped >= MIN_CLASS_OVERLAP)):
                joined, closest = key, unstriped
        if joined is not None:
            groups[joined].append(child)
        else:
            groups[sig] = [child]
            keys.append((child.tag, tokens, generated, sig))
    return groups


def _modified(tokens: frozenset[str], first_tokens: frozenset[str]) -> bool:
    """Whether one class list holds all of the other's and more, and the names they share name a post: a template's
    row with modifiers added ("comment_row re by-author")."""
    if not (tokens < first_tokens or first_tokens < tokens):
        return False
    return any(_POST_WORD.search(token) for token in tokens & first_tokens)


def find_post_group(root: etree._Element, stats: TextStats | None = None,
                    accept: Callable[[list[etree._Element]], bool] | None = None) -> PostGroup | None:
    """The sibling group most likely to be the posts of a thread, or None when nothing repeats with text.

    ``accept``, when given, must also hold for a group's members (e.g. "most of them show a poster")."""
    stats = stats or text_stats(root)
    best: _Candidate | None = None
    best_score = 0.0
    aside: set[etree._Element] = set()  # elements in a sidebar, seen before their descendants
    for parent in root.iter():
        if not isinstance(parent.tag, str) or not len(parent) or parent in aside:
            continue
        if is_sidebar(parent):
            aside.update(parent.iter())
            continue
        count = stats
        if len(parent) < MIN_MEMBERS:  # one post holding the next ones: markup left open inside a post
            if 1.5 * stats.words.get(parent, 0) <= best_score:
                continue  # the posts' own words are words under the parent: they cannot win (see below)
            candidates = _chained_posts(parent, stats)
            if not candidates:
                continue
            count = own_text_stats(parent, {m for members in candidates.values() for m in members})
        elif 1.5 * stats.text_words(parent) <= best_score:
            # No group of its children can win: a group's text (below) is at most the parent's non-link text.
            continue
        else:
            candidates = _sibling_groups(parent)
        for sig, members in candidates.items():
            weighed = _weigh(parent, sig, members, count, best_score, accept)
            if weighed is not None:
                best_score, best = weighed
    for sig, members in threaded_posts(root, stats).items():  # replies indented under the posts they answer
        if aside.intersection(members) or not (_POST_WORD.search(sig) or mostly_dated(members, rows_before=True)):
            continue  # in a sidebar; or an article's sections, some in boxes after others: posts are named or dated
        if best is not None and _inside(replies_below_the_first(members), best.posts):
            # the posts of the sibling group found, each with its replies (WordPress's ``ul.children``), under a
            # box that may be their question (looked for above them: ``with_question_above``) or the thread's header
            continue
        parent = common_ancestor(members)
        weighed = _weigh(parent, sig, members, stats, best_score, accept) if parent is not None else None
        if weighed is not None:
            best_score, best = weighed
    return best.group(stats) if best is not None else None


def _inside(elements: list[etree._Element], boxes: list[etree._Element]) -> bool:
    """Whether every one of ``elements`` lies in one of ``boxes``."""
    held = {el for box in boxes for el in box.iter()}
    return all(el in held for el in elements)


def _weigh(parent: etree._Element, sig: str, members: list[etree._Element], count: TextStats, best_score: float,
           accept: Callable[[list[etree._Element]], bool] | None) -> tuple[float, _Candidate] | None:
    """The score of a candidate group and the group, where it beats ``best_score``: its text, weighed by how alike
    its members are and how evenly they share the text."""
    heads = header_rows(members, count)
    if heads:
        members = list(heads)
    posts = [m for m in members if count.text_words(m) >= MIN_POST_WORDS and not is_slipped_in(m)]
    if len(posts) < MIN_MEMBERS:
        return None
    text = sum(count.text_words(m) for m in members)
    if 1.5 * text <= best_score:  # the score below never exceeds 1.5 times the text it is built on
        return None
    similarity, posts = likeness(posts, count)
    largest = max(count.text_words(m) for m in posts)
    if 2 * largest > text and (nested := nested_replies(posts, count)):
        # a post holding a tree of replies: what each post says itself is compared and weighed
        similarity, posts = max((similarity, posts), likeness(posts, count, frozenset(nested)),
                                key=lambda found: found[0])
        largest = largest_own(posts, nested, count)
    if _named_post_element(posts[0].tag):
        similarity = 1.0
    elif similarity < MIN_SIMILARITY:
        return None
    # Two big dissimilar-sized halves of a page are a layout, not a thread: weigh by evenness.
    evenness = 1.0 - largest / text if len(posts) > 2 else min(1.0, 2 * (1.0 - largest / text))
    score = text * similarity * (0.5 + evenness)
    if score > best_score and (accept is None or accept(posts)) and not lists_other_pages(posts):
        return score, _Candidate(parent, sig, posts, heads, text, similarity, count)
    return None


@dataclass(slots=True)
class _Candidate:
    """The best group so far, before its bodies are found (only the winner's are)."""

    parent: etree._Element
    signature: str
    posts: list[etree._Element]
    heads: dict[etree._Element, etree._Element]
    words: int
    similarity: float
    count: TextStats  #: the counts the group was scored with (the page's, or without nested posts)

    def group(self, stats: TextStats) -> PostGroup:
        """The :class:`PostGroup`: replies nested in the posts split out, each member's body, a question above."""
        parent, posts, body_stats = self.parent, self.posts, self.count
        posts, nested = (posts, []) if body_stats is not stats else with_nested_replies(posts, stats)
        if nested:  # replies nested inside the posts they answer (reddit, Disqus): one post each
            wanted = set(posts) | set(nested)
            posts = [el for el in parent.iter() if el in wanted]
            body_stats = own_text_stats(parent, wanted)
        bodies, body_path = member_bodies(posts, body_stats)
        posts, bodies, question_found = with_question_above(parent, posts, bodies, body_path, stats)
        if not nested and not self.heads:
            posts, bodies = with_posts_beside(parent, posts, bodies, stats)
        keyword = bool(_POST_WORD.search(self.signature) or _POST_WORD.search(body_path))
        heads = {post: self.heads[post] for post in posts if post in self.heads} or heads_before(posts, stats)
        return PostGroup(parent, self.signature, posts, bodies, self.words, self.similarity, keyword,
                         question_found=question_found, heads=heads,
                         comments_heading=_headed_comments(posts[1:] if question_found else posts, heads))


def _headed_comments(replies: list[etree._Element], heads: dict[etree._Element, etree._Element]) -> bool:
    """Whether the replies are comments by the heading above them, and most show who wrote them or when, as comments
    do (an article's paragraphs under a byline's "1 Comment" show neither)."""
    if not replies or not introduced_as_comments(heads.get(replies[0], replies[0])):
        return False
    rows = [(member, heads[member]) if member in heads else (member,) for member in replies]
    shown = sum(any(has_date(row) or has_user_link(row) or names_poster(row) for row in both) for both in rows)
    return 2 * shown >= len(replies)


def _chained_posts(parent: etree._Element, stats: TextStats) -> dict[str, list[etree._Element]]:
    """A lone post-like child (named post, message, comment...) with its look-alikes nested inside it, the next
    inside the previous: a thread whose posts the parser nested because a post left an element open. The child is
    made like the first of them: their children's signatures overlap by :data:`MIN_SIMILARITY` (deeper down, the
    child's paths run through the posts nested in it)."""
    child = parent[0]
    if not isinstance(child.tag, str) or not (child.get("class") or child.get("id")):
        return {}
    if stats.text_words(child) < 2 * MIN_POST_WORDS:
        return {}
    sig = signature(child)
    if not _POST_WORD.search(sig):
        return {}
    nested = nested_replies([child], stats)
    if not nested or jaccard(_child_signatures(child), _child_signatures(nested[0])) < MIN_SIMILARITY:
        # not a post left open but a wrapper sharing the posts' generated id: a WordPress page's ``div#post-964``
        # around a forum plugin's ``div#post-134`` and its siblings, found at their own parent
        return {}
    return {sig: [child, *nested]}


def _child_signatures(el: etree._Element) -> set[str]:
    return {signature(child) for child in el if isinstance(child.tag, str)}


def common_ancestor(elements: list[etree._Element]) -> etree._Element | None:
    """The deepest element holding all of ``elements`` (one of them, if it holds the others); None for none."""
    if not elements:
        return None
    chain = [elements[0], *elements[0].iterancestors()]
    others = [{e, *e.iterancestors()} for e in elements[1:]]
    return next((c for c in chain if all(c in o for o in others)), None)
