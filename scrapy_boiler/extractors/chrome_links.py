"""Link lists in the page's chrome are not the article: a check the neural article models share.

A "related stories" rail, a "most read" box, the tag list under a post: runs of headlines, each a link, which a model
that labels a block from its own words and tags reads as short article text (SemText kept the whole right-hand rail of
a news page). Boilerpipe's link density ("Boilerplate Detection using Shallow Text Features", Kohlschütter, Fankhauser
and Nejdl) says such blocks are boilerplate; the container's class names (``related``, ``sidebar``, ``trending``...,
:data:`~scrapy_boiler.segment.semantics.CHROME_NAME`) or tag (``<aside>``, ``<nav>``) say where they sit. A block
needs both to be dropped, and a container named as the article body (``article-body``, ``entry-content``) or an
``<article>`` or ``<main>`` met first on the way up keeps it: a list of sources inside the body is the body's.
"""

from __future__ import annotations

from collections.abc import Sequence

from lxml import etree

from scrapy_boiler.parse.normalize import count_words
from scrapy_boiler.segment.blocks import Leaf, TextBlock
from scrapy_boiler.segment.paths import fold_from_root
from scrapy_boiler.segment.semantics import PAGE_TAGS, element_names, in_link, name_kinds

#: Share of a block's words inside links at which it is a link list's entry.
MIN_LINK_SHARE = 0.5
#: Tags of chrome whatever their names, and of the article's own containers.
_CHROME_TAGS = frozenset({"aside", "nav"})
_BODY_TAGS = frozenset({"article", "main"})


def drop_chrome_links(blocks: Sequence[TextBlock], leaves: Sequence[Leaf], name: str) -> None:
    """Label boilerplate (in place) every content block with at least :data:`MIN_LINK_SHARE` of its words in links
    that sits in a chrome container (see the module docstring). ``leaves`` are the page's, which the blocks are runs
    of (see :func:`_linked_words`)."""
    verdicts: dict[etree._Element, bool] = {}
    for block in blocks:
        if not block.is_content:
            continue
        words = count_words(block.text)
        if not words or _linked_words(block, leaves) < MIN_LINK_SHARE * words:
            continue
        if _in_chrome(block.element, verdicts):
            block.is_content = False
            block.reasons.append(f"{name}:links in the page's chrome (related, sidebar, navigation)")


def _linked_words(block: TextBlock, leaves: Sequence[Leaf]) -> int:
    """Words in links of the block's own leaves, or of its element when that holds more: the links around a block in
    the element it sits in count for it (a blurb in a box of headline links is the box's), and a block can be larger
    than its element (SemText's SCS blocks merge runs of siblings and keep the first one's element), whose own
    links are then too few to say anything."""
    own = sum(count_words(leaf.text) for leaf in leaves[block.leaf_start:block.leaf_end] if leaf.in_anchor)
    element = block.element
    if in_link(element):
        return max(own, count_words(" ".join(element.itertext())))
    around = sum(count_words(" ".join(link.itertext())) for link in element.iter("a")
                 if next(link.iterancestors("a"), None) is None)
    return max(own, around)


def _in_chrome(element: etree._Element, verdicts: dict[etree._Element, bool]) -> bool:
    """Whether the nearest telling container of ``element`` (itself included) is chrome; memoised per element."""
    return fold_from_root(element, verdicts, _verdict, False)


def _verdict(el: etree._Element, above: bool) -> bool:
    """``el`` tells when it is named or tagged as the body (not chrome) or else as chrome; the page's ``<html>`` and
    ``<body>`` tell nothing and hide what is above them; any other element has its parent's verdict, ``above``."""
    if el.tag in PAGE_TAGS:
        return False
    body, _, chrome, *_ = name_kinds(element_names(el))
    if body or el.tag in _BODY_TAGS:
        return False
    if chrome or el.tag in _CHROME_TAGS:
        return True
    return above
