"""SemText-1 on threads, leave-platform-out: fine-tune on some platforms' threads, score on the others.

Zhang and Wang's "Boilerplate Detection via Semantic Classification of TextBlocks", Table II, adds type-2 pages to
the training data (SemText-1). Here the shipped ``semtext`` is fine-tuned on thread pages and put behind ``auto`` in
place of the ``posts`` rules, and behind ``semtext`` itself for the pages typed threads. No platform may be on both
sides: the sites of the ``--data`` specs (``Page.site``: the forum host on ``webforum-train``, the forum software or
site on ``threads-train``; the URL host when a page has none), sorted, are dealt round-robin into ``k`` folds. For
each fold the shipped model is fine-tuned on the threads of the other folds (a seeded 75/25 split of them picks the
best epoch), and the fold's threads are run through the public pipeline (:func:`scrapy_boiler.api.extract`) four
times:

- ``auto``: the router as shipped (articles to ``blend``, threads to the ``posts`` rules);
- ``auto+semtext-1``: the same router with the fold's fine-tuned SemText as its type-2 model;
- ``semtext (articles)``: the shipped SemText's article weights on every page (``semtext`` until it had SemText-1);
- ``semtext``: ``semtext`` as shipped, with the fold's fine-tuned SemText in place of the shipped SemText-1 (which
  saw every platform) on the pages typed threads.

All are scored block-level, text-level and post-level; the scores are pooled over the folds, per dataset and
over all of them.

``python -m scrapy_boiler.evaluation.forum_folds [--data SPEC ...] [--folds 4] [--epochs 5] [--json FILE]``
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import torch

from scrapy_boiler.api import extract
from scrapy_boiler.datasets.corpora import Page, load
from scrapy_boiler.datasets.labels import label_page
from scrapy_boiler.evaluation.post_scores import PostCounts, document_output
from scrapy_boiler.evaluation.report import table
from scrapy_boiler.evaluation.scores import ModelScores
from scrapy_boiler.extractors import registry
from scrapy_boiler.extractors.base import Extractor
from scrapy_boiler.extractors.device import pick_device
from scrapy_boiler.extractors.router import ARTICLE_MODEL, CommentsApart, PageTypeRouter
from scrapy_boiler.extractors.semtext.extractor import SemTextExtractor, default_model_prefix
from scrapy_boiler.extractors.semtext.model import SemTextModel
from scrapy_boiler.training.data import ExampleCache, seeded_split
from scrapy_boiler.training.loop import FitConfig, fit, seed_everything
from scrapy_boiler.training.semtext.fit import CACHE_VERSION, SemTextTask, prepare

#: Temporary registry names of ``auto`` with the fold's SemText-1 as type-2 model, of SemText's article weights alone,
#: and of ``semtext`` with the fold's SemText-1 on pages typed threads.
FOLD_AUTO = "auto+semtext-1-fold"
ARTICLE_SEMTEXT = "semtext-articles-fold"
FOLD_SEMTEXT = "semtext-fold"
DEFAULT_DATA = ("webforum-train", "threads-train")
#: The ways each held-out thread is run: variant name → model name passed to ``extract``.
VARIANTS = {"auto": registry.AUTO_MODEL, "auto+semtext-1": FOLD_AUTO, "semtext (articles)": ARTICLE_SEMTEXT,
            "semtext": FOLD_SEMTEXT}
ALL = "all"

Key = tuple[str, str]  #: (dataset, page id)


def site_of(page: Page) -> str:
    """The platform a page is held out by: ``Page.site``, else its URL host."""
    return page.site or urlparse(page.url or "").hostname or ""


def site_folds(sites: dict[Key, str], k: int) -> dict[Key, int]:
    """Page key → fold, dealing the sorted sites round-robin into ``k`` folds (a site is in one fold only)."""
    fold_of_site = {site: i % k for i, site in enumerate(sorted(set(sites.values())))}
    return {key: fold_of_site[site] for key, site in sites.items()}


def fold_router(tuned: SemTextModel) -> Callable[[str], Extractor]:
    """Factory of ``auto`` with ``tuned`` as its type-2 model (articles still go to ``blend``)."""

    def build(device: str) -> Extractor:
        type2 = SemTextExtractor(tuned, device)
        return PageTypeRouter(article=registry.resolve(ARTICLE_MODEL, device), type2=lambda: type2)

    return build


def fold_semtext(tuned: SemTextModel | None) -> Callable[[str], Extractor]:
    """Factory of ``semtext`` with ``tuned`` on the pages typed threads (None: the article weights everywhere)."""

    def build(device: str) -> Extractor:
        articles = SemTextExtractor(SemTextModel.load(default_model_prefix()), device)
        if tuned is None:
            return CommentsApart(articles)
        return CommentsApart(articles, threads=SemTextExtractor(tuned, device),
                             settle_with=registry.resolve(ARTICLE_MODEL, device))  # as registry's semtext

    return build


def _subset(items: list[dict[str, Any]], limit: int | None, seed: int) -> list[dict[str, Any]]:
    """At most ``limit`` of ``items``, a seeded sample kept in order (all of them when ``limit`` is None)."""
    if limit is None or len(items) <= limit:
        return items
    keep = sorted(random.Random(seed).sample(range(len(items)), limit))
    return [items[i] for i in keep]


def score_page(targets: Sequence[ModelScores], page: Page, model: str) -> None:
    """Run ``extract`` with ``model`` on one page and add it to each of ``targets`` (blocks, text, posts, type)."""
    ref = label_page(page)
    start = time.perf_counter()
    doc = extract(page.html, page.url, model=model)
    ms = (time.perf_counter() - start) * 1000
    predicted: list[bool] | None = doc.leaf_labels()
    problem = None
    if len(predicted) != len(ref.labels):  # a different tree (or a refused page): counted, not guessed
        problem = ValueError(f"{len(predicted)} blocks, reference has {len(ref.labels)}"
                             + (f" ({doc.reason})" if doc.reason else ""))
        predicted = None
    thread = document_output(page.html, page.url, doc) if page.posts is not None else None
    for scores in targets:
        if problem is not None:
            scores.fail(page.id, problem)
        scores.add_page(predicted, ref.labels, ref.leaf_words, doc.text, page.gold_text, ms, page.id)
        scores.page_types[doc.page_type] += 1
        if thread is not None:
            counts = scores.posts = scores.posts or PostCounts()
            counts.add(thread, [p.get("post_text", "") for p in page.posts or []], page.id)


def run(args: argparse.Namespace) -> dict:
    seed_everything(args.seed)
    torch.set_num_threads(args.threads)
    device = pick_device(args.device)
    specs: Sequence[str] = args.data or DEFAULT_DATA
    pages: dict[Key, Page] = {}
    examples: dict[Key, dict[str, Any]] = {}
    cache = ExampleCache(args.cache or None, CACHE_VERSION)  # the preparation of `scrapy boiler-train semtext`
    for spec in specs:
        pages |= {(p.dataset, p.id): p for p in load(spec, data_dir=args.data_dir)}
        examples |= {(ex["dataset"], ex["id"]): ex
                     for ex in cache.load_or_prepare(spec, prepare, data_dir=args.data_dir, progress=False)}
    folds = site_folds({key: site_of(page) for key, page in pages.items()}, args.folds)
    datasets = sorted({dataset for dataset, _ in pages})
    base = Path(args.base) if args.base else default_model_prefix()
    scores = {(variant, dataset): ModelScores(variant) for variant in VARIANTS for dataset in [*datasets, ALL]}
    fold_records = []
    began = time.monotonic()
    try:
        for fold in range(args.folds):
            fold_began = time.monotonic()
            held_in = _subset([examples[key] for key in sorted(examples) if folds.get(key, fold) != fold],
                              args.max_train, args.seed + fold)
            train, valid = seeded_split(held_in, args.seed)
            model = SemTextModel.load(base, device)
            task = SemTextTask(model.net, model.vocab, device, args.batch_size,
                               {"platform_fold": fold, "folds": args.folds, "data": list(specs)}, args.name_scramble)
            with tempfile.TemporaryDirectory() as work:
                result = fit(task, train, valid, FitConfig(Path(work), epochs=args.epochs, lr=args.lr, seed=args.seed,
                                                           progress=False, label=f"fold {fold}"))
                tuned = SemTextModel.load(Path(work) / "best", device)
            trained = time.monotonic() - fold_began
            registry.register(FOLD_AUTO, fold_router(tuned))
            registry.register(ARTICLE_SEMTEXT, fold_semtext(None))
            registry.register(FOLD_SEMTEXT, fold_semtext(tuned))
            test = sorted(key for key in pages if folds[key] == fold)
            for key in test:
                for variant, model_name in VARIANTS.items():
                    score_page([scores[variant, key[0]], scores[variant, ALL]], pages[key], model_name)
            fold_records.append({
                "fold": fold, "sites": sorted({site_of(pages[key]) for key in test}), "test_pages": len(test),
                "train_pages": len(train), "valid_pages": len(valid), "best_epoch": result.best_epoch,
                "best_valid_f1": round(result.best_f1, 4), "train_seconds": round(trained, 1),
                "seconds": round(time.monotonic() - fold_began, 1),
            })
            print(f"fold {fold}: trained on {len(train)}+{len(valid)} pages in {trained:.0f}s (best epoch "
                  f"{result.best_epoch}), {len(test)} test threads scored, {time.monotonic() - began:.0f}s so far",
                  file=sys.stderr, flush=True)
    finally:
        for name in (FOLD_AUTO, ARTICLE_SEMTEXT, FOLD_SEMTEXT):
            registry.unregister(name)
    summary: dict[str, Any] = {
        "data": list(specs), "folds": args.folds, "epochs": args.epochs, "max_train": args.max_train,
        "name_scramble": args.name_scramble,
        "seed": args.seed, "seconds": round(time.monotonic() - began, 1), "fold_records": fold_records,
        "results": {dataset: {variant: scores[variant, dataset].summary() for variant in VARIANTS}
                    for dataset in [*datasets, ALL]},
    }
    for dataset in [*datasets, ALL]:
        label = f"{dataset} ({args.folds}-fold by platform)" if dataset != ALL else f"all of {', '.join(specs)}"
        print(table(label, list(summary["results"][dataset].values())))
    print(f"{summary['seconds']:.0f}s")
    if args.json:
        Path(args.json).write_text(json.dumps(summary, indent=2), encoding="utf-8")
    return summary


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m scrapy_boiler.evaluation.forum_folds", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", action="append", default=None,
                        help=f"dataset spec with gold posts, repeatable (default: {' '.join(DEFAULT_DATA)})")
    parser.add_argument("--base", default=None, help="model prefix to fine-tune (default: the shipped semtext)")
    parser.add_argument("--folds", type=int, default=4)
    parser.add_argument("--epochs", type=int, default=5)
    parser.add_argument("--max-train", type=int, default=None,
                        help="fine-tune each fold on at most this many held-in pages (seeded sample)")
    parser.add_argument("--lr", type=float, default=5e-4)
    parser.add_argument("--batch-size", type=int, default=8)
    parser.add_argument("--name-scramble", type=float, default=0.0, metavar="P",
                        help="as `scrapy boiler-train semtext --name-scramble` (0 = off)")
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--device", default="auto")
    parser.add_argument("--data-dir", default=None)
    parser.add_argument("--cache", default=".cache/boiler-train")
    parser.add_argument("--json", default=None)
    run(parser.parse_args(argv))


if __name__ == "__main__":
    main()
