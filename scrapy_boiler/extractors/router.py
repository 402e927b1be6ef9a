"""``model="auto"``: route each page by its type — articles to the article model, threads to a type-2 model.

:func:`~scrapy_boiler.extractors.threads.page_type.detect` types every page, but sending an article to the thread
path loses its body, so two checks overrule it: a page whose structured data declares an article (schema.org
``NewsArticle``, ``BlogPosting``... and no ``QAPage`` or ``DiscussionForumPosting``) stays an article, and a page
typed as a thread is also read by the article model and stays a thread only when that model's main text lies in
the posts. An article's comment thread, when one was found, lands in ``Document.posts``. Article pages go to
``blend`` (:mod:`~scrapy_boiler.extractors.blend`). Type-2 pages (forums, Q&A) go to the ``posts`` rules
(:mod:`~scrapy_boiler.extractors.threads.extractor`), or to the trained model
:data:`scrapy_boiler.extractors.registry.AUTO_TYPE2_MODEL` names, so a thread keeps its question and all its
answers. ``PageLabels.model`` (hence ``Document.model``) names the model that labelled the page.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace

from lxml import etree

from scrapy_boiler.document import ARTICLE, THREAD_TYPES
from scrapy_boiler.extractors.base import Extractor, PageLabels
from scrapy_boiler.extractors.threads.extractor import ThreadRuleExtractor
from scrapy_boiler.extractors.threads.page_type import PageTypeDecision, detect
from scrapy_boiler.parse.html import ParsedPage
from scrapy_boiler.parse.structured import read_json_ld
from scrapy_boiler.segment.blocks import TextBlock
from scrapy_boiler.segment.post_groups import DeclaredPost, PostGroup

ARTICLE_MODEL = "blend"


class PageTypeRouter:
    """Extractor that detects the page type and hands each page to the model for that type."""

    name = "auto"

    def __init__(self, article: Extractor, type2: Callable[[], Extractor | None]) -> None:
        """``type2`` returns the trained type-2 model, or None to use the ``posts`` rules."""
        self.article = article
        self.type2 = type2
        self.thread_rules = ThreadRuleExtractor()

    def label_pages(self, pages: Sequence[ParsedPage]) -> list[PageLabels]:
        decisions = [_decide(page) for page in pages]
        threads = [i for i, d in enumerate(decisions) if d.page_type in THREAD_TYPES]
        article_labels = self.article.label_pages(pages)
        for i in threads:  # the article model read the page too: is its main text in the posts, or just above?
            d = decisions[i]
            lead, inside, total = _content_around(article_labels[i], d.group)
            holds = inside >= POSTS_HOLD_CONTENT * total
            if holds or _opening_post_above(d, pages[i].url, lead, inside, total):
                group = d.group
                # The text above is the opening post when the posts could not hold the page's text without it, or
                # when they are named as replies (a forum's posts include its opening post; a notice box sits above)
                replies = group is not None and bool(_REPLIES.search(group.signature))
                if group is not None and (not holds or replies) and _lead_words(lead) >= LEAD_QUESTION_WORDS:
                    group = with_opening_post(group, [block.element for block in lead])
                decisions[i] = PageTypeDecision(d.page_type, d.score, group, d.features)
            else:
                decisions[i] = PageTypeDecision(ARTICLE, d.score, d.group, d.features)
        threads = [i for i in threads if decisions[i].page_type in THREAD_TYPES]
        out: list[PageLabels | None] = [
            self._stamp(labels, d, self.article.name) if d.page_type not in THREAD_TYPES else None
            for labels, d in zip(article_labels, decisions, strict=True)
        ]
        if threads:
            model = self.type2()
            if model is None:
                for i in threads:
                    d = decisions[i]
                    labels = self.thread_rules.label_page(pages[i], d.group, d.page_type, d.score)
                    out[i] = self._stamp(labels, d, labels.model or self.thread_rules.name)
            else:
                for i, labels in zip(threads, model.label_pages([pages[i] for i in threads]), strict=True):
                    out[i] = self._stamp(labels, decisions[i], model.name)
        return [labels for labels in out if labels is not None]

    @staticmethod
    def _stamp(labels: PageLabels, decision: PageTypeDecision, model: str) -> PageLabels:
        labels.page_type = decision.page_type
        labels.page_type_score = decision.score
        labels.post_group = decision.group
        labels.model = model
        return labels


#: A page stays a thread when at least this share of the article model's content words lie in its posts.
POSTS_HOLD_CONTENT = 0.5
#: ... or when its opening post sits above the posts, in its own container: the page's type-2 score is at least
#: this, its URL is a thread's, its posts are not named "comments", and the article model's text lies above and in
#: the posts (at least :data:`ABOVE_AND_INSIDE` of it).
OPENING_POST_SCORE = 0.85
ABOVE_AND_INSIDE = 0.8
#: Article-model words above the first post that make an opening post of their own (the question outside the
#: group of answers), when the group does not start with one.
LEAD_QUESTION_WORDS = 15
_REPLIES = re.compile(r"answer|comment|repl", re.I)
_THREAD_PATH = re.compile(
    r"/(?:threads?|topics?|forums?|viewtopic|showthread|questions?|t|d|board|boards|discussion|discussions)(?:/|\.php|$)"
    r"|showthread|viewtopic|[?&](?:t|topic|thread)=",
    re.I,
)


def _content_around(labels: PageLabels, group: PostGroup | None) -> tuple[list[TextBlock], int, int]:
    """The article model's content blocks above the group's first post (outside it), and its content words
    inside the posts and in all."""
    lead: list[TextBlock] = []
    inside = total = 0
    members = group.member_of() if group is not None else {}
    before = True
    first = group.members[0] if group is not None else None
    first_leaves = _subtree(first)
    for block in labels.blocks:
        if block.element in first_leaves or block.element in members:
            before = False
        if not (block.is_content and block.features is not None):
            continue
        total += block.features.num_words
        if block.element in members:
            inside += block.features.num_words
        elif before:
            lead.append(block)
    return lead, inside, total


def _subtree(el: etree._Element | None) -> set[etree._Element]:
    return set(el.iter()) if el is not None else set()


def _lead_words(blocks: list[TextBlock]) -> int:
    return sum(block.features.num_words for block in blocks if block.features is not None)


def _opening_post_above(
    decision: PageTypeDecision, url: str | None, lead: list[TextBlock], inside: int, total: int
) -> bool:
    """A thread whose opening post is above its replies, in a container of its own (see :data:`OPENING_POST_SCORE`);
    an article with comments has the same shape, but not a thread's URL and strong post structure."""
    features, group = decision.features, decision.group
    if features is None or group is None or decision.score < OPENING_POST_SCORE or features.comment_thread:
        return False
    return bool(url and _THREAD_PATH.search(url)) and _lead_words(lead) + inside >= ABOVE_AND_INSIDE * total


def with_opening_post(group: PostGroup, lead: list[etree._Element]) -> PostGroup:
    """``group`` with the article model's text above its first post made the opening post, unless the group already
    starts with a question (a declared one, or one found above the answers)."""
    if group.declared and group.declared[0].kind in ("question", "discussionforumposting"):
        return group
    if group.question_found:
        return group
    members = set(group.members)
    bodies = [el for el in lead if not any(m in members for m in el.iter())]  # never a container of the posts
    if not bodies:
        return group
    holder = _common_ancestor(bodies)
    if holder is None or _contains_any(holder, group.members):
        holder = bodies[0]
    declared = (DeclaredPost("question"), *group.declared) if group.declared else None
    return replace(group, members=[holder, *group.members], bodies=[bodies, *group.bodies], declared=declared,
                   question_found=True)


def _contains_any(el: etree._Element, others: list[etree._Element]) -> bool:
    inside = _subtree(el)
    return any(other in inside for other in others)


def _common_ancestor(elements: list[etree._Element]) -> etree._Element | None:
    if not elements:
        return None
    chain = [elements[0], *elements[0].iterancestors()]
    others = [{e, *e.iterancestors()} for e in elements[1:]]
    return next((c for c in chain if all(c in o for o in others)), None)


def _decide(page: ParsedPage) -> PageTypeDecision:
    """:func:`~scrapy_boiler.extractors.threads.page_type.detect`, overruled to "article" when the page's JSON-LD
    declares an article and no thread. The post group is kept: an article's comment thread lands in ``posts``."""
    decision = detect(page.root, page.url)
    if decision.page_type in THREAD_TYPES and page.json_ld:
        declared = read_json_ld(page.json_ld)
        if declared.is_article and not declared.is_thread:
            return PageTypeDecision(ARTICLE, decision.score, decision.group, decision.features)
    return decision
