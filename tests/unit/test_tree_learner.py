"""The C4.5 learner and the rules file of ``scrapy boiler-train tree`` on synthetic data."""

from __future__ import annotations

import random

import pytest

from scrapy_boiler.extractors.learned_tree.rules import RulesFormatError, TreeNode, decide, dumps, loads
from scrapy_boiler.training.tree.c45 import C45Learner, TreeParams, fit_tree, prune, readable_threshold, to_tree

NAMES = ("curr_num_words", "curr_link_density", "prev_text_density")


def fit(columns, labels, weights=None, **params):
    weights = weights or [1.0] * len(labels)
    return fit_tree(columns, labels, weights, NAMES[: len(columns)], TreeParams(**params))


def predict(tree: TreeNode, columns, row: int) -> bool:
    index = {name: i for i, name in enumerate(NAMES)}
    return decide(tree, lambda name: columns[index[name]][row])[0].content


def test_learns_a_threshold_rule_and_ignores_noise():
    words = [float(i % 40) for i in range(400)]
    noise = [float((i * 7919) % 13) / 13 for i in range(400)]
    labels = [w > 16 for w in words]
    tree = fit([words, noise], labels, min_leaf=5)
    assert tree.feature == "curr_num_words" and tree.threshold == 16
    assert tree.le.is_leaf and tree.gt.is_leaf and tree.gt.content and not tree.le.content
    assert tree.le.p == 0.0 and tree.gt.p == 1.0 and tree.n == 400


def test_learns_a_conjunction_in_two_levels():
    words = [float(i % 30) for i in range(600)]
    density = [(i // 30) / 20 for i in range(600)]
    labels = [w > 10 and d <= 0.3 for w, d in zip(words, density, strict=True)]
    tree = fit([words, density], labels, min_leaf=3)
    assert tree.depth() == 2 and tree.leaves() == 3
    assert all(predict(tree, [words, density], row) == labels[row] for row in range(600))
    assert {tree.feature, tree.le.feature or tree.gt.feature} == {"curr_num_words", "curr_link_density"}


def test_constant_features_and_pure_data_give_a_single_leaf():
    constant = [1.0] * 50
    assert fit([constant], [i % 2 == 0 for i in range(50)], min_leaf=1).is_leaf
    pure = fit([[float(i) for i in range(50)]], [True] * 50, min_leaf=1)
    assert pure.is_leaf and pure.content and pure.p == 1.0


def test_ties_split_only_between_distinct_values():
    values = [0.0] * 20 + [1.0] * 20 + [2.0] * 20
    labels = [i % 2 == 0 for i in range(20)] + [False] * 20 + [True] * 20  # value 0 is a coin flip
    tree = fit([values], labels, min_leaf=1, confidence=0)
    thresholds = []
    stack = [tree]
    while stack:
        node = stack.pop()
        if not node.is_leaf:
            thresholds.append(node.threshold)
            stack += [node.le, node.gt]
    assert thresholds and all(t in (0.0, 1.0) for t in thresholds)  # 0 <= t < 1 or 1 <= t < 2, shortest decimals


def test_min_leaf_and_max_depth_are_respected():
    xs = [float(i) for i in range(200)]
    labels = [(i // 7) % 2 == 0 for i in range(200)]  # many alternating runs
    grown = C45Learner([xs], labels, [1.0] * 200, TreeParams(max_depth=4, min_leaf=20)).fit()
    tree = to_tree(grown, NAMES)
    assert tree.depth() <= 4
    stack = [grown]
    while stack:
        node = stack.pop()
        if node.le is None:
            assert node.count >= 20
        else:
            stack += [node.le, node.gt]


def test_weights_decide_the_majority():
    xs = [0.0, 0.0, 0.0, 1.0]
    labels = [False, False, True, True]
    assert not fit([xs[:3]], labels[:3], min_leaf=1).content
    heavy = fit([[0.0, 0.0, 0.0]], labels[:3], weights=[1.0, 1.0, 5.0], min_leaf=1)
    assert heavy.is_leaf and heavy.content and heavy.p == pytest.approx(5 / 7)


def _raw_leaves(node) -> int:
    return 1 if node.le is None else _raw_leaves(node.le) + _raw_leaves(node.gt)


def test_pruning_removes_splits_that_only_fit_noise():
    rng = random.Random(4)
    xs = [rng.random() for _ in range(400)]
    labels = [rng.random() < 0.3 for _ in range(400)]  # unrelated to x
    grown = C45Learner([xs], labels, [1.0] * 400, TreeParams(max_depth=10, min_leaf=2, min_gain=-1)).fit()
    unpruned = _raw_leaves(grown)
    prune(grown, 0.25)
    assert unpruned > 10 and _raw_leaves(grown) <= 3
    assert not to_tree(grown, NAMES).content


def test_readable_thresholds():
    assert readable_threshold(16, 17) == 16
    assert readable_threshold(0.3333333, 0.35) == 0.34
    assert readable_threshold(9.25, 9.5) == 9.3
    low, high = 0.1234567, 0.1234568
    assert low <= readable_threshold(low, high) < high


RULES = """\
# a comment
curr_link_density <= 0.34
| prev_link_density <= 0.56
| | curr_num_words <= 16: BOILERPLATE (p=0.200, n=40)
| | curr_num_words > 16: CONTENT (p=0.900, n=60)
| prev_link_density > 0.56: BOILERPLATE (p=0.100, n=10)
curr_link_density > 0.34: BOILERPLATE (p=0.050, n=90)
"""


def test_rules_file_round_trips_and_reads_like_the_paper():
    tree = loads(RULES)
    assert tree.feature == "curr_link_density" and tree.threshold == 0.34 and tree.n == 200
    assert dumps(tree) == "# scrapy-boiler rules format 1\n" + RULES.split("\n", 1)[1]
    assert loads(dumps(tree, ["trained on nothing"])).leaves() == 4
    leaf, path = decide(tree, {"curr_link_density": 0.1, "prev_link_density": 0.0, "curr_num_words": 20}.__getitem__)
    assert leaf.content and leaf.p == 0.9 and path == ["curr_link_density<=0.34", "prev_link_density<=0.56",
                                                        "curr_num_words>16"]


def test_learnt_tree_round_trips_with_the_same_decisions():
    words = [float(i % 30) for i in range(600)]
    density = [(i // 30) / 20 for i in range(600)]
    labels = [w > 10 and d <= 0.3 for w, d in zip(words, density, strict=True)]
    tree = fit([words, density], labels, min_leaf=3)
    again = loads(dumps(tree))
    assert dumps(again) == dumps(tree)
    assert all(predict(again, [words, density], r) == predict(tree, [words, density], r) for r in range(600))


def test_a_single_leaf_tree_round_trips():
    leaf = TreeNode(content=True, p=0.75, n=12)
    assert dumps(leaf) == "# scrapy-boiler rules format 1\nCONTENT (p=0.750, n=12)\n"
    assert loads(dumps(leaf)).p == 0.75


@pytest.mark.parametrize("text", [
    "",
    "curr_num_words <= 16: CONTENT (p=0.9, n=1)\n",  # no '>' branch
    "curr_num_words <= 16: CONTENT (p=0.9, n=1)\ncurr_num_words > 17: BOILERPLATE (p=0.1, n=1)\n",
    "shoe_size <= 16: CONTENT (p=0.9, n=1)\nshoe_size > 16: BOILERPLATE (p=0.1, n=1)\n",
    "curr_num_words <= 16: MAYBE (p=0.9, n=1)\ncurr_num_words > 16: BOILERPLATE (p=0.1, n=1)\n",
])
def test_malformed_rules_are_rejected(text):
    with pytest.raises(RulesFormatError):
        loads(text)
