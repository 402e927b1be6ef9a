"""What every trainer shares: its common options, the neural trainers' extra options, the hold-out split,
the checks before a run (a split that leaves a side empty, an output over a shipped model) and writing the
trained file with its card and run record.

Without ``--data`` the neural feature-model trainers (Web2Text, MultiBoilerNet) train on CleanEval dev (the
papers' setting); without ``--valid`` they hold out ``--valid-count`` of its pages for validation. A spec given
N times in ``--data`` is read once, and its training pages are repeated N times after the hold-out split
(oversampling a small corpus: validation never holds a copy of a training page).

Outputs go to the current folder by default (``./web2text.pt``): a retrain must not replace a shipped model of
``models/`` by accident, so a file there is replaced only with ``--force`` (:func:`check_out`).
"""

from __future__ import annotations

import argparse
import shlex
import shutil
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

from scrapy_boiler.extractors.model_files import shipped_dirs
from scrapy_boiler.training.card import Card, card_path, record_path, write_card
from scrapy_boiler.training.data import seeded_split
from scrapy_boiler.training.wording import counted

T = TypeVar("T")
DEFAULT_DATA = "cleaneval-dev:train"
DATA_DIR_HELP = ("folder holding the dataset archives (default: $BOILER_DATA_DIR, else ./shared/datasets or "
                 "../shared/datasets)")


def add_common_arguments(parser: argparse.ArgumentParser, *, default_out: str) -> None:
    parser.add_argument("--data", "-d", action="append", default=[], metavar="SPEC",
                        help="training data: dataset name[:split] (e.g. l3s-gn1-any:train) or a folder of "
                             "name.html + name.txt pairs; repeat to combine (a spec given N times: its training pages "
                             "repeated N times)")
    parser.add_argument("--data-dir", default=None, metavar="DIR", help=DATA_DIR_HELP)
    parser.add_argument("--valid", action="append", default=[], metavar="SPEC",
                        help="validation data for model selection (never a test set)")
    add_out_arguments(parser, default_out, "model file to write")
    parser.add_argument("--seed", type=int, default=0, help="random seed, recorded in the model card")
    parser.add_argument("--limit", type=int, default=None, help="only the first N pages of each dataset")
    parser.add_argument("--quiet", "-q", action="store_true", help="no progress lines")


def add_out_arguments(parser: argparse.ArgumentParser, default_out: str, what: str) -> None:
    """``--out`` (default: a file in the current folder) and ``--force``, shared by every trainer."""
    parser.add_argument("--out", "-o", default=default_out, metavar="PATH",
                        help=f"{what} (default: %(default)s, in the current folder)")
    parser.add_argument("--force", action="store_true",
                        help="replace the files of a shipped model in the models/ folder (refused without it)")


def add_neural_options(parser: argparse.ArgumentParser, default_out: str) -> None:
    """The options of every trainer (:func:`~scrapy_boiler.training.common.add_common_arguments`) plus the
    hold-out size, device, threads, work folder and resume of the neural ones."""
    add_common_arguments(parser, default_out=default_out)
    parser.add_argument("--valid-count", type=int, default=5,
                        help="without --valid: pages of --data held out, drawn with --seed (default 5, the paper's)")
    parser.add_argument("--device", default="auto", help="auto, cpu or cuda (cuda falls back to cpu if absent)")
    parser.add_argument("--threads", type=int, default=1, help="torch CPU threads (default 1)")
    parser.add_argument("--work-dir", default=None, metavar="DIR",
                        help="checkpoints/history/curves (default: OUT.work)")
    parser.add_argument("--resume", action="store_true", help="continue from the checkpoint in --work-dir")


def data_specs(args: argparse.Namespace) -> list[str]:
    return list(args.data) or [DEFAULT_DATA]


def unique_specs(specs: Sequence[str]) -> list[str]:
    """``specs`` without repeats, in order: each corpus is read once (see :func:`oversample`)."""
    return list(dict.fromkeys(specs))


def load_specs(specs: Sequence[str], load: Callable[[list[str]], list[T]]) -> tuple[list[T], Callable[[T], str]]:
    """The items of each distinct spec (``load([spec])``) pooled in order, and a function naming an item's spec."""
    origin: dict[int, str] = {}
    items: list[T] = []
    for spec in unique_specs(specs):
        loaded = load([spec])
        origin.update((id(item), spec) for item in loaded)
        items.extend(loaded)
    return items, lambda item: origin[id(item)]


def oversample(train: Sequence[T], specs: Sequence[str], spec_of: Callable[[T], str]) -> list[T]:
    """The training items, each repeated as often as its spec (``spec_of(item)``) is given in ``specs``."""
    times = Counter(specs)
    return [item for item in train for _ in range(times.get(spec_of(item), 1))]


def work_dir(args: argparse.Namespace) -> Path:
    out = Path(args.out)
    return Path(args.work_dir) if args.work_dir else out.with_name(out.name + ".work")


def hold_out(pages: Sequence[T], args: argparse.Namespace) -> tuple[list[T], list[T]]:
    """``--valid-count`` pages drawn with ``--seed`` for validation, the rest for training; ValueError when a side
    would be empty (a run on no page, or a model chosen on none, is useless)."""
    specs = ", ".join(data_specs(args))
    if not pages:
        raise ValueError(f"no annotated page with text in {specs}")
    train, valid = seeded_split(pages, args.seed, valid_share=args.valid_count / max(1, len(pages)))
    if not train:
        raise ValueError(f"{specs} holds {counted(len(pages), 'page')} and --valid-count {args.valid_count} holds "
                         f"them all out for validation: no training page is left; give more pages, a smaller "
                         f"--valid-count, or validation pages with --valid SPEC")
    if not valid:
        raise ValueError(f"--valid-count {args.valid_count} holds out no validation page, and the best weights are "
                         f"chosen on them; give --valid-count 1 or more, or --valid SPEC")
    return train, valid


def check_pages(train: Sequence[Any], valid: Sequence[Any], args: argparse.Namespace) -> None:
    """ValueError unless both the training and the ``--valid`` pages are there (``--valid`` given)."""
    if not train:
        raise ValueError(f"no annotated page with text in {', '.join(data_specs(args))}")
    if not valid:
        raise ValueError(f"no annotated page with text in --valid {', '.join(args.valid)}")


def outputs(files: Sequence[Path]) -> list[Path]:
    """Every file a run writes: its model files (``files[0]`` named by users), the card and the run record."""
    files = [Path(f) for f in files]
    return [*files, card_path(files[0]), record_path(files[0], files)]


def check_neural_run(args: argparse.Namespace, files: Sequence[Path]) -> None:
    """The checks of :func:`check_out`, and of a hold-out size that leaves no validation page, made before the
    pages are read (which can take minutes)."""
    check_out(args, files)
    if not args.valid and args.valid_count < 1:
        raise ValueError(f"--valid-count {args.valid_count} holds out no validation page, and the best weights are "
                         f"chosen on them; give --valid-count 1 or more, or --valid SPEC")


def check_out(args: argparse.Namespace, files: Sequence[Path]) -> None:
    """ValueError before any work when the run would replace files of a shipped model and ``--force`` is not given.

    ``files``: the model files the run writes (their card and run record are added).
    """
    if getattr(args, "force", False):
        return
    shipped = {folder.resolve() for folder in shipped_dirs()}
    taken = [path for path in outputs(files) if path.exists() and path.resolve().parent in shipped]
    if taken:
        names = ", ".join(path.name for path in taken[:-1]) + (" and " if len(taken) > 1 else "") + taken[-1].name
        raise ValueError(f"--out {args.out} would replace {names} of a shipped model (in {taken[0].resolve().parent}); "
                         f"pass --force to replace them, or give --out a path elsewhere")


def command_line(args: argparse.Namespace, kind: str) -> str:
    """The ``scrapy boiler-train KIND ...`` line of this run, for the model card."""
    argv = getattr(args, "argv", None) or sys.argv
    options = argv[argv.index(kind) + 1:] if kind in argv else argv[1:]
    return f"scrapy boiler-train {kind} " + " ".join(shlex.quote(a) for a in options)


def write_outputs(best: Path, args: argparse.Namespace, card: Card) -> tuple[Path, Path, Path]:
    """Copy the best weights to ``--out`` and write the model card and run record next to them; the three paths."""
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(best, out)
    markdown, record = write_card(card, args)
    return out, markdown, record


def wrote(kind: str, files: Sequence[Path], markdown: Path, record: Path, details: str) -> str:
    """The last line of a run: the files it wrote, which of them users name, and how the run went."""
    model = " and ".join(str(f) for f in files)
    return f"{kind}: wrote {model} (the model), {markdown} (its card) and {record} (the run record); {details}"


def best_figures(result: Any, when: str | None = None) -> list[tuple[str, dict[str, float]]]:
    """The kept epoch's training loss and validation scores, for a card (``result``: a ``FitResult``; ``when``:
    how to name that point, default ``epoch N``)."""
    if not result.best_epoch:
        return []
    epoch = result.history[result.best_epoch - 1]
    when = when or f"epoch {result.best_epoch}"
    return [(f"training (mean loss, {when})", {"loss": epoch.loss}),
            (f"validation ({when}, the weights kept)", dict(epoch.scores))]
