"""Where shipped and user-trained model files are found.

The repository keeps trained models in its top-level ``models/`` (each with a model card);
``pip install`` copies them to ``<prefix>/share/scrapy-boiler/models``. Lookup order:
``$BOILER_MODELS_DIR``, the checkout's ``models/`` (source and editable installs), the installed copy.

Every file layout carries a format version (:data:`FORMAT_VERSION`): readers accept files without one
(written before versions were recorded, such as the shipped models) as version 1 and refuse a higher
version than they know with a clear :class:`~scrapy_boiler.model_errors.ModelFileError`, as they refuse
damaged files (:func:`read_json`, :func:`interpreting`).
"""

from __future__ import annotations

import json
import os
import re
import site
import sysconfig
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from scrapy_boiler.model_errors import UPGRADE, ModelFileError, UnknownModel

MODELS_DIR_ENV = "BOILER_MODELS_DIR"
#: The model-file format this scrapy-boiler writes, and the newest it reads.
FORMAT_VERSION = 1
_INSTALLED = Path("share") / "scrapy-boiler" / "models"


def search_dirs() -> list[Path]:
    """Every folder searched for model files, in order."""
    dirs = []
    if os.environ.get(MODELS_DIR_ENV):
        dirs.append(Path(os.environ[MODELS_DIR_ENV]))
    dirs.append(Path(__file__).resolve().parent.parent / "models")
    dirs.append(Path(sysconfig.get_path("data")) / _INSTALLED)
    if site.USER_BASE:
        dirs.append(Path(site.USER_BASE) / _INSTALLED)
    return dirs


def model_file(name: str) -> Path:
    """The first ``name`` found in :func:`search_dirs`; ``FileNotFoundError`` lists where it looked."""
    for folder in search_dirs():
        path = folder / name
        if path.exists():
            return path
    looked = ", ".join(str(folder) for folder in search_dirs())
    raise FileNotFoundError(f"model file {name!r} not found in {looked} (set {MODELS_DIR_ENV} to its folder)")


def check_format(value: Any, path: str | Path, kind: str) -> int:
    """The format version recorded in a ``kind`` model file, refusing versions newer than this code reads.

    ``value`` is the file's format field: missing (``None``: a file from before versions, read as 1), a
    number, or a ``scrapy-boiler/KIND/N`` string (SemText configs, which older readers compare as text).
    """
    if value is None:
        return 1
    if isinstance(value, int) and not isinstance(value, bool):
        version = value
    elif isinstance(value, str) and (match := re.fullmatch(r"scrapy-boiler/([a-z0-9-]+)/(\d+)", value)):
        if match[1] != kind:
            raise ModelFileError(path, f"is a {match[1]} model file, not a {kind} one")
        version = int(match[2])
    else:
        raise ModelFileError(path, f"has an unrecognised format field {value!r} for a {kind} model")
    if version > FORMAT_VERSION:
        raise ModelFileError(path, f"written by a newer scrapy-boiler (format {version}); this one reads "
                                   f"format {FORMAT_VERSION}", UPGRADE)
    if version < 1:
        raise ModelFileError(path, f"has an invalid format version {version}")
    return version


def read_json(path: str | Path) -> dict[str, Any]:
    """A JSON object from a model file; a missing, unreadable or malformed file is a ModelFileError."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ModelFileError(path, "does not exist") from None
    except OSError as exc:
        raise ModelFileError(path, f"cannot be read ({exc.strerror or exc})") from exc
    except UnicodeDecodeError as exc:
        raise ModelFileError(path, f"is not UTF-8 text (byte {exc.start})") from exc
    except json.JSONDecodeError as exc:
        raise ModelFileError(path, f"is not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from exc
    if not isinstance(data, dict):
        raise ModelFileError(path, f"holds a JSON {type(data).__name__}, not the object of a model config")
    return data


@contextmanager
def interpreting(path: str | Path, what: str = "config") -> Iterator[None]:
    """Turn the errors of building a model from a file's ``what`` into a ModelFileError naming the file.

    Missing keys, wrong types and impossible values in a config surface as KeyError, TypeError or
    ValueError (and RuntimeError from torch for impossible sizes) deep inside constructors.
    """
    try:
        yield
    except UnknownModel:  # ModelFileError, or a model this one needs that is unavailable: already explained
        raise
    except KeyError as exc:
        raise ModelFileError(path, f"its {what} has no {exc.args[0]!r} entry") from exc
    except (TypeError, ValueError, AttributeError, IndexError, RuntimeError) as exc:
        raise ModelFileError(path, f"its {what} is not valid ({type(exc).__name__}: {first_line(exc)})") from exc


def first_line(exc: BaseException, limit: int = 200) -> str:
    """The first line of an exception's message, cut to ``limit`` characters, for one-line error messages."""
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    return text if len(text) <= limit else text[:limit] + "..."
