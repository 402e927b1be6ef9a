"""Words under every element of a page, counted in one walk: the measure post grouping and page typing share."""

from __future__ import annotations

from dataclasses import dataclass, field

from lxml import etree

from scrapy_boiler.parse.normalize import count_words


def words(text: str | None) -> int:
    """Number of words in ``text`` (:func:`scrapy_boiler.parse.normalize.words`)."""
    return count_words(text)


@dataclass(slots=True)
class TextStats:
    """Words under every element of a page, computed in one walk."""

    words: dict[etree._Element, int] = field(default_factory=dict)
    link_words: dict[etree._Element, int] = field(default_factory=dict)

    def text_words(self, el: etree._Element) -> int:
        """Words under ``el`` that are not link text."""
        return self.words.get(el, 0) - self.link_words.get(el, 0)


def text_stats(root: etree._Element) -> TextStats:
    """Word and link-word counts under each element (own text, descendants and their tails)."""
    return own_text_stats(root, frozenset())


def own_text_stats(root: etree._Element, boundaries: set[etree._Element] | frozenset[etree._Element]) -> TextStats:
    """:func:`text_stats` of ``root``'s subtree where the words under a boundary element (a nested post) do not
    count for its ancestors: what a post says itself, without the replies nested inside it."""
    stats = TextStats()
    stack: list[list[int]] = []
    anchors = 0
    for event, el in etree.iterwalk(root, events=("start", "end")):
        if not isinstance(el.tag, str):
            continue
        if event == "start":
            if el.tag == "a":
                anchors += 1
            text = el.text
            own = count_words(text) if text else 0  # most elements have no text of their own: spare the call
            stack.append([own, own if anchors else 0])
            continue
        total, linked = stack.pop()
        stats.words[el] = total
        stats.link_words[el] = linked
        if el.tag == "a":
            anchors -= 1
        if stack:
            after = el.tail
            tail = count_words(after) if after and el is not root else 0
            inner = not boundaries or el not in boundaries
            stack[-1][0] += (total if inner else 0) + tail
            stack[-1][1] += (linked if inner else 0) + (tail if anchors else 0)
    return stats
