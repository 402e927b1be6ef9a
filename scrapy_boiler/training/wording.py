"""Counts in the trainers' output lines and cards: "1 page", "2 pages", "1 leaf", "3 leaves"."""

from __future__ import annotations

#: Nouns whose plural is not the noun plus "s".
IRREGULAR = {"leaf": "leaves", "training leaf": "training leaves"}


def counted(count: int, noun: str, plural: str | None = None) -> str:
    """``count`` and ``noun`` agreeing in number, with thousands separated (``12,034 blocks``)."""
    if count == 1:
        return f"1 {noun}"
    return f"{count:,} {plural or IRREGULAR.get(noun) or noun + 's'}"
