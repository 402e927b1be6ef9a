"""The decision-tree classifiers of Kohlschütter et al. §4.3, with the paper's thresholds.

* Algorithm 1, the *densitometric classifier* (C4.8 on text and link density of the previous,
  current and next block, reduced-error pruned);
* Algorithm 2, the classifier on *number of words* and link density;
* the two one-rule classifiers of §4.3.2: "every block with at least 10 words is content", and the
  rule learnt on the CleanEval training set, "minimum text density of 7 and maximum link density 0.35".

Each takes (previous, current, next) :class:`BlockFeatures`; the blocks before the first and after
the last are the all-zero :data:`~scrapy_boiler.segment.features.EMPTY` block.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from scrapy_boiler.segment.blocks import TextBlock, annotate, context
from scrapy_boiler.segment.features import BlockFeatures

# Algorithm 1 and 2 share their link-density splits.
CURR_MAX_LINK_DENSITY = 0.333333
PREV_MAX_LINK_DENSITY = 0.555556
# §4.3.2 simple rules.
MIN_WORDS_SIMPLE = 10
CLEANEVAL_MIN_TEXT_DENSITY = 7.0
CLEANEVAL_MAX_LINK_DENSITY = 0.35

Rule = Callable[[BlockFeatures, BlockFeatures, BlockFeatures], bool]


def densitometric(prev: BlockFeatures, curr: BlockFeatures, nxt: BlockFeatures) -> bool:
    """Kohlschütter et al., Algorithm 1 (densitometric classifier). True means content."""
    if curr.link_density > CURR_MAX_LINK_DENSITY:
        return False
    if prev.link_density <= PREV_MAX_LINK_DENSITY:
        if curr.text_density <= 9:
            if nxt.text_density <= 10:
                return prev.text_density > 4
            return True
        return nxt.text_density > 0
    return nxt.text_density > 11


def num_words(prev: BlockFeatures, curr: BlockFeatures, nxt: BlockFeatures) -> bool:
    """Kohlschütter et al., Algorithm 2 (classifier based on number of words). True means content."""
    if curr.link_density > CURR_MAX_LINK_DENSITY:
        return False
    if prev.link_density <= PREV_MAX_LINK_DENSITY:
        if curr.num_words <= 16:
            if nxt.num_words <= 15:
                return prev.num_words > 4
            return True
        return True
    if curr.num_words <= 40:
        return nxt.num_words > 17
    return True


def min_words(prev: BlockFeatures, curr: BlockFeatures, nxt: BlockFeatures) -> bool:
    """Kohlschütter et al. §4.3.2: "we mark every block with at least 10 words as content"."""
    return curr.num_words >= MIN_WORDS_SIMPLE


def cleaneval_rule(prev: BlockFeatures, curr: BlockFeatures, nxt: BlockFeatures) -> bool:
    """Kohlschütter et al. §4.3.2, trained on CleanEval: text density ≥ 7 and link density ≤ 0.35."""
    return curr.text_density >= CLEANEVAL_MIN_TEXT_DENSITY and curr.link_density <= CLEANEVAL_MAX_LINK_DENSITY


def keep_everything(prev: BlockFeatures, curr: BlockFeatures, nxt: BlockFeatures) -> bool:
    """Baseline "keep all text" of Kohlschütter et al. Figure 2."""
    return True


def classify(blocks: Sequence[TextBlock], rule: Rule, name: str) -> None:
    """Label every block with ``rule``; scores are 1.0 / 0.0 since the trees give hard decisions."""
    if blocks and blocks[0].features is None:
        annotate(blocks)
    for index, block in enumerate(blocks):
        block.is_content = rule(*context(blocks, index))
        block.score = 1.0 if block.is_content else 0.0
        block.reasons.append(f"{name}:{'content' if block.is_content else 'boilerplate'}")
