"""``scrapy boiler-view``: an HTML copy of a page with every block outlined by label and score, opened in a browser."""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
import webbrowser
from pathlib import Path
from typing import Any, ClassVar

from scrapy.commands import ScrapyCommand
from scrapy.exceptions import UsageError

from scrapy_boiler import UnknownModel, extract
from scrapy_boiler.bulk.sources import read_source
from scrapy_boiler.commands.help_format import error_line, use_boiler_help
from scrapy_boiler.extractors.registry import resolve
from scrapy_boiler.view import render_view


def default_output(source: str) -> Path:
    """``<name>.boiler-view.html`` in the temporary folder, named after the file or URL."""
    name = re.sub(r"[^A-Za-z0-9._-]+", "_", source.rstrip("/").rsplit("/", 1)[-1])[:80] or "page"
    return Path(tempfile.gettempdir()) / f"{name}.boiler-view.html"


class Command(ScrapyCommand):
    requires_project = False
    requires_crawler_process = False
    default_settings: ClassVar[dict[str, Any]] = {"LOG_ENABLED": False}

    def syntax(self) -> str:
        return "URL_OR_FILE [-m NAME] [-o OUT.html] [--no-open] [options]"

    def short_desc(self) -> str:
        return "Show which blocks of a page a model keeps (HTML copy with outlined blocks)"

    def long_desc(self) -> str:
        return (
            "Extracts the page with the model and writes a copy of it where every block is outlined green "
            "(content) or red (boilerplate), stronger for higher confidence, with a legend; hovering a block "
            "shows its score, reasons and features. Scripts are removed and links made absolute. The file is "
            "opened in a web browser unless --no-open."
        )

    def add_options(self, parser: argparse.ArgumentParser) -> None:
        super().add_options(parser)
        use_boiler_help(parser, "boiler-view")
        parser.add_argument("--model", "-m", default="auto", metavar="NAME",
                            help="model name, KIND:PATH or a model file's path, as in boiler-extract (default: auto)")
        parser.add_argument("--output", "-o", default=None, metavar="OUT.html",
                            help="HTML file to write (default: NAME.boiler-view.html in the temp folder)")
        parser.add_argument("--no-open", dest="open", action="store_false", help="do not open a browser")

    def run(self, args: list[str], opts: argparse.Namespace) -> None:
        if len(args) != 1:
            raise UsageError("give one file or URL")
        try:
            resolve(opts.model)
        except UnknownModel as exc:  # one line: the usage line says nothing about a wrong model
            self.exitcode = error_line("boiler-view", exc)
            return
        source = args[0]
        try:
            body, url, charset = read_source(source)
        except (OSError, ValueError) as exc:
            print(f"boiler-view: {source}: {exc}", file=sys.stderr)
            self.exitcode = 1
            return
        doc = extract(body, url, model=opts.model, encoding=charset)
        if doc.error:
            print(f"boiler-view: {source}: {doc.error}", file=sys.stderr)
            self.exitcode = 1
            return
        out = Path(opts.output) if opts.output else default_output(source)
        out.write_text(render_view(body, doc, encoding=charset), encoding="utf-8")
        kept = sum(1 for block in doc.blocks if block.is_content)
        print(f"{out}: {len(doc.blocks)} blocks, {kept} content ({doc.model})")
        if opts.open:
            webbrowser.open(out.resolve().as_uri())
