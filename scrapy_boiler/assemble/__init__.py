"""Assemble: a labelled page → its Document: text, clean HTML, public blocks, headline, posts and Q&A pairs."""

from scrapy_boiler.assemble.page import assemble
from scrapy_boiler.assemble.render import to_html, to_text

__all__ = ["assemble", "to_html", "to_text"]
