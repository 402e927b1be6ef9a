"""The ``-h`` of every ``scrapy boiler-*`` command: plain argparse layout, wrapped usage, defaults shown.

Scrapy's own ``ScrapyHelpFormatter`` title-cases and underlines every help line that ends in a colon (so an
option's help broken after "json:" became an underlined heading), and prints the usage line unwrapped however
long it is. Commands call :func:`use_boiler_help` from ``add_options``: argparse builds a new formatter from
``parser.formatter_class`` each time it prints, so swapping the class there is enough.
"""

from __future__ import annotations

import argparse
import re
import shutil
import sys
import textwrap
from collections.abc import Iterable

#: Help lines are wrapped at the terminal's width, but never wider than this (long lines are hard to read).
MAX_WIDTH = 100
#: Where option help starts, at most (longer option names put their help on the next line).
HELP_POSITION = 28


class BoilerHelpFormatter(argparse.HelpFormatter):
    """``-m, --model NAME`` (short option first, the value named once), ``(default: X)`` added where the help does
    not say it, ``N`` for numbers, an explicit usage line wrapped under the command name, and no line broken
    inside a hyphenated word (``l3s-gn1-any:train`` stays whole)."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = HELP_POSITION,
                 width: int | None = None) -> None:
        if width is None:
            width = min(shutil.get_terminal_size().columns - 2, MAX_WIDTH)
        super().__init__(prog, indent_increment, max_help_position, max(width, 40))

    def _format_usage(self, usage: str | None, actions: Iterable[argparse.Action],
                      groups: Iterable[argparse._MutuallyExclusiveGroup], prefix: str | None) -> str:
        if usage is None:  # argparse's own usage (the trainer kinds): it wraps it already
            return super()._format_usage(usage, actions, groups, prefix)
        prefix = "usage: " if prefix is None else prefix
        text = " ".join((usage % {"prog": self._prog}).split())
        head = self._prog if text.startswith(self._prog + " ") else text.split(" ", 1)[0]
        indent = len(prefix) + len(head) + 1
        if indent > self._width // 2:
            indent = len(prefix) + 4
        lines = wrap_words(usage_words(text[len(head):]), self._width - indent, first=self._width - len(prefix)
                           - len(head) - 1)
        body = f"\n{' ' * indent}".join(lines)
        return f"{prefix}{head} {body}\n\n" if body else f"{prefix}{head}\n\n"

    def _format_action_invocation(self, action: argparse.Action) -> str:
        if not action.option_strings:
            return super()._format_action_invocation(action)
        names = ", ".join(sorted(action.option_strings, key=lambda name: name.startswith("--")))  # stable: -q first
        if action.nargs == 0:
            return names
        return f"{names} {self._format_args(action, self._get_default_metavar_for_optional(action))}"

    def _split_lines(self, text: str, width: int) -> list[str]:
        return textwrap.wrap(" ".join(text.split()), width, break_on_hyphens=False)

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        return textwrap.fill(" ".join(text.split()), width, initial_indent=indent, subsequent_indent=indent,
                             break_on_hyphens=False)

    def _get_default_metavar_for_optional(self, action: argparse.Action) -> str:
        if action.choices is not None:
            return "{" + ",".join(map(str, action.choices)) + "}"
        if action.type is int:
            return "N"
        if action.type is float:
            return "X"
        return action.dest.upper().replace("_", "-")

    def _get_help_string(self, action: argparse.Action) -> str:
        text = action.help or ""
        if "default" in text or "%(default)" in text or not action.option_strings or action.nargs == 0:
            return text
        default = action.default
        if default is None or default is argparse.SUPPRESS or default in ("", [], ()):
            return text
        if not text:
            return "default: %(default)s"
        if re.search(r"\([^()]*\)$", text):  # "(paper: 512)" becomes "(paper: 512; default: 128)"
            return f"{text[:-1]}; default: %(default)s)"
        return f"{text} (default: %(default)s)"


def usage_words(text: str) -> list[str]:
    """The words of a usage line, a bracketed group (``[--model NAME]``, ``{a,b}``) kept as one word."""
    words: list[str] = []
    current = ""
    depth = 0
    for char in text:
        if char == " " and depth == 0:
            if current:
                words.append(current)
            current = ""
            continue
        depth += (char in "[{(") - (char in "]})")
        depth = max(depth, 0)
        current += char
    if current:
        words.append(current)
    return words


def wrap_words(words: list[str], width: int, first: int | None = None) -> list[str]:
    """Lines of at most ``width`` characters (``first`` for the first line); a longer word gets a line alone."""
    lines: list[str] = []
    line = ""
    for word in words:
        limit = first if first is not None and not lines else width
        if line and len(line) + 1 + len(word) > limit:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    if line:
        lines.append(line)
    return lines


def use_boiler_help(parser: argparse.ArgumentParser, command: str) -> None:
    """Give ``parser`` (Scrapy's, for ``scrapy COMMAND``) this help layout, and ``scrapy COMMAND`` as its name in
    error lines (Scrapy leaves it ``scrapy``)."""
    parser.formatter_class = BoilerHelpFormatter
    parser.prog = f"scrapy {command}"


def error_line(command: str, message: object) -> int:
    """Print a one-line usage error (``boiler-extract: error: ...``) and return its exit status, 2.

    For a wrong value (a model name, an output path): the usage line argparse would print first says nothing
    about it, so only the line naming the problem and its remedy is printed.
    """
    print(f"{command}: error: {message}", file=sys.stderr)
    return 2
