"""The type-2 score of a page's best post group: a logistic of hand-set evidence weights over what its members carry
(a poster, a date, a template's structure), how much of the page they hold, and what names the page a discussion.

The features are read by :func:`~scrapy_boiler.extractors.threads.page_type.features`; the weights and the vetoes
(an article's comment section, a layout's columns, boxes showing neither who nor when) are set in :func:`score`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

#: Text nodes shorter than this don't count towards the lead
#: (:func:`~scrapy_boiler.extractors.threads.page_type.lead_words`).
LEAD_MIN_WORDS = 12
#: Lead (words above the group) at which its evidence for "article" saturates.
LEAD_SCALE = 400
#: A group of at most this many boxes must show a poster, or be called a discussion, to be a thread.
FEW_MEMBERS = 3


@dataclass(frozen=True, slots=True)
class PageTypeFeatures:
    """What the decision is made of (kept for explanations and tuning)."""

    members: int
    share: float  #: non-link words in the group / non-link words on the page
    similarity: float
    structure: float  #: mean number of distinct element paths inside a member
    dated: float  #: share of members showing a date
    user_linked: float  #: share of members linking to a user profile
    #: share of members linking to a user profile or naming their poster
    #: (:func:`~scrapy_boiler.segment.post_marks.names_poster`,
    #: :func:`~scrapy_boiler.segment.post_marks.signed_in_headings`)
    signed: float
    #: at a thread's URL, the share of members showing a name in the group's poster slot
    #: (:func:`~scrapy_boiler.segment.poster_slots.poster_slot_members`,
    #: whatever its class names) and a date: who wrote them and when, as posts show it. 0 elsewhere (not computed):
    #: the visitors' comments under an article show their names that way too
    slot_signed: float
    keyword: bool
    thread_url: bool
    comment_thread: bool  #: members are "comments" (not posts/messages), by name or heading: a thread under an article
    #: the URL names the page as a page of comments (:data:`~scrapy_boiler.extractors.threads.page_type._COMMENTS_URL`)
    comments_url: bool
    #: the URL names the page as a discussion (:data:`~scrapy_boiler.extractors.threads.page_type._DISCUSSION_URL`)
    discussion_url: bool
    lead: int  #: non-link words in long text runs before the group (an article body above its comments)
    #: comments signed by the site's users under the page's title linking to another site: a link shared for
    #: discussion (Lobsters, old reddit), whose comments are the page's main content (read only for comment threads:
    #: see :func:`~scrapy_boiler.extractors.threads.thread_title.title_links_away`; a blog's commenters link to their
    #: own sites, not to user pages)
    shared_link: bool = False
    #: the members are the cells of one table row, a table layout's columns (menu, body, sidebar), not posts, which
    #: follow each other down the page; or the rows of a table marked for layout, an e-mail's blocks
    #: (:mod:`~scrapy_boiler.segment.layout_tables`)
    columns: bool = False


def score(f: PageTypeFeatures) -> float:
    """Type-2 probability-like score: a logistic of hand-set evidence weights."""
    evidence = (
        -4.0
        + 2.0 * min(f.structure, 12) / 12
        + 2.0 * f.dated
        + 2.0 * max(f.signed, f.slot_signed)
        + 1.5 * f.keyword
        + 1.0 * f.thread_url
        + 1.5 * f.share
        + 0.5 * min(f.members, 10) / 10
        - (1.5 if f.members <= 2 and not f.keyword else 0.0)  # two similar boxes are weak evidence
        - 1.5 * min(f.lead, LEAD_SCALE) / LEAD_SCALE
        - (5.0 if _article_comments(f) else 0.0)
        - (3.0 if _unmarked(f) else 0.0)
        - (3.0 if f.columns else 0.0)
        - (3.0 if _unsigned_few(f) else 0.0)
        - (3.0 if _unnamed_pair(f) else 0.0)
        - (3.0 if _anonymous(f) else 0.0)
    )
    return 1.0 / (1.0 + math.exp(-2.0 * evidence))


def _article_comments(f: PageTypeFeatures) -> bool:
    """Whether the group is the comment thread under an article, not the page's main content: comments (not posts)
    on a page whose URL names no discussion and whose title links nowhere else, below an article's body or left by
    visitors rather than the site's users (most comments neither link to a user page nor name their poster: a blog's
    comments under a post of a few short lines)."""
    if not f.comment_thread or f.discussion_url or f.shared_link:
        return False
    return f.lead >= LEAD_MIN_WORDS or 2 * f.signed < 1


def _unmarked(f: PageTypeFeatures) -> bool:
    """Whether none of the members shows who wrote it and most do not show when (none, where their class names call
    them posts: a forum's page for browsers without scripts may show neither): posts show one or the other, while an
    article's sections do neither (one holding a table cell that reads like a time, "40 s", is no byline)."""
    return not f.signed and (not f.dated or (2 * f.dated < 1 and not f.keyword))


def _unsigned_few(f: PageTypeFeatures) -> bool:
    """Whether the group is two or three boxes none of which names or links to a poster, on a page that nothing (class
    names, URL) calls a discussion: the layout tables of an old page (menu, story, footer), not a short thread, whose
    posts say who wrote them."""
    return f.members <= FEW_MEMBERS and not f.signed and not f.user_linked and not _named_a_discussion(f)


def _unnamed_pair(f: PageTypeFeatures) -> bool:
    """Whether the group is two boxes that neither their class names nor the page's URL call posts or a discussion: a
    page's header and its story, each with a date and a link to a profile (sott.net). A thread of two posts names
    them (``post``, ``message``, ``reply``, ``comment``...) or sits at a thread's or a discussion's address."""
    return f.members <= 2 and not _named_a_discussion(f)


def _anonymous(f: PageTypeFeatures) -> bool:
    """Whether no member of the group shows who wrote it (no poster's name, no link to a user) on a page that nothing
    calls a discussion: dated entries of a list (an archive's, a mailing list's, a news page's comments set as bare
    ``<span>``s), whose text the article model reads as well as the posts rules do. No thread of the thread corpora
    (threads-train, webforum-train: 114 pages of many platforms) is both."""
    return not (f.signed or f.slot_signed or f.user_linked or f.comment_thread or _named_a_discussion(f))


def _named_a_discussion(f: PageTypeFeatures) -> bool:
    """Whether the group's class names (post, comment, reply...) or the page's URL (a thread's, a discussion's; a page
    of comments' URL is one) say the page holds a discussion."""
    return f.keyword or f.thread_url or f.discussion_url
