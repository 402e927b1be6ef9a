"""Pick the torch device, fall back to the CPU when CUDA is absent or runs out of memory, keep CPU inference
on one thread. Shared by the neural families (SemText, Web2Text, MultiBoilerNet).

``cuda`` without CUDA falls back with a warning (:func:`pick_device`). Moving a model to a GPU that has
no room left (:func:`place`), or a batch that exhausts GPU memory during inference
(:func:`run_with_cpu_fallback`), moves the model to the CPU for good, with one warning, and the work
goes on there: a crawl must not stop because a GPU is shared or small.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Protocol, TypeVar

import torch
from torch import nn

T = TypeVar("T")
CPU = torch.device("cpu")


class OnDevice(Protocol):
    """An extractor that runs a network on ``device`` (updated when it falls back to the CPU)."""

    name: str
    device: torch.device


def pick_device(device: str = "auto") -> torch.device:
    """``auto`` → CUDA if available else CPU; ``cuda``/``cuda:N`` without CUDA → CPU and a warning."""
    name = (device or "auto").lower()
    if name == "auto":
        return torch.device("cuda" if torch.cuda.is_available() else "cpu")
    if name.startswith("cuda") and not torch.cuda.is_available():
        warnings.warn(f"device {device!r} asked for but CUDA is not available; using the CPU", RuntimeWarning,
                      stacklevel=2)
        return CPU
    return torch.device(name)


def place(module: nn.Module, device: torch.device, name: str = "model") -> torch.device:
    """Move ``module`` to ``device``; if the GPU has no room for it, keep it on the CPU (one warning)."""
    try:
        module.to(device)
        return device
    except torch.cuda.OutOfMemoryError:
        pass  # leave the except block first, so the failed attempt's GPU memory can be released
    _to_cpu(module, f"{name}: not enough CUDA memory to load the weights on {device}; using the CPU")
    return CPU


def run_with_cpu_fallback(owner: OnDevice, module: nn.Module, run: Callable[[], T]) -> T:
    """``run()``, which computes with ``module``; if CUDA runs out of memory, redo it on the CPU.

    The module then stays on the CPU for the rest of the process (``owner.device`` says so), with a
    single warning, rather than failing again on every later batch. ``run`` must put its inputs where
    the module's weights are, so that the retry computes on the CPU.
    """
    try:
        return run()
    except torch.cuda.OutOfMemoryError:
        if owner.device.type == "cpu":
            raise
    _to_cpu(module, f"{owner.name}: CUDA ran out of memory during inference; "
                    "this model runs on the CPU from now on")
    owner.device = CPU
    return run()


def module_device(module: nn.Module) -> torch.device:
    """Where a module's weights are (the CPU for a module without parameters)."""
    return next((p.device for p in module.parameters()), CPU)


def _to_cpu(module: nn.Module, message: str) -> None:
    module.to(CPU)
    if torch.cuda.is_available():
        torch.cuda.empty_cache()
    warnings.warn(message, RuntimeWarning, stacklevel=3)


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
