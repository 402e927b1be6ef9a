"""Named rule-based extractors: a decision tree followed by optional fusion and filters.

Names follow Boilerpipe's extractors as users know them, built from Kohlschütter, Fankhauser and Nejdl,
"Boilerplate Detection using Shallow Text Features" (and the tree-filter paper for the HTML-tree filter, see
:mod:`~scrapy_boiler.extractors.boilerpipe.tree_filter`). Any name can take the tree filter as a suffix:
``"default+tree"`` (depth 2) or ``"article+tree3"`` (depth 3).

==================  ===========================================================================
``keep-everything`` every block is content (the "keep all text" baseline of Kohlschütter et al. Fig. 2)
``min-words``       blocks with at least 10 words (Kohlschütter et al. §4.3.2)
``cleaneval-rule``  text density ≥ 7 and link density ≤ 0.35 (Kohlschütter et al. §4.3.2, learnt on CleanEval)
``default``         Algorithm 1, the densitometric classifier, on atomic blocks
``num-words``       Algorithm 2 on atomic blocks
``fusion``          block fusion (ϑ_max = 0.38), then Algorithm 1. Measured worse than ``default``:
                    Algorithm 1 was learnt on atomic blocks, and a fused run of text flanked by link
                    lists falls to its previous/next-block rules as a whole (CleanEval dev BoW F1
                    0.71 vs 0.85), so fusion is offered for study, not used by the other extractors.
``largest-content`` Algorithm 2, then the Largest Content Filter
``article``         Algorithm 2, then the Main Content Filter (title and comments cut, largest stretch)
``news``            ``article`` followed by the HTML-tree filter (depth 2)
==================  ===========================================================================
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from scrapy_boiler.extractors.base import PageLabels
from scrapy_boiler.extractors.boilerpipe import classifiers, filters, fusion, tree_filter
from scrapy_boiler.parse.html import ParsedPage
from scrapy_boiler.segment.blocks import TextBlock, annotate, segment

Step = Callable[[list[TextBlock], str], None]


def _rule(rule: classifiers.Rule, name: str) -> Step:
    def step(blocks: list[TextBlock], title: str) -> None:
        classifiers.classify(blocks, rule, name)

    return step


def _fused_densitometric(blocks: list[TextBlock], title: str) -> None:
    fused = fusion.fuse(blocks)
    classifiers.classify(fused.blocks, classifiers.densitometric, "fusion+densitometric")
    fusion.copy_labels_back(fused, blocks)


def _largest(blocks: list[TextBlock], title: str) -> None:
    filters.largest_content(blocks)


def _main(blocks: list[TextBlock], title: str) -> None:
    filters.main_content(blocks, title)


def _tree(depth: int) -> Step:
    def step(blocks: list[TextBlock], title: str) -> None:
        tree_filter.tree_filter(blocks, depth)

    return step


@dataclass(frozen=True)
class RuleExtractor:
    """A named sequence of steps that label the blocks of one page in place."""

    name: str
    steps: tuple[Step, ...]
    description: str

    def label(self, blocks: list[TextBlock], title: str) -> None:
        """Compute features and run every step; ``title`` is the document's ``<title>``."""
        annotate(blocks)
        self.label_annotated(blocks, title)

    def label_annotated(self, blocks: list[TextBlock], title: str) -> None:
        """Run every step on blocks whose features are already computed (``blend`` takes these labels as votes)."""
        for step in self.steps:
            step(blocks, title)

    def label_pages(self, pages: Sequence[ParsedPage]) -> list[PageLabels]:
        """Segment each page into Boilerpipe blocks and label them (rules gain nothing from batching)."""
        out = []
        for page in pages:
            seg = segment(page.root)
            self.label(seg.blocks, page.title)
            out.append(PageLabels(seg.leaves, seg.blocks))
        return out


_NUM_WORDS = _rule(classifiers.num_words, "num-words")
_BASE: dict[str, tuple[tuple[Step, ...], str]] = {
    "keep-everything": ((_rule(classifiers.keep_everything, "keep-everything"),), "every block is content"),
    "min-words": ((_rule(classifiers.min_words, "min-words"),), "blocks of at least 10 words"),
    "cleaneval-rule": (
        (_rule(classifiers.cleaneval_rule, "cleaneval-rule"),),
        "text density >= 7 and link density <= 0.35",
    ),
    "default": ((_rule(classifiers.densitometric, "densitometric"),), "Boilerpipe Algorithm 1 (densitometric)"),
    "num-words": ((_NUM_WORDS,), "Boilerpipe Algorithm 2 (number of words)"),
    "fusion": ((_fused_densitometric,), "block fusion + Algorithm 1"),
    "largest-content": ((_NUM_WORDS, _largest), "Algorithm 2 + Largest Content Filter"),
    "article": ((_NUM_WORDS, _main), "Algorithm 2 + Main Content Filter"),
    "news": ((_NUM_WORDS, _main, _tree(tree_filter.DEFAULT_DEPTH)), "article + tree filter (depth 2)"),
}
_TREE_SUFFIX = re.compile(r"^(?P<base>[a-z-]+)\+tree(?P<depth>[1-5])?$")


def rule_names() -> list[str]:
    """The names of the rule-based extractors (tree-filter suffixes not listed)."""
    return list(_BASE)


def get_rule_extractor(name: str) -> RuleExtractor:
    """Look up a rule-based extractor by name; raises KeyError for unknown names."""
    if name in _BASE:
        steps, description = _BASE[name]
        return RuleExtractor(name, steps, description)
    match = _TREE_SUFFIX.match(name)
    if match and match["base"] in _BASE:
        depth = int(match["depth"] or tree_filter.DEFAULT_DEPTH)
        steps, description = _BASE[match["base"]]
        return RuleExtractor(name, (*steps, _tree(depth)), f"{description} + tree filter (depth {depth})")
    raise KeyError(name)
