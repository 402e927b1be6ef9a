"""``auto`` on publishers its article model never saw, over every fundus-train page: cross-validation by publisher.

``python -m scrapy_boiler.evaluation.crossval [--compare trafilatura,readability-lxml] [--work DIR]``

fundus-train:valid holds 34 pages of 22 publishers, so one page moves its F1 by up to 0.03 and retraining with
another seed moves it by 0.01. For each fold K (4: each quarter of the publishers once, fold 0 being the ``valid``
split), this trains ``blend`` as ``scrapy boiler-train blend`` does by default but with ``fundus-train:train@K`` in
place of ``fundus-train:train`` (:mod:`scrapy_boiler.datasets.corpora`), then runs ``scrapy boiler-eval -m auto`` on
``fundus-train:valid@K`` with that file (``$BOILER_MODELS_DIR``) and the baselines beside it. The folds together
cover all 123 pages once; the pooled line is the text-level F1 of the per-page means over all of them, as
``boiler-eval`` computes it for one dataset. The shipped ``blend.json`` was trained with fold 0 held out, so it is
scored on fold 0 too.

Each step is the command a user runs, in its own process (a model file is read once per process). A fold's model
is reused when the same training command already wrote it in ``--work``; ``--retrain`` trains it again (after a
change to the code, which the command does not show). Training needs the ``[train]`` extra (LightGBM); about 5
minutes per fold on one core.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from scrapy_boiler.datasets.corpora import DATA_DIR_ENV, fold_count
from scrapy_boiler.metrics import f1_of
from scrapy_boiler.training.blend.options import DEFAULT_DATA

#: The corpus whose publishers are folded; the others keep their fixed training splits in every fold.
FOLDED_DATA = "fundus-train"
MODEL_FILE = "blend.json"
#: A page counts as won or lost against the first baseline when the F1s differ by more than this; the lost pages
#: are listed, the furthest behind first, up to SHOWN_BEHIND.
PAGE_MARGIN = 0.05
SHOWN_BEHIND = 10


def fold_data(fold: int, data: Sequence[str] = DEFAULT_DATA) -> list[str]:
    """The training specs of fold ``fold``: ``fundus-train:train`` becomes ``fundus-train:train@K``."""
    return [f"{spec}@{fold}" if spec == f"{FOLDED_DATA}:train" else spec for spec in data]


def train_command(fold: int, folder: Path, seed: int, cache: Path, options: Sequence[str] = ()) -> list[str]:
    """``scrapy boiler-train blend`` writing fold ``fold``'s model into ``folder``; ``options`` are more of its
    options (``--min-leaf=20``), the same for every fold."""
    command = [sys.executable, "-m", "scrapy", "boiler-train", "blend", "--quiet", "--seed", str(seed),
               "--cache", str(cache), "--out", str(folder / MODEL_FILE)]
    for spec in fold_data(fold):
        command += ["--data", spec]
    return command + list(options)


def eval_command(fold: int, out: Path, compare: Sequence[str]) -> list[str]:
    """``scrapy boiler-eval -m auto`` on the pages of fold ``fold``, figures written to ``out``."""
    command = [sys.executable, "-m", "scrapy", "boiler-eval", "-m", "auto", "-d", f"{FOLDED_DATA}:valid@{fold}",
               "--json", str(out), "-q"]
    return command + (["--compare", ",".join(compare)] if compare else [])


def fold_scores(figures: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Per model (``auto`` and each baseline) of one ``boiler-eval --json`` file of one dataset: pages, mean shingle
    precision and recall, F1, and each page's F1 by page id."""
    (rows,) = figures["results"].values()
    out = {}
    for row in rows:
        shingle = row["shingle"]
        out[row["model"]] = {"pages": shingle["pages"], "precision": shingle["precision_mean"],
                             "recall": shingle["recall_mean"], "f1": shingle["f1"],
                             "per_page": {page: f1_of(p, r) for page, (p, r) in shingle.get("per_page", {}).items()}}
    return out


def page_gaps(folds: Sequence[dict[str, dict[str, Any]]], model: str, baseline: str) -> list[tuple[str, float, float]]:
    """``(page id, model's F1, baseline's F1)`` of every page of ``folds``, the model's largest shortfall first."""
    rows = [(page, f1, fold[baseline]["per_page"][page]) for fold in folds
            for page, f1 in fold[model]["per_page"].items() if page in fold[baseline]["per_page"]]
    return sorted(rows, key=lambda row: (row[1] - row[2], row[0]))


def pooled(folds: Sequence[dict[str, dict[str, Any]]]) -> dict[str, dict[str, float]]:
    """Per model, the F1 of the per-page means over the pages of all ``folds`` (weighted by their page counts)."""
    out = {}
    for model in folds[0] if folds else ():
        pages = sum(fold[model]["pages"] for fold in folds)
        if not pages:
            continue
        precision = sum(fold[model]["precision"] * fold[model]["pages"] for fold in folds) / pages
        recall = sum(fold[model]["recall"] * fold[model]["pages"] for fold in folds) / pages
        out[model] = {"pages": pages, "precision": precision, "recall": recall, "f1": f1_of(precision, recall)}
    return out


def _run(command: list[str], env: dict[str, str]) -> None:
    result = subprocess.run(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if result.returncode:
        tail = "\n".join(result.stderr.strip().splitlines()[-5:])
        raise RuntimeError(f"{' '.join(command[2:])} failed (exit {result.returncode}):\n{tail}")


def cross_validate(work: Path, folds: Sequence[int], seed: int, compare: Sequence[str],
                   env: dict[str, str], retrain: bool = False, options: Sequence[str] = ()) -> dict[str, Any]:
    """Train and score every fold in ``folds`` (models and figures under ``work``), plus the shipped model on fold
    0; returns the figures per fold, pooled and shipped. A fold's model is trained again only when ``retrain`` or
    when its recorded training command (``options`` included) differs."""
    per_fold: dict[int, dict[str, dict[str, Any]]] = {}
    for fold in folds:
        folder = work / f"fold{fold}"
        folder.mkdir(parents=True, exist_ok=True)
        command = train_command(fold, folder, seed, work / "cache", options)
        recorded = folder / "command.json"
        if retrain or not ((folder / MODEL_FILE).is_file() and recorded.is_file()
                and json.loads(recorded.read_text(encoding="utf-8")) == command[1:]):
            _run(command, env)
            recorded.write_text(json.dumps(command[1:]), encoding="utf-8")
        out = folder / "eval.json"
        _run(eval_command(fold, out, compare), {**env, "BOILER_MODELS_DIR": str(folder)})
        per_fold[fold] = fold_scores(json.loads(out.read_text(encoding="utf-8")))
        print(_line(f"fold {fold}", per_fold[fold]), flush=True)
    shipped = None
    if 0 in folds:
        out = work / "shipped-fold0.json"
        _run(eval_command(0, out, ()), {key: value for key, value in env.items() if key != "BOILER_MODELS_DIR"})
        shipped = fold_scores(json.loads(out.read_text(encoding="utf-8")))["auto"]
    return {"seed": seed, "options": list(options), "folds": per_fold, "pooled": pooled(list(per_fold.values())),
            "shipped_fold0": shipped}


def _line(label: str, scores: dict[str, dict[str, Any]]) -> str:
    pages = next(iter(scores.values()))["pages"] if scores else 0
    return f"{label:<8} {pages:>5}  " + "  ".join(f"{model} {value['f1']:.4f}" for model, value in scores.items())


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m scrapy_boiler.evaluation.crossval", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--work", default=".cache/crossval", metavar="DIR",
                        help="folder for the folds' models, figures and the table cache (default %(default)s)")
    parser.add_argument("--fold", action="append", type=int, metavar="K",
                        help=f"only this fold (repeatable; default: all {fold_count(FOLDED_DATA)})")
    parser.add_argument("--seed", type=int, default=0, help="training seed of every fold (default 0)")
    parser.add_argument("--compare", default="", metavar="NAME[,NAME...]",
                        help="baselines run on the same pages: trafilatura, readability-lxml")
    parser.add_argument("--data-dir", metavar="DIR",
                        help=f"folder holding the dataset archives (default: ${DATA_DIR_ENV})")
    parser.add_argument("--json", metavar="FILE", help="also write the figures to this JSON file")
    parser.add_argument("--retrain", action="store_true",
                        help="train every fold's model again, even where the same command wrote one in --work")
    parser.add_argument("--train-option", action="append", default=[], metavar="OPTION",
                        help="an option of scrapy boiler-train blend for every fold, as one word (repeatable): "
                             "--train-option=--min-leaf=20 --train-option=--page-weight=fundus-train=3")
    args = parser.parse_args(argv)
    folds = sorted(set(args.fold)) if args.fold else list(range(fold_count(FOLDED_DATA)))
    if any(not 0 <= fold < fold_count(FOLDED_DATA) for fold in folds):
        parser.exit(2, f"{parser.prog}: folds go from 0 to {fold_count(FOLDED_DATA) - 1}\n")
    env = dict(os.environ)
    if args.data_dir:
        env[DATA_DIR_ENV] = str(Path(args.data_dir).resolve())
    compare = [name.strip() for name in args.compare.split(",") if name.strip()]
    options = f", {' '.join(args.train_option)}" if args.train_option else ""
    print(f"{'':<8} {'pages':>5}  shingle F1 (auto: blend retrained without the fold's publishers, seed {args.seed}"
          f"{options})")
    try:
        result = cross_validate(Path(args.work), folds, args.seed, compare, env, retrain=args.retrain,
                                options=args.train_option)
    except RuntimeError as exc:
        parser.exit(1, f"{parser.prog}: {exc}\n")
    print(_line("pooled", result["pooled"]))
    if result["shipped_fold0"] is not None:
        print(f"shipped blend.json on fold 0 (held out of its training): auto {result['shipped_fold0']['f1']:.4f}")
    if compare:
        gaps = page_gaps(list(result["folds"].values()), "auto", compare[0])
        ahead = sum(f1 - other > PAGE_MARGIN for _, f1, other in gaps)
        behind = [row for row in gaps if row[2] - row[1] > PAGE_MARGIN]
        print(f"pages where auto is ahead of {compare[0]} by more than {PAGE_MARGIN}: {ahead}, behind: {len(behind)}")
        for page, f1, other in behind[:SHOWN_BEHIND]:
            print(f"  {page}: auto {f1:.3f}, {compare[0]} {other:.3f}")
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=2), encoding="utf-8")


if __name__ == "__main__":
    main()
