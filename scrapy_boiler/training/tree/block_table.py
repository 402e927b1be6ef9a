"""Training rows for block classifiers: Boilerpipe blocks with gold labels from the DOM leaves.

Gold labels live on the DOM text leaves (:mod:`scrapy_boiler.datasets.labels`); a Boilerpipe block
is content when more than half of its words are in content leaves.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from scrapy_boiler.datasets.labels import LabelledPage
from scrapy_boiler.extractors.learned_tree.rules import FEATURE_NAMES, feature_getter
from scrapy_boiler.segment.blocks import annotate, context


def block_gold_words(page: LabelledPage) -> list[tuple[int, int]]:
    """(content words, all words) of every Boilerpipe block of ``page``, from its leaves' gold labels."""
    words = page.leaf_words
    out = []
    for block in page.blocks:
        span = slice(block.leaf_start, block.leaf_end)
        content = sum(w for w, gold in zip(words[span], page.labels[span], strict=True) if gold)
        out.append((content, sum(words[span])))
    return out


def block_labels(page: LabelledPage) -> list[bool]:
    """One gold flag per Boilerpipe block of ``page``: more than half of its words are content."""
    return [2 * content > total for content, total in block_gold_words(page)]


@dataclass
class BlockTable:
    """Column-major features of many blocks, with their labels and word counts."""

    feature_names: tuple[str, ...] = FEATURE_NAMES
    columns: list[list[float]] = field(default_factory=lambda: [[] for _ in FEATURE_NAMES])
    labels: list[bool] = field(default_factory=list)
    words: list[int] = field(default_factory=list)
    #: gold content / boilerplate words of each block on the leaves, for word-weighted scores of predictions
    content_words: list[int] = field(default_factory=list)
    boilerplate_words: list[int] = field(default_factory=list)
    pages: int = 0

    def add_page(self, page: LabelledPage) -> None:
        blocks = page.blocks
        if not blocks:
            return
        annotate(blocks)
        self.pages += 1
        for content, total in block_gold_words(page):
            self.labels.append(2 * content > total)
            self.content_words.append(content)
            self.boilerplate_words.append(total - content)
        for index, block in enumerate(blocks):
            get = feature_getter(*context(blocks, index))
            for column, name in zip(self.columns, self.feature_names, strict=True):
                column.append(get(name))
            self.words.append(block.features.num_words if block.features else 0)

    @classmethod
    def from_pages(cls, pages: Iterable[LabelledPage]) -> BlockTable:
        table = cls()
        for page in pages:
            table.add_page(page)
        return table

    def select(self, names: Sequence[str]) -> BlockTable:
        """The same blocks with only the feature columns ``names`` (lists are shared, not copied)."""
        index = {name: i for i, name in enumerate(self.feature_names)}
        return BlockTable(tuple(names), [self.columns[index[name]] for name in names], self.labels, self.words,
                          self.content_words, self.boilerplate_words, self.pages)

    def __len__(self) -> int:
        return len(self.labels)

    def weights(self, scheme: str) -> list[float]:
        """``words``: a block counts as many times as it has words (Kohlschütter et al. §4.3.1); ``blocks``: once."""
        if scheme == "blocks":
            return [1.0] * len(self.labels)
        return [float(max(w, 1)) for w in self.words]
