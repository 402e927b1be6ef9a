"""Where shipped and user-trained model files are found.

The repository keeps trained models in its top-level ``models/`` (each with a model card);
``pip install`` copies them to ``<prefix>/share/scrapy-boiler/models``. Lookup order:
``$BOILER_MODELS_DIR``, the checkout's ``models/`` (source and editable installs), the installed copy.
"""

from __future__ import annotations

import os
import site
import sysconfig
from pathlib import Path

MODELS_DIR_ENV = "BOILER_MODELS_DIR"
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
