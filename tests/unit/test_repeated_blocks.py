"""Text a page shows three times is the template's (``extractors/repeated_blocks.py``)."""

from __future__ import annotations

from neural_pages import all_content_labels
from neural_pages import kept_texts as _kept

from scrapy_boiler.extractors.base import PageLabels
from scrapy_boiler.extractors.repeated_blocks import MIN_COPIES, drop_repeated

PARAGRAPHS = [
    "The harbour board met on Tuesday evening to decide how the old ferry pier should be repaired this winter.",
    "Engineers told the board that the wooden piles had rotted further than the survey of last spring suggested.",
    "A temporary landing stage will carry passengers while the work goes on, the chair of the board said.",
    "Work on the new piles is to start in November and last until the spring sailings begin.",
]
PLACEHOLDER = "Your privacy settings prevent loading external content such as posts from social networks."


def _labels(copies: int, *, spelled: tuple[str, ...] = ()) -> PageLabels:
    """Every leaf labelled content, as a neural model keeps a placeholder between the paragraphs it sits among."""
    shown = list(spelled) or [PLACEHOLDER] * copies
    body = "".join(f"<p>{text}</p>" + (f"<div class='embed'><p>{shown[i]}</p></div>" if i < len(shown) else "")
                   for i, text in enumerate(PARAGRAPHS))
    return all_content_labels(f"<article>{body}</article>")


def test_a_placeholder_shown_three_times_is_said_once():
    labels = _labels(MIN_COPIES)
    drop_repeated(labels.blocks, "test")
    assert _kept(labels) == [PARAGRAPHS[0], PLACEHOLDER, *PARAGRAPHS[1:]]
    dropped = [block for block in labels.blocks if not block.is_content]
    assert len(dropped) == MIN_COPIES - 1
    assert all(block.reasons[-1] == "test:repeated (3 times on the page)" for block in dropped)


def test_case_and_spacing_do_not_hide_a_copy():
    labels = _labels(0, spelled=(PLACEHOLDER, PLACEHOLDER.upper(), PLACEHOLDER.replace(" ", "  \n ")))
    drop_repeated(labels.blocks, "test")
    assert _kept(labels) == [PARAGRAPHS[0], PLACEHOLDER, *PARAGRAPHS[1:]]


def test_the_first_copy_kept_by_the_model_is_the_one_said():
    labels = _labels(MIN_COPIES)
    first = next(block for block in labels.blocks if block.text == PLACEHOLDER)
    first.is_content = False
    drop_repeated(labels.blocks, "test")
    assert _kept(labels) == [PARAGRAPHS[0], PARAGRAPHS[1], PLACEHOLDER, *PARAGRAPHS[2:]]


def test_a_text_shown_twice_stays():
    labels = _labels(MIN_COPIES - 1)
    drop_repeated(labels.blocks, "test")
    assert _kept(labels) == [PARAGRAPHS[0], PLACEHOLDER, PARAGRAPHS[1], PLACEHOLDER, *PARAGRAPHS[2:]]


def test_a_short_text_may_repeat():
    """A table's "Yes" or a speaker's name shows many times among content."""
    labels = _labels(0, spelled=("Yes, it was", "Yes, it was", "Yes, it was"))
    drop_repeated(labels.blocks, "test")
    assert _kept(labels) == [PARAGRAPHS[0], "Yes, it was", PARAGRAPHS[1], "Yes, it was", PARAGRAPHS[2], "Yes, it was",
                             PARAGRAPHS[3]]
