"""Text the page shows three times or more is said once: a check the neural article models share.

A privacy placeholder left where each embedded post was ("Your privacy settings prevent loading external content"),
the same newsletter box between paragraphs, a page that carries its article once per tab or print view: the neural
models label a block from its own words and a window of its neighbours, so seven copies of a placeholder inside the
body get seven content votes. Boilerpipe's rules and the blend see the page as a whole; this gives the neural models
the same view of repetition (the one-block-one-decision limit of block classifiers that Vogels, Ganea and Eickhoff's
"Web2Text: Deep Structured Boilerplate Removal" sets out to lift). The first copy keeps the model's label, since a
text the page repeats can still be its content (an article printed twice, a heading shown again below).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from scrapy_boiler.parse.normalize import count_words
from scrapy_boiler.segment.blocks import TextBlock

#: A text shown this many times on one page is repeated by its template...
MIN_COPIES = 3
#: ...when it has at least this many words: short ones repeat in content too (a table's "Yes" and "No", a chat log's
#: speaker, a "From:" label).
MIN_WORDS = 4


def drop_repeated(blocks: Sequence[TextBlock], name: str) -> None:
    """Label boilerplate (in place) every content block after the first whose text, of :data:`MIN_WORDS` words or
    more, the page's ``blocks`` hold :data:`MIN_COPIES` times or more, letter case and spacing aside."""
    keys = [block.repeat_key() if count_words(block.text) >= MIN_WORDS else ""
            for block in blocks]
    copies = Counter(key for key in keys if key)
    said: set[str] = set()
    for block, key in zip(blocks, keys, strict=True):
        if not block.is_content or not key or copies[key] < MIN_COPIES:
            continue
        if key in said:
            block.is_content = False
            block.reasons.append(f"{name}:repeated ({copies[key]} times on the page)")
        said.add(key)
