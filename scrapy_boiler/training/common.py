"""Options every trainer accepts, and loading their training data."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator, Sequence

from scrapy_boiler.datasets.labels import LabelledPage, load_labelled


def add_common_arguments(parser: argparse.ArgumentParser, *, default_out: str) -> None:
    parser.add_argument("--data", "-d", action="append", default=[], metavar="SPEC",
                        help="training data: dataset name[:split] (e.g. l3s-gn1-any:train) or a folder of "
                             "name.html + name.txt pairs; repeat to combine")
    parser.add_argument("--data-dir", default=None, help="folder holding the dataset archives")
    parser.add_argument("--valid", action="append", default=[], metavar="SPEC",
                        help="validation data for model selection (never a test set)")
    parser.add_argument("--out", "-o", default=default_out, help=f"model file to write (default: {default_out})")
    parser.add_argument("--seed", type=int, default=0, help="random seed (recorded in the model card)")
    parser.add_argument("--limit", type=int, default=None, help="only the first N pages of each dataset")
    parser.add_argument("--quiet", "-q", action="store_true", help="no progress lines")


def labelled_pages(specs: Sequence[str], args: argparse.Namespace) -> Iterator[LabelledPage]:
    """Every labelled page of ``specs``; progress goes to stderr unless ``--quiet``."""
    for spec in specs:
        count = 0
        for count, page in enumerate(load_labelled(spec, data_dir=args.data_dir, limit=args.limit), 1):
            if not args.quiet and count % 100 == 0:
                print(f"  {spec}: {count} pages", file=sys.stderr, flush=True)
            yield page
        if not args.quiet:
            print(f"  {spec}: {count} pages read", file=sys.stderr, flush=True)
