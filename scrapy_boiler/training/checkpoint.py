"""Safe weights on disk: tensors only, loaded with ``torch.load(weights_only=True)`` (no pickled code runs)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import torch


def save_tensors(obj: dict[str, Any], path: str | Path) -> None:
    """Save a dict of tensors / numbers / strings / nested dicts and lists atomically."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(path.suffix + ".tmp")
    torch.save(obj, tmp)
    tmp.replace(path)


def load_tensors(path: str | Path, device: str | torch.device = "cpu") -> dict[str, Any]:
    """Load what :func:`save_tensors` wrote, refusing anything but tensors and plain containers."""
    return torch.load(Path(path), map_location=device, weights_only=True)
