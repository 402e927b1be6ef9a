"""Subword word embeddings (word vector + hashed character n-grams), trained with the model.

The paper embeds words with pretrained fastText vectors; none can be downloaded here, so the
vectors are learnt with the model, fastText-style: a word's vector is the mean of its own vector
(when it is in the vocabulary) and of the vectors of its character 3- to 5-grams (of ``<word>``),
hashed into a fixed number of buckets. A word never seen in training still gets a vector from its
n-grams, which matters for class names (``articleBodyWrapper``) and rare words.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

import torch
from torch import nn

PAD = 0  #: row of the padding word (always the zero vector)
MIN_N, MAX_N = 3, 5
_FNV_OFFSET, _FNV_PRIME = 2166136261, 16777619


def fnv1a(text: str) -> int:
    """32-bit FNV-1a hash of the UTF-8 bytes: stable across runs and platforms (``hash()`` is salted)."""
    value = _FNV_OFFSET
    for byte in text.encode("utf-8"):
        value = ((value ^ byte) * _FNV_PRIME) & 0xFFFFFFFF
    return value


def char_ngrams(word: str) -> list[str]:
    """Character n-grams (n = 3..5) of ``<word>``."""
    marked = f"<{word}>"
    return [marked[i:i + n] for n in range(MIN_N, MAX_N + 1) for i in range(len(marked) - n + 1)]


class Vocabulary:
    """Known words → rows 1..V of the embedding table; n-gram buckets follow them."""

    def __init__(self, words: Sequence[str], buckets: int) -> None:
        self.words = list(words)
        self.index = {word: i + 1 for i, word in enumerate(self.words)}
        self.buckets = buckets
        self._cache: dict[str, list[int]] = {}

    @classmethod
    def build(cls, texts: Iterable[Iterable[str]], *, min_count: int = 2, max_size: int = 30000,
              buckets: int = 50000) -> Vocabulary:
        """Words seen at least ``min_count`` times, most frequent first (ties alphabetical), at most ``max_size``."""
        counts: Counter[str] = Counter()
        for words in texts:
            if isinstance(words, str):  # a bare word would be counted letter by letter
                raise TypeError("Vocabulary.build takes sequences of words, not words")
            counts.update(words)
        ranked = sorted((w for w, c in counts.items() if c >= min_count), key=lambda w: (-counts[w], w))
        return cls(ranked[:max_size], buckets)

    @property
    def rows(self) -> int:
        """Rows of the embedding table: padding, words, n-gram buckets."""
        return 1 + len(self.words) + self.buckets

    def ids(self, word: str) -> list[int]:
        """Embedding rows averaged for ``word``: its own row (if known) and its n-gram buckets."""
        cached = self._cache.get(word)
        if cached is None:
            base = 1 + len(self.words)
            cached = [base + fnv1a(gram) % self.buckets for gram in char_ngrams(word)]
            if word in self.index:
                cached.insert(0, self.index[word])
            if len(self._cache) < 500000:
                self._cache[word] = cached
        return cached


class SubwordEmbedding(nn.Module):
    """Vectors for a list of distinct words (row 0 of the output is the padding zero vector)."""

    def __init__(self, rows: int, dim: int) -> None:
        super().__init__()
        self.bag = nn.EmbeddingBag(rows, dim, mode="mean")
        nn.init.normal_(self.bag.weight, std=0.1)

    def forward(self, flat_ids: torch.Tensor, offsets: torch.Tensor) -> torch.Tensor:
        vectors = self.bag(flat_ids, offsets)
        return torch.cat([vectors.new_zeros(1, vectors.shape[1]), vectors], dim=0)


def word_table(words: Sequence[str], vocab: Vocabulary) -> tuple[torch.Tensor, torch.Tensor]:
    """(flat ids, offsets) for :class:`SubwordEmbedding` over ``words`` (output row i+1 = words[i])."""
    flat: list[int] = []
    offsets: list[int] = []
    for word in words:
        offsets.append(len(flat))
        flat.extend(vocab.ids(word))
    return torch.tensor(flat, dtype=torch.long), torch.tensor(offsets, dtype=torch.long)
