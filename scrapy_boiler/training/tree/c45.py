"""A C4.5-style decision-tree learner (Kohlschütter et al. §4.3 used Weka's J48, i.e. C4.5 release 8).

Pure Python so that training needs nothing beyond the package: every feature is sorted once and each
node only partitions sorted lists, so L3S-GN1's 58k blocks × 38 features grow a depth-10 tree in about
20 s on one core.

* numeric splits ``x <= t`` chosen by **gain ratio** among the features whose information gain is at
  least the average (Quinlan's rule), with release 8's penalty of log2(#candidate thresholds)/N on
  the gain of a numeric split;
* instance **weights** (e.g. the number of words, since Kohlschütter et al. weigh blocks by their words);
* ``min_leaf``: no split leaves fewer training instances than this on either side (J48 ``-M``);
* ``max_depth``: tests on the way to a leaf;
* **pessimistic pruning** (C4.5 subtree replacement, confidence ``confidence``), then sibling leaves
  of the same class are merged so the printed rules stay short.

Thresholds are the shortest decimal between the two neighbouring values, so the rules read like
``curr_num_words <= 16`` rather than ``<= 16.000000001``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import accumulate
from statistics import NormalDist

from scrapy_boiler.extractors.learned_tree.rules import TreeNode


@dataclass(frozen=True)
class TreeParams:
    max_depth: int = 8
    min_leaf: int = 200
    confidence: float = 0.25  #: C4.5's pruning confidence; 0 or less disables pruning
    min_gain: float = 1e-6


@dataclass(slots=True)
class _Node:
    """A grown node with the statistics pruning and truncation need."""

    weight: float
    content_weight: float
    count: int
    depth: int
    feature: int = -1
    threshold: float = 0.0
    le: _Node | None = None
    gt: _Node | None = None

    @property
    def p(self) -> float:
        return self.content_weight / self.weight if self.weight > 0 else 0.0

    @property
    def errors(self) -> float:
        """Weighted training error of this node as a leaf."""
        return min(self.content_weight, self.weight - self.content_weight)


def _entropy(pos: float, total: float) -> float:
    if total <= 0 or pos <= 0 or pos >= total:
        return 0.0
    p = pos / total
    return -(p * math.log2(p) + (1 - p) * math.log2(1 - p))


def readable_threshold(low: float, high: float) -> float:
    """The decimal with fewest digits ``t`` with ``low <= t < high`` (``low < high``)."""
    for digits in range(0, 13):
        scale = 10.0 ** digits
        t = math.ceil(low * scale) / scale
        if low <= t < high:
            return t
    return low


class C45Learner:
    """Fits a binary tree on column-major features; :meth:`fit` returns the grown, unpruned root."""

    def __init__(self, columns: Sequence[Sequence[float]], labels: Sequence[bool], weights: Sequence[float],
                 params: TreeParams) -> None:
        self.columns = [list(map(float, column)) for column in columns]
        self.labels = list(labels)
        self.weights = list(map(float, weights))
        if any(len(column) != len(self.labels) for column in self.columns) or len(self.weights) != len(self.labels):
            raise ValueError("every feature column, the labels and the weights must have one value per instance")
        self.params = params
        self.pos_w = [w if y else 0.0 for w, y in zip(self.weights, self.labels, strict=True)]
        self.neg_w = [0.0 if y else w for w, y in zip(self.weights, self.labels, strict=True)]

    def fit(self) -> _Node:
        everything = range(len(self.labels))
        order = [sorted(everything, key=column.__getitem__) for column in self.columns]
        return self._grow(order, 0)

    def _grow(self, order: list[list[int]], depth: int) -> _Node:
        members = order[0] if order else []
        weight = sum(self.weights[i] for i in members)
        content = sum(self.pos_w[i] for i in members)
        node = _Node(weight, content, len(members), depth)
        params = self.params
        if depth >= params.max_depth or len(members) < 2 * params.min_leaf or content in (0.0, weight):
            return node
        split = self._best_split(order, weight, content)
        if split is None:
            return node
        node.feature, node.threshold = split
        column = self.columns[node.feature]
        goes_left = bytearray(len(self.labels))
        for i in members:
            if column[i] <= node.threshold:
                goes_left[i] = 1
        sides = [
            [[i for i in feature_order if goes_left[i]] for feature_order in order],
            [[i for i in feature_order if not goes_left[i]] for feature_order in order],
        ]
        del order, members  # the children's sorted lists replace ours (memory is depth x n x features)
        node.le = self._grow(sides.pop(0), depth + 1)
        node.gt = self._grow(sides.pop(0), depth + 1)
        return node

    def _best_split(self, order: list[list[int]], weight: float, content: float) -> tuple[int, float] | None:
        """(feature, threshold) by C4.5's rule, or None when no split gains information."""
        base = _entropy(content, weight)
        n = len(order[0])
        min_leaf = max(1, self.params.min_leaf)
        candidates: list[tuple[float, float, int, float]] = []  # (gain, gain ratio, feature, threshold)
        for feature, members in enumerate(order):
            column = self.columns[feature]
            values = [column[i] for i in members]
            if values[0] == values[-1]:
                continue
            cum_pos = list(accumulate(self.pos_w[i] for i in members))
            cum_neg = list(accumulate(self.neg_w[i] for i in members))
            cuts = [k for k in range(min_leaf - 1, n - min_leaf) if values[k] < values[k + 1]]
            if not cuts:
                continue
            best_gain, best_cut = -1.0, -1
            for k in cuts:
                left_pos, left_neg = cum_pos[k], cum_neg[k]
                left = left_pos + left_neg
                right_pos = content - left_pos
                right = weight - left
                remainder = (left * _entropy(left_pos, left) + right * _entropy(right_pos, right)) / weight
                gain = base - remainder
                if gain > best_gain:
                    best_gain, best_cut = gain, k
            gain = best_gain - math.log2(len(cuts)) / n if len(cuts) > 1 else best_gain
            if gain <= self.params.min_gain:
                continue
            left_share = (cum_pos[best_cut] + cum_neg[best_cut]) / weight
            split_info = _entropy(left_share, 1.0)
            if split_info <= 0:
                continue
            threshold = readable_threshold(values[best_cut], values[best_cut + 1])
            candidates.append((gain, gain / split_info, feature, threshold))
        if not candidates:
            return None
        average = sum(c[0] for c in candidates) / len(candidates)
        eligible = [c for c in candidates if c[0] >= average - 1e-12]
        _gain, _ratio, feature, threshold = max(eligible, key=lambda c: (c[1], c[0], -c[2]))
        return feature, threshold


def truncate(node: _Node, max_depth: int) -> _Node:
    """A copy of the tree cut at ``max_depth`` (growing deeper never changes the upper splits)."""
    if node.le is None or node.gt is None or node.depth >= max_depth:
        return _Node(node.weight, node.content_weight, node.count, node.depth)
    copy = _Node(node.weight, node.content_weight, node.count, node.depth, node.feature, node.threshold)
    copy.le = truncate(node.le, max_depth)
    copy.gt = truncate(node.gt, max_depth)
    return copy


def _extra_errors(n: float, e: float, confidence: float, z: float) -> float:
    """C4.5's pessimistic surplus over ``e`` observed errors among ``n`` instances.

    The upper ``confidence`` limit of the binomial error rate: exact for no error (1 - CF^(1/n)),
    interpolated below one error, the normal approximation with continuity correction above.
    """
    if e < 1:
        base = n * (1 - confidence ** (1 / n))
        return base if e == 0 else base + e * (_extra_errors(n, 1.0, confidence, z) - base)
    if e + 0.5 >= n:
        return max(n - e, 0.0)
    f = (e + 0.5) / n
    upper = (f + z * z / (2 * n) + z * math.sqrt(f / n - f * f / n + z * z / (4 * n * n))) / (1 + z * z / n)
    return upper * n - e


def _pessimistic_errors(node: _Node, confidence: float, z: float) -> float:
    """Estimated errors of ``node`` as a leaf, in weight units (weighted error share times its instances)."""
    if node.weight <= 0 or node.count == 0:
        return 0.0
    n = float(node.count)
    e = node.errors / node.weight * n
    return (e + _extra_errors(n, e, confidence, z)) * node.weight / n


def prune(node: _Node, confidence: float) -> float:
    """C4.5 subtree replacement in place; returns the subtree's estimated errors."""
    if not 0 < confidence < 0.5:
        raise ValueError("pruning confidence must be between 0 and 0.5")
    return _prune(node, confidence, NormalDist().inv_cdf(1 - confidence))


def _prune(node: _Node, confidence: float, z: float) -> float:
    as_leaf = _pessimistic_errors(node, confidence, z)
    if node.le is None or node.gt is None:
        return as_leaf
    as_subtree = _prune(node.le, confidence, z) + _prune(node.gt, confidence, z)
    if as_leaf <= as_subtree + 0.1 * node.weight / node.count:  # J48's slack of a tenth of an instance
        node.le = node.gt = None
        return as_leaf
    return as_subtree


def to_tree(node: _Node, feature_names: Sequence[str]) -> TreeNode:
    """The model tree, with splits whose two sides decide the same way merged into one leaf."""
    if node.le is None or node.gt is None:
        return TreeNode(content=node.p >= 0.5, p=node.p, n=node.count)
    le, gt = to_tree(node.le, feature_names), to_tree(node.gt, feature_names)
    if le.is_leaf and gt.is_leaf and le.content == gt.content:
        return TreeNode(content=le.content, p=node.p, n=node.count)
    return TreeNode(feature=feature_names[node.feature], threshold=node.threshold, le=le, gt=gt, n=node.count, p=node.p,
                    content=node.p >= 0.5)


def fit_tree(columns: Sequence[Sequence[float]], labels: Sequence[bool], weights: Sequence[float],
             feature_names: Sequence[str], params: TreeParams) -> TreeNode:
    """Grow, prune and convert in one call."""
    grown = C45Learner(columns, labels, weights, params).fit()
    if params.confidence > 0:
        prune(grown, params.confidence)
    return to_tree(grown, feature_names)
