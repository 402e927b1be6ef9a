"""The demo site in its own process, for the commands that measure crawls (``demo-bench``, ``demo-load``,
``demo-scale``).

A separate process keeps the server's CPU time and GIL out of the crawler being measured.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

PROJECT_DIR = Path(__file__).resolve().parent.parent


@contextmanager
def demo_server(*options: str) -> Iterator[str]:
    """Run ``python -m demo_site --port 0 OPTIONS`` and yield its URL; stop it on exit."""
    with demo_server_process(*options) as (url, _):
        yield url


@contextmanager
def demo_server_process(*options: str) -> Iterator[tuple[str, int]]:
    """:func:`demo_server`, yielding the server's process id too (to measure its CPU)."""
    command = [sys.executable, "-m", "demo_site", "--port", "0", *options]
    server = subprocess.Popen(command, cwd=PROJECT_DIR, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        assert server.stdout is not None
        url = server.stdout.readline().strip()
        if not url.startswith("http://"):
            raise RuntimeError(f"demo server did not start (exit code {server.poll()})")
        yield url, server.pid
    finally:
        server.terminate()
        server.wait(timeout=10)
