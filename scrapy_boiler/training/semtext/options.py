"""The options of ``scrapy boiler-train semtext`` (SemText, Zhang & Wang §IV.B, on our corpora).

Listing the trainer kinds imports this module, never torch: the fitting, and how it proceeds, is in
:mod:`~scrapy_boiler.training.semtext.fit`.
"""

from __future__ import annotations

import argparse

from scrapy_boiler.extractors.semtext.words import FIELDS
from scrapy_boiler.training.common import DATA_DIR_HELP, add_out_arguments

SUMMARY = "SemText (Zhang & Wang): SCS blocks, word strings, depthwise CNN + Bi-LSTM + CRF"
DEFAULT_DATA = ("dragnet:train", "l3s-gn1:train")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``scrapy boiler-train semtext``."""
    parser.add_argument("--data", "-d", action="append", default=[], metavar="SPEC",
                        help=f"training corpus spec, repeatable; a spec given N times is oversampled N times "
                             f"(default: {' + '.join(DEFAULT_DATA)})")
    parser.add_argument("--finetune", default=None, metavar="SPEC",
                        help="fine-tune on this spec afterwards (e.g. cleaneval-dev:train)")
    parser.add_argument("--init", default=None, metavar="PREFIX",
                        help="start from this trained SemText (PREFIX.pt and PREFIX.json: its weights, vocabulary and "
                             "settings) and train it further on --data, as Zhang & Wang's SemText-1 adds type-2 pages; "
                             "--embed-dim, --hidden, --fields, --vocab-size, --buckets and --pretrain-* are then "
                             "its own")
    parser.add_argument("--data-dir", default=None, metavar="DIR", help=DATA_DIR_HELP)
    parser.add_argument("--limit", type=int, default=None, help="only the first N pages of each spec")
    parser.add_argument("--epochs", type=int, default=6, help="epochs of the main run (default %(default)s)")
    parser.add_argument("--finetune-epochs", type=int, default=4,
                        help="epochs of the --finetune run (default %(default)s)")
    parser.add_argument("--batch-size", type=int, default=16, help="windows of <= 85 blocks per batch")
    parser.add_argument("--lr", type=float, default=2e-3, help="Adam learning rate (default %(default)s)")
    parser.add_argument("--finetune-lr", type=float, default=5e-4,
                        help="Adam learning rate of the --finetune run (default %(default)s)")
    parser.add_argument("--embed-dim", type=int, default=64,
                        help="word and subword embedding size (default %(default)s; paper: 300)")
    parser.add_argument("--hidden", type=int, default=128, help="Bi-LSTM units per direction (paper: 512)")
    parser.add_argument("--fields", default=",".join(FIELDS), metavar="FIELD[,FIELD...]",
                        help="word strings used, comma separated: tags,classes,text (ablation: text; tags,text...)")
    parser.add_argument("--vocab-size", type=int, default=20000,
                        help="most frequent training words given their own vector (default %(default)s)")
    parser.add_argument("--buckets", type=int, default=30000, help="hashed character n-gram buckets")
    parser.add_argument("--pretrain-epochs", type=int, default=0,
                        help="skip-gram pre-training epochs of the subword embeddings on the training pages (0 = off)")
    parser.add_argument("--pretrain-window", type=int, default=5, help="skip-gram context window (max words each side)")
    parser.add_argument("--pretrain-fields", default="text", metavar="FIELD[,FIELD...]",
                        help="word strings the skip-gram reads, comma separated (e.g. text or tags,classes,text)")
    parser.add_argument("--name-scramble", type=float, default=0.0, metavar="P",
                        help="show each class/id word (and custom element name) of a training window as a made-up "
                             "word with probability P, the same one throughout the window, so that the network learns "
                             "to read sites whose names it never saw (0 = off, the default)")
    parser.add_argument("--seed", type=int, default=42, help="random seed of the split and the training, recorded "
                        "in the model card")
    parser.add_argument("--device", default="auto", help="auto, cpu or cuda (cuda falls back to cpu if absent)")
    parser.add_argument("--threads", type=int, default=1, help="torch CPU threads")
    add_out_arguments(parser, "semtext", "output prefix: writes OUT.pt, OUT.json, the card OUT.md and OUT.run.json")
    parser.add_argument("--work-dir", default=None, metavar="DIR",
                        help="checkpoints/history/curves (default: OUT.work)")
    parser.add_argument("--cache", default=".cache/boiler-train", metavar="DIR",
                        help="prepared-example cache folder ('' = off)")
    parser.add_argument("--resume", action="store_true", help="continue from the checkpoints in --work-dir")
    parser.add_argument("--max-batches", type=int, default=None, help="cap batches per epoch (quick runs)")
    parser.add_argument("--quiet", "-q", "--no-progress", dest="no_progress", action="store_true",
                        help="no progress lines")
