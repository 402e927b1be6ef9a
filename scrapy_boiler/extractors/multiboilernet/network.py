"""MultiBoilerNet (Wu & Chang §III): tag vector + text representation -> 2-layer Bi-LSTM -> two heads.

* Tag path encoder: counts of the 50 most frequent tags (+ other) projected to 256 dimensions.
* Text encoder: the paper uses frozen multilingual BERT [CLS] vectors. We cannot download BERT, so the
  default is our hashed character n-gram embeddings (:mod:`~scrapy_boiler.extractors.multiboilernet.ngrams`),
  trained with the model and mean-pooled per block; a local sentence-transformers model directory can be
  given instead (:mod:`~scrapy_boiler.extractors.multiboilernet.sentence_vectors`), whose frozen vectors are
  then used as is.
* Two Bi-LSTM layers of 256 units per direction with variational dropout 0.1 (Gal & Ghahramani: one
  mask per sequence, the same at every step) on the input of each layer and on the output.
* Heads: content/boilerplate classifier and the depth regressor of the auxiliary task, trained with
  L = (1 − α)·CE + α·MSE (eq. 4), α = 0.5. Depth is standardised with the training mean and deviation so
  that the two losses have comparable scale (the paper's raw depths would make the MSE dominate).

The paper's recurrent ("LSTM") dropout of 0.01 is left out: it needs a hand-written LSTM cell, and at
0.01 its effect is negligible next to the 0.1 variational dropout.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import torch
from torch import nn

HIDDEN = 256
TAG_DIM = 256
TEXT_DIM = 64
DROPOUT = 0.1


class LockedDropout(nn.Module):
    """Dropout with one mask per sequence, shared by every time step (variational dropout)."""

    def __init__(self, p: float) -> None:
        super().__init__()
        self.p = p

    def forward(self, x: torch.Tensor) -> torch.Tensor:  # x: (batch, length, features)
        if not self.training or self.p == 0:
            return x
        mask = x.new_empty(x.shape[0], 1, x.shape[2]).bernoulli_(1 - self.p) / (1 - self.p)
        return x * mask


@dataclass
class PageBatch:
    """Model inputs of one page (all its blocks: Wu & Chang §IV.A processes a page in one batch).

    ``text_ids``/``text_offsets`` feed the hashed n-gram encoder (EmbeddingBag layout); ``text_vectors``
    replace them for a sentence-transformers encoder.
    """

    tags: torch.Tensor  #: (n, tag vocabulary + 1) tag counts
    text_ids: torch.Tensor | None = None  #: (total ids,) long
    text_offsets: torch.Tensor | None = None  #: (n,) long
    text_vectors: torch.Tensor | None = None  #: (n, d)
    labels: torch.Tensor | None = None  #: (n,) long, training only
    depth: torch.Tensor | None = None  #: (n,) standardised depth, training only

    def to(self, device: torch.device) -> PageBatch:
        def move(t: torch.Tensor | None) -> torch.Tensor | None:
            return None if t is None else t.to(device)

        return PageBatch(*(move(t) for t in (self.tags, self.text_ids, self.text_offsets, self.text_vectors,
                                              self.labels, self.depth)))


class MultiBoilerNet(nn.Module):
    """The network; ``text`` config: ``{"kind": "subwords", "buckets": B}`` or ``{"kind": "vectors", "dim": d}``."""

    def __init__(self, tag_width: int, text: dict[str, Any], hidden: int = HIDDEN, dropout: float = DROPOUT) -> None:
        super().__init__()
        self.text_kind = text["kind"]
        self.tag_projection = nn.Linear(tag_width, TAG_DIM)
        if self.text_kind == "subwords":
            self.subwords = nn.EmbeddingBag(int(text["buckets"]), TEXT_DIM, mode="mean")
            nn.init.zeros_(self.subwords.weight)  # n-grams never seen in training add nothing, not noise
            text_dim = TEXT_DIM
        elif self.text_kind == "vectors":
            text_dim = int(text["dim"])
        else:
            raise ValueError(f"unknown text encoder {self.text_kind!r}")
        self.dropout = LockedDropout(dropout)
        self.lstm1 = nn.LSTM(TAG_DIM + text_dim, hidden, batch_first=True, bidirectional=True)
        self.lstm2 = nn.LSTM(2 * hidden, hidden, batch_first=True, bidirectional=True)
        self.classifier = nn.Linear(2 * hidden, 2)
        self.depth = nn.Linear(2 * hidden, 1)

    def forward(self, page: PageBatch) -> tuple[torch.Tensor, torch.Tensor]:
        """(logits (n, 2), standardised depth prediction (n,)) for the blocks of one page."""
        tags = torch.relu(self.tag_projection(page.tags))
        subwords = self.text_kind == "subwords"
        text = self.subwords(page.text_ids, page.text_offsets) if subwords else page.text_vectors
        x = torch.cat([tags, text], -1)[None]
        x, _ = self.lstm1(self.dropout(x))
        x, _ = self.lstm2(self.dropout(x))
        x = self.dropout(x)[0]
        return self.classifier(x), self.depth(x)[:, 0]


def multitask_loss(logits: torch.Tensor, depth: torch.Tensor, labels: torch.Tensor, gold_depth: torch.Tensor,
                   alpha: float) -> torch.Tensor:
    """Wu & Chang eq. 4: (1 − α)·cross-entropy + α·MSE of the depth; α = 0 is the plain classifier."""
    loss = nn.functional.cross_entropy(logits, labels)
    if alpha:
        loss = (1 - alpha) * loss + alpha * nn.functional.mse_loss(depth, gold_depth)
    return loss
