"""The article body in zyte-common-items' ``articleBody`` sense: without its headline or a dangling heading.

Models label what looks like content, and both ends of an article often do: the headline above the body (kept
apart, in ``Document.headline``) and, below it, the heading of the related-links box ("Read more", "See also:",
"Related stories") whose links were rightly dropped. A heading or a colon-ended lead-in with no content after it
introduces nothing of the article, so it goes too. Thread pages keep their labels: a question's title is its post.
"""

from __future__ import annotations

from collections.abc import Sequence

from scrapy_boiler.parse.normalize import comparable, count_words
from scrapy_boiler.segment.blocks import TextBlock

HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
#: A headline spans at most this many blocks (a kicker, the headline, a part number).
HEADLINE_BLOCKS = 3
#: A colon-ended block this short ("See also:", "Lesen Sie auch:") introduces what follows it.
LEAD_IN_WORDS = 6
#: A run of at least this many dangling blocks ending the body is a list of points rendered as headings (a listicle
#: whose points' embeds were dropped), when its headings are sentences of at least :data:`STATEMENT_WORDS` words:
#: only the short labels after the last of those go.
POINTS_RUN = 3
STATEMENT_WORDS = 8


def trim_article(blocks: Sequence[TextBlock], headline: str) -> list[int]:
    """Unlabel the headline and trailing headings/lead-ins in place; the positions in ``blocks`` changed."""
    changed: list[int] = []
    content = [(position, block) for position, block in enumerate(blocks) if block.is_content]
    wanted = comparable(headline) if headline else ""
    start = 0
    while start < min(3, len(content)) and wanted:  # the headline sits above the body
        # a headline may span blocks: a kicker in a <div> of its own inside the <h1>, the rest another; and a page may
        # show it twice (a header for small screens and one for large ones): every copy up there goes
        joined = ""
        found = 0
        for end in range(start, min(start + HEADLINE_BLOCKS, len(content))):
            joined = comparable(f"{joined} {content[end][1].text}")
            if joined == wanted:
                found = end + 1 - start
                for position, block in content[start:end + 1]:
                    _drop(block, "headline (in Document.headline, not in the body)")
                    changed.append(position)
                break
            if not wanted.startswith(joined):
                break
        start += found or 1
    content = [(position, block) for position, block in content if block.is_content]
    run = 0
    while run + 1 < len(content) and _dangles(content[-1 - run][1]):
        run += 1
    points = run >= POINTS_RUN
    for position, block in reversed(content[len(content) - run:]):
        if points and count_words(block.text) >= STATEMENT_WORDS:
            break
        _drop(block, "heading with nothing after it (related links)")
        changed.append(position)
    return changed


def _dangles(block: TextBlock) -> bool:
    if block.element.tag in HEADINGS:
        return True
    text = block.text.rstrip()
    return text.endswith((":", "\uff1a")) and len(text.split()) <= LEAD_IN_WORDS  # "：", the colon of CJK text


def _drop(block: TextBlock, reason: str) -> None:
    block.is_content = False
    block.reasons.append(reason)
