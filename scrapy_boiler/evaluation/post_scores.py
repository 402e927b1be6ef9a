"""Post-level scores for thread corpora (``webforum-train``): were the posts found, and the question?

A predicted post *matches* a gold post when their bag-of-words F1 is at least :data:`MATCH_F1`;
posts are matched one-to-one, best pairs first. Reported: post precision (matched / predicted),
post recall (matched / gold), post F1, and the share of threads whose *question* is right (the first
predicted post matches the first gold post).

Models without a thread structure of their own (``news``, ``semtext`` called by name) are scored
on the posts their content labels give: :func:`posts_from_labels` takes the page's post group and
keeps, per post, the leaves the model kept.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scrapy_boiler.assemble.posts import build_posts
from scrapy_boiler.document import Document
from scrapy_boiler.extractors.threads.page_type import detect
from scrapy_boiler.metrics import bag_of_words
from scrapy_boiler.parse.html import ParseError, parse_html
from scrapy_boiler.segment.blocks import segment

#: Bag-of-words F1 at which a predicted post counts as the gold post.
MATCH_F1 = 0.5


@dataclass
class PostCounts:
    """Pooled post matches over the pages of a dataset."""

    gold: int = 0
    predicted: int = 0
    matched: int = 0
    threads: int = 0
    questions: int = 0

    def add(self, predicted: Sequence[str], gold: Sequence[str]) -> None:
        self.threads += 1
        self.gold += len(gold)
        self.predicted += len(predicted)
        pairs = []
        for i, p in enumerate(predicted):
            for j, g in enumerate(gold):
                scores = bag_of_words(p, g)
                if scores is not None and scores[2] >= MATCH_F1:
                    pairs.append((scores[2], i, j))
        used_p: set[int] = set()
        used_g: set[int] = set()
        for _, i, j in sorted(pairs, reverse=True):
            if i not in used_p and j not in used_g:
                used_p.add(i)
                used_g.add(j)
                self.matched += 1
        if predicted and gold:
            first = bag_of_words(predicted[0], gold[0])
            if first is not None and first[2] >= MATCH_F1:
                self.questions += 1

    def as_dict(self) -> dict[str, float]:
        p = self.matched / self.predicted if self.predicted else 0.0
        r = self.matched / self.gold if self.gold else 0.0
        return {
            "threads": self.threads, "gold_posts": self.gold, "predicted_posts": self.predicted,
            "precision": p, "recall": r, "f1": 2 * p * r / (p + r) if p + r else 0.0,
            "question_found": self.questions / self.threads if self.threads else 0.0,
        }


def posts_from_labels(html: bytes, url: str | None, doc: Document) -> list[str]:
    """The thread's posts as the document's content labels give them (see module docstring)."""
    if doc.posts:
        return [post.text for post in doc.posts]
    try:
        page = parse_html(html, url=url)
    except ParseError:
        return []
    decision = detect(page.root, url)
    if decision.group is None:
        return []
    leaves = segment(page.root).leaves
    content = doc.leaf_labels()
    if len(content) != len(leaves):
        return []
    return [post.text for post in build_posts(decision.group, leaves, content)]
