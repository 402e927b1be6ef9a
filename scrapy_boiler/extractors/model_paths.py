"""``KIND:PATH`` model names: which kind and file a name stands for, before any loader meets the file.

``scrapy boiler-train KIND --out PATH`` writes a file users name as ``KIND:PATH``, or by its path alone when the
file says what it is (:func:`~scrapy_boiler.extractors.model_files.file_kind`). A file named with the wrong kind
(``semtext:web2text.pt``) is refused here in one line naming the kind the file says it is, instead of failing in
the wrong loader on some missing key. The loaders themselves are in :mod:`~scrapy_boiler.extractors.registry`;
this module imports no model family.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

from scrapy_boiler.extractors.base import Extractor
from scrapy_boiler.extractors.model_files import ModelFileError, file_kind

FileLoader = Callable[[str, str], Extractor]


@dataclass(frozen=True)
class FileKind:
    """How ``KIND:PATH`` loads (``loader(path, device)``), the packages it needs, the files PATH stands for."""

    loader: FileLoader
    modules: tuple[str, ...] = ()
    files: Callable[[str], tuple[Path, ...]] = lambda path: (Path(path),)


def semtext_prefix(path: str | Path) -> Path:
    """``OUT`` of a SemText model named by ``OUT``, ``OUT.pt`` or ``OUT.json``."""
    path = Path(path)
    return path.with_suffix("") if path.suffix in (".pt", ".json") else path


def looks_like_path(name: str) -> bool:
    return "/" in name or os.sep in name or Path(name).suffix in (".rules", ".pt", ".json") or Path(name).exists()


def as_file(name: str, kinds: Mapping[str, FileKind]) -> tuple[str, str] | None:
    """(kind, path) of a ``KIND:PATH`` name or of a model file's bare path; None for other names.

    Raises ModelFileError for a bare path that does not exist or whose kind the file does not tell, and for a
    ``KIND:PATH`` whose file says it is another of ``kinds``.
    """
    kind, sep, path = name.partition(":")
    if sep and kind in kinds:
        written_by = file_kind(path, tuple(kinds))
        if written_by is not None and written_by != kind:
            raise ModelFileError(path, f"is a {written_by} model, not a {kind} one",
                                 f"use -m {written_by}:{path} (or the path alone)")
        return kind, path
    if not looks_like_path(name) or (sep and not Path(name).exists()):  # ``nokind:x.pt``: an unknown kind
        return None
    if not Path(name).exists() and not Path(name).with_suffix(".json").is_file():
        raise ModelFileError(name, "does not exist", "check the path (or the model name, if it was meant as one)")
    kind = file_kind(name, tuple(kinds))
    if kind is None:
        model = next((p for p in (Path(name).with_suffix(".pt"), Path(name).with_suffix(".rules")) if p.is_file()
                      and Path(name).suffix == ".json"), None)
        remedy = (f"give the model file beside it, {model} (this .json is its run record)" if model else
                  f"name the kind: KIND:{name} with KIND one of {', '.join(kinds)}")
        raise ModelFileError(name, "does not say which kind of model it is", remedy)
    return kind, name
