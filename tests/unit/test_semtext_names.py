"""Name scrambling for SemText's training (``--name-scramble``): made-up names, one per name, texts untouched."""

from __future__ import annotations

import random

from scrapy_boiler.training.semtext.names import scramble_names

POST = ("division", "shreddit-comment", "paragraph")
WINDOW = [
    (POST, ("comment", "body", "user", "text"), ("same", "here")),
    (POST, ("comment", "body", "user", "text"), ("thanks", "worked")),
    (("division", "time"), ("comment", "meta"), ("hours", "ago")),
]


def test_every_name_made_up_at_a_share_near_one_keeps_html_tags_and_texts():
    out = scramble_names(WINDOW, 0.999999, random.Random(3))
    assert [text for _, _, text in out] == [text for _, _, text in WINDOW]
    assert all(tags[0] == "division" for tags, _, _ in out) and out[2][0][1] == "time"  # HTML's own elements stay
    assert out[0][0][1] != "shreddit-comment"  # a custom element is the platform's name
    names = {word for _, classes, _ in out for word in classes}
    assert not names & {"comment", "body", "user", "text", "meta"}


def test_a_name_gets_one_made_up_word_across_the_window():
    """The posts still look alike: what repeats on the page repeats scrambled."""
    out = scramble_names(WINDOW, 0.999999, random.Random(5))
    assert out[0][1] == out[1][1] and out[0][0] == out[1][0]
    assert out[2][1][0] == out[0][1][0]  # "comment" in the meta block too
    assert len(set(out[0][1])) == 4


def test_share_zero_changes_nothing_and_a_share_between_scrambles_some():
    assert scramble_names(WINDOW, 0.0, random.Random(1)) == WINDOW
    kept = [sum(word in {"comment", "body", "user", "text", "meta", "shreddit-comment"}
                for word in {*out[0][0], *out[0][1], *out[2][1]})
            for out in (scramble_names(WINDOW, 0.5, random.Random(seed)) for seed in range(200))]
    assert 2.5 < sum(kept) / len(kept) < 3.5  # half of the six names, on average
