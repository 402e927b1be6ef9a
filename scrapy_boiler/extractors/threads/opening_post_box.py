"""The opening post made of text above a thread's replies: the box that shows who wrote it, first in the group.

Q&A pages and many forums render the question in a container of its own above the replies, so the repeated posts
of :mod:`~scrapy_boiler.segment.post_groups` hold the replies only. Once
:mod:`~scrapy_boiler.extractors.threads.opening_post` has told which elements above them are the opening post's text
(by the article model's reading or by the page's declared text), :func:`with_opening_post` makes them the group's
first post, in the box that shows who wrote it, with a best answer in a box of its own under it split off.
"""

from __future__ import annotations

from dataclasses import replace

from lxml import etree

from scrapy_boiler.extractors.threads.best_answer import split_best_answer
from scrapy_boiler.parse.normalize import count_words
from scrapy_boiler.segment.post_groups import DeclaredPost, PostGroup, common_ancestor
from scrapy_boiler.segment.post_marks import has_user_link


def with_opening_post(group: PostGroup, lead: list[etree._Element], *, boxed: bool = False) -> PostGroup:
    """``group`` with the elements of ``lead`` (above its first post) made its opening post, unless the group
    already starts with a question (a declared one, or one found above the answers). ``boxed``: the post is the
    box around ``lead`` that shows who wrote it (:func:`_question_box`), not just the box around its text."""
    if group.question_found or (group.declared and group.declared[0].kind not in ("answer", "comment")):
        return group  # it starts with a question or a post, not with a reply
    members = set(group.members)
    # never a box around the posts, but the very element holding them may hold the opening post's text as well
    # (PTT's div#main-content: the post as loose text, then the pushes); the replies nested in it stay theirs
    containers = {member.getparent() for member in group.members}
    bodies = [el for el in lead if el in containers or not any(m in members for m in el.iter())]
    if not bodies:
        return group
    bodies, best, box = split_best_answer(bodies)  # a best answer in its own box under the question
    if box is not None:
        members.add(box)
    holder = common_ancestor(bodies)
    if boxed or holder is None or any(m in members for m in holder.iter()):
        holder = _question_box(max(bodies, key=_text_words), members)
    added = [(holder, bodies, DeclaredPost("question"))]
    if box is not None:
        added.append((box, best, DeclaredPost("answer", accepted=True)))
    declared = (*(post for _, _, post in added), *group.declared) if group.declared else None
    byline = _byline_after_title(bodies, holder, members)
    return replace(group, members=[*(el for el, _, _ in added), *group.members],
                   bodies=[*(els for _, els, _ in added), *group.bodies], declared=declared, question_found=True,
                   heads=group.heads if byline is None else {**group.heads, holder: byline})


def _byline_after_title(bodies: list[etree._Element], holder: etree._Element,
                        members: set[etree._Element]) -> etree._Element | None:
    """The byline between an opening post's title and its text box, when the box does not show who wrote it
    (Lobsters: the story's title, its tags, "authored by <a>hjalmar</a>", then the text): the first element after
    the title linking to a user, before the box."""
    if len(bodies) < 2 or has_user_link(holder):
        return None
    for sibling in bodies[0].itersiblings():
        if not isinstance(sibling.tag, str):
            continue
        if any(el is holder or el in members for el in sibling.iter()):
            return None
        if has_user_link(sibling):
            return sibling
    return None


#: A question's box (its text with its byline, votes and tags) holds at most this many times its text's words, and
#: this many more.
BOX_WORDS_RATIO = 2.0
BOX_EXTRA_WORDS = 60


def _question_box(text: etree._Element, members: set[etree._Element]) -> etree._Element:
    """The box around the opening post's main text (the lead's longest element) that shows who asked it and when,
    where the title above sits apart (Question2Answer's ``div.qa-part-q-view`` under a heading of its own): the
    largest ancestor holding none of the replies and not much more text than the post's own."""
    words = _text_words(text)
    limit = BOX_WORDS_RATIO * words + BOX_EXTRA_WORDS
    box = text
    for parent in text.iterancestors():
        if any(m in members for m in parent.iter()) or _text_words(parent) > limit:
            break
        box = parent
    return box


def _text_words(el: etree._Element) -> int:
    """Words under ``el``, a run of Chinese or Japanese counted in pseudo-words as everywhere (whitespace tokens would
    make a whole paragraph one word, and a one-line title as long as the post)."""
    return count_words(" ".join(el.itertext()))
