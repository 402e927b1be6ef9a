"""``scrapy boiler-train multiboilernet``: seed 002's sequence labeller on our corpora.

Listing the trainer kinds imports this module, never torch: :func:`run` loads
:mod:`scrapy_boiler.training.multiboilernet_task` when training starts.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import TYPE_CHECKING

from scrapy_boiler.features.subwords import DEFAULT_BUCKETS
from scrapy_boiler.training import options
from scrapy_boiler.training.data import labelled_pages

if TYPE_CHECKING:
    from scrapy_boiler.datasets.labels import LabelledPage
    from scrapy_boiler.training.loop import FitResult

SUMMARY = "seed 002 MultiBoilerNet: tag vectors + hashed n-gram text, Bi-LSTM, depth auxiliary task"
#: Seed 002 §IV.A: 20 epochs; α = 0.5 weighs the depth loss (the same value as
#: ``neural.multiboilernet.ALPHA``, repeated here so that listing the trainers does not import torch).
EPOCHS = 20
ALPHA = 0.5


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``scrapy boiler-train multiboilernet``."""
    options.add_neural_options(parser, "models/multiboilernet.pt")
    parser.add_argument("--epochs", type=int, default=EPOCHS)
    parser.add_argument("--alpha", type=float, default=ALPHA, help="weight of the depth loss (0: no auxiliary task)")
    parser.add_argument("--buckets", type=int, default=DEFAULT_BUCKETS, help="hashed n-gram buckets")
    parser.add_argument("--text-encoder", default=None,
                        help="local sentence-transformers model directory to use instead of hashed n-grams")
    parser.add_argument("--half", action="store_true", help="store the weights as float16 (half the file size)")


def _pages(specs: list[str], args: argparse.Namespace) -> list[LabelledPage]:
    return list(labelled_pages(specs, data_dir=args.data_dir, limit=args.limit, progress=not args.quiet))


def run(args: argparse.Namespace) -> FitResult:
    """Train, then write the best model to ``args.out`` and the run's record to ``OUT.json``."""
    from scrapy_boiler import neural  # noqa: F401  (first: it silences torch's numpy-missing warning)
    from scrapy_boiler.training.multiboilernet_task import train

    began = time.monotonic()
    specs = options.data_specs(args)
    pages = _pages(specs, args)
    train_pages, valid_pages = (pages, _pages(args.valid, args)) if args.valid else options.hold_out(pages, args)
    print(f"multiboilernet: {len(train_pages)} training and {len(valid_pages)} validation pages", file=sys.stderr)
    model, result = train(train_pages, valid_pages, options.work_dir(args), epochs=args.epochs, alpha=args.alpha,
                          seed=args.seed, device=args.device, threads=args.threads, buckets=args.buckets,
                          encoder_path=args.text_encoder,
                          half=args.half, resume=args.resume, progress=not args.quiet)
    assert result.best_path is not None
    record = {
        "data": specs, "split": args.valid or f"{len(valid_pages)} pages held out with seed {args.seed}",
        "valid_ids": [f"{p.page.dataset}/{p.page.id}" for p in valid_pages], "train_pages": len(train_pages),
        "train_blocks": sum(len(p.leaves) for p in train_pages), "alpha": args.alpha, "text": model.text,
        "parameters": sum(p.numel() for p in model.net.parameters()),
        "command": options.command_line(args, "multiboilernet"),
        "training_seconds": round(time.monotonic() - began, 1), "run": result.to_json(),
    }
    out = options.write_outputs(result.best_path, args, record)
    print(f"multiboilernet: wrote {out} (best valid macro F1 {result.best_f1:.4f} at epoch {result.best_epoch}, "
          f"{record['training_seconds']:.0f}s)", file=sys.stderr)
    return result
