"""A fallback for an implausibly short result, shared by the article models.

A model that keeps fewer than :data:`MIN_WORDS` words of a page that has paragraphs has missed the article (the
neural models return empty text on a few percent of pages; a boosted-tree blend can miss a layout it never saw).
The page then gets, in order: the blocks of its JSON-LD ``articleBody``, else the text of the container its names
call a post's body (``entry-content``, ``post-body``: :func:`~scrapy_boiler.segment.regions.named_post_body`), else
the paragraphs of its main-content region (:mod:`~scrapy_boiler.segment.regions`), else those of a region found less
strictly. It is taken only when it holds more words than the model kept.

The fallback is chosen on the reference segmentation (Boilerpipe blocks) and mapped onto the model's own blocks by
their leaves, since every family labels runs of the same reference leaves.

A model may also ask for the partial rescue (:func:`rescue_partial`, MultiBoilerNet does): a result of enough words,
nearly all in the main-content region but under half of the region's paragraph words, gets the region's other
paragraphs, comments aside.
"""

from __future__ import annotations

from collections.abc import Sequence

from lxml import etree

from scrapy_boiler.extractors.base import PageLabels
from scrapy_boiler.extractors.leaf_runs import leaves_in, mostly_in, reference_segmentation
from scrapy_boiler.parse.html import ParsedPage
from scrapy_boiler.parse.normalize import count_words, words
from scrapy_boiler.parse.structured import read_json_ld
from scrapy_boiler.segment.blocks import TextBlock
from scrapy_boiler.segment.regions import (
    body_overlap,
    body_pairs,
    find_region,
    is_within,
    loose_weights,
    named_post_body,
    paragraph_weight,
)
from scrapy_boiler.segment.semantics import element_names, name_kinds

#: Fewer content words than this on a page with paragraphs is implausible: the fallback takes over.
MIN_WORDS = 25
#: A block whose word pairs are at least this much in the JSON-LD body belongs to it.
BODY_OVERLAP = 0.6
#: A JSON-LD body shorter than this (characters) is a teaser, not the article.
MIN_BODY_CHARS = 200


def fallback_blocks(blocks: Sequence[TextBlock], region: etree._Element | None,
                    body: frozenset[tuple[str, str]] | None) -> list[int]:
    """Indexes of the annotated ``blocks`` to keep: the JSON-LD body's (``body``: its :func:`body_pairs`), else
    those of the container named a post's body, else the paragraphs inside ``region``, else those of a region found
    with looser paragraph tests.

    Names come before the paragraphs because a result this short is mostly a short post's: a photo blog's post of
    one sentence, whose sidebar holds longer paragraphs than the post (Dragnet's blogs on Blogger and TypePad)."""
    if body is not None:
        chosen = [i for i, block in enumerate(blocks)
                  if body_overlap([w.lower() for w in words(block.text)], body) >= BODY_OVERLAP]
        if chosen:
            return chosen
    if post := named_post_body(blocks):
        return post
    if region is not None:
        return [i for i, block in enumerate(blocks) if paragraph_weight(block) and is_within(block.element, region)]
    weights = loose_weights(blocks)  # no paragraph-like block at all: look again, less strictly
    loose = find_region(blocks, weights).element
    if loose is None:
        return []
    return [i for i, block in enumerate(blocks) if weights[i] and is_within(block.element, loose)]


def declared_body(page: ParsedPage) -> frozenset[tuple[str, str]] | None:
    """The word pairs of the page's JSON-LD article body, or None when it declares none long enough."""
    body = read_json_ld(page.json_ld).body
    return body_pairs(body) if len(body) >= MIN_BODY_CHARS else None


def rescue_short(page: ParsedPage, labels: PageLabels, name: str) -> None:
    """Label the fallback's blocks content when ``labels`` kept fewer than :data:`MIN_WORDS` words (in place).

    A model block is taken when most of its leaves are in the fallback's blocks.
    """
    kept = sum(count_words(block.text) for block in labels.blocks if block.is_content)
    if kept >= MIN_WORDS or not labels.blocks:
        return
    found = _reference(page, labels)
    if found is None:
        return
    reference, weights = found
    chosen = [reference[i] for i in fallback_blocks(reference, find_region(reference, weights).element,
                                                    declared_body(page))]
    if sum(count_words(block.text) for block in chosen) <= kept:
        return
    _take(labels, chosen, f"{name}:fallback (result under {MIN_WORDS} words)")


def _reference(page: ParsedPage, labels: PageLabels) -> tuple[list[TextBlock], list[float]] | None:
    """The page's annotated reference blocks (Boilerpipe's) and their paragraph weights; None when ``labels`` are
    not on the reference leaves, so that their blocks cannot be mapped."""
    reference = reference_segmentation(page, labels)
    if reference is None:
        return None
    return reference.blocks, [paragraph_weight(block) for block in reference.blocks]


def _take(labels: PageLabels, chosen: Sequence[TextBlock], reason: str) -> None:
    """Label content every model block most of whose leaves are in the ``chosen`` reference blocks."""
    taken = leaves_in(chosen, len(labels.leaves))
    for block in labels.blocks:
        if not block.is_content and mostly_in(block, taken):
            block.is_content = True
            block.reasons.append(reason)


#: A model that keeps under this share of its region's paragraph words (comments aside) has missed part of the
#: article, when at least :data:`PARTIAL_INSIDE` of what it kept lies in that region (:func:`rescue_partial`).
PARTIAL_SHARE = 0.5
PARTIAL_INSIDE = 0.8


def rescue_partial(page: ParsedPage, labels: PageLabels, name: str) -> None:
    """Label content (in place) the region's paragraphs a model left out when it kept only part of them: at least
    :data:`MIN_WORDS` words (fewer is :func:`rescue_short`'s case), nearly all inside the page's main-content region,
    and under :data:`PARTIAL_SHARE` of the words of the region's paragraphs outside comments.

    For a network that stops early in an article (MultiBoilerNet's Bi-LSTM keeps a short post's first paragraphs):
    it found the right place, and the region says how far the article goes. Paragraphs under an element named like
    comments stay out: a blog's region often holds its comments too. A model block is taken when most of its leaves
    are in those paragraphs."""
    kept_blocks = [block for block in labels.blocks if block.is_content]
    kept = sum(count_words(block.text) for block in kept_blocks)
    if kept < MIN_WORDS:
        return
    found = _reference(page, labels)
    if found is None:
        return
    reference, weights = found
    region = find_region(reference, weights).element
    if region is None:
        return
    inside = sum(count_words(block.text) for block in kept_blocks if is_within(block.element, region))
    if inside < PARTIAL_INSIDE * kept:
        return
    chosen = [block for block, weight in zip(reference, weights, strict=True)
              if weight and is_within(block.element, region) and not _in_comments(block.element, region)]
    if kept >= PARTIAL_SHARE * sum(count_words(block.text) for block in chosen):
        return
    _take(labels, chosen, f"{name}:the region's paragraph (kept under {PARTIAL_SHARE:.0%} of them)")


def _in_comments(element: etree._Element, region: etree._Element) -> bool:
    """Whether an element named like comments lies between ``element`` (itself included) and ``region``."""
    el: etree._Element | None = element
    while el is not None and el is not region:
        if isinstance(el.tag, str) and name_kinds(element_names(el))[3]:
            return True
        el = el.getparent()
    return False
