import itertools
import math
import random

import pytest

from scrapy_boiler.extractors.web2text.viterbi import DEFAULT_LAMBDA, sequence_score, viterbi


def random_potentials(rng: random.Random, length: int):
    def log_distribution(size: int) -> list[float]:
        weights = [rng.random() + 1e-3 for _ in range(size)]
        total = sum(weights)
        return [math.log(w / total) for w in weights]

    return [log_distribution(2) for _ in range(length)], [log_distribution(4) for _ in range(length - 1)]


@pytest.mark.parametrize("weight", [DEFAULT_LAMBDA, 1.0, 5.0])
def test_viterbi_matches_brute_force(weight):
    rng = random.Random(7)
    for length in range(1, 8):
        for _ in range(20):
            unary, pairwise = random_potentials(rng, length)
            best = max(itertools.product((0, 1), repeat=length),
                       key=lambda labels: sequence_score(labels, unary, pairwise, weight))
            found = viterbi(unary, pairwise, weight)
            assert sequence_score(found, unary, pairwise, weight) == pytest.approx(
                sequence_score(best, unary, pairwise, weight))


def test_pairwise_term_can_overrule_a_weak_unary():
    unary = [[math.log(0.1), math.log(0.9)], [math.log(0.55), math.log(0.45)], [math.log(0.1), math.log(0.9)]]
    stay = [math.log(0.49), math.log(0.01), math.log(0.01), math.log(0.49)]
    assert viterbi(unary, [stay, stay], weight=0.0) == [1, 0, 1]
    assert viterbi(unary, [stay, stay], weight=1.0) == [1, 1, 1]


def test_empty_and_mismatched_inputs():
    assert viterbi([], []) == []
    with pytest.raises(ValueError):
        viterbi([[0.0, 0.0]] * 3, [[0.0] * 4])
