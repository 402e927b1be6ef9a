"""Web2Text's networks (Vogels et al. §3.4): a unary and a pairwise 5-layer 1-D CNN over the block sequence.

Filters (50, 50, 50, 10, 2) for the unary network and (50, 50, 50, 10, 4) for the pairwise one, kernel
sizes (1, 1, 3, 3, 3), stride 1, zero padding so every layer keeps the sequence length, ReLU between
layers, dropout 0.2. The unary outputs are softmax-normalised over {boilerplate, content} per block, the
pairwise outputs over the four label pairs (a, b) -> index 2a+b per edge.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import torch
from torch import nn

from scrapy_boiler.extractors.device import single_thread_on_cpu
from scrapy_boiler.extractors.web2text.features import NUM_BLOCK_FEATURES, NUM_EDGE_FEATURES, PageFeatures
from scrapy_boiler.extractors.web2text.scaling import CLIP, Standardizer
from scrapy_boiler.extractors.web2text.viterbi import DEFAULT_LAMBDA, viterbi

KERNELS = (1, 1, 3, 3, 3)
HIDDEN = (50, 50, 50, 10)
DROPOUT = 0.2


class PotentialCNN(nn.Module):
    """Five 1-D convolutions mapping a (batch, length, features) sequence to (batch, length, outputs) logits."""

    def __init__(self, in_features: int, outputs: int, dropout: float = DROPOUT) -> None:
        super().__init__()
        sizes = (in_features, *HIDDEN, outputs)
        layers: list[nn.Module] = []
        for index, kernel in enumerate(KERNELS):
            if index:
                layers += [nn.ReLU(), nn.Dropout(dropout)]
            layers.append(nn.Conv1d(sizes[index], sizes[index + 1], kernel, padding=kernel // 2))
        self.layers = nn.Sequential(*layers)

    def forward(self, features: torch.Tensor) -> torch.Tensor:
        return self.layers(features.transpose(1, 2)).transpose(1, 2)


@dataclass
class Potentials:
    """Log-probabilities of one page: per block (n, 2) and per neighbouring pair (n-1, 4)."""

    unary: list[list[float]]
    pairwise: list[list[float]]

    def content_probability(self) -> list[float]:
        return [math.exp(row[1]) for row in self.unary]

    def decode(self, use_pairwise: bool = True, weight: float = DEFAULT_LAMBDA) -> list[bool]:
        """Viterbi labels (eq. 3) or, without the pairwise term, the per-block argmax."""
        if use_pairwise and self.pairwise:
            return [bool(label) for label in viterbi(self.unary, self.pairwise, weight)]
        return [row[1] > row[0] for row in self.unary]


def raw_tensors(page: PageFeatures) -> tuple[torch.Tensor, torch.Tensor]:
    """A page's feature rows as (n, 128) and (n-1, 25) float tensors."""
    blocks = torch.tensor(page.blocks, dtype=torch.float32).reshape(-1, NUM_BLOCK_FEATURES)
    edges = torch.tensor(page.edges, dtype=torch.float32).reshape(-1, NUM_EDGE_FEATURES)
    return blocks, edges


def _affine(scaler: Standardizer) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    scale, shift = scaler.scale_and_shift()
    return torch.tensor(scale), torch.tensor(shift), torch.tensor(scaler.binary)


def _standardise(rows: torch.Tensor, scale: torch.Tensor, shift: torch.Tensor, binary: torch.Tensor) -> torch.Tensor:
    """:meth:`Standardizer.transform` on a tensor: scaled, shifted and clipped, binary columns untouched."""
    scaled = (rows * scale + shift).clamp(-CLIP, CLIP)
    return torch.where(binary, rows, scaled)


class Web2TextModel(nn.Module):
    """Both networks plus the feature standardisation fitted on their training set."""

    def __init__(self, block_scaler: Standardizer, edge_scaler: Standardizer) -> None:
        super().__init__()
        self.block_scaler = block_scaler
        self.edge_scaler = edge_scaler
        self._block_affine = _affine(block_scaler)
        self._edge_affine = _affine(edge_scaler)
        self.unary = PotentialCNN(NUM_BLOCK_FEATURES, 2)
        self.pairwise = PotentialCNN(NUM_EDGE_FEATURES, 4)

    def config(self) -> dict[str, Any]:
        """What is needed besides the weights to rebuild the model."""
        return {"kind": "web2text", "block_scaler": self.block_scaler.to_dict(),
                "edge_scaler": self.edge_scaler.to_dict()}

    @classmethod
    def from_config(cls, config: dict[str, Any]) -> Web2TextModel:
        return cls(Standardizer.from_dict(config["block_scaler"]), Standardizer.from_dict(config["edge_scaler"]))

    def standardise(self, blocks: torch.Tensor, edges: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        """Raw (n, 128) block and (n-1, 25) edge features, standardised as on the training set."""
        return _standardise(blocks, *self._block_affine), _standardise(edges, *self._edge_affine)

    def tensors(self, page: PageFeatures, device: torch.device | str = "cpu") -> tuple[torch.Tensor, torch.Tensor]:
        """Standardised block (n, 128) and edge (n-1, 25) features of one page."""
        blocks, edges = self.standardise(*raw_tensors(page))
        return blocks.to(device), edges.to(device)

    @torch.no_grad()
    def potentials(self, pages: list[PageFeatures]) -> list[Potentials]:
        """Unary and pairwise log-probabilities of whole pages (eval mode; one page per forward pass)."""
        self.eval()
        device = next(self.parameters()).device
        with single_thread_on_cpu(device):
            return [self._page_potentials(page, device) for page in pages]

    def _page_potentials(self, page: PageFeatures, device: torch.device) -> Potentials:
        blocks, edges = self.tensors(page, device)
        unary = torch.log_softmax(self.unary(blocks[None]), -1)[0] if len(blocks) else blocks.new_zeros(0, 2)
        pairwise = torch.log_softmax(self.pairwise(edges[None]), -1)[0] if len(edges) else edges.new_zeros(0, 4)
        return Potentials(unary.cpu().tolist(), pairwise.cpu().tolist())
