"""Saving and loading trained models without pickled code, and choosing the device.

A model file is ``torch.save`` of ``{"config": <JSON text>, "state": <state dict of tensors>}``, read
back with ``torch.load(weights_only=True)``, which refuses anything but tensors and plain containers.
Shipped models live in ``models/`` next to the package (``$BOILER_MODELS_DIR`` overrides).
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import torch
from torch import nn

MODELS_DIR_ENV = "BOILER_MODELS_DIR"


def models_dir() -> Path:
    """Where shipped weights are looked up."""
    override = os.environ.get(MODELS_DIR_ENV)
    return Path(override) if override else Path(__file__).resolve().parents[2] / "models"


def pick_device(device: str = "auto") -> torch.device:
    """``auto`` means CUDA when present, else CPU; an explicit ``cuda`` without CUDA falls back to CPU."""
    if device in ("auto", "cuda") or device.startswith("cuda:"):
        if torch.cuda.is_available():
            return torch.device("cuda" if device == "auto" else device)
        return torch.device("cpu")
    return torch.device(device)


@contextmanager
def single_thread_on_cpu(device: torch.device) -> Iterator[None]:
    """Run small-network inference on one CPU thread.

    Our networks are tiny: on CPU, extra intra-op threads only spin against each other and against the
    crawler (measured 12 ms vs 0.2 ms per convolution on a busy 2-core machine). The previous thread
    count is restored afterwards.
    """
    if device.type != "cpu":
        yield
        return
    previous = torch.get_num_threads()
    torch.set_num_threads(1)
    try:
        yield
    finally:
        torch.set_num_threads(previous)


def save_model(path: str | Path, model: nn.Module, config: dict[str, Any], *, half: bool = False) -> None:
    """Write weights and config to ``path`` (parent folders created).

    ``half`` stores floating-point weights as float16, halving the file; loading casts them back into
    the model's float32 parameters.
    """
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    state = {name: tensor.detach().cpu() for name, tensor in model.state_dict().items()}
    if half:
        state = {name: t.half() if t.is_floating_point() else t for name, t in state.items()}
    torch.save({"config": json.dumps(config), "state": state}, target)


def load_payload(path: str | Path) -> tuple[dict[str, Any], dict[str, torch.Tensor]]:
    """(config, state dict) of a model file, read without unpickling code."""
    payload = torch.load(Path(path), map_location="cpu", weights_only=True)
    return json.loads(payload["config"]), payload["state"]
