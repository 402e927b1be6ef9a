"""Model files of the feature-based networks (Web2Text, MultiBoilerNet) and where shipped ones live.

A model file holds ``{"config": <JSON text>, "state": <state dict>}``, written with
:func:`~scrapy_boiler.training.checkpoint.save_tensors` and read with ``weights_only=True`` (no pickled
code runs). Shipped files are found by :func:`scrapy_boiler.model_files.model_file`.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import torch
from torch import nn

from scrapy_boiler.training.checkpoint import load_tensors, save_tensors


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
    """Write weights and config to ``path``.

    ``half`` stores floating-point weights as float16, halving the file; loading casts them back into
    the model's float32 parameters.
    """
    state = {name: tensor.detach().cpu() for name, tensor in model.state_dict().items()}
    if half:
        state = {name: t.half() if t.is_floating_point() else t for name, t in state.items()}
    save_tensors({"config": json.dumps(config), "state": state}, path)


def load_payload(path: str | Path) -> tuple[dict[str, Any], dict[str, torch.Tensor]]:
    """(config, state dict) of a model file."""
    payload = load_tensors(path)
    return json.loads(payload["config"]), payload["state"]
