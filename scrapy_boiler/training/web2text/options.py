"""The options of ``scrapy boiler-train web2text`` (the unary and pairwise CNNs of Vogels et al. on our corpora).

Listing the trainer kinds imports this module, never torch: the fitting is in
:mod:`~scrapy_boiler.training.web2text.fit`.
"""

from __future__ import annotations

import argparse

from scrapy_boiler.training import common

SUMMARY = "Web2Text (Vogels et al.): unary + pairwise CNNs over CDOM block/edge features, Viterbi decoding"
#: Vogels et al. §4.2: 5000 iterations of 128 excerpts; validation every EVAL_EVERY iterations.
ITERATIONS = 5000
EVAL_EVERY = 250


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``scrapy boiler-train web2text``."""
    common.add_neural_options(parser, "web2text.pt")
    parser.add_argument("--iterations", type=int, default=ITERATIONS,
                        help="training batches of 128 excerpts, run exactly (default %(default)s, the paper's)")
    parser.add_argument("--init", default=None, metavar="PATH",
                        help="start from this trained Web2Text (its weights and feature standardisation) and train it "
                             "further on --data")
    parser.add_argument("--eval-every", type=int, default=EVAL_EVERY,
                        help="iterations between validations (default %(default)s; the last stretch may be shorter); "
                             "the best validated weights are kept")
