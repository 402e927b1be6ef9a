"""Sequence windows for SemText: the paper's even split and overlapping windows with reconciliation."""

from __future__ import annotations

from scrapy_boiler.extractors.semtext.windows import MAX_BLOCKS, even_split, overlapping, reconcile


def test_even_split_is_as_even_as_possible():
    assert even_split(50) == [(0, 50)]
    parts = even_split(200)
    assert len(parts) == 3 and parts[0][0] == 0 and parts[-1][1] == 200
    assert all(b - a <= MAX_BLOCKS for a, b in parts)
    assert max(b - a for a, b in parts) - min(b - a for a, b in parts) <= 1


def test_overlapping_windows_cover_everything():
    windows = overlapping(200)
    assert windows[0] == (0, 85) and windows[-1] == (115, 200)
    assert all(b - a == 85 for a, b in windows)
    covered = set()
    for a, b in windows:
        covered.update(range(a, b))
    assert covered == set(range(200))


def test_reconcile_takes_the_most_central_window():
    windows = [(0, 5), (3, 8)]
    labels = [[0, 0, 0, 0, 0], [1, 1, 1, 1, 1]]
    # block 3: offset 3 in window 1 (centrality 1), offset 0 in window 2 (0) -> window 1
    # block 4: centrality 0 in window 1, 1 in window 2 -> window 2
    assert reconcile(8, windows, labels) == [0, 0, 0, 0, 1, 1, 1, 1]
