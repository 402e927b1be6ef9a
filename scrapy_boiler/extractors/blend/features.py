"""The feature table of one page: a row per Boilerpipe block, the columns :data:`FEATURES` names.

Columns come in five kinds: the block's shallow text features and its neighbours' (Kohlschütter et al.);
the block's element and its ancestors (tags, body/chrome/comment names, ``itemprop``); the main-content region
(:mod:`~scrapy_boiler.segment.regions`); the page's JSON-LD article body and title; and the votes of the
rule models given to :class:`~scrapy_boiler.extractors.blend.extractor.BlendExtractor`. :data:`CONTEXT` are the
second stage's columns, computed from the first stage's probabilities of the block and its neighbours.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from lxml import etree

from scrapy_boiler.parse.normalize import words
from scrapy_boiler.segment.blocks import TextBlock
from scrapy_boiler.segment.paths import fold_from_root
from scrapy_boiler.segment.regions import Region, body_overlap
from scrapy_boiler.segment.semantics import PAGE_TAGS, element_names, name_kinds

#: Distance used when no ancestor has the property.
FAR = 30
_TAG_FLAGS = ("article", "main", "aside", "nav", "footer", "header", "figure", "form", "table", "blockquote",
              "ul", "ol", "a", "section", "h")
_FLAG_BIT = {tag: 1 << i for i, tag in enumerate(_TAG_FLAGS)}
_FLAG_BIT.update({f"h{i}": _FLAG_BIT["h"] for i in range(1, 7)})
_BLOCK_TAGS = ("p", "li", "h1", "h2", "h3", "h4", "div", "td", "pre", "blockquote", "figcaption", "dd", "span",
               "section", "article")
_SENTENCE_END = frozenset('.!?:;"”»)…。！？')

TEXT = ("words", "log_words", "link_density", "text_density", "avg_word_length", "avg_sentence_length",
        "capitalized_ratio", "full_stop_ratio", "date_tokens", "vertical_bars", "relative_position",
        "ends_sentence", "chars")
NEIGHBOURS = tuple(f"{side}{k}_{name}" for side, k in (("prev", 1), ("next", 1), ("prev", 2), ("next", 2))
                   for name in ("words", "link_density", "text_density"))
ELEMENT = (*(f"tag_{t}" for t in _BLOCK_TAGS), *(f"in_{t}" for t in _TAG_FLAGS),
           "depth", "body_name_dist", "article_name_dist", "chrome_name_dist", "comment_name_dist",
           "itemprop_body_dist", "own_body_name", "own_chrome_name", "lead_name_dist")
REGION = ("region_depth", "in_region", "in_region_parent", "region_share", "region_order", "paragraph_weight")
PAGE = ("ld_has_body", "ld_overlap", "ld_is_article", "ld_is_thread", "title_overlap", "page_log_words",
        "page_blocks_log")


@dataclass(frozen=True, slots=True)
class PageContext:
    """Page-level inputs of the table: the region, the JSON-LD body's word pairs, the title's words."""

    region: Region
    body_pairs: frozenset[tuple[str, str]] | None  #: None when the page declares no article body
    ld_is_article: bool
    ld_is_thread: bool
    title_words: frozenset[str]
    #: the ingredients and steps of the page's JSON-LD ``Recipe``, squashed to letters and digits (not a feature: the
    #: rules after the trees read them)
    recipe: frozenset[str] = frozenset()
    #: the questions and answers of the page's JSON-LD ``FAQPage``, squashed alike (read by the rules, as ``recipe``)
    faq: frozenset[str] = frozenset()
    #: the page's declared descriptions (``<meta name="description">``, Open Graph's, Twitter's), ``comparable`` text
    #: (not a feature: the standfirst rule reads them)
    descriptions: frozenset[str] = frozenset()


def features(votes: Sequence[str]) -> tuple[str, ...]:
    """The first stage's columns, ending with one per input model vote."""
    return (*TEXT, *NEIGHBOURS, *ELEMENT, *REGION, *PAGE, *(f"vote_{name}" for name in votes))


CONTEXT = ("p", "p_prev1", "p_next1", "p_mean2", "p_mean5", "p_max_before3", "p_max_after3", "p_parent_mean",
           "p_look_alike_mean", "look_alike_share",
           "p_page_share", "inside_span", "dist_to_content", "p_words_before", "p_words_after")


class _Ancestry:
    """Per element (memoised up the tree): depth, distances to ancestors with a name, tag flags, own names, and the
    distances below the region and below the region's parent (-1 when not inside)."""

    def __init__(self, region: etree._Element | None) -> None:
        self.memo: dict[etree._Element, tuple[int, ...]] = {}
        self.region = region
        self.region_parent = region.getparent() if region is not None else None

    def of(self, el: etree._Element | None) -> tuple[int, ...]:
        cached = self.memo.get(el) if el is not None else _OUTSIDE
        if cached is not None:
            return cached
        return fold_from_root(el, self.memo, self._step, _OUTSIDE)

    def _step(self, el: etree._Element, up: tuple[int, ...]) -> tuple[int, ...]:
        """The info of ``el`` from its parent's ``up``."""
        depth, body, article, chrome, comment, itemprop, flags, region = up[:8]
        region_parent = 0 if el is self.region_parent else (up[10] + 1 if up[10] >= 0 else -1)
        # <html> and <body> names describe the page, not a part of it (WordPress's ``has-sidebar``,
        # ``wp-embed-responsive``, ``single-post``): they mark no region.
        own_body, own_article, own_chrome, own_comment, own_lead = (
            name_kinds(element_names(el)) if el.tag not in PAGE_TAGS else _NO_NAMES)
        lead = 0 if own_lead else min(FAR, up[11] + 1)
        body = 0 if own_body else min(FAR, body + 1)
        article = 0 if own_article else min(FAR, article + 1)
        chrome = 0 if own_chrome else min(FAR, chrome + 1)
        comment = 0 if own_comment else min(FAR, comment + 1)
        itemprop = 0 if (el.get("itemprop") or "").lower() == "articlebody" else min(FAR, itemprop + 1)
        flags |= _FLAG_BIT.get(el.tag, 0)
        if el is self.region:
            region = 0
        elif region >= 0:
            region += 1
        return (depth + 1, body, article, chrome, comment, itemprop, flags, region, own_body, own_chrome, region_parent,
                lead)


_NO_NAMES = (0, 0, 0, 0, 0)

#: The info of "above the root".
_OUTSIDE = (0, FAR, FAR, FAR, FAR, FAR, 0, -1, 0, 0, -1, FAR)


def table(blocks: Sequence[TextBlock], weights: Sequence[float], context: PageContext,
          votes: dict[str, Sequence[float]]) -> np.ndarray:
    """The first stage's feature rows of a page's annotated blocks (shape: blocks × ``len(features(votes))``).

    Built column by column with numpy: only the ancestry and the word overlaps need a Python loop per block.
    """
    n = len(blocks)
    if n == 0:
        return np.zeros((0, len(features(votes))), dtype=np.float32)
    feats = [b.features for b in blocks]
    if any(f is None for f in feats):
        raise ValueError("annotate() the blocks first")
    shallow = np.array([(f.num_words, f.link_density, f.text_density, f.avg_word_length, f.avg_sentence_length,
                         f.capitalized_ratio, f.full_stop_ratio, f.num_date_tokens, f.num_vertical_bars,
                         f.relative_position) for f in feats if f is not None], dtype=np.float64)
    num_words = shallow[:, 0]
    texts = [b.text for b in blocks]
    columns: list[np.ndarray] = [num_words, np.log1p(num_words), *shallow[:, 1:].T,
                                 np.array([bool(t) and t[-1] in _SENTENCE_END for t in texts], dtype=np.float64),
                                 np.array([len(t) for t in texts], dtype=np.float64)]
    for k in (-1, 1, -2, 2):
        for index, fill in ((0, -1.0), (1, 0.0), (2, 0.0)):
            columns.append(_shifted(shallow[:, index], k, fill))
    tags = np.array([b.element.tag for b in blocks], dtype=object)
    columns += [(tags == t).astype(np.float64) for t in _BLOCK_TAGS]
    ancestry = _Ancestry(context.region.element)
    rows = np.array([ancestry.of(b.element) for b in blocks], dtype=np.int64)
    linked = np.array(["a" in b.enclosing for b in blocks], dtype=np.int64) * _FLAG_BIT["a"]
    flags = rows[:, 6] | linked
    columns += [((flags & _FLAG_BIT[t]) != 0).astype(np.float64) for t in _TAG_FLAGS]
    columns += [rows[:, c] for c in (0, 1, 2, 3, 4, 5, 8, 9, 11)]  # depth, distances, own names, lead distance
    region = rows[:, 7]
    weight = np.asarray(weights, dtype=np.float64)
    paragraphs = np.flatnonzero((weight > 0) & (region >= 0))
    first, last = (paragraphs[0], paragraphs[-1]) if paragraphs.size else (n, -1)
    index = np.arange(n)
    order = np.where(index < first, -1.0, np.where(index > last, 1.0, 0.0))
    columns += [region, region >= 0, (region >= 0) | (rows[:, 10] >= 0), np.full(n, context.region.share), order,
                weight]
    overlap = np.full(n, -1.0)
    title = np.zeros(n)
    body, title_words = context.body_pairs, context.title_words
    in_title = title_words.__contains__
    for i, block in enumerate(blocks):
        # the lower-cased words, lowered in one call (lower case has no white space: the split gives the same words)
        tokens = " ".join(block.tokens if block.tokens is not None else words(block.text)).lower().split()
        if not tokens:
            if body is not None:
                overlap[i] = 0.0
            continue
        if body is not None:
            overlap[i] = body_overlap(tokens, body)
        title[i] = sum(map(in_title, tokens)) / len(tokens)
    page_words = float(num_words.sum())
    columns += [np.full(n, float(body is not None)), overlap, np.full(n, float(context.ld_is_article)),
                np.full(n, float(context.ld_is_thread)), title, np.full(n, math.log1p(page_words)),
                np.full(n, math.log1p(n))]
    columns += [np.asarray(votes[name], dtype=np.float64) for name in votes]
    return np.column_stack(columns).astype(np.float32)


def _shifted(values: np.ndarray, k: int, fill: float) -> np.ndarray:
    """``values[i + k]`` for every i, ``fill`` past either end."""
    out = np.full(values.shape, fill)
    if k < 0:
        out[-k:] = values[:k]
    else:
        out[:-k] = values[k:]
    return out


def sibling_groups(blocks: Sequence[TextBlock]) -> list[tuple[int, int]]:
    """Per block, two group numbers: blocks whose elements share a parent (a list, a body's paragraphs), and
    blocks whose elements look alike (same tag and class: a body's paragraphs split by boxes, a list of teasers)."""
    parents: dict[etree._Element, int] = {}
    looks: dict[tuple[str, str], int] = {}
    out = []
    for block in blocks:
        el = block.element
        parent = el.getparent()
        out.append((parents.setdefault(parent if parent is not None else el, len(parents)),
                    looks.setdefault((el.tag, el.get("class") or ""), len(looks))))
    return out


#: First-stage score above which a block counts as kept in the second stage's context columns (fixed: the
#: second stage is trained with it; the decision threshold of the model file is separate).
CONTEXT_THRESHOLD = 0.5


def context_table(groups: Sequence[Sequence[int]], rows: np.ndarray, p: np.ndarray,
                  threshold: float = CONTEXT_THRESHOLD) -> np.ndarray:
    """The second stage's context columns (:data:`CONTEXT`): each block's first-stage probability ``p`` beside its
    neighbours', its siblings' and its look-alikes' (``groups`` from :func:`sibling_groups`); ``rows`` are the
    first-stage rows."""
    n = len(p)
    if n == 0:
        return np.zeros((0, len(CONTEXT)), dtype=np.float32)
    padded = np.pad(p, 5, mode="constant", constant_values=0.0)
    window = np.lib.stride_tricks.sliding_window_view(padded, 11)  # row i: p[i-5 .. i+5]
    num_words = rows[:, 0]
    content = p >= threshold
    pairs = np.asarray(groups, dtype=np.int64).reshape(n, 2)
    parent, look = pairs[:, 0], pairs[:, 1]
    parent_mean = (np.bincount(parent, weights=p) / np.maximum(np.bincount(parent), 1))[parent]
    look_counts = np.bincount(look)
    look_mean = (np.bincount(look, weights=p) / np.maximum(look_counts, 1))[look]
    kept = np.flatnonzero(content)
    first, last = (kept[0], kept[-1]) if kept.size else (n, -1)
    index = np.arange(n)
    if kept.size:
        after_index = np.minimum(np.searchsorted(kept, index), kept.size - 1)
        before_index = np.maximum(after_index - 1, 0)
        nearest = np.minimum(np.abs(kept[after_index] - index), np.abs(index - kept[before_index]))
    else:
        nearest = np.full(n, n)
    weighted = num_words * p
    before = np.concatenate([[0.0], np.cumsum(weighted)[:-1]])
    after = weighted.sum() - before - weighted
    total = max(1.0, float(num_words.sum()))
    columns = [
        p, window[:, 4], window[:, 6], window[:, 3:8].mean(axis=1), window.mean(axis=1),
        window[:, 2:5].max(axis=1), window[:, 6:9].max(axis=1), parent_mean, look_mean, look_counts[look] / n,
        np.full(n, float((num_words * content).sum()) / total), ((index >= first) & (index <= last)).astype(np.float32),
        np.minimum(nearest, FAR).astype(np.float32), before / total, after / total,
    ]
    return np.stack(columns, axis=1).astype(np.float32)
