"""Text normalisation shared by the pipeline and the corpus readers."""

from __future__ import annotations

import re

#: What sites put between the headline and the site name in ``<title>``: " | ", " - ", " :: ", " » "...
TITLE_SEPARATORS = re.compile(r"\s+[-|–—:»·/]+\s+|\s*::\s*|\s*\|\s*")
_NON_WORD = re.compile(r"[^\w\s]+")


def collapse_spaces(text: str) -> str:
    """Runs of whitespace (any Unicode space, newlines included) to one space, ends stripped."""
    return " ".join(text.split())


def comparable(text: str) -> str:
    """Lower case, punctuation to spaces, spaces collapsed: for matching headings against the title."""
    return collapse_spaces(_NON_WORD.sub(" ", text.lower()))


def title_parts(title: str) -> list[str]:
    """The pieces of a ``<title>`` between separators, e.g. headline, section and site name."""
    return [part.strip() for part in TITLE_SEPARATORS.split(title) if part.strip()]
