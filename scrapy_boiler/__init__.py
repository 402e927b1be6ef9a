"""scrapy-boiler: the main content of every page a Scrapy crawler fetches.

>>> from scrapy_boiler import extract
>>> doc = extract(b"<html><body><p>" + b"Some words of a real sentence here. " * 5 + b"</p></body></html>")
>>> doc.blocks[0].label
'content'
"""

from scrapy_boiler.api import PageInput, extract, extract_many
from scrapy_boiler.document import Block, Document, Post, QAPair
from scrapy_boiler.registry import UnknownModel, available_models

__all__ = [
    "Block", "Document", "PageInput", "Post", "QAPair", "UnknownModel", "available_models", "extract", "extract_many",
]
__version__ = "0.1.0"
