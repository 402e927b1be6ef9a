"""Post bodies: what makes the posts of one template alike, and where each post's text is.

Posts are compared by the signatures of the elements inside them (:mod:`scrapy_boiler.segment.signatures`). Inside
each post, the *body* is found by descending while one child path (the same relative signature path in every post)
holds most of the posts' words: this drops author boxes, signatures and "reply / quote" bars when the body is one
element. Where short posts sit beside author cards of as many words, linked to the posters' pages, and no name
tells the body, the texts outside links that the posts show alike ("Joined:", "Posts:") are taken as their
template's and the descent is tried again without them.
"""

from __future__ import annotations

import math
import re
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator, Sequence

from lxml import etree

from scrapy_boiler.parse.normalize import count_words, repeat_form
from scrapy_boiler.segment.flow_siblings import with_flow_siblings
from scrapy_boiler.segment.post_marks import has_date, has_user_link
from scrapy_boiler.segment.semantics import BESIDE_POST_TEXT, POST_TEXT_NAME, names_post_text
from scrapy_boiler.segment.signatures import MIN_CLASS_OVERLAP, SignatureAliases, class_overlap, class_tokens, signature
from scrapy_boiler.segment.text_stats import TextStats

#: A member counts as a post when it holds at least this many non-link words.
MIN_POST_WORDS = 3
#: Depth of the inner structure compared between members.
STRUCTURE_DEPTH = 4
#: The body descent goes into a child path holding at least this share of the members' words.
BODY_SHARE = 0.75
#: ... or at least half of them when no other child path holds more than this share of its words.
BODY_RUNNER_UP = 0.5

#: A member without a step of the body path that all but one in this many members have has strayed from the template...
STRAYED_SHARE = 4
#: ... and is no post when what it holds is a byline of fewer words than this (a deleted comment's).
STRAYED_WORDS = 12

#: A text a post shows that at least this share of the posts (two at least) show too is their template's: an author
#: card's labels ("Joined:", "Posts:"), a "Reply" button.
TEMPLATE_SHARE = 0.5

#: Below where the descent stopped, the class ``post`` names the text too (SMF's ``div.post`` beside the poster's card);
#: where it stopped, it may be the whole post (``table#post123``, ``div.post`` of many templates).
_POST_CLASS = "post"
#: A named body holds at least this share of the posts' words (it is their text, not a label).
NAMED_BODY_SHARE = 0.25
#: ... and at least this share where the descent stopped in a body named so already.
NAMED_INNER_SHARE = 0.6
#: ... and is the only one so named in all posts but at most one in this many, where the first is the post's own (a
#: best answer a question post shows below its text, Flarum's ``Post-body`` in ``item-bestAnswerPost``).
NAMED_BODY_REPEATS = 4
#: ... and is missing from at most one member in this many (those are rows of the template that are no posts).
NAMED_BODY_MOST = 3
#: A named body inside the one chosen, in the same posts, that holds at least this share of its words is the text
#: itself: FluxBB's ``div.postmsg`` inside ``div.postbody``, which holds the poster's card beside it (as many words
#: as a short post).
INNER_BODY_SHARE = 0.25

#: A poster's standing footer inside a post body (``div.signature``, XenForo's ``message-signature``, Invision's
#: ``data-role="memberSignature"``, phpBB's ``postsig``): not what the post says.
_SIGNATURE_NAME = re.compile(r"signature|postsig|\bsig\b", re.I)


def inner_structure(member: etree._Element, alias: Callable[[str], str] | None = None,
                    skipped: frozenset[etree._Element] = frozenset()) -> set[str]:
    """Relative signature paths down to :data:`STRUCTURE_DEPTH` levels below ``member``, none into a ``skipped``
    element (a reply nested in the post); with ``alias`` (a :class:`SignatureAliases` shared by the members
    compared), an element whose class names differ from one seen before by a single state class (GitHub's
    ``color-border-success-emphasis`` on the accepted answer's wrapper) has that one's signature, so the one
    difference does not change every path below it."""
    paths: set[str] = set()
    frontier = [(member, "")]
    for _ in range(STRUCTURE_DEPTH):
        nxt = []
        for el, path in frontier:
            for child in el:
                if isinstance(child.tag, str) and child not in skipped:
                    paths.add(sub := f"{path}/{alias(signature(child)) if alias else signature(child)}")
                    nxt.append((child, sub))
        frontier = nxt
    return paths


def member_bodies(members: list[etree._Element], stats: TextStats) -> tuple[list[list[etree._Element]], str]:
    """Descend into the child path that holds most members' words; return each member's body and the path (a last
    ``//`` step is a body the template names, below where the descent stopped: :func:`_named_bodies`). Where it
    cannot go down at all and no name tells the body, and most members link to their poster's page (short posts
    beside author cards of as many words, whose class names say nothing), it is tried again on the words that are
    not the posts' template (:func:`without_template`). A body found in a paragraph goes on in the lists, code and
    quotations beside it (:func:`~scrapy_boiler.segment.flow_siblings.with_flow_siblings`)."""
    bodies, path = _descend(members, stats)
    if path:
        return with_flow_siblings(bodies, path, stats), path
    if len(members) < 2 or 2 * sum(map(has_user_link, members)) < len(members):
        return bodies, path
    own = without_template(members, stats)
    return (bodies, path) if own is None else _descend(members, own)


def without_template(members: list[etree._Element], stats: TextStats) -> TextStats | None:
    """``stats`` of the members' elements (all the descent reads) with the words of their template (a text, not a
    link's, that :data:`TEMPLATE_SHARE` of them show) taken from the elements holding them up to their member; None
    when they show nothing alike."""
    found = [list(_text_pieces(member)) for member in members]
    shown = Counter(key for pieces in found for key in {key for _, key in pieces})
    least = max(2, math.ceil(TEMPLATE_SHARE * len(members)))
    if all(count < least for count in shown.values()):
        return None
    own = TextStats({el: stats.words.get(el, 0) for member in members for el in member.iter()}, stats.link_words)
    for member, pieces in zip(members, found, strict=True):
        for holder, key in pieces:
            if shown[key] < least:
                continue
            words = count_words(key)
            for el in (holder, *holder.iterancestors()):  # the holder and its ancestors up to the member
                own.words[el] -= words
                if el is member:
                    break
    return own


def _text_pieces(member: etree._Element) -> Iterator[tuple[etree._Element, str]]:
    """The member's texts outside links, each with the element whose words it counts in (a tail's is the parent),
    spaces collapsed and case folded."""
    linked: set[etree._Element] = set()
    for el in member.iter():
        if not isinstance(el.tag, str):
            continue  # a comment's text and tail count nowhere (:func:`~scrapy_boiler.segment.text_stats.text_stats`)
        parent = el.getparent()
        if el.tag == "a" or (el is not member and parent in linked):
            linked.add(el)
        elif el.text and (key := repeat_form(el.text)):
            yield el, key
        tail = el.tail if el is not member and parent is not None and parent not in linked else None
        if tail and (key := repeat_form(tail)):
            yield parent, key


def _descend(members: list[etree._Element], stats: TextStats) -> tuple[list[list[etree._Element]], str]:
    """:func:`member_bodies`' descent, on the words ``stats`` counts."""
    current: list[list[etree._Element]] = [[m] for m in members]
    path = ""
    alias = SignatureAliases()
    strayed: set[int] = set()  # members without a body step nearly all others have
    while True:
        _opening_post_alias(current, alias)
        totals: dict[str, int] = defaultdict(int)
        present: dict[str, int] = defaultdict(int)
        count: dict[str, int] = defaultdict(int)
        example: dict[str, etree._Element] = {}  # the first child met with each signature
        for els in current:
            seen = set()
            for el in els:
                for child in el:
                    if not isinstance(child.tag, str):
                        continue
                    sig = alias(signature(child))
                    example.setdefault(sig, child)
                    totals[sig] += stats.text_words(child)
                    count[sig] += 1
                    seen.add(sig)
            for sig in seen:
                present[sig] += 1
        whole = sum(stats.text_words(el) for els in current for el in els)
        if not totals or whole == 0:
            return _bodiless(_named_bodies(current, path, stats), strayed, stats)
        ranked = sorted(totals.values(), reverse=True)
        best = max(totals, key=totals.__getitem__)
        runner_up = ranked[1] if len(ranked) > 1 else 0
        # Descend when one child path holds most words, or half of them with nothing else close
        # (a body next to short author and date boxes).
        dominant = totals[best] >= BODY_SHARE * whole or (
            totals[best] >= whole / 2 and runner_up <= BODY_RUNNER_UP * totals[best]
        ) or (totals[best] >= whole / 2 and _byline_beside(current, best, alias, totals))
        if not dominant or present[best] * 2 < len(current) or count[best] > present[best]:
            wrapped = _wrapped(current, stats)
            if wrapped is None:
                return _bodiless(_named_bodies(current, path, stats), strayed, stats)
            current, path = [[el] for el in wrapped], f"{path}/{signature(wrapped[0])}"
            continue
        nxt = []
        for index, els in enumerate(current):
            found = [child for el in els for child in el
                     if isinstance(child.tag, str) and alias(signature(child)) == best]
            if not found and present[best] * STRAYED_SHARE >= (STRAYED_SHARE - 1) * len(current):
                strayed.add(index)
            alike = [] if found else _in_another_state(els, example[best])
            if index in strayed and sum(stats.text_words(el) for el in alike) < STRAYED_WORDS:
                alike = []  # a deleted comment's stub ("Comment deleted by user"): judged by its byline
            nxt.append(found or alike or els)
        current, path = nxt, f"{path}/{best}"


def _in_another_state(els: list[etree._Element], step: etree._Element) -> list[etree._Element]:
    """The one child of ``els`` of the body step's tag whose class names overlap the step's by
    :data:`~scrapy_boiler.segment.signatures.MIN_CLASS_OVERLAP`: the same part of the template in another state
    (Khoros's ``div.MessageView`` is ``lia-thread-topic`` in the opening post, ``lia-thread-reply
    lia-accepted-solution lia-message-authored-by-moderator`` in the solution, ``lia-thread-reply`` elsewhere)."""
    tokens = class_tokens(step)
    if not tokens:
        return []
    alike = [child for el in els for child in el if isinstance(child.tag, str) and child.tag == step.tag
             and class_overlap(tokens, class_tokens(child)) >= MIN_CLASS_OVERLAP]
    return alike if len(alike) == 1 else []


def _opening_post_alias(current: list[list[etree._Element]], alias: SignatureAliases) -> None:
    """An opening post styled apart (Mobile01's ``article.l-publishArea`` where each reply has
    ``article.c-articleLimit``; Kunena's ``message-kunena_topic`` beside a profile column, where each reply has
    ``message-kunena``): a child of the first post whose signature no other post shows takes the one all the others
    show and the first lacks, when one alone of that tag does and it is its only child of that tag, or the only one no
    other post shows and built as theirs below (not Askbot's question, wrapped once more than its answers)."""
    if len(current) < 3:
        return
    children = [child for el in current[0] for child in el if isinstance(child.tag, str)]
    first = [alias(signature(child)) for child in children]
    rest = [dict(reversed([(alias(signature(c)), c) for el in els for c in el if isinstance(c.tag, str)]))
            for els in current[1:]]  # each other post's children by signature, the first of each (reversed)
    common = set.intersection(*map(set, rest)) - set(first)
    unshown = [(sig, child) for sig, child in zip(first, children, strict=True) if not any(sig in s for s in rest)]
    for sig, child in unshown:
        tag = _tag_of(sig)
        same = [other for other in common if _tag_of(other) == tag]
        if len(same) != 1 or sum(_tag_of(mine) == tag for mine, _ in unshown) != 1:
            continue
        theirs = rest[0][same[0]]  # the second post's part of that signature (every other post shows it)
        if sum(_tag_of(mine) == tag for mine in first) == 1 or len(
                inner_structure(child, alias) & (built := inner_structure(theirs, alias))) * 2 >= len(built) > 0:
            alias.join(sig, same[0])


def _tag_of(sig: str) -> str:
    """The tag a signature starts with (``article`` of ``article.c-articleLimit#``)."""
    return sig.partition(".")[0].partition("#")[0]


def _wrapped(current: list[list[etree._Element]], stats: TextStats) -> list[etree._Element] | None:
    """In every member, the one child that holds all its words, when these children share a tag but not their class
    names: a wrapper whose state classes tell the opening post, the replies and the accepted one apart (Khoros's
    ``lia-thread-topic`` / ``lia-thread-reply`` / ``lia-accepted-solution``). Going into it loses no word."""
    found: list[etree._Element] = []
    for els in current:
        if len(els) != 1:
            return None
        whole = stats.words.get(els[0], 0)
        inner = [child for child in els[0] if isinstance(child.tag, str) and stats.words.get(child, 0)]
        if not whole or len(inner) != 1 or stats.words.get(inner[0], 0) != whole:
            return None
        found.append(inner[0])
    return found if len({el.tag for el in found}) == 1 else None


def _bodiless(
    found: tuple[list[list[etree._Element]], str], strayed: set[int], stats: TextStats
) -> tuple[list[list[etree._Element]], str]:
    """No body for a member that lacks a step of the body path and holds only a short byline (a deleted comment:
    "[deleted] · 4 yr. ago"); a long one (an opening post rendered otherwise) or one with no user link or date (a
    short reply whose text is wrapped in a media loader) keeps the elements where it strayed."""
    bodies, path = found

    def byline_only(els: list[etree._Element]) -> bool:
        return (sum(stats.words.get(el, 0) for el in els) < STRAYED_WORDS
                and any(has_user_link(el) or has_date(el) for el in els))

    return [[] if index in strayed and byline_only(els) else els for index, els in enumerate(bodies)], path


def _named_bodies(
    current: list[list[etree._Element]], path: str, stats: TextStats
) -> tuple[list[list[etree._Element]], str]:
    """Where the descent stopped above the posts' own text in elements their template does not name as a body (a
    user card outweighs short posts: Discuz's ``tbody``) or in a table row, which holds the poster's cell beside the
    text whatever its name (the Hardware.fr engine's ``tr.message``), the element in each post that it names as its text
    (``td#postmessage_53888``), if one holding :data:`NAMED_BODY_SHARE` of the words is in most posts; else as it
    stopped. A member without it gets no body: it is a row of the same template that is no post (Flarum's "renamed
    the discussion", phpBB's "Display posts from previous" row). Its ``//`` step is no clue to a question above the
    posts: an article's text may be named like its comments'."""
    tag, _, last = path.rpartition("/")[2].partition(".")
    # a body the template names may hold the post's title and byline above its text, in a body named so too
    # (Forumactif's phpBB theme: h2.topic-title, p.author and div.content in div.postbody): that one, if it holds most
    # of the words
    share = NAMED_INNER_SHARE if names_post_text(last) and tag != "tr" else NAMED_BODY_SHARE
    found: dict[str, dict[int, etree._Element]] = defaultdict(dict)
    repeated: dict[str, int] = defaultdict(int)
    in_parts: set[str] = set()  # a name of parts right in a body named so already: it holds them all (Linen's code)
    for index, els in enumerate(current):
        inside: dict[str, list[etree._Element]] = defaultdict(list)
        for el in els:
            for d in el.iterdescendants():
                if isinstance(d.tag, str):
                    inside[signature(d)].append(d)
        for sig, elements in inside.items():
            if len(elements) > 1 and (cell := _split_text_holder(elements, els)) is not None:
                found[sig][index] = cell  # phpBB 2 reopens span.postbody after each quotation and code block
                continue
            if len(elements) > 1 and share == NAMED_INNER_SHARE and {el.getparent() for el in elements} <= set(els):
                in_parts.add(sig)
            found[sig][index] = elements[0]
            repeated[sig] += len(elements) > 1
    whole = sum(stats.text_words(el) for els in current for el in els)
    named: dict[str, int] = {}  # the posts' words each name holds
    for sig, held in found.items():
        names = sig.partition(".")[2]
        if (len(held) < 2 or len(held) * NAMED_BODY_MOST < (NAMED_BODY_MOST - 1) * len(current)
                or repeated[sig] * NAMED_BODY_REPEATS > len(current)
                or not _names_text(names) or BESIDE_POST_TEXT.search(names) or sig in in_parts):
            continue
        words = sum(stats.text_words(el) for el in held.values())
        if words >= share * whole:
            named[sig] = words
    if not named:
        return current, path
    best = max(named, key=named.__getitem__)  # the first of equals, in document order
    while inner := [sig for sig, words in named.items() if words >= INNER_BODY_SHARE * named[best]
                    and sig != best and _inside(found[sig], found[best])]:
        best = max(inner, key=named.__getitem__)
    held = {**found[best], **_renamed_bodies(current, found[best], best)}
    return [[held[index]] if index in held else [] for index in range(len(current))], f"{path}//{best}"


def _renamed_bodies(current: list[list[etree._Element]], held: dict[int, etree._Element],
                    best: str) -> dict[int, etree._Element]:
    """For the posts without the named body ``best``, an element of its tag that shares its body-naming class (Askbot
    names the question's text ``question-content post-body``, each answer's ``answer-body post-body``), or the
    element holding several such siblings, a text written in parts."""
    tag, _, rest = best.partition(".")
    naming = {name for name in rest.rpartition("#")[0].split() if names_post_text(name)}
    renamed: dict[int, etree._Element] = {}
    for index, els in enumerate(current):
        if index in held or not naming:
            continue
        found = [el for member in els for el in member.iterdescendants(tag)
                 if not naming.isdisjoint((el.get("class") or "").split())]
        holder = _split_text_holder(found, ()) if len(found) > 1 else None  # the member itself may hold the parts
        if found:  # the text in sibling parts: their holder (Naver's SmartEditor components)
            renamed[index] = holder if holder is not None else found[0]
    return renamed


def _split_text_holder(elements: list[etree._Element], member: Sequence[etree._Element]) -> etree._Element | None:
    """The element holding several named bodies as siblings, a post's text split around its quotations and code
    blocks; None when they lie apart, or right in the post."""
    parents = {el.getparent() for el in elements}
    parent = parents.pop() if len(parents) == 1 else None
    return None if parent is None or parent in member else parent


def _names_text(names: str) -> bool:
    """Whether an element's class names and id prefix (a signature's part after the tag) name a post's text."""
    return bool(POST_TEXT_NAME.search(names)) or _POST_CLASS in names.rpartition("#")[0].split()


def _inside(inner: dict[int, etree._Element], outer: dict[int, etree._Element]) -> bool:
    """Whether the elements of ``inner`` lie inside those of ``outer``, post by post, in the same posts."""
    return inner.keys() == outer.keys() and all(
        any(ancestor is outer[index] for ancestor in el.iterancestors()) for index, el in inner.items())


def _byline_beside(
    current: list[list[etree._Element]], best: str, alias: SignatureAliases, totals: dict[str, int]
) -> bool:
    """Whether every other child path holding words is a byline (a user link or a date in most of its elements)
    while ``best`` is not: a long byline ("user 969 points 970 points 3 hours ago (91 children)") is not a rival
    body."""
    others: dict[str, list[etree._Element]] = defaultdict(list)
    for els in current:
        for el in els:
            for child in el:
                if isinstance(child.tag, str):
                    others[alias(signature(child))].append(child)
    chosen = others.pop(best)

    def byline(elements: list[etree._Element]) -> bool:
        return sum(has_user_link(e) or has_date(e) for e in elements) * 2 > len(elements)

    rivals = [els for sig, els in others.items() if totals[sig]]
    return not byline(chosen) and bool(rivals) and all(byline(els) for els in rivals)


def body_owner(node: etree._Element | None, owners: dict[etree._Element, int]) -> int | None:
    """Index of the post whose body holds ``node``, walking up from it through ``owners`` (``PostGroup.body_of``);
    None outside every body, or in a forum signature below one."""
    while node is not None:
        found = owners.get(node)
        if found is not None:
            return found if found >= 0 else None
        node = node.getparent()
    return None


def signature_elements(body: etree._Element) -> list[etree._Element]:
    """The elements below a post body inside a forum signature (:data:`_SIGNATURE_NAME`)."""
    signed = [el for el in body.iterdescendants() if isinstance(el.tag, str) and _SIGNATURE_NAME.search(
        " ".join(v for v in (el.get("class"), el.get("id"), el.get("data-role")) if v))]
    return [inner for el in signed for inner in el.iter()]
