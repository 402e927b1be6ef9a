"""A dependency-free progress bar on stderr: one line redrawn on a terminal, occasional plain lines in a log."""

from __future__ import annotations

import sys
import time
from typing import TextIO


class Progress:
    """``Progress(total, label)``; call :meth:`update` per step and :meth:`close` at the end.

    The ``\\r``-redrawn bar only goes to a terminal: in a log file or a pipe every frame would stay, so there a
    plain line is written every ``log_every`` seconds instead (none for steps quicker than that).
    """

    def __init__(self, total: int, label: str, *, enabled: bool = True, width: int = 24,
                 stream: TextIO | None = None, log_every: float = 30.0) -> None:
        self.total, self.label, self.enabled, self.width = max(1, total), label, enabled, width
        self.stream = stream if stream is not None else sys.stderr
        self.terminal = self.stream.isatty()
        self.interval = 0.5 if self.terminal else log_every
        self.done = 0
        self.start = time.monotonic()
        self.last_draw = self.start
        self.drawn = False

    def update(self, steps: int = 1, **info: float) -> None:
        self.done += steps
        now = time.monotonic()
        finished = self.terminal and self.done >= self.total
        if not self.enabled or (now - self.last_draw < self.interval and not finished):
            return
        self.last_draw = now
        self.drawn = True
        elapsed = now - self.start
        eta = elapsed / self.done * (self.total - self.done) if self.done else 0.0
        extra = " ".join(f"{k} {v:.4g}" for k, v in info.items())
        if self.terminal:
            filled = int(self.width * self.done / self.total)
            self.stream.write(f"\r{self.label} [{'#' * filled}{'.' * (self.width - filled)}] {self.done}/{self.total} "
                              f"{elapsed:.0f}s eta {eta:.0f}s {extra}   ")
        else:
            self.stream.write(f"{self.label}: {self.done}/{self.total} {elapsed:.0f}s eta {eta:.0f}s {extra}\n")
        self.stream.flush()

    def close(self) -> None:
        if self.enabled and self.terminal and self.drawn:
            self.stream.write("\n")
            self.stream.flush()
