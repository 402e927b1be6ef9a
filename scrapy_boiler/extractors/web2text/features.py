"""Web2Text's block features (Vogels et al. Appendix A, 128 per block) and edge features (§3.3, 25 per pair).

A block is one reference leaf (DOM text node); its CDOM node, parent, grandparent and the CDOM root
(:mod:`scrapy_boiler.extractors.web2text.cdom`) give the feature groups:

* b1-b27 the block's own text: duplicates, class-path frequency, word/character/sentence statistics,
  stopwords, punctuation, digits, copyright/e-mail/URL/year, capitalisation, relative position;
* b28 has-parent, b29-b48 the *node group* of the parent (share of the page, link density, the text
  statistics b6-b22 of its whole text, contains a form), b49-b68 the parent's tags;
* b69 has-grandparent, b70-b89 the node group of the grandparent; b90-b109 that of the root;
* b110-b128 the block's own CDOM tags (a leaf merged with its single-child ancestors has several).

Edge features: tree distance 2, 3, 4, >4; a line break between the two blocks in unstyled HTML (they
sit in different Boilerpipe blocks, i.e. a block-level tag or ``<br>`` separates them); the node group of
their first common ancestor.

Departures, because we work on a parsed tree rather than the source text: "share of the source code"
(b29) and "relative position in the source code" (b26) are measured in text characters. The appendix
lists ``ul`` twice among the parent tags; the second slot is ``nav`` here. Clipping ranges are the
appendix's; standardisation is :class:`~scrapy_boiler.extractors.web2text.scaling.Standardizer`'s job.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from lxml import etree

from scrapy_boiler.extractors.web2text.cdom import CNode, CollapsedDom
from scrapy_boiler.extractors.web2text.stopwords import STOPWORDS
from scrapy_boiler.parse.normalize import collapse_spaces, words
from scrapy_boiler.segment.blocks import Leaf
from scrapy_boiler.segment.paths import ancestor_paths

PARENT_TAGS: tuple[str, ...] = (
    "td", "div", "p", "tr", "table", "body", "ul", "span", "li", "blockquote",
    "b", "small", "a", "ol", "nav", "i", "form", "dl", "strong", "pre",
)
OWN_TAGS: tuple[str, ...] = (
    "a", "p", "td", "b", "li", "span", "i", "tr", "div", "strong",
    "em", "h3", "h2", "table", "h4", "small", "sup", "h1", "blockquote",
)
_PUNCTUATION = frozenset(".,?;:!")
_DIGIT = re.compile(r"\d")
_SENTENCE_END = re.compile(r"[.?!]+(?=\s|$)")
_EMAIL = re.compile(r"[\w.+-]+@[\w-]+\.[\w.-]+")
_URL = re.compile(r"https?://|www\.\w", re.IGNORECASE)
_YEAR = re.compile(r"(?<!\w)\d{4}(?!\w)")
_COPYRIGHT = re.compile(r"©|\(c\)", re.IGNORECASE)

_TEXT_STATS = (
    ("avg_word_length", False), ("has_stopword", True), ("stopword_ratio", False), ("log_chars", False),
    ("log_punctuation_ratio", False), ("has_numeric", True), ("numeric_ratio", False),
    ("log_avg_sentence_length", False), ("ends_with_punctuation", True), ("ends_with_question_mark", True),
    ("contains_copyright", True), ("contains_email", True), ("contains_url", True), ("contains_year", True),
    ("capital_ratio", False), ("capital_ratio_2", False), ("capital_ratio_3", False),
)
_NODE_GROUP = (("body_share", False), ("link_density", False), *_TEXT_STATS, ("contains_form", True))


def _named(prefix: str, group: Sequence[tuple[str, bool]]) -> list[tuple[str, bool]]:
    return [(f"{prefix}{name}", binary) for name, binary in group]


#: (name, is_binary) of the 128 block features, in order b1..b128.
BLOCK_FEATURES: tuple[tuple[str, bool], ...] = (
    ("has_duplicate", True), ("has_10_duplicates", True), ("same_class_path_ratio", False), ("has_word", True),
    ("log_words", False), *_TEXT_STATS, ("contains_punctuation", True), ("n_punctuation", False),
    ("multiple_sentences", True), ("relative_position", False), ("relative_position_2", False),
    ("has_parent", True), *_named("p_", _NODE_GROUP), *[(f"p_tag_{tag}", True) for tag in PARENT_TAGS],
    ("has_grandparent", True), *_named("gp_", _NODE_GROUP), *_named("root_", _NODE_GROUP),
    *[(f"tag_{tag}", True) for tag in OWN_TAGS],
)
#: (name, is_binary) of the 25 edge features.
EDGE_FEATURES: tuple[tuple[str, bool], ...] = (
    ("tree_distance_2", True), ("tree_distance_3", True), ("tree_distance_4", True), ("tree_distance_more", True),
    ("line_break", True), *_named("ca_", _NODE_GROUP),
)
NUM_BLOCK_FEATURES = len(BLOCK_FEATURES)
NUM_EDGE_FEATURES = len(EDGE_FEATURES)
assert NUM_BLOCK_FEATURES == 128 and NUM_EDGE_FEATURES == 25


def _clip(value: float, low: float, high: float) -> float:
    return min(high, max(low, value))


def _log(value: float, low: float, high: float) -> float:
    """``log(value)`` clipped to [low, high]; zero or less maps to ``low``."""
    return _clip(math.log(value), low, high) if value > 0 else low


def count_punctuation(text: str) -> int:
    """Characters of ``. , ? ; : !`` in ``text``."""
    return sum(text.count(char) for char in _PUNCTUATION)


def text_statistics(text: str) -> list[float]:
    """b6-b22 of one text: the statistics shared by blocks and their ancestors."""
    tokens = words(text)
    count = len(tokens)
    chars = len(text)
    stop = sum(1 for token in tokens if token.strip(".,;:!?\"'()[]").lower() in STOPWORDS)
    punctuation = count_punctuation(text)
    digits = len(_DIGIT.findall(text))
    sentences = max(1, len(_SENTENCE_END.findall(text)))
    capital = sum(1 for token in tokens if token[0].isupper()) / count if count else 0.0
    last = text.rstrip()[-1:]
    return [
        _clip(sum(map(len, tokens)) / count, 3, 15) if count else 3.0,
        float(stop > 0),
        stop / count if count else 0.0,
        _log(chars, 2.5, 5.5),
        _log(punctuation / chars if chars else 0.0, -4, -2.5),
        float(digits > 0),
        digits / chars if chars else 0.0,
        _log(count / sentences, 2, 5),
        float(last in _PUNCTUATION),
        float(last == "?"),
        float(bool(_COPYRIGHT.search(text))),
        float(bool(_EMAIL.search(text))),
        float(bool(_URL.search(text))),
        float(bool(_YEAR.search(text))),
        capital,
        capital**2,
        capital**3,
    ]


@dataclass
class PageFeatures:
    """Features of one page: a row per block and a row per pair of neighbouring blocks."""

    blocks: list[list[float]]
    edges: list[list[float]]


class _PageText:
    """Texts and character counts of CDOM nodes, from prefix sums over the page's leaves."""

    def __init__(self, leaves: Sequence[Leaf]) -> None:
        self.texts = [collapse_spaces(leaf.text) for leaf in leaves]
        self.chars = [0]
        self.linked = [0]
        for text, leaf in zip(self.texts, leaves, strict=True):
            self.chars.append(self.chars[-1] + len(text))
            self.linked.append(self.linked[-1] + (len(text) if leaf.in_anchor else 0))
        self.total = max(1, self.chars[-1])
        self._groups: dict[int, list[float]] = {}

    def node_group(self, node: CNode) -> list[float]:
        """b29-b48 of one CDOM node (memoised: many blocks share ancestors)."""
        key = id(node)
        group = self._groups.get(key)
        if group is None:
            chars = self.chars[node.leaf_end] - self.chars[node.leaf_start]
            linked = self.linked[node.leaf_end] - self.linked[node.leaf_start]
            text = " ".join(self.texts[node.leaf_start:node.leaf_end])
            group = [chars / self.total, linked / chars if chars else 0.0, *text_statistics(text),
                     float(node.has_form)]
            self._groups[key] = group
        return group


_EMPTY_GROUP = [0.0] * len(_NODE_GROUP)


def _class_label(el: etree._Element) -> str:
    return ".".join([str(el.tag), *(el.get("class") or "").split()])


def _class_paths(leaves: Sequence[Leaf]) -> list[str]:
    """``body>div.main>p``-style paths (tag plus classes) of each leaf's parent element."""
    return [">".join(path) for path in ancestor_paths(leaves, _class_label)]


def _tag_flags(tags: Sequence[str], vocabulary: Sequence[str]) -> list[float]:
    present = set(tags)
    return [float(tag in present) for tag in vocabulary]


def page_features(leaves: Sequence[Leaf], cdom: CollapsedDom) -> PageFeatures:
    """The 128 block features of every leaf and the 25 edge features of every neighbouring pair."""
    page = _PageText(leaves)
    text_counts = Counter(page.texts)
    class_paths = _class_paths(leaves)
    path_counts = Counter(class_paths)
    count = len(leaves)
    root_group = page.node_group(cdom.root)
    rows: list[list[float]] = []
    for index, text in enumerate(page.texts):
        node = cdom.leaf_nodes[index]
        tokens = words(text)
        punctuation = count_punctuation(text)
        position = page.chars[index] / page.total
        parent = node.parent
        grandparent = parent.parent if parent is not None else None
        rows.append([
            float(text_counts[text] > 1),
            float(text_counts[text] > 10),
            path_counts[class_paths[index]] / count,
            float(bool(tokens)),
            _log(len(tokens), 0, 3.5),
            *text_statistics(text),
            float(punctuation > 0),
            float(punctuation),
            float(len(_SENTENCE_END.findall(text)) > 1),
            position,
            position**2,
            float(parent is not None),
            *(page.node_group(parent) if parent is not None else _EMPTY_GROUP),
            *_tag_flags(parent.tags if parent is not None else (), PARENT_TAGS),
            float(grandparent is not None),
            *(page.node_group(grandparent) if grandparent is not None else _EMPTY_GROUP),
            *root_group,
            *_tag_flags(node.tags, OWN_TAGS),
        ])
    edges: list[list[float]] = []
    for index in range(count - 1):
        ancestor, distance = cdom.common_ancestor(cdom.leaf_nodes[index], cdom.leaf_nodes[index + 1])
        edges.append([
            float(distance == 2), float(distance == 3), float(distance == 4), float(distance > 4),
            float(leaves[index].block != leaves[index + 1].block),
            *page.node_group(ancestor),
        ])
    return PageFeatures(rows, edges)
