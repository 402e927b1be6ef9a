"""The ``multiboilernet`` extractor: Wu & Chang's sequence labeller over the DOM text leaves.

Imports torch: reached only through the registry. A model file holds the network weights plus the tag
vocabulary, the depth standardisation and the text encoder settings it was trained with.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import torch

from scrapy_boiler.extractors.base import PageLabels
from scrapy_boiler.extractors.device import (
    module_device,
    pick_device,
    place,
    run_with_cpu_fallback,
    single_thread_on_cpu,
)
from scrapy_boiler.extractors.leaf_runs import blocks_from_leaf_labels
from scrapy_boiler.extractors.model_files import (
    interpreting,
    load_payload,
    load_state,
)
from scrapy_boiler.extractors.multiboilernet.network import MultiBoilerNet, PageBatch
from scrapy_boiler.extractors.multiboilernet.ngrams import subword_ids
from scrapy_boiler.extractors.multiboilernet.sentence_vectors import Encoder, load_encoder
from scrapy_boiler.extractors.multiboilernet.tag_path import TagVocabulary, tag_paths
from scrapy_boiler.extractors.tidy import tidy_labels
from scrapy_boiler.parse.html import ParsedPage
from scrapy_boiler.segment.blocks import Leaf, segment


@dataclass
class MultiBoilerNetModel:
    """The network with everything that turns a page's leaves into its inputs."""

    net: MultiBoilerNet
    vocabulary: TagVocabulary
    depth_mean: float
    depth_std: float
    text: dict[str, Any]  #: {"kind": "subwords", "buckets": B} or {"kind": "vectors", "dim": d, "path": dir}
    encoder: Encoder | None = None  #: sentence vectors, for text kind "vectors"

    def inputs(self, leaves: Sequence[Leaf], labels: Sequence[bool] | None = None) -> PageBatch:
        """Tag counts, text input and (for training) gold labels and standardised depths of one page."""
        paths = tag_paths(leaves)
        batch = PageBatch(tags=torch.tensor([self.vocabulary.vector(p) for p in paths],
                                            dtype=torch.float32).reshape(len(paths), self.vocabulary.width))
        texts = [leaf.text for leaf in leaves]
        if self.text["kind"] == "subwords":
            ids = [subword_ids(text, int(self.text["buckets"])) for text in texts]
            offsets, total = [], 0
            for block_ids in ids:
                offsets.append(total)
                total += len(block_ids)
            batch.text_ids = torch.tensor([i for block_ids in ids for i in block_ids], dtype=torch.long)
            batch.text_offsets = torch.tensor(offsets, dtype=torch.long)
        else:
            if self.encoder is None:
                raise RuntimeError("this model needs its sentence-transformers encoder")
            batch.text_vectors = self.encoder(texts)
        if labels is not None:
            batch.labels = torch.tensor([int(label) for label in labels], dtype=torch.long)
            batch.depth = (torch.tensor([float(len(p)) for p in paths]) - self.depth_mean) / self.depth_std
        return batch

    def config(self) -> dict[str, Any]:
        return {"kind": "multiboilernet", "tags": self.vocabulary.tags, "depth_mean": self.depth_mean,
                "depth_std": self.depth_std, "text": self.text}

    @classmethod
    def from_config(cls, config: dict[str, Any], encoder: Encoder | None = None) -> MultiBoilerNetModel:
        vocabulary = TagVocabulary(list(config["tags"]))
        text = dict(config["text"])
        if text["kind"] == "vectors" and encoder is None:
            encoder, _ = load_encoder(text["path"])
        net = MultiBoilerNet(vocabulary.width, text)
        return cls(net, vocabulary, float(config["depth_mean"]), float(config["depth_std"]), text, encoder)

    @torch.no_grad()
    def content_probabilities(self, leaves: Sequence[Leaf]) -> list[float]:
        """P(content) of every leaf of one page."""
        if not leaves:
            return []
        self.net.eval()
        device = next(self.net.parameters()).device
        with single_thread_on_cpu(device):
            logits, _ = self.net(self.inputs(leaves).to(device))
            return torch.softmax(logits, -1)[:, 1].cpu().tolist()


def load_multiboilernet(path: str | Path, device: str = "auto", encoder: Encoder | None = None) -> MultiBoilerNetModel:
    """A saved model; ``encoder`` reuses an already loaded sentence encoder instead of reloading it.

    A bad file raises :class:`~scrapy_boiler.extractors.model_files.ModelFileError`.
    """
    config, state = load_payload(path, "multiboilernet")
    text = config.get("text")
    if encoder is None and isinstance(text, dict) and text.get("kind") == "vectors" and "path" in text:
        encoder, _ = load_encoder(text["path"])  # outside ``interpreting``: its errors are not the file's fault
    with interpreting(path):
        model = MultiBoilerNetModel.from_config(config, encoder)
    load_state(model.net, state, path)
    place(model.net, pick_device(device), "multiboilernet")
    model.net.eval()
    return model


class MultiBoilerNetExtractor:
    """Labels every DOM text leaf content when the network gives it P(content) > 0.5."""

    def __init__(self, model: MultiBoilerNetModel, name: str = "multiboilernet") -> None:
        self.model = model
        self.name = name
        self.device = module_device(model.net)

    def label_pages(self, pages: Sequence[ParsedPage]) -> list[PageLabels]:
        segmentations = [segment(page.root) for page in pages]
        all_scores = run_with_cpu_fallback(
            self, self.model.net, lambda: [self.model.content_probabilities(seg.leaves) for seg in segmentations])
        out = []
        for seg, scores in zip(segmentations, all_scores, strict=True):
            blocks = blocks_from_leaf_labels(seg, [s > 0.5 for s in scores], scores, self.name)
            out.append(PageLabels(seg.leaves, blocks))
        for page, labels in zip(pages, out, strict=True):
            tidy_labels(page, labels, self.name, partial=True)  # its Bi-LSTM stops early in short posts
        return out

