"""The heuristic filters of seed 004 §4.3.2 that follow the decision trees.

* **Largest Content Filter**: keep only the largest stretch of content (by words). Content blocks
  count as one stretch while they are separated by at most ``MAX_GAP`` non-content blocks, so an ad or
  a caption inside an article does not cut it in two.
* **Main Content Filter** (news): additionally drop what lies above a clearly identifiable title
  (matched against the document's ``<title>``) and below a clearly identifiable comments section (a
  block made only of one of 11 indicator strings such as "User comments:"). The title block is kept
  as content, as are content blocks between the title and the kept stretch (bylines, teasers).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from scrapy_boiler.segment.blocks import TextBlock

#: Non-content blocks a content stretch may bridge.
MAX_GAP = 1
#: A title fragment must have this many words to identify the headline (site names are shorter).
MIN_TITLE_WORDS = 3

#: The 11 comment-section indicators (seed 004 §4.3.2 gives "User comments:" as an example of its 11).
COMMENT_INDICATORS: frozenset[str] = frozenset(
    {
        "comments", "user comments", "reader comments", "readers comments", "your comments",
        "post a comment", "add a comment", "leave a comment", "add your comment",
        "comment on this article", "join the discussion",
    }
)
MAX_INDICATOR_WORDS = max(len(indicator.split()) for indicator in COMMENT_INDICATORS) + 1
_TITLE_SEPARATORS = re.compile(r"\s+[-|–—:»·/]+\s+|\s*::\s*|\s*\|\s*")
_NON_WORD = re.compile(r"[^\w\s]+")
_SPACES = re.compile(r"\s+")
_COUNT = re.compile(r"\(?\d+\)?")


def _normal(text: str) -> str:
    return _SPACES.sub(" ", _NON_WORD.sub(" ", text.lower())).strip()


def stretches(blocks: Sequence[TextBlock], max_gap: int = MAX_GAP) -> list[list[int]]:
    """Indices of content blocks grouped into stretches bridging at most ``max_gap`` other blocks."""
    groups: list[list[int]] = []
    last = -(max_gap + 2)
    for block in blocks:
        if not block.is_content:
            continue
        if groups and block.index - last - 1 <= max_gap:
            groups[-1].append(block.index)
        else:
            groups.append([block.index])
        last = block.index
    return groups


def _words(blocks: Sequence[TextBlock], group: Sequence[int]) -> int:
    return sum(blocks[i].features.num_words for i in group if blocks[i].features is not None)


def largest_content(blocks: Sequence[TextBlock], max_gap: int = MAX_GAP, keep: frozenset[int] = frozenset()) -> None:
    """Keep only the content stretch with the most words (plus the blocks in ``keep``)."""
    groups = stretches(blocks, max_gap)
    if len(groups) < 2:
        return
    best = set(max(groups, key=lambda group: _words(blocks, group)))
    for block in blocks:
        if block.is_content and block.index not in best and block.index not in keep:
            _drop(block, "largest-content")


def find_title_block(blocks: Sequence[TextBlock], title: str) -> int | None:
    """Index of the block that repeats the document title (whole, or its longest part)."""
    if not title:
        return None
    whole = _normal(title)
    candidates = {whole} | {_normal(part) for part in _TITLE_SEPARATORS.split(title)}
    candidates = {c for c in candidates if len(c.split()) >= MIN_TITLE_WORDS}
    if not candidates:
        return None
    longest = max(len(c.split()) for c in candidates)
    matches = [
        b.index for b in blocks
        if b.features is not None and b.features.num_words <= longest + 2 and _normal(b.text) in candidates
    ]
    if not matches:
        return None
    headed = [i for i in matches if blocks[i].enclosing & {"h1", "h2", "h3"}]
    return (headed or matches)[0]


def find_comments_block(blocks: Sequence[TextBlock], start: int) -> int | None:
    """Index of the first comment-section heading after block ``start``."""
    for block in blocks[start + 1:]:
        if block.features is None or block.features.num_words > MAX_INDICATOR_WORDS:
            continue
        text = _COUNT.sub(" ", _normal(block.text)).strip()
        if text in COMMENT_INDICATORS:
            return block.index
    return None


def main_content(blocks: Sequence[TextBlock], title: str, max_gap: int = MAX_GAP) -> None:
    """Main Content Filter: cut above the title and below the comments, keep the largest stretch."""
    title_index = find_title_block(blocks, title)
    if title_index is not None:
        for block in blocks[:title_index]:
            if block.is_content:
                _drop(block, "above-title")
        title_block = blocks[title_index]
        title_block.is_content = True
        title_block.score = 1.0
        title_block.reasons.append("title:content")
    first_content = next((b.index for b in blocks if b.is_content), None)
    if first_content is not None:
        comments = find_comments_block(blocks, first_content)
        if comments is not None:
            for block in blocks[comments:]:
                if block.is_content:
                    _drop(block, "below-comments")
    if title_index is None:
        largest_content(blocks, max_gap)
        return
    groups = stretches(blocks, max_gap)
    body = [g for g in groups if g[-1] > title_index] or groups
    best = max(body, key=lambda group: _words(blocks, group))
    keep = set(range(title_index, best[-1] + 1))
    for block in blocks:
        if block.is_content and block.index not in keep:
            _drop(block, "largest-content")


def _drop(block: TextBlock, reason: str) -> None:
    block.is_content = False
    block.score = 0.0
    block.reasons.append(f"{reason}:boilerplate")
