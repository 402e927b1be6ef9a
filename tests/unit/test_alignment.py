"""Block labelling by alignment with a gold text (Vogels et al. §4.1) and by L3S label spans."""

from __future__ import annotations

import itertools
import random
import time

import pytest

from scrapy_boiler.datasets.alignment import (
    align,
    align_blocks,
    label_blocks,
    label_blocks_from_spans,
    normalize,
)
from scrapy_boiler.datasets.sequences import lcs_pairs

ARTICLE = [
    "Scientists in Norway have measured the slowest glacier retreat on record this spring.",
    "The team spent four months on the ice sheet, drilling cores every two hundred metres.",
    "Their results, published on Tuesday, suggest the melt rate varies more than models assume.",
]


def _lcs_length(a: str, b: str) -> int:
    previous = [0] * (len(b) + 1)
    for x in a:
        current = [0]
        for j, y in enumerate(b):
            current.append(previous[j] + 1 if x == y else max(previous[j + 1], current[j]))
        previous = current
    return previous[-1]


def test_normalize_drops_whitespace_and_folds_case_and_punctuation() -> None:
    assert normalize("  It\u2019s  A\u00a0\u201cTest\u201d \u2014 ok\n") == 'it\'sa"test"-ok'
    assert normalize("soft\u00adhyphen zero\u200bwidth") == "softhyphenzerowidth"
    # one output character per non-whitespace input character, even for letters that grow when lowered
    assert len(normalize("İstanbul x")) == len("İstanbulx")


def test_lcs_pairs_is_a_longest_common_subsequence() -> None:
    rng = random.Random(7)
    for _ in range(300):
        a = "".join(rng.choice("abc") for _ in range(rng.randint(0, 14)))
        b = "".join(rng.choice("abcd") for _ in range(rng.randint(0, 14)))
        pairs = lcs_pairs(a, b)
        assert len(pairs) == _lcs_length(a, b)
        assert all(a[i] == b[j] for i, j in pairs)
        assert all(p[0] < q[0] and p[1] < q[1] for p, q in itertools.pairwise(pairs))


def test_exact_content_blocks_are_labelled() -> None:
    blocks = ["Home", "News", "Sport", *ARTICLE, "Copyright 2024 Example Media", "Privacy"]
    gold = "\n".join(ARTICLE)
    assert label_blocks(blocks, gold) == [False, False, False, True, True, True, False, False]


def test_whitespace_and_line_breaks_do_not_matter() -> None:
    blocks = [
        "  Scientists in\n Norway have",
        "measured the slowest glacier",
        " retreat on record this spring ",
    ]
    gold = "Scientists in Norway have measured\nthe slowest glacier retreat on record this spring"
    assert label_blocks(blocks, gold) == [True, True, True]
    assert align_blocks(blocks, gold).coverage == 1.0


def test_repeated_navigation_word_is_not_taken_for_content() -> None:
    # "Home" is a menu item and also the first word of the article's heading; only the heading counts
    blocks = ["Home", "About", "Contact", "Home", "Home improvement on a budget", *ARTICLE, "Home", "Top"]
    gold = "Home improvement on a budget\n" + "\n".join(ARTICLE)
    labels = label_blocks(blocks, gold)
    assert labels == [False, False, False, False, True, True, True, True, False, False]


def test_short_heading_between_anchors_is_aligned_to_its_own_occurrence() -> None:
    blocks = ["Weather", "Sports", "Weather", ARTICLE[0], "Weather", ARTICLE[1], "Weather"]
    gold = f"{ARTICLE[0]}\nWeather\n{ARTICLE[1]}"
    assert label_blocks(blocks, gold) == [False, False, False, True, True, True, False]


def test_two_thirds_rule() -> None:
    aligned = "abcdefghijklmnopqrstuvwxyz0123"  # 30 characters found in the gold
    gold = f"{ARTICLE[0]} {aligned} {ARTICLE[1]}"
    blocks = [ARTICLE[0], aligned + "X" * 15, ARTICLE[1]]  # 30/45 = 2/3 exactly: content
    assert label_blocks(blocks, gold) == [True, True, True]
    blocks = [ARTICLE[0], aligned + "X" * 16, ARTICLE[1]]  # 30/46 < 2/3
    assert label_blocks(blocks, gold) == [True, False, True]
    assert label_blocks(blocks, gold, min_aligned=0.5) == [True, True, True]


def test_partially_matching_block() -> None:
    # the annotator kept the first sentence of a block but not the advert glued to it
    block = ARTICLE[0] + " Subscribe now and get three issues of our print magazine free of charge!!"
    result = align_blocks([block, ARTICLE[1]], f"{ARTICLE[0]}\n{ARTICLE[1]}")
    assert result.aligned[0] == len(normalize(ARTICLE[0]))
    assert result.labels() == [False, True]


def test_gold_text_in_another_order_and_with_typos() -> None:
    blocks = ["Menu", *ARTICLE, "Footer links"]
    gold = "\n".join(ARTICLE).replace("four months", "4 months").replace("Tuesday", "tuesday")
    assert label_blocks(blocks, gold) == [False, True, True, True, False]


def test_duplicated_content_still_aligns_one_copy() -> None:
    text = " ".join(ARTICLE)
    result = align_blocks(["Teaser", text, "Related", text], text)
    assert result.coverage == 1.0
    assert sum(result.labels()) == 1


def test_empty_inputs() -> None:
    assert label_blocks([], "anything") == []
    assert label_blocks(["Some text", "   "], "") == [False, False]
    assert label_blocks(["   ", ARTICLE[0]], ARTICLE[0]) == [False, True]
    assert align_blocks(["x"], "").coverage == 1.0
    assert align("", "abc") == []


def test_large_page_is_fast() -> None:
    rng = random.Random(3)
    vocabulary = [
        "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(rng.randint(2, 9)))
        for _ in range(2000)
    ]
    blocks = [" ".join(rng.choices(vocabulary, k=rng.randint(1, 25))) for _ in range(1200)]
    wanted = [400 <= i < 640 or i % 23 == 0 for i in range(len(blocks))]
    gold = "\n".join(block for block, keep in zip(blocks, wanted, strict=True) if keep)
    assert sum(map(len, blocks)) > 100_000 and len(gold) > 20_000
    start = time.perf_counter()
    labels = label_blocks(blocks, gold)
    elapsed = time.perf_counter() - start
    assert elapsed < 2.0  # about 0.2 s on a laptop; generous for slow CI machines
    agreement = sum(a == b for a, b in zip(labels, wanted, strict=True)) / len(blocks)
    assert agreement > 0.99


def test_long_pages_do_not_hit_the_recursion_limit() -> None:
    # thousands of small anchor ranges: the work list must not recurse
    blocks = [f"paragraph number {i} says something different" for i in range(6000)]
    gold = "\n".join(blocks[::2])
    labels = label_blocks(blocks, gold)
    assert labels[:4] == [True, False, True, False]
    assert sum(labels) == 3000


# --- L3S: labels from spans -------------------------------------------------------------------


def test_blocks_from_spans_follow_the_span_labels() -> None:
    spans = (
        ("Home News Sport\n", False),
        ("Headline of the story\nThe body of the story, which is long enough.", True),
        ("Related: another story\n", False),
        ("Home", False),
    )
    blocks = [
        "Home",
        "News",
        "Sport",
        "Headline of the story",
        "The body of the story,",
        "which is long enough.",
        "Related: another story",
        "Home",
    ]
    assert label_blocks_from_spans(blocks, spans) == [False, False, False, True, True, True, False, False]


def test_blocks_from_spans_skip_dropped_text_and_merged_pieces() -> None:
    spans = (
        ("Menu item one", False),
        ("hidden text the parser dropped", False),
        ("First paragraph", True),
        (" of the article.", True),
        ("Second paragraph.", True),
        ("Footer", False),
    )
    # the parser dropped one piece and merged two others into one block
    blocks = ["Menu item one", "First paragraph of the article.", "Second paragraph.", "Footer"]
    assert label_blocks_from_spans(blocks, spans) == [False, True, True, False]


def test_blocks_from_spans_majority_decides_straddling_blocks() -> None:
    spans = (("Posted by", False), ("Jane Doe on a sunny morning", True), ("Reply", False))
    assert label_blocks_from_spans(["Posted by Jane Doe on a sunny morning", "Reply"], spans) == [True, False]
    spans = (("A very long boilerplate prefix sentence", False), ("ok", True))
    assert label_blocks_from_spans(["A very long boilerplate prefix sentence ok"], spans) == [False]


def test_blocks_from_spans_identical_text_in_both_classes() -> None:
    spans = (
        ("Weather", False),
        ("Weather", True),
        ("Today it rains over the whole country.", True),
        ("Weather", False),
    )
    blocks = ["Weather", "Weather", "Today it rains over the whole country.", "Weather"]
    assert label_blocks_from_spans(blocks, spans) == [False, True, True, False]


@pytest.mark.parametrize("blocks", [[], ["   "]])
def test_blocks_from_spans_empty(blocks: list[str]) -> None:
    assert label_blocks_from_spans(blocks, (("text", True),)) == [False] * len(blocks)
