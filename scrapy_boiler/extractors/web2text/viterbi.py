"""Most likely two-label sequence under unary and pairwise potentials (Vogels et al. eq. 3).

Maximises ``Σ log p_i(l_i) + λ Σ log p_{i,i+1}(l_i, l_{i+1})`` over l ∈ {0, 1}^n. Pure Python: two
states make the dynamic programme trivial, and it keeps decoding free of torch.
"""

from __future__ import annotations

from collections.abc import Sequence

#: Vogels et al. §3.5: "We use λ = 0.1 in our experiments."
DEFAULT_LAMBDA = 0.1


def sequence_score(labels: Sequence[int], unary: Sequence[Sequence[float]],
                   pairwise: Sequence[Sequence[float]], weight: float = DEFAULT_LAMBDA) -> float:
    """The objective of eq. 3 (in log space) for one labelling."""
    score = sum(unary[i][label] for i, label in enumerate(labels))
    return score + weight * sum(pairwise[i][2 * labels[i] + labels[i + 1]] for i in range(len(labels) - 1))


def viterbi(unary: Sequence[Sequence[float]], pairwise: Sequence[Sequence[float]],
            weight: float = DEFAULT_LAMBDA) -> list[int]:
    """Best labelling. ``unary[i]`` = (log p_i(0), log p_i(1)); ``pairwise[i][2a+b]`` = log p_{i,i+1}(a, b)."""
    count = len(unary)
    if count == 0:
        return []
    if len(pairwise) != count - 1:
        raise ValueError(f"{len(pairwise)} pairwise potentials for {count} blocks")
    best = [unary[0][0], unary[0][1]]
    back: list[tuple[int, int]] = []
    for i in range(1, count):
        edge = pairwise[i - 1]
        step = []
        pointers = []
        for label in (0, 1):
            from0 = best[0] + weight * edge[label]
            from1 = best[1] + weight * edge[2 + label]
            previous = 0 if from0 >= from1 else 1
            pointers.append(previous)
            step.append(max(from0, from1) + unary[i][label])
        back.append((pointers[0], pointers[1]))
        best = step
    labels = [0 if best[0] >= best[1] else 1]
    for pointers in reversed(back):
        labels.append(pointers[labels[-1]])
    labels.reverse()
    return labels
