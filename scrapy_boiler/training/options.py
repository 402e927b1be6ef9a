"""Command-line options and output files shared by the feature-model trainers (web2text, multiboilernet)."""

from __future__ import annotations

import argparse
import json
import shutil
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TypeVar

from scrapy_boiler.training.data import seeded_split

T = TypeVar("T")
DEFAULT_DATA = "cleaneval-dev:train"


def add_common_options(parser: argparse.ArgumentParser, default_out: str) -> None:
    """Data, split, device, output and resume options."""
    parser.add_argument("--data", action="append", default=[],
                        help=f"training corpus spec, repeatable (default: {DEFAULT_DATA})")
    parser.add_argument("--valid-count", type=int, default=5,
                        help="pages of --data held out for validation, drawn with --seed (default 5, the paper's)")
    parser.add_argument("--data-dir", default=None, help="folder holding the dataset archives")
    parser.add_argument("--limit", type=int, default=None, help="first N pages of each corpus")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--device", default="auto", help="auto, cpu or cuda (cuda falls back to cpu if absent)")
    parser.add_argument("--threads", type=int, default=1, help="torch CPU threads (default 1)")
    parser.add_argument("--out", default=default_out, help="model file; the run's record goes to OUT.json")
    parser.add_argument("--work-dir", default=None, help="checkpoints/history/curves (default: OUT.work)")
    parser.add_argument("--resume", action="store_true", help="continue from the checkpoint in --work-dir")
    parser.add_argument("--no-progress", action="store_true")


def data_specs(args: argparse.Namespace) -> list[str]:
    return list(args.data) or [DEFAULT_DATA]


def work_dir(args: argparse.Namespace) -> Path:
    out = Path(args.out)
    return Path(args.work_dir) if args.work_dir else out.with_name(out.name + ".work")


def hold_out(pages: Sequence[T], args: argparse.Namespace) -> tuple[list[T], list[T]]:
    """``--valid-count`` pages drawn with ``--seed`` for validation, the rest for training."""
    return seeded_split(pages, args.seed, valid_share=args.valid_count / max(1, len(pages)))


def write_outputs(best: Path, args: argparse.Namespace, record: dict[str, Any]) -> Path:
    """Copy the best weights to ``--out`` and write the run's record next to them (``OUT.json``)."""
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(best, out)
    out.with_suffix(".json").write_text(json.dumps(record, indent=1), encoding="utf-8")
    return out
