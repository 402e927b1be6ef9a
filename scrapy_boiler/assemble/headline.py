"""The article's headline, which is rarely the ``<title>`` as is (that usually adds section and site)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from scrapy_boiler.document import Block
from scrapy_boiler.parse.normalize import comparable, count_words, title_parts

_HEADINGS = ("h1", "h2", "h3")
#: A heading named like the site's logo or name ("h1.na-logo-header" around "Nettavisen Kjendis") is no headline.
_LOGO = re.compile(r"logo|brand|site-?(?:name|title)|masthead", re.I)
#: A title piece shorter than this is a site or section name, not a headline (words as counted everywhere: a run of
#: Chinese or Japanese makes two-character words).
MIN_HEADLINE_WORDS = 3


def find_headline(blocks: Sequence[Block], title: str, shared: str = "") -> str:
    """The heading that repeats the whole title or the title the page shares (``og:title``, given as ``shared``);
    else, of the headings that repeat a piece of either, the longest (the site's name is a piece too); else the first
    ``<h1>`` before the content ends that is neither the site name nor the site's logo; else the longest piece of the
    title (its headline part, without the site name); on a page without a title, the first ``<h1>``."""
    parts = [part for part in title_parts(title) if count_words(part) >= MIN_HEADLINE_WORDS]
    shared_parts = [part for part in title_parts(shared) if count_words(part) >= MIN_HEADLINE_WORDS]
    wanted = {comparable(title), *(comparable(part) for part in parts),
              *(comparable(text) for text in (shared, *shared_parts) if text)}
    wanted.discard("")
    last_content = max((block.index for block in blocks if block.is_content), default=-1)
    headings = [block for block in blocks if _heading(block) and block.index <= last_content
                and not _LOGO.search(block.class_path.rsplit(" > ", 1)[-1])]
    matching = [block for block in headings if comparable(block.text) in wanted]
    whole_titles = {comparable(title), comparable(shared)}
    for block in matching:
        if comparable(block.text) in whole_titles:
            return block.text
    if matching:
        # the site's name is a piece of the title too ("Debian User Forums" in an <h1>, the topic in an <h2>): of
        # the headings that repeat a piece, the one repeating the most words
        return max(matching, key=lambda block: count_words(block.text)).text
    whole = comparable(title)
    for block in headings:
        # an <h1> of a word or two that the title holds next to a longer piece is the site or section name
        short_part = count_words(block.text) < MIN_HEADLINE_WORDS and parts and comparable(block.text) in whole
        if _heading(block) == "h1" and not short_part:
            return block.text
    if parts:
        return max(parts, key=count_words)
    if title.strip():
        return title.strip()
    # no title at all: the site's name in its logo heading says more than nothing
    return next((block.text for block in blocks if _heading(block) == "h1" and block.index <= last_content), "")


def _heading(block: Block) -> str | None:
    tag = block.tag_path.rsplit(" > ", 1)[-1]
    return tag if tag in _HEADINGS else None
