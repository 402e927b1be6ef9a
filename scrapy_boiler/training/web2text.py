"""``scrapy boiler-train web2text``: train the unary and pairwise CNNs of seed 003 (§4.2).

Adam (learning rate 1e-3, L2 weight decay 1e-4), mini-batches of 128 excerpts of 9 consecutive blocks,
5000 iterations; both networks are trained side by side but separately (own loss, own optimiser), and
each keeps the weights with the lowest error on the validation pages, checked every ``--eval-every``
iterations. The feature standardisation is fitted on the training pages and saved with the weights.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import torch
from torch import nn

from scrapy_boiler.classify.web2text import features_of
from scrapy_boiler.datasets.labels import LabelledPage
from scrapy_boiler.features.scaling import Standardizer
from scrapy_boiler.features.web2text import BLOCK_FEATURES, EDGE_FEATURES
from scrapy_boiler.neural.store import pick_device, save_model
from scrapy_boiler.neural.web2text import Web2TextModel, raw_tensors
from scrapy_boiler.training.data import hold_out, iter_pages

EXCERPT = 9
BATCH = 128
ITERATIONS = 5000
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


def sample_batch(pages: list[PageData], starts: list[tuple[int, int]], rng: random.Random,
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


def excerpt_starts(pages: list[PageData]) -> list[tuple[int, int]]:
    """Every (page, first block) of an excerpt; a page shorter than an excerpt gives one, padded."""
    return [(index, start) for index, page in enumerate(pages)
            for start in range(max(1, len(page.labels) - EXCERPT + 1))]


def masked_loss(logits: torch.Tensor, gold: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return nn.functional.cross_entropy(logits[mask], gold[mask])


@torch.no_grad()
def error_rates(model: Web2TextModel, pages: list[PageData]) -> tuple[float, float]:
    """Block error of the unary network and edge error of the pairwise one, over whole pages."""
    model.eval()
    wrong_blocks = blocks = wrong_edges = edges = 0
    for page in pages:
        unary = model.unary(page.blocks[None])[0].argmax(-1)
        wrong_blocks += int((unary != page.labels).sum())
        blocks += len(page.labels)
        if len(page.edges):
            pairwise = model.pairwise(page.edges[None])[0].argmax(-1)
            wrong_edges += int((pairwise != page.pair_labels).sum())
            edges += len(page.pair_labels)
    return wrong_blocks / max(1, blocks), wrong_edges / max(1, edges)


def train(train_data: list[PageData], valid_data: list[PageData], *, iterations: int = ITERATIONS,
          eval_every: int = 250, seed: int = 0, device: str = "cpu", log=print) -> tuple[Web2TextModel, dict]:
    """Fit the standardisation and both networks; returns the best-validation model and its history.

    The pages' features are standardised in place.
    """
    torch.manual_seed(seed)
    rng = random.Random(seed)
    model = Web2TextModel(fit_scaler([p.blocks for p in train_data], BLOCK_FEATURES),
                          fit_scaler([p.edges for p in train_data], EDGE_FEATURES))
    for page in (*train_data, *valid_data):
        page.blocks, page.edges = model.standardise(page.blocks, page.edges)
    target = pick_device(device)
    model.to(target)
    optimisers = {
        name: torch.optim.Adam(getattr(model, name).parameters(), lr=LEARNING_RATE, weight_decay=WEIGHT_DECAY)
        for name in ("unary", "pairwise")
    }
    starts = excerpt_starts(train_data)
    best = {"unary": (2.0, 0, None), "pairwise": (2.0, 0, None)}
    history = []
    started = time.perf_counter()
    running = {"unary": 0.0, "pairwise": 0.0}
    for iteration in range(1, iterations + 1):
        model.train()
        batch = {k: v.to(target) for k, v in sample_batch(train_data, starts, rng).items()}
        for name, x, y, m in (("unary", "x", "y", "m"), ("pairwise", "ex", "ey", "em")):
            loss = masked_loss(getattr(model, name)(batch[x]), batch[y], batch[m])
            optimisers[name].zero_grad()
            loss.backward()
            optimisers[name].step()
            running[name] += float(loss.detach())
        if iteration % eval_every == 0 or iteration == iterations:
            errors = dict(zip(("unary", "pairwise"), error_rates(model.cpu(), valid_data), strict=True))
            model.to(target)
            losses = {name: running[name] / eval_every for name in running}
            running = {"unary": 0.0, "pairwise": 0.0}
            history.append({"iteration": iteration, "loss": losses, "valid_error": errors,
                            "seconds": time.perf_counter() - started})
            for name, error in errors.items():
                if error < best[name][0]:
                    state = {k: v.detach().clone() for k, v in getattr(model, name).state_dict().items()}
                    best[name] = (error, iteration, state)
            log(f"iter {iteration}: loss unary {losses['unary']:.4f} pairwise {losses['pairwise']:.4f}; "
                f"valid error unary {errors['unary']:.4f} pairwise {errors['pairwise']:.4f}")
    for name, (_, _, state) in best.items():
        if state is not None:
            getattr(model, name).load_state_dict(state)
    summary = {
        "train_pages": len(train_data), "valid_pages": len(valid_data),
        "train_blocks": sum(len(p.labels) for p in train_data),
        "best": {name: {"valid_error": error, "iteration": it} for name, (error, it, _) in best.items()},
        "seconds": time.perf_counter() - started, "history": history,
    }
    return model.cpu().eval(), summary


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``scrapy boiler-train web2text``."""
    parser.add_argument("--data", action="append", default=[],
                        help="training corpus spec, repeatable (default: cleaneval-dev:train)")
    parser.add_argument("--valid", action="append", default=[],
                        help="validation corpus spec; without it --valid-count pages are held out of --data")
    parser.add_argument("--valid-count", type=int, default=5, help="pages held out for validation (default 5)")
    parser.add_argument("--limit", type=int, default=None, help="first N pages of each corpus")
    parser.add_argument("--iterations", type=int, default=ITERATIONS)
    parser.add_argument("--eval-every", type=int, default=250)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--device", default="auto")
    parser.add_argument("--threads", type=int, default=1, help="torch CPU threads (default 1)")
    parser.add_argument("--out", default="models/web2text.pt")
    parser.add_argument("--data-dir", default=None)


def featurized(specs: list[str], data_dir: str | None, limit: int | None) -> list[PageData]:
    """Features of every page with text of the corpora, computed as the pages stream in."""
    pages = (featurize(page) for page in iter_pages(specs, data_dir, limit))
    return [page for page in pages if page is not None]


def run(args: argparse.Namespace) -> int:
    """Train, save the model and a JSON of the run next to it."""
    torch.set_num_threads(max(1, args.threads))
    specs = args.data or ["cleaneval-dev:train"]
    pages = featurized(specs, args.data_dir, args.limit)
    if args.valid:
        train_pages, valid_pages = pages, featurized(args.valid, args.data_dir, args.limit)
    else:
        train_pages, valid_pages = hold_out(pages, args.valid_count, args.seed)
    print(f"web2text: {len(train_pages)} training pages, {len(valid_pages)} validation pages", file=sys.stderr)
    model, summary = train(train_pages, valid_pages, iterations=args.iterations, eval_every=args.eval_every,
                           seed=args.seed, device=args.device, log=lambda line: print(line, file=sys.stderr))
    summary |= {"data": specs, "valid": args.valid or f"{args.valid_count} pages held out (seed {args.seed})",
                "valid_ids": [page.page_id for page in valid_pages],
                "parameters": sum(p.numel() for p in model.parameters())}
    save_model(args.out, model, model.config())
    Path(args.out).with_suffix(".json").write_text(json.dumps(summary, indent=2), encoding="utf-8")
    print(f"web2text: saved {args.out}; best valid error unary {summary['best']['unary']['valid_error']:.4f}, "
          f"pairwise {summary['best']['pairwise']['valid_error']:.4f}", file=sys.stderr)
    return 0
