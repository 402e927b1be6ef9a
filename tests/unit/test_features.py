import pytest

from scrapy_boiler.parse import parse_html
from scrapy_boiler.parse.normalize import words
from scrapy_boiler.segment import segment
from scrapy_boiler.segment.blocks import annotate, context
from scrapy_boiler.segment.features import EMPTY, block_features, text_density


def test_words_need_a_letter_or_digit():
    assert words("Hello , world -- 42 | ok!") == ["Hello", "world", "42", "ok!"]


def test_text_density_single_line_is_word_count():
    assert text_density(["a"] * 5) == (5.0, 1)
    assert text_density([]) == (0.0, 0)


def test_text_density_ignores_the_last_line():
    # 10 words of 7 chars + space = 80 columns -> exactly 10 words per 80-column line.
    block = ["abcdefg"] * 25  # lines of 10, 10, 5 words
    density, lines = text_density(block)
    assert lines == 3
    assert density == pytest.approx(20 / 2)


def _wrapped_word_by_word(block: list[str], width: int) -> tuple[float, int]:
    """Eq. 1 as the paper states it: words go on the line while they fit with one space between them."""
    lines, column, before_last, on_line = 1, 0, 0, 0
    for word in block:
        if column and column + 1 + len(word) > width:
            lines, before_last, on_line, column = lines + 1, before_last + on_line, 0, 0
        column += len(word) + (1 if column else 0)
        on_line += 1
    return (float(len(block)), 1) if lines == 1 else (before_last / (lines - 1), lines)


def test_text_density_wraps_as_word_by_word_does_with_words_longer_than_a_line():
    import random

    draw = random.Random(7)
    for _ in range(3000):
        block = ["x" * draw.choice([1, 3, 7, 12, draw.randint(1, 120)]) for _ in range(draw.randint(1, 40))]
        width = draw.choice([80, 20, 5, 1])
        assert text_density(block, width) == _wrapped_word_by_word(block, width), (block, width)
    assert text_density(["x" * 100], 80) == (1.0, 1)
    assert text_density(["x" * 100, "y"], 80) == (1.0, 2)


@pytest.mark.parametrize(("text", "count"), [
    ("Posted 9:30pm, 3/5/24 (updated 12.45.10) on the 3rd", 4),
    ("a.m. p.m GMT pst est today, yesterday ago.", 8),
    ("Jan January June Jul Sept September Sat Sunday Tues Thursday Wed Fri Mon Oct Nov Dec Aug Apr Mar May", 20),
    ("1999 2024 20245 12345 9:3 1.2 thurs. may's", 3),
])
def test_date_and_time_tokens_are_whole_tokens(text, count):
    assert block_features(text, "", 0, 1).num_date_tokens == count


def test_link_density_and_counts():
    f = block_features("Read more about the harbour", "Read more", 3, 10)
    assert f.num_words == 5 and f.num_linked_words == 2
    assert f.link_density == pytest.approx(0.4)
    assert f.absolute_position == 3 and f.relative_position == pytest.approx(0.3)


def test_capitals_full_stops_sentences_dates_bars():
    text = "The UN met today. It agreed on 12 Jan 2008 at 10:30; done | next"
    f = block_features(text, "", 0, 1)
    assert f.num_capitalized_words == 4  # The, UN, It, Jan
    assert f.capitalized_ratio == pytest.approx(4 / f.num_words)
    assert f.full_stop_ratio == pytest.approx(1 / f.num_words)
    assert f.avg_sentence_length == pytest.approx(f.num_words / 2)  # "." and ";" end sentences
    assert f.num_date_tokens == 4  # today, Jan, 2008, 10:30
    assert f.num_vertical_bars == 1
    assert f.avg_word_length == pytest.approx(sum(map(len, words(text))) / f.num_words)


def test_context_uses_empty_virtual_blocks_at_the_ends():
    blocks = segment(parse_html("<p>one two</p><p>three four five</p>").root).blocks
    annotate(blocks)
    prev, curr, nxt = context(blocks, 0)
    assert prev is EMPTY and curr.num_words == 2 and nxt.num_words == 3
    assert context(blocks, 1)[2] is EMPTY
