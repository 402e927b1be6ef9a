"""Paragraphs rendered like the body's are the body's: a check every article model that labels blocks makes.

A model scores a block from its own words and a window around it, so a paragraph of the body that is short, or that
follows an inline teaser, can score low while its neighbours score high. Pages render every paragraph of a body in
the same markup (ZDF's CSS-module wrappers, a WordPress theme's ``div.entry-content > p``), and the body's template is
the one most of its content paragraphs share: a prose block of that template between the first and last of them is
labelled content too.
"""

from __future__ import annotations

from collections.abc import Sequence

from lxml import etree

from scrapy_boiler.segment.blocks import TextBlock

#: Levels of ancestors in a paragraph's template, the content blocks that make one a template of the body, the
#: share of its blocks between the first and last of them they must be, and what a block of it needs to join.
TEMPLATE_LEVELS = 4
TEMPLATE_MIN_CONTENT = 3
TEMPLATE_CONTENT_SHARE = 0.6
TEMPLATE_MIN_WORDS = 8
TEMPLATE_MAX_LINKS = 0.2
#: Captions, asides and list items share a template with the body's as often as they are its chrome.
_NOT_PROSE = frozenset({"figure", "figcaption", "aside", "li", "blockquote", "table", "td", "th"})


def rendering(element: etree._Element) -> tuple[tuple[str, str], ...]:
    """How the page renders an element: the tag and class of it and of its nearest ancestors, :data:`TEMPLATE_LEVELS`
    in all."""
    key = []
    node: etree._Element | None = element
    while node is not None and len(key) < TEMPLATE_LEVELS:
        key.append((str(node.tag), node.get("class") or ""))
        node = node.getparent()
    return tuple(key)


def same_template(blocks: Sequence[TextBlock], name: str) -> None:
    """Label a prose block as content (in place) when it is rendered like most of the body's paragraphs (same tags
    and classes on it and its nearest ancestors) and sits between the first and last of them. Blocks without
    shallow features (:func:`~scrapy_boiler.segment.blocks.annotate`) are left as they are."""
    by_template: dict[tuple[tuple[str, str], ...], list[TextBlock]] = {}
    for block in blocks:
        by_template.setdefault(rendering(block.element), []).append(block)
    for key, members in by_template.items():
        if any(tag in _NOT_PROSE for tag, _ in key):
            continue
        content = [block.index for block in members if block.is_content]
        if len(content) < TEMPLATE_MIN_CONTENT:
            continue
        between = [block for block in members if content[0] < block.index < content[-1]]
        if len(content) < TEMPLATE_CONTENT_SHARE * (len(between) + 2):
            continue
        for block in between:
            f = block.features
            if not block.is_content and f is not None and f.num_words >= TEMPLATE_MIN_WORDS \
                    and f.link_density <= TEMPLATE_MAX_LINKS:
                block.is_content = True
                block.reasons.append(f"{name}:rendered like the body's paragraphs around it")
