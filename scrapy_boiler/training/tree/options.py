"""The options of ``scrapy boiler-train tree`` (Kohlschütter et al. §4.3's decision tree); the fitting is in
:mod:`~scrapy_boiler.training.tree.fit`."""

from __future__ import annotations

import argparse
import fnmatch

from scrapy_boiler.extractors.learned_tree.rules import FEATURE_NAMES
from scrapy_boiler.training.common import add_common_arguments

SUMMARY = "Kohlschütter et al. §4.3 decision tree (C4.5) over the shallow features of previous/current/next block"
DEFAULT_OUT = "learned-tree.rules"
#: Searched when --valid is given and the option is not: sizes sensible for ~10k-100k blocks.
GRID_DEPTHS = (2, 3, 4, 5, 6, 8, 10, 12)
GRID_MIN_LEAF = (25, 50, 100, 200, 400, 1000)
GRID_WEIGHTS = ("words", "blocks")
#: Used without --valid.
DEFAULT_DEPTH = 6
DEFAULT_MIN_LEAF = 200
DEFAULT_WEIGHT = "words"


def _ints(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in text.split(",") if part)


def _weights(text: str) -> tuple[str, ...]:
    values = tuple(part for part in text.split(",") if part)
    for value in values:
        if value not in GRID_WEIGHTS:
            raise argparse.ArgumentTypeError(f"weight must be words or blocks, not {value!r}")
    return values


def select_features(patterns: str | None) -> tuple[str, ...]:
    """The feature names matching comma-separated shell patterns (``*_link_density,curr_num_words``)."""
    if not patterns:
        return FEATURE_NAMES
    wanted = [p.strip() for p in patterns.split(",") if p.strip()]
    for pattern in wanted:
        if not fnmatch.filter(FEATURE_NAMES, pattern):
            raise ValueError(f"--features {pattern!r} matches no feature; features: {', '.join(FEATURE_NAMES)}")
    return tuple(name for name in FEATURE_NAMES if any(fnmatch.fnmatchcase(name, p) for p in wanted))


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_common_arguments(parser, default_out=DEFAULT_OUT)
    parser.add_argument("--max-depth", type=_ints, default=None, metavar="N[,N...]",
                        help=f"tests from root to leaf (default: {DEFAULT_DEPTH}; with --valid, searched over "
                             f"{','.join(map(str, GRID_DEPTHS))})")
    parser.add_argument("--min-leaf", type=_ints, default=None, metavar="N[,N...]",
                        help=f"minimum training blocks per leaf, J48's -M (default: {DEFAULT_MIN_LEAF}; with "
                             f"--valid, searched over {','.join(map(str, GRID_MIN_LEAF))})")
    parser.add_argument("--weight", type=_weights, default=None, metavar="words|blocks",
                        help="instance weight: words (Kohlschütter et al. weigh blocks by their words) or blocks "
                             f"(default: {DEFAULT_WEIGHT}; with --valid, both are tried)")
    parser.add_argument("--features", default=None, metavar="PATTERN[,PATTERN...]",
                        help="only these features, shell patterns over prev_/curr_/next_ + BlockFeatures fields "
                             "(e.g. '*_link_density,*_num_words' for the 6 of Algorithm 2; default: all 38)")
    parser.add_argument("--confidence", type=float, default=0.25,
                        help="C4.5 pruning confidence (0 disables pruning; default 0.25 as J48)")
