"""Trainers behind ``scrapy boiler-train KIND``, and the machinery the neural ones share.

Each kind is a module exposing ``SUMMARY`` (one line for ``--help``), ``add_arguments(parser)`` (its
options; the common ones come from :func:`scrapy_boiler.training.common.add_common_arguments`) and
``run(args) -> None`` (raises ValueError/OSError/DatasetNotFound for bad input). A new kind is
one line in :data:`TRAINERS`; modules are imported only when their kind is used, so listing the
kinds never imports torch.

How to plug a neural model in (see :mod:`scrapy_boiler.training.semtext` for a complete example):

1. **Data.** :func:`~scrapy_boiler.training.data.labelled_pages` yields annotated pages with their
   parsed tree, reference leaves and gold leaf labels; turn each into your own light example
   (features + labels), then :func:`~scrapy_boiler.training.data.seeded_split` makes the 75/25
   train/validation split. :class:`~scrapy_boiler.training.data.ExampleCache` stores prepared
   examples as JSON so repeated runs skip parsing and alignment.
2. **Task.** Write a class with the :class:`~scrapy_boiler.training.loop.Task` protocol: ``module``
   (the ``torch.nn.Module``), ``batches(items, rng)`` (one epoch of training batches), ``loss(batch)``,
   ``validate(items)`` (a dict with at least ``"f1"``) and ``save_best(path)`` (your weights, in a
   safe format: use :func:`~scrapy_boiler.training.checkpoint.save_tensors`).
3. **Loop.** :func:`~scrapy_boiler.training.loop.fit` runs the epochs with a progress bar, keeps the
   best validation-F1 weights (``save_best``), writes a resumable checkpoint after every epoch
   (``resume=True`` continues from it), is deterministic for a seed, and
   :func:`~scrapy_boiler.training.plot.write_curves` saves the loss/F1 plot as SVG.
4. **Command.** Add the module to :data:`TRAINERS`. Device: :func:`scrapy_boiler.neural.device.pick_device`
   (CUDA when present, else CPU); keep CPU training at 1-2 threads (``torch.set_num_threads``):
   more threads than free cores make PyTorch's CPU kernels much slower.
"""

from __future__ import annotations

import importlib
from types import ModuleType

TRAINERS: dict[str, str] = {
    "tree": "scrapy_boiler.training.tree",
    "semtext": "scrapy_boiler.training.semtext",
    "web2text": "scrapy_boiler.training.web2text",
    "multiboilernet": "scrapy_boiler.training.multiboilernet",
}


def load_trainer(kind: str) -> ModuleType:
    """The trainer module of ``kind``; raises KeyError for unknown kinds."""
    return importlib.import_module(TRAINERS[kind])
