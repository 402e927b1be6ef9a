"""Shared fixtures: pages written for the tests live in tests/pages/."""

from __future__ import annotations

from pathlib import Path

import pytest

PAGES = Path(__file__).parent / "pages"


@pytest.fixture
def page_bytes():
    def read(name: str) -> bytes:
        return (PAGES / name).read_bytes()

    return read


@pytest.fixture
def fresh_registry():
    """Models built or checked by a test neither leak into other tests nor come from them."""
    from scrapy_boiler.extractors import registry

    registry._clear_caches()
    yield registry
    registry._clear_caches()

