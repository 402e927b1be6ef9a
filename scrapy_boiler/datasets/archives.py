"""Stream page/gold pairs out of the corpus archives without unpacking them.

Layout: ``<name>/html/<id>.html`` and ``<name>/gold/<id>.<ext>``. Members are paired by id, never by
position, and anything else (directory entries, which ``webforum-train`` does contain despite the
README, or stray files) is skipped.
"""

from __future__ import annotations

import re
import tarfile
from collections.abc import Iterator
from pathlib import Path

_DIGITS = re.compile(r"(\d+)")


def id_sort_key(page_id: str) -> tuple[tuple[int, int | str], ...]:
    """Sort key that compares digit runs as numbers, so CleanEval's ``9`` comes before ``10``."""
    return tuple((0, int(part)) if part.isdigit() else (1, part) for part in _DIGITS.split(page_id) if part)


def iter_archive(path: str | Path) -> Iterator[tuple[str, bytes | None, bytes]]:
    """Yield ``(id, html_bytes, gold_bytes)`` for every gold file of a ``.tar.xz`` corpus archive.

    The archive is read once in streaming mode. A pair is yielded as soon as both of its members
    have been seen, so memory holds only unpaired members; gold files without a page (all of
    ``webforum-train``, whose JSON carries the page) come last with ``html_bytes`` None. Pages
    without gold are dropped.
    """
    html: dict[str, bytes] = {}
    gold: dict[str, bytes] = {}
    with tarfile.open(path, "r|xz") as archive:
        for member in archive:
            if not member.isfile():
                continue
            parts = member.name.split("/")
            if len(parts) != 3 or parts[1] not in ("html", "gold"):
                continue
            stream = archive.extractfile(member)
            if stream is None:
                continue
            page_id = parts[2].rsplit(".", 1)[0]
            data = stream.read()
            if parts[1] == "html":
                if page_id in gold:
                    yield page_id, data, gold.pop(page_id)
                else:
                    html[page_id] = data
            elif page_id in html:
                yield page_id, html.pop(page_id), data
            else:
                gold[page_id] = data
    for page_id in sorted(gold, key=id_sort_key):
        yield page_id, None, gold[page_id]
