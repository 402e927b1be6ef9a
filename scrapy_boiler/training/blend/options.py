"""The options of ``scrapy boiler-train blend``; the fitting (LightGBM, extra ``[train]``) is in
:mod:`~scrapy_boiler.training.blend.fit`."""

from __future__ import annotations

import argparse

from scrapy_boiler.training.common import add_common_arguments

SUMMARY = "blend: boosted trees over region, class/id/JSON-LD semantics and rule votes (the article model of auto)"
DEFAULT_OUT = "blend.json"
#: All our article corpora's training splits (validation splits, cleaneval-test and cleanportaleval stay out).
DEFAULT_DATA = ("fundus-train:train", "dragnet:train", "l3s-gn1:train", "cleaneval-dev:train")
#: Weight of a page of each corpus (every page's blocks sum to this): the modern pages count more.
DEFAULT_PAGE_WEIGHTS = "fundus-train=6"
FOLDS = 5
#: Chosen on fundus-train:valid, dragnet:valid and l3s-gn1:valid among 0.35, 0.42 and 0.5 (text-level F1).
DECISION_THRESHOLD = 0.42


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``scrapy boiler-train blend``."""
    add_common_arguments(parser, default_out=DEFAULT_OUT)
    parser.add_argument("--page-weight", default=DEFAULT_PAGE_WEIGHTS, metavar="NAME=W[,...]",
                        help="NAME=W,...: weight of each page of a corpus (default: %(default)s; others 1)")
    parser.add_argument("--json-ld-dropout", type=float, default=0.0, metavar="P",
                        help="a page declaring an article, a thread or a body in JSON-LD also enters as if it did not, "
                             "weighing P of the page (default %(default)s: no copies)")
    parser.add_argument("--trees", type=int, default=150, help="boosting rounds of the first stage")
    parser.add_argument("--context-trees", type=int, default=100, help="boosting rounds of the second stage (0: none)")
    parser.add_argument("--leaves", type=int, default=24, help="leaves per tree")
    parser.add_argument("--max-depth", type=int, default=6, help="tree depth at most (default %(default)s)")
    parser.add_argument("--learning-rate", type=float, default=0.1,
                        help="boosting shrinkage per round (default %(default)s)")
    parser.add_argument("--min-leaf", type=int, default=40, help="blocks per leaf at least")
    parser.add_argument("--folds", type=int, default=FOLDS,
                        help="folds (by site) for the out-of-fold first-stage scores the second stage learns from")
    parser.add_argument("--threshold", type=float, default=DECISION_THRESHOLD,
                        help="score from which a block is content (default %(default)s, chosen on the validation "
                             "splits: recall matters as much as precision in the text-level F1)")
    parser.add_argument("--threads", type=int, default=1, help="LightGBM threads (default %(default)s)")
    parser.add_argument("--cache", default=".cache/boiler-train", metavar="DIR",
                        help="prepared-table cache folder ('' = off)")
