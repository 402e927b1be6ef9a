"""Boosted decision trees stored as plain data and evaluated with numpy: no training library at run time.

A forest is trained with LightGBM (``scrapy boiler-train blend``, extra ``[train]``) and written as arrays: per
tree and node the feature, threshold, left and right child and value. Leaves point to themselves with a
threshold no value exceeds, so every row can walk every tree for ``depth`` steps at once, a handful of numpy gathers per
level for a whole page, whatever the tree shapes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

#: Threshold of leaves and padding: above every feature value, and finite so JSON stays standard.
NEVER = 3.0e38


@dataclass(frozen=True)
class Forest:
    """Additive trees: ``sigmoid(base + sum of the leaf values reached)``.

    Arrays are ``(trees, nodes)``: ``feature`` (int32), ``threshold`` (float32; go left when ``x <= threshold``),
    ``left`` and ``right`` (int32 node indices), ``value`` (float32, the leaf value; 0 for inner nodes).
    """

    base: float
    depth: int
    feature: np.ndarray
    threshold: np.ndarray
    left: np.ndarray
    right: np.ndarray
    value: np.ndarray

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Forest:
        """Read the arrays of :meth:`to_data` (plain lists of one JSON model file)."""
        arrays = {key: np.asarray(data[key], dtype=np.int32 if key in ("feature", "left", "right") else np.float32)
                  for key in ("feature", "threshold", "left", "right", "value")}
        shapes = {array.shape for array in arrays.values()}
        if len(shapes) != 1 or len(next(iter(shapes))) != 2:
            raise ValueError(f"forest arrays must share one (trees, nodes) shape, got {sorted(shapes)}")
        nodes = next(iter(shapes))[1]
        if nodes and (arrays["left"].max(initial=0) >= nodes or arrays["right"].max(initial=0) >= nodes
                      or min(arrays["left"].min(initial=0), arrays["right"].min(initial=0)) < 0):
            raise ValueError("forest child index out of range")
        return cls(float(data["base"]), int(data["depth"]), **arrays)

    def to_data(self) -> dict[str, Any]:
        return {"base": self.base, "depth": self.depth,
                **{key: getattr(self, key).tolist() for key in ("feature", "threshold", "left", "right", "value")}}

    @property
    def trees(self) -> int:
        return int(self.feature.shape[0])

    def __post_init__(self) -> None:
        object.__setattr__(self, "_packed", _pack(self))

    def margin(self, rows: np.ndarray) -> np.ndarray:
        """Raw scores (log-odds) of ``rows`` (shape: rows × features) → (rows,)."""
        count = rows.shape[0]
        if count == 0 or self.trees == 0:
            return np.full(count, self.base, dtype=np.float32)
        feature, threshold, first_child, value = self._packed  # type: ignore[attr-defined]
        trees, nodes = self.feature.shape
        table = np.ascontiguousarray(rows, dtype=np.float32)
        # children are adjacent: the right child is the left one + 1, and a leaf is its own "left child".
        # The first level is the same roots for every row: one column gather.
        roots = np.arange(trees, dtype=np.int32) * nodes
        flat = np.ascontiguousarray(first_child[roots] + (table[:, feature[roots]] > threshold[roots]))
        values = table.ravel()
        row_offsets = (np.arange(count, dtype=np.int32) * rows.shape[1])[:, None]
        take = np.take  # indices are in range by construction: "clip" spares numpy's bounds checks
        for _ in range(self.depth - 1):
            at = take(feature, flat, mode="clip")
            at += row_offsets
            child = take(first_child, flat, mode="clip")
            child += take(values, at, mode="clip") > take(threshold, flat, mode="clip")
            flat = child
        return self.base + take(value, flat, mode="clip").sum(axis=1)

    def probability(self, rows: np.ndarray) -> np.ndarray:
        return 1.0 / (1.0 + np.exp(-self.margin(rows)))


def _pack(forest: Forest) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The forest relaid so that each inner node's children are adjacent (flat indices over all trees): one
    gather and one comparison per level instead of two gathers and a choice. Leaves point to themselves."""
    trees, nodes = forest.feature.shape
    feature = np.zeros(trees * nodes, dtype=np.int32)
    threshold = np.full(trees * nodes, NEVER, dtype=np.float32)
    first_child = np.zeros(trees * nodes, dtype=np.int32)
    value = np.zeros(trees * nodes, dtype=np.float32)
    for t in range(trees):
        left, right = forest.left[t], forest.right[t]
        base = t * nodes
        slot = {0: 0}
        order = [0]
        free = 1
        for node in order:  # breadth first; ``order`` grows while it is walked
            here = base + slot[node]
            if left[node] == node:  # a leaf
                first_child[here] = here
                value[here] = forest.value[t, node]
                continue
            slot[int(left[node])], slot[int(right[node])] = free, free + 1
            order += [int(left[node]), int(right[node])]
            first_child[here] = base + free
            feature[here] = forest.feature[t, node]
            threshold[here] = forest.threshold[t, node]
            free += 2
    return feature, threshold, first_child, value


class _TreeBuilder:
    """One tree's node arrays, filled depth first from LightGBM's nested dump."""

    def __init__(self) -> None:
        self.feature: list[int] = []
        self.threshold: list[float] = []
        self.left: list[int] = []
        self.right: list[int] = []
        self.value: list[float] = []
        self.depth = 0

    def add(self, node: dict[str, Any], level: int) -> int:
        index = len(self.feature)
        self.feature.append(0)
        self.threshold.append(NEVER)
        self.left.append(index)
        self.right.append(index)
        self.value.append(0.0)
        if "leaf_value" in node:
            self.value[index] = float(node["leaf_value"])
            self.depth = max(self.depth, level)
            return index
        if node.get("decision_type", "<=") != "<=":
            raise ValueError(f"unsupported split {node.get('decision_type')!r} (numeric features only)")
        self.feature[index] = int(node["split_feature"])
        self.threshold[index] = float(node["threshold"])
        self.left[index] = self.add(node["left_child"], level + 1)
        self.right[index] = self.add(node["right_child"], level + 1)
        return index

    def padded(self, width: int) -> tuple[list[int], list[float], list[int], list[int], list[float]]:
        """The arrays grown to ``width`` nodes; padding nodes are unreachable leaves pointing to themselves."""
        extra = width - len(self.feature)
        filler = list(range(len(self.feature), width))
        return (self.feature + [0] * extra, self.threshold + [NEVER] * extra, self.left + filler,
                self.right + filler, self.value + [0.0] * extra)


def from_lightgbm(dump: dict[str, Any], base: float = 0.0) -> Forest:
    """Convert LightGBM's ``Booster.dump_model()`` (binary objective, numeric splits only) into a :class:`Forest`."""
    builders = []
    for info in dump["tree_info"]:
        builder = _TreeBuilder()
        builder.add(info["tree_structure"], 0)
        builders.append(builder)
    width = max((len(b.feature) for b in builders), default=1)
    columns = list(zip(*(b.padded(width) for b in builders), strict=True)) or [[[0]], [[NEVER]], [[0]], [[0]], [[0.0]]]
    return Forest(
        base=base, depth=max((b.depth for b in builders), default=0),
        feature=np.asarray(columns[0], dtype=np.int32), threshold=np.asarray(columns[1], dtype=np.float32),
        left=np.asarray(columns[2], dtype=np.int32), right=np.asarray(columns[3], dtype=np.int32),
        value=np.asarray(columns[4], dtype=np.float32),
    )


def feature_importance(forest: Forest, names: Sequence[str]) -> dict[str, int]:
    """How many splits use each feature (for model cards)."""
    inner = forest.left != np.arange(forest.feature.shape[1])[None, :]
    counts = np.bincount(forest.feature[inner], minlength=len(names))
    return {name: int(c) for name, c in sorted(zip(names, counts, strict=True), key=lambda x: -x[1]) if c}
