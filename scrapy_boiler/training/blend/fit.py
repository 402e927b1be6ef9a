"""Fit the ``blend`` model: feature tables of all training pages, two LightGBM stages, written as plain data.

1. Every page of ``--data`` is segmented, its blocks labelled from the gold (a block is content when most of its
   words are) and turned into first-stage rows (:func:`scrapy_boiler.extractors.blend.features.table`), with the
   rule models' votes. Rows are weighted so each page sums to its corpus's ``--page-weight`` and, within a page,
   a block weighs by its words: the text-level score counts pages alike and words within a page. With
   ``--json-ld-dropout P``, a page whose JSON-LD declares anything the table reads (an article or a thread, an
   article body) also enters a second time as if it declared nothing, the copy weighing P of the page and the
   original 1 - P: the trees must also find the body where structured data is missing (many sites have none, and
   the modern training pages all have it, so without copies "declared an article" stands for "modern page").
2. First stage on all rows. The second stage must learn from first-stage scores like those of unseen pages, so
   its inputs are *out-of-fold* scores: ``--folds`` folds by site (fundus-train's publisher; other corpora have
   no site, so their pages are their own groups), each scored by a first stage trained on the other folds.
3. Both forests are written as arrays (:mod:`~scrapy_boiler.extractors.blend.forest`) in one JSON file with its
   run record; the model card is written next to it.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import io
import json
import sys
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np

from scrapy_boiler.extractors.blend.extractor import page_context, votes_of
from scrapy_boiler.extractors.blend.features import (
    CONTEXT,
    CONTEXT_THRESHOLD,
    context_table,
    features,
    sibling_groups,
    table,
)
from scrapy_boiler.extractors.blend.forest import Forest, feature_importance, from_lightgbm
from scrapy_boiler.extractors.model_files import FORMAT_VERSION
from scrapy_boiler.extractors.registry import blend_labellers
from scrapy_boiler.metrics import f1_of
from scrapy_boiler.segment.blocks import annotate
from scrapy_boiler.segment.regions import paragraph_weight
from scrapy_boiler.training.blend.options import DEFAULT_DATA
from scrapy_boiler.training.card import Card, write_card
from scrapy_boiler.training.common import check_out, command_line, wrote
from scrapy_boiler.training.data import labelled_pages
from scrapy_boiler.training.wording import counted

SUMMARY = ("blend: boosted trees over each Boilerpipe block's shallow features, its main-content region, class/id "
           "and JSON-LD semantics and the votes of the rule models, then a second stage over the neighbours' "
           "scores; evaluated with numpy at run time.")
#: Bump when the tables change, so cached tables are rebuilt.
TABLE_VERSION = "blend-5"
#: What :attr:`Tables.views` says of a page: it declares nothing, it declares something and has a copy, it is a copy.
UNDECLARED, DECLARED, WITHOUT_DECLARED = 0, 1, 2


@dataclass
class Tables:
    """Rows of all training pages: first-stage features, labels, weights, page and group of each row."""

    rows: np.ndarray
    labels: np.ndarray
    weights: np.ndarray  #: within a page, by words; each page sums to 1 (corpus weights are applied by ``run``)
    pages: np.ndarray  #: page number of each row (rows of a page are consecutive)
    groups: np.ndarray  #: site/page group number of each row
    siblings: list[list[tuple[int, int]]]  #: per page: each block's sibling groups (features.sibling_groups)
    specs: list[str]  #: per page
    views: list[int]  #: per page: :data:`UNDECLARED`, :data:`DECLARED` or :data:`WITHOUT_DECLARED` (its copy)


def _page_weights(text: str) -> dict[str, float]:
    out = {}
    for item in filter(None, text.split(",")):
        name, _, value = item.partition("=")
        out[name.strip()] = float(value)
    return out


def build_tables(specs: list[str], args: argparse.Namespace, votes: tuple[str, ...], copies: bool = False) -> Tables:
    """The first-stage rows of every annotated page of ``specs``, and with ``copies`` those of the pages that
    declare something in JSON-LD once more as if they did not; ValueError when there is no page."""
    labellers = blend_labellers()
    rows, labels, weights, pages, groups, siblings, page_specs, views = [], [], [], [], [], [], [], []
    group_ids: dict[str, int] = {}
    for ref in labelled_pages(specs, data_dir=args.data_dir, limit=args.limit, progress=not args.quiet):
        blocks = ref.blocks
        if not blocks or ref.parsed is None:
            continue
        annotate(blocks)
        block_weights = [paragraph_weight(b) for b in blocks]
        context = page_context(ref.parsed, blocks, block_weights)
        page_votes = {name: votes_of(labellers[name], blocks, ref.parsed.title) for name in votes}
        x = table(blocks, block_weights, context, page_votes)
        tables_of_page = [(x, UNDECLARED)]
        if copies and (context.body_pairs is not None or context.ld_is_article or context.ld_is_thread):
            bare = replace(context, body_pairs=None, ld_is_article=False, ld_is_thread=False)
            tables_of_page = [(x, DECLARED), (table(blocks, block_weights, bare, page_votes), WITHOUT_DECLARED)]
        leaf_words = ref.leaf_words
        y = []
        for block in blocks:
            span = range(block.leaf_start, block.leaf_end)
            total = sum(leaf_words[i] for i in span)
            gold = sum(leaf_words[i] for i in span if ref.labels[i])
            y.append(gold * 2 > total if total else any(ref.labels[i] for i in span))
        nw = np.array([(b.features.num_words if b.features else 0) + 2 for b in blocks], dtype=np.float64)
        spec = ref.page.dataset
        w = nw / nw.sum()
        group = f"{spec}/{ref.page.site or ref.page.id}"
        gid = group_ids.setdefault(group, len(group_ids))
        around = sibling_groups(blocks)
        for page_rows, view in tables_of_page:  # a copy shares its page's group: the same fold holds both
            siblings.append(around)
            rows.append(page_rows)
            labels.append(np.array(y, dtype=np.float32))
            weights.append(w)
            pages.append(np.full(len(blocks), len(page_specs)))
            groups.append(np.full(len(blocks), gid))
            page_specs.append(spec)
            views.append(view)
    if not rows:
        raise ValueError(f"no annotated page with text in {', '.join(specs)}")
    return Tables(np.vstack(rows), np.concatenate(labels), np.concatenate(weights), np.concatenate(pages),
                  np.concatenate(groups), siblings, page_specs, views)


def _cached_tables(specs: list[str], args: argparse.Namespace, votes: tuple[str, ...], copies: bool) -> Tables:
    key = hashlib.sha256(f"{TABLE_VERSION}|{specs}|{args.limit}|{votes}|{copies}".encode()).hexdigest()[:16]
    path = Path(args.cache) / f"{TABLE_VERSION}-{key}.npz" if args.cache else None
    if path is not None and path.is_file():
        data = np.load(path, allow_pickle=False)
        meta = json.loads(gzip.decompress(data["meta"].tobytes()))
        return Tables(data["rows"], data["labels"], data["weights"], data["pages"], data["groups"],
                      meta["groups"], meta["specs"], meta["views"])
    tables = build_tables(specs, args, votes, copies)
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        meta = np.frombuffer(gzip.compress(json.dumps({"groups": tables.siblings, "specs": tables.specs,
                                                        "views": tables.views}).encode()),
                             dtype=np.uint8)
        buffer = io.BytesIO()
        np.savez_compressed(buffer, rows=tables.rows, labels=tables.labels, weights=tables.weights,
                            pages=tables.pages, groups=tables.groups, meta=meta)
        path.write_bytes(buffer.getvalue())
    return tables


def _params(args: argparse.Namespace) -> dict[str, Any]:
    return {
        "objective": "binary", "learning_rate": args.learning_rate, "num_leaves": args.leaves,
        "max_depth": args.max_depth, "min_data_in_leaf": args.min_leaf, "min_sum_hessian_in_leaf": 1e-6,
        "feature_fraction": 0.8, "bagging_fraction": 0.8, "bagging_freq": 1, "lambda_l2": 1.0,
        "num_threads": args.threads, "seed": args.seed, "verbose": -1, "deterministic": True,
        "force_row_wise": True,
    }


def _train(lgb: Any, x: np.ndarray, y: np.ndarray, w: np.ndarray, rounds: int,
           args: argparse.Namespace) -> Forest:
    booster = lgb.train(_params(args), lgb.Dataset(x, y, weight=w, free_raw_data=True), num_boost_round=rounds)
    return from_lightgbm(booster.dump_model())


def _context_rows(tables: Tables, p: np.ndarray, threshold: float) -> np.ndarray:
    """Second-stage rows of every page (features beside the context of first-stage scores)."""
    out = []
    starts = np.flatnonzero(np.r_[True, tables.pages[1:] != tables.pages[:-1]])
    ends = np.r_[starts[1:], len(tables.pages)]
    for number, (start, end) in enumerate(zip(starts, ends, strict=True)):
        out.append(np.hstack([tables.rows[start:end],
                              context_table(tables.siblings[number], tables.rows[start:end], p[start:end],
                                            threshold)]))
    return np.vstack(out)


def weighted_scores(kept: np.ndarray, gold: np.ndarray, weights: np.ndarray) -> dict[str, float]:
    """Precision, recall and F1 of the content class, each block weighing ``weights``."""
    tp, fp, fn = (float(weights[kept & gold].sum()), float(weights[kept & ~gold].sum()),
                  float(weights[~kept & gold].sum()))
    precision = tp / (tp + fp) if tp + fp else 0.0
    recall = tp / (tp + fn) if tp + fn else 0.0
    return {"precision": precision, "recall": recall, "f1": f1_of(precision, recall)}


def check_folds(groups: int, args: argparse.Namespace) -> None:
    """ValueError when the second stage's out-of-fold scores cannot be made: every fold must leave pages of another
    site (or page) to train on."""
    if not args.context_trees:
        return
    if args.folds < 2:
        raise ValueError(f"--folds {args.folds}: the out-of-fold scores need at least 2 folds (or --context-trees 0)")
    if groups < 2:
        raise ValueError(f"the training pages form {counted(groups, 'site group')}: the out-of-fold scores of the "
                         f"second stage need at least 2, so no fold is left without training pages; give more "
                         f"pages, or --context-trees 0 for the first stage alone")


def run(args: argparse.Namespace) -> Path:
    check_out(args, [Path(args.out)])
    try:
        import lightgbm as lgb
    except ImportError as exc:
        raise ValueError("boiler-train blend needs LightGBM: pip install 'scrapy-boiler[train]'") from exc
    started = time.time()
    specs = list(args.data) or list(DEFAULT_DATA)
    votes = tuple(blend_labellers())
    names = features(votes)
    dropout = args.json_ld_dropout
    if not 0.0 <= dropout < 1.0:
        raise ValueError(f"--json-ld-dropout {dropout}: give a share from 0 (no copies) to under 1")
    tables = _cached_tables(specs, args, votes, copies=dropout > 0)
    check_folds(len(np.unique(tables.groups)), args)
    say = (lambda *a: None) if args.quiet else (lambda *a: print(*a, file=sys.stderr, flush=True))
    weights_of = _page_weights(args.page_weight)
    share = {UNDECLARED: 1.0, DECLARED: 1.0 - dropout, WITHOUT_DECLARED: dropout}
    page_weight = np.array([weights_of.get(spec, 1.0) * share[view] for spec, view in zip(tables.specs, tables.views,
                                                                                           strict=True)])
    tables.weights = tables.weights * page_weight[tables.pages]
    copied = tables.views.count(WITHOUT_DECLARED)
    own = np.array([view != WITHOUT_DECLARED for view in tables.views])[tables.pages]  # the rows of the pages as read
    say(f"blend: {counted(int(own.sum()), 'block')} of {counted(len(tables.specs) - copied, 'page')}"
        f"{f' (and {copied} copies without JSON-LD)' if copied else ''}, {int(tables.labels[own].sum()):,} content")
    threshold = args.threshold
    first = _train(lgb, tables.rows, tables.labels, tables.weights, args.trees, args)
    second = None
    figures: list[tuple[str, dict[str, float]]] = []
    if args.context_trees:
        groups = np.unique(tables.groups)
        rng = np.random.default_rng(args.seed)
        fold_of = dict(zip(rng.permutation(groups), np.arange(len(groups)) % args.folds, strict=True))
        row_fold = np.array([fold_of[g] for g in tables.groups])
        oof = np.zeros(len(tables.labels), dtype=np.float32)
        for fold in range(args.folds):
            held = row_fold == fold
            forest = _train(lgb, tables.rows[~held], tables.labels[~held], tables.weights[~held], args.trees, args)
            oof[held] = forest.probability(tables.rows[held])
            say(f"  fold {fold + 1}/{args.folds} scored")
        figures.append((f"training pages, out of fold ({args.folds} folds by site), first stage, word-weighted",
                        weighted_scores(oof >= threshold, tables.labels > 0.5, tables.weights)))
        context = _context_rows(tables, oof, CONTEXT_THRESHOLD)
        second = _train(lgb, context, tables.labels, tables.weights, args.context_trees, args)
    out = Path(args.out)
    record = {
        "format": f"scrapy-boiler/blend/{FORMAT_VERSION}",
        "features": list(names), "context": list(CONTEXT), "votes": list(votes), "threshold": threshold,
        "first": first.to_data(), "second": second.to_data() if second is not None else None,
        "training": {
            "command": command_line(args, "blend"), "data": specs, "page_weights": args.page_weight,
            "json_ld_dropout": dropout, "copies_without_json_ld": copied,
            "pages": len(tables.specs) - copied, "blocks": int(own.sum()),
            "content_blocks": int(tables.labels[own].sum()), "seed": args.seed, "params": _params(args),
            "trees": [first.trees, second.trees if second is not None else 0],
            "importance_first": feature_importance(first, names),
            "seconds": round(time.time() - started, 1),
        },
    }
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(record, separators=(",", ":")), encoding="utf-8")
    training = record["training"]
    markdown, run_record = write_card(Card("blend", [out], SUMMARY, training["command"], [
        f"training: {', '.join(specs)}: {counted(training['pages'], 'page')}, {counted(training['blocks'], 'block')} "
        f"({training['content_blocks']:,} content); page weights {args.page_weight or 'none'}"
        + (f"; {copied} copies without JSON-LD, weighing {dropout} of their page" if copied else ""),
        "gold: a block is content when most of its words are in gold-content leaves",
    ], figures, training["seconds"], [("Settings", [
        f"- first stage {first.trees} trees, second stage {second.trees if second is not None else 0}; "
        f"≤ {args.leaves} leaves, depth ≤ {args.max_depth}, ≥ {args.min_leaf} blocks per leaf, learning rate "
        f"{args.learning_rate}; threshold {threshold}; seed {args.seed}",
        f"- votes of the rule models: {', '.join(votes)}; {len(names)} first-stage features"])],
        {"data": specs, "trees": training["trees"], "params": training["params"]}), args)
    print(wrote("blend", [out], markdown, run_record, f"{out.stat().st_size // 1024} KB, "
                f"{record['training']['seconds']} s"), file=sys.stderr)
    return out
