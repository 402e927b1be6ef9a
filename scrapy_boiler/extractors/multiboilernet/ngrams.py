"""Language-agnostic text input: hashed character n-grams of every word (fastText-style subwords).

No vocabulary and no download: a word ``w`` contributes the n-grams (n = 1..4 by default) of ``<w>`` and
the whole ``<w>`` itself, each hashed into a fixed number of buckets. Scripts without spaces (Chinese,
Japanese, Thai) still give character n-grams, and words never seen in training share n-grams with
seen ones, which is what lets a model trained on English pages read other languages at all.
"""

from __future__ import annotations

import zlib
from functools import lru_cache

DEFAULT_BUCKETS = 1 << 15
MIN_N = 1
MAX_N = 4
#: n-gram ids kept per block: the mean of the first few thousand n-grams is stable, long blocks stay cheap.
MAX_IDS = 2048


def subword_ids(text: str, buckets: int = DEFAULT_BUCKETS, min_n: int = MIN_N, max_n: int = MAX_N,
                max_ids: int = MAX_IDS) -> list[int]:
    """Bucket ids of the n-grams of every lower-cased word of ``text`` (crc32: stable across runs)."""
    ids: list[int] = []
    for word in text.lower().split():
        ids.extend(word_ids(word, buckets, min_n, max_n))
        if len(ids) >= max_ids:
            return ids[:max_ids]
    return ids


@lru_cache(maxsize=200_000)
def word_ids(word: str, buckets: int, min_n: int = MIN_N, max_n: int = MAX_N) -> tuple[int, ...]:
    """Bucket ids of one lower-cased word: ``<word>`` itself, then its n-grams (memoised: words repeat)."""
    marked = f"<{word}>"
    ids = [zlib.crc32(marked.encode("utf-8")) % buckets]
    for n in range(min_n, max_n + 1):
        for start in range(len(marked) - n + 1):
            ids.append(zlib.crc32(f"{n}:{marked[start:start + n]}".encode()) % buckets)
    return tuple(ids)
