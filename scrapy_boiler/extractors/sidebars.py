"""Text in a sidebar beside the article is no content: a check every article model makes.

A blog's "about me" box, a widget's blurb or a related story's teaser in an ``<aside>`` is prose, and a model that
scores blocks one by one keeps it when it reads like the article (long sentences, few links). Where the page's
article is found elsewhere, a sidebar (:func:`~scrapy_boiler.segment.semantics.is_sidebar`) beside it holds none of
it. The article is found in two boxes: the main-content region (:func:`~scrapy_boiler.segment.regions.find_region`)
and the box the page names a post's body (:func:`~scrapy_boiler.segment.regions.named_post_body`). Both are needed:
on a photo blog whose post is one sentence, the region is the sidebar's longer "about me" box, and only the names
point at the post.

A sidebar inside one of the boxes or inside an ``<article>`` is that article's own (a pull quote, a fact box, a forum
post's quotation in XenForo's ``<aside>``), and is left to the models.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from lxml import etree

from scrapy_boiler.extractors.short_result import MIN_WORDS
from scrapy_boiler.parse.html import ParsedPage
from scrapy_boiler.parse.normalize import count_words
from scrapy_boiler.segment.blocks import TextBlock, annotate, segment
from scrapy_boiler.segment.paths import fold_from_root
from scrapy_boiler.segment.post_groups import common_ancestor
from scrapy_boiler.segment.regions import find_region, is_within, named_post_body, paragraph_weight
from scrapy_boiler.segment.semantics import is_sidebar

#: Content words a box must hold to stand for the article: as many as make a result plausible (the short-result
#: fallback's :data:`~scrapy_boiler.extractors.short_result.MIN_WORDS`, the same number by definition).
MIN_ARTICLE_WORDS = MIN_WORDS


def article_boxes(reference: Sequence[TextBlock], region: etree._Element | None) -> list[etree._Element]:
    """Where the article may be: the ``region``'s container and the box named a post's body (the nearest common
    ancestor of :func:`~scrapy_boiler.segment.regions.named_post_body`'s blocks), found on the annotated
    ``reference`` blocks."""
    boxes = [region] if region is not None else []
    box = common_ancestor([reference[i].element for i in named_post_body(reference)])
    if box is not None and box is not region:
        boxes.append(box)
    return boxes


def page_article_boxes(page: ParsedPage) -> list[etree._Element]:
    """:func:`article_boxes` of a page, found on its reference segmentation (Boilerpipe blocks): for the models
    whose own blocks carry no shallow features."""
    reference = segment(page.root).blocks
    annotate(reference)
    region = find_region(reference, [paragraph_weight(block) for block in reference]).element
    return article_boxes(reference, region)


def drop_sidebar_text(blocks: Sequence[TextBlock], boxes: Callable[[], Sequence[etree._Element]], name: str) -> None:
    """Label boilerplate (in place) every content block inside a sidebar that lies outside all the article's
    ``boxes`` (:func:`article_boxes`), when one of the boxes outside that sidebar holds :data:`MIN_ARTICLE_WORDS`
    content words or more.

    ``boxes`` is called only when a content block lies in a sidebar, which on most pages none does: finding them
    costs a pass over the blocks (and a segmentation, for the neural models)."""
    sidebars: dict[etree._Element, etree._Element | None] = {}
    inside = [(block, sidebar) for block in blocks if block.is_content
              and (sidebar := fold_from_root(block.element, sidebars, _page_sidebar, None)) is not None
              and sidebar.tag != "article"]
    if not inside:
        return
    found = boxes()
    kept = [block for block in blocks if block.is_content]
    articles = [box for box in found
                if sum(count_words(block.text) for block in kept if is_within(block.element, box)) >= MIN_ARTICLE_WORDS]
    for block, sidebar in inside:
        if any(is_within(sidebar, box) for box in found):
            continue  # set into the article: a pull quote, a fact box
        if any(not is_within(box, sidebar) for box in articles):
            block.is_content = False
            block.reasons.append(f"{name}:in a sidebar beside the article ({sidebar.tag}.{sidebar.get('class', '')})")


def _page_sidebar(element: etree._Element, above: etree._Element | None) -> etree._Element | None:
    """A step of :func:`~scrapy_boiler.segment.paths.fold_from_root`, given the parent's value: the outermost sidebar
    an element lies in, or the ``<article>`` it lies in first, whose asides are its own (a pull quote, a forum
    post's quotation in XenForo's ``<aside>``), or None."""
    if above is not None:
        return above
    if not isinstance(element.tag, str):
        return None
    return element if element.tag == "article" or is_sidebar(element) else None
