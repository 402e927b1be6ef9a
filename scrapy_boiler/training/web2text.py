"""``scrapy boiler-train web2text``: the unary and pairwise CNNs of seed 003 on our corpora.

The work (torch) is in :mod:`scrapy_boiler.training.web2text_task`, imported by :func:`run` only, so
that listing the trainer kinds does not load torch.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import TYPE_CHECKING

from scrapy_boiler.training import options

if TYPE_CHECKING:
    from scrapy_boiler.training.loop import FitResult

SUMMARY = "seed 003 Web2Text: unary + pairwise CNNs over CDOM block/edge features, Viterbi decoding"
#: Seed 003 §4.2: 5000 iterations of 128 excerpts; validation every EVAL_EVERY iterations.
ITERATIONS = 5000
EVAL_EVERY = 250


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``scrapy boiler-train web2text``."""
    options.add_neural_options(parser, "models/web2text.pt")
    parser.add_argument("--iterations", type=int, default=ITERATIONS)
    parser.add_argument("--eval-every", type=int, default=EVAL_EVERY, help="iterations between validations")


def run(args: argparse.Namespace) -> FitResult:
    """Train, then write the best model to ``args.out`` and the run's record to ``OUT.json``."""
    from scrapy_boiler import neural  # noqa: F401  (first: it silences torch's numpy-missing warning)
    from scrapy_boiler.training.web2text_task import featurized, train

    began = time.monotonic()
    specs = options.data_specs(args)
    pages = featurized(specs, args.data_dir, args.limit, not args.quiet)
    if args.valid:
        train_pages, valid_pages = pages, featurized(args.valid, args.data_dir, args.limit, not args.quiet)
    else:
        train_pages, valid_pages = options.hold_out(pages, args)
    print(f"web2text: {len(train_pages)} training and {len(valid_pages)} validation pages", file=sys.stderr)
    model, result = train(train_pages, valid_pages, options.work_dir(args), iterations=args.iterations,
                          eval_every=args.eval_every, seed=args.seed, device=args.device, threads=args.threads,
                          resume=args.resume, progress=not args.quiet)
    assert result.best_path is not None
    record = {
        "data": specs, "split": args.valid or f"{len(valid_pages)} pages held out with seed {args.seed}",
        "valid_ids": [page.page_id for page in valid_pages], "train_pages": len(train_pages),
        "train_blocks": sum(len(page.labels) for page in train_pages),
        "parameters": sum(p.numel() for p in model.parameters()), "command": options.command_line(args, "web2text"),
        "training_seconds": round(time.monotonic() - began, 1), "run": result.to_json(),
    }
    out = options.write_outputs(result.best_path, args, record)
    print(f"web2text: wrote {out} (best valid F1 {result.best_f1:.4f} after "
          f"{result.best_epoch * args.eval_every} iterations, {record['training_seconds']:.0f}s)", file=sys.stderr)
    return result
