"""Gold labels on the reference segmentation: what training and evaluation consume.

The reference blocks are the DOM text leaves of our parser (:func:`scrapy_boiler.segment.segment`),
so every model is trained and scored on the same blocks. Text-only gold (CleanEval, CleanPortalEval,
Dragnet, web forums, folders of pairs) is put on them by the alignment of Vogels et al. §4.1; L3S-GN1
brings its own labels (:func:`~scrapy_boiler.datasets.alignment.label_blocks_from_spans`).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from scrapy_boiler.datasets.alignment import label_blocks, label_blocks_from_spans
from scrapy_boiler.datasets.corpora import Page, load
from scrapy_boiler.parse.html import ParsedPage, ParseError, parse_html
from scrapy_boiler.parse.normalize import words
from scrapy_boiler.segment.blocks import Leaf, TextBlock, segment


@dataclass(frozen=True)
class LabelledPage:
    """A page with its reference blocks (DOM text leaves) and one gold content flag per leaf.

    ``blocks`` are the Boilerpipe blocks of the same segmentation (each a run of ``leaves``), for
    models trained on blocks.
    """

    page: Page
    leaves: list[Leaf]
    labels: list[bool]
    blocks: list[TextBlock] = field(default_factory=list)
    parsed: ParsedPage | None = None  #: the parsed page the leaves belong to (None if it did not parse)

    @property
    def leaf_words(self) -> list[int]:
        return [len(words(leaf.text)) for leaf in self.leaves]


def label_page(page: Page) -> LabelledPage:
    """Segment ``page`` into its reference blocks and label them from its gold standard."""
    try:
        parsed = parse_html(page.html, url=page.url)
    except ParseError:
        return LabelledPage(page, [], [])
    return label_parsed(page, parsed)


def label_parsed(page: Page, parsed: ParsedPage) -> LabelledPage:
    """:func:`label_page` for a page already parsed (training keeps the tree for its own segmentation)."""
    segmentation = segment(parsed.root)
    leaves = segmentation.leaves
    texts = [leaf.text for leaf in leaves]
    if page.gold_spans is not None:
        labels = label_blocks_from_spans(texts, page.gold_spans)
    else:
        labels = label_blocks(texts, page.gold_text)
    return LabelledPage(page, leaves, labels, segmentation.blocks, parsed)


def load_labelled(
    spec: str, *, data_dir: str | Path | None = None, limit: int | None = None
) -> Iterator[LabelledPage]:
    """:func:`~scrapy_boiler.datasets.corpora.load`, each page with its gold block labels."""
    return (label_page(page) for page in load(spec, data_dir=data_dir, limit=limit))
