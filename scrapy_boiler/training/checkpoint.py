"""Safe weights on disk: tensors only, loaded with ``torch.load(weights_only=True)`` (no pickled code runs).

Reading checks the file first: :func:`torch.save` writes a zip archive with a CRC-32 per record, which
``torch.load`` does not verify, so a file with damaged tensor bytes would load as silently wrong
weights. :func:`load_tensors` verifies every CRC (a few ms for our largest file) and turns every way a
file can be bad into a :class:`~scrapy_boiler.model_errors.ModelFileError` naming it.
"""

from __future__ import annotations

import pickle
import re
import zipfile
from pathlib import Path
from typing import Any

import torch

from scrapy_boiler.model_errors import ModelFileError
from scrapy_boiler.model_files import first_line

#: What to do about a file that holds pickled objects besides tensors.
_NOT_OURS = ("scrapy-boiler only loads files of tensors and plain values, because unpickling other objects can "
             "run arbitrary code; retrain the model with scrapy boiler-train, or reinstall scrapy-boiler if it is "
             "a shipped model")


def save_tensors(obj: dict[str, Any], path: str | Path) -> None:
    """Save a dict of tensors / numbers / strings / nested dicts and lists atomically."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(path.suffix + ".tmp")
    torch.save(obj, tmp)
    tmp.replace(path)


def load_tensors(path: str | Path, device: str | torch.device = "cpu") -> dict[str, Any]:
    """Load what :func:`save_tensors` wrote, refusing anything but intact tensors and plain containers."""
    path = Path(path)
    verify_archive(path)
    try:
        data = torch.load(path, map_location=device, weights_only=True)
    except pickle.UnpicklingError as exc:
        raise ModelFileError(path, f"holds pickled objects that are not tensors ({_refused(exc)}); refused",
                             _NOT_OURS) from None
    except (RuntimeError, EOFError, OSError, KeyError, ValueError, TypeError) as exc:
        raise ModelFileError(path, f"cannot be read as tensors ({type(exc).__name__}: {first_line(exc)})") from exc
    if not isinstance(data, dict):
        raise ModelFileError(path, f"holds a {type(data).__name__}, not the dict of a scrapy-boiler model file")
    return data


def verify_archive(path: Path) -> None:
    """Raise ModelFileError unless ``path`` is a complete torch zip archive whose every record has a good CRC."""
    try:
        with zipfile.ZipFile(path) as archive:
            bad = archive.testzip()
    except FileNotFoundError:
        raise ModelFileError(path, "does not exist") from None
    except IsADirectoryError:
        raise ModelFileError(path, "is a directory, not a weights file") from None
    except OSError as exc:
        raise ModelFileError(path, f"cannot be read ({exc.strerror or exc})") from exc
    except (zipfile.BadZipFile, EOFError, ValueError, NotImplementedError) as exc:
        raise ModelFileError(path, f"is truncated or corrupt: not a complete torch weights archive ({exc})") from None
    if bad is not None:
        raise ModelFileError(path, f"is corrupt: record {bad!r} fails its checksum")


def _refused(exc: pickle.UnpicklingError) -> str:
    """What torch's long weights-only message says was refused (``GLOBAL posix.system`` → ``posix.system``)."""
    match = re.search(r"GLOBAL ([\w.]+)", str(exc))
    return f"unpickling it needs the Python global {match[1]}" if match else "torch's weights-only unpickler refused it"
