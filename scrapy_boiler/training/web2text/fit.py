"""Training of Web2Text's unary and pairwise CNNs (Vogels et al. §4.2); ``scrapy boiler-train web2text`` runs it.

Adam (learning rate 1e-3, L2 weight decay 1e-4), mini-batches of 128 excerpts of 9 consecutive blocks,
5000 iterations. The two networks have disjoint weights and their losses are simply added, so one Adam
over both is the same as training them separately (Adam is per-weight). The shared loop
(:func:`~scrapy_boiler.training.loop.fit`) counts ``--eval-every`` iterations as an "epoch", validates
and keeps the best weights; unlike the paper, which picks each network on its own validation error,
both are picked together on the validation F1 of the decoded (Viterbi) labels, the model's real output.
The feature standardisation is fitted on the training pages and saved with the weights.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import torch
from torch import nn

from scrapy_boiler.datasets.labels import LabelledPage
from scrapy_boiler.extractors.device import pick_device
from scrapy_boiler.extractors.model_files import save_model
from scrapy_boiler.extractors.web2text.extractor import features_of, load_web2text
from scrapy_boiler.extractors.web2text.features import BLOCK_FEATURES, EDGE_FEATURES
from scrapy_boiler.extractors.web2text.network import Potentials, Web2TextModel, raw_tensors
from scrapy_boiler.extractors.web2text.scaling import Standardizer
from scrapy_boiler.metrics import Confusion
from scrapy_boiler.training import common
from scrapy_boiler.training.card import Card
from scrapy_boiler.training.data import labelled_pages
from scrapy_boiler.training.loop import FitConfig, FitResult, fit, seed_everything
from scrapy_boiler.training.web2text.options import EVAL_EVERY, ITERATIONS
from scrapy_boiler.training.wording import counted

SUMMARY = ("Web2Text (Vogels et al.): the page's Collapsed DOM blocks, 128 block and 25 edge features, a unary and "
           "a pairwise CNN and Viterbi decoding label every DOM text leaf content or boilerplate.")
EXCERPT = 9
BATCH = 128
LEARNING_RATE = 1e-3
WEIGHT_DECAY = 1e-4


@dataclass
class PageData:
    """One page as tensors: block and edge features (raw, then standardised) and gold labels."""

    page_id: str
    blocks: torch.Tensor  #: (n, 128)
    edges: torch.Tensor  #: (n-1, 25)
    labels: torch.Tensor  #: (n,) 0/1
    pair_labels: torch.Tensor  #: (n-1,) 2*l_i + l_{i+1}


def featurize(page: LabelledPage) -> PageData | None:
    """Raw features and labels of a labelled page (None for a page without text).

    Only tensors are kept, so the page's parsed tree can be freed: training on thousands of pages
    never holds their DOMs at once.
    """
    if not page.leaves:
        return None
    features = features_of(page.leaves, page.leaves[0].element.getroottree().getroot())
    blocks, edges = raw_tensors(features)
    gold = torch.tensor([int(label) for label in page.labels], dtype=torch.long)
    return PageData(f"{page.page.dataset}/{page.page.id}", blocks, edges, gold, gold[:-1] * 2 + gold[1:])


def fit_scaler(rows: list[torch.Tensor], names: tuple[tuple[str, bool], ...]) -> Standardizer:
    """Standardisation of the training rows (moments computed in float64)."""
    table = torch.cat(rows).double()
    return Standardizer.from_moments(table.mean(0).tolist(), table.std(0, unbiased=False).tolist(),
                                     [binary for _, binary in names])


def _window(tensor: torch.Tensor, start: int, length: int) -> tuple[torch.Tensor, torch.Tensor]:
    """``tensor[start:start+length]`` zero-padded to ``length``, with its mask."""
    part = tensor[start:start + length]
    pad = length - len(part)
    mask = torch.ones(length, dtype=torch.bool)
    if pad:
        mask[len(part):] = False
        part = torch.cat([part, part.new_zeros((pad, *part.shape[1:]))])
    return part, mask


def excerpt_starts(pages: Sequence[PageData]) -> list[tuple[int, int]]:
    """Every (page, first block) of an excerpt; a page shorter than an excerpt gives one, padded."""
    return [(index, start) for index, page in enumerate(pages)
            for start in range(max(1, len(page.labels) - EXCERPT + 1))]


def sample_batch(pages: Sequence[PageData], starts: list[tuple[int, int]], rng: random.Random,
                 size: int = BATCH) -> dict[str, torch.Tensor]:
    """``size`` random excerpts of ``EXCERPT`` blocks (and their ``EXCERPT - 1`` edges)."""
    picked = [starts[rng.randrange(len(starts))] for _ in range(size)]
    parts: dict[str, list[torch.Tensor]] = {k: [] for k in ("x", "y", "m", "ex", "ey", "em")}
    for page_index, start in picked:
        page = pages[page_index]
        for prefix, feats, gold, length in (("", page.blocks, page.labels, EXCERPT),
                                            ("e", page.edges, page.pair_labels, EXCERPT - 1)):
            x, mask = _window(feats, start, length)
            y, _ = _window(gold, start, length)
            parts[prefix + "x"].append(x)
            parts[prefix + "y"].append(y)
            parts[prefix + "m"].append(mask)
    return {key: torch.stack(values) for key, values in parts.items()}


def _masked_loss(logits: torch.Tensor, gold: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return nn.functional.cross_entropy(logits[mask], gold[mask])


class Web2TextTask:
    """The :class:`~scrapy_boiler.training.loop.Task` of Web2Text: excerpt batches, both losses."""

    def __init__(self, model: Web2TextModel, device: torch.device, batches_per_epoch: int) -> None:
        self.module = model
        self.device = device
        self.batches_per_epoch = batches_per_epoch
        self._starts: tuple[int, list[tuple[int, int]]] | None = None

    def batches(self, items: Sequence[PageData], rng: random.Random) -> Iterator[dict[str, torch.Tensor]]:
        if self._starts is None or self._starts[0] != id(items):
            self._starts = (id(items), excerpt_starts(items))
        starts = self._starts[1]
        for _ in range(self.batches_per_epoch):
            yield {k: v.to(self.device) for k, v in sample_batch(items, starts, rng).items()}

    def loss(self, batch: dict[str, torch.Tensor]) -> torch.Tensor:
        unary = _masked_loss(self.module.unary(batch["x"]), batch["y"], batch["m"])
        pairwise = _masked_loss(self.module.pairwise(batch["ex"]), batch["ey"], batch["em"])
        return unary + pairwise

    def validate(self, items: Sequence[PageData]) -> dict[str, float]:
        return validation_scores(self.module, items, self.device)

    def save_best(self, path: Path) -> None:
        save_model(path, self.module, self.module.config())


def validation_scores(model: Web2TextModel, pages: Sequence[PageData], device: torch.device) -> dict[str, float]:
    """Viterbi-decoded content F1 and accuracy, and each network's own error, over whole pages."""
    model.eval()
    decoded = Confusion()
    wrong_blocks = blocks = wrong_edges = edges = 0
    with torch.no_grad():
        for page in pages:
            unary = torch.log_softmax(model.unary(page.blocks[None].to(device))[0], -1).cpu()
            pairwise = torch.log_softmax(model.pairwise(page.edges[None].to(device))[0], -1).cpu()
            gold = page.labels.tolist()
            decoded.add(Potentials(unary.tolist(), pairwise.tolist()).decode(True), [bool(g) for g in gold])
            wrong_blocks += int((unary.argmax(-1) != page.labels).sum())
            blocks += len(gold)
            wrong_edges += int((pairwise.argmax(-1) != page.pair_labels).sum())
            edges += len(page.pair_labels)
    return {"f1": decoded.f1, "accuracy": decoded.accuracy, "unary_error": wrong_blocks / max(1, blocks),
            "pairwise_error": wrong_edges / max(1, edges)}


def validation_points(iterations: int, eval_every: int) -> tuple[int, int]:
    """(validations, iterations of the last stretch): ``iterations`` run exactly, validated every ``eval_every``
    and at the end (300 every 250: 250, then 50)."""
    if iterations < 1 or eval_every < 1:
        raise ValueError("--iterations and --eval-every must be positive")
    epochs = -(-iterations // eval_every)
    return epochs, iterations - (epochs - 1) * eval_every


def iterations_done(epoch: int, iterations: int, eval_every: int) -> int:
    """Iterations run when validation ``epoch`` (1-based) happened."""
    return min(epoch * eval_every, iterations)


def train(train_data: list[PageData], valid_data: list[PageData], work_dir: Path, *,
          iterations: int = ITERATIONS, eval_every: int = EVAL_EVERY, seed: int = 0, device: str = "cpu",
          threads: int = 1, resume: bool = False, progress: bool = False,
          init: str | None = None) -> tuple[Web2TextModel, FitResult]:
    """Fit the standardisation and both networks, or go on from the trained model in ``init`` (its standardisation
    kept: its weights read features scaled that way); returns the best-validation model and the run.

    The pages' features are standardised in place.
    """
    seed_everything(seed)
    torch.set_num_threads(max(1, threads))
    target = pick_device(device)
    if init:
        model = load_web2text(init, "cpu")
    else:
        model = Web2TextModel(fit_scaler([p.blocks for p in train_data], BLOCK_FEATURES),
                              fit_scaler([p.edges for p in train_data], EDGE_FEATURES))
    for page in {id(page): page for page in (*train_data, *valid_data)}.values():  # oversampled pages once
        page.blocks, page.edges = model.standardise(page.blocks, page.edges)
    task = Web2TextTask(model.to(target), target, eval_every)
    epochs, final = validation_points(iterations, eval_every)
    config = FitConfig(Path(work_dir), epochs=epochs, lr=LEARNING_RATE, weight_decay=WEIGHT_DECAY, clip=0.0,
                       seed=seed, resume=resume, progress=progress, label="web2text", final_epoch_batches=final,
                       iterations_per_epoch=eval_every)
    result = fit(task, train_data, valid_data, config)
    assert result.best_path is not None
    return load_web2text(result.best_path, "cpu"), result


def featurized(specs: Sequence[str], data_dir: str | None, limit: int | None, progress: bool) -> list[PageData]:
    """Features of every page with text of the corpora, computed as the pages stream in."""
    pages = (featurize(page) for page in labelled_pages(specs, data_dir=data_dir, limit=limit, progress=progress))
    return [page for page in pages if page is not None]


def run(args: argparse.Namespace) -> FitResult:
    """Train, then write the best model to ``args.out`` and the run's record to ``OUT.json``."""
    began = time.monotonic()
    common.check_neural_run(args, [Path(args.out)])
    validation_points(args.iterations, args.eval_every)  # bad counts: one line now, not after reading the pages
    specs = common.data_specs(args)
    pages, spec_of = common.load_specs(specs, lambda spec: featurized(spec, args.data_dir, args.limit, not args.quiet))
    if args.valid:
        train_pages, valid_pages = pages, featurized(args.valid, args.data_dir, args.limit, not args.quiet)
        common.check_pages(train_pages, valid_pages, args)
    else:
        train_pages, valid_pages = common.hold_out(pages, args)
    train_pages = common.oversample(train_pages, specs, spec_of)
    print(f"web2text: {counted(len(train_pages), 'training page')}, {counted(len(valid_pages), 'validation page')}",
          file=sys.stderr)
    model, result = train(train_pages, valid_pages, common.work_dir(args), iterations=args.iterations,
                          eval_every=args.eval_every, seed=args.seed, device=args.device, threads=args.threads,
                          resume=args.resume, progress=not args.quiet, init=args.init)
    assert result.best_path is not None
    record = {
        "data": specs, "split": args.valid or f"{counted(len(valid_pages), 'page')} held out with seed {args.seed}",
        "valid_ids": [page.page_id for page in valid_pages], "train_pages": len(train_pages),
        "train_blocks": sum(len(page.labels) for page in train_pages),
        "parameters": sum(p.numel() for p in model.parameters()), "command": common.command_line(args, "web2text"),
        "init": args.init,
        "training_seconds": round(time.monotonic() - began, 1), "run": result.to_json(),
    }
    out = Path(args.out)
    kept = iterations_done(result.best_epoch, args.iterations, args.eval_every)
    card = Card("web2text", [out], SUMMARY, record["command"], [
        f"training: {', '.join(specs)}: {counted(len(train_pages), 'page')}, "
        f"{counted(record['train_blocks'], 'block')}",
        f"validation (model selection): {', '.join(args.valid) or record['split']} "
        f"({counted(len(valid_pages), 'page')})",
        "gold: text-only gold aligned to the DOM leaves (Vogels et al.'s alignment)",
    ], common.best_figures(result, f"after {kept} iterations"), record["training_seconds"], [("Settings", [
        f"- {counted(args.iterations, 'iteration')} of {BATCH} excerpts of {EXCERPT} blocks, validated every "
        f"{args.eval_every} and at the end (best after {kept}); Adam {LEARNING_RATE}, L2 {WEIGHT_DECAY}; "
        f"seed {args.seed}; {counted(record['parameters'], 'parameter')}"
        + (f"; started from {args.init} (its weights and feature standardisation)" if args.init else "")])], record)
    out, markdown, record_file = common.write_outputs(result.best_path, args, card)
    print(common.wrote("web2text", [out], markdown, record_file,
                       f"best validation F1 {result.best_f1:.4f} after {kept:,} of "
                       f"{counted(args.iterations, 'iteration')}, {record['training_seconds']:.0f} s"), file=sys.stderr)
    return result
