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
from pathlib import Path

from scrapy_boiler.bulk.record import EMPTY, UNREADABLE, Record
from scrapy_boiler.parse.encoding import charset_from_content_type

FETCH_TIMEOUT = 30
FETCH_MAX_BYTES = 20 * 1024 * 1024

#: File names a folder is searched for (also with ``.gz`` appended).
HTML_SUFFIXES = (".html", ".htm", ".xhtml")
WARC_SUFFIXES = (".warc", ".warc.gz")


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
