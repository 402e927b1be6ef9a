"""An API reference's entries in a documentation page: a class's or function's signature and its description.

Sphinx writes each object it documents as a definition list, the signature in a ``dt.sig`` and the description,
its field lists (Parameters, Raises, Return type) and nested methods in the ``dd``: Read the Docs, Python's own
documentation and most Python projects' pages end with them. To the trees a signature is a line of code and a
field list a list of short items, beside a page's sidebar; but the entries are the page's text, as its prose is. An
entry inside the body's parts, after content, is kept whole.
"""

from __future__ import annotations

from lxml import etree

from scrapy_boiler.segment.blocks import TextBlock
from scrapy_boiler.segment.regions import is_api_entry, is_within


def api_entries(blocks: list[TextBlock], parts: list[etree._Element], name: str) -> None:
    """Label content (in place) every block of an object's description (the outermost
    :func:`~scrapy_boiler.segment.regions.is_api_entry`) inside the body's ``parts`` when content comes before it."""
    entries: list[etree._Element] = []
    for dl in (dl for part in parts for dl in part.iter("dl")):
        if is_api_entry(dl) and not any(is_within(dl, entry) for entry in entries):
            entries.append(dl)
    if not entries:
        return
    seen_content = False
    for block in blocks:
        entry = next((dl for dl in entries if is_within(block.element, dl)), None)
        if entry is None:
            seen_content = seen_content or block.is_content
            continue
        if seen_content and not block.is_content:
            block.is_content = True
            block.reasons.append(f"{name}:an API reference's entry in the body")
