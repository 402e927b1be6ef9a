"""``scrapy boiler-* -h`` at 80 columns: built as Scrapy builds it, then read the way a newcomer reads it."""

from __future__ import annotations

import argparse

import pytest
from scrapy.cmdline import ScrapyArgumentParser
from scrapy.commands import ScrapyHelpFormatter
from scrapy.settings import Settings

from scrapy_boiler.commands import boiler_eval, boiler_extract, boiler_train, boiler_view
from scrapy_boiler.commands.help_format import BoilerHelpFormatter, usage_words, wrap_words
from scrapy_boiler.training import TRAINERS

COMMANDS = {"boiler-extract": boiler_extract, "boiler-eval": boiler_eval, "boiler-train": boiler_train,
            "boiler-view": boiler_view}


def scrapy_parser(name: str) -> argparse.ArgumentParser:
    """The parser ``scrapy.cmdline.execute`` builds for ``scrapy NAME`` (Scrapy's formatter, until the command's
    ``add_options`` swaps it)."""
    command = COMMANDS[name].Command()
    parser = ScrapyArgumentParser(formatter_class=ScrapyHelpFormatter, usage=f"scrapy {name} {command.syntax()}",
                                  conflict_handler="resolve", description=command.long_desc())
    command.settings = Settings()
    command.add_options(parser)
    return parser


def _kind_parsers() -> dict[str, argparse.ArgumentParser]:
    return dict(scrapy_parser("boiler-train")._subparsers._group_actions[0].choices)


def assert_clean(text: str, width: int = 80) -> None:
    lines = text.splitlines()
    assert all(len(line) <= width for line in lines), [line for line in lines if len(line) > width]
    assert not any(set(line.strip()) <= set("=-") and line.strip() for line in lines), "underlined headings"
    assert "Usage\n" not in text and "Output Format" not in text  # Scrapy's title-casing of help lines


@pytest.mark.parametrize("name", list(COMMANDS))
def test_help_is_clean_at_80_columns(monkeypatch, name):
    monkeypatch.setenv("COLUMNS", "80")
    text = scrapy_parser(name).format_help()
    assert_clean(text)
    assert text.startswith(f"usage: scrapy {name} ")
    assert "-m, --model NAME" in text or name == "boiler-train"  # the value named once, short option first


def test_extract_help_shows_each_option_once_with_its_default(monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    text = scrapy_parser("boiler-extract").format_help()
    assert "-f, --format FORMAT" in text and "{text,json" not in text
    assert "-j, --jobs N" in text and "(default 1)" in text
    usage = text.split("\n\n")[0].splitlines()
    assert len(usage) >= 2 and all(line.startswith(" " * len("usage: scrapy boiler-extract ")) for line in usage[1:])


@pytest.mark.parametrize("kind", list(TRAINERS))
def test_every_trainer_option_shows_its_default(monkeypatch, kind):
    monkeypatch.setenv("COLUMNS", "80")
    sub = _kind_parsers()[kind]
    assert_clean(sub.format_help())
    for action in sub._actions:
        if action.option_strings and action.nargs != 0 and action.default not in (None, [], ""):
            assert "default" in (sub._get_formatter()._expand_help(action)), action.option_strings
    assert "--force" in sub.format_help()


def test_train_lists_the_kinds_before_scrapys_options(monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    text = scrapy_parser("boiler-train").format_help()
    assert text.index("model kinds:") < text.index("Global Options:")
    assert "{tree," not in text.split("\n\n")[0]  # the usage line says KIND


def test_wide_terminals_are_capped_and_hyphenated_words_kept_whole(monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    text = _kind_parsers()["web2text"].format_help()
    assert max(len(line) for line in text.splitlines()) <= 100
    monkeypatch.setenv("COLUMNS", "80")
    assert "l3s-gn1-any:train" in _kind_parsers()["web2text"].format_help()


def test_usage_words_keep_brackets_together():
    assert usage_words(" PATH... [-m NAME] [--pairs all|accepted|N] {a,b c}") == [
        "PATH...", "[-m NAME]", "[--pairs all|accepted|N]", "{a,b c}"]
    assert wrap_words(["aa", "bb", "cc"], 5) == ["aa bb", "cc"]
    assert wrap_words(["toolongword", "x"], 5) == ["toolongword", "x"]


def test_the_default_is_merged_into_a_closing_parenthesis():
    parser = argparse.ArgumentParser(formatter_class=BoilerHelpFormatter)
    parser.add_argument("--hidden", type=int, default=128, help="units (paper: 512)")
    parser.add_argument("--seed", type=int, default=0, help="random seed")
    parser.add_argument("--said", type=int, default=3, help="already says its default (default 3)")
    text = " ".join(parser.format_help().split())
    assert "units (paper: 512; default: 128)" in text and "random seed (default: 0)" in text
    assert "(default 3)" in text and "default: 3" not in text
