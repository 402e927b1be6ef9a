"""Why a model cannot be used: an unknown name, a missing optional dependency, or a bad model file.

A leaf module (it imports nothing from the package) so that file readers deep in the package can raise
the same exceptions as :mod:`scrapy_boiler.registry`, which re-exports them, without importing it.
The hierarchy lets one ``except UnknownModel`` (a ``KeyError``) catch every case.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

#: What to do about a damaged or unreadable model file.
REPAIR = ("delete it and retrain it (scrapy boiler-train), or reinstall scrapy-boiler if it is a shipped model "
          "(see models/README.md)")
#: What to do about a file written by a newer scrapy-boiler.
UPGRADE = "upgrade scrapy-boiler or retrain the model with this version"


class UnknownModel(KeyError):
    """The model name is not one of :func:`~scrapy_boiler.registry.available_models`."""

    def __init__(self, name: str, available: Sequence[str] = ()) -> None:
        super().__init__(name, tuple(available))

    def __str__(self) -> str:
        available = self.args[1] if len(self.args) > 1 else ()
        text = f"unknown model {self.args[0]!r}"
        return f"{text}; available: {', '.join(available)}" if available else text


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
