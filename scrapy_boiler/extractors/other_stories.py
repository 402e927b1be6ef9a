"""Another story on the page is not this page's text: a check every article model makes.

News sites load the next story under the one asked for (an endless scroll: Dagbladet), or show a featured story in
a box of its own, each in its ``<article>`` with its own ``<h1>``. Its paragraphs read like the body's, in a container
named alike, and a model that never saw the site keeps them. The page's own story is the ``<article>`` holding the
``<h1>`` that is its headline (mostly the title's words); another ``<article>`` with another ``<h1>``, not around the
page's story nor inside it, is another story. Sites that build pages of ``<div>`` s show the next story in a box of
the page's story's template beside it, headed by an ``<h1>`` of the headline's class (NDTV, Fox News).
"""

from __future__ import annotations

from collections.abc import Sequence

from lxml import etree

from scrapy_boiler.parse.normalize import comparable, count_words
from scrapy_boiler.segment.blocks import TextBlock
from scrapy_boiler.segment.semantics import LIVE_BLOG_NAME

#: A heading is the page's headline when it is an ``<h1>`` or most of its words (this share) are the title's; a block
#: most of whose words are the title's is the headline again (a kicker joined to it), not the lead.
HEADLINE_TITLE_SHARE = 0.6
#: The next story's ``<h2>`` is a headline, of this many words at least; a box of the page's own, of its story's
#: design-system class, is headed by a word or two (Chefkoch's ``article.ds-box`` headed "Zubereitung").
NEXT_HEADLINE_WORDS = 4


def share_in_title(text: str, title_words: frozenset[str]) -> float:
    """The share of the words of ``text`` (punctuation aside) that the page's title has."""
    tokens = comparable(text).split()
    return sum(token in title_words for token in tokens) / len(tokens) if tokens else 0.0


def other_articles(blocks: Sequence[TextBlock], title: str, name: str) -> None:
    """Unlabel what an ``<article>`` holds when it has an ``<h1>`` that is not the page's headline while the page's
    headline (an ``<h1>`` mostly of the title's words) sits in another ``<article>``, not around it: the next story,
    loaded under this one for an endless scroll (Dagbladet), or a featured story's box, not this page's text; so
    does one of the page's story's class that opens with an ``<h2>`` (:func:`_next_story`), and a box beside the
    page's story's, sharing a class with it, headed by an ``<h1>`` of the headline's class (:func:`_boxed_stories`).
    A model that never saw the site keeps the next story's paragraphs: they read like the body's, in a container
    named alike."""
    if not blocks:
        return
    root = blocks[0].element.getroottree().getroot()
    headings = list(root.iter("h1"))
    if not headings:
        return
    title_words = frozenset(comparable(title).split())
    own = [heading for heading in headings
           if share_in_title(" ".join(heading.itertext()), title_words) >= HEADLINE_TITLE_SHARE]
    others = _boxed_stories(own, [heading for heading in headings if heading not in own])
    holding_own = {story for heading in own for story in heading.iterancestors("article")}
    if holding_own:  # the page's headline in an <article>: that one is the page's story

        def apart(story: etree._Element | None) -> bool:  # a part of our story, or around it, stays ours
            return story is not None and story not in holding_own \
                and holding_own.isdisjoint(story.iterancestors("article"))

        others.update(story for heading in headings if heading not in own
                      for story in [next(heading.iterancestors("article"), None)] if apart(story))
        own_classes = {name for story in holding_own for name in (story.get("class") or "").split()}
        others.update(story for story in root.iter("article") if apart(story) and _next_story(story, own_classes,
                                                                                              title_words))
    if not others:
        return
    for block in blocks:
        if block.is_content and (block.element in others or any(box in others
                                                                for box in block.element.iterancestors())):
            block.is_content = False
            block.reasons.append(f"{name}:in another story's box (an <h1> not the page's headline)")


def _boxed_stories(own: list[etree._Element], other: list[etree._Element]) -> set[etree._Element]:
    """The boxes of other stories beside the page's: for an ``<h1>`` sharing a class with the page's headline (the
    next story's, of the same template), the child of its nearest common ancestor with the headline that holds it,
    where the child holding the headline shares a class with it (NDTV's ``div.sp-blk`` and ``div.nxt-stry
    sp-blk``)."""
    found: set[etree._Element] = set()
    for heading in other:
        names = _names(heading)
        for headline in own:
            if names.isdisjoint(_names(headline)):
                continue
            path = [heading, *heading.iterancestors()]
            ours = [headline, *headline.iterancestors()]
            common = next((el for el in ours if el in path), None)
            if common is None or common is headline or common is heading or common.tag == "article" \
                    or next(common.iterancestors("article"), None) is not None:
                continue  # within one <article>, an <h1> heads a section of the story (Medium's)
            box, own_box = path[path.index(common) - 1], ours[ours.index(common) - 1]
            if not _names(box).isdisjoint(_names(own_box)):
                found.add(box)
    return found


def _names(element: etree._Element) -> set[str]:
    """An element's class names of three characters or more: atomic CSS names of one or two letters (Medium's "ha",
    "be") are shared by elements of every kind."""
    return {name for name in (element.get("class") or "").split() if len(name) >= 3}


def _next_story(story: etree._Element, own_classes: set[str], title_words: frozenset[str]) -> bool:
    """Whether an ``<article>`` sharing a class with the page's own story opens with an ``<h2>`` that is a headline
    (:data:`NEXT_HEADLINE_WORDS`) and not the page's: the next story an endless scroll loads (Forbes, the New York
    Post, The Sun), not a live blog's entry (:data:`~scrapy_boiler.segment.semantics.LIVE_BLOG_NAME`)."""
    names = story.get("class") or ""
    if own_classes.isdisjoint(names.split()) or LIVE_BLOG_NAME.search(names):
        return False
    heading = next(story.iter("h1", "h2", "h3", "h4"), None)
    if heading is None or heading.tag != "h2":
        return False
    text = " ".join(heading.itertext())
    return count_words(text) >= NEXT_HEADLINE_WORDS and share_in_title(text, title_words) < HEADLINE_TITLE_SHARE
