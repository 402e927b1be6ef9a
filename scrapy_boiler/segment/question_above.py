"""The question above the posts: Q&A sites render it in a container of its own, outside the repeated answers.

Stack Exchange puts the question in ``div.question`` (a ``postcell``) above the list of ``div.answer`` (an
``answercell``), so the sibling group of :mod:`~scrapy_boiler.segment.post_groups` holds the answers only. The
question is the post-like element just before them: shaped like an answer, or holding an element with the
answers' body signature.
"""

from __future__ import annotations

import re

from lxml import etree

from scrapy_boiler.segment.post_bodies import MIN_POST_WORDS, inner_structure
from scrapy_boiler.segment.post_marks import has_user_link
from scrapy_boiler.segment.semantics import (
    BESIDE_POST_TEXT,
    element_names,
    is_main_landmark,
    names_an_answer,
    names_best_answer,
    names_first_post,
    names_post_text,
)
from scrapy_boiler.segment.signatures import signature
from scrapy_boiler.segment.text_stats import TextStats

#: Levels above the group searched for a question container, and the structure overlap it needs.
QUESTION_LEVELS = 4
QUESTION_SIMILARITY = 0.5


def with_question_above(
    parent: etree._Element, posts: list[etree._Element], bodies: list[list[etree._Element]], body_path: str,
    stats: TextStats,
) -> tuple[list[etree._Element], list[list[etree._Element]], bool]:
    """The posts and their bodies, with the question above them first if there is one, and whether there is.

    The question is looked for with the body path's named steps only: a ``//`` step (a body the template names
    below where the descent stopped) is no clue, as an article's text may be named like its comments'. When the
    first post is the question again (a second rendering of the whole thread above the posts), it is dropped."""
    if names_first_post(posts[0]):
        return posts, bodies, False  # the thread's opening post is the group's first (FluxBB's "firstpost")
    named = [sig for sig in body_path.split("//")[0].split("/")[1:] if not sig.endswith(".#")]
    question = _question_before(parent, posts, bodies, stats, named[-1] if named else "")
    box = question.getparent() if question is not None else None
    if box is not None and not names_best_answer(question) and names_best_answer(box):
        question = box  # the box around it, with its "最佳答案" badge (Baidu Zhidao's div.wgt-best around a div.answer)
    if question is not None and (names_best_answer(question) or names_an_answer(element_names(question))):
        # the best answer in a box of its own between the question and the other answers (Yahoo! Chiebukuro's
        # section#ba, the Microsoft Community's div.answer-container): an answer, and the question is above it
        posts, bodies = [question, *posts], [body_inside(question, body_path, stats), *bodies]
        question = _question_before(parent, posts, bodies, stats, named[-1] if named else "")
    if question is None:
        return posts, bodies, False
    question_body = body_inside(question, body_path, stats)
    if _text(question_body) == _text(bodies[0]):
        posts, bodies = posts[1:], bodies[1:]
    return [question, *posts], [question_body, *bodies], True


def _question_before(
    parent: etree._Element, members: list[etree._Element], bodies: list[list[etree._Element]], stats: TextStats,
    body_signature: str = "",
) -> etree._Element | None:
    """A post-like element just before the group, outside it: the question of a Q&A page.

    Q&A sites render the question in its own container (``div.question`` holding a ``postcell``) above the list
    of answers (``div.answer`` holding an ``answercell``). Looks at the preceding siblings of the group's first
    member, of its parent and of the parent's ancestors (up to :data:`QUESTION_LEVELS`), and their children, for an
    element whose inner structure overlaps the first member's, or that holds an element with the answers' body
    signature (``div.post-text``, ``div.s-prose js-post-body``: the question's text is rendered like theirs).
    Navigation and log-in boxes (:func:`_chrome`) are never the question, nor is anything outside the page's main
    landmark (``<main>``, ``role="main"``) when the answers are inside it: a sidebar's description of the forum.
    """
    shape = inner_structure(members[0])
    specific = bool(body_signature)  # the answers' body has a class or id to look for
    first = signature(members[0])
    answers = names_an_answer(first) and not _COMMENTS.search(first)
    replies: list[str] | None = None  # the posts' texts, read when a candidate is first met
    said: list[str] = []  # and their bodies' texts (long enough to be told copied)
    node: etree._Element | None = members[0]
    named: etree._Element | None = None  # the nearest box, when it is named the question and nothing else tells one
    nearest = True
    for _ in range(QUESTION_LEVELS):
        if node is None or is_main_landmark(node):
            return named  # the question is inside the page's main content with its answers, never beside it
        for sibling in node.itersiblings(preceding=True):
            for candidate in (sibling, *sibling):
                if not isinstance(candidate.tag, str) or stats.text_words(candidate) < MIN_POST_WORDS:
                    continue
                if _chrome(candidate, stats):
                    continue
                names = element_names(candidate) if answers else ""
                if _COMMENTS.search(names):
                    continue  # the question's comments above answers named so (MariaDB's ``question_comments``)
                if replies is None:
                    replies = [_text([member]) for member in members]
                    said = [text for body in bodies if len((text := _text(body)).split()) >= REPEAT_MIN_WORDS]
                if _repeats_a_reply(candidate, replies, said):
                    continue
                other = inner_structure(candidate)
                union = shape | other
                if union and len(shape & other) / len(union) >= QUESTION_SIMILARITY:
                    return candidate
                if specific and (any(_has_body(candidate, named, stats) for named in (
                        body_signature, *_as_opening(body_signature))) or _has_question_body(
                        candidate, body_signature, stats)):
                    return candidate
                if nearest and answers and _names_the_question(candidate):
                    named = candidate  # named the question above answers named so (MariaDB's ``div#question_body``)
                nearest = nearest and stats.text_words(candidate) < LABEL_WORDS  # past the answers' heading, sort bar
        node = node.getparent()
        if node is parent:
            continue
    return named


#: Words of a box between the answers and the box named the question, at most: the answers' heading ("12 Answers"),
#: their sort bar; a box saying more is the question, however it is named.
LABEL_WORDS = 8
#: Names of comments; the id of the question itself (not its comments, nor a list of questions); a class naming it by
#: its letter (imooc's ``detail-q-wrap``, Mafengwo's ``q-detail``).
_COMMENTS = re.compile(r"comment", re.IGNORECASE)
_QUESTION_ID = re.compile(r"question(?!s|[-_]?(?:comment|list))", re.IGNORECASE)
_QUESTION_LETTER = re.compile(r"(?<![^-_ ])q(?=[-_])", re.IGNORECASE)


def _names_the_question(el: etree._Element) -> bool:
    """Whether an element's id names it the question (the page's one question: a class may name any, a related
    question's or a list's), or a class names it by the question's letter, and neither names a part beside a post's
    text (its title, its header)."""
    ident, classes = el.get("id") or "", el.get("class") or ""
    return (bool(_QUESTION_ID.search(ident)) or bool(_QUESTION_LETTER.search(classes))) \
        and not BESIDE_POST_TEXT.search(f"{ident} {classes}")


def _repeats_a_reply(el: etree._Element, replies: list[str], said: list[str]) -> bool:
    """Whether the element shows one of the group's posts (``replies``, their texts) again, or the body of just one of
    them (``said``, the bodies' texts): a forum's "Best Answer" box above the replies holds a copy of the accepted one
    (without its byline and buttons: Mozilla Support's "Chosen solution"), which is neither the question nor an answer
    of its own, when the copy is most of what the box says (a question box may quote the best answer below the
    question). A box showing several posts' bodies is a rendering of the whole thread, whose question it holds."""
    text = _text([el])
    if any(reply and reply in text for reply in replies):
        return True
    copied = [body for body in said if body in text]
    return len(copied) == 1 and len(copied[0]) >= REPEAT_SHARE * len(text)


#: Words a post's body has at least for a box holding it to be told its copy: "Thanks!" is in many a question.
REPEAT_MIN_WORDS = 10
#: Share of a box's text that the copy of one post's body is, at least, when the box is that copy.
REPEAT_SHARE = 0.5


def _chrome(el: etree._Element, stats: TextStats) -> bool:
    """Page chrome shaped like a post (a forum's navigation and log-in box, the thread's header): half link text or
    more, an ``<h1>`` half of its words or more and no poster, or a form with labelled fields (their controls are
    gone after cleaning, the labels stay) or that logs the reader in (SMF 1.1's "Welcome, Guest. Please login or
    register." above the site's news, in the cells its posts are rendered in), or a few words with two links that
    log in or sign up: the same greeting without its form."""
    if stats.link_words.get(el, 0) * 2 >= stats.words.get(el, 0):
        return True
    if any(2 * stats.text_words(heading) >= stats.text_words(el) for heading in el.iter("h1")) \
            and not has_user_link(el):
        return True  # the thread's header: its title, tools and counts (UBB.threads' "Print Thread"); not an asker's
    if any(sum(1 for _ in form.iter("label")) >= 2 or _LOG_IN.search(form.get("action") or "")
           for form in el.iter("form")):
        return True
    # SMF 1.1's "Welcome, Guest. Please login or register." as two links, without the form (its Spanish skin's
    # "Bienvenido(a), Visitante. Por favor, ingresar o registrarse")
    return stats.text_words(el) <= GREETING_MAX_WORDS \
        and sum(1 for a in el.iter("a") if _LOG_IN.search(a.get("href") or "")) >= 2


#: Words outside links of a box that greets a guest with links to log in and to register, at most.
GREETING_MAX_WORDS = 30
#: A form's action that logs the reader in or signs them up (``index.php?action=login2``, ``/login``, ``/signin``).
_LOG_IN = re.compile(r"log-?in|sign-?in|sign_in|register|signup", re.IGNORECASE)


#: Words naming a reply in a template's class names (Kızlar Soruyor's answers are ``opinion-item``s), and those its
#: opening post's box says in their place (bbPress's lead topic: ``bbp-topic-content`` where its replies have
#: ``bbp-reply-content``; Kızlar Soruyor's ``question-body`` for ``opinion-body``).
_REPLY_WORD = re.compile(r"(?<![a-z])(reply|answer|opinion)(?![a-z])")
_OPENING_WORDS = ("topic", "question", "post")


def _as_opening(name: str) -> list[str]:
    """The signature or body path ``name`` as the opening post's box would be named, with each word naming a reply
    (:data:`_REPLY_WORD`) replaced by one naming the opening post; none when it names no reply."""
    if not _REPLY_WORD.search(name):
        return []
    return ["/".join(_renamed_step(step, word) for step in name.split("/")) for word in _OPENING_WORDS]


def _renamed_step(step: str, word: str) -> str:
    """One signature (``tag.classes#id``) with its reply words renamed ``word``, its class names sorted again as a
    signature sorts them (``answer-card__body markdown-body`` is ``markdown-body question-card__body`` renamed)."""
    tag, dot, rest = step.partition(".")
    if not dot:
        return _REPLY_WORD.sub(word, step)
    classes, hashmark, ident = rest.partition("#")
    renamed = " ".join(sorted(_REPLY_WORD.sub(word, name) for name in classes.split()))
    return f"{tag}.{renamed}{hashmark}{_REPLY_WORD.sub(word, ident)}"


def _has_question_body(el: etree._Element, body_signature: str, stats: TextStats) -> bool:
    """Whether ``el`` holds an element of the answers' body tag whose class names hold each of theirs that names an
    answer (or a reply), renamed for a question (Mendix's ``question-card__body`` for ``answer-card__body
    mx-name-htmlAnswer richtext-content``: the rest of the template differs)."""
    return _question_body(el, body_signature, stats) is not None


#: A class name of an answer's part by its first letter (HiDoc's ``a_desc`` and ``a_head``; the question's are
#: ``q_desc`` and ``q_head``).
_ANSWER_LETTER = re.compile(r"^a(?=[-_])")


def _question_body(el: etree._Element, body_signature: str, stats: TextStats,
                   letters: bool = False) -> etree._Element | None:
    """The first element in ``el`` that :func:`_has_question_body` looks for, a hyphen and an underscore alike in
    class names (Sogou Wenwen's ``question-con`` for ``answer_con``); with ``letters``, a class name starting with
    the answer's letter (:data:`_ANSWER_LETTER`) is renamed with the question's too."""
    tag, _, names = body_signature.partition(".")
    tokens = names.partition("#")[0].replace("_", "-").split()
    renamed = {_REPLY_WORD.sub("question", token) for token in tokens if _REPLY_WORD.search(token)}
    if letters:
        renamed |= {_ANSWER_LETTER.sub("q", token) for token in tokens if _ANSWER_LETTER.search(token)}
    if not renamed:
        return None
    return next((d for d in el.iter(tag) if renamed <= set((d.get("class") or "").replace("_", "-").split())
                 and stats.text_words(d) >= MIN_POST_WORDS), None)


def _has_body(el: etree._Element, body_signature: str, stats: TextStats) -> bool:
    return any(signature(d) == body_signature and stats.text_words(d) >= MIN_POST_WORDS for d in el.iter())


def body_inside(question: etree._Element, body_path: str, stats: TextStats) -> list[etree._Element]:
    """The question's body: the answers' body path followed from the question, or from the first element inside it
    that matches a later step of the path (the question's template differs at the top: ``postcell`` for
    ``answercell``); else the element named as the answers' text is, renamed for a question (:func:`_question_body`:
    Doctoralia's ``question-content`` for ``answer-content mt-2``, HiDoc's ``q_desc`` for ``a_desc``); else the one
    element where the path's steps, followed from their first match, stop short of its end, when it holds half the
    box's words or more (a best answer's ``div.best-text`` where the others' text is in ``div.answer-text``: the box
    the path reached holds it, and not the byline beside it); the question itself when nothing matches. A box so
    found that is not named as a post's text, or the question itself, gives way to the text named inside it
    (:func:`own_text`: a box named ``question-content`` around its title, byline and ``div.post-text``). Matches
    under different parents are the bodies of several posts (a copy of the whole thread rendered above the posts):
    the first is the question's, passing over a label too short to be a post."""
    stopped_short: list[etree._Element] | None = None
    for path in _as_opening(body_path):  # bbPress's lead topic: its boxes named for a topic, the replies' for replies
        reached, short = _body_inside_along(question, path, stats)
        if reached is not None:
            return reached  # a path followed to its end before one stopping short (Quera's "question")
        stopped_short = stopped_short or short
    renamed = _question_body(question, body_path.rpartition("/")[2], stats, letters=True)
    if renamed is None and stopped_short is not None:
        return stopped_short
    reached, short = (None, None) if renamed is not None else _body_inside_along(question, body_path, stats)
    return own_text([renamed] if renamed is not None else reached or short or [question], stats, question)


def own_text(body: list[etree._Element], stats: TextStats,
             box: etree._Element | None = None) -> list[etree._Element]:
    """A post's body, or the text named inside it (:func:`_named_text`) when it is one element not itself named as a
    post's text, or is the post's whole ``box``."""
    if len(body) == 1 and (body[0] is box or not names_post_text(element_names(body[0]))) \
            and (named := _named_text(body[0], stats)) is not None:
        return [named]
    return body


def _named_text(body: etree._Element, stats: TextStats) -> etree._Element | None:
    """The outermost element inside a post's body (the question's, or a lone answer's around its replies; itself not
    named as a post's text) named as one (``div.post_body``), holding half its words or more but not all, links
    counted (its tags are links): where the answers' path stops short in the question's template (at their
    ``div.col-12``, which holds the question's title and byline too), the question's own names still tell its text
    from the title and byline above it (PieFed's ``h1.post_title`` and ``p.post_meta``)."""
    words, all_words = stats.text_words(body), stats.words.get(body, 0)
    return next((el for el in body.iterdescendants() if isinstance(el.tag, str)
                 and all_words > stats.words.get(el, 0) and 2 * stats.text_words(el) >= words
                 and names_post_text(element_names(el))), None)


def _body_inside_along(
    question: etree._Element, body_path: str, stats: TextStats,
) -> tuple[list[etree._Element] | None, list[etree._Element] | None]:
    """:func:`body_inside` along one body path: what the path reaches at its end, else None and the one element
    where it stops short holding half the box's words, else None for both (the question itself is the body)."""
    steps = body_path.split("/")[1:]
    partial: list[etree._Element] = []  # the first match of a path's steps that stops short of its end
    for start in range(len(steps)):
        current = [d for d in question.iter() if isinstance(d.tag, str) and signature(d) == steps[start]]
        for step in steps[start + 1:]:
            below = [child for el in current for child in el if isinstance(child.tag, str)
                     and signature(child) == step]
            if not below and not partial:
                partial = [el for el in current if stats.text_words(el) > 0]
            current = below
        current = [el for el in current if stats.text_words(el) > 0]
        if current:
            if len({el.getparent() for el in current}) == 1:
                return current, None
            # a column's label in the box's header row is named like the text it heads (bbPress's "Topic")
            worded = [el for el in current if stats.text_words(el) >= MIN_POST_WORDS]
            return (worded or current)[:1], None
    if len(partial) == 1 and 2 * stats.text_words(partial[0]) >= stats.text_words(question):
        return None, partial  # most of the box's words: its text, not a byline the first step also names
    return None, None


def _text(elements: list[etree._Element]) -> str:
    return " ".join(word for el in elements for word in " ".join(el.itertext()).split())
