"""Trainers behind ``scrapy boiler-train KIND``.

Each kind is a module exposing ``SUMMARY`` (one line for ``--help``), ``add_arguments(parser)`` (its
options; the common ones come from :func:`scrapy_boiler.training.common.add_common_arguments`) and
``run(args) -> None`` (raises ValueError/OSError/DatasetNotFound for bad input). A new kind is
one line in :data:`TRAINERS`; modules are imported only when their kind is used, so listing the
kinds never imports torch.
"""

from __future__ import annotations

import importlib
from types import ModuleType

TRAINERS: dict[str, str] = {
    "tree": "scrapy_boiler.training.tree",
}


def load_trainer(kind: str) -> ModuleType:
    """The trainer module of ``kind``; raises KeyError for unknown kinds."""
    return importlib.import_module(TRAINERS[kind])
