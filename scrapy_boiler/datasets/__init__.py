"""Annotated corpora for evaluation and training, and the alignment that labels their blocks.

>>> from scrapy_boiler.datasets import load, label_blocks
>>> label_blocks(["Home", "The article text itself.", "Contact"], "The article text itself.")
[False, True, False]
"""

from scrapy_boiler.datasets.alignment import align_blocks, label_blocks, label_blocks_from_spans
from scrapy_boiler.datasets.corpora import (
    DATASETS,
    DatasetNotFound,
    Page,
    available_datasets,
    find_data_dir,
    load,
    load_folder,
)
from scrapy_boiler.datasets.labels import LabelledPage, label_page, load_labelled

__all__ = [
    "DATASETS",
    "DatasetNotFound",
    "LabelledPage",
    "Page",
    "align_blocks",
    "available_datasets",
    "find_data_dir",
    "label_blocks",
    "label_blocks_from_spans",
    "label_page",
    "load",
    "load_folder",
    "load_labelled",
]
