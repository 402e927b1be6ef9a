"""SemText-1 on web forums, k-fold by forum: fine-tune on some forums' threads, score on the others.

Zhang and Wang's "Boilerplate Detection via Semantic Classification of TextBlocks", Table II, adds type-2 pages to
the training data (SemText-1). ``webforum-train`` has 50 threads from 26 forums, so no forum may be in both training
and test: forums (URL hosts, sorted) are dealt into ``k`` folds; for each fold the shipped model is fine-tuned on
the threads of the other folds (a seeded 75/25 split of them picks the best epoch) and scored on the fold's threads,
block-level and post-level. Scores are pooled over the folds.

``python -m scrapy_boiler.evaluation.forum_folds [--folds 2] [--epochs 6] [--json FILE]``
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlparse

import torch

from scrapy_boiler.api import extract
from scrapy_boiler.datasets.corpora import load
from scrapy_boiler.datasets.labels import label_page
from scrapy_boiler.evaluation.post_scores import PostCounts, document_output
from scrapy_boiler.evaluation.report import table
from scrapy_boiler.evaluation.scores import ModelScores
from scrapy_boiler.extractors import registry
from scrapy_boiler.extractors.device import pick_device
from scrapy_boiler.extractors.semtext.extractor import SemTextExtractor, default_model_prefix
from scrapy_boiler.extractors.semtext.model import SemTextModel
from scrapy_boiler.training.data import ExampleCache, seeded_split
from scrapy_boiler.training.loop import FitConfig, fit, seed_everything
from scrapy_boiler.training.semtext.fit import CACHE_VERSION, SemTextTask, prepare

FOLD_MODEL = "semtext-fold"
SPEC = "webforum-train"


def forum_folds(urls: dict[str, str], k: int) -> dict[str, int]:
    """Page id → fold, dealing the sorted forum hosts round-robin into ``k`` folds."""
    hosts = sorted({urlparse(url).hostname or "" for url in urls.values()})
    fold_of_host = {host: i % k for i, host in enumerate(hosts)}
    return {page_id: fold_of_host[urlparse(url).hostname or ""] for page_id, url in urls.items()}


def run(args: argparse.Namespace) -> dict:
    seed_everything(args.seed)
    torch.set_num_threads(args.threads)
    device = pick_device(args.device)
    pages = {p.id: p for p in load(SPEC, data_dir=args.data_dir)}
    examples = {ex["id"]: ex for ex in ExampleCache(args.cache or None, CACHE_VERSION).load_or_prepare(
        SPEC, prepare, data_dir=args.data_dir, progress=False)}
    folds = forum_folds({pid: p.url or "" for pid, p in pages.items()}, args.folds)
    base = Path(args.base) if args.base else default_model_prefix()
    scores = ModelScores(f"semtext-1 ({args.folds}-fold by forum)")
    scores.posts = PostCounts()
    began = time.monotonic()
    for fold in range(args.folds):
        held_in = [examples[i] for i in sorted(examples) if folds[i] != fold]
        train, valid = seeded_split(held_in, args.seed)
        model = SemTextModel.load(base, device)
        task = SemTextTask(model.net, model.vocab, device, args.batch_size, {"forum_fold": fold})
        with tempfile.TemporaryDirectory() as work:
            fit(task, train, valid, FitConfig(Path(work), epochs=args.epochs, lr=args.lr, seed=args.seed,
                                              progress=False, label=f"fold {fold}"))
            tuned = SemTextModel.load(Path(work) / "best", device)
        registry.register(FOLD_MODEL, lambda device, m=tuned: SemTextExtractor(m, device))
        for page_id in sorted(i for i in pages if folds[i] == fold):
            page = pages[page_id]
            ref = label_page(page)
            start = time.perf_counter()
            doc = extract(page.html, page.url, model=FOLD_MODEL)
            ms = (time.perf_counter() - start) * 1000
            predicted = doc.leaf_labels()
            scores.add_page(predicted if len(predicted) == len(ref.labels) else None, ref.labels, ref.leaf_words,
                            doc.text, page.gold_text, ms)
            scores.posts.add(document_output(page.html, page.url, doc), [p.get("post_text", "") for p in page.posts],
                             page.id)
        print(f"fold {fold}: {sum(1 for f in folds.values() if f == fold)} test threads done", file=sys.stderr)
    summary = scores.summary() | {"seconds": round(time.monotonic() - began, 1), "folds": args.folds}
    print(table(SPEC, [summary]))
    if args.json:
        Path(args.json).write_text(json.dumps(summary, indent=2), encoding="utf-8")
    return summary


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m scrapy_boiler.evaluation.forum_folds", description=__doc__)
    parser.add_argument("--base", default=None, help="model prefix to fine-tune (default: the shipped semtext)")
    parser.add_argument("--folds", type=int, default=2)
    parser.add_argument("--epochs", type=int, default=6)
    parser.add_argument("--lr", type=float, default=5e-4)
    parser.add_argument("--batch-size", type=int, default=8)
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--device", default="auto")
    parser.add_argument("--data-dir", default=None)
    parser.add_argument("--cache", default=".cache/boiler-train")
    parser.add_argument("--json", default=None)
    run(parser.parse_args(argv))


if __name__ == "__main__":
    main()
