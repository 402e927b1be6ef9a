"""The text a page declares and shows, for a model that missed most of it.

A news page declares its article in JSON-LD: the ``articleBody`` of a ``NewsArticle``, and, on a live blog, each
entry's headline and body (``LiveBlogPosting.liveBlogUpdate``). Where the page shows that text too, its blocks are
the article by the publisher's own account. A neural model that reads a live blog as a column of teasers keeps the
standfirst and drops the entries (Web2Text kept 21 words of an Express live blog of 955). So when a model keeps
under half the words of the blocks that lie in the declared text, those blocks become content. A block lies in it
when most of its word pairs are the declared text's; short blocks are left as labelled, since a few words
("Read more", a date) match any long text.

Nothing changes where the page declares no text, or only a teaser (under
:data:`~scrapy_boiler.extractors.short_result.MIN_BODY_CHARS` characters), or shows none of it: a paywalled page's
hidden body is the assembler's (:mod:`~scrapy_boiler.assemble.declared_body`).
"""

from __future__ import annotations

from scrapy_boiler.extractors.base import PageLabels
from scrapy_boiler.extractors.short_result import MIN_BODY_CHARS
from scrapy_boiler.parse.html import ParsedPage
from scrapy_boiler.parse.normalize import words
from scrapy_boiler.parse.structured import read_json_ld
from scrapy_boiler.segment.regions import body_overlap, body_pairs

#: A block lies in the declared text when at least this share of its word pairs are the declared text's...
BLOCK_OVERLAP = 0.8
#: ... and it has at least this many words.
MIN_BLOCK_WORDS = 5
#: A model that keeps under this share of the words of the declared text's blocks has missed the article.
MIN_KEPT_SHARE = 0.5
#: The declared text's blocks must hold at least this many words (fewer is a teaser, or a caption).
MIN_SHOWN_WORDS = 25


def rescue_declared(page: ParsedPage, labels: PageLabels, name: str) -> None:
    """Label content the blocks of ``labels`` that lie in the page's declared text, when the model kept under
    :data:`MIN_KEPT_SHARE` of their words (in place; see the module docstring)."""
    if not page.json_ld or not any("articleBody" in script or "liveBlogUpdate" in script for script in page.json_ld):
        return
    declared = read_json_ld(page.json_ld)
    texts = [text for text in (declared.body, *declared.updates) if text]
    if sum(map(len, texts)) < MIN_BODY_CHARS:  # a teaser (the standfirst), not the article
        return
    pairs = frozenset().union(*map(body_pairs, texts))
    shown = []
    for block in labels.blocks:
        tokens = [w.lower() for w in words(block.text)]
        if len(tokens) >= MIN_BLOCK_WORDS and body_overlap(tokens, pairs) >= BLOCK_OVERLAP:
            shown.append((block, len(tokens)))
    total = sum(size for _, size in shown)
    kept = sum(size for block, size in shown if block.is_content)
    if total < MIN_SHOWN_WORDS or kept >= MIN_KEPT_SHARE * total:
        return
    for block, _ in shown:
        if not block.is_content:
            block.is_content = True
            block.reasons.append(f"{name}:in the text the page declares (JSON-LD), most of which it had missed")
