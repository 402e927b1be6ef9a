"""Feature standardisation fitted on the training set and stored with the model (Vogels et al. §3.3).

Non-binary columns become zero mean and unit variance over the training rows, then are clipped to
±``CLIP`` so that one odd page cannot produce huge activations; binary columns stay 0/1.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

#: Standardised values are clipped to this many standard deviations.
CLIP = 5.0


@dataclass
class Standardizer:
    """Per-column mean and standard deviation; ``binary`` columns pass through unchanged."""

    mean: list[float]
    std: list[float]
    binary: list[bool]

    @classmethod
    def fit(cls, rows: Iterable[Sequence[float]], binary: Sequence[bool]) -> Standardizer:
        """Mean and (population) standard deviation of every column over ``rows``."""
        width = len(binary)
        count = 0
        sums = [0.0] * width
        squares = [0.0] * width
        for row in rows:
            count += 1
            for column, value in enumerate(row):
                sums[column] += value
                squares[column] += value * value
        mean = [s / count if count else 0.0 for s in sums]
        std = [math.sqrt(max(squares[c] / count - mean[c] ** 2, 0.0)) if count else 0.0 for c in range(width)]
        return cls.from_moments(mean, std, binary)

    @classmethod
    def from_moments(cls, mean: Sequence[float], std: Sequence[float], binary: Sequence[bool]) -> Standardizer:
        """From column means and deviations computed elsewhere; constant columns get deviation 1."""
        return cls([float(m) for m in mean], [float(s) if s > 1e-9 else 1.0 for s in std], list(binary))

    def transform(self, rows: Iterable[Sequence[float]]) -> list[list[float]]:
        out = []
        for row in rows:
            out.append([
                value if self.binary[column]
                else max(-CLIP, min(CLIP, (value - self.mean[column]) / self.std[column]))
                for column, value in enumerate(row)
            ])
        return out

    def scale_and_shift(self) -> tuple[list[float], list[float]]:
        """Per-column (scale, shift) with ``standardised = value * scale + shift`` (identity for binary)."""
        scale = [1.0 if binary else 1.0 / std for binary, std in zip(self.binary, self.std, strict=True)]
        shift = [0.0 if binary else -mean / std
                 for binary, mean, std in zip(self.binary, self.mean, self.std, strict=True)]
        return scale, shift

    def to_dict(self) -> dict[str, Any]:
        return {"mean": self.mean, "std": self.std, "binary": self.binary}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Standardizer:
        return cls([float(v) for v in data["mean"]], [float(v) for v in data["std"]],
                   [bool(v) for v in data["binary"]])
