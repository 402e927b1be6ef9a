"""Block fusion (Kohlschütter et al. §3.4, after Kohlschütter & Nejdl, CIKM 2008 [19]).

Adjacent blocks of similar text density are fused until neighbouring densities are distinct
enough. Two blocks x, y are "similar" when their density ratio difference
``|ρ(x) − ρ(y)| / max(ρ(x), ρ(y))`` is below ``MAX_DENSITY_DIFFERENCE`` (ϑ_max = 0.38 in [19]).
Fused blocks get their features recomputed from the fused text; a fused block remembers which
atomic blocks it is made of, so labels can be copied back to them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from scrapy_boiler.extractors.boilerpipe.classifiers import CURR_MAX_LINK_DENSITY
from scrapy_boiler.segment.blocks import TextBlock
from scrapy_boiler.segment.features import block_features

#: ϑ_max of the block fusion paper [19] cited by Kohlschütter et al. §3.4.
MAX_DENSITY_DIFFERENCE = 0.38
#: Link-heavy blocks are never fused: a fused run of menu links would become one block whose link
#: density wrongly marks its neighbours as boilerplate through the classifiers' ``prev_linkDensity`` split.
LINK_SPLIT = CURR_MAX_LINK_DENSITY


@dataclass(slots=True)
class FusedBlocks:
    """Fused blocks and, for each, the indices of the atomic blocks it covers."""

    blocks: list[TextBlock]
    members: list[list[int]]


def _density_difference(a: float, b: float) -> float:
    top = max(a, b)
    return abs(a - b) / top if top else 0.0


def _fusable(a: TextBlock, b: TextBlock, max_difference: float) -> bool:
    """Similar density, and neither block link-heavy (see LINK_SPLIT)."""
    assert a.features is not None and b.features is not None
    if a.features.link_density > LINK_SPLIT or b.features.link_density > LINK_SPLIT:
        return False
    return _density_difference(a.features.text_density, b.features.text_density) < max_difference


def _merge(first: TextBlock, second: TextBlock) -> TextBlock:
    return TextBlock(
        index=first.index,
        leaf_start=first.leaf_start,
        leaf_end=second.leaf_end,
        text=f"{first.text} {second.text}",
        linked_text=f"{first.linked_text} {second.linked_text}".strip(),
        element=first.element,
        enclosing=first.enclosing | second.enclosing,
    )


def fuse(blocks: Sequence[TextBlock], max_difference: float = MAX_DENSITY_DIFFERENCE) -> FusedBlocks:
    """Fuse adjacent blocks of similar text density, repeating until nothing changes."""
    current = [replace(b, is_content=False, score=0.0, reasons=[]) for b in blocks]
    members = [[b.index] for b in blocks]
    changed = True
    while changed and len(current) > 1:
        changed = False
        out_blocks = [current[0]]
        out_members = [members[0]]
        for block, group in zip(current[1:], members[1:], strict=True):
            last = out_blocks[-1]
            if _fusable(last, block, max_difference):
                merged = _merge(last, block)
                merged.features = block_features(merged.text, merged.linked_text, 0, 1)
                out_blocks[-1] = merged
                out_members[-1] = out_members[-1] + group
                changed = True
            else:
                out_blocks.append(block)
                out_members.append(group)
        current, members = out_blocks, out_members
    total = len(current)
    for position, block in enumerate(current):
        assert block.features is not None
        block.features = block_features(block.text, block.linked_text, position, total)
    return FusedBlocks(current, members)


def copy_labels_back(fused: FusedBlocks, atomic: Sequence[TextBlock]) -> None:
    """Give every atomic block the label, score and reasons of the fused block that holds it."""
    for block, group in zip(fused.blocks, fused.members, strict=True):
        for index in group:
            atomic[index].is_content = block.is_content
            atomic[index].score = block.score
            atomic[index].reasons.extend(block.reasons)
