"""The HTML pages of a WARC archive (``.warc`` or ``.warc.gz``), read with warcio.

warcio rather than fastwarc: extraction costs milliseconds per page and reading a record microseconds,
so the faster reader would not show in the throughput, while warcio is pure Python (no wheel to match),
writes WARCs as well (the demo archive) and undoes chunked transfer and content encodings.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from scrapy_boiler.bulk.record import EMPTY, HTTP_STATUS, NON_HTML, UNREADABLE, Record, is_html
from scrapy_boiler.parse.encoding import charset_from_content_type

#: Record types that carry a page; every other type is skipped as ``warc_<type>``.
PAGE_TYPES = ("response", "resource")
MISSING_WARCIO = "reading WARC files needs warcio: pip install 'scrapy-boiler[warc]'"


def warc_records(path: Path) -> Iterator[Record]:
    """One Record per WARC record; a damaged archive ends with one ``unreadable`` record saying where."""
    try:
        from warcio.archiveiterator import ArchiveIterator
        from warcio.exceptions import ArchiveLoadFailed
    except ImportError:
        yield Record(str(path), skip=UNREADABLE, detail=MISSING_WARCIO)
        return
    try:
        with path.open("rb") as stream:
            archive = ArchiveIterator(stream)
            for record in archive:
                page = page_record(record, str(path))
                page.source = f"{path}@{archive.get_record_offset()}"  # known once the record is read
                yield page
    except (OSError, EOFError, ValueError, zlib.error, ArchiveLoadFailed) as exc:
        yield Record(str(path), skip=UNREADABLE, detail=f"{type(exc).__name__}: {exc}")


def page_record(record: Any, source: str) -> Record:
    """A warcio record as a Record: extracted only when it is a 2xx HTML response (or an HTML resource)."""
    url = record.rec_headers.get_header("WARC-Target-URI")
    if record.rec_type not in PAGE_TYPES:
        return Record(source, url=url, skip=f"warc_{record.rec_type}")
    if record.rec_type == "response":
        if record.http_headers is None:  # dns: and other non-HTTP responses
            return Record(source, url=url, skip=NON_HTML)
        status = record.http_headers.get_statuscode()
        if not (status or "").startswith("2"):
            return Record(source, url=url, skip=HTTP_STATUS, detail=status or "")
        content_type = record.http_headers.get_header("Content-Type")
    else:
        content_type = record.rec_headers.get_header("Content-Type")
    try:
        body = record.content_stream().read()
        record.raw_stream.read()  # whatever a decoder left, so that only a cut archive leaves bytes owed
    except (OSError, EOFError, ValueError, zlib.error) as exc:  # a broken chunked or gzip body
        return Record(source, url=url, skip=UNREADABLE, detail=f"{type(exc).__name__}: {exc}")
    if getattr(record.raw_stream, "limit", 0) > 0:  # warcio hands out a cut-off last record without a word
        return Record(source, url=url, skip=UNREADABLE, detail="truncated record: the archive ends inside it")
    if not is_html(content_type, body):
        return Record(source, url=url, skip=NON_HTML, detail=content_type or "")
    if not body.strip():
        return Record(source, url=url, skip=EMPTY)
    return Record(source, body, url, charset_from_content_type(content_type))
