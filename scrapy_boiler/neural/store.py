"""Model files of the feature-based networks (Web2Text, MultiBoilerNet) and where shipped ones live.

A model file holds ``{"config": <JSON text>, "state": <state dict>}``, written with
:func:`~scrapy_boiler.training.checkpoint.save_tensors` and read with ``weights_only=True`` (no pickled
code runs). The config names the model ``kind`` and its ``format`` version (files without one are
version 1). Shipped files are found by :func:`scrapy_boiler.model_files.model_file`. Every problem with a
file is a :class:`~scrapy_boiler.model_errors.ModelFileError` naming it.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import torch
from torch import nn

from scrapy_boiler.model_errors import ModelFileError
from scrapy_boiler.model_files import FORMAT_VERSION, check_format
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
    save_tensors({"config": json.dumps({**config, "format": FORMAT_VERSION}), "state": state}, path)


def load_payload(path: str | Path, kind: str) -> tuple[dict[str, Any], dict[str, torch.Tensor]]:
    """(config, state dict) of a ``kind`` model file, checked to be one in a format this code reads."""
    payload = load_tensors(path)
    config_text, state = payload.get("config"), payload.get("state")
    if not isinstance(config_text, str) or not isinstance(state, dict):
        raise ModelFileError(path, "is not a scrapy-boiler model file (it has no config and state)")
    try:
        config = json.loads(config_text)
    except json.JSONDecodeError as exc:
        raise ModelFileError(path, f"its config is not valid JSON ({exc.msg} at character {exc.pos})") from None
    if not isinstance(config, dict):
        raise ModelFileError(path, "its config is not a JSON object")
    check_format(config.get("format"), path, kind)
    if config.get("kind", kind) != kind:
        raise ModelFileError(path, f"is a {config['kind']} model file, not a {kind} one",
                             f"load it as {config['kind']!r}, or give the path of a {kind} model")
    return config, state


def load_state(module: nn.Module, state: dict[str, Any], path: str | Path) -> None:
    """Put a file's weights into the network built from its config; a mismatch names the file.

    ``load_state_dict`` copies float16 weights (``save_model(half=True)``) into float32 parameters.
    """
    if not all(isinstance(value, torch.Tensor) for value in state.values()):
        raise ModelFileError(path, "its weights are not all tensors")
    try:
        module.load_state_dict(state)
    except (RuntimeError, TypeError, ValueError) as exc:
        detail = " ".join(str(exc).split())
        detail = detail if len(detail) <= 300 else detail[:300] + "..."
        raise ModelFileError(path, f"its weights do not fit the network its config describes ({detail})") from exc
