"""Training of Wu & Chang's MultiBoilerNet (§IV.A); ``scrapy boiler-train multiboilernet`` runs it.

One page per step (all its blocks in one batch), Adam (learning rate 1e-3), 20 epochs, the multi-task
loss with α = 0.5 (``--alpha 0`` trains without the auxiliary task, for the paper's Fig. 3), and the
checkpoint with the best validation macro F1 (mean of the noise and content F1 per page) is kept, by
the shared loop :func:`~scrapy_boiler.training.loop.fit` (resumable, with curves in the work folder).
The tag vocabulary and the depth standardisation are fitted on the training pages.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

import torch

from scrapy_boiler.datasets.labels import LabelledPage
from scrapy_boiler.extractors.device import pick_device
from scrapy_boiler.extractors.model_files import save_model
from scrapy_boiler.extractors.multiboilernet.extractor import MultiBoilerNetModel, load_multiboilernet
from scrapy_boiler.extractors.multiboilernet.network import MultiBoilerNet, PageBatch, multitask_loss
from scrapy_boiler.extractors.multiboilernet.ngrams import DEFAULT_BUCKETS
from scrapy_boiler.extractors.multiboilernet.sentence_vectors import Encoder, load_encoder
from scrapy_boiler.extractors.multiboilernet.tag_path import TagVocabulary, tag_paths
from scrapy_boiler.metrics import ClassF1
from scrapy_boiler.training import common
from scrapy_boiler.training.card import Card
from scrapy_boiler.training.data import labelled_pages
from scrapy_boiler.training.loop import FitConfig, FitResult, fit, seed_everything
from scrapy_boiler.training.multiboilernet.options import ALPHA, EPOCHS
from scrapy_boiler.training.wording import counted

LEARNING_RATE = 1e-3
SUMMARY = ("MultiBoilerNet (Wu & Chang): each DOM text leaf's tag path and hashed n-gram text feed a Bi-LSTM over the "
           "page, trained with an auxiliary depth task; leaves with P(content) > 0.5 are kept.")


def build_model(pages: list[LabelledPage], *, buckets: int = DEFAULT_BUCKETS, encoder_path: str | None = None,
                encoder: Encoder | None = None) -> MultiBoilerNetModel:
    """A fresh model whose tag vocabulary and depth scaling are fitted on ``pages``."""
    paths = [path for page in pages for path in tag_paths(page.leaves)]
    vocabulary = TagVocabulary.fit(paths)
    depths = [float(len(path)) for path in paths] or [0.0]
    depth_std = statistics.pstdev(depths) or 1.0
    if encoder_path is not None and encoder is None:
        encoder, dim = load_encoder(encoder_path)
    if encoder is not None:
        dim = encoder(["probe"]).shape[1]
        text = {"kind": "vectors", "dim": int(dim), "path": str(encoder_path)}
    else:
        text = {"kind": "subwords", "buckets": buckets}
    net = MultiBoilerNet(vocabulary.width, text)
    return MultiBoilerNetModel(net, vocabulary, statistics.fmean(depths), depth_std, text, encoder)


class MultiBoilerNetTask:
    """The :class:`~scrapy_boiler.training.loop.Task` of MultiBoilerNet: one page per batch."""

    def __init__(self, model: MultiBoilerNetModel, device: torch.device, alpha: float, half: bool = False) -> None:
        self.model = model
        self.module = model.net
        self.device = device
        self.alpha = alpha
        self.half = half

    def batches(self, items: Sequence[PageBatch], rng: random.Random) -> Iterator[PageBatch]:
        order = list(range(len(items)))
        rng.shuffle(order)
        return (items[index].to(self.device) for index in order)

    def loss(self, batch: PageBatch) -> torch.Tensor:
        assert batch.labels is not None and batch.depth is not None
        logits, depth = self.module(batch)
        return multitask_loss(logits, depth, batch.labels, batch.depth, self.alpha)

    def validate(self, items: Sequence[PageBatch]) -> dict[str, float]:
        """Micro and macro per-class F1; ``f1`` (what picks the checkpoint) is the macro average."""
        scores = ClassF1()
        with torch.no_grad():
            for batch in items:
                assert batch.labels is not None
                logits, _ = self.module(batch.to(self.device))
                scores.add_page((logits.argmax(-1) == 1).cpu().tolist(), (batch.labels == 1).tolist())
        summary = scores.summary()
        return {"f1": summary["macro_avg_f1"], "micro_f1": summary["micro_avg_f1"],
                "content_f1": summary["micro_content_f1"]}

    def save_best(self, path: Path) -> None:
        save_model(path, self.module, self.model.config(), half=self.half)


def train(train_pages: list[LabelledPage], valid_pages: list[LabelledPage], work_dir: Path, *,
          epochs: int = EPOCHS, alpha: float = ALPHA, seed: int = 0, device: str = "cpu", threads: int = 1,
          buckets: int = DEFAULT_BUCKETS, encoder_path: str | None = None, encoder: Encoder | None = None,
          half: bool = False, resume: bool = False, progress: bool = False,
          init: str | None = None) -> tuple[MultiBoilerNetModel, FitResult]:
    """Train from scratch, or on from the trained model in ``init``; returns the best-validation model and the run."""
    seed_everything(seed)
    torch.set_num_threads(max(1, threads))
    target = pick_device(device)
    if init:  # its tag vocabulary, depth scaling and text encoder stay: the weights read them
        model = load_multiboilernet(init, "cpu", encoder=encoder)
    else:
        model = build_model(train_pages, buckets=buckets, encoder_path=encoder_path, encoder=encoder)
    model.net.to(target)
    train_batches = [model.inputs(p.leaves, p.labels) for p in train_pages]
    valid_batches = [model.inputs(p.leaves, p.labels) for p in valid_pages]
    config = FitConfig(Path(work_dir), epochs=epochs, lr=LEARNING_RATE, clip=0.0, seed=seed, resume=resume,
                       progress=progress, label="multiboilernet")
    result = fit(MultiBoilerNetTask(model, target, alpha, half), train_batches, valid_batches, config)
    assert result.best_path is not None
    best = load_multiboilernet(result.best_path, "cpu", encoder=model.encoder)
    return best, result


def _pages(specs: list[str], args: argparse.Namespace) -> list[LabelledPage]:
    return list(labelled_pages(specs, data_dir=args.data_dir, limit=args.limit, progress=not args.quiet))


def run(args: argparse.Namespace) -> FitResult:
    """Train, then write the best model to ``args.out`` and the run's record to ``OUT.json``."""
    began = time.monotonic()
    common.check_neural_run(args, [Path(args.out)])
    specs = common.data_specs(args)
    pages, spec_of = common.load_specs(specs, lambda spec: _pages(spec, args))
    if args.valid:
        train_pages, valid_pages = pages, _pages(args.valid, args)
        common.check_pages(train_pages, valid_pages, args)
    else:
        train_pages, valid_pages = common.hold_out(pages, args)
    train_pages = common.oversample(train_pages, specs, spec_of)
    print(f"multiboilernet: {counted(len(train_pages), 'training page')}, "
          f"{counted(len(valid_pages), 'validation page')}", file=sys.stderr)
    model, result = train(train_pages, valid_pages, common.work_dir(args), epochs=args.epochs, alpha=args.alpha,
                          seed=args.seed, device=args.device, threads=args.threads, buckets=args.buckets,
                          encoder_path=args.text_encoder,
                          half=args.half, resume=args.resume, progress=not args.quiet, init=args.init)
    assert result.best_path is not None
    record = {
        "data": specs, "split": args.valid or f"{counted(len(valid_pages), 'page')} held out with seed {args.seed}",
        "valid_ids": [f"{p.page.dataset}/{p.page.id}" for p in valid_pages], "train_pages": len(train_pages),
        "train_blocks": sum(len(p.leaves) for p in train_pages), "alpha": args.alpha, "text": model.text,
        "parameters": sum(p.numel() for p in model.net.parameters()),
        "command": common.command_line(args, "multiboilernet"), "init": args.init,
        "training_seconds": round(time.monotonic() - began, 1), "run": result.to_json(),
    }
    out = Path(args.out)
    card = Card("multiboilernet", [out], SUMMARY, record["command"], [
        f"training: {', '.join(specs)}: {counted(len(train_pages), 'page')}, {counted(record['train_blocks'], 'leaf')}",
        f"validation (model selection): {', '.join(args.valid) or record['split']} "
        f"({counted(len(valid_pages), 'page')})",
        "gold: text-only gold aligned to the DOM leaves",
    ], common.best_figures(result), record["training_seconds"], [("Settings", [
        f"- {counted(args.epochs, 'epoch')}, one page per step, Adam {LEARNING_RATE}, depth-loss weight "
        f"α = {args.alpha}; text encoder {model.text.get('kind')}; seed {args.seed}; "
        f"{counted(record['parameters'], 'parameter')}" + ("; float16 weights" if args.half else "")
        + (f"; started from {args.init} (its weights, tag vocabulary and depth scaling)" if args.init else "")])],
        record)
    out, markdown, record_file = common.write_outputs(result.best_path, args, card)
    print(common.wrote("multiboilernet", [out], markdown, record_file,
                       f"best validation macro F1 {result.best_f1:.4f} at epoch {result.best_epoch} of "
                       f"{args.epochs}, {record['training_seconds']:.0f} s"), file=sys.stderr)
    return result
