"""The article body a page declares but does not show: a paywalled page's full text in its JSON-LD.

Publishers behind a paywall often show the first paragraph of an article and declare the whole of it in their
structured data (schema.org ``articleBody``, with ``isAccessibleForFree: false``, so that search engines index it).
The shown teaser is then all the blocks hold, however well they are labelled. When the declared body is much longer
than the text kept, starts the same article (a kept block lies in it) and is mostly absent from the page's visible
text, it replaces the teaser in ``text``, ``html`` and ``markdown``, and the Document carries the
``declared_body`` warning. A declared body the page also shows is never used this way: there the blocks are better
evidence (a CMS may declare a body with captions, related links or another edition's text).
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from itertools import pairwise

from lxml import etree

from scrapy_boiler.parse.html import ParsedPage
from scrapy_boiler.parse.normalize import count_words, words
from scrapy_boiler.parse.structured import read_json_ld

#: The declared body must hold at least this many times the words kept...
MIN_RATIO = 2.0
#: ... and at least this many words more.
MIN_EXTRA_WORDS = 100
#: A kept block whose word pairs are at least this much in the declared body is its shown part (the teaser).
TEASER_OVERLAP = 0.6
#: The declared body is hidden when less than this share of its word pairs appears in the page's visible text.
MAX_SHOWN_SHARE = 0.5


def hidden_declared_body(page: ParsedPage, kept_lines: Sequence[str]) -> list[str] | None:
    """The article's lines with the declared body in place of the teaser, or None when the page shows its article
    (see the module docstring). ``kept_lines`` are the text of the content blocks, one per line."""
    if not page.json_ld or not any("articleBody" in script for script in page.json_ld):
        return None
    body = _plain(read_json_ld(page.json_ld).body)
    body_words = count_words(body)
    kept_words = sum(count_words(line) for line in kept_lines)
    if body_words < MIN_RATIO * kept_words or body_words - kept_words < MIN_EXTRA_WORDS:
        return None
    body_pairs = set(_pairs(body))
    in_body = [_share(_pairs(line), body_pairs) >= TEASER_OVERLAP for line in kept_lines]
    if not any(in_body):
        return None
    shown = set(_pairs(" ".join(page.root.itertext())))
    if _share(_pairs(body), shown) >= MAX_SHOWN_SHARE:
        return None
    first = in_body.index(True)
    lines: list[str] = []
    for index, line in enumerate(kept_lines):
        if index == first:
            lines.extend(part.strip() for part in body.splitlines() if part.strip())
        elif not in_body[index]:
            lines.append(line)
    return lines


def _plain(body: str) -> str:
    """The declared body as text: entities decoded, and any markup in it reduced to its text, a line per block."""
    body = html.unescape(body)
    if "<" not in body or ">" not in body:
        return body.strip()
    try:
        fragment = etree.fromstring(f"<div>{body}</div>", etree.HTMLParser())
    except (etree.ParserError, ValueError):
        return body.strip()
    if fragment is None:
        return body.strip()
    for element in fragment.iter("p", "br", "li", "h1", "h2", "h3", "h4", "h5", "h6", "div"):
        element.tail = "\n" + (element.tail or "")
    return "".join(fragment.itertext()).strip()


def _pairs(text: str) -> list[tuple[str, str]]:
    tokens = [w.lower().strip(".,;:!?\"'«»„“”()") for w in words(text)]
    return list(pairwise(tokens)) if len(tokens) > 1 else [(t, "") for t in tokens]


def _share(pairs: list[tuple[str, str]], within: set[tuple[str, str]]) -> float:
    return sum(pair in within for pair in pairs) / len(pairs) if pairs else 0.0
