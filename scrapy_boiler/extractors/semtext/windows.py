"""Cut long block sequences into windows for the sequence model, and put the labels back together.

SemText (Zhang & Wang §IV.B) caps sequences at m = 85 blocks and splits longer pages evenly into
consecutive sub-sequences (:func:`even_split`); its §V notes that blocks at the start of a
sub-sequence are often mislabelled, having no left context, and suggests overlapping windows.
:func:`overlapping` does that: windows of ``size`` blocks every ``stride`` blocks, and
:func:`reconcile` keeps, for every block, the label from the window in which it sits most
centrally (largest distance to that window's nearer edge), so every block is judged with
context on both sides whenever the page allows it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

#: Maximum blocks per sequence (Zhang & Wang §IV.B).
MAX_BLOCKS = 85
#: Step between overlapping windows: 64 of 85, so consecutive windows share 21 blocks.
STRIDE = 64


def even_split(length: int, size: int = MAX_BLOCKS) -> list[tuple[int, int]]:
    """The paper's split: ``ceil(length/size)`` consecutive parts of near-equal length."""
    if length <= size:
        return [(0, length)]
    parts = math.ceil(length / size)
    bounds = [round(i * length / parts) for i in range(parts + 1)]
    return [(bounds[i], bounds[i + 1]) for i in range(parts)]


def overlapping(length: int, size: int = MAX_BLOCKS, stride: int = STRIDE) -> list[tuple[int, int]]:
    """Windows ``[start, end)`` of ``size`` blocks every ``stride`` blocks; the last one ends at ``length``."""
    if length <= size:
        return [(0, length)]
    starts = list(range(0, length - size, stride))
    starts.append(length - size)
    return [(start, start + size) for start in starts]


def reconcile(length: int, windows: Sequence[tuple[int, int]], labels: Sequence[Sequence[int]]) -> list[int]:
    """One label per block: from the window where the block is furthest from an edge (ties: earlier window)."""
    best = [-1.0] * length
    out = [0] * length
    for (start, end), window_labels in zip(windows, labels, strict=True):
        for offset, label in enumerate(window_labels):
            index = start + offset
            centrality = min(offset, end - start - 1 - offset)
            if centrality > best[index]:
                best[index] = centrality
                out[index] = label
    return out
