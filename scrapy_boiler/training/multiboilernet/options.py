"""The options of ``scrapy boiler-train multiboilernet`` (Wu & Chang's sequence labeller on our corpora).

Listing the trainer kinds imports this module, never torch: the fitting is in
:mod:`~scrapy_boiler.training.multiboilernet.fit`.
"""

from __future__ import annotations

import argparse

from scrapy_boiler.extractors.multiboilernet.ngrams import DEFAULT_BUCKETS
from scrapy_boiler.training import common

SUMMARY = "MultiBoilerNet (Wu & Chang): tag vectors + hashed n-gram text, Bi-LSTM, depth auxiliary task"
#: Wu & Chang §IV.A: 20 epochs; α = 0.5 weighs the depth loss (eq. 4).
EPOCHS = 20
ALPHA = 0.5


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``scrapy boiler-train multiboilernet``."""
    common.add_neural_options(parser, "multiboilernet.pt")
    parser.add_argument("--epochs", type=int, default=EPOCHS,
                        help="passes over the training pages (default %(default)s)")
    parser.add_argument("--alpha", type=float, default=ALPHA,
                        help="weight of the depth loss (0: no auxiliary task; default %(default)s)")
    parser.add_argument("--buckets", type=int, default=DEFAULT_BUCKETS,
                        help="hashed n-gram buckets (default %(default)s)")
    parser.add_argument("--text-encoder", default=None, metavar="DIR",
                        help="local sentence-transformers model directory to use instead of hashed n-grams")
    parser.add_argument("--half", action="store_true", help="store the weights as float16 (half the file size)")
    parser.add_argument("--init", default=None, metavar="PATH",
                        help="start from this trained MultiBoilerNet (its weights, tag vocabulary, depth scaling and "
                             "text encoder) and train it further on --data; --buckets and --text-encoder are then the "
                             "trained model's")
