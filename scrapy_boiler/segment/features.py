"""The shallow text features of Kohlschütter, Fankhauser and Nejdl, "Boilerplate Detection using Shallow Text
Features" §3.3-3.4, computed per block (:func:`scrapy_boiler.segment.blocks.annotate` sets them on a page's blocks).

Definitions follow the paper:

* a *word* is a white-space delimited token containing at least one letter or digit (and a pair of
  characters in scripts written without spaces: :func:`scrapy_boiler.parse.normalize.words`);
* *link density* is the share of a block's words that sit inside ``<a>``;
* *text density* (eq. 1) wraps the block at ``WRAP_WIDTH`` = 80 columns and divides the words of
  all lines but the last by the number of lines minus one; a one-line block's density is its word count;
* sentence boundaries are full stops, question and exclamation marks and semicolons.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from operator import itemgetter

from scrapy_boiler.parse.normalize import words

#: Column width for text density, Kohlschütter et al. §3.4: "in this paper, we use w_max = 80".
WRAP_WIDTH = 80

_SENTENCE_END = re.compile(r"[.?!;]+(?=\s|$)")
#: A white-space delimited token that is a time, a date, a year, an ordinal day, a month or weekday name, or a time
#: word (``am``, ``GMT``, ``today``, ``ago``), with one trailing punctuation mark. The alternatives are grouped by
#: their first character: Python's ``re`` tries each at every token of every block of every page.
_DATE_TIME = re.compile(
    r"""(?<!\S)(?:
        \d(?:\d?[:.]\d{2}(?:[:.]\d{2})?(?:am|pm|h)?  # 9:30, 12.45.10, 9:30pm
           | \d{0,3}[-/.]\d{1,2}[-/.]\d{1,4}  # 2024-05-03, 3/5/24
           | \d?(?:st|nd|rd|th))  # 3rd
      | (?:19|20)\d{2}
      | a(?:\.?m\.?|pr(?:il)?|ug(?:ust)?|go)
      | p(?:\.?m\.?|[sd]t)
      | gmt|utc|[ecm][sd]t
      | t(?:oday|ue(?:s|sday)?|hu(?:rs|rsday)?)
      | yesterday
      | j(?:an(?:uary)?|une?|uly?)
      | f(?:eb(?:ruary)?|ri(?:day)?)
      | m(?:ar(?:ch)?|ay|on(?:day)?)
      | s(?:ept?(?:ember)?|at(?:urday)?|un(?:day)?)
      | oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|wed(?:nesday)?
    )[,.;:!?)]?(?!\S)""",
    re.IGNORECASE | re.VERBOSE,
)


@dataclass(slots=True)
class BlockFeatures:
    """Per-block features of Kohlschütter et al. §3.2-3.4 (context features come from the neighbours).

    Not frozen, but read only: a frozen dataclass sets each field through ``object.__setattr__``, which made building
    them eight times slower, and every block of every page gets one."""

    num_words: int
    num_linked_words: int
    link_density: float
    text_density: float
    num_wrapped_lines: int
    avg_word_length: float
    avg_sentence_length: float
    num_capitalized_words: int
    capitalized_ratio: float
    full_stop_ratio: float
    num_date_tokens: int
    num_vertical_bars: int
    absolute_position: int
    relative_position: float

    def as_dict(self) -> dict[str, float]:
        return asdict(self)


#: Features of the virtual block before the first and after the last one.
EMPTY = BlockFeatures(0, 0, 0.0, 0.0, 0, 0.0, 0.0, 0, 0.0, 0.0, 0, 0, -1, 0.0)


def text_density(block_words: Sequence[str], width: int = WRAP_WIDTH) -> tuple[float, int]:
    """Kohlschütter et al. eq. 1: words per wrapped line, ignoring the (partial) last line. Returns (ρ, lines).

    The words (white-space free, as :func:`~scrapy_boiler.parse.normalize.words` gives them) are wrapped greedily:
    a line takes words while they fit with one space between them, and always its first word."""
    if not block_words:
        return 0.0, 0
    line = " ".join(block_words)
    size = len(line)
    if size <= width:  # fits on one line: no wrapping to simulate
        return float(len(block_words)), 1
    lines = 1
    start = 0  # where the last line starts
    while size - start > width:
        cut = line.rfind(" ", start, start + width + 1)  # the space after the last word that fits
        if cut < 0:
            cut = line.find(" ", start)  # a first word longer than the line
            if cut < 0:
                break
        lines += 1
        start = cut + 1
    if lines == 1:
        return float(len(block_words)), 1
    return line.count(" ", 0, start) / (lines - 1), lines


def block_features(text: str, linked_text: str, position: int, total: int,
                   tokens: list[str] | None = None) -> BlockFeatures:
    """All single-block features of one block's text; ``tokens`` are its :func:`words` when already split."""
    if tokens is None:
        tokens = words(text)
    count = len(tokens)
    linked = len(words(linked_text))
    density, lines = text_density(tokens)
    capitalized = sum(map(str.isupper, map(itemgetter(0), tokens)))  # C loops: once per block of every page
    sentences = max(1, len(_SENTENCE_END.findall(text))) if count else 0
    return BlockFeatures(
        num_words=count,
        num_linked_words=min(linked, count),
        link_density=min(1.0, linked / count) if count else 0.0,
        text_density=density,
        num_wrapped_lines=lines,
        avg_word_length=sum(map(len, tokens)) / count if count else 0.0,
        avg_sentence_length=count / sentences if sentences else 0.0,
        num_capitalized_words=capitalized,
        capitalized_ratio=capitalized / count if count else 0.0,
        full_stop_ratio=text.count(".") / count if count else 0.0,
        num_date_tokens=len(_DATE_TIME.findall(text)),
        num_vertical_bars=text.count("|"),
        absolute_position=position,
        relative_position=position / total if total else 0.0,
    )
