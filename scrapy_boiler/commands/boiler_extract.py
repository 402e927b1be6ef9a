"""``scrapy boiler-extract``: the main content of files or URLs, for one-off use."""

from __future__ import annotations

import argparse
import json
import sys
import urllib.request
from pathlib import Path
from typing import Any, ClassVar

from scrapy.commands import ScrapyCommand
from scrapy.exceptions import UsageError

from scrapy_boiler.api import extract
from scrapy_boiler.document import Document
from scrapy_boiler.parse.encoding import charset_from_content_type
from scrapy_boiler.registry import UnknownModel, resolve

FETCH_TIMEOUT = 30
FETCH_MAX_BYTES = 20 * 1024 * 1024


def read_source(source: str) -> tuple[bytes, str | None, str | None]:
    """(body, url, header charset) of a file path, ``-`` (stdin) or an http(s) URL."""
    if source == "-":
        return sys.stdin.buffer.read(), None, None
    if source.startswith(("http://", "https://")):
        request = urllib.request.Request(source, headers={"User-Agent": "scrapy-boiler (boiler-extract)"})
        with urllib.request.urlopen(request, timeout=FETCH_TIMEOUT) as response:
            body = response.read(FETCH_MAX_BYTES)
            return body, response.geturl(), charset_from_content_type(response.headers.get("Content-Type"))
    path = Path(source)
    return path.read_bytes(), path.resolve().as_uri(), None


def render(doc: Document, fmt: str) -> str:
    if fmt == "json":
        return json.dumps(doc.to_dict(), ensure_ascii=False)
    if fmt == "html":
        return doc.html
    return doc.text


class Command(ScrapyCommand):
    requires_project = False
    requires_crawler_process = False
    default_settings: ClassVar[dict[str, Any]] = {"LOG_ENABLED": False}

    def syntax(self) -> str:
        return "PATH_OR_URL... [--model NAME] [--format text|json|html]"

    def short_desc(self) -> str:
        return "Print the main content of HTML files or URLs"

    def add_options(self, parser: argparse.ArgumentParser) -> None:
        super().add_options(parser)
        parser.add_argument("--model", "-m", default="auto", help="model name (default: auto)")
        parser.add_argument("--format", "-f", choices=("text", "json", "html"), default="text",
                            help="output format (json: one Document per line)")

    def run(self, args: list[str], opts: argparse.Namespace) -> None:
        if not args:
            raise UsageError("give at least one file, URL or - for stdin")
        try:
            resolve(opts.model)
        except UnknownModel as exc:
            raise UsageError(str(exc), print_help=False) from None
        for source in args:
            try:
                body, url, charset = read_source(source)
            except (OSError, ValueError) as exc:
                print(f"boiler-extract: {source}: {exc}", file=sys.stderr)
                self.exitcode = 1
                continue
            doc = extract(body, url, model=opts.model, encoding=charset)
            if doc.error:
                print(f"boiler-extract: {source}: {doc.error}", file=sys.stderr)
                self.exitcode = 1
            print(render(doc, opts.format))
