"""``scrapy boiler-train tree``: Kohlschütter et al. §4.3's decision tree learnt on labelled blocks, saved as rules
(the options are in :mod:`~scrapy_boiler.training.tree.options`).

The paper fitted Weka's J48 on the features of the previous, current and next block of GoogleNews
(L3S-GN1) pages. Here :mod:`~scrapy_boiler.training.tree.c45` does the same on every feature of
:mod:`scrapy_boiler.segment.features`. With ``--valid`` the depth, minimum leaf size and instance
weighting are chosen on the validation pages by word-weighted F1 of the content class; the chosen
tree is written as a rules file (:mod:`scrapy_boiler.extractors.learned_tree.rules`) plus a model card
(same name, ``.md``) and the run's record (``.json``).
"""

from __future__ import annotations

import argparse
import shlex
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from itertools import product
from pathlib import Path

from scrapy_boiler.datasets.labels import LabelledPage
from scrapy_boiler.extractors.learned_tree.rules import TreeNode, decide, dumps
from scrapy_boiler.metrics import Confusion
from scrapy_boiler.training.card import Card, write_card
from scrapy_boiler.training.common import check_out, wrote
from scrapy_boiler.training.data import labelled_pages
from scrapy_boiler.training.tree.block_table import BlockTable
from scrapy_boiler.training.tree.c45 import C45Learner, TreeParams, prune, to_tree, truncate
from scrapy_boiler.training.tree.options import (
    DEFAULT_DEPTH,
    DEFAULT_MIN_LEAF,
    DEFAULT_WEIGHT,
    GRID_DEPTHS,
    GRID_MIN_LEAF,
    GRID_WEIGHTS,
    select_features,
)
from scrapy_boiler.training.wording import counted


@dataclass
class Candidate:
    depth: int
    min_leaf: int
    weight: str
    tree: TreeNode
    valid: Confusion | None = None


def predict(tree: TreeNode, table: BlockTable) -> list[bool]:
    index = {name: i for i, name in enumerate(table.feature_names)}
    columns = table.columns
    out = []
    for row in range(len(table)):
        leaf, _ = decide(tree, lambda name, row=row: columns[index[name]][row])
        out.append(leaf.content)
    return out


def word_confusion(tree: TreeNode, table: BlockTable) -> Confusion:
    """Word-weighted confusion on the DOM leaves: a block's content words count as hits when it is kept."""
    confusion = Confusion()
    for kept, content, boilerplate in zip(predict(tree, table), table.content_words, table.boilerplate_words,
                                          strict=True):
        if kept:
            confusion.tp += content
            confusion.fp += boilerplate
        else:
            confusion.fn += content
            confusion.tn += boilerplate
    return confusion


def fit_candidates(train: BlockTable, depths: tuple[int, ...], min_leaves: tuple[int, ...],
                   weights: tuple[str, ...], confidence: float, log: bool) -> list[Candidate]:
    """Every (depth, min leaf, weight) tree; each (min leaf, weight) is grown once and cut at each depth."""
    out = []
    for weight, min_leaf in product(weights, min_leaves):
        start = time.perf_counter()
        params = TreeParams(max_depth=max(depths), min_leaf=min_leaf, confidence=confidence)
        grown = C45Learner(train.columns, train.labels, train.weights(weight), params).fit()
        for depth in depths:
            node = truncate(grown, depth)
            if confidence > 0:
                prune(node, confidence)
            out.append(Candidate(depth, min_leaf, weight, to_tree(node, train.feature_names)))
        if log:
            print(f"  grown weight={weight} min_leaf={min_leaf} depth<={max(depths)} in "
                  f"{time.perf_counter() - start:.1f}s", file=sys.stderr, flush=True)
    return out


def _scores(confusion: Confusion) -> dict[str, float]:
    return {"precision": round(confusion.precision, 4), "recall": round(confusion.recall, 4),
            "f1": round(confusion.f1, 4)}


def run_record(best: Candidate, candidates: list[Candidate], train: BlockTable, valid: BlockTable | None,
               args: argparse.Namespace, seconds: float, train_score: Confusion) -> dict[str, object]:
    """The run in machine-readable form (``OUT.json`` beside the rules), as the neural trainers write theirs."""
    return {
        "kind": "tree",
        "data": list(args.data),
        "valid": list(args.valid),
        "train_pages": train.pages,
        "train_blocks": len(train),
        "valid_pages": valid.pages if valid is not None else 0,
        "valid_blocks": len(valid) if valid is not None else 0,
        "chosen": {"max_depth": best.depth, "min_leaf": best.min_leaf, "weight": best.weight,
                   "confidence": args.confidence, "leaves": best.tree.leaves(), "depth": best.tree.depth()},
        "features": list(train.feature_names),
        "scores": {"train": _scores(train_score), **({"valid": _scores(best.valid)} if best.valid else {})},
        "candidates": [
            {"weight": c.weight, "min_leaf": c.min_leaf, "max_depth": c.depth, "leaves": c.tree.leaves(),
             **({"valid_f1": round(c.valid.f1, 4)} if c.valid else {})}
            for c in candidates
        ],
        "seconds": round(seconds, 1),
        "seed": args.seed,
        "command": "scrapy boiler-train " + shlex.join(_command(args)),
    }


def _command(args: argparse.Namespace) -> list[str]:
    return getattr(args, "argv", None) or ["tree", *(f"--data={d}" for d in args.data),
                                           *(f"--valid={v}" for v in args.valid), f"--out={args.out}"]


def model_card(out: Path, best: Candidate, candidates: list[Candidate], train: BlockTable, valid: BlockTable | None,
               args: argparse.Namespace, seconds: float, train_score: Confusion) -> Card:
    """The tree's card: the shared frame (:mod:`scrapy_boiler.training.card`) with the tree and its selection."""
    tree = best.tree
    summary = ("A C4.5-style tree (gain ratio, pessimistic pruning) over the shallow features of the previous, "
               "current and next Boilerpipe block, as Kohlschütter et al. §4.3 learnt it; rules in "
               f"[`{out.name}`]({out.name})" + (", the registered name `learned-tree`." if out.stem == "learned-tree"
                                                 else "."))
    data = [f"training: {', '.join(args.data)} — {counted(train.pages, 'page')}, {counted(len(train), 'block')}, "
            f"{counted(sum(train.labels), 'content block')} ({sum(train.labels) / max(len(train), 1):.1%}), "
            f"{counted(sum(train.words), 'word')}"]
    if valid is not None:
        data.append(f"validation (model selection only): {', '.join(args.valid)} — {counted(valid.pages, 'page')}, "
                    f"{counted(len(valid), 'block')}")
    data.append("gold: per-DOM-leaf labels of `scrapy_boiler.datasets.labels`; a block is content when more than "
                "half of its words are content.")
    model = [
        f"- max depth {best.depth}, min leaf {best.min_leaf} blocks, instance weight `{best.weight}`, "
        f"pruning confidence {args.confidence}, {counted(len(train.feature_names), 'candidate feature')}"
        + (f" (`--features {args.features}`)" if args.features else ""),
        f"- {counted(tree.leaves(), 'leaf')}, depth {tree.depth()}, features used: "
        f"{', '.join(sorted(tree.features_used())) or 'none'}",
        f"- {counted(len(candidates), 'candidate tree')}; seed {args.seed} (the learner is deterministic)",
        "- figures: word-weighted precision, recall and F1 of the content class on the DOM leaves",
    ]
    sections: list[tuple[str, list[str]]] = [("Model", model)]
    if len(candidates) > 1 and valid is not None:
        table = ["| weight | min leaf | depth | leaves | F1 |", "|---|---:|---:|---:|---:|"]
        for c in sorted(candidates, key=lambda c: -c.valid.f1 if c.valid else 0)[:15]:
            f1 = c.valid.f1 if c.valid else 0.0
            table.append(f"| {c.weight} | {c.min_leaf} | {c.depth} | {c.tree.leaves()} | {f1:.4f} |")
        table.append(f"\n({len(candidates)} combinations tried; best 15 shown.)")
        sections.append(("Model selection (validation F1)", table))
    figures = [("training", _scores(train_score)), *([("validation", _scores(best.valid))] if best.valid else [])]
    record = run_record(best, candidates, train, valid, args, seconds, train_score)
    return Card("tree", [out], summary, "scrapy boiler-train " + shlex.join(_command(args)), data, figures,
                seconds, sections, record)


def _labelled(specs: list[str], args: argparse.Namespace) -> Iterator[LabelledPage]:
    return labelled_pages(specs, data_dir=args.data_dir, limit=args.limit, progress=not args.quiet)


def run(args: argparse.Namespace) -> None:
    """Fit the tree (choosing its settings on ``--valid``), write the rules, the model card and the run record."""
    if not args.data:
        raise ValueError("give at least one --data SPEC")
    out = Path(args.out)
    check_out(args, [out])
    start = time.perf_counter()
    log = not args.quiet
    features = select_features(args.features)
    train = BlockTable.from_pages(_labelled(args.data, args)).select(features)
    valid = BlockTable.from_pages(_labelled(args.valid, args)) if args.valid else None
    if not len(train):
        raise ValueError(f"no annotated page with text in {', '.join(args.data)}")
    if valid is not None and not len(valid):
        raise ValueError(f"no annotated page with text in --valid {', '.join(args.valid)}")
    tuning = valid is not None and len(valid) > 0
    depths = args.max_depth or (GRID_DEPTHS if tuning else (DEFAULT_DEPTH,))
    min_leaves = args.min_leaf or (GRID_MIN_LEAF if tuning else (DEFAULT_MIN_LEAF,))
    weights = args.weight or (GRID_WEIGHTS if tuning else (DEFAULT_WEIGHT,))
    if log:
        print(f"  {counted(len(train), 'training block')} from {counted(train.pages, 'page')}"
              + (f", {counted(len(valid), 'validation block')}" if valid else ""), file=sys.stderr, flush=True)
    candidates = fit_candidates(train, depths, min_leaves, weights, args.confidence, log)
    if tuning:
        assert valid is not None
        for candidate in candidates:
            candidate.valid = word_confusion(candidate.tree, valid)
        # best F1; among near-equal ones (within 0.001) the smallest tree, since the rules are meant to be read
        top = max(c.valid.f1 for c in candidates if c.valid)
        best = min((c for c in candidates if c.valid and c.valid.f1 >= top - 0.001),
                   key=lambda c: (c.tree.leaves(), -c.valid.f1 if c.valid else 0))
    elif len(candidates) > 1:
        raise ValueError("several --max-depth/--min-leaf/--weight values need --valid data to choose between them")
    else:
        best = candidates[0]
    seconds = time.perf_counter() - start
    train_score = word_confusion(best.tree, train)
    out.parent.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    comments = [
        f"scrapy-boiler decision tree, trained {stamp} on {', '.join(args.data)}",
        f"max depth {best.depth}, min leaf {best.min_leaf}, weight {best.weight}, confidence {args.confidence}",
        "features: prev_/curr_/next_ + a field of scrapy_boiler.segment.features.BlockFeatures",
        "leaf: label (p = content share of the training weight in the leaf, n = training blocks)",
    ]
    text = dumps(best.tree, comments)
    out.write_text(text, encoding="utf-8")
    card, record = write_card(model_card(out, best, candidates, train, valid, args, seconds, train_score), args)
    print(text, end="")
    details = f"{counted(best.tree.leaves(), 'leaf')}, depth {best.tree.depth()}"
    if best.valid is not None:
        details += f", validation word F1 {best.valid.f1:.4f}"
    print(wrote("tree", [out], card, record, f"{details}, {seconds:.1f} s"), file=sys.stderr)
    warning = degenerate_warning(best, train, train_score)
    if warning:
        print(f"boiler-train: warning: {warning}", file=sys.stderr)


def degenerate_warning(best: Candidate, train: BlockTable, train_score: Confusion) -> str | None:
    """Why the chosen tree is useless, when it is: a single leaf (every block labelled alike) or no content kept
    (training F1 0), typically because the training blocks are too few for ``--min-leaf``; else None."""
    tree = best.tree
    if tree.leaves() > 1 and train_score.f1 > 0:
        return None
    shape = "a single leaf" if tree.is_leaf else counted(tree.leaves(), "leaf")
    if not tree.keeps_any():
        does = "labels every block boilerplate, so extraction with it finds nothing"
    elif tree.is_leaf:
        does = "labels every block content, so extraction with it keeps whole pages"
    else:
        does = "keeps no content word"
    suggestion = max(2, min(best.min_leaf // 4, len(train) // 20))
    return (f"the tree is {shape} and {does} (training word F1 {train_score.f1:.3f}): "
            f"{counted(len(train), 'training block')} from {counted(train.pages, 'page')} are too few for "
            f"--min-leaf {best.min_leaf}. Train on more pages, or try --min-leaf {suggestion}")
