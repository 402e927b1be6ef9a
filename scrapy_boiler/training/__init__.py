"""Trainers behind ``scrapy boiler-train KIND``, and the machinery the neural ones share.

Each kind is a folder named after its model family (``training/semtext/`` trains
``extractors/semtext/``) with two modules:

* ``options.py``: ``SUMMARY`` (one line for ``--help``) and ``add_arguments(parser)`` (its options; the
  common ones come from :func:`scrapy_boiler.training.common.add_common_arguments`). It never imports
  torch, so listing the kinds and their options stays light;
* ``fit.py``: ``run(args)``, the fitting itself (raises ValueError/OSError/DatasetNotFound for bad input).
  It may import torch and reads its defaults from ``options.py``, never the other way round.

A new kind is one line in :data:`TRAINERS`. How to plug a neural model in (see
:mod:`scrapy_boiler.training.semtext.fit` for a complete example):

1. **Data.** :func:`~scrapy_boiler.training.data.labelled_pages` yields annotated pages with their
   parsed tree, reference leaves and gold leaf labels; turn each into your own light example
   (features + labels), then :func:`~scrapy_boiler.training.data.seeded_split` makes the 75/25
   train/validation split. :class:`~scrapy_boiler.training.data.ExampleCache` stores prepared
   examples as JSON so repeated runs skip parsing and alignment.
2. **Task.** Write a class with the :class:`~scrapy_boiler.training.loop.Task` protocol: ``module``
   (the ``torch.nn.Module``), ``batches(items, rng)`` (one epoch of training batches), ``loss(batch)``,
   ``validate(items)`` (a dict with at least ``"f1"``) and ``save_best(path)`` (your weights, in a
   safe format: use :func:`~scrapy_boiler.extractors.model_files.save_tensors`).
3. **Loop.** :func:`~scrapy_boiler.training.loop.fit` runs the epochs with a progress bar, keeps the
   best validation-F1 weights (``save_best``), writes a resumable checkpoint after every epoch
   (``resume=True`` continues from it), is deterministic for a seed, and
   :func:`~scrapy_boiler.training.plot.write_curves` saves the loss/F1 plot as SVG.
4. **Card.** Describe the run in a :class:`~scrapy_boiler.training.card.Card` and
   :func:`~scrapy_boiler.training.card.write_card` writes ``OUT.md`` and the run record beside the model
   (add the paper to :data:`~scrapy_boiler.training.card.PAPERS`), and a ``KIND:PATH`` loader to
   ``extractors/registry.py`` makes the file selectable.
5. **Command.** Add the folder to :data:`TRAINERS`. Device: :func:`scrapy_boiler.extractors.device.pick_device`
   (CUDA when present, else CPU); keep CPU training at 1-2 threads (``torch.set_num_threads``):
   more threads than free cores make PyTorch's CPU kernels much slower.
"""

from __future__ import annotations

import argparse
import importlib
from types import ModuleType
from typing import Any

#: Trainer kinds and the package holding each one's ``options`` and ``fit`` modules.
TRAINERS: dict[str, str] = {
    "tree": "scrapy_boiler.training.tree",
    "blend": "scrapy_boiler.training.blend",
    "semtext": "scrapy_boiler.training.semtext",
    "web2text": "scrapy_boiler.training.web2text",
    "multiboilernet": "scrapy_boiler.training.multiboilernet",
}


def trainer_options(kind: str) -> ModuleType:
    """The torch-free ``options`` module of ``kind`` (``SUMMARY``, ``add_arguments``); KeyError for unknown kinds."""
    return importlib.import_module(f"{TRAINERS[kind]}.options")


def run_trainer(kind: str, args: argparse.Namespace) -> Any:
    """Train a ``kind`` model with the parsed options ``args`` (what its ``fit.run`` returns)."""
    return importlib.import_module(f"{TRAINERS[kind]}.fit").run(args)
