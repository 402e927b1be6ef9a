"""Parse HTML into a cleaned lxml tree: tolerant of broken markup, stripped of what never shows as text
(:mod:`~scrapy_boiler.parse.clean`)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from lxml import etree

from scrapy_boiler.limits import DEFAULT_LIMITS, Limits, PageRejected, WarningCode
from scrapy_boiler.parse.clean import clean_tree
from scrapy_boiler.parse.code_lines import (
    break_code_lines,
    code_with_breaks,
    drop_code_toolbars,
    drop_line_numbers,
    listed_code_lines,
)
from scrapy_boiler.parse.depth import flatten_markup, flatten_tree
from scrapy_boiler.parse.encoding import decode_html, is_utf16_or_32
from scrapy_boiler.parse.footnotes import drop_footnote_references
from scrapy_boiler.parse.mail_quotes import drop_mail_quotes
from scrapy_boiler.parse.math_tex import MARK, show_tex_sources
from scrapy_boiler.parse.normalize import collapse_spaces
from scrapy_boiler.parse.sniff import binary_format, gunzip, is_gzip, is_json

_XML_DECLARATION = re.compile(r"\A\s*<\?xml[^>]*\?>")
#: C0 controls other than tab, newline and carriage return (lxml's tree API refuses them in text), and the same as
#: UTF-8 bytes: finding them in the encoded text is ten times faster than the regex.
_CONTROL_CHARS = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f]")
_CONTROL_BYTES = bytes([*range(0x00, 0x09), 0x0B, 0x0C, *range(0x0E, 0x20)])
_ZERO_WIDTH = {0x200B: None, 0x2060: None}  #: space and word joiner; not the joiners of Persian, Indic, emoji


class ParseError(PageRejected):
    """The input could not be turned into an HTML tree (e.g. it is empty); ``reason`` says why."""


@dataclass
class ParsedPage:
    """A decoded, parsed and cleaned page; ``warnings`` are keys of :data:`scrapy_boiler.limits.WARNINGS`."""

    root: etree._Element
    title: str
    encoding: str
    encoding_source: str
    url: str | None = None
    warnings: list[WarningCode] = field(default_factory=list)
    #: The texts of ``<script type="application/ld+json">`` (structured data, removed from the tree with the scripts).
    json_ld: list[str] = field(default_factory=list)
    #: ``<meta>`` of the head by ``property`` or ``name`` (lower case), e.g. ``og:type``; first value wins.
    meta: dict[str, str] = field(default_factory=dict)
    #: ``<link>`` hrefs by ``rel`` (lower case), e.g. ``canonical``; first value wins.
    links: dict[str, str] = field(default_factory=dict)
    #: The language the page declares: ``<html lang>``, else ``<meta http-equiv="content-language">``.
    lang: str = ""


def _parser() -> etree.HTMLParser:
    """A new parser per page: lxml parsers must not be shared between threads."""
    return etree.HTMLParser(
        encoding="utf-8", remove_comments=True, remove_pis=True, no_network=True, huge_tree=True,
        recover=True, default_doctype=False,
    )


def parse_html(
    html: bytes | str, *, url: str | None = None, encoding: str | None = None, limits: Limits = DEFAULT_LIMITS
) -> ParsedPage:
    """Decode (see :mod:`~scrapy_boiler.parse.encoding`), parse and clean a page, within ``limits``.

    ``encoding`` is the charset from the HTTP header, when known; it applies to ``bytes`` input only.
    Raises :class:`ParseError` when there is nothing to parse or a limit refuses the page; its ``reason``
    is a key of :data:`scrapy_boiler.limits.REASONS`.
    """
    warnings: list[WarningCode] = []
    if isinstance(html, bytes):
        data = _check_body(html, limits, warnings)
        decoded = decode_html(data, encoding)
        text, used, source = decoded.text, decoded.encoding, decoded.source
        text = _without_controls(text, data if used in ("utf-8", "ascii") else None)
    else:
        if len(html) > limits.max_bytes:
            raise ParseError("too_large", f"the page has {len(html)} characters, over max_bytes ({limits.max_bytes})")
        text, used, source = _without_controls(html), "unicode", "unicode"
    text = _XML_DECLARATION.sub("", text, count=1)
    if not text.strip():
        raise ParseError("empty", "empty document")
    if is_json(text):
        raise ParseError("not_html", "the body is JSON, not HTML")
    root = _parse_tree(text, limits.max_depth, warnings)
    title = _title(root)
    json_ld, meta, links, lang = structured_data(root)
    if MARK in text:
        show_tex_sources(root)
    clean_tree(root)
    drop_line_numbers(root)
    drop_code_toolbars(root)
    drop_mail_quotes(root)
    drop_footnote_references(root)
    listed_code_lines(root)
    code_with_breaks(root)
    break_code_lines(root)
    if flatten_tree(root, limits.max_depth) and "depth_limited" not in warnings:
        warnings.append("depth_limited")
    _check_blocks(root, limits.max_blocks)
    return ParsedPage(root=root, title=title, encoding=used, encoding_source=source, url=url, warnings=warnings,
                      json_ld=json_ld, meta=meta, links=links, lang=lang)


def is_json_ld(script: etree._Element) -> bool:
    """Whether a ``<script>`` holds JSON-LD: its type names ``ld+json``, in any case, parameters or not."""
    return "ld+json" in (script.get("type") or "").lower()


def structured_data(root: etree._Element) -> tuple[list[str], dict[str, str], dict[str, str], str]:
    """JSON-LD texts, ``<meta>`` values, ``<link>`` hrefs and the declared language, read before cleaning removes
    scripts and the head (the article's metadata is read from them, see :mod:`~scrapy_boiler.parse.metadata`)."""
    json_ld: list[str] = []
    meta: dict[str, str] = {}
    links: dict[str, str] = {}
    lang = (root.get("lang") or root.get("{http://www.w3.org/XML/1998/namespace}lang") or "").strip()
    for el in root.iter("script", "meta", "link"):
        if el.tag == "script":
            if is_json_ld(el) and el.text:
                json_ld.append(el.text)
        elif el.tag == "link":
            href = (el.get("href") or "").strip()
            for rel in (el.get("rel") or "").lower().split():
                if href and rel not in links:
                    links[rel] = href
        else:
            key = (el.get("property") or el.get("name") or el.get("itemprop") or el.get("http-equiv") or "")
            key = key.strip().lower()
            value = el.get("content")
            if key and value and key not in meta:
                meta[key] = value.strip()
    return json_ld, meta, links, lang or meta.get("content-language", "")


def _check_body(data: bytes, limits: Limits, warnings: list[WarningCode]) -> bytes:
    """The body to decode: refused when too large or binary, inflated when it is gzip served as HTML."""
    if len(data) > limits.max_bytes:
        raise ParseError("too_large", f"the body has {len(data)} bytes, over max_bytes ({limits.max_bytes})")
    if is_gzip(data):
        data = gunzip(data, limits.max_bytes)
        warnings.append("decompressed")
    if not is_utf16_or_32(data):
        kind = binary_format(data)
        if kind is not None:
            raise ParseError("binary", f"the body is {kind} data, not HTML")
    return data


def _parse_tree(text: str, max_depth: int, warnings: list[WarningCode]) -> etree._Element:
    """The lxml tree of ``text``; markup deeper than libxml2 accepts is flattened first and parsed again."""
    # lxml is handed UTF-8 bytes with the encoding fixed, so a lying <meta charset> cannot re-decode it.
    parser = _parser()
    root = etree.fromstring(text.encode("utf-8", "replace"), parser)
    if any(error.type_name == "ERR_RESOURCE_LIMIT" for error in parser.error_log):
        warnings.append("depth_limited")
        for depth in (max_depth, max_depth // 4):
            parser = _parser()
            root = etree.fromstring(flatten_markup(text, depth).encode("utf-8", "replace"), parser)
            if not any(error.type_name == "ERR_RESOURCE_LIMIT" for error in parser.error_log):
                break
    if root is None:
        raise ParseError("unparsable", "no HTML element could be parsed")
    return root


def _check_blocks(root: etree._Element, max_blocks: int) -> None:
    """Refuse pages without visible text, or with more text nodes than ``max_blocks``."""
    blocks = int(root.xpath("count(//text()[normalize-space()])"))
    if blocks == 0:
        raise ParseError("no_text", "the page has no visible text")
    if blocks > max_blocks:
        raise ParseError("too_many_blocks", f"the page has {blocks} text blocks, over max_blocks ({max_blocks})")


def _without_controls(text: str, raw: bytes | None = None) -> str:
    """``text`` with C0 controls replaced (:func:`_control_replacement`) and zero-width spaces dropped (Docusaurus
    ends every heading with one). ``raw``: the UTF-8 or ASCII bytes it was decoded from, searched for controls."""
    if "\u200b" in text or "\u2060" in text:
        text = text.translate(_ZERO_WIDTH)  # no control added: ``raw`` still tells whether there are some
    encoded = text.encode("utf-8", "replace") if raw is None else raw
    if len(encoded.translate(None, _CONTROL_BYTES)) == len(encoded):
        return text
    return _CONTROL_CHARS.sub(_control_replacement, text)


def _control_replacement(match: re.Match[str]) -> str:
    """NUL disappears; other controls (form feed, vertical tab...) were whitespace to the author."""
    return "" if match.group() == "\x00" else " "


def _title(root: etree._Element) -> str:
    for el in root.iter("title"):
        text = collapse_spaces("".join(el.itertext()))
        if text:
            return text
    return ""
