"""Text normalisation shared by the pipeline and the corpus readers: white space, comparable forms, title pieces
and the words every count is made of (scripts without spaces included)."""

from __future__ import annotations

import re
from collections import Counter
from functools import lru_cache
from itertools import pairwise

#: What sites put between the headline and the site name in ``<title>``: " | ", " - ", " :: ", " » "...; and, beside
#: a character of a script written without spaces (``标题_栏目_网站``), an underscore or a full-width bar.
_WIDE = "\u3000-\u9fff\uac00-\ud7af\uff00-\uffef"
TITLE_SEPARATORS = re.compile(
    rf"\s+[-|–—:»·/]+\s+|\s*::\s*|\s*[|｜]\s*|(?<=[{_WIDE}])_|_(?=[{_WIDE}])"
)
_NON_WORD = re.compile(r"[^\w\s]+")
#: A white-space delimited token holding a word character. Same matches as ``\S*\w\S*``, a fifth faster: no
#: backtracking from the token's end, the leading punctuation is matched as such.
_WORD = re.compile(r"\w\S*|[^\s\w]+\w\S*")
#: Scripts written without spaces between words: Thai, Lao, Myanmar, Khmer, kana, CJK ideographs.
UNSPACED_CHARS = (
    "\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\u3040-\u30ff\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff"
    "\uf900-\ufaff\uff66-\uff9f"
)
_HAS_UNSPACED = re.compile(f"[{UNSPACED_CHARS}]")
#: In unspaced text, a pseudo-word is two characters (the mean length of a Chinese word is about 1.6-2
#: characters), so Boilerpipe's word counts and densities stay on the scale of spaced languages.
_UNSPACED_WORD = re.compile(
    rf"[{UNSPACED_CHARS}]{{1,2}}|[^\s{UNSPACED_CHARS}]*[^\W{UNSPACED_CHARS}][^\s{UNSPACED_CHARS}]*"
)


def collapse_spaces(text: str) -> str:
    """Runs of whitespace (any Unicode space, newlines included) to one space, ends stripped."""
    return " ".join(text.split())


def repeat_form(text: str) -> str:
    """``text`` as repeats of it are told: spaces collapsed, letter case folded (a template's "Reply" in every post,
    a copy of a thread's posts, a box a page shows three times)."""
    return collapse_spaces(text).casefold()


def comparable(text: str) -> str:
    """Lower case, soft hyphens dropped, punctuation to spaces, spaces collapsed: for matching headings against the
    title."""
    return collapse_spaces(_NON_WORD.sub(" ", text.lower().replace("\xad", "")))


def title_parts(title: str) -> list[str]:
    """The pieces of a ``<title>`` between separators, e.g. headline, section and site name."""
    return [part.strip() for part in TITLE_SEPARATORS.split(title) if part.strip()]


def words(text: str | None) -> list[str]:
    """Words of ``text``: white-space delimited tokens with a letter or digit (Kohlschütter et al. §3.3).

    Runs of Chinese, Japanese, Thai and the like, which have no spaces to split on, are cut into
    two-character pseudo-words; otherwise a whole CJK paragraph would count as one word and every
    threshold of the rule models would call it boilerplate.
    """
    if not text or text.isspace():  # most text nodes between tags are indentation
        return []
    if _HAS_UNSPACED.search(text) is None:
        return _WORD.findall(text)
    return _UNSPACED_WORD.findall(text)


@lru_cache(maxsize=4096)
def count_words(text: str | None) -> int:
    """``len(words(text))``, remembered for the last few thousand texts: a page's stages count the same block and
    node texts again and again (segmentation, page typing, the rules, assembly)."""
    return len(words(text))


_BAG_TOKEN = re.compile(r"\w+")


def word_bag(text: str) -> Counter[str]:
    """Lower-cased word tokens of ``text`` as a multiset: for telling whether one text repeats another."""
    return Counter(_BAG_TOKEN.findall(text.lower()))


def word_pairs(text: str) -> Counter[str]:
    """Pairs of consecutive lower-cased word tokens of ``text`` as a multiset (its one token, if it has one): for
    telling whether one text copies a stretch of another, which sharing the common words alone does not show."""
    tokens = _BAG_TOKEN.findall(text.lower())
    return Counter(tokens if len(tokens) < 2 else (f"{a} {b}" for a, b in pairwise(tokens)))
