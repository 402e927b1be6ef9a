"""Training machinery shared by the trainable models (``scrapy boiler-train KIND ...``).

How to plug a model in (see :mod:`scrapy_boiler.training.semtext` for a complete example):

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
4. **Command.** A module ``scrapy_boiler/training/<kind>.py`` with ``add_arguments(parser)`` and
   ``run(args)`` is what ``scrapy boiler-train <kind>`` dispatches to.

Device: :func:`scrapy_boiler.neural.device.pick_device` (CUDA when present, else CPU).
"""
