"""A newsroom's summary or FAQ box set into the body: the article's own words, in a box the trees score low.

News sites open a story with its key points ("Das Wichtigste in Kürze", "Claves", "Dit weten we", ``div.key-points``)
and close it with the questions readers ask ("Häufige Fragen", ``section.faq``), each a box among the body's
paragraphs. Its lines are short, listed or headed, in a template of their own, so the trees score them like a
teaser's; but the newsroom wrote them for this article, and trafilatura keeps them. A box so named, placed among
the body's content paragraphs (a child of an element holding them), with few links, is content, but for the short
label it opens with.
"""

from __future__ import annotations

import re

from lxml import etree

from scrapy_boiler.extractors.blend.body_boxes import boxed_blocks, words_and_linked
from scrapy_boiler.parse.normalize import count_words
from scrapy_boiler.segment.blocks import TextBlock
from scrapy_boiler.segment.semantics import box_kind, element_names

#: Names of a summary box or an FAQ box (``key-points``, ``summary-box``, ``highlights``, ``takeaways``, Spanish
#: "claves", Italian "punti chiave", ``faq-block``, ``article-qa``).
SUMMARY_NAME = re.compile(r"summary|key-?points|highlights|takeaways|claves|punti-chiave|faq|article-qa"
                          r"|what-?we-?know")
#: Levels above a block where its box is looked for (an FAQ's answer in ``div.faq-item`` in ``section.faq``).
BOX_LEVELS = 3
#: Words such a box holds at most, and the share of them linked at most: a longer or linked box is a list of
#: other stories.
BOX_MAX_WORDS = 400
BOX_MAX_LINK_DENSITY = 0.2


def summary_boxes(blocks: list[TextBlock], name: str) -> None:
    """Label as content (in place) the blocks of a box named a summary or an FAQ (:data:`SUMMARY_NAME`) whose parent
    holds a content paragraph of the body, with at most :data:`BOX_MAX_WORDS` words and
    :data:`BOX_MAX_LINK_DENSITY` of them linked, not named an advert or a promotion; not the label it opens with
    (:data:`LABEL_WORDS`)."""
    for block, box in boxed_blocks(blocks, _summary_box, BOX_LEVELS):
        if not _label(block, box):
            block.is_content = True
            block.reasons.append(f"{name}:in the article's summary or FAQ box ({box.tag}.{box.get('class', '')})")


#: Words of the line a box opens with that make it the box's label ("Kort fortalt", "Das Wichtigste in Kürze"), at
#: most: the site's words over the summary, which fundus's gold leaves out.
LABEL_WORDS = 4


def _label(block: TextBlock, box: etree._Element) -> bool:
    """Whether ``block`` is the short line ``box`` opens with."""
    first = next((text for text in box.itertext() if text.strip()), "")
    return count_words(block.text) <= LABEL_WORDS and block.text.strip().startswith(first.strip())


def _summary_box(el: etree._Element, holders: set[etree._Element]) -> bool:
    if el.getparent() not in holders:  # first: most boxes are not a child of one holding the body's paragraphs
        return False
    # a class holding brackets or a colon is a utility's selector (Tailwind's "[[data-group=summary]_&]:my-0")
    names = " ".join(name for name in element_names(el).split() if "[" not in name and ":" not in name)
    if not SUMMARY_NAME.search(names.lower().replace("_", "-")):
        return False
    words, linked = words_and_linked(el)
    return 0 < words <= BOX_MAX_WORDS and linked <= BOX_MAX_LINK_DENSITY * words and not box_kind(el)
