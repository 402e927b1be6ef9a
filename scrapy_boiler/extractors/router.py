"""``model="auto"``: route each page by its type — articles to the article model, threads to a type-2 model.

:func:`~scrapy_boiler.extractors.threads.page_type.detect` types every page, but sending an article to the thread
path loses its body, so two checks overrule it: a page whose structured data declares an article (schema.org
``NewsArticle``, ``BlogPosting``... and no ``QAPage`` or ``DiscussionForumPosting``) stays an article, and a page
typed as a thread is also read by the article model and stays a thread only when that model's main text lies in
the posts or just above them on a page that is clearly a thread
(:func:`~scrapy_boiler.extractors.threads.opening_post.settle_thread`). A page declaring a thread and no article
with a post group is a thread, and its declared opening post is looked up in the page. An article's comment
thread, when one was found, lands in ``Document.posts`` and out of its text (:func:`_leave_out_comments`); the
neural article models asked for by name get that step too (:class:`CommentsApart`).
Article pages go to ``blend`` (:mod:`~scrapy_boiler.extractors.blend`). Type-2 pages (forums, Q&A) go to the
``posts`` rules (:mod:`~scrapy_boiler.extractors.threads.extractor`), or to the trained model
:data:`scrapy_boiler.extractors.registry.AUTO_TYPE2_MODEL` names (its labels then read post by post:
:mod:`~scrapy_boiler.extractors.post_votes`), so a thread keeps its question and all its answers.
``PageLabels.model`` (hence ``Document.model``) names the model that labelled the page.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from scrapy_boiler.document import ARTICLE, FORUM, QA, THREAD_TYPES
from scrapy_boiler.extractors.base import Extractor, PageLabels
from scrapy_boiler.extractors.leaf_runs import leaves_in, mostly_in, reference_segmentation
from scrapy_boiler.extractors.post_votes import vote_posts
from scrapy_boiler.extractors.threads.extractor import ThreadRuleExtractor
from scrapy_boiler.extractors.threads.opening_post import settle_thread
from scrapy_boiler.extractors.threads.page_type import (
    DECLARED_THREAD_SCORE,
    PageTypeDecision,
    dated_group,
    declared_article,
    detect,
    is_comment_thread,
    names_comments,
)
from scrapy_boiler.extractors.threads.thread_title import page_address, page_titles
from scrapy_boiler.parse.html import ParsedPage
from scrapy_boiler.parse.json_ld_posts import json_ld_posts
from scrapy_boiler.parse.structured import StructuredArticle, read_json_ld
from scrapy_boiler.segment.post_groups import PostGroup
from scrapy_boiler.segment.qa_comments import answers_only
from scrapy_boiler.segment.signatures import signature
from scrapy_boiler.segment.text_stats import text_stats

ARTICLE_MODEL = "blend"
#: A page whose JSON-LD declares a thread is typed one when its post group looks like posts: at least this share of
#: the members show a date or link to a user (the article-or-comments evidence of the type-2 score does not apply).
DECLARED_GROUP_POSTS = 0.5


class PageTypeRouter:
    """Extractor that detects the page type and hands each page to the model for that type."""

    name = "auto"

    def __init__(self, article: Extractor, type2: Callable[[], Extractor | None]) -> None:
        """``type2`` returns the trained type-2 model, or None to use the ``posts`` rules."""
        self.article = article
        self.type2 = type2
        self.thread_rules = ThreadRuleExtractor()

    def label_pages(self, pages: Sequence[ParsedPage]) -> list[PageLabels]:
        declared = [read_json_ld(page.json_ld) if page.json_ld else None for page in pages]
        decisions = [_decide(page, d) for page, d in zip(pages, declared, strict=True)]
        threads = [i for i, d in enumerate(decisions) if d.page_type in THREAD_TYPES]
        article_labels = self.article.label_pages(pages)
        for i in threads:  # the article model read the page too: is its main text in the posts, or just above?
            decisions[i] = _settled(decisions[i], pages[i], declared[i], article_labels[i])
            if decisions[i].page_type == QA and (group := decisions[i].group) is not None:
                decisions[i] = PageTypeDecision(QA, decisions[i].score, answers_only(group), decisions[i].features)
        threads = [i for i in threads if decisions[i].page_type in THREAD_TYPES]
        for labels, d in zip(article_labels, decisions, strict=True):
            if (comments := _article_comments(d)) is not None:
                _leave_out_comments(labels, comments)
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
                    vote_posts(labels, model.name)
        return [labels for labels in out if labels is not None]

    @staticmethod
    def _stamp(labels: PageLabels, decision: PageTypeDecision, model: str) -> PageLabels:
        labels.page_type = decision.page_type
        labels.page_type_score = thread_probability(decision.score, decision.page_type in THREAD_TYPES)
        labels.post_group = decision.group
        labels.model = model
        return labels


class CommentsApart:
    """A named article model (the neural ones) reading an article as ``auto`` does: the comment thread the page
    typing finds under it (a post group named like comments, on a page typed article) is left out of the text and
    given as ``Document.posts``.

    The networks label a block from its words and a window around it, and a comment reads like prose: without this,
    ``-m multiboilernet`` kept whole comment sections in the article's text (dragnet:valid, 15 pages).

    A page typed thread whose text lies in the posts (``auto``'s check, on the text of ``settle_with`` when given,
    else of the article weights) is a thread: it carries its type and post group, so that ``Document.posts`` and the
    question come from the posts the model keeps, as with ``auto``, and the model's labels on those posts are read post
    by post (:func:`~scrapy_boiler.extractors.post_votes.vote_posts`). When the family has weights trained further on
    threads (``threads``, as Zhang & Wang's SemText-1 adds type-2 pages), those label it; else the model's own (a
    user's ``KIND:PATH`` file). With neither ``threads`` nor ``settle_with``, a page typed thread keeps the model's
    labels and the article type."""

    def __init__(self, model: Extractor, threads: Extractor | None = None,
                 settle_with: Extractor | None = None) -> None:
        """``settle_with``: the article model whose text settles a page typed thread (``auto``'s), so that a page gets
        the type ``auto`` gives it; without it, this model's own labels settle it."""
        self.model = model
        self.threads = threads
        self.settle_with = settle_with
        self.name = model.name

    def label_pages(self, pages: Sequence[ParsedPage]) -> list[PageLabels]:
        declared = [read_json_ld(page.json_ld) if page.json_ld else None for page in pages]
        decisions = [_decide(page, data) for page, data in zip(pages, declared, strict=True)]
        out = self.model.label_pages(pages)
        if self.threads is not None or self.settle_with is not None:  # as auto settles a thread
            typed = [i for i, d in enumerate(decisions) if d.page_type in THREAD_TYPES]
            settling = (self.settle_with.label_pages([pages[i] for i in typed]) if self.settle_with and typed
                        else [_on_reference(pages[i], out[i]) for i in typed])
            for i, labels in zip(typed, settling, strict=True):
                decisions[i] = _settled(decisions[i], pages[i], declared[i], labels)
            typed = [i for i in typed if decisions[i].page_type in THREAD_TYPES]
            read = [pages[i] for i in typed]
            for i, labels in zip(typed, self.threads.label_pages(read) if self.threads and read else
                                 [out[i] for i in typed], strict=True):
                out[i] = labels
                labels.page_type, labels.post_group = decisions[i].page_type, decisions[i].group
                labels.page_type_score = thread_probability(decisions[i].score, True)
                vote_posts(labels, self.name)
        for labels, d in zip(out, decisions, strict=True):
            if (comments := _article_comments(d)) is not None:
                _leave_out_comments(labels, comments)
                labels.post_group = comments
        return out


def _on_reference(page: ParsedPage, labels: PageLabels) -> PageLabels:
    """``labels`` carried onto the page's reference blocks (Boilerpipe's), each content when most of its leaves are
    in the model's content: the thread checks read blocks of that size (a SemText block can span a post and the text
    above it). ``labels`` themselves when they are not on the reference leaves."""
    reference = reference_segmentation(page, labels)
    if reference is None:
        return labels
    content = leaves_in((block for block in labels.blocks if block.is_content), len(labels.leaves))
    for block in reference.blocks:
        block.is_content = mostly_in(block, content)
    return PageLabels(reference.leaves, reference.blocks)


def _settled(decision: PageTypeDecision, page: ParsedPage, declared: StructuredArticle | None,
             article: PageLabels) -> PageTypeDecision:
    """A page typed thread, checked against what an article model kept of it (``article``): a thread with its post
    group settled (the opening post added when it sits above the replies), or an article when that text lies outside
    the posts (:func:`~scrapy_boiler.extractors.threads.opening_post.settle_thread`)."""
    says_thread = declared is not None and declared.is_thread and not declared.is_article
    group = settle_thread(decision, page_address(page), article.blocks, article.leaves, declared_thread=says_thread,
                          opening_post=declared.opening_post if declared else "", title=page.title,
                          shared_title=page_titles(page)[1])
    if group is None:
        return PageTypeDecision(ARTICLE, decision.score, decision.group, decision.features)
    return PageTypeDecision(decision.page_type, decision.score, group, decision.features)


def _article_comments(decision: PageTypeDecision) -> PostGroup | None:
    """The post group of a page typed article when it is named or headed like comments (the article's comment
    thread), and one of them at least shows when or by whom it was written, or each has an id of its own naming it a
    comment (Disqus's static ``li#dsq-comment-7681``): a newsletter's sections of links and notes that its software
    names comments (Curated's ``section.category--comment``) show none of these, and are its text."""
    group, shown = decision.group, decision.features
    if decision.page_type in THREAD_TYPES or group is None or not is_comment_thread(group):
        return None
    if shown is not None and not (shown.dated or shown.signed or names_comments(group.signature.rpartition("#")[2])):
        return None
    return group


def _leave_out_comments(labels: PageLabels, comments: PostGroup) -> None:
    """An article's comment thread is no part of its body (it lands in ``Document.posts``): the content blocks inside
    the comments become boilerplate, unless nothing of the body would be left (then the comments are all the page
    has to say). The first member stays when it was found above the comments and is not named a comment itself:
    the article."""
    owner = comments.member_of()
    first = 1 if comments.question_found and not names_comments(signature(comments.members[0])) else 0
    content = [block for block in labels.blocks if block.is_content]
    inside = [block for block in content if owner.get(block.element, -1) >= first]
    if inside and len(inside) < len(content):
        for block in inside:
            block.is_content = False
            block.reasons.append("an article's comments (in Document.posts, not in the body)")


#: Platt scaling of the type-2 score given the router's final decision: P(thread) = sigmoid(a + b * logit(score) +
#: c * [typed thread]). Fitted on the training splits (articles: dragnet, l3s-gn1, fundus-train; threads:
#: threads-train, webforum-train) by ``python -m scrapy_boiler.evaluation.page_types --fit``; (0, 1, 0) is the raw
#: score.
PAGE_TYPE_CALIBRATION: tuple[float, float, float] = (-3.663, 0.599, 2.016)
#: Raw scores are clipped to [SCORE_CLIP, 1 - SCORE_CLIP] before the logit, so the scaling stays finite.
SCORE_CLIP = 3e-4


def score_logit(score: float) -> float:
    """The logit of a type-2 score clipped to [SCORE_CLIP, 1 - SCORE_CLIP]: the input of the Platt scaling."""
    clipped = min(max(score, SCORE_CLIP), 1 - SCORE_CLIP)
    return math.log(clipped / (1 - clipped))


def thread_probability(score: float, typed_thread: bool) -> float:
    """``Document.page_type_score``: the probability that the page is a thread (Q&A or forum), calibrated."""
    a, b, c = PAGE_TYPE_CALIBRATION
    return 1.0 / (1.0 + math.exp(-(a + b * score_logit(score) + c * typed_thread)))


def _decide(page: ParsedPage, declared: StructuredArticle | None) -> PageTypeDecision:
    """:func:`~scrapy_boiler.extractors.threads.page_type.detect`, overruled by what the page's JSON-LD declares: an
    article and no thread makes it an article, whose comment thread alone is looked for (it lands in ``posts``:
    :func:`~scrapy_boiler.extractors.threads.page_type.declared_article`); a ``QAPage`` or
    ``DiscussionForumPosting`` and no article makes a page with a post group a thread."""
    if declared is not None and declared.is_article and not declared.is_thread:
        return declared_article(page.root)
    says_thread = declared is not None and declared.is_thread and not declared.is_article
    address, titles, stats = page_address(page), page_titles(page), text_stats(page.root)
    decision = detect(page.root, address, stats, json_ld_posts=json_ld_posts(page.json_ld) if says_thread else (),
                      titles=titles)
    if declared is None:
        return decision
    if decision.page_type == FORUM and declared.types & {"qapage", "question"} and not declared.is_article:
        return PageTypeDecision(QA, decision.score, decision.group, decision.features)  # a Q&A site without Q&A names
    features = decision.features
    if says_thread and decision.page_type == ARTICLE and (
            features is None or max(features.dated, features.user_linked) < DECLARED_GROUP_POSTS):
        decision = dated_group(page.root, address, titles, stats) or decision
        features = decision.features
    if (decision.page_type == ARTICLE and says_thread and features is not None
            and max(features.dated, features.user_linked) >= DECLARED_GROUP_POSTS):
        kind = QA if declared.types & {"qapage", "question"} else FORUM
        return PageTypeDecision(kind, max(decision.score, DECLARED_THREAD_SCORE), decision.group, decision.features)
    return decision
