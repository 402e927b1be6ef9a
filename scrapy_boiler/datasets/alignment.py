"""Put gold labels on a page's text blocks by aligning them with the gold text (Vogels, Ganea and Eickhoff,
"Web2Text: Deep Structured Boilerplate Removal" §4.1).

The corpora give a page and the text a human kept from it, not block labels. Web2Text recovers the
labels automatically, and so do we:

1. **Normalise** both sides the same way: whitespace (and soft hyphens, zero-width characters) is
   removed entirely, letters are lower-cased one character at a time, and typographic quotes and
   dashes become their ASCII forms. Removing whitespace rather than collapsing it makes the
   alignment blind to where the parser or the annotator put line breaks and spaces between blocks
   (``<b>Hel</b>lo`` becomes two blocks but one gold word). Case folding absorbs CSS
   ``text-transform``, which Dragnet's annotators saw and the HTML does not.
2. **Anchor** on windows of 10 characters that occur exactly once in the current page range and
   once in the current gold range. All such windows of a range are found with one hashing pass,
   the longest order-consistent chain of them is kept (as in patience diff), each anchor is
   extended to its maximal exact match, and the parts between anchors are processed again, where
   windows that were repeated in the whole page can now be unique. The work list is iterative.
3. **Dynamic programming** (a character-level longest common subsequence) aligns what is left
   between anchors. It runs with bit-parallel rows (Python integers as bit vectors), and only on
   gaps of at most :data:`DP_MAX_CELLS` cells; a larger gap is first cut with shorter unique
   windows (5, then 4 characters) and whatever is still too large stays unaligned. LCS matches
   shorter than :data:`MIN_RUN` characters are dropped: in a long boilerplate gap they are letters
   matched by chance.

   Two refinements over the paper. When a range has no unique window at all because the page
   prints the content twice or more (Dragnet 212 has three copies of its article), windows unique
   in the gold and repeated at most :data:`MAX_REPEAT` times on the page anchor one consistent
   copy. When two anchors could both grow over the same characters (every post starting with
   "Posted by"), the split that leaves the unmatched page text on block boundaries wins.
4. A block is content iff at least ``min_aligned`` (2/3 in the paper) of its characters are
   aligned.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass

from scrapy_boiler.datasets.sequences import lcs_pairs, longest_chain

#: Length of the anchor windows (Vogels et al. §4.1).
WINDOW = 10
#: Shorter windows tried, in order, on gaps too large for the dynamic programme.
FALLBACK_WINDOWS: tuple[int, ...] = (5, 4)
#: Largest gap (page chars x gold chars) aligned by dynamic programming: at most about 0.1 s and
#: 1.3 MB of bit rows (the loop runs over the longer side, the bits over the shorter one).
DP_MAX_CELLS = 10_000_000
#: Most occurrences on the page of an anchor window when no window is unique (duplicated content).
MAX_REPEAT = 4
#: Shortest run of consecutive LCS matches that is kept (unless it covers a whole short gap).
MIN_RUN = 3

_IGNORED = re.compile(r"[\s\u00ad\u200b-\u200d\u2060\ufeff]+")
_FOLD = str.maketrans(
    {
        "\u2018": "'", "\u2019": "'", "\u201a": "'", "\u201b": "'", "\u2032": "'", "\u00b4": "'",
        "`": "'", "\u201c": '"', "\u201d": '"', "\u201e": '"', "\u201f": '"', "\u2033": '"',
        "\u2010": "-", "\u2011": "-", "\u2012": "-", "\u2013": "-", "\u2014": "-", "\u2015": "-",
        "\u2212": "-",
    }
)


def normalize(text: str) -> str:
    """The comparison form of ``text``: no whitespace, lower case, ASCII quotes and dashes.

    Every remaining character maps to exactly one character of the input, so counts of
    normalised characters are counts of the input's non-whitespace characters.
    """
    text = _IGNORED.sub("", text)
    lowered = text.lower()
    if len(lowered) != len(text):  # e.g. "İ" lower-cases to two characters: keep such letters as they are
        lowered = "".join(ch if len(ch.lower()) != 1 else ch.lower() for ch in text)
    return lowered.translate(_FOLD)


@dataclass(frozen=True)
class BlockAlignment:
    """Outcome of aligning a page's blocks with a gold text."""

    sizes: list[int]  #: non-whitespace characters per block
    aligned: list[int]  #: how many of them are aligned to the gold text
    gold_chars: int  #: non-whitespace characters of the gold text
    gold_aligned: int  #: how many of them are aligned to some block

    @property
    def coverage(self) -> float:
        """Share of the gold text found on the page (1.0 for an empty gold text)."""
        return self.gold_aligned / self.gold_chars if self.gold_chars else 1.0

    def labels(self, min_aligned: float = 2 / 3) -> list[bool]:
        """Per block: at least ``min_aligned`` of its characters are aligned (empty blocks: False)."""
        pairs = zip(self.sizes, self.aligned, strict=True)
        return [size > 0 and done >= min_aligned * size - 1e-9 for size, done in pairs]


def align_blocks(block_texts: Sequence[str], gold_text: str) -> BlockAlignment:
    """Align the concatenated blocks with ``gold_text`` and count aligned characters per block."""
    parts = [normalize(text) for text in block_texts]
    page = "".join(parts)
    gold = normalize(gold_text)
    match = align(page, gold, _starts(parts))
    aligned: list[int] = []
    start = 0
    for part in parts:
        end = start + len(part)
        aligned.append(sum(1 for g in match[start:end] if g >= 0))
        start = end
    return BlockAlignment([len(p) for p in parts], aligned, len(gold), sum(aligned))


def label_blocks(block_texts: Sequence[str], gold_text: str, *, min_aligned: float = 2 / 3) -> list[bool]:
    """Content label per block: iff at least ``min_aligned`` of its non-whitespace chars align to the gold."""
    if not block_texts:
        return []
    return align_blocks(block_texts, gold_text).labels(min_aligned)


def label_blocks_from_spans(
    block_texts: Sequence[str], spans: Sequence[tuple[str, bool]], *, min_share: float = 0.5
) -> list[bool]:
    """Labels for blocks cut from a page whose text pieces carry their own labels (L3S-GN1).

    The blocks are (nearly) a subsequence of the pieces: a parser drops hidden or scripted text and
    splits or merges pieces at tag boundaries, so the blocks are aligned to the pieces' character
    stream with the same machinery as :func:`label_blocks` instead of being matched piece by
    piece. A block is content iff **more than** ``min_share`` (a strict majority) of its aligned
    characters come from content pieces: one block can straddle a label boundary, and the majority
    decides. Characters that align nowhere carry no evidence; a block with none is not content.
    """
    if not block_texts:
        return []
    parts = [normalize(text) for text in block_texts]
    page = "".join(parts)
    stream: list[str] = []
    flags: list[bool] = []
    for text, is_content in spans:
        piece = normalize(text)
        stream.append(piece)
        flags.extend([is_content] * len(piece))
    match = align(page, "".join(stream), _starts(parts))
    labels: list[bool] = []
    start = 0
    for part in parts:
        end = start + len(part)
        hits = [flags[g] for g in match[start:end] if g >= 0]
        labels.append(bool(hits) and sum(hits) > min_share * len(hits))
        start = end
    return labels


def _starts(parts: Sequence[str]) -> frozenset[int]:
    """Positions in the concatenation of ``parts`` where each part starts (and where the last ends)."""
    starts = {0}
    position = 0
    for part in parts:
        position += len(part)
        starts.add(position)
    return frozenset(starts)


# ---------------------------------------------------------------------------------------------
# Character alignment


def align(page: str, gold: str, breaks: AbstractSet[int] = frozenset()) -> list[int]:
    """Monotone character alignment: for each page position the matched gold position, or -1.

    Both strings are expected in :func:`normalize` form. ``breaks`` are the page positions where a
    block starts; they only settle ties between equally good alignments.
    """
    match = [-1] * len(page)
    if not page or not gold:
        return match
    n, m = len(page), len(gold)
    gaps: list[tuple[int, int, int, int]] = []
    work: list[tuple[int, int, int, int, int]] = [(0, n, 0, m, WINDOW)]
    while work:
        ps, pe, gs, ge, k = work.pop()
        if ps >= pe or gs >= ge:
            continue
        segments: list[tuple[int, int, int]] = []
        if min(pe - ps, ge - gs) >= k:
            segments = _anchor_segments(page, ps, pe, gold, gs, ge, k, 1, breaks)
            if not segments and k == WINDOW:  # content printed more than once: settle for one copy
                segments = _anchor_segments(page, ps, pe, gold, gs, ge, k, MAX_REPEAT, breaks)
        if not segments:
            if (pe - ps) * (ge - gs) > DP_MAX_CELLS:
                smaller = [w for w in FALLBACK_WINDOWS if w < k]
                if smaller:
                    work.append((ps, pe, gs, ge, smaller[0]))
                    continue
            gaps.append((ps, pe, gs, ge))
            continue
        prev_p, prev_g = ps, gs
        for p, g, length in segments:
            for i in range(length):
                match[p + i] = g + i
            work.append((prev_p, p, prev_g, g, WINDOW))
            prev_p, prev_g = p + length, g + length
        work.append((prev_p, pe, prev_g, ge, WINDOW))
    for ps, pe, gs, ge in gaps:
        if (pe - ps) * (ge - gs) > DP_MAX_CELLS:
            continue  # too large even after the shorter windows: leave unaligned
        # A gap touching the end of either string is anchored on its left only: prefer matches near
        # that anchor by aligning the reversed strings.
        reverse = (pe == n or ge == m) and (ps > 0 and gs > 0)
        for p, g in _lcs_runs(page[ps:pe], gold[gs:ge], reverse=reverse):
            match[ps + p] = gs + g
    return match


def _windows(text: str, start: int, end: int, k: int) -> list[str]:
    return [text[i:i + k] for i in range(start, end - k + 1)]


def _anchor_segments(
    page: str, ps: int, pe: int, gold: str, gs: int, ge: int,
    k: int, max_repeat: int, breaks: AbstractSet[int],
) -> list[tuple[int, int, int]]:
    """Maximal exact matches ``(page_pos, gold_pos, length)`` grown from anchor windows.

    An anchor window occurs once in the gold range and once (up to ``max_repeat`` times) in the
    page range. The returned segments are increasing and non-overlapping in both strings.
    """
    gold_windows = _windows(gold, gs, ge, k)
    gold_unique = {window for window, count in Counter(gold_windows).items() if count == 1}
    page_windows = _windows(page, ps, pe, k)
    page_count = Counter(window for window in page_windows if window in gold_unique)
    if max_repeat == 1:
        first = {w: i for i, w in enumerate(page_windows, ps) if page_count.get(w) == 1}
        pairs = [(first[w], g) for g, w in enumerate(gold_windows, gs) if w in first]
    else:
        page_pos: dict[str, list[int]] = {}
        for i, window in enumerate(page_windows, ps):
            if page_count.get(window, 0) <= max_repeat and window in page_count:
                page_pos.setdefault(window, []).append(i)
        pairs = [  # per gold window, page positions in decreasing order: a chain then uses at most one
            (p, g) for g, window in enumerate(gold_windows, gs) for p in reversed(page_pos.get(window, ()))
        ]
    if not pairs:
        return []
    chain = longest_chain(pairs)
    # merge the chain's windows into runs along one diagonal; a window overlapping the previous run
    # on another diagonal is clipped to start after it
    runs: list[list[int]] = []  # [page_pos, gold_pos, length]
    for p, g in chain:
        length = k
        if runs:
            rp, rg, rl = runs[-1]
            if p - g == rp - rg and p <= rp + rl:
                runs[-1][2] = max(rl, p + k - rp)
                continue
            shift = max(rp + rl - p, rg + rl - g, 0)
            if shift >= k:
                continue
            p, g, length = p + shift, g + shift, k - shift
        runs.append([p, g, length])
    # grow every run to its maximal exact match, sharing each gap between its two neighbours
    left = [0] * len(runs)
    right = [0] * len(runs)
    for i in range(len(runs) + 1):
        pa, ga = (runs[i - 1][0] + runs[i - 1][2], runs[i - 1][1] + runs[i - 1][2]) if i else (ps, gs)
        pb, gb = (runs[i][0], runs[i][1]) if i < len(runs) else (pe, ge)
        room = min(pb - pa, gb - ga)
        grow_right = _common_prefix(page, pa, gold, ga, room) if i else 0
        grow_left = _common_suffix(page, pb, gold, gb, room) if i < len(runs) else 0
        if grow_right + grow_left > room:
            grow_right = _split_gap(pa, pb, room, grow_right, grow_left, breaks)
            grow_left = room - grow_right
        if i:
            right[i - 1] = grow_right
        if i < len(runs):
            left[i] = grow_left
    grown = zip(runs, left, right, strict=True)
    return [(p - lo, g - lo, length + lo + hi) for (p, g, length), lo, hi in grown]


def _common_prefix(page: str, p: int, gold: str, g: int, limit: int) -> int:
    n = 0
    while n < limit and page[p + n] == gold[g + n]:
        n += 1
    return n


def _common_suffix(page: str, p: int, gold: str, g: int, limit: int) -> int:
    n = 0
    while n < limit and page[p - n - 1] == gold[g - n - 1]:
        n += 1
    return n


def _split_gap(pa: int, pb: int, room: int, grow_right: int, grow_left: int, breaks: AbstractSet[int]) -> int:
    """How far the left run grows when it and the right run both could take the same characters.

    Text shared by the end of one block and the start of the next ("Posted by" before every post)
    fits either anchor. Prefer the split that leaves the unmatched page text between block
    boundaries; on a tie, the left run takes as much as it can.
    """
    best, best_score = grow_right, -1
    for take in range(grow_right, room - grow_left - 1, -1):
        score = (pa + take in breaks) + (pb - (room - take) in breaks)
        if score > best_score:
            best, best_score = take, score
            if score == 2:
                break
    return best


def _lcs_runs(a: str, b: str, *, reverse: bool = False) -> list[tuple[int, int]]:
    """LCS matches ``(i_in_a, j_in_b)`` of two short strings, keeping runs of at least MIN_RUN."""
    if reverse:
        la, lb = len(a), len(b)
        return [(la - 1 - i, lb - 1 - j) for i, j in _lcs_runs(a[::-1], b[::-1])][::-1]
    pairs = lcs_pairs(a, b)
    kept: list[tuple[int, int]] = []
    run: list[tuple[int, int]] = []
    short_gap = min(len(a), len(b)) < MIN_RUN
    for pair in [*pairs, (-2, -2)]:
        if run and pair[0] == run[-1][0] + 1 and pair[1] == run[-1][1] + 1:
            run.append(pair)
            continue
        if run and (len(run) >= MIN_RUN or (short_gap and len(run) == min(len(a), len(b)))):
            kept.extend(run)
        run = [pair]
    return kept
