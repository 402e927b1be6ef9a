"""Whitespace normalisation shared by the pipeline and the corpus readers."""

from __future__ import annotations


def collapse_spaces(text: str) -> str:
    """Runs of whitespace (any Unicode space, newlines included) to one space, ends stripped."""
    return " ".join(text.split())
