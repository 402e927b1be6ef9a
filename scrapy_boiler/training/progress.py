"""A dependency-free progress bar on stderr (one line, redrawn)."""

from __future__ import annotations

import sys
import time


class Progress:
    """``Progress(total, label)``; call :meth:`update` per step and :meth:`close` at the end."""

    def __init__(self, total: int, label: str, *, enabled: bool = True, width: int = 24) -> None:
        self.total, self.label, self.enabled, self.width = max(1, total), label, enabled, width
        self.done = 0
        self.start = time.monotonic()
        self.last_draw = 0.0

    def update(self, steps: int = 1, **info: float) -> None:
        self.done += steps
        now = time.monotonic()
        if not self.enabled or (now - self.last_draw < 0.5 and self.done < self.total):
            return
        self.last_draw = now
        filled = int(self.width * self.done / self.total)
        elapsed = now - self.start
        eta = elapsed / self.done * (self.total - self.done) if self.done else 0.0
        extra = " ".join(f"{k} {v:.4g}" for k, v in info.items())
        sys.stderr.write(f"\r{self.label} [{'#' * filled}{'.' * (self.width - filled)}] {self.done}/{self.total} "
                         f"{elapsed:.0f}s eta {eta:.0f}s {extra}   ")
        sys.stderr.flush()

    def close(self) -> None:
        if self.enabled:
            sys.stderr.write("\n")
            sys.stderr.flush()
