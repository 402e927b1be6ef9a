"""``scrapy boiler-train multiboilernet``: train seed 002's model (§IV.A).

One page per step (all its blocks in one batch), Adam (learning rate 1e-3), 20 epochs, the multi-task
loss with α = 0.5 (``--alpha 0`` trains without the auxiliary task, for the paper's Fig. 3), and the
checkpoint with the best validation macro F1 (mean of the noise and content F1 per page) is kept.
The tag vocabulary and the depth standardisation are fitted on the training pages.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

import torch

from scrapy_boiler.classify.multiboilernet import MultiBoilerNetModel
from scrapy_boiler.datasets.labels import LabelledPage
from scrapy_boiler.evaluation.class_f1 import ClassF1
from scrapy_boiler.features.subwords import DEFAULT_BUCKETS
from scrapy_boiler.features.tag_path import TagVocabulary, tag_paths
from scrapy_boiler.neural.multiboilernet import ALPHA, MultiBoilerNet, PageBatch, multitask_loss
from scrapy_boiler.neural.sentence_vectors import Encoder, load_encoder
from scrapy_boiler.neural.store import pick_device, save_model
from scrapy_boiler.training.data import hold_out, load_pages, page_ids

EPOCHS = 20
LEARNING_RATE = 1e-3


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


@torch.no_grad()
def validate(model: MultiBoilerNetModel, batches: list[PageBatch], device: torch.device) -> dict[str, float]:
    """Micro and macro per-class F1 over the validation pages."""
    model.net.eval()
    scores = ClassF1()
    for batch in batches:
        logits, _ = model.net(batch.to(device))
        assert batch.labels is not None
        scores.add_page((logits.argmax(-1) == 1).cpu().tolist(), (batch.labels == 1).tolist())
    return scores.summary()


def train(train_pages: list[LabelledPage], valid_pages: list[LabelledPage], *, epochs: int = EPOCHS,
          alpha: float = ALPHA, seed: int = 0, device: str = "cpu", buckets: int = DEFAULT_BUCKETS,
          encoder_path: str | None = None, encoder: Encoder | None = None,
          log=print) -> tuple[MultiBoilerNetModel, dict]:
    """Train from scratch; returns the best-validation model and the run's history."""
    torch.manual_seed(seed)
    rng = random.Random(seed)
    model = build_model(train_pages, buckets=buckets, encoder_path=encoder_path, encoder=encoder)
    target = pick_device(device)
    model.net.to(target)
    train_batches = [model.inputs(p.leaves, p.labels) for p in train_pages]
    valid_batches = [model.inputs(p.leaves, p.labels) for p in valid_pages]
    optimiser = torch.optim.Adam(model.net.parameters(), lr=LEARNING_RATE)
    best: tuple[float, int, dict[str, torch.Tensor] | None] = (-1.0, 0, None)
    history = []
    started = time.perf_counter()
    for epoch in range(1, epochs + 1):
        model.net.train()
        order = list(range(len(train_batches)))
        rng.shuffle(order)
        total = 0.0
        for index in order:
            batch = train_batches[index].to(target)
            logits, depth = model.net(batch)
            assert batch.labels is not None and batch.depth is not None
            loss = multitask_loss(logits, depth, batch.labels, batch.depth, alpha)
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            total += float(loss.detach())
        scores = validate(model, valid_batches, target)
        history.append({"epoch": epoch, "loss": total / max(1, len(order)), "valid": scores,
                        "seconds": time.perf_counter() - started})
        if scores["macro_avg_f1"] > best[0]:
            best = (scores["macro_avg_f1"], epoch, {k: v.detach().clone() for k, v in model.net.state_dict().items()})
        log(f"epoch {epoch}: loss {history[-1]['loss']:.4f}; valid macro F1 {scores['macro_avg_f1']:.4f} "
            f"micro F1 {scores['micro_avg_f1']:.4f} ({history[-1]['seconds']:.0f} s)")
    if best[2] is not None:
        model.net.load_state_dict(best[2])
    model.net.cpu().eval()
    summary = {"train_pages": len(train_pages), "valid_pages": len(valid_pages),
               "train_blocks": sum(len(p.leaves) for p in train_pages), "alpha": alpha,
               "best": {"valid_macro_avg_f1": best[0], "epoch": best[1]},
               "seconds": time.perf_counter() - started, "history": history}
    return model, summary


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``scrapy boiler-train multiboilernet``."""
    parser.add_argument("--data", action="append", default=[],
                        help="training corpus spec, repeatable (default: cleaneval-dev:train)")
    parser.add_argument("--valid", action="append", default=[],
                        help="validation corpus spec; without it --valid-count pages are held out of --data")
    parser.add_argument("--valid-count", type=int, default=5, help="pages held out for validation (default 5)")
    parser.add_argument("--limit", type=int, default=None, help="first N pages of each corpus")
    parser.add_argument("--epochs", type=int, default=EPOCHS)
    parser.add_argument("--alpha", type=float, default=ALPHA, help="weight of the depth loss (0: no auxiliary task)")
    parser.add_argument("--buckets", type=int, default=DEFAULT_BUCKETS, help="hashed n-gram buckets")
    parser.add_argument("--text-encoder", default=None,
                        help="local sentence-transformers model directory to use instead of hashed n-grams")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--device", default="auto")
    parser.add_argument("--threads", type=int, default=1, help="torch CPU threads (default 1)")
    parser.add_argument("--out", default="models/multiboilernet.pt")
    parser.add_argument("--half", action="store_true", help="store the weights as float16 (half the file size)")
    parser.add_argument("--data-dir", default=None)


def run(args: argparse.Namespace) -> int:
    """Train, save the model and a JSON of the run next to it."""
    torch.set_num_threads(max(1, args.threads))
    specs = args.data or ["cleaneval-dev:train"]
    pages = load_pages(specs, args.data_dir, args.limit)
    if args.valid:
        train_pages, valid_pages = pages, load_pages(args.valid, args.data_dir, args.limit)
    else:
        train_pages, valid_pages = hold_out(pages, args.valid_count, args.seed)
    print(f"multiboilernet: {len(train_pages)} training pages, {len(valid_pages)} validation pages", file=sys.stderr)
    model, summary = train(train_pages, valid_pages, epochs=args.epochs, alpha=args.alpha, seed=args.seed,
                           device=args.device, buckets=args.buckets, encoder_path=args.text_encoder,
                           log=lambda line: print(line, file=sys.stderr, flush=True))
    summary |= {"data": specs, "valid": args.valid or f"{args.valid_count} pages held out (seed {args.seed})",
                "valid_ids": page_ids(valid_pages), "parameters": sum(p.numel() for p in model.net.parameters())}
    save_model(args.out, model.net, model.config(), half=args.half)
    Path(args.out).with_suffix(".json").write_text(json.dumps(summary, indent=2), encoding="utf-8")
    print(f"multiboilernet: saved {args.out}; best valid macro F1 {summary['best']['valid_macro_avg_f1']:.4f} "
          f"(epoch {summary['best']['epoch']})", file=sys.stderr)
    return 0
