"""Pages with one of the signals some sites lack taken away: JSON-LD, readable class and id names, HTML5 landmarks.

Every modern page of our corpora declares its article in JSON-LD and most name their parts in plain words
(``article-body``, ``related``); many sites do not (a blog without structured data, a CSS-in-JS site whose class
names are hashes such as ``css-1q8fn3x``, a template of ``<div>`` s only). :func:`without` gives the page as such a
site would serve it, with the same text, so a model can be scored on it
(:mod:`scrapy_boiler.evaluation.ablation`) or trained to do without the signal.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence

from lxml import etree
from lxml import html as lxml_html

from scrapy_boiler.parse.encoding import decode_html
from scrapy_boiler.parse.html import is_json_ld

#: ``json-ld``: every script the parser reads as JSON-LD (:func:`~scrapy_boiler.parse.html.is_json_ld`) removed;
#: ``names``: every class and id name replaced by a hash of itself (the same name gives the same hash, so a
#: template's repeats still repeat, as on a CSS-in-JS site), ``data-*``, ``itemprop``/``itemscope``/``itemtype`` and
#: ``role`` removed; ``landmarks``: ``article``, ``main``, ``aside``, ``nav``, ``header``, ``footer`` and ``section``
#: made ``div`` s.
SIGNALS: tuple[str, ...] = ("json-ld", "names", "landmarks")
_LANDMARKS = frozenset({"article", "main", "aside", "nav", "header", "footer", "section"})
_MICRODATA = ("itemprop", "itemscope", "itemtype", "role")
_XML_DECLARATION = re.compile(r"^\s*<\?xml[^>]*>")
_UPPER, _LOWER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz"  # XPath 1.0 has no lower-case()


def hashed(name: str) -> str:
    """A name that says nothing, the same for the same name."""
    return "h" + hashlib.sha1(name.encode("utf-8")).hexdigest()[:7]


def without(html: bytes | str, signals: Sequence[str]) -> bytes:
    """The page with ``signals`` (of :data:`SIGNALS`) taken away, as UTF-8 bytes that say so in a ``<meta>``."""
    text = decode_html(html).text if isinstance(html, bytes) else html
    root = lxml_html.document_fromstring(_XML_DECLARATION.sub("", text).strip() or "<html></html>")
    if "json-ld" in signals:
        for script in [script for script in root.iter("script") if is_json_ld(script)]:
            script.drop_tree()
    for el in root.iter():
        if not isinstance(el.tag, str):
            continue
        if "names" in signals:
            for attribute in list(el.attrib):
                if attribute in ("class", "id"):
                    el.set(attribute, " ".join(hashed(name) for name in el.get(attribute, "").split()))
                elif attribute.startswith("data-") or attribute in _MICRODATA:
                    del el.attrib[attribute]
        if "landmarks" in signals and el.tag in _LANDMARKS:
            el.tag = "div"
    for meta in root.xpath(f"//meta[@charset or translate(@http-equiv, '{_UPPER}', '{_LOWER}')='content-type']"):
        meta.drop_tree()
    head = root.find("head")
    if head is None:
        head = etree.Element("head")
        root.insert(0, head)
    head.insert(0, etree.Element("meta", charset="utf-8"))
    return etree.tostring(root, encoding="utf-8", method="html", doctype="<!DOCTYPE html>")
