"""Pick the torch device: CUDA when present, else CPU; ``cuda`` without CUDA falls back with a warning."""

from __future__ import annotations

import warnings

import torch


def pick_device(device: str = "auto") -> torch.device:
    """``auto`` → CUDA if available else CPU; ``cuda``/``cuda:N`` without CUDA → CPU and a warning."""
    name = (device or "auto").lower()
    if name == "auto":
        return torch.device("cuda" if torch.cuda.is_available() else "cpu")
    if name.startswith("cuda") and not torch.cuda.is_available():
        warnings.warn(f"device {device!r} asked for but CUDA is not available; using the CPU", RuntimeWarning,
                      stacklevel=2)
        return torch.device("cpu")
    return torch.device(name)
