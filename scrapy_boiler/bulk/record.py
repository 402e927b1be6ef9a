"""A saved page to extract, or the reason it was skipped: what every bulk source yields."""

from __future__ import annotations

from dataclasses import dataclass

from scrapy_boiler.parse.sniff import SNIFFABLE_TYPES, looks_like_html

# Why a record was not extracted. WARC records of other types than response/resource are skipped as
# ``warc_<type>`` (warc_request, warc_warcinfo, warc_metadata, warc_revisit, ...).
UNREADABLE = "unreadable"
HTTP_STATUS = "http_status"
NON_HTML = "non_html"
EMPTY = "empty"

#: Content types that say a body is HTML.
HTML_TYPES = frozenset({"text/html", "application/xhtml+xml"})


@dataclass(slots=True)
class Record:
    """One page to extract, or one that was skipped (``skip`` says why, ``detail`` adds a message)."""

    source: str  # a path, a URL, "-", or "archive.warc.gz@offset" for a WARC record
    body: bytes = b""
    url: str | None = None
    charset: str | None = None
    skip: str | None = None
    detail: str = ""


def is_html(content_type: str | None, body: bytes) -> bool:
    """HTML by its declared type, or by its first bytes when the type says nothing useful."""
    mime = (content_type or "").split(";")[0].strip().lower()
    if mime in HTML_TYPES:
        return True
    return mime in SNIFFABLE_TYPES and looks_like_html(body)
