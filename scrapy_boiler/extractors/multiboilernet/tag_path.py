"""BoilerNet-style tag vectors (Wu & Chang §III.A): counts of the most frequent tags on a leaf's tag path.

The tag path of a DOM text leaf is the chain of element tags from the root down to the element holding
the text, e.g. ``(html, body, div, div, p)``; its length is the leaf's depth, the target of
MultiBoilerNet's auxiliary task. The vocabulary is the ``size`` most frequent tags over the training
paths; slot 0 counts every other tag.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from scrapy_boiler.segment.blocks import Leaf
from scrapy_boiler.segment.paths import ancestor_paths

#: Wu & Chang §III.A: "the 50 most frequent HTML tags".
VOCABULARY_SIZE = 50


def tag_paths(leaves: Sequence[Leaf]) -> list[tuple[str, ...]]:
    """The tag path of every leaf, e.g. ``("html", "body", "div", "p")``."""
    return ancestor_paths(leaves, lambda el: str(el.tag))


@dataclass
class TagVocabulary:
    """The tags that get their own slot in the tag vector."""

    tags: list[str]

    @classmethod
    def fit(cls, paths: Iterable[Sequence[str]], size: int = VOCABULARY_SIZE) -> TagVocabulary:
        counts: Counter[str] = Counter()
        for path in paths:
            counts.update(path)
        return cls([tag for tag, _ in sorted(counts.items(), key=lambda item: (-item[1], item[0]))[:size]])

    @property
    def width(self) -> int:
        return len(self.tags) + 1

    def vector(self, path: Sequence[str]) -> list[float]:
        """``[other, count(tag_1), ..., count(tag_k)]`` for one tag path."""
        slots = {tag: index + 1 for index, tag in enumerate(self.tags)}
        vector = [0.0] * self.width
        for tag in path:
            vector[slots.get(tag, 0)] += 1.0
        return vector
