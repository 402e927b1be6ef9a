"""A thread's opening post when the repeated posts do not include it, and whether a page typed thread stays one.

Q&A pages and many forums render the question (the opening post) in a container of its own above the replies; an
article with comments has the same shape. The article model's reading of the page separates them
(:func:`settle_thread`): on a thread its text lies in the posts, or, when the opening post sits above them, the
page shows strong post structure and a thread's URL. That text above the replies then becomes the opening post
(:func:`~scrapy_boiler.extractors.threads.opening_post_box.with_opening_post`). Where the page declares its opening
post in JSON-LD (``Question.text``, ``DiscussionForumPosting.text`` or ``articleBody``), the declaration wins: the DOM
text that repeats it is the opening post (:func:`opening_post_from_text`).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace

from lxml import etree

from scrapy_boiler.extractors.short_result import MIN_WORDS
from scrapy_boiler.extractors.threads.copied_answer import without_copied_posts
from scrapy_boiler.extractors.threads.later_page import starts_past_opening_post, title_above
from scrapy_boiler.extractors.threads.opening_post_box import with_opening_post
from scrapy_boiler.extractors.threads.page_type import THRESHOLD, PageTypeDecision
from scrapy_boiler.extractors.threads.reply_links import signed_like_replies
from scrapy_boiler.extractors.threads.thread_title import (
    classes_half_carry,
    from_title,
    site_of,
    title_element,
    title_forms,
    titled,
    under_title_like_posts,
)
from scrapy_boiler.parse.normalize import collapse_spaces, count_words, word_bag
from scrapy_boiler.parse.urls import host_of, join_url
from scrapy_boiler.segment.blocks import Leaf, TextBlock
from scrapy_boiler.segment.post_groups import PostGroup, common_ancestor
from scrapy_boiler.segment.post_marks import is_user_href
from scrapy_boiler.segment.semantics import is_main_landmark, names_an_answer, names_first_post
from scrapy_boiler.segment.signatures import class_tokens

#: A page stays a thread when at least this share of the article model's content words lie in its posts.
POSTS_HOLD_CONTENT = 0.5
#: ... or when its opening post sits above the posts, in its own container: the page's type-2 score is at least
#: this, its URL is a thread's, its posts are not named "comments", and the article model's text lies above and in
#: the posts (at least :data:`ABOVE_AND_INSIDE` of it). At a thread's URL path (:data:`_THREAD_PATH`: a board's
#: ``/bbs/``, ``/thread/``, ``viewtopic``...) the page typing's own threshold is enough: an article with short
#: comments under it has no such address, while a board's long post above one-line replies scores low like one.
OPENING_POST_SCORE = 0.85
ABOVE_AND_INSIDE = 0.8
#: Article-model words above the first post that make an opening post of their own (the question outside the
#: group of answers), when the group does not start with one.
LEAD_QUESTION_WORDS = 15
#: Share of a declared opening post's words the group's first post must hold to be that post.
DECLARED_MATCH = 0.6
#: Text nodes shorter than this are not looked up in a declared opening post (too common to place it).
MIN_DECLARED_LEAF_CHARS = 12

#: Names of replies: answers, comments, replies, and Japanese boards' "res" (レス: Hatsugen Komachi's ``resItem``).
_REPLIES = re.compile(r"answer|comment|repl|\bres(?:[-_]?(?:item|list|box|body))?\b", re.I)
_THREAD_PATH = re.compile(
    r"/(?:threads?|topics?|forums?|viewtopic|showthread|questions?|qna|t|d|board|boards|bbs|discussions?|comments?)"
    r"(?:/|\.php|$)"
    r"|showthread|viewtopic|/community/posts?/|[?&](?:t|topic|thread)="
    # an issue tracker's issue, pull or merge request (OpenProject's work packages, Jira's, Trac's and Launchpad's)
    r"|/(?:issues|pull|merge_requests|work_packages|ticket)/\d+|show_bug\.cgi|/browse/[A-Z][A-Z\d]*-\d+|/\+bug/\d+",
    re.I,
)


def settle_thread(
    decision: PageTypeDecision, url: str | None, blocks: Sequence[TextBlock], leaves: Sequence[Leaf], *,
    declared_thread: bool = False, opening_post: str = "", title: str = "", shared_title: str = "",
) -> PostGroup | None:
    """The post group a page typed thread keeps (with its opening post added when it sits above the replies), or
    None when the article model's text says the page is an article with a list beside or below it.

    ``blocks`` and ``leaves`` are the article model's labelled blocks and the page's text nodes;
    ``declared_thread`` (the page's JSON-LD declares a thread and no article) keeps the page a thread whatever the
    article model read, and ``opening_post`` (the opening post it declares) is looked up first. ``title`` (the
    page's ``<title>``) marks where an opening post found above the replies starts, and so does its first piece
    alone, however short, when ``shared_title`` (``og:title``) starts with it too (a link post titled
    "Happiness : gifs" shared as "Happiness • /r/gifs")."""
    group = decision.group
    if group is None:
        return None
    # Text outside the main landmark holding the posts (a sidebar's promotion) is no post nor an article above them.
    lead, inside, among, total, above, below = _content_around(_in_main(list(blocks), group), group)
    holds = inside >= POSTS_HOLD_CONTENT * total or _missed_the_posts(blocks, group, total)
    # a notice under the posts saying less than they do, and than the text kept above and in them, is the page's
    beside = total - below if below < min(group.words, _words(lead) + inside) else total
    if not (holds or declared_thread or _opening_post_above(decision, url, lead, inside + among, beside)):
        return None
    if opening_post:
        declared = opening_post_from_text(group, leaves, opening_post)
        if declared is not None:
            return declared
    # The text above is the opening post when the posts could not hold the page's text without it, or when they
    # are named as replies (a forum's posts include its opening post; a notice box may sit above them).
    # A title alone is the question where the posts are all replies: a link shared for discussion.
    # A first post that repeats the title ("<title> was created by ...") or is named so (FluxBB's "firstpost") is the
    # opening post already.
    # Text above in a body of the posts' class is the opening post, rendered as they are but outside their list; so is
    # text written in the element holding the posts, outside them (PTT's article in div#main-content, its pushes after).
    replies = bool(_REPLIES.search(group.signature)) or _in_a_post_body(lead, group) or _words(
        [block for block in lead if block.element is group.parent]) >= LEAD_QUESTION_WORDS
    forms = title_forms(title, shared_title)
    opening = from_title(above, lead, forms)
    discussion = replies or (decision.features is not None and decision.features.comments_url) or (
        bool(opening) and _links_away(opening[0].element, url))
    if ((not holds or discussion) and (_words(lead) >= LEAD_QUESTION_WORDS or (opening and discussion))
            and not titled(group.members[0], blocks, forms) and not names_first_post(group.members[0])):
        post = opening or lead
        if len(opening) == 1:  # the question under its title, in a box the article model read as chrome
            text = under_title_like_posts(above, opening[0], group)
            post = [*opening, *text] if _words(text) >= LEAD_QUESTION_WORDS else opening
        post = [block for index, block in enumerate(without_copied_posts(post, blocks, group))
                if index == 0 or not _byline(block, leaves)]
        if opening:
            post = _past_the_header(post)
        if opening and len(post) == 1:
            # a title alone: the title itself, without the site a shared link goes to ("Happiness (i.imgur.com)"),
            # in the box that shows who shared it
            return with_opening_post(group, [title_element(post[0].element, forms)], boxed=True)
        # the title alone, not the tags, domain and byline inlined in its line (Lobsters' story details)
        first = title_element(post[0].element, forms) if opening else post[0].element
        group = with_opening_post(group, [first, *(block.element for block in post[1:])])
    if starts_past_opening_post(group) and (heading := title_above(above, forms)) is not None:
        return with_opening_post(group, [heading])  # a later page of the thread: its title is all of the question
    return group


#: A block of the opening post with at most this many words and a link to a user's page is its byline (V2EX's
#: "alice · 1 天前 · 1234 次点击" under the title): read for the post's author and date, not part of its text.
BYLINE_WORDS = 12


def _byline(block: TextBlock, leaves: Sequence[Leaf]) -> bool:
    if count_words(block.text) > BYLINE_WORDS:
        return False
    return any(leaf.in_anchor and is_user_href(_anchor_href(leaf.element))
               for leaf in leaves[block.leaf_start:block.leaf_end])


#: Words a line of an opening post's header (its poster, date, views, votes) has at most; the first block after
#: the title with more starts the post's text.
HEADER_WORDS = 5


def _past_the_header(post: list[TextBlock]) -> list[TextBlock]:
    """The opening post ``post`` (its title first) without the header lines between its title and its text, outside
    the box holding the text (Inven's ``div.articleInfo``: the poster's name, the date, "조회: 1,645 추천: 4", the IP,
    none linked: the byline test does not see them). Short lines inside that box are the post's ("Hi all,")."""
    start = next((i for i, block in enumerate(post[1:], 1) if _words([block]) > HEADER_WORDS), None)
    if start is None or start == 1:
        return post
    first = post[start].element.getparent()  # the text's box, were the text one paragraph
    box = common_ancestor([block.element for block in post[start:]] + ([first] if first is not None else []))
    if box is None:
        return post
    inside = set(box.iter())
    return [post[0], *(block for block in post[1:start] if block.element in inside), *post[start:]]


def _anchor_href(el: etree._Element) -> str:
    """The ``href`` of the link a text node lies in."""
    for node in (el, *el.iterancestors()):
        if node.tag == "a":
            return node.get("href") or ""
    return ""


def _in_main(blocks: list[TextBlock], group: PostGroup) -> list[TextBlock]:
    """The blocks inside the page's main landmark (``<main>``, ``role="main"``) that holds the posts; all of them
    when the posts are in none."""
    landmark = next((el for el in (group.parent, *group.parent.iterancestors()) if is_main_landmark(el)), None)
    if landmark is None:
        return blocks
    inside = set(landmark.iter())
    return [block for block in blocks if block.element in inside]


def _in_a_post_body(lead: Sequence[TextBlock], group: PostGroup) -> bool:
    """Whether at least :data:`LEAD_QUESTION_WORDS` of the text above the posts sit in an element of a class that
    most of the posts carry on or around their bodies (Talkyard's ``dw-p-bd-blk``, there with a modifier of the
    opening post's own)."""
    common = classes_half_carry((_up_to(bodies, member) for member, bodies in zip(group.members, group.bodies,
                                                                                  strict=True)), len(group.members))
    if not common:
        return False
    shared = {group.parent, *group.parent.iterancestors()}  # around the posts too: page wrappers, not a post body
    words = 0
    for block in lead:
        if block.element is None:
            continue
        for el in (block.element, *block.element.iterancestors()):
            if el in shared:
                break
            if common & class_tokens(el):
                words += block.features.num_words if block.features is not None else 0
                break
    return words >= LEAD_QUESTION_WORDS


def _up_to(bodies: list[etree._Element], member: etree._Element) -> set[etree._Element]:
    """The body elements and their ancestors up to the member (the body's own wrapper may carry the class)."""
    found: set[etree._Element] = set()
    for body in bodies:
        for el in (body, *body.iterancestors()):
            found.add(el)
            if el is member:
                break
    return found


def _links_away(heading: etree._Element, url: str | None) -> bool:
    """Whether the title heading is a link to another site: a link shared for discussion, whose replies are all
    answers (a forum's title links to the thread itself, on the same site: ``www.`` or ``m.`` of its host too)."""
    host = host_of(url)
    for anchor in heading.iter("a"):
        target = host_of(join_url(url, anchor.get("href") or ""))
        if host and target and site_of(target) != site_of(host) and collapse_spaces("".join(anchor.itertext())):
            return True
    return False


def _content_around(
    blocks: Sequence[TextBlock], group: PostGroup
) -> tuple[list[TextBlock], int, int, int, list[TextBlock], int]:
    """The article model's content blocks above the group's first post (outside it), its content words inside
    the posts, between them in their container (PTT's poster answering between the pushes) and in all, every
    block above the first post, and the content words below the last.

    Content outside the posts that repeats a block of theirs word for word is a copy of the thread (a forum's
    ``<noscript>`` rendering of it for crawlers, Flarum's), not an article beside it: its words count nowhere. Above
    the posts it stays in the lead, as a question's paragraph that an answer quotes does."""
    lead: list[TextBlock] = []
    above: list[TextBlock] = []
    inside = among = total = below = 0
    members = group.member_of()
    first = set(group.members[0].iter())
    containers = {member.getparent() for member in group.members}
    last = max((i for i, block in enumerate(blocks) if block.element in members), default=-1)
    posted = {block.repeat_key() for block in blocks if block.element in members}
    before = True
    for i, block in enumerate(blocks):
        if block.element in first or block.element in members:
            before = False
        if before:
            above.append(block)
        if not (block.is_content and block.features is not None):
            continue
        copied = block.element not in members and block.repeat_key() in posted
        words = 0 if copied else block.features.num_words
        total += words
        if block.element in members:
            inside += words
        elif not before and i < last and block.element in containers:
            among += words
        elif before:
            lead.append(block)
        elif i > last:
            below += words
    return lead, inside, among, total, above, below


def _missed_the_posts(blocks: Sequence[TextBlock], group: PostGroup, kept: int) -> bool:
    """Whether the article model, keeping ``kept`` words, missed the page: fewer than
    :data:`~scrapy_boiler.extractors.short_result.MIN_WORDS` (a modal's heading, say, on a short thread whose class
    names say nothing), where the posts hold at least as many words of their own, not link text. Its reading is
    then no evidence of an article beside the posts; an article whose comments show only who wrote them and when
    stays an article."""
    if kept >= MIN_WORDS:
        return False
    members = group.member_of()
    posted = sum(block.features.num_words - block.features.num_linked_words for block in blocks
                 if block.features is not None and block.element in members)
    return posted >= MIN_WORDS


def _words(blocks: Sequence[TextBlock]) -> int:
    return sum(block.features.num_words for block in blocks if block.features is not None)


def _opening_post_above(
    decision: PageTypeDecision, url: str | None, lead: list[TextBlock], inside: int, total: int
) -> bool:
    """A thread whose opening post is above its replies, in a container of its own (see :data:`OPENING_POST_SCORE`);
    an article with comments has the same shape, but not a thread's URL, nor replies named answers, nor an opening
    post that asks a question (its title or its last paragraph ends with "?") signed like the replies
    (:func:`~scrapy_boiler.extractors.threads.reply_links.signed_like_replies`: staff may be members of the site's
    forum too), and strong post structure. Nor a title linking to another site: comments on a link shared for
    discussion. Replies named comments are an article's, unless the URL is a thread's (Linux.org.ru names a forum
    topic's replies ``comment-N``)."""
    features = decision.features
    thread_path = bool(url and _THREAD_PATH.search(url))
    if features is None or decision.score < (THRESHOLD if thread_path else OPENING_POST_SCORE) or (
            features.comment_thread and not (features.discussion_url or features.shared_link or thread_path)):
        return False
    if _words(lead) + inside < ABOVE_AND_INSIDE * total:
        return False
    if thread_path or features.shared_link:
        return True
    if decision.group is not None and "answer" in decision.group.signature.lower():
        return True  # answers answer a question: the text above them (Naver KiN's, ending in "요." not "?")
    asks = bool(lead) and (lead[0].text.rstrip().endswith("?") or lead[-1].text.rstrip().endswith("?"))
    return asks and decision.group is not None and signed_like_replies(decision.group, lead[0], url)


def _contained(part: Counter[str], whole: Counter[str]) -> float:
    size = sum(part.values())
    return sum((part & whole).values()) / size if size else 0.0


def opening_post_from_text(group: PostGroup, leaves: Sequence[Leaf], text: str) -> PostGroup | None:
    """``group`` with the opening post the page declares (``text``, from its JSON-LD) first, or None when the page
    does not show it.

    When the group's first post says it, the group stands as is (marked as starting with its question); else the
    text nodes above the first post, outside the group, that the declared text contains become the opening post's
    body (the question in its own container)."""
    declared = word_bag(text)
    if not declared:
        return None
    first_text = " ".join("".join(body.itertext()) for body in group.bodies[0])
    # an answer named so may restate the question (a homework answer repeats its figures): it is no question
    answers = not group.question_found and names_an_answer(group.signature)
    if not answers and _contained(declared, word_bag(first_text)) >= DECLARED_MATCH:
        return replace(group, question_found=True)
    first = set(group.members[0].iter())
    members = group.member_of()
    normalized = collapse_spaces(text).lower()
    # a declaration may be the post's opening sentence alone (360问答), which the first text node then holds
    excerpt = count_words(normalized) >= LEAD_QUESTION_WORDS
    found: list[etree._Element] = []
    for leaf in leaves:
        parent = leaf.parent
        if parent in first or parent in members:
            break
        piece = collapse_spaces(leaf.text).lower()
        if len(piece) >= MIN_DECLARED_LEAF_CHARS and (piece in normalized or (excerpt and normalized in piece)) \
                and parent not in found:
            found.append(parent)
    covered = word_bag(" ".join("".join(el.itertext()) for el in found))
    if not found or _contained(declared, covered) < DECLARED_MATCH:
        return None
    # a declared text may be the post's first paragraph only (Apple), or its opening lines cut off (Discourse's
    # excerpt): the post goes on in the paragraphs, code and lists beside them, and may open with a greeting too
    # short to look up ("Hi all,")
    found = _with_lines_between(found, first, members)
    before = _prose_siblings(found[0], first, members, preceding=True)
    found = [*reversed(before), *found, *_prose_siblings(found[-1], first, members, preceding=False)]
    if group.question_found:  # a question found by its look was not the declared one
        group = replace(group, members=group.members[1:], bodies=group.bodies[1:], question_found=False,
                        declared=group.declared[1:] if group.declared else None)
    return with_opening_post(group, found)


#: The elements a post's text is written in, one after another, where its declared opening lines go on.
_PROSE = frozenset({"p", "pre", "ul", "ol", "blockquote", "h2", "h3", "h4", "h5", "h6", "table", "dl"})


def _with_lines_between(found: list[etree._Element], first: set[etree._Element],
                        members: dict[etree._Element, int]) -> list[etree._Element]:
    """The prose elements of the post's box from the first element found to the last (a paragraph, a list whose
    items were found), the lines between them included: a line too short to look up ("Setup:" over a list) is the
    post's. ``found`` as it is where they lie in no one box of prose elements."""
    box = common_ancestor(found)
    if box is None or box in found:
        return found
    tops = []
    for el in found:
        while (parent := el.getparent()) is not None and parent is not box:
            el = parent
        if el not in tops:
            tops.append(el)
    run = [child for child in box[box.index(tops[0]):box.index(tops[-1]) + 1] if isinstance(child.tag, str)]
    if any(child.tag not in _PROSE or any(node in first or node in members for node in child.iter())
           for child in run):
        return found
    return run


def _prose_siblings(el: etree._Element, first: set[etree._Element], members: dict[etree._Element, int], *,
                    preceding: bool) -> list[etree._Element]:
    """The run of ``el``'s siblings (after it, or before it when ``preceding``, nearest first) that are prose
    elements when it is one, or after it elements of its tag, up to the first that is not or that holds a post of the
    group. Before a box of another tag stands what is above the post's text (its title, its badges)."""
    run = []
    for sibling in el.itersiblings(preceding=preceding):
        if not isinstance(sibling.tag, str):
            continue
        prose = el.tag in _PROSE and sibling.tag in _PROSE
        alike = sibling.tag == el.tag and not preceding
        if not (prose or alike) or any(node in first or node in members for node in sibling.iter()):
            break
        run.append(sibling)
    return run
