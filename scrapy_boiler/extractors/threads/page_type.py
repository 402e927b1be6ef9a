"""Page-type detection: is a page an article (type-1) or a thread of posts (type-2: Q&A or forum)?

SemText (Zhang and Wang, "Boilerplate Detection via Semantic Classification of TextBlocks" §I) separates type-1
pages, whose main content sits in one place, from type-2 pages, whose content is scattered over a list of posts.
:func:`detect` decides from the repeated sibling group that :func:`~scrapy_boiler.segment.post_groups.find_post_group`
finds: an article's paragraphs repeat too, so what tells posts apart is what each member carries — its author (a link to
a user page, or an element naming the poster), a date, a template with inner structure — plus how much of the page's
text the group holds, post-like class names and a thread-like URL. The weights were set by hand on webforum-train
(type-2) and dragnet:train / l3s-gn1:train / cleaneval-dev (articles); accuracy is in the README.

On a page whose URL names it a page of comments (``/r/sub/comments/id/``), a long discussed post can outweigh the few
comments served with it; the best group whose members show a date and an author link (or one comment alone) is then
weighed as well.

A type-2 page is ``"qa"`` when its structure or URL speaks of questions and answers, else ``"forum"``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from itertools import islice

from lxml import etree

from scrapy_boiler.document import ARTICLE, FORUM, QA, PageType
from scrapy_boiler.extractors.threads.answers_below import answers_below
from scrapy_boiler.extractors.threads.thread_title import title_links_away
from scrapy_boiler.extractors.threads.type_score import LEAD_MIN_WORDS, PageTypeFeatures, score
from scrapy_boiler.parse.json_ld_posts import JsonLdPost
from scrapy_boiler.parse.urls import split_url
from scrapy_boiler.segment.comment_headings import introduced_as_comments
from scrapy_boiler.segment.declared_json_ld import json_ld_post_group
from scrapy_boiler.segment.declared_posts import declared_post_group
from scrapy_boiler.segment.layout_tables import presentation_rows, row_cells
from scrapy_boiler.segment.lone_comment import lone_comment
from scrapy_boiler.segment.lone_reply import lone_reply
from scrapy_boiler.segment.post_groups import PostGroup, find_post_group
from scrapy_boiler.segment.post_marks import (
    has_date,
    has_user_link,
    mostly_dated,
    names_poster,
    signed_in_headings,
    term_of,
)
from scrapy_boiler.segment.poster_slots import poster_slot_members
from scrapy_boiler.segment.semantics import LIVE_BLOG_NAME, element_names, names_an_answer
from scrapy_boiler.segment.signatures import signature
from scrapy_boiler.segment.stamped_comments import stamped_under_body
from scrapy_boiler.segment.text_stats import TextStats, text_stats, words

#: ``page_type_score`` above which a page is type-2.
THRESHOLD = 0.5
_THREAD_URL = re.compile(
    r"thread|topic|forum|viewtopic|showthread|/questions?/|/t/|board|discussion|/talk/|/posts?/|community|answers"
    r"|[/.]bbs[/.]"  # a bulletin board system: bbs.hupu.com, ptt.cc/bbs/
    r"|/read\.cgi/"  # the 2channel family's thread reader: 5ch.net's and open2ch.net's /test/read.cgi/<board>/<id>/
    r"|//groups\.google\.",  # Google Groups' conversations (/g/<group>/c/<id>): posters named in a heading
    re.I,
)
#: A URL whose path names the page as a page of comments (``/r/sub/comments/id/``, ``/article/42/comments``): its
#: comments are the page's main content, and what they discuss (a link, a post) is above them.
_COMMENTS_URL = re.compile(r"/comments?(?:/|$)|[?&]comments?=", re.I)
#: A URL whose path names the page as a discussion (the comments' URLs, ``/thread/1/``, ``viewtopic.php``, a
#: link aggregator's ``/post/123`` with no slug after it: Lemmy; a help centre's ``/community/posts/``: Zendesk):
#: posts named comments there are the page's main content, not a section under an article.
_DISCUSSION_URL = re.compile(
    r"/(?:comments?|threads?|topics?|discussions?)(?:/|$)|/post/\d+/?(?:\?|$)|/community/posts?/|viewtopic|showthread"
    r"|[?&](?:comments?|t|topic|thread)=",
    re.I,
)
#: Comments, not commentary: an opinion column's body may be named ``commentary`` (or its writer ``commentator``);
#: Spanish and Portuguese ``comentario``/``comentário`` (not a ``comentarista``), French ``réaction``, Dutch
#: ``reactie``, and the short ``cmt`` at a name's start (OhmyNews' ``li.cmt_item``).
_COMMENT = re.compile(r"comment(?!ar[yi]|ator)|coment(?!arista|ador)|reacti(?:e|on)|(?<![a-z])cmt", re.I)
_POST = re.compile(r"post|message|answer|reply", re.I)
_QA_WORD = re.compile(r"question|answer|accepted|votes?\b|qa-", re.I)
#: A URL of questions and answers.
_QA_URL = re.compile(r"/questions?/|answers", re.I)


@dataclass(frozen=True, slots=True)
class PageTypeDecision:
    """The decision, its score in [0, 1] and the post group behind it (None for articles without one)."""

    page_type: PageType
    score: float
    group: PostGroup | None
    features: PageTypeFeatures | None


def features(group: PostGroup, stats: TextStats, root: etree._Element, url: str | None,
             titles: tuple[str, str] = ("", "")) -> PageTypeFeatures:
    """Features of the best post group of a page; ``titles`` are its ``<title>`` and ``og:title``."""
    members = group.members
    structure = sum(len({signature(el) for el in m.iter()}) for m in members) / len(members)
    comment_thread = is_comment_thread(group)
    linked = [any(map(has_user_link, group.with_head(m))) for m in members]
    user_linked = sum(linked) / len(members)
    headed = signed_in_headings(members)
    signed = sum(link or m in headed or any(map(names_poster, group.with_head(m)))
                 for m, link in zip(members, linked, strict=True))
    signed /= len(members)
    dated = [any(map(has_date, group.with_head(m))) for m in members]
    thread_url = bool(url and _THREAD_URL.search(url))
    slot_signed = sum(slot and date for slot, date in zip(poster_slot_members(members, stats), dated, strict=True)) \
        / len(members) if thread_url else 0.0
    return PageTypeFeatures(
        members=len(members),
        share=group.words / max(1, stats.text_words(root)),
        similarity=group.similarity,
        structure=structure,
        dated=sum(dated) / len(members),
        user_linked=user_linked,
        signed=signed,
        slot_signed=slot_signed,
        keyword=group.keyword,
        thread_url=thread_url,
        comment_thread=comment_thread,
        comments_url=bool(url and _COMMENTS_URL.search(_path_and_query(url))),
        discussion_url=bool(url and _DISCUSSION_URL.search(_path_and_query(url))),
        lead=lead_words(root, group.members[0]),
        shared_link=comment_thread and 2 * user_linked >= 1 and title_links_away(root, url, *titles),
        columns=row_cells(members) or presentation_rows(members),
    )


#: Elements named like comments (``div#comments``, ``ol.comment-list``; German, Nordic and Slavic ``#kommentare``,
#: ``.komentarze``; Spanish and Portuguese ``.comentarios``, French ``.reactions``, Dutch ``#reacties``), where an
#: article's comment thread is. Each attribute is tested for being there before its words are looked for in it: most
#: elements have neither, and libxml2 then skips the string tests (a third of the query's time on the corpora's pages).
_COMMENT_BOXES = etree.XPath("//*[" + " or ".join(f"(@{attribute} and (" + " or ".join(
    f"contains(@{attribute}, '{word}')" for word in ("comment", "komment", "koment", "coment", "reacti")) + "))"
    for attribute in ("class", "id")) + "]")


def _comment_thread(root: etree._Element, stats: TextStats | None) -> PostGroup | None:
    """The comment thread under an article: the best group of dated comments inside the outermost elements named
    like comments (looked for there only, which spares a second walk of the whole page). Without ``stats`` (the
    page's word counts), each box's words are counted alone: the words under an element are its subtree's."""
    inside: set[etree._Element] = set()
    best: PostGroup | None = None
    for box in _COMMENT_BOXES(root):
        if box in inside:
            continue
        parent = box.getparent()
        if parent is not None and any(signature(other) == signature(box) for other in box.itersiblings()):
            box = parent  # the comments themselves, not a box around them: look at them with their siblings
        inside.update(box.iter())
        counts = stats or text_stats(box)
        found = find_post_group(box, counts, accept=_dated_comments) or lone_comment(box, counts)
        if found is not None and (best is None or found.words > best.words):
            best = found
    return best


def names_comments(name: str) -> bool:
    """Whether a signature (``li.comment#comment-``) names comments, not posts, messages or answers: on an article,
    the members of a group so named are its comment thread."""
    return bool(_COMMENT.search(name) and not _POST.search(name))


def is_comment_thread(group: PostGroup) -> bool:
    """Whether a group's members are comments: named so (:func:`names_comments`), headed by a comment section's
    heading (:attr:`~scrapy_boiler.segment.post_groups.PostGroup.comments_heading`), or laid out as an article's
    comments (:func:`~scrapy_boiler.segment.stamped_comments.stamped_under_body`)."""
    return names_comments(group.signature) or group.comments_heading or group.stamped_comments


def _dated_comments(members: list[etree._Element]) -> bool:
    """Whether the members are an article's comment thread: most of them show a date, and they are named comments
    (by class, id or component name: Wix's hashed classes beside ``data-hook="comment-list-item"``; or a bare ``<li>``
    around one so named: :func:`_named_comment`), or, named for
    nothing of the kind in a box named as comments, most show their poster (or each its ``<dt>``: Dotclear's) and a
    comment section's heading stands over the first (Krone's ``forum-post`` rows under "Kommentare")."""
    if not mostly_dated(members):
        return False
    first = members[0]
    return _named_comment(first) \
        or ((_show_posters(members) or all(term_of(m) is not None for m in members)) and introduced_as_comments(first))


def _named_comment(member: etree._Element) -> bool:
    """Whether a member is named a comment, or is a bare wrapper around one element so named (a WordPress theme's
    ``<li>`` around each ``div.comment``)."""
    if _COMMENT.search(signature(member)) or _COMMENT.search(element_names(member)):
        return True
    if member.attrib:
        return False
    children = [child for child in member if isinstance(child.tag, str)]
    return len(children) == 1 and bool(_COMMENT.search(signature(children[0])))


def _show_posters(members: list[etree._Element]) -> bool:
    """Whether most members show a date and a link to their author, as posts do."""
    return 2 * sum(has_date(m) and has_user_link(m) for m in members) >= len(members)


def _path_and_query(url: str) -> str:
    parts = split_url(url)
    return f"{parts.path}?{parts.query}" if parts is not None else ""


def lead_words(root: etree._Element, first: etree._Element) -> int:
    """Non-link words before ``first`` in text nodes of at least :data:`LEAD_MIN_WORDS` words.

    An article with comments has its body above the comment list; a thread has at most a short
    description above its first post. Link text and short snippets (menus, bylines) don't count.
    """
    total = 0
    anchors = 0
    for event, el in etree.iterwalk(root, events=("start", "end")):
        if el is first:
            break
        if not isinstance(el.tag, str):
            continue
        if event == "start":
            if el.tag == "a":
                anchors += 1
            text = el.text
        else:
            if el.tag == "a":
                anchors -= 1
            text = el.tail
        if text and not anchors:
            count = words(text)
            if count >= LEAD_MIN_WORDS:
                total += count
    return total


#: Score of a page whose markup declares a question or a forum post (``Comment`` items alone are scored as usual).
DECLARED_THREAD_SCORE = 0.97


def detect(root: etree._Element, url: str | None = None, stats: TextStats | None = None,
           json_ld_posts: Sequence[JsonLdPost] = (), titles: tuple[str, str] = ("", "")) -> PageTypeDecision:
    """Decide the page type of a parsed, cleaned page.

    Posts declared in schema.org microdata (:func:`~scrapy_boiler.segment.declared_posts.declared_post_group`) come
    first; the repeated sibling containers otherwise. A page those leave an article is a thread still when it shows
    the question and answers (or forum posts) its JSON-LD declares, ``json_ld_posts``
    (:func:`~scrapy_boiler.segment.declared_json_ld.json_ld_post_group`). ``titles`` are the page's ``<title>`` and
    ``og:title`` (gone from the cleaned tree): comments under a title linking to another site are a discussion's.
    """
    stats = stats or text_stats(root)
    decision = _from_markup_and_layout(root, url, stats, titles)
    if decision.page_type == ARTICLE and json_ld_posts:
        group = json_ld_post_group(root, stats, json_ld_posts)
        # a post declared alone is the thread unless the layout shows replies, dated or signed, that it did not declare
        shown = decision.features
        if group is not None and (len(group.members) > 1 or shown is None
                                  or 2 * max(shown.dated, shown.user_linked) < 1):
            feats = features(group, stats, root, url, titles)
            return _declared_thread(group, score(feats), feats) or decision
    return decision


def declared_article(root: etree._Element) -> PageTypeDecision:
    """The decision for a page whose structured data declares an article and no thread: an article whatever its
    layout (its declaration overrules the layout), so only its comment thread is looked for, in the elements named
    like comments. The search of the whole page for post groups, a fifth of a modern article's time, is spared;
    the score is 0 (no layout evidence was weighed)."""
    return PageTypeDecision(ARTICLE, 0.0, _comment_thread(root, None), None)


def dated_group(root: etree._Element, url: str | None, titles: tuple[str, str],
                stats: TextStats) -> PageTypeDecision | None:
    """The best group whose members mostly show a date, scored but left an article: for a page whose JSON-LD declares
    a thread while its best repeated group shows neither dates nor posters (the opening post's lines, Dcard's
    ``<span>`` per line), the replies are the group to weigh. ``stats`` are the page's word counts, as
    :func:`detect` read them."""
    group = find_post_group(root, stats, accept=mostly_dated)
    if group is None:
        return None
    feats = features(group, stats, root, url, titles)
    return PageTypeDecision(ARTICLE, score(feats), group, feats)


def _answered_once(root: etree._Element, url: str | None, stats: TextStats,
                   titles: tuple[str, str]) -> PageTypeDecision | None:
    """The decision for a question and its one answer, each in a template of its own
    (:func:`~scrapy_boiler.segment.lone_reply.lone_reply`), where their marks score them a thread; None otherwise."""
    group = lone_reply(root, stats, discussion=bool(url and _DISCUSSION_URL.search(_path_and_query(url))))
    if group is None:
        return None
    feats = features(group, stats, root, url, titles)
    value = score(feats)
    if value < THRESHOLD:
        return None
    # the answer's signature, or the question's box (``question-card`` above an ``ItemComment``)
    return PageTypeDecision(_thread_type(url, group.signature, signature(group.members[0])), value, group, feats)


def _stands_for(once: PostGroup, group: PostGroup, feats: PageTypeFeatures, typed_thread: bool) -> bool:
    """Whether a question answered once (``once``) stands for the page's best group (``feats``, its features): when
    every member lies in the question or its answer and is neither (the question's paragraphs; the comments under
    both, which outnumber the two posts: Mendix's forum), or, on a page typed article, when the members show no
    poster and date of their own (a list of related questions) and the reply is not inside one of them (a hotel's
    response under a review of it); not beside reviews or comments that are posts of their own (a shop's reviews
    above its product questions)."""
    posts = {el for post in once.members for el in post.iter()}
    if all(member in posts and member not in once.members for member in group.members):
        return True
    if typed_thread or (2 * feats.dated >= 1 and 2 * feats.signed >= 1):
        return False
    return not any(once.members[1] in member.iter() for member in group.members)


def _declared_thread(group: PostGroup, value: float, feats: PageTypeFeatures) -> PageTypeDecision | None:
    """The thread type a declared group's posts name (``Comment`` items alone name none: articles declare their
    comments too)."""
    kinds = {post.kind for post in group.declared or ()}
    if kinds & {"question", "answer"}:
        return PageTypeDecision(QA, max(value, DECLARED_THREAD_SCORE), group, feats)
    if kinds & {"discussionforumposting", "socialmediaposting"}:
        return PageTypeDecision(FORUM, max(value, DECLARED_THREAD_SCORE), group, feats)
    return None


def _from_markup_and_layout(root: etree._Element, url: str | None, stats: TextStats,
                            titles: tuple[str, str]) -> PageTypeDecision:
    declared = declared_post_group(root, stats)
    group = answers_below(declared, root, stats) or declared or find_post_group(root, stats)
    declared = declared if group is declared else None  # a question declared alone: its answers the layout's
    if group is None:  # nothing repeats: a question answered once, or a comment alone under the article
        return _answered_once(root, url, stats, titles) or PageTypeDecision(ARTICLE, 0.0, _comment_thread(root, stats),
                                                                            None)
    feats = features(group, stats, root, url, titles)
    value = score(feats)
    if declared is None and value < THRESHOLD and feats.comments_url:
        # A page of comments whose best repeated group is no thread (the discussed post's paragraphs, a sidebar
        # list): its comments may still be there, as a smaller group whose members show who wrote them, or as the
        # one comment named so (old Reddit's self-post answered once).
        posters = find_post_group(root, stats, accept=_show_posters) or _comment_thread(root, stats)
        if posters is not None:
            posters_feats = features(posters, stats, root, url, titles)
            posters_value = score(posters_feats)
            if posters_value >= THRESHOLD:
                group, feats, value = posters, posters_feats, posters_value
    thread = _declared_thread(group, value, feats) if declared is not None else None
    if thread is not None:
        return thread
    if value >= THRESHOLD and declared is None and LIVE_BLOG_NAME.search(group.signature):
        return PageTypeDecision(ARTICLE, 0.0, group, feats)  # scored as a declared article is: its names overrule
    if declared is None and (value < THRESHOLD or names_comments(group.signature) or _under_an_answer(group)) \
            and (once := _answered_once(root, url, stats, titles)) is not None \
            and _stands_for(once.group, group, feats, value >= THRESHOLD):
        return once
    if value < THRESHOLD:
        if declared is None and not (group.keyword and _COMMENT.search(group.signature)):
            # An article whose best repeated group is its own paragraphs or a list: a short comment thread under it
            # is still its comments (the decision and its score stay the article's).
            group = _comment_thread(root, stats) or group
        if declared is None and not is_comment_thread(group) and stamped_under_body(group, feats.lead):
            group = replace(group, stamped_comments=True)
        return PageTypeDecision(ARTICLE, value, group, feats)
    return PageTypeDecision(_thread_type(url, group.signature), value, group, feats)


#: Boxes around a group looked at for the answer holding it: a reply list's wrapper, the answer's inner box, itself.
ANSWER_LEVELS = 4


def _under_an_answer(group: PostGroup) -> bool:
    """Whether the group lies inside a box named an answer (imooc's ``div.ques-answer`` around its ``li.reply-item``
    list): the replies to one answer, which a question answered once stands for."""
    return any(names_an_answer(element_names(el)) for el in islice(group.parent.iterancestors(), ANSWER_LEVELS))


def _thread_type(url: str | None, *signatures: str) -> PageType:
    """``"qa"`` when a signature (:data:`_QA_WORD`) or the URL speaks of questions and answers, else ``"forum"``."""
    qa = any(_QA_WORD.search(name) for name in signatures) or bool(url and _QA_URL.search(url))
    return QA if qa else FORUM
