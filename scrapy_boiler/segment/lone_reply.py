"""A question answered once: the question's box, and below it the one answer, each in a template of its own.

A group of posts needs two members (:data:`~scrapy_boiler.segment.post_groups.MIN_MEMBERS`). A forum thread answered
once has them, for its opening post and its reply share a template; a Q&A page draws its question in a box of its
own (``div.question-card``) above its answers (``div.answer-card``), so with one answer nothing repeats and the page
read as an article (its question's paragraphs the best group) or as nothing at all. Many a question on a Q&A site has
one answer, and many a forum thread one reply below an opening post drawn apart (Vanilla's ``DataBox-Discussion``
over its ``ItemComment`` rows).

The answer is the element named a reply (:data:`_REPLY_NAME`) that shows a date or its poster and holds the most
words; the question is looked for above it as above a group of answers
(:func:`~scrapy_boiler.segment.question_above.with_question_above`). Names must say which is which, for an article
above one reader's comment is shaped the same: the reply is named an answer or a reply, or the box above it is named
the question, the topic or the discussion.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from itertools import islice, pairwise

from lxml import etree

from scrapy_boiler.segment.post_bodies import MIN_POST_WORDS, member_bodies
from scrapy_boiler.segment.post_groups import PostGroup
from scrapy_boiler.segment.post_marks import has_date, has_user_link, names_poster
from scrapy_boiler.segment.question_above import QUESTION_LEVELS, body_inside, own_text, with_question_above
from scrapy_boiler.segment.semantics import PAGE_TAGS, element_names, is_sidebar
from scrapy_boiler.segment.signatures import signature
from scrapy_boiler.segment.text_stats import TextStats

#: Words of the class names or id of an element that may name a reply (:data:`_REPLY_NAME` tells which do) or the
#: opening of a discussion (:data:`_OPENING_NAME`).
_REPLY_WORDS = re.compile(r"answer|repl|respons|opinion|comment|message|post|question|topic|discussion", re.IGNORECASE)
#: A name calling one element a reply, an answer or a comment (``answer-card``, ``qa-reply``, ``ItemComment``,
#: ``expert response``, Kızlar Soruyor's ``opinion-item``), not a part of one (``answer-body``, ``reply-link``,
#: ``comment-meta``) nor the box of all of them (``answers``, ``comment-list``, ``list-answer``).
_REPLY_NAME = re.compile(
    r"(?:^|(?<!list)(?<!group)(?<!area)(?<!section)[-_]|(?-i:(?<=[a-z])(?=[A-Z])))"
    r"(?:answer|reply|response|opinion|comment|message|post)"
    r"(?:$|[-_](?:\d+|item|card|box|view|container|wrapper|entry|post|accepted|selected|best|expert|row|cell)$)",
    re.IGNORECASE)
#: Of those, the names saying the element answers (a comment, a message or a post may be an article's or its own).
_ANSWER_NAME = re.compile(r"answer|repl|respons|opinion", re.IGNORECASE)
_COMMENT_NAME = re.compile(r"comment", re.IGNORECASE)
#: Names of the box above the reply that make it the question or the opening post of a discussion.
_OPENING_NAME = re.compile(r"question|topic|discussion|orig(?:inal)?[-_]?post|op[-_]?post|first[-_]?post",
                           re.IGNORECASE)
#: Of those, the names no part of an answer bears: a box holding an element so named holds the question.
_QUESTION_NAME = re.compile(r"question|orig(?:inal)?[-_]?post|op[-_]?post|first[-_]?post", re.IGNORECASE)


def _named(root: etree._Element) -> Iterator[etree._Element]:
    """The elements whose class names or id hold a word of :data:`_REPLY_WORDS`, in document order (a walk in Python
    costs half an XPath query asking ``contains()`` of each word)."""
    search = _REPLY_WORDS.search
    for el in root.iter(etree.Element):
        attrib = el.attrib
        if attrib and (((names := attrib.get("class")) and search(names))
                       or ((names := attrib.get("id")) and search(names))):
            yield el


def _names_answer(names: str) -> bool:
    """Whether names call an element an answer or a reply and not a comment (an article's comment answering another,
    ``comment comment--reply``, is still a comment)."""
    return _ANSWER_NAME.search(names) is not None and _COMMENT_NAME.search(names) is None


def _names_opening(names: str) -> bool:
    """Whether names call an element the opening of a discussion and not an answer in it (``thread-post--reply``,
    ``discussion-answer`` are replies), by a name not also naming a comment (Houzz's ``hz-discussion-comment``)."""
    return _ANSWER_NAME.search(names) is None and any(
        _OPENING_NAME.search(name) and not _COMMENT_NAME.search(name) for name in names.split())


def _names_reply(el: etree._Element) -> bool:
    return any(_REPLY_NAME.search(token) for name in (el.get("class"), el.get("id")) if name
               for token in name.split())


#: Names of the box of a discussion's opening post: those of :data:`_OPENING_NAME`, or a post (a help centre's
#: ``div.post`` over its comments).
_OPENING_BOX = re.compile(f"{_OPENING_NAME.pattern}|(?<![a-z])post(?![a-z])", re.IGNORECASE)


def _named_box_before(reply: etree._Element, stats: TextStats) -> etree._Element | None:
    """The nearest element before the reply, beside it or one of its boxes (up to
    :data:`~scrapy_boiler.segment.question_above.QUESTION_LEVELS` up), named the opening of a discussion or a post
    (:data:`_OPENING_BOX`), not a comment, with words of a post: Houzz's ``article.hz-view-discussion`` before the
    ``section`` of its comments."""
    node: etree._Element | None = reply
    for _ in range(QUESTION_LEVELS):
        if node is None:
            return None
        for sibling in node.itersiblings(preceding=True):
            names = element_names(sibling)
            if _OPENING_BOX.search(names) and not _COMMENT_NAME.search(names) \
                    and stats.text_words(sibling) >= MIN_POST_WORDS:
                return sibling
        node = node.getparent()
    return None


#: Share of a box's words each of two posts side by side in it holds, at least, for the box to hold both.
POST_SHARE = 0.25


def _holds_two(el: etree._Element, named: set[etree._Element], stats: TextStats,
               marked: Callable[[etree._Element], bool]) -> bool:
    """Whether ``el`` holds two elements of ``named`` side by side, neither inside the other, each with
    :data:`POST_SHARE` of its words and showing its poster or a date: the box of the post and its comment (a help
    centre's ``community-post-container`` around its ``post`` and a ``comment``), not one of them (an answer's byline
    and its comment, its body showing neither). ``marked`` tells whether an element shows a poster or a date."""
    least = max(MIN_POST_WORDS, POST_SHARE * stats.text_words(el))
    inside = [inner for inner in el.iterdescendants() if inner in named and stats.text_words(inner) >= least
              and marked(inner)]
    return any(later not in earlier.iterdescendants() for earlier, later in pairwise(inside))


def lone_reply(root: etree._Element, stats: TextStats, discussion: bool = False) -> PostGroup | None:
    """The group of a question and its one answer, or None. The answer is the element named a reply
    (:data:`_REPLY_NAME`), not the opening of a discussion nor holding it (:data:`_OPENING_NAME`: a box of the whole
    thread), that shows a date or its poster and :data:`~scrapy_boiler.segment.post_bodies.MIN_POST_WORDS` words,
    mostly outside links: of those, one named an answer or a reply (:data:`_ANSWER_NAME`) before one named a comment,
    a message or a post (the question's comments may say more than a short answer), then the one with the most words
    (the outermost of those holding as many: the answer's box, not its card inside). A question must be found above
    it, and the answer be named an answer or a reply, or show its poster below a box named the opening of a
    discussion, or on a page whose address names it one (``discussion``: a help centre's ``/community/posts/``). A
    page naming no answer nor the opening of a discussion is left at once, and a box holding two elements so named
    side by side is no reply."""
    found: list[tuple[tuple[bool, int, int], etree._Element]] = []  # (named an answer, words, -index), element
    opening = discussion  # a discussion, by its address or an element so named: else a comment is nobody's reply
    for index, el in enumerate(_named(root)):
        names = element_names(el)
        if _names_opening(names):
            opening = True
            continue
        words = stats.text_words(el)
        if words < MIN_POST_WORDS or el.tag in PAGE_TAGS or not _names_reply(el) \
                or 2 * stats.link_words.get(el, 0) >= stats.words.get(el, 0):
            continue
        found.append(((_names_answer(names), words, -index), el))
    if not opening and not any(rank[0] for rank, _ in found):
        return None
    named = {el for _, el in found}
    found.sort(key=lambda item: item[0], reverse=True)  # of as many words, a box before what it holds
    marks: dict[etree._Element, bool] = {}  # a box's candidates inside it are the next candidates: read once

    def marked(el: etree._Element) -> bool:
        if el not in marks:
            marks[el] = has_date(el) or has_user_link(el) or names_poster(el)
        return marks[el]

    replies = (el for _, el in found if marked(el) and not any(
        _QUESTION_NAME.search(element_names(inner)) for inner in el.iterdescendants() if inner.attrib)
        and not _holds_two(el, named, stats, marked))
    for reply in islice(replies, REPLIES_TRIED):  # a post may say more than its one comment
        group = _answered(reply, stats, discussion, opening)
        if group is not None:
            return group
    return None


#: Replies tried, in their order, for a question found above one.
REPLIES_TRIED = 2


def _answered(reply: etree._Element, stats: TextStats, discussion: bool, opening: bool) -> PostGroup | None:
    """The group of ``reply`` and the question found above it (see :func:`lone_reply`), or None."""
    parent = reply.getparent()
    if parent is None or any(map(is_sidebar, reply.iterancestors())) \
            or any(other is not reply and signature(other) == signature(reply) for other in parent):
        return None  # one of several replies: a group for find_post_group, whose text another group outweighed
    found, path = member_bodies([reply], stats)
    # one answer has no others to tell its text from the replies under it by: its template's name tells it
    reply_bodies = [own_text(found[0], stats)]
    posts, bodies, question_found = with_question_above(parent, [reply], reply_bodies, path, stats)
    if not question_found and posts == [reply] and opening \
            and (question := _named_box_before(reply, stats)) is not None:
        # a comment's template shares nothing with the post above it: the post is told by its name
        posts, bodies, question_found = [question, reply], [body_inside(question, path, stats), *reply_bodies], True
    if not question_found or len(posts) != 2:
        return None
    if not (_names_answer(element_names(reply)) or (
            (discussion or _names_opening(element_names(posts[0]))) and (has_user_link(reply) or names_poster(reply)))):
        return None
    words = sum(map(stats.text_words, posts))
    return PostGroup(parent, signature(reply), posts, bodies, words, 1.0, True, question_found=True)
