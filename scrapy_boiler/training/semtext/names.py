"""Name scrambling: training SemText for class names it has never seen.

SemText (Hao Zhang, Jie Wang: *Boilerplate Detection via Semantic Classification of TextBlocks*) reads each block's
class/id names as words. Trained on a handful of platforms, the network leans on their names, those of one platform
(reddit's ``shreddit-comment``, a forum's ``postbody``) and those many sites share alike, and on a platform it never
saw it keeps a thread's long posts and drops its short ones, the way short blocks are boilerplate on an article.
Leave-platform-out, scrambling all the names mended this, and leaving the shared ones unscrambled did not.

With ``--name-scramble P``, each training window shows each of its distinct name words (class/id words, and tags
that are no HTML element, which are a platform's names too) with probability ``P`` as a made-up word instead, the same
made-up word wherever that name shows in the window. The page's repeated structure stays (every post still carries
the same names as the others), but not what the names say, so the network has to read the structure, the tags and
the text around a block, as it must on an unseen platform. This is word dropout (Iyyer et al.'s *Deep Unordered
Composition Rivals Syntactic Methods for Text Classification*) on the names only, made consistent within a window.
"""

from __future__ import annotations

import random
import string
from collections.abc import Sequence

from lxml.html import defs

from scrapy_boiler.extractors.semtext.words import TAG_WORDS, Strings

#: Tag words of HTML's own elements (their meanings, and the names of those without one): the same on every site,
#: never scrambled. A custom element (``shreddit-comment``) is a platform's name.
ELEMENT_WORDS = frozenset({word for meaning in TAG_WORDS.values() for word in meaning.split()}
                          | defs.tags | defs.html5_tags)


def scramble_names(window: Sequence[Strings], share: float, rng: random.Random) -> list[Strings]:
    """``window`` (blocks' tags, classes, text strings) with each distinct name word replaced by a made-up one with
    probability ``share``, consistently across the window; texts are untouched."""
    swapped: dict[str, str] = {}

    def name(word: str) -> str:
        made = swapped.get(word)
        if made is None:
            made = swapped[word] = _made_up(rng) if rng.random() < share else word
        return made

    return [(tuple(word if word in ELEMENT_WORDS else name(word) for word in tags),
             tuple(name(word) for word in classes), text) for tags, classes, text in window]


def _made_up(rng: random.Random) -> str:
    return "".join(rng.choices(string.ascii_lowercase, k=rng.randint(4, 10)))
