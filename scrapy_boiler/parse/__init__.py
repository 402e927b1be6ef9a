"""Parse: bytes → text (charset) → cleaned lxml tree."""

from scrapy_boiler.parse.encoding import Decoded, decode_html
from scrapy_boiler.parse.html import ParsedPage, ParseError, parse_html

__all__ = ["Decoded", "ParseError", "ParsedPage", "decode_html", "parse_html"]
