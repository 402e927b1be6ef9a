"""The SemText network (Zhang & Wang §III.E-F): depthwise CNN per word string, Bi-LSTM, CRF.

Input per block: three word strings (tags, classes, text; see :mod:`scrapy_boiler.extractors.semtext.words`).
Each string is an ``n × k`` matrix of subword embeddings; each string (feature map) has its own
1-D convolutions — kernel widths 3, 5 and 7 with 128, 128 and 256 filters — max-pooled over
positions and concatenated (512 values per string, 1536 per block with all three). Because each
string has its own filters (the paper's depthwise convolution), a string's features depend on the
string alone, so identical strings (tag and class paths repeat a lot) are convolved once per batch.
A Bi-LSTM reads the block sequence, a linear layer gives emission scores and a CRF (pytorch-crf)
decodes the label sequence (0 = boilerplate, 1 = content).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field

import torch
from torch import nn
from torch.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence
from torchcrf import CRF

from scrapy_boiler.extractors.semtext.embeddings import SubwordEmbedding
from scrapy_boiler.extractors.semtext.words import FIELDS

#: Padded lengths strings are grouped into (see :meth:`StringEncoder.encode`).
PAD_BUCKETS: tuple[int, ...] = (8, 12, 16, 24, 32, 40, 50)


@dataclass
class SemTextConfig:
    """Sizes of the network. Defaults follow the paper except ``embed_dim`` and ``hidden`` (see model card)."""

    rows: int  #: embedding rows (padding + vocabulary + n-gram buckets)
    embed_dim: int = 64
    kernels: tuple[int, ...] = (3, 5, 7)
    filters: tuple[int, ...] = (128, 128, 256)
    hidden: int = 128  #: Bi-LSTM hidden units per direction (paper: 512)
    fields: tuple[str, ...] = FIELDS  #: strings used (ablation: ("text",), ("tags", "text"), ...)
    dropout: float = 0.3
    extra: dict = field(default_factory=dict)

    def to_json(self) -> dict:
        data = asdict(self)
        data["kernels"], data["filters"], data["fields"] = list(self.kernels), list(self.filters), list(self.fields)
        return data

    @classmethod
    def from_json(cls, data: dict) -> SemTextConfig:
        data = dict(data)
        for key in ("kernels", "filters", "fields"):
            data[key] = tuple(data[key])
        return cls(**data)


class StringEncoder(nn.Module):
    """Convolutions of one word string: kernels 3/5/7, max-pooled, concatenated."""

    def __init__(self, embed_dim: int, kernels: tuple[int, ...], filters: tuple[int, ...]) -> None:
        super().__init__()
        self.convs = nn.ModuleList(nn.Conv1d(embed_dim, f, k) for k, f in zip(kernels, filters, strict=True))
        self.min_length = max(kernels)
        self.out_dim = sum(filters)

    def forward(self, vectors: torch.Tensor) -> torch.Tensor:
        """``vectors``: (strings, length, embed_dim), zero-padded → (strings, sum(filters))."""
        if vectors.shape[1] < self.min_length:
            vectors = nn.functional.pad(vectors, (0, 0, 0, self.min_length - vectors.shape[1]))
        x = vectors.transpose(1, 2)
        return torch.cat([conv(x).amax(dim=2) for conv in self.convs], dim=1)

    def encode(self, table: torch.Tensor, strings: torch.Tensor) -> torch.Tensor:
        """Features of word-index strings (rows of ``table``; 0 = padding), as if each were padded to n = 50.

        The paper pads every string to n words with zero vectors. Convolving a string of ``L`` words
        padded to ``min(n, L + k_max - 1)`` gives exactly the same max-pooled features (the all-zero
        windows are still there), so strings are grouped by that length: most blocks are a few
        words long, and padding them all to 50 would multiply the convolution cost.
        """
        lengths = (strings != 0).sum(dim=1)
        needed = torch.clamp(lengths + self.min_length - 1, max=max(strings.shape[1], self.min_length))
        out = table.new_empty(strings.shape[0], self.out_dim)
        for low, high in zip((0, *PAD_BUCKETS[:-1]), PAD_BUCKETS, strict=True):
            rows = ((needed > low) & (needed <= high)).nonzero().squeeze(1)
            if rows.numel():
                width = min(high, strings.shape[1])
                out[rows] = self(table[strings[rows, :width]])
        return out


@dataclass
class EncodedBatch:
    """Tensors for one batch of block sequences (see :func:`scrapy_boiler.extractors.semtext.model.encode_batch`)."""

    flat_ids: torch.Tensor  #: subword rows of the batch's distinct words
    offsets: torch.Tensor
    strings: dict[str, torch.Tensor]  #: per field: (distinct strings, max words) word indices (0 = pad)
    index: dict[str, torch.Tensor]  #: per field: (sequences, max blocks) row of each block's string
    lengths: torch.Tensor  #: blocks per sequence
    labels: torch.Tensor | None = None  #: (sequences, max blocks) gold labels, when training

    def to(self, device: torch.device) -> EncodedBatch:
        return EncodedBatch(
            self.flat_ids.to(device), self.offsets.to(device),
            {k: v.to(device) for k, v in self.strings.items()}, {k: v.to(device) for k, v in self.index.items()},
            self.lengths, None if self.labels is None else self.labels.to(device),
        )


class SemTextNet(nn.Module):
    """Embeddings → per-string CNN → Bi-LSTM → emissions → CRF."""

    def __init__(self, config: SemTextConfig) -> None:
        super().__init__()
        self.config = config
        self.embed = SubwordEmbedding(config.rows, config.embed_dim)
        self.encoders = nn.ModuleDict(
            {name: StringEncoder(config.embed_dim, config.kernels, config.filters) for name in config.fields}
        )
        width = sum(e.out_dim for e in self.encoders.values())
        self.dropout = nn.Dropout(config.dropout)
        self.lstm = nn.LSTM(width, config.hidden, batch_first=True, bidirectional=True)
        self.emit = nn.Linear(2 * config.hidden, 2)
        self.crf = CRF(2, batch_first=True)

    def emissions(self, batch: EncodedBatch) -> tuple[torch.Tensor, torch.Tensor]:
        """Emission scores (sequences, blocks, 2) and the padding mask."""
        table = self.embed(batch.flat_ids, batch.offsets)
        parts = []
        for name, encoder in self.encoders.items():
            features = encoder.encode(table, batch.strings[name])  # one row per distinct string
            parts.append(features[batch.index[name]])  # gathered per block
        x = self.dropout(torch.cat(parts, dim=2))
        packed = pack_padded_sequence(x, batch.lengths.cpu(), batch_first=True, enforce_sorted=False)
        out, _ = self.lstm(packed)
        out, _ = pad_packed_sequence(out, batch_first=True, total_length=x.shape[1])
        mask = torch.arange(x.shape[1], device=x.device)[None, :] < batch.lengths.to(x.device)[:, None]
        return self.emit(self.dropout(out)), mask

    def loss(self, batch: EncodedBatch) -> torch.Tensor:
        """Negative CRF log-likelihood, averaged over sequences."""
        scores, mask = self.emissions(batch)
        assert batch.labels is not None
        return -self.crf(scores, batch.labels, mask=mask, reduction="mean")

    def decode(self, batch: EncodedBatch) -> list[list[int]]:
        """Best label sequence of every sequence (Viterbi)."""
        scores, mask = self.emissions(batch)
        return self.crf.decode(scores, mask=mask)
