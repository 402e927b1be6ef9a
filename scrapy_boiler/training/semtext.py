"""``scrapy boiler-train semtext``: train SemText (seed 000 §IV.B) on our corpora.

Procedure: the pages of every ``--data`` spec are pooled and split 75/25 (seeded) into training and
validation; the model is trained with the CRF loss on windows of at most 85 blocks, and the epoch
with the best validation F1 (on the reference leaves) is kept. ``--finetune SPEC`` then continues
from that model on SPEC (its own seeded 75/25 split, best epoch kept), as the paper fine-tunes on
CleanEval dev. The final weights go to ``--out`` (``.pt`` tensors + ``.json`` config, vocabulary
and training record); checkpoints, history and the curves SVG stay in ``--work-dir``.

Deviations from the paper, all settings: Adam instead of SGD (few CPU epochs), embedding size 64
learnt with the model instead of 300-d pretrained fastText vectors (``--pretrain-epochs N`` first
pre-trains them with our own skip-gram on the training pages' word strings, see
:mod:`scrapy_boiler.neural.skipgram`), Bi-LSTM size ``--hidden``.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from scrapy_boiler.features.semantic import FIELDS

if TYPE_CHECKING:
    from scrapy_boiler.training.loop import FitResult

SUMMARY = "SemText (seed 000): SCS blocks, word strings, depthwise CNN + Bi-LSTM + CRF"
DEFAULT_DATA = ("dragnet:train", "l3s-gn1:train")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``scrapy boiler-train semtext``."""
    parser.add_argument("--data", action="append", default=[],
                        help=f"training corpus spec, repeatable (default: {' + '.join(DEFAULT_DATA)})")
    parser.add_argument("--finetune", default=None, help="fine-tune on this spec afterwards (e.g. cleaneval-dev:train)")
    parser.add_argument("--data-dir", default=None, help="folder holding the dataset archives")
    parser.add_argument("--limit", type=int, default=None, help="only the first N pages of each spec")
    parser.add_argument("--epochs", type=int, default=6)
    parser.add_argument("--finetune-epochs", type=int, default=4)
    parser.add_argument("--batch-size", type=int, default=16, help="windows of <= 85 blocks per batch")
    parser.add_argument("--lr", type=float, default=2e-3)
    parser.add_argument("--finetune-lr", type=float, default=5e-4)
    parser.add_argument("--embed-dim", type=int, default=64)
    parser.add_argument("--hidden", type=int, default=128, help="Bi-LSTM units per direction (paper: 512)")
    parser.add_argument("--fields", default=",".join(FIELDS),
                        help="word strings used, comma separated: tags,classes,text (ablation: text; tags,text...)")
    parser.add_argument("--vocab-size", type=int, default=20000)
    parser.add_argument("--buckets", type=int, default=30000, help="hashed character n-gram buckets")
    parser.add_argument("--pretrain-epochs", type=int, default=0,
                        help="skip-gram pre-training epochs of the subword embeddings on the training pages (0 = off)")
    parser.add_argument("--pretrain-window", type=int, default=5, help="skip-gram context window (max words each side)")
    parser.add_argument("--pretrain-fields", default="text",
                        help="word strings the skip-gram reads, comma separated (e.g. text or tags,classes,text)")
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--device", default="auto", help="auto, cpu or cuda (cuda falls back to cpu if absent)")
    parser.add_argument("--threads", type=int, default=1, help="torch CPU threads")
    parser.add_argument("--out", default="models/semtext", help="output prefix: writes OUT.pt and OUT.json")
    parser.add_argument("--work-dir", default=None, help="checkpoints/history/curves (default: OUT.work)")
    parser.add_argument("--cache", default=".cache/boiler-train", help="prepared-example cache folder ('' = off)")
    parser.add_argument("--resume", action="store_true", help="continue from the checkpoints in --work-dir")
    parser.add_argument("--max-batches", type=int, default=None, help="cap batches per epoch (quick runs)")
    parser.add_argument("--no-progress", action="store_true")


def run(args: argparse.Namespace) -> FitResult:
    """Train SemText; the torch work is in :mod:`scrapy_boiler.training.semtext_task`."""
    from scrapy_boiler.training.semtext_task import train

    return train(args)
