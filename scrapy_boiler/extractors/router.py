"""``model="auto"``: route each page by its type — articles to the rules, threads to a type-2 model.

:func:`~scrapy_boiler.extractors.threads.page_type.detect` decides per page. Article pages go to ``news``
(Boilerpipe's article rules + the HTML-tree filter), which keeps one stretch of main text. Type-2
pages (forums, Q&A) go to the ``posts`` rules (:mod:`~scrapy_boiler.extractors.threads.extractor`), or to
the trained model :data:`scrapy_boiler.extractors.registry.AUTO_TYPE2_MODEL` names, so a thread keeps its
question and all its answers. ``PageLabels.model`` (hence ``Document.model``) names the model that labelled the page.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from scrapy_boiler.document import THREAD_TYPES
from scrapy_boiler.extractors.base import Extractor, PageLabels
from scrapy_boiler.extractors.threads.extractor import ThreadRuleExtractor
from scrapy_boiler.extractors.threads.page_type import PageTypeDecision, detect
from scrapy_boiler.parse.html import ParsedPage

ARTICLE_MODEL = "news"


class PageTypeRouter:
    """Extractor that detects the page type and hands each page to the model for that type."""

    name = "auto"

    def __init__(self, article: Extractor, type2: Callable[[], Extractor | None]) -> None:
        """``type2`` returns the trained type-2 model, or None to use the ``posts`` rules."""
        self.article = article
        self.type2 = type2
        self.thread_rules = ThreadRuleExtractor()

    def label_pages(self, pages: Sequence[ParsedPage]) -> list[PageLabels]:
        decisions = [detect(page.root, page.url) for page in pages]
        out: list[PageLabels | None] = [None] * len(pages)
        articles = [i for i, d in enumerate(decisions) if d.page_type not in THREAD_TYPES]
        threads = [i for i, d in enumerate(decisions) if d.page_type in THREAD_TYPES]
        if articles:
            for i, labels in zip(articles, self.article.label_pages([pages[i] for i in articles]), strict=True):
                out[i] = self._stamp(labels, decisions[i], self.article.name)
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
