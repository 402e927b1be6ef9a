"""Shared fixtures and the test folders.

* ``tests/unit/``: fast, in-process tests on pages written for them (``tests/pages/``) and small objects;
  ``pytest tests/unit`` runs them alone in well under a minute.
* ``tests/crawl/``: real crawls against a local HTTP server, Scrapy commands and the example project, each in
  its own process (marked ``crawl``).
* ``tests/gates/``: accuracy gates on the corpora in ``../shared/datasets``; they skip with the reason when the
  corpora are absent (marked ``gate``).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

TESTS = Path(__file__).parent
PAGES = TESTS / "pages"
_MARKS = {"crawl": pytest.mark.crawl, "gates": pytest.mark.gate}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test by its folder, so ``-m "not crawl and not gate"`` picks the fast ones anywhere."""
    for item in items:
        folder = item.path.parent.name
        if folder in _MARKS:
            item.add_marker(_MARKS[folder])


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


@pytest.fixture
def need_corpus() -> Callable[[str], None]:
    """``need_corpus("fundus-train")`` skips the test, saying why, unless that corpus is in ``../shared/datasets``
    (or ``$BOILER_DATA_DIR``): the gates run where the corpora are and skip with a reason elsewhere."""
    from scrapy_boiler.datasets import DatasetNotFound, available_datasets, find_data_dir

    def need(name: str) -> None:
        try:
            data_dir = find_data_dir()
        except DatasetNotFound as exc:
            pytest.skip(f"needs the corpora: {exc}")
        if name not in available_datasets(data_dir):
            pytest.skip(f"needs {name} in {data_dir}")

    return need
