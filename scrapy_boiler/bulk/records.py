"""Where saved pages come from: named files, folders, WARC archives, URLs and stdin, each read as Records.

What is named explicitly (a file, a URL, ``-``) is always extracted, as the one-off command always did;
what is discovered (the files of a folder, the records of a WARC) is first filtered, and a record that
is filtered out keeps its reason (``Record.skip``) so nothing is lost without a count.
"""

from __future__ import annotations

import gzip
import sys
import urllib.request
import zlib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from scrapy_boiler.parse.encoding import charset_from_content_type
from scrapy_boiler.parse.sniff import SNIFFABLE_TYPES, looks_like_html

FETCH_TIMEOUT = 30
FETCH_MAX_BYTES = 20 * 1024 * 1024

#: File names a folder is searched for (also with ``.gz`` appended).
HTML_SUFFIXES = (".html", ".htm", ".xhtml")
WARC_SUFFIXES = (".warc", ".warc.gz")

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


def is_warc(path: Path) -> bool:
    return path.name.lower().endswith(WARC_SUFFIXES)


def read_records(sources: Iterable[str]) -> Iterator[Record]:
    """Every record of every source, in order; never raises for a source it cannot read."""
    for source in sources:
        yield from _records_of(source)


def read_source(source: str) -> tuple[bytes, str | None, str | None]:
    """(body, url, header charset) of a file path (``.gz`` unpacked), ``-`` (stdin) or an http(s) URL.

    Raises OSError or ValueError when the source cannot be read.
    """
    if source == "-":
        return sys.stdin.buffer.read(), None, None
    if source.startswith(("http://", "https://")):
        request = urllib.request.Request(source, headers={"User-Agent": "scrapy-boiler (boiler-extract)"})
        with urllib.request.urlopen(request, timeout=FETCH_TIMEOUT) as response:
            body = response.read(FETCH_MAX_BYTES)
            return body, response.geturl(), charset_from_content_type(response.headers.get("Content-Type"))
    path = Path(source)
    body = path.read_bytes()
    if path.name.lower().endswith(".gz"):
        try:
            body = gzip.decompress(body)
        except (EOFError, zlib.error) as exc:
            raise ValueError(f"not a readable gzip file: {exc}") from None
    return body, path.resolve().as_uri(), None


def _records_of(source: str) -> Iterator[Record]:
    path = Path(source)
    if source != "-" and not source.startswith(("http://", "https://")):
        if path.is_dir():
            yield from folder_records(path)
            return
        if is_warc(path):
            from scrapy_boiler.bulk.warc import warc_records  # warcio is an optional extra

            yield from warc_records(path)
            return
    yield _named(source)


def folder_records(folder: Path) -> Iterator[Record]:
    """The HTML files under ``folder`` (recursively, sorted, ``.gz`` ones unpacked); empty ones are skipped."""
    for path in sorted(p for p in folder.rglob("*") if _is_html_name(p.name) and p.is_file()):
        record = _named(str(path))
        if record.skip is None and not record.body.strip():
            record.skip = EMPTY
        yield record


def _is_html_name(name: str) -> bool:
    name = name.lower().removesuffix(".gz")
    return name.endswith(HTML_SUFFIXES)


def _named(source: str) -> Record:
    try:
        body, url, charset = read_source(source)
    except (OSError, ValueError) as exc:  # URLError and HTTPError are OSErrors
        return Record(source, skip=UNREADABLE, detail=str(exc))
    return Record(source, body, url, charset)
