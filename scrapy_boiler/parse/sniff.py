"""Recognise bodies served as HTML that are not HTML: binary formats, JSON, gzip left compressed.

Servers mislabel files, and a crawler that trusts ``Content-Type: text/html`` would otherwise get the
bytes of a PDF or a PNG back as the "main content" of the page.
"""

from __future__ import annotations

import json
import re
import zlib

from scrapy_boiler.limits import PageRejected

#: File signatures (magic numbers) at offset 0, and the format they announce.
_SIGNATURES: tuple[tuple[bytes, str], ...] = (
    (b"%PDF-", "PDF"),
    (b"\x89PNG\r\n\x1a\n", "PNG"),
    (b"GIF87a", "GIF"),
    (b"GIF89a", "GIF"),
    (b"\xff\xd8\xff", "JPEG"),
    (b"RIFF", "RIFF (WebP, WAV, AVI)"),
    (b"PK\x03\x04", "ZIP (or an office document)"),
    (b"BZh", "bzip2"),
    (b"\xfd7zXZ\x00", "xz"),
    (b"(\xb5/\xfd", "zstd"),
    (b"7z\xbc\xaf\x27\x1c", "7-Zip"),
    (b"Rar!\x1a\x07", "RAR"),
    (b"\x7fELF", "ELF executable"),
    (b"%!PS", "PostScript"),
    (b"wOFF", "WOFF font"),
    (b"wOF2", "WOFF2 font"),
    (b"OggS", "Ogg"),
    (b"ID3", "MP3"),
    (b"\x00\x00\x01\x00", "ICO"),
    (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", "OLE (old office document)"),
)
#: Content types that do not rule HTML out (missing, generic): the body is sniffed with :func:`looks_like_html`.
SNIFFABLE_TYPES = frozenset({"", "text/plain", "application/octet-stream", "binary/octet-stream"})
_HTML_START = re.compile(
    rb"^(?:\xef\xbb\xbf)?\s*(?:<!--.*?-->\s*)*<(?:!doctype\s+html|html|head|body)\b", re.IGNORECASE | re.DOTALL
)
_GZIP = b"\x1f\x8b"
_JSON_START = re.compile(r"\s*[\[{]")
#: Control bytes no text encoding but UTF-16/32 produces in any number (tab, newlines, form feed excepted).
_CONTROL = bytes(b for b in range(32) if b not in (9, 10, 12, 13))
_SAMPLE = 1024
#: Share of control bytes in the first kilobyte above which a body is binary.
BINARY_CONTROL_SHARE = 0.10


def looks_like_html(body: bytes) -> bool:
    """The body starts like an HTML document (after a BOM, blanks and comments)."""
    return bool(_HTML_START.match(body[:2048]))


def binary_format(data: bytes) -> str | None:
    """The binary format of ``data`` by its signature or its share of control bytes; None for text.

    Call it only on bodies that are not UTF-16/32 (their ASCII is half NUL bytes).
    """
    for signature, name in _SIGNATURES:
        if data.startswith(signature):
            return name
    if data[4:8] == b"ftyp":  # ISO base media: MP4, QuickTime, HEIF, AVIF
        return "MP4/QuickTime"
    sample = data[:_SAMPLE]
    if sample and sum(sample.count(byte) for byte in _CONTROL) > BINARY_CONTROL_SHARE * len(sample):
        return "unknown binary"
    return None


def is_gzip(data: bytes) -> bool:
    return data.startswith(_GZIP)


def gunzip(data: bytes, max_bytes: int) -> bytes:
    """Decompress a gzip body, refusing to inflate past ``max_bytes`` (a gzip bomb stops there)."""
    inflater = zlib.decompressobj(16 + zlib.MAX_WBITS)
    try:
        out = inflater.decompress(data, max_bytes + 1)
    except zlib.error as exc:
        raise PageRejected("binary", f"the body is corrupt gzip data ({exc})") from None
    if len(out) > max_bytes:
        raise PageRejected("too_large", f"the gzip body inflates to more than max_bytes ({max_bytes} bytes)")
    return out


def is_json(text: str) -> bool:
    """A JSON document (an object or array) rather than markup."""
    if _JSON_START.match(text) is None:
        return False
    try:
        json.loads(text)
    except ValueError:
        return False
    return True
