"""Footnote references in the text: the number a writer links to the note below (Substack's ``a.footnote-anchor``,
Markdown's ``<sup><a href="#fn:1">1</a></sup>``, MediaWiki's ``[1]``). A reader skips it; as text it runs into the
word before ("capacity.1 That sounds"), so it goes, with the ``<sup>`` holding it alone.
"""

from __future__ import annotations

import re

from lxml import etree

from scrapy_boiler.parse.clean import drop_element

#: Links to a footnote on the same page, by the anchors Markdown, Substack, Ghost and MediaWiki give them.
_FOOTNOTE_LINKS = etree.XPath(  # the first test, alone, passes over most links of a page
    "//a[starts-with(@href, '#')][starts-with(@href, '#fn') or starts-with(@href, '#footnote')"
    " or starts-with(@href, '#cite_note') or starts-with(@href, '#note')]")
#: A reference's text: a number or a letter, in brackets or not ("1", "[2]", "a").
_REFERENCE = re.compile(r"\s*\[?\s*(?:\d{1,3}|[a-z])\s*\]?\s*")


def drop_footnote_references(root: etree._Element) -> None:
    """Remove each link to a footnote whose text is only its number (:data:`_REFERENCE`), and the ``<sup>`` around
    it when that holds nothing else; the note itself, below the text, stays."""
    for link in _FOOTNOTE_LINKS(root):
        if len(link) > 1 or not _REFERENCE.fullmatch("".join(link.itertext())):
            continue
        parent = link.getparent()
        alone = parent is not None and parent.tag == "sup" and len(parent) == 1 and not (parent.text or "").strip() \
            and not (link.tail or "").strip()
        drop_element(parent if alone else link)
