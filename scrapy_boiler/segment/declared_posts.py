"""Posts a page declares in schema.org microdata: the question and answers of a Q&A page, the posts of a forum.

Q&A software (Stack Exchange, WordPress Q&A plugins) marks its question and answers up as schema.org ``Question``
and ``Answer`` items inside a ``QAPage``, with ``text``, ``upvoteCount``, ``dateCreated``, ``author`` and
``acceptedAnswer`` / ``suggestedAnswer``; forum software marks posts as ``DiscussionForumPosting``, ``Comment`` or
``SocialMediaPosting`` items with a ``text`` (or ``articleBody``). Where a page says this, it is more reliable than
any layout heuristic: the question sits in its own container, unlike the answers, and is found anyway.

:func:`declared_post_group` maps the declaration back to the DOM: every element with ``itemprop="text"`` (or
``articleBody``) whose item is a post type is one post's body; the post (the group member) is the body's highest
ancestor inside its item that holds no other post's body. The result is a
:class:`~scrapy_boiler.segment.post_groups.PostGroup`, so everything downstream (labelling, ``Document.posts``)
treats it like a group found from the layout, and each member carries what the markup says of it
(:class:`DeclaredPost`).
"""

from __future__ import annotations

import re
from dataclasses import replace

from lxml import etree

from scrapy_boiler.parse.normalize import collapse_spaces
from scrapy_boiler.segment.post_groups import MIN_MEMBERS, DeclaredPost, PostGroup, common_ancestor
from scrapy_boiler.segment.signatures import signature
from scrapy_boiler.segment.text_stats import TextStats

#: schema.org types whose items are posts of a thread.
POST_TYPES = frozenset({"question", "answer", "comment", "discussionforumposting", "socialmediaposting"})
#: Item properties that hold a post's text.
BODY_PROPS = frozenset({"text", "articlebody"})
_WITH_ITEMPROP = etree.XPath("descendant-or-self::*[@itemprop]")
_INTEGER = re.compile(r"[-+−]?\d[\d,.\s]*")


#: An ``interactionType`` that counts approval: schema.org's ``LikeAction``, ``VoteAction``, ``AgreeAction``.
_VOTE_ACTION = re.compile(r"(?:Like|Vote|Agree)Action\b", re.I)


def _props(el: etree._Element) -> set[str]:
    return set((el.get("itemprop") or "").lower().split())


def _type(el: etree._Element) -> str | None:
    """The post type of an item element, if it is one (the last path segment of any of its ``itemtype`` URLs)."""
    for url in (el.get("itemtype") or "").split():
        name = url.rstrip("/").rsplit("/", 1)[-1].lower()
        if name in POST_TYPES:
            return name
    return None


def _owner_item(el: etree._Element) -> etree._Element | None:
    """The nearest ancestor that is an item (``itemscope``)."""
    node = el.getparent()
    while node is not None:
        if node.get("itemscope") is not None:
            return node
        node = node.getparent()
    return None


def _value(el: etree._Element) -> str:
    """A microdata property's value: ``content``, ``datetime`` or ``href`` before the text."""
    for attribute in ("content", "datetime", "href"):
        value = el.get(attribute)
        if value:
            return value.strip()
    return collapse_spaces("".join(el.itertext()))


def _own_properties(item: etree._Element) -> dict[str, etree._Element]:
    """The item's properties (first of each name), not descending into nested items."""
    found: dict[str, etree._Element] = {}
    stack = list(item)
    while stack:
        el = stack.pop(0)
        if not isinstance(el.tag, str):
            continue
        for prop in _props(el):
            found.setdefault(prop, el)
        if el.get("itemscope") is None:
            stack[0:0] = list(el)
    return found


def _integer(text: str) -> int | None:
    match = _INTEGER.search(text)
    if not match:
        return None
    digits = re.sub(r"[^\d-]", "", match.group().replace("−", "-"))
    try:
        return int(digits)
    except ValueError:
        return None


def _describe(kind: str, item: etree._Element) -> DeclaredPost:
    """What the item declares of its post. An item declared as a question's answer (``suggestedAnswer``,
    ``acceptedAnswer``) is an answer whatever its type: ServiceNow's community types its replies ``Comment``."""
    declared_as = _props(item)
    if declared_as & _ANSWER_PROPS:
        kind = "answer"
    props = _own_properties(item)
    votes = _integer(_value(props["upvotecount"])) if "upvotecount" in props else _likes(item)
    date = next((_value(props[p]) for p in ("datecreated", "datepublished", "datemodified") if p in props), None)
    author = None
    if "author" in props:
        person = props["author"]
        inner = _own_properties(person) if person.get("itemscope") is not None else {}
        # a name is text: a link's value is its href, but Habr's <a itemprop="name" href="/user/x">Name</a> is named
        name = inner.get("name")
        name_text = (name.get("content") or collapse_spaces("".join(name.itertext()))) if name is not None else ""
        author = name_text or collapse_spaces("".join(person.itertext())) or None
    url = _value(props["url"]) if "url" in props else None
    return DeclaredPost(kind, votes, "acceptedanswer" in declared_as, date or None, author, url)


#: The properties that declare an item a question's answer.
_ANSWER_PROPS = frozenset({"suggestedanswer", "acceptedanswer"})


def declared_as_answer(el: etree._Element) -> bool:
    """Whether the element is declared a question's answer (``itemprop="suggestedAnswer"``), text or not."""
    return bool(_props(el) & _ANSWER_PROPS)


def _likes(item: etree._Element) -> int | None:
    """The count of an ``interactionStatistic`` of the item whose ``interactionType`` is a like or a vote (how
    Discourse and other forums declare a post's likes), or None."""
    for el in item.iter():
        if isinstance(el.tag, str) and "interactionstatistic" in _props(el) and _owner_item(el) is item:
            counter = _own_properties(el)
            kind = _value(counter["interactiontype"]) if "interactiontype" in counter else ""
            if _VOTE_ACTION.search(kind) and "userinteractioncount" in counter:
                return _integer(_value(counter["userinteractioncount"]))
    return None


def declared_post_group(root: etree._Element, stats: TextStats) -> PostGroup | None:
    """The posts the page declares in microdata, as a post group whose ``declared`` says what each declares; None
    when fewer than two posts with text are declared, unless the one is a ``Question`` (nobody has answered it)."""
    found: list[tuple[etree._Element, etree._Element, str | None]] = []  # (body, item, post type or None)
    for el in _WITH_ITEMPROP(root):
        if not (_props(el) & BODY_PROPS):
            continue
        item = _owner_item(el)
        if item is not None and stats.text_words(el) > 0:
            found.append((el, item, _type(item)))
    # A text rendered like the declared posts' texts is a post too, whatever item holds it: forums often mark the
    # opening post as the page's item (``ItemPage``, ``WebPage``) and only the replies as ``Comment``.
    post_signatures = {signature(body) for body, _, kind in found if kind is not None}
    bodies = [(body, item, kind or "post") for body, item, kind in found
              if kind is not None or signature(body) in post_signatures]
    body_set = {body for body, _, _ in bodies}
    bodies = [b for b in bodies if not any(a in body_set for a in b[0].iterancestors())]  # a quoted post's body
    bodies = [b for index, b in enumerate(bodies) if not _comment_in_item(b[0], b[1], bodies[:index])]
    if len(bodies) < MIN_MEMBERS and not (len(bodies) == 1 and bodies[0][2] == "question"):
        return None  # a question declared alone is a thread still: one nobody has answered yet
    members = members_of([body for body, _, _ in bodies], [item for _, item, _ in bodies])
    parent = common_ancestor(members)
    if parent is None:
        parent = members[0].getroottree().getroot()
    words = sum(stats.text_words(m) for m in members)
    declared = [_describe(kind, item) for _, item, kind in bodies]
    opening = _opening_comment(bodies, declared)
    if opening is not None:
        declared[0] = replace(declared[0], kind=opening)
    return PostGroup(parent, "schema.org:" + "+".join(sorted({k for _, _, k in bodies})), members,
                     [[body] for body, _, _ in bodies], words, 1.0, True, tuple(declared))


def _comment_in_item(body: etree._Element, item: etree._Element,
                     earlier: list[tuple[etree._Element, etree._Element, str]]) -> bool:
    """Whether a text declared for an item that declared one already lies in an element named a comment, below the
    item: a comment under the question or an answer marked with the post's ``text`` property, no item of its own
    (Habr Q&A), not a second part of the post."""
    if not any(other is item for _, other, _ in earlier):
        return False
    for el in (body, *body.iterancestors()):
        if el is item:
            return False
        if "comment" in (el.get("class") or "").lower():
            return True
    return False


def members_of(bodies: list[etree._Element], items: list[etree._Element | None]) -> list[etree._Element]:
    """The post (group member) of each body: its highest ancestor, up to its item when it has one, that holds no
    other body."""
    under: dict[etree._Element, int] = {}  # bodies under each element
    for body in bodies:
        for el in (body, *body.iterancestors()):
            under[el] = under.get(el, 0) + 1
    members: list[etree._Element] = []
    for body, item in zip(bodies, items, strict=True):
        member = body
        while member is not item and under[body] == 1:
            parent = member.getparent()
            if parent is None or under[parent] > 1:
                break
            member = parent
        members.append(member)
    return members


#: Thread items that may declare their opening post's text nowhere but in their first ``Comment``.
_THREAD_TYPES = ("discussionforumposting", "question")


def _opening_comment(bodies: list[tuple[etree._Element, etree._Element, str]],
                     declared: list[DeclaredPost]) -> str | None:
    """The thread type to give the first declared post when it is the thread's opening post declared as a
    ``Comment``: NodeBB declares the topic a ``DiscussionForumPosting`` whose ``text`` is only a ``<meta>``
    repeating its title, and every post, the opening one included, a ``Comment`` inside it. It is the opening post
    when the thread item gives no body of its own and names the same author or date as that first comment."""
    first_body, _, first_kind = bodies[0]
    if first_kind != "comment":
        return None
    for thread in first_body.iterancestors():
        kind = _type(thread) if thread.get("itemscope") is not None else None
        if kind not in _THREAD_TYPES:
            continue
        if any(item is thread for _, item, _ in bodies):
            return None  # it declares a body of its own: its comments are replies
        own = _describe(kind, thread)
        same_author = own.author is not None and own.author == declared[0].author
        same_date = own.date is not None and own.date == declared[0].date
        return kind if same_author or same_date else None
    return None
