"""How alike the members of a repeated sibling group are: posts made from one template share their inner
structure, while the event lines of an issue's timeline and the stubs between posts ("3 more replies") do not, and
are left out (:func:`likeness`)."""

from __future__ import annotations

import re

from lxml import etree

from scrapy_boiler.segment.post_bodies import inner_structure
from scrapy_boiler.segment.post_marks import has_date
from scrapy_boiler.segment.signatures import SignatureAliases
from scrapy_boiler.segment.text_stats import TextStats

#: A member with at most this many non-link words is a stub ("3 more replies"), not compared for likeness.
STUB_WORDS = 3
#: ... and only where this many longer members remain (two boxes and a caption are no thread).
STUB_FREE_POSTS = 3
#: A member with at most this many non-link words, shaped like none of the longer members, is an event line of an
#: issue's timeline (GitLab's system notes between the comments), not a post.
EVENT_WORDS = 8
#: The boxes a timeline's entries are drawn in.
_TIMELINE_TAGS = frozenset({"li", "div", "article", "section"})
#: Mean Jaccard overlap of the members' inner structure (relative signature paths) a group needs.
MIN_SIMILARITY = 0.3
#: Members a group needs before a member may be compared with the one two places back (alternating wrappers).
ALTERNATION_MEMBERS = 4
#: Overlap of two members' tag paths (class names left out) at which they are built of the same tags.
SAME_TAGS = 0.5


def likeness(members: list[etree._Element], stats: TextStats,
             replies: frozenset[etree._Element] = frozenset()) -> tuple[float, list[etree._Element]]:
    """Mean Jaccard overlap between consecutive members' inner structures (1.0 for bare text members), and the
    members that are posts. A stub (a "3 more replies" link between two posts: at most :data:`STUB_WORDS`
    words) is left out of both unless it is shaped like the post before it, when :data:`STUB_FREE_POSTS` posts
    remain without; so is an event line of an issue's timeline ("Ann added the bug label 3 weeks ago": a box of at
    most :data:`EVENT_WORDS` words showing when, without a paragraph, shaped like none of the longer members, which
    hold elements of their own), and an entry of its activity log (:func:`_logs_activity`), however long; with a
    paragraph (Pagure's), if shaped like none of the comments (Phabricator names every entry an event). The
    ``replies`` nested in the members are left out of their structures: a comment holding a tree of replies is made
    like one holding none."""
    alias = SignatureAliases()
    shapes = {m: inner_structure(m, alias, replies) for m in members}
    if alias.rejoined:  # two states of a template found to be one after the first members were read
        shapes = {m: inner_structure(m, alias, replies) for m in members}
    # (boxes with a header and a body: paragraphs under subheadings, lines of a comment cell are no timeline)
    longer = [m for m in members if stats.text_words(m) > EVENT_WORDS and shapes[m]]
    timeline = len(longer) >= STUB_FREE_POSTS and members[0].tag in _TIMELINE_TAGS
    # posts are the longer members with a paragraph, where there are enough of them: a long event line ("linked a
    # pull request that will close this issue") is no post for the shorter ones to be shaped like
    written = [m for m in longer if _has_paragraph(m)]
    postlike = written if len(written) >= STUB_FREE_POSTS else longer
    dated = [m for m in members if has_date(m)] if timeline else []
    logs = {m for m in dated if _logs_activity(m, stats)}
    posts, comments = [shapes[m] for m in postlike], [shapes[m] for m in postlike if m not in logs]
    events = {m for m in dated if (
        (m in logs and (not _has_paragraph(m) or (comments and _unlike(shapes[m], comments))))
        or (not _has_paragraph(m) and stats.text_words(m) <= EVENT_WORDS and _unlike(shapes[m], posts))
        or _lists_changes_only(m))}
    full = [m for m in members if stats.text_words(m) > STUB_WORDS and m not in events]
    if len(full) < STUB_FREE_POSTS or len(full) == len(members):
        return _similarity([shapes[m] for m in members]), members
    kept: list[etree._Element] = []
    for member in members:
        if member in full or (member not in events and kept
                              and jaccard(shapes[member], shapes[kept[-1]]) >= MIN_SIMILARITY):
            kept.append(member)
    return _similarity([shapes[m] for m in full]), kept


#: A box named for an issue's activity log (Launchpad's ``div.boardCommentActivity``, GitLab's system notes,
#: Pagure's ``div.issue_action``: "Metadata Update from @ann"; Pachno's ``div.issue_changes``: "Status: New →
#: Confirmed").
_ACTIVITY_BOX = re.compile(r"activity|system-?note|timeline-?event|issue[-_]?(?:action|changes)", re.I)


def _logs_activity(member: etree._Element, stats: TextStats) -> bool:
    """Whether most of the member's words lie in a box named for an activity log: a timeline's entry listing what
    changed ("status: New → Confirmed", "tags: added: plucky"), as long as a post, shaped like one above its box."""
    words = stats.text_words(member)
    return any(_ACTIVITY_BOX.search(el.get("class") or "") and 2 * stats.text_words(el) >= words
               for el in member.iterdescendants() if el.get("class"))


#: The class of the list of an issue's changed fields in a journal entry (Redmine's ``ul.details``: "Status changed
#: from New to Confirmed").
_CHANGES_LIST = "details"


def _lists_changes_only(member: etree._Element) -> bool:
    """Whether a timeline's entry holds no paragraph but its list of changed fields (:data:`_CHANGES_LIST`): a journal
    entry without a note, however many fields it changes."""
    lists = [el for el in member.iter("ul", "ol") if _CHANGES_LIST in (el.get("class") or "").split()]
    listed = {el for changes in lists for el in changes.iter()}
    return bool(lists) and all(el in listed for el in member.iter("p", "blockquote", "pre", "ul", "ol"))


def _has_paragraph(member: etree._Element) -> bool:
    """Whether the member holds a paragraph, a quotation, code or a list: a short comment does ("Awesome!"), an event
    line of a timeline does not."""
    return next(member.iter("p", "blockquote", "pre", "ul", "ol"), None) is not None


def _similarity(shapes: list[set[str]]) -> float:
    """Mean overlap of each member with the one before it, or (in groups of :data:`ALTERNATION_MEMBERS` or more)
    with the one before that when higher and the two built of the same tags: posts whose wrappers alternate a class
    (``odd``/``even``) repeat that difference on every path below it. Rows that alternate a post's header and its
    body are built of different tags, and stay unlike."""
    lag = 2 if len(shapes) >= ALTERNATION_MEMBERS else 1
    tags = [{_tags_only(path) for path in shape} for shape in shapes] if lag == 2 else []
    scores = []
    for i in range(1, len(shapes)):
        score = jaccard(shapes[i], shapes[i - 1])
        if lag == 2 and i >= 2 and score < 1.0 and jaccard(tags[i], tags[i - 1]) >= SAME_TAGS:
            score = max(score, jaccard(shapes[i], shapes[i - 2]))
        scores.append(score)
    return sum(scores) / len(scores) if scores else 0.0


def _tags_only(path: str) -> str:
    """A relative signature path without its class names and ids: ``/div.post#/p.#`` → ``/div/p``."""
    return "/".join(part.split(".", 1)[0].split("#", 1)[0] for part in path.split("/"))


def _unlike(shape: set[str], shapes: list[set[str]]) -> bool:
    return all(jaccard(shape, other) < MIN_SIMILARITY for other in shapes)


def jaccard(a: set[str], b: set[str]) -> float:
    return len(a & b) / len(a | b) if a or b else 1.0
