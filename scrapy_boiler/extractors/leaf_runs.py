"""Turn per-leaf decisions into output blocks: runs of leaves of one Boilerpipe block with one label.

Models that label every DOM text leaf (Web2Text, MultiBoilerNet) still give readable output: leaves of
the same paragraph that got the same label stay one block (one line of ``Document.text``), and a
paragraph is only cut where the model's labels change inside it.
"""

from __future__ import annotations

from collections.abc import Sequence

from scrapy_boiler.parse.normalize import collapse_spaces
from scrapy_boiler.segment.blocks import Segmentation, TextBlock, annotate


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
