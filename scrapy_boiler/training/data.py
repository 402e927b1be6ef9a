"""Annotated pages for training: labelled reference leaves, seeded splits and a cache of prepared examples."""

from __future__ import annotations

import gzip
import hashlib
import json
import random
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, TypeVar

from scrapy_boiler.datasets.labels import LabelledPage, load_labelled

T = TypeVar("T")


def labelled_pages(specs: Iterable[str], *, data_dir: str | None = None, limit: int | None = None,
                   progress: bool = True) -> Iterator[LabelledPage]:
    """Pages of every dataset spec with gold labels on the reference leaves and the parsed tree kept."""
    for spec in specs:
        count = 0
        for count, page in enumerate(load_labelled(spec, data_dir=data_dir, limit=limit), 1):
            if progress and count % 100 == 0:
                print(f"  {spec}: {count} pages prepared", file=sys.stderr, flush=True)
            if page.parsed is not None and page.leaves:
                yield page
        if progress:
            print(f"  {spec}: {count} pages", file=sys.stderr, flush=True)


def seeded_split(items: Sequence[T], seed: int, valid_share: float = 0.25) -> tuple[list[T], list[T]]:
    """Shuffle with ``random.Random(seed)`` and cut off ``valid_share`` for validation (the paper's 75/25)."""
    order = list(range(len(items)))
    random.Random(seed).shuffle(order)
    cut = round(len(items) * valid_share)
    valid = sorted(order[:cut])
    train = sorted(order[cut:])
    return [items[i] for i in train], [items[i] for i in valid]


class ExampleCache:
    """Prepared examples (JSON-serialisable dicts) per dataset spec, gzip JSON lines under ``folder``.

    ``version`` names the preparation (e.g. ``"semtext-1"``): change it when the preparation changes.
    """

    def __init__(self, folder: str | Path | None, version: str) -> None:
        self.folder = Path(folder) if folder else None
        self.version = version

    def _path(self, spec: str, limit: int | None) -> Path | None:
        if self.folder is None:
            return None
        key = hashlib.sha256(f"{self.version}|{spec}|{limit}".encode()).hexdigest()[:16]
        safe = "".join(c if c.isalnum() or c in "-_" else "_" for c in spec)
        return self.folder / f"{self.version}-{safe}-{key}.jsonl.gz"

    def load_or_prepare(
        self, spec: str, prepare: Callable[[LabelledPage], dict[str, Any] | None], *,
        data_dir: str | None = None, limit: int | None = None, progress: bool = True,
    ) -> list[dict[str, Any]]:
        """Examples of ``spec``: read from the cache, or prepared from the corpus and cached."""
        path = self._path(spec, limit)
        if path is not None and path.is_file():
            with gzip.open(path, "rt", encoding="utf-8") as handle:
                return [json.loads(line) for line in handle]
        examples = []
        for page in labelled_pages([spec], data_dir=data_dir, limit=limit, progress=progress):
            example = prepare(page)
            if example is not None:
                examples.append(example)
        if path is not None:
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp = path.with_suffix(".tmp")
            with gzip.open(tmp, "wt", encoding="utf-8") as handle:
                for example in examples:
                    handle.write(json.dumps(example) + "\n")
            tmp.replace(path)
        return examples

