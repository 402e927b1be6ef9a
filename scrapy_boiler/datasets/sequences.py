"""Two sequence algorithms behind the gold-text alignment (:mod:`scrapy_boiler.datasets.alignment`): the longest
order-consistent chain of anchor pairs (as in patience diff) and a bit-parallel longest common subsequence."""

from __future__ import annotations

from bisect import bisect_left


def longest_chain(pairs: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Longest subsequence of ``pairs`` (sorted by gold position) increasing in page position too."""
    tails: list[int] = []  # page position ending the best chain of each length
    tail_idx: list[int] = []
    back = [-1] * len(pairs)
    for i, (p, _) in enumerate(pairs):
        j = bisect_left(tails, p)
        if j == len(tails):
            tails.append(p)
            tail_idx.append(i)
        else:
            tails[j] = p
            tail_idx[j] = i
        back[i] = tail_idx[j - 1] if j else -1
    chain: list[tuple[int, int]] = []
    i = tail_idx[-1]
    while i >= 0:
        chain.append(pairs[i])
        i = back[i]
    chain.reverse()
    return chain


def lcs_pairs(a: str, b: str) -> list[tuple[int, int]]:
    """Index pairs of one longest common subsequence of ``a`` and ``b``, in increasing order.

    Bit-parallel (Allison-Dix / Hyyrö): the DP row for each character of the longer string is an
    integer whose bits run over the shorter string; a 0 bit at position j means the LCS length
    grows at column j. Rows are kept for the traceback.
    """
    if not a or not b:
        return []
    swapped = len(a) > len(b)
    short, long_ = (b, a) if swapped else (a, b)
    n = len(short)
    full = (1 << n) - 1
    positions: dict[str, list[int]] = {}
    for j, ch in enumerate(short):
        positions.setdefault(ch, []).append(j)
    masks: dict[str, int] = {}
    for ch in positions.keys() & set(long_):
        digits = bytearray(b"0") * n  # most significant first: bit j is digit n-1-j
        for j in positions[ch]:
            digits[n - 1 - j] = 49
        masks[ch] = int(digits, 2)
    rows = [full]
    v = full
    for ch in long_:
        u = v & masks.get(ch, 0)
        v = ((v + u) | (v - u)) & full
        rows.append(v)

    def score(i: int, j: int) -> int:  # LCS of long_[:i] and short[:j]
        return j - (rows[i] & ((1 << j) - 1)).bit_count()

    pairs: list[tuple[int, int]] = []
    i, j = len(long_), n
    cur = score(i, j)
    while i > 0 and j > 0 and cur > 0:
        if long_[i - 1] == short[j - 1] and score(i - 1, j - 1) == cur - 1:
            pairs.append((j - 1, i - 1))
            i -= 1
            j -= 1
            cur -= 1
        elif score(i - 1, j) == cur:
            i -= 1
        else:
            j -= 1
    pairs.reverse()
    if swapped:
        return [(li, si) for si, li in pairs]
    return pairs
