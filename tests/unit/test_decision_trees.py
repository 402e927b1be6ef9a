"""Every leaf of Kohlschütter et al.'s Algorithms 1 and 2, and the §4.3.2 one-rule classifiers."""

from dataclasses import replace

import pytest

from scrapy_boiler.extractors.boilerpipe import classifiers as dt
from scrapy_boiler.segment.features import EMPTY


def f(words: int = 0, td: float = 0.0, ld: float = 0.0):
    return replace(EMPTY, num_words=words, text_density=td, link_density=ld)


@pytest.mark.parametrize(
    ("prev", "curr", "nxt", "content"),
    [
        (f(), f(td=20, ld=0.34), f(td=20), False),  # curr link density > 0.333333
        (f(td=4), f(td=9), f(td=10), False),  # prev td <= 4
        (f(td=5), f(td=9), f(td=10), True),  # prev td > 4
        (f(td=0), f(td=9), f(td=10.5), True),  # next td > 10
        (f(), f(td=9.5), f(td=0), False),  # curr td > 9, next td = 0
        (f(), f(td=9.5), f(td=1), True),  # curr td > 9, next td > 0
        (f(ld=0.6), f(td=30), f(td=11), False),  # prev link-heavy, next td <= 11
        (f(ld=0.6), f(td=1), f(td=12), True),  # prev link-heavy, next td > 11
        (f(ld=0.555556), f(td=9.5), f(td=1), True),  # boundary: prev ld <= 0.555556 is the left branch
    ],
)
def test_algorithm_1_densitometric(prev, curr, nxt, content):
    assert dt.densitometric(prev, curr, nxt) is content


@pytest.mark.parametrize(
    ("prev", "curr", "nxt", "content"),
    [
        (f(words=50), f(words=50, ld=0.5), f(words=50), False),
        (f(words=4), f(words=16), f(words=15), False),
        (f(words=5), f(words=16), f(words=15), True),
        (f(words=0), f(words=3), f(words=16), True),
        (f(words=0), f(words=17), f(words=0), True),
        (f(words=9, ld=0.6), f(words=40), f(words=17), False),
        (f(words=9, ld=0.6), f(words=40), f(words=18), True),
        (f(words=9, ld=0.6), f(words=41), f(words=0), True),
    ],
)
def test_algorithm_2_num_words(prev, curr, nxt, content):
    assert dt.num_words(prev, curr, nxt) is content


def test_one_rule_classifiers():
    assert dt.min_words(EMPTY, f(words=10), EMPTY) and not dt.min_words(EMPTY, f(words=9), EMPTY)
    assert dt.cleaneval_rule(EMPTY, f(td=7, ld=0.35), EMPTY)
    assert not dt.cleaneval_rule(EMPTY, f(td=6.9), EMPTY)
    assert not dt.cleaneval_rule(EMPTY, f(td=8, ld=0.36), EMPTY)
    assert dt.keep_everything(EMPTY, f(), EMPTY)


def test_thresholds_are_the_papers():
    assert dt.CURR_MAX_LINK_DENSITY == 0.333333 and dt.PREV_MAX_LINK_DENSITY == 0.555556
    assert dt.MIN_WORDS_SIMPLE == 10
    assert (dt.CLEANEVAL_MIN_TEXT_DENSITY, dt.CLEANEVAL_MAX_LINK_DENSITY) == (7.0, 0.35)
