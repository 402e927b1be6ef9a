"""Model files: where they are found, how they are read safely, and every way they can be unusable.

**Where.** The repository keeps trained models in its top-level ``models/`` (each with a model card);
``pip install`` copies them to ``<prefix>/share/scrapy-boiler/models``. Lookup order: ``$BOILER_MODELS_DIR``,
the checkout's ``models/`` (source and editable installs), the installed copy (:func:`model_file`).

**Safely.** Weights are tensors only, loaded with ``torch.load(weights_only=True)`` so no pickled code runs;
configs are JSON. :func:`torch.save` writes a zip archive with a CRC-32 per record, which ``torch.load`` does
not verify, so :func:`load_tensors` checks every record first: damaged weights never load silently. torch is
imported inside the functions that need it, so the rule models (which read rules and JSON files through this
module) never import it.

**Versions.** Every file layout carries a format version (:data:`FORMAT_VERSION`): readers accept files
without one (written before versions were recorded, such as the shipped models) as version 1 and refuse a
newer one (:func:`check_format`).

**Errors.** One hierarchy, so one ``except UnknownModel`` (a ``KeyError``) catches every case:
:class:`UnknownModel` (not a model name) ⊃ :class:`ModelUnavailable` (its packages or files are missing) ⊃
:class:`ModelFileError` (a file that is damaged, not a model, or newer; the message names the file, what is
wrong and what to do).
"""

from __future__ import annotations

import json
import os
import pickle
import re
import site
import sysconfig
import zipfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import torch
    from torch import nn

MODELS_DIR_ENV = "BOILER_MODELS_DIR"
#: The model-file format this scrapy-boiler writes, and the newest it reads.
FORMAT_VERSION = 1
_INSTALLED = Path("share") / "scrapy-boiler" / "models"
#: The checkout's top-level ``models/`` folder (this file is ``scrapy_boiler/extractors/model_files.py``).
_CHECKOUT_MODELS = Path(__file__).resolve().parents[2] / "models"

#: What to do about a damaged or unreadable model file.
REPAIR = ("delete it and retrain it (scrapy boiler-train), or reinstall scrapy-boiler if it is a shipped model "
          "(see models/README.md)")
#: What to do about a file written by a newer scrapy-boiler.
UPGRADE = "upgrade scrapy-boiler or retrain the model with this version"
#: What to do about a file that holds pickled objects besides tensors.
_NOT_OURS = ("scrapy-boiler only loads files of tensors and plain values, because unpickling other objects can "
             "run arbitrary code; retrain the model with scrapy boiler-train, or reinstall scrapy-boiler if it is "
             "a shipped model")


class UnknownModel(KeyError):
    """The model name is not one of :func:`~scrapy_boiler.available_models`."""

    def __init__(self, name: str, available: Sequence[str] = (), forms: str = "") -> None:
        super().__init__(name, tuple(available), forms)

    def __str__(self) -> str:
        available = self.args[1] if len(self.args) > 1 else ()
        forms = self.args[2] if len(self.args) > 2 else ""
        text = f"unknown model {self.args[0]!r}"
        text = f"{text}; available: {', '.join(available)}" if available else text
        return f"{text}; {forms}" if forms else text


class ModelUnavailable(UnknownModel):
    """The model exists but cannot be built here: its optional dependencies or its files are missing."""

    def __init__(self, message: str) -> None:
        KeyError.__init__(self, message)

    def __str__(self) -> str:
        return str(self.args[0])


class ModelFileError(ModelUnavailable):
    """A model file that cannot be used: missing, damaged, not a model, or written by a newer scrapy-boiler.

    The message names the file, says what is wrong and what to do; ``path`` and ``problem`` keep the parts.
    """

    def __init__(self, path: str | Path, problem: str, remedy: str = REPAIR) -> None:
        self.path = str(path)
        self.problem = problem
        self.remedy = remedy
        super().__init__(f"model file {self.path}: {problem}; {remedy}")

    def __reduce__(self) -> tuple[type[ModelFileError], tuple[str, str, str]]:
        # the default rebuilds from ``args`` (the message), which does not match ``__init__``
        return type(self), (self.path, self.problem, self.remedy)


def search_dirs() -> list[Path]:
    """Every folder searched for model files, in order."""
    override = [Path(os.environ[MODELS_DIR_ENV])] if os.environ.get(MODELS_DIR_ENV) else []
    return override + shipped_dirs()


def shipped_dirs() -> list[Path]:
    """The folders holding the shipped models: the checkout's ``models/`` and the installed copies (trainers
    replace a file there only with ``--force``)."""
    dirs = [_CHECKOUT_MODELS, Path(sysconfig.get_path("data")) / _INSTALLED]
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


def file_kind(path: str | Path, kinds: Sequence[str]) -> str | None:
    """Which of ``kinds`` wrote the model file ``path``, read from the file itself (None: not recognisable).

    ``.rules``: a tree. JSON with a ``scrapy-boiler/KIND/N`` format field: blend or a SemText config (a SemText
    ``.pt`` or bare prefix is recognised by that config beside it). Other ``.pt`` files are torch archives whose
    config records ``"kind": KIND`` (Web2Text, MultiBoilerNet); it is found in the archive's pickle without
    importing torch.
    """
    path = Path(path)
    if path.suffix == ".rules":
        return "tree" if "tree" in kinds else None
    if path.suffix in (".pt", "") and path.with_suffix(".json").is_file():
        kind = _json_kind(path.with_suffix(".json"), kinds)
        if kind == "semtext":
            return kind
    if path.suffix == ".json":
        return _json_kind(path, kinds)
    try:
        with zipfile.ZipFile(path) as archive:
            pickled = next((archive.read(name) for name in archive.namelist() if name.endswith("data.pkl")), b"")
    except (OSError, zipfile.BadZipFile, EOFError, ValueError, NotImplementedError):
        return None
    return next((kind for kind in kinds if f'"kind": "{kind}"'.encode() in pickled), None)


def _json_kind(path: Path, kinds: Sequence[str]) -> str | None:
    try:
        value = read_json(path).get("format")
    except ModelFileError:
        return None
    match = re.fullmatch(r"scrapy-boiler/([a-z0-9-]+)/\d+", value) if isinstance(value, str) else None
    return match[1] if match and match[1] in kinds else None


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


def save_tensors(obj: dict[str, Any], path: str | Path) -> None:
    """Save a dict of tensors / numbers / strings / nested dicts and lists atomically."""
    import torch

    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(path.suffix + ".tmp")
    torch.save(obj, tmp)
    tmp.replace(path)


def load_tensors(path: str | Path, device: str | torch.device = "cpu") -> dict[str, Any]:
    """Load what :func:`save_tensors` wrote, refusing anything but intact tensors and plain containers."""
    import torch

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


def save_model(path: str | Path, model: nn.Module, config: dict[str, Any], *, half: bool = False) -> None:
    """Write a feature network's weights and config to one file (``{"config": JSON text, "state": tensors}``).

    Used by Web2Text and MultiBoilerNet. ``half`` stores floating-point weights as float16, halving the file;
    loading casts them back into the model's float32 parameters.
    """
    state = {name: tensor.detach().cpu() for name, tensor in model.state_dict().items()}
    if half:
        state = {name: t.half() if t.is_floating_point() else t for name, t in state.items()}
    save_tensors({"config": json.dumps({**config, "format": FORMAT_VERSION}), "state": state}, path)


def load_payload(path: str | Path, kind: str) -> tuple[dict[str, Any], dict[str, torch.Tensor]]:
    """(config, state dict) of a ``kind`` model file, checked to be one in a format this code reads."""
    payload = load_tensors(path)
    config_text, state = payload.get("config"), payload.get("state")
    if not isinstance(config_text, str) or not isinstance(state, dict):
        raise ModelFileError(path, "is not a scrapy-boiler model file (it has no config and state)")
    try:
        config = json.loads(config_text)
    except json.JSONDecodeError as exc:
        raise ModelFileError(path, f"its config is not valid JSON ({exc.msg} at character {exc.pos})") from None
    if not isinstance(config, dict):
        raise ModelFileError(path, "its config is not a JSON object")
    check_format(config.get("format"), path, kind)
    if config.get("kind", kind) != kind:
        raise ModelFileError(path, f"is a {config['kind']} model file, not a {kind} one",
                             f"load it as {config['kind']!r}, or give the path of a {kind} model")
    return config, state


def load_state(module: nn.Module, state: dict[str, Any], path: str | Path) -> None:
    """Put a file's weights into the network built from its config; a mismatch names the file.

    ``load_state_dict`` copies float16 weights (``save_model(half=True)``) into float32 parameters.
    """
    import torch

    if not all(isinstance(value, torch.Tensor) for value in state.values()):
        raise ModelFileError(path, "its weights are not all tensors")
    try:
        module.load_state_dict(state)
    except (RuntimeError, TypeError, ValueError) as exc:
        detail = " ".join(str(exc).split())
        detail = detail if len(detail) <= 300 else detail[:300] + "..."
        raise ModelFileError(path, f"its weights do not fit the network its config describes ({detail})") from exc
