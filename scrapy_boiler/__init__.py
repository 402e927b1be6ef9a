"""scrapy-boiler: the main content of every page a Scrapy crawler fetches.

>>> from scrapy_boiler import extract
>>> doc = extract(b"<html><body><p>" + b"Some words of a real sentence here. " * 5 + b"</p></body></html>")
>>> doc.blocks[0].label
'content'
"""

from scrapy_boiler.api import PageInput, extract, extract_many
from scrapy_boiler.document import Block, Document, Post, QAPair
from scrapy_boiler.limits import Limits
from scrapy_boiler.registry import ModelUnavailable, UnknownModel, available_models

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
    "Addon", "Block", "BoilerDownloaderMiddleware", "BoilerPipeline", "BoilerSpiderMiddleware", "Document",
    "IdleClose", "Limits", "ModelUnavailable", "PageInput", "Post", "QAPair", "UnknownModel", "available_models",
    "extract", "extract_many",
]
__version__ = "0.1.0"
