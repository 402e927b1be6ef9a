"""The text-level article metric (4-token shingles) and fundus-train's publisher split."""

from __future__ import annotations

import pytest

from scrapy_boiler.datasets.corpora import parse_spec, publisher_split
from scrapy_boiler.metrics import f1_of, shingle_scores, shingles


def test_shingles_are_runs_of_four_lower_cased_tokens():
    assert shingles("One two, THREE four five") == {("one", "two", "three", "four"): 1,
                                                    ("two", "three", "four", "five"): 1}
    assert shingles("Too short") == {("too", "short"): 1}
    assert shingles("") == {}


def test_shingle_scores_reward_order_and_punish_extra_text():
    gold = "the bridge reopened on thursday after eight months of repairs"
    assert shingle_scores(gold, gold) == (1.0, 1.0)
    shuffled = "repairs of months eight after thursday on reopened bridge the"
    assert shingle_scores(shuffled, gold) == (0.0, 0.0)  # same bag of words, no shared order
    precision, recall = shingle_scores(gold + " subscribe to our newsletter for more news today", gold)
    assert recall == 1.0 and precision == pytest.approx(7 / 15)
    assert shingle_scores("", gold) == (1.0, 0.0)
    assert shingle_scores(gold, "") is None
    assert f1_of(1.0, 0.0) == 0.0 and f1_of(0.5, 0.5) == 0.5


def test_publisher_split_keeps_each_publisher_on_one_side():
    publishers = [f"de/Paper{i}" for i in range(40)]
    valid = publisher_split(publishers * 3)
    assert len(valid) == 10 and valid <= set(publishers)
    assert publisher_split(reversed(publishers)) == valid  # order does not matter
    assert parse_spec("fundus-train:valid") == ("fundus-train", "valid")
    with pytest.raises(ValueError, match="split"):
        parse_spec("fundus-train:test")


def test_publisher_folds_cover_every_publisher_once_and_fold_zero_is_the_valid_split():
    publishers = [f"de/Paper{i}" for i in range(42)]
    folds = [publisher_split(publishers, 0.25, fold) for fold in range(4)]
    assert folds[0] == publisher_split(publishers)
    assert [len(fold) for fold in folds] == [10, 10, 10, 12]  # the last fold takes what rounding leaves
    assert set().union(*folds) == set(publishers) and sum(map(len, folds)) == len(publishers)
    thirds = [publisher_split(publishers, 1 / 3, fold) for fold in range(3)]
    assert set().union(*thirds) == set(publishers) and sum(map(len, thirds)) == len(publishers)


def test_fold_specs_are_checked():
    assert parse_spec("fundus-train:valid@2") == ("fundus-train", "valid@2")
    assert parse_spec("fundus-train:train@03") == ("fundus-train", "train@3")
    assert parse_spec("threads-train:train@2") == ("threads-train", "train@2")
    for bad in ("fundus-train:valid@4", "fundus-train:valid@x", "fundus-train:valid@", "fundus-train:test@1",
                "threads-train:valid@3", "dragnet:valid@1", "fundus-train:valid@-1", "fundus-train:valid@²"):
        with pytest.raises(ValueError, match="split"):
            parse_spec(bad)
