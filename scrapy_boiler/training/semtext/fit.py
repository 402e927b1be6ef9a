"""``scrapy boiler-train semtext``: train SemText (Zhang & Wang §IV.B) on our corpora (the options are in
:mod:`~scrapy_boiler.training.semtext.options`).

Procedure: the pages of every ``--data`` spec are pooled and split 75/25 (seeded) into training and
validation (a spec given N times: its training pages repeated N times, after the split); the model is
trained with the CRF loss on windows of at most 85 blocks, from a new network or, with ``--init PREFIX``, from a
trained one (Zhang & Wang's SemText-1 is SemText trained further on type-2 pages), and the epoch with the best
validation F1 (on the reference leaves) is kept. ``--finetune SPEC`` then continues from that model on SPEC (its
own seeded 75/25 split, best epoch kept), as the paper fine-tunes on CleanEval dev. The final weights go to ``--out``
(``.pt`` tensors + ``.json`` config, vocabulary and training record); checkpoints, history and the curves
SVG stay in ``--work-dir``.

Deviations from the paper, all settings: Adam instead of SGD (few CPU epochs), embedding size 64
learnt with the model instead of 300-d pretrained fastText vectors (``--pretrain-epochs N`` first
pre-trains them with our own skip-gram on the training pages' word strings, see
:mod:`scrapy_boiler.training.semtext.skipgram`), Bi-LSTM size ``--hidden``.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import torch

from scrapy_boiler.datasets.labels import LabelledPage
from scrapy_boiler.extractors.device import pick_device
from scrapy_boiler.extractors.semtext.embeddings import Vocabulary
from scrapy_boiler.extractors.semtext.model import SemTextModel, encode_batch, predict_sequences
from scrapy_boiler.extractors.semtext.network import SemTextConfig, SemTextNet
from scrapy_boiler.extractors.semtext.scs import scs
from scrapy_boiler.extractors.semtext.windows import overlapping
from scrapy_boiler.extractors.semtext.words import FIELDS, page_strings
from scrapy_boiler.metrics import Confusion
from scrapy_boiler.training.card import Card, write_card
from scrapy_boiler.training.common import best_figures, check_out, command_line, load_specs, oversample, wrote
from scrapy_boiler.training.data import ExampleCache, seeded_split
from scrapy_boiler.training.loop import FitConfig, FitResult, fit, seed_everything
from scrapy_boiler.training.semtext.names import scramble_names
from scrapy_boiler.training.semtext.options import DEFAULT_DATA
from scrapy_boiler.training.semtext.skipgram import SkipGramConfig, pretrain
from scrapy_boiler.training.wording import counted

CACHE_VERSION = "semtext-2"
SUMMARY = ("SemText (Zhang & Wang): SCS text blocks as word strings (tag meanings, class/id words, text), subword "
           "embeddings, a depthwise CNN per string, a Bi-LSTM over the page and a CRF label every block.")


def prepare(page: LabelledPage) -> dict[str, Any] | None:
    """A page as a SemText example: block word strings, leaf spans, block and leaf gold labels.

    A block is content when at least half of its words are in gold-content leaves.
    """
    assert page.parsed is not None
    seg = scs(page.parsed.root, page.leaves)
    if not seg.blocks:
        return None
    words = page.leaf_words
    labels = []
    for block in seg.blocks:
        total = sum(words[block.leaf_start:block.leaf_end])
        content = sum(w for w, g in zip(words[block.leaf_start:block.leaf_end],
                                        page.labels[block.leaf_start:block.leaf_end], strict=True) if g)
        labels.append(int(total > 0 and 2 * content >= total))
    return {
        "dataset": page.page.dataset, "id": page.page.id,
        "strings": [list(map(list, s)) for s in page_strings(seg)],
        "spans": [[b.leaf_start, b.leaf_end] for b in seg.blocks],
        "labels": labels, "leaf_labels": [int(x) for x in page.labels],
    }


def _strings(example: dict[str, Any]) -> list[tuple[tuple[str, ...], ...]]:
    cached = example.get("_tuples")
    if cached is None:
        cached = example["_tuples"] = [tuple(tuple(field) for field in block) for block in example["strings"]]
    return cached


def leaf_predictions(example: dict[str, Any], block_labels: Sequence[int]) -> list[bool]:
    """Block labels spread over the example's reference leaves (leaves in no block: boilerplate)."""
    out = [False] * len(example["leaf_labels"])
    for (start, end), label in zip(example["spans"], block_labels, strict=True):
        if label:
            out[start:end] = [True] * (end - start)
    return out


class SemTextTask:
    """The :class:`~scrapy_boiler.training.loop.Task` of SemText."""

    def __init__(self, net: SemTextNet, vocab: Vocabulary, device: torch.device, batch_size: int,
                 meta: dict[str, Any], name_scramble: float = 0.0) -> None:
        """``name_scramble``: the share of a training window's name words shown made up
        (:mod:`~scrapy_boiler.training.semtext.names`; 0 = off, and the training is the same as without it)."""
        if not 0.0 <= name_scramble < 1.0:
            raise ValueError(f"--name-scramble {name_scramble}: give a share from 0 (off) to under 1")
        self.module = net
        self.vocab = vocab
        self.device = device
        self.batch_size = batch_size
        self.meta = meta
        self.name_scramble = name_scramble
        self._scrambling = random.Random(0)

    def batches(self, items: Sequence[dict[str, Any]], rng: random.Random) -> list[list[tuple[int, int, int]]]:
        windows = [(i, a, b) for i, ex in enumerate(items) for a, b in overlapping(len(ex["labels"]))]
        rng.shuffle(windows)
        self._items = items
        if self.name_scramble:  # drawn only when on, so that a run without it is the same as before it existed
            self._scrambling = random.Random(rng.getrandbits(64))
        return [windows[i:i + self.batch_size] for i in range(0, len(windows), self.batch_size)]

    def loss(self, batch: list[tuple[int, int, int]]) -> torch.Tensor:
        items = self._items
        windows = [_strings(items[i])[a:b] for i, a, b in batch]
        if self.name_scramble:
            windows = [scramble_names(window, self.name_scramble, self._scrambling) for window in windows]
        encoded = encode_batch(
            windows, self.vocab, self.module.config.fields,
            [items[i]["labels"][a:b] for i, a, b in batch],
        ).to(self.device)
        return self.module.loss(encoded)

    def validate(self, items: Sequence[dict[str, Any]]) -> dict[str, float]:
        return score_examples(SemTextModel(self.module, self.vocab, self.meta), items, self.device)

    def save_best(self, path: Path) -> None:
        SemTextModel(self.module, self.vocab, self.meta).save(path)


def score_examples(model: SemTextModel, items: Sequence[dict[str, Any]], device: torch.device,
                   window_mode: str = "overlap") -> dict[str, float]:
    """Leaf-level (reference blocks) precision, recall and F1 pooled over ``items``."""
    predicted = predict_sequences(model, [_strings(ex) for ex in items], device, window_mode=window_mode)
    confusion = Confusion()
    for example, labels in zip(items, predicted, strict=True):
        confusion.add(leaf_predictions(example, labels), [bool(x) for x in example["leaf_labels"]])
    return {"precision": confusion.precision, "recall": confusion.recall, "f1": confusion.f1}


def _load(specs: Sequence[str], args: argparse.Namespace) -> list[dict[str, Any]]:
    cache = ExampleCache(args.cache or None, CACHE_VERSION)
    out: list[dict[str, Any]] = []
    for spec in specs:
        out.extend(cache.load_or_prepare(spec, prepare, data_dir=args.data_dir, limit=args.limit,
                                         progress=not args.no_progress))
    return out


def split(examples: list[dict[str, Any]], seed: int, source: str) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The seeded 75/25 split of ``source``'s pages; ValueError when a side is empty (fewer than 3 pages)."""
    if not examples:
        raise ValueError(f"no annotated page with text in {source}")
    train, valid = seeded_split(examples, seed)
    if not train or not valid:
        side = "training" if not train else "validation"
        raise ValueError(f"{source} holds {counted(len(examples), 'page')}: the 75/25 split leaves no {side} page; "
                         f"give at least 3 pages")
    return train, valid


def pretrain_embeddings(net: SemTextNet, vocab: Vocabulary, train: Sequence[dict[str, Any]],
                        args: argparse.Namespace) -> dict[str, Any]:
    """Skip-gram pre-training of ``net.embed`` on the training pages' word strings; the record for the metadata."""
    fields = tuple(f for f in args.pretrain_fields.split(",") if f)
    if not fields or any(f not in FIELDS for f in fields):
        raise ValueError(f"--pretrain-fields must name some of {', '.join(FIELDS)}")
    positions = [FIELDS.index(f) for f in fields]
    sentences = [block[p] for ex in train for block in ex["strings"] for p in positions if block[p]]
    config = SkipGramConfig(epochs=args.pretrain_epochs, window=args.pretrain_window, seed=args.seed)
    began = time.monotonic()
    losses = pretrain(net.embed, vocab, sentences, config, progress=not args.no_progress)
    return config.to_json() | {"fields": list(fields), "strings": len(sentences),
                               "losses": [round(x, 4) for x in losses],
                               "seconds": round(time.monotonic() - began, 1)}


def run(args: argparse.Namespace) -> FitResult:
    """Train (and optionally fine-tune) SemText and write the model to ``args.out``."""
    began = time.monotonic()
    seed_everything(args.seed)
    torch.set_num_threads(max(1, args.threads))
    device = pick_device(args.device)
    fields = tuple(f for f in args.fields.split(",") if f)
    if not fields or any(f not in FIELDS for f in fields):
        raise ValueError(f"--fields must name some of {', '.join(FIELDS)}")
    specs = args.data or list(DEFAULT_DATA)
    out = Path(args.out)
    check_out(args, [out.with_suffix(".pt"), out.with_suffix(".json")])
    work = Path(args.work_dir) if args.work_dir else out.with_name(out.name + ".work")
    examples, spec_of = load_specs(specs, lambda spec: _load(spec, args))
    train, valid = split(examples, args.seed, ", ".join(specs))
    train = oversample(train, specs, spec_of)
    print(f"semtext: {counted(len(train), 'training page')}, {counted(len(valid), 'validation page')} from "
          f"{', '.join(specs)}", file=sys.stderr)
    init = getattr(args, "init", None)
    if init:  # SemText-1: the trained model goes on learning; its vocabulary and settings stay
        start = SemTextModel.load(init, device)
        net, vocab, fields = start.net, start.vocab, start.net.config.fields
    else:
        strings = (field for ex in train for block in ex["strings"] for field in block)
        vocab = Vocabulary.build(strings, max_size=args.vocab_size, buckets=args.buckets) if train \
            else Vocabulary([], args.buckets)
        config = SemTextConfig(rows=vocab.rows, embed_dim=args.embed_dim, hidden=args.hidden, fields=fields)
        net = SemTextNet(config).to(device)
    meta: dict[str, Any] = {
        "data": specs, "split": f"seeded 75/25 (seed {args.seed}): {counted(len(train), 'training page')}, "
                                f"{counted(len(valid), 'validation page')}",
        "command": command_line(args, "semtext"),
        "window": "overlapping windows of 85 blocks, stride 64, centre-most label",
    }
    if init:
        meta["init"] = {"from": str(init), "data": start.meta.get("data"), "command": start.meta.get("command")}
    elif getattr(args, "pretrain_epochs", 0) > 0:
        meta["pretrain"] = pretrain_embeddings(net, vocab, train, args)
    if args.name_scramble:
        meta["name_scramble"] = args.name_scramble
    task = SemTextTask(net, vocab, device, args.batch_size, meta, args.name_scramble)
    fit_config = FitConfig(work / "main", epochs=args.epochs, lr=args.lr, seed=args.seed, resume=args.resume,
                           progress=not args.no_progress, label="semtext", max_batches=args.max_batches)
    result = fit(task, train, valid, fit_config)
    meta["main"] = result.to_json()
    final = work / "main" / "best"
    tuned_result: FitResult | None = None
    if args.finetune:
        tune_train, tune_valid = split(_load([args.finetune], args), args.seed, f"--finetune {args.finetune}")
        model = SemTextModel.load(final, device)
        meta["finetune_data"] = args.finetune
        meta["finetune_split"] = (f"seeded 75/25: {counted(len(tune_train), 'training page')}, "
                                  f"{counted(len(tune_valid), 'validation page')}")
        task = SemTextTask(model.net, model.vocab, device, args.batch_size, meta, args.name_scramble)
        before = task.validate(tune_valid)
        tune_config = FitConfig(work / "finetune", epochs=args.finetune_epochs, lr=args.finetune_lr, seed=args.seed,
                                resume=args.resume, progress=not args.no_progress, label="finetune",
                                max_batches=args.max_batches)
        tuned_result = fit(task, tune_train, tune_valid, tune_config)
        meta["finetune"] = tuned_result.to_json() | {"valid_before": before}
        if tuned_result.best_f1 >= before["f1"]:
            final = work / "finetune" / "best"
        else:
            meta["finetune"]["kept"] = "no: fine-tuning did not beat the main model on the fine-tuning validation pages"
    model = SemTextModel.load(final, device)
    meta["training_seconds"] = round(time.monotonic() - began, 1)
    meta["threads"] = args.threads
    meta["device"] = str(device)
    model.meta = meta
    weights, config_path = model.save(out)
    figures = best_figures(result)
    if tuned_result is not None and tuned_result.best_epoch:
        figures += [(f"fine-tuning validation, before ({args.finetune})", meta["finetune"]["valid_before"]),
                    *[(f"fine-tuning {split}", scores) for split, scores in best_figures(tuned_result)]]
    data = [f"training: {', '.join(specs)}: {meta['split']}",
            "gold: text-only gold aligned to the reference leaves; an SCS block is content when at least half of "
            "its words are in gold-content leaves"]
    if args.finetune:
        data.append(f"fine-tuning: {args.finetune}: {meta['finetune_split']}"
                    + (f" ({meta['finetune']['kept']})" if "kept" in meta["finetune"] else ""))
    parameters = sum(p.numel() for p in model.net.parameters())
    sizes = model.net.config
    settings = [f"- fields {', '.join(fields)}; embeddings {sizes.embed_dim}, Bi-LSTM {sizes.hidden} per direction; "
                f"Adam {args.lr}, {counted(args.epochs, 'epoch')} of batches of {args.batch_size} windows; "
                f"seed {args.seed}; {counted(parameters, 'parameter')}",
                f"- windows: {meta['window']}; device {meta['device']}, {counted(args.threads, 'thread')}"]
    if init:
        settings.append(f"- started from {init} (its weights, vocabulary and settings)")
    if args.name_scramble:
        settings.append(f"- name scrambling: each name word of a training window made up with probability "
                        f"{args.name_scramble}")
    card = Card("semtext", [weights, config_path], SUMMARY, meta["command"], data, figures, meta["training_seconds"],
                [("Settings", settings)],
                {"data": specs, "main": meta["main"], **({"finetune": meta["finetune"]} if args.finetune else {})})
    markdown, record = write_card(card, args)
    details = f"best validation F1 {result.best_f1:.4f} at epoch {result.best_epoch} of {args.epochs}"
    if tuned_result is not None:
        details += (f"; fine-tuned: F1 {tuned_result.best_f1:.4f} at epoch {tuned_result.best_epoch} of "
                    f"{args.finetune_epochs}" if final == work / "finetune" / "best" else "; fine-tuning not kept")
    print(wrote("semtext", [weights, config_path], markdown, record,
                f"{details}, {meta['training_seconds']:.0f} s"), file=sys.stderr)
    return result
