"""The ``web2text`` and ``web2text-unary`` extractors: Web2Text (Vogels et al.) on our reference leaves.

Every reference leaf is a Web2Text block; the CNN potentials are decoded with Viterbi (λ = 0.1) or,
for ``web2text-unary``, by the unary network alone. Imports torch: reached only through the registry.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from lxml import etree

from scrapy_boiler.extractors.base import PageLabels
from scrapy_boiler.extractors.device import module_device, pick_device, place, run_with_cpu_fallback
from scrapy_boiler.extractors.leaf_runs import blocks_from_leaf_labels
from scrapy_boiler.extractors.model_files import interpreting, load_payload, load_state
from scrapy_boiler.extractors.tidy import tidy_labels
from scrapy_boiler.extractors.web2text.cdom import collapse
from scrapy_boiler.extractors.web2text.features import PageFeatures, page_features
from scrapy_boiler.extractors.web2text.network import Web2TextModel
from scrapy_boiler.parse.html import ParsedPage
from scrapy_boiler.segment.blocks import Leaf, segment


def features_of(leaves: Sequence[Leaf], root: etree._Element) -> PageFeatures:
    """Block and edge features of a page from its cleaned tree and reference leaves."""
    return page_features(leaves, collapse(root, leaves))


def load_web2text(path: str | Path, device: str = "auto") -> Web2TextModel:
    """A saved Web2Text model on ``device``; a bad file raises
    :class:`~scrapy_boiler.extractors.model_files.ModelFileError`."""
    config, state = load_payload(path, "web2text")
    with interpreting(path):
        model = Web2TextModel.from_config(config)
    load_state(model, state, path)
    place(model, pick_device(device), "web2text")
    return model.eval()


class Web2TextExtractor:
    """Labels every DOM text leaf with the Web2Text networks."""

    def __init__(self, model: Web2TextModel, name: str = "web2text", use_pairwise: bool = True) -> None:
        self.model = model
        self.name = name
        self.use_pairwise = use_pairwise
        self.device = module_device(model)

    def label_pages(self, pages: Sequence[ParsedPage]) -> list[PageLabels]:
        segmentations = [segment(page.root) for page in pages]
        features = [features_of(seg.leaves, page.root) for seg, page in zip(segmentations, pages, strict=True)]
        out = []
        all_potentials = run_with_cpu_fallback(self, self.model, lambda: self.model.potentials(features))
        for seg, potentials in zip(segmentations, all_potentials, strict=True):
            labels = potentials.decode(self.use_pairwise)
            blocks = blocks_from_leaf_labels(seg, labels, potentials.content_probability(), self.name)
            out.append(PageLabels(seg.leaves, blocks))
        for page, labels in zip(pages, out, strict=True):
            tidy_labels(page, labels, self.name)
        return out

