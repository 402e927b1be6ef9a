"""Turn per-leaf decisions into output blocks: runs of leaves of one Boilerpipe block with one label.

Models that label every DOM text leaf (Web2Text, MultiBoilerNet) still give readable output: leaves of
the same paragraph that got the same label stay one block (one line of ``Document.text``), and a
paragraph is only cut where the model's labels change inside it.

Every family labels runs of the same reference leaves, so labels also carry between a model's blocks and the
page's reference blocks (:func:`reference_segmentation`) by their leaves (:func:`leaves_in`, :func:`mostly_in`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from scrapy_boiler.extractors.base import PageLabels
from scrapy_boiler.parse.html import ParsedPage
from scrapy_boiler.parse.normalize import collapse_spaces
from scrapy_boiler.segment.blocks import Segmentation, TextBlock, annotate, segment


def blocks_from_leaf_labels(seg: Segmentation, labels: Sequence[bool], scores: Sequence[float],
                            reason: str) -> list[TextBlock]:
    """Blocks covering every leaf of ``seg`` in order, labelled; ``score`` is the mean leaf score."""
    if len(labels) != len(seg.leaves) or len(scores) != len(seg.leaves):
        raise ValueError(f"{len(labels)} labels for {len(seg.leaves)} leaves")
    out: list[TextBlock] = []
    for block in seg.blocks:
        start = block.leaf_start
        for end in range(block.leaf_start + 1, block.leaf_end + 1):
            if end < block.leaf_end and labels[end] == labels[start]:
                continue
            if start == block.leaf_start and end == block.leaf_end:
                text, linked = block.text, block.linked_text
            else:
                run = seg.leaves[start:end]
                text = collapse_spaces(" ".join(leaf.text for leaf in run))
                linked = collapse_spaces(" ".join(leaf.text for leaf in run if leaf.in_anchor))
            out.append(TextBlock(
                index=len(out), leaf_start=start, leaf_end=end, text=text, linked_text=linked,
                element=block.element, enclosing=block.enclosing, is_content=bool(labels[start]),
                score=sum(scores[start:end]) / (end - start), reasons=[reason],
            ))
            start = end
    annotate(out)
    return out


def reference_segmentation(page: ParsedPage, labels: PageLabels) -> Segmentation | None:
    """The page's reference segmentation (Boilerpipe's blocks, annotated), or None when ``labels`` are not on its
    leaves, so that no block of one maps onto the other."""
    reference = segment(page.root)
    if len(reference.leaves) != len(labels.leaves):
        return None
    annotate(reference.blocks)
    return reference


def leaves_in(blocks: Iterable[TextBlock], count: int) -> list[bool]:
    """For each of a page's ``count`` leaves, whether it lies in one of ``blocks``."""
    flags = [False] * count
    for block in blocks:
        flags[block.leaf_start:block.leaf_end] = [True] * (block.leaf_end - block.leaf_start)
    return flags


def mostly_in(block: TextBlock, leaves: Sequence[bool]) -> bool:
    """Whether most of ``block``'s leaves are flagged in ``leaves`` (never for a block without leaves)."""
    size = block.leaf_end - block.leaf_start
    return size > 0 and 2 * sum(leaves[block.leaf_start:block.leaf_end]) > size
