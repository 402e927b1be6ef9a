"""The epoch loop every trainable model shares: best-validation checkpoint, resume, determinism, curves.

Determinism: every epoch reseeds ``torch`` and its own ``random.Random`` from ``seed + epoch``, so a
run resumed after epoch *k* continues exactly as an uninterrupted run would (on the same machine
and thread count). The resumable state (model and optimizer tensors, epoch, best F1 and history)
is saved after every epoch with :func:`~scrapy_boiler.extractors.model_files.save_tensors` and read
with ``weights_only=True``.
"""

from __future__ import annotations

import json
import math
import random
import sys
import time
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field
from itertools import islice
from pathlib import Path
from typing import Any, Protocol

import torch

from scrapy_boiler.extractors.model_files import load_tensors, save_tensors
from scrapy_boiler.training.plot import write_curves
from scrapy_boiler.training.progress import Progress

CHECKPOINT = "checkpoint.pt"
HISTORY = "history.json"
CURVES = "curves.svg"


class Task(Protocol):
    """What a model provides to :func:`fit`."""

    module: torch.nn.Module

    def batches(self, items: Sequence[Any], rng: random.Random) -> Iterable[Any]:
        """One epoch of training batches over ``items`` (shuffled with ``rng``)."""
        ...

    def loss(self, batch: Any) -> torch.Tensor:
        """Scalar training loss of a batch (the module is in training mode)."""
        ...

    def validate(self, items: Sequence[Any]) -> dict[str, float]:
        """Validation scores; must contain ``"f1"`` (the module is in eval mode)."""
        ...

    def save_best(self, path: Path) -> None:
        """Write the current weights as the best model so far (safe format)."""
        ...


@dataclass
class FitConfig:
    """Settings of one :func:`fit` run."""

    work_dir: Path  #: checkpoint, history, curves and the best weights go here
    epochs: int = 10
    lr: float = 1e-3
    weight_decay: float = 0.0
    clip: float = 5.0  #: gradient-norm clipping (0 = off)
    seed: int = 42
    resume: bool = False
    progress: bool = True
    label: str = "train"
    max_batches: int | None = None  #: stop each epoch after this many batches (quick runs, tests)
    #: stop the last epoch after this many batches (Web2Text: --iterations not a multiple of --eval-every)
    final_epoch_batches: int | None = None
    #: an iteration-counted run (Web2Text): each "epoch" is this many iterations, and the output counts iterations
    iterations_per_epoch: int | None = None

    def stage(self, epoch: int) -> str:
        """What the progress bar of ``epoch`` counts: ``epoch 2/10``, or ``iterations 251-500/5000``."""
        per = self.iterations_per_epoch
        if per is None:
            return f"epoch {epoch}/{self.epochs}"
        return f"iterations {(epoch - 1) * per + 1}-{min(epoch * per, self._iterations())}/{self._iterations()}"

    def point(self, epoch: int) -> str:
        """The end of ``epoch``, as the output names it: ``epoch 2``, or ``iteration 500``."""
        per = self.iterations_per_epoch
        return f"epoch {epoch}" if per is None else f"iteration {min(epoch * per, self._iterations())}"

    def _iterations(self) -> int:
        per = self.iterations_per_epoch or 0
        return (self.epochs - 1) * per + (self.final_epoch_batches or per)


@dataclass
class EpochRecord:
    epoch: int
    loss: float
    scores: dict[str, float]
    seconds: float


@dataclass
class FitResult:
    history: list[EpochRecord] = field(default_factory=list)
    best_epoch: int = 0
    best_f1: float = -1.0
    seconds: float = 0.0
    best_path: Path | None = None

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["best_path"] = str(self.best_path) if self.best_path else None
        return data


def seed_everything(seed: int) -> None:
    """Seed Python and torch; ask torch for deterministic kernels where it has them."""
    random.seed(seed)
    torch.manual_seed(seed)
    torch.use_deterministic_algorithms(True, warn_only=True)


def fit(task: Task, train: Sequence[Any], valid: Sequence[Any], config: FitConfig) -> FitResult:
    """Train ``task`` for ``config.epochs``; the best validation-F1 weights are saved by ``task.save_best``."""
    work = Path(config.work_dir)
    work.mkdir(parents=True, exist_ok=True)
    best_path = work / "best"
    optimizer = torch.optim.Adam(task.module.parameters(), lr=config.lr, weight_decay=config.weight_decay)
    result = FitResult(best_path=best_path)
    start_epoch = 1
    if config.resume and (work / CHECKPOINT).is_file():
        state = load_tensors(work / CHECKPOINT)
        task.module.load_state_dict(state["model"])
        optimizer.load_state_dict(state["optimizer"])
        start_epoch = int(state["epoch"]) + 1
        saved = json.loads((work / HISTORY).read_text(encoding="utf-8"))
        result.history = [EpochRecord(**record) for record in saved["history"]]
        result.best_epoch, result.best_f1 = saved["best_epoch"], saved["best_f1"]
        result.seconds = saved["seconds"]
        print(f"{config.label}: resuming after {config.point(start_epoch - 1)}", file=sys.stderr)
    for epoch in range(start_epoch, config.epochs + 1):
        began = time.monotonic()
        torch.manual_seed(config.seed + epoch)
        rng = random.Random(config.seed + epoch)
        caps = [config.max_batches, config.final_epoch_batches if epoch == config.epochs else None]
        limit = min((cap for cap in caps if cap is not None), default=None)
        batches = list(islice(task.batches(train, rng), limit))  # islice: batches past the cap are never drawn
        bar = Progress(len(batches), f"{config.label} {config.stage(epoch)}", enabled=config.progress)
        task.module.train()
        total, count = 0.0, 0
        for batch in batches:
            optimizer.zero_grad()
            loss = task.loss(batch)
            loss.backward()
            if config.clip:
                torch.nn.utils.clip_grad_norm_(task.module.parameters(), config.clip)
            optimizer.step()
            value = float(loss.detach())
            if math.isfinite(value):
                total += value
                count += 1
            bar.update(loss=total / max(1, count))
        bar.close()
        task.module.eval()
        with torch.inference_mode():
            scores = task.validate(valid)
        record = EpochRecord(epoch, total / max(1, count), scores, time.monotonic() - began)
        result.history.append(record)
        result.seconds += record.seconds
        if scores["f1"] > result.best_f1:
            result.best_f1, result.best_epoch = scores["f1"], epoch
            task.save_best(best_path)
        shown = " ".join(f"{k} {v:.4f}" for k, v in scores.items())
        print(f"{config.label} {config.point(epoch)}: loss {record.loss:.4f} | valid {shown} | {record.seconds:.0f}s"
              f"{' *best*' if result.best_epoch == epoch else ''}", file=sys.stderr, flush=True)
        save_tensors({"model": task.module.state_dict(), "optimizer": optimizer.state_dict(), "epoch": epoch},
                     work / CHECKPOINT)
        (work / HISTORY).write_text(json.dumps(result.to_json(), indent=1), encoding="utf-8")
        write_curves(work / CURVES, [r.loss for r in result.history], [r.scores["f1"] for r in result.history],
                     config.label)
    return result
