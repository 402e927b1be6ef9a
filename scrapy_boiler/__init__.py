"""scrapy-boiler: the main content of every page a Scrapy crawler fetches.

>>> from scrapy_boiler import extract
>>> doc = extract(b"<html><body><p>" + b"Some words of a real sentence here. " * 5 + b"</p></body></html>")
>>> doc.blocks[0].label
'content'

The public surface: :func:`extract` and :func:`extract_many` give :class:`Document` objects; the model names
they take are listed by :func:`available_models` and checked, without loading anything, by
:func:`check_model`. The Scrapy components (:class:`Addon` and what it installs, :class:`IdleClose`) are
imported on first use, so ``extract`` alone never imports Scrapy.
"""

from scrapy_boiler.api import PageInput, extract, extract_many
from scrapy_boiler.document import Block, Breadcrumb, Document, Label, Metadata, PageType, Post, QAPair
from scrapy_boiler.extractors.model_files import ModelFileError, ModelUnavailable, UnknownModel
from scrapy_boiler.extractors.registry import available_models, check_model
from scrapy_boiler.limits import REASONS, WARNINGS, Limits, Reason, WarningCode

_SCRAPY_GLUE = {
    "Addon": "scrapy_boiler.integration.addon",
    "BoilerDownloaderMiddleware": "scrapy_boiler.integration.downloader",
    "BoilerSpiderMiddleware": "scrapy_boiler.integration.spider",
    "BoilerPipeline": "scrapy_boiler.integration.pipeline",
    "IdleClose": "scrapy_boiler.integration.idle",
}


def __getattr__(name: str) -> object:
    """The Scrapy components, imported on first use so ``extract`` alone never imports Scrapy."""
    if name in _SCRAPY_GLUE:
        import importlib

        return getattr(importlib.import_module(_SCRAPY_GLUE[name]), name)
    raise AttributeError(f"module 'scrapy_boiler' has no attribute {name!r}")


__all__ = [
    "REASONS", "WARNINGS", "Addon", "Block", "BoilerDownloaderMiddleware", "BoilerPipeline", "BoilerSpiderMiddleware",
    "Breadcrumb", "Document", "IdleClose", "Label", "Limits", "Metadata", "ModelFileError", "ModelUnavailable",
    "PageInput", "PageType", "Post", "QAPair", "Reason", "UnknownModel", "WarningCode", "available_models",
    "check_model", "extract", "extract_many",
]
__version__ = "0.1.0"
