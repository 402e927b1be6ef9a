"""An extractor driven by a learnt decision tree (``scrapy boiler-train tree``) instead of Algorithm 1/2.

The shipped tree is ``models/learned-tree.rules`` (found through :mod:`scrapy_boiler.extractors.model_files`,
from a checkout or an installed package); ``tree:PATH`` selects a user-trained rules file.
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from scrapy_boiler.extractors.base import PageLabels
from scrapy_boiler.extractors.learned_tree.rules import (
    RulesFormatError,
    TreeNode,
    decide,
    feature_getter,
    loads,
    rules_format,
)
from scrapy_boiler.extractors.model_files import ModelFileError, check_format, first_line, model_file
from scrapy_boiler.parse.html import ParsedPage
from scrapy_boiler.segment.blocks import TextBlock, annotate, context, segment

SHIPPED_TREE = "learned-tree"


@dataclass(frozen=True)
class LearnedTreeExtractor:
    """Boilerpipe blocks labelled by a learnt tree; the score is the content share of the leaf reached."""

    name: str
    tree: TreeNode

    def label(self, blocks: list[TextBlock]) -> None:
        annotate(blocks)
        for index, block in enumerate(blocks):
            leaf, path = decide(self.tree, feature_getter(*context(blocks, index)))
            block.is_content = leaf.content
            block.score = leaf.p
            verdict = "content" if leaf.content else "boilerplate"
            block.reasons.append(f"{self.name}:{verdict} ({' & '.join(path) or 'single leaf'}; p={leaf.p:.3f})")

    def label_pages(self, pages: Sequence[ParsedPage]) -> list[PageLabels]:
        out = []
        for page in pages:
            seg = segment(page.root)
            self.label(seg.blocks)
            out.append(PageLabels(seg.leaves, seg.blocks))
        return out


def load_tree(path: str | Path) -> TreeNode:
    """Read a rules file; a missing, unreadable or malformed one raises ModelFileError naming the file and line."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ModelFileError(path, "does not exist",
                             "check the path, or train a tree with scrapy boiler-train tree") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ModelFileError(path, f"cannot be read as a rules file ({first_line(exc)})") from exc
    check_format(rules_format(text), path, "rules")
    try:
        return loads(text)
    except RulesFormatError as exc:
        raise ModelFileError(path, f"is not a valid rules file: {exc}",
                             "correct that line, or retrain the tree (scrapy boiler-train tree)") from None


def shipped_tree_path(name: str = SHIPPED_TREE) -> Path:
    return model_file(f"{name}.rules")


def shipped_extractor(device: str = "auto") -> LearnedTreeExtractor:
    """The ``learned-tree`` model: the tree trained on L3S-GN1 (see ``models/learned-tree.md``)."""
    return LearnedTreeExtractor(SHIPPED_TREE, load_tree(shipped_tree_path()))


def file_extractor(path: str, device: str = "auto") -> LearnedTreeExtractor:
    """The ``tree:PATH`` model: a rules file written by ``scrapy boiler-train tree``.

    A tree none of whose leaves says content (what too few training blocks for ``--min-leaf`` give: one leaf)
    extracts nothing from any page; a RuntimeWarning says so when it loads, rather than empty output alone.
    """
    tree = load_tree(path)
    if not tree.keeps_any():
        shape = "is a single leaf that labels" if tree.is_leaf else "has no leaf that keeps a block: it labels"
        warnings.warn(f"tree model {path} {shape} every block boilerplate, so it extracts nothing from any page; "
                      "retrain it on more pages or with a smaller --min-leaf (scrapy boiler-train tree)",
                      RuntimeWarning, stacklevel=2)
    return LearnedTreeExtractor(f"tree:{path}", tree)
