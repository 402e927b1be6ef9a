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

from collections.abc import Callable, Sequence

from scrapy_boiler.document import ARTICLE, THREAD_TYPES
from scrapy_boiler.extractors.base import Extractor, PageLabels
from scrapy_boiler.extractors.threads.extractor import ThreadRuleExtractor
from scrapy_boiler.extractors.threads.page_type import PageTypeDecision, detect
from scrapy_boiler.parse.html import ParsedPage
from scrapy_boiler.parse.structured import read_json_ld

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
        for i in threads:  # the article model read the page too: is its main text in the posts?
            if not _posts_hold_content(article_labels[i], decisions[i]):
                d = decisions[i]
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


#: A page stays a thread only when at least this share of the article model's content words lie in its posts.
POSTS_HOLD_CONTENT = 0.5


def _posts_hold_content(labels: PageLabels, decision: PageTypeDecision) -> bool:
    """Whether the article model's main text lies mostly inside the post group (a thread), not beside it (an
    article with comments, a blog post with a list of teasers)."""
    group = decision.group
    if group is None:
        return False
    members = group.member_of()
    inside = total = 0
    for block in labels.blocks:
        if block.is_content and block.features is not None:
            total += block.features.num_words
            if block.element in members:
                inside += block.features.num_words
    return total == 0 or inside >= POSTS_HOLD_CONTENT * total


def _decide(page: ParsedPage) -> PageTypeDecision:
    """:func:`~scrapy_boiler.extractors.threads.page_type.detect`, overruled to "article" when the page's JSON-LD
    declares an article and no thread. The post group is kept: an article's comment thread lands in ``posts``."""
    decision = detect(page.root, page.url)
    if decision.page_type in THREAD_TYPES and page.json_ld:
        declared = read_json_ld(page.json_ld)
        if declared.is_article and not declared.is_thread:
            return PageTypeDecision(ARTICLE, decision.score, decision.group, decision.features)
    return decision
