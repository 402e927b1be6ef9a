"""Assemble: labelled blocks → text, HTML and (for type-2 models) posts."""

from scrapy_boiler.assemble.text import to_html, to_text

__all__ = ["to_html", "to_text"]
