"""Scores of article fields against fundus-train's ``meta.json`` (title, authors, published, lang), shared by the
measurement command and the accuracy gate.

An extractor's output is a :class:`Fields` (ours come from the Scrapy item, trafilatura's from its metadata). Per
page: headline token F1 against the title; the publication date right when it names the same calendar day, as
written or in UTC (pages write local time, the gold is often UTC); author-name set F1 (names compared lower case,
spaces collapsed); language right when the ISO 639-1 codes agree (``nb``/``no`` are one).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from scrapy_boiler.parse.dates import normalise_date
from scrapy_boiler.parse.language import same_language

_TOKEN = re.compile(r"\w+")
#: The targets of issue 15: share of pages with headline F1 ≥ 0.9, share with the right day, mean author F1,
#: share with the right language.
TARGETS = {"headline": 0.90, "date": 0.90, "authors": 0.70, "language": 0.95}
HEADLINE_F1 = 0.9


@dataclass
class Fields:
    """What one extractor gave for one page."""

    headline: str | None = None
    date: str | None = None
    authors: list[str] = field(default_factory=list)
    language: str | None = None


def token_f1(predicted: str | None, gold: str | None) -> float:
    """Bag-of-tokens F1 (lower case word tokens)."""
    ours, theirs = Counter(_TOKEN.findall((predicted or "").lower())), Counter(_TOKEN.findall((gold or "").lower()))
    common = sum((ours & theirs).values())
    if not common:
        return 1.0 if not ours and not theirs else 0.0
    precision, recall = common / sum(ours.values()), common / sum(theirs.values())
    return 2 * precision * recall / (precision + recall)


def same_day(predicted: str | None, gold: str | None) -> bool:
    """The same calendar day as written, or the same day in UTC when both carry an offset."""
    ours, theirs = normalise_date(predicted), normalise_date(gold)
    if ours is None or theirs is None:
        return False
    if ours[:10] == theirs[:10]:
        return True
    a, b = datetime.fromisoformat(ours), datetime.fromisoformat(theirs)
    if a.tzinfo is None or b.tzinfo is None:
        return False
    return a.astimezone(UTC).date() == b.astimezone(UTC).date()


def name_set_f1(predicted: list[str], gold: list[str]) -> float:
    ours = {" ".join(name.lower().split()) for name in predicted if name.strip()}
    theirs = {" ".join(name.lower().split()) for name in gold if name.strip()}
    if not ours or not theirs:
        return float(ours == theirs)
    common = len(ours & theirs)
    return 0.0 if not common else 2 * common / (len(ours) + len(theirs))


def score_page(fields: Fields, gold: dict[str, Any]) -> dict[str, float | None]:
    """Per-field scores of one page; None where the gold has no value (not counted)."""
    return {
        "headline": token_f1(fields.headline, gold.get("title")) if gold.get("title") else None,
        "date": float(same_day(fields.date, gold.get("published"))) if gold.get("published") else None,
        "authors": name_set_f1(fields.authors, gold.get("authors") or []) if gold.get("authors") else None,
        "language": float(same_language(fields.language, gold.get("lang"))) if gold.get("lang") else None,
    }


def summarise(rows: list[dict[str, float | None]]) -> dict[str, tuple[float, int]]:
    """(figure, pages counted) per field: share of pages with headline F1 ≥ 0.9, share with the right day, mean
    author F1, share with the right language."""
    out: dict[str, tuple[float, int]] = {}
    for name in TARGETS:
        values = [row[name] for row in rows if row.get(name) is not None]
        if name == "headline":
            values = [float(v >= HEADLINE_F1) for v in values]  # type: ignore[operator]
        out[name] = (sum(values) / len(values) if values else 0.0, len(values))  # type: ignore[arg-type]
    return out
