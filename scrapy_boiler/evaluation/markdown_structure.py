"""How much of a page's structure comes back in the Markdown: ``Document.markdown`` beside trafilatura's.

Three counts, on the elements of each source page (parsed and cleaned as ``extract`` does):

* **code**: ``<pre>`` blocks of two or more non-blank lines that come back line for line (indentation included,
  trailing spaces aside) inside one fenced code block;
* **list items**: ``<li>`` whose own text (nested lists aside) comes back as a Markdown list item;
* **headings**: ``<h2>``-``<h6>`` that come back as Markdown headings (``<h1>`` is the headline, which both
  extractors keep apart from the body).

Only elements that lie inside the extracted content count, for each extractor its own: the element's words must be in
the extractor's plain text (ours: ``Document.text``; trafilatura: its ``txt`` output with the same options), and, on the
corpora, in the gold main content; list items and headings must also be said only once on the page, so that the words of
a menu item or a breadcrumb found in the article do not make the menu item count. An element the extractor dropped is an
extraction error, scored elsewhere, not a Markdown error. The Markdown is read with a few line patterns (ATX and setext
headings, ``-``/``*``/``+``/``1.`` items, backtick and tilde fences), enough for what both converters write.

Run ``python -m scrapy_boiler.evaluation.markdown_structure [--limit N] [SPEC_OR_FOLDER ...]``; the default is the
Markdown test page and fundus-train, cleaneval-dev and threads-train.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from lxml import etree

from scrapy_boiler import extract
from scrapy_boiler.assemble.kept import pre_lines
from scrapy_boiler.datasets.corpora import DatasetNotFound, Page, load, load_folder
from scrapy_boiler.parse.html import ParseError, parse_html
from scrapy_boiler.parse.normalize import comparable

KINDS = ("code", "list items", "headings")
DEFAULT_SOURCES = ("tests/pages/markdown_article.html", "fundus-train", "cleaneval-dev", "threads-train")
_FENCE = re.compile(r"^(\s*)(`{3,}|~{3,})")
_ITEM = re.compile(r"^(\s*)(?:[-*+]|\d{1,9}[.)])(?:\s+(.*)|$)")
_ATX = re.compile(r"^\s{0,3}#{1,6}(?:\s+(.*?))?(?:\s+#+)?\s*$")
_SETEXT = re.compile(r"^\s{0,3}(?:=+|-+)\s*$")


@dataclass
class Tally:
    """Per kind: elements inside the extracted content, and those that came back as Markdown structure."""

    inside: dict[str, int] = field(default_factory=lambda: dict.fromkeys(KINDS, 0))
    kept: dict[str, int] = field(default_factory=lambda: dict.fromkeys(KINDS, 0))

    def add(self, kind: str, ok: bool) -> None:
        self.inside[kind] += 1
        self.kept[kind] += ok

    def share(self, kind: str) -> str:
        return f"{self.kept[kind]}/{self.inside[kind]} = {self.kept[kind] / self.inside[kind]:.1%}" \
            if self.inside[kind] else "-"


@dataclass
class Structure:
    """What a Markdown text holds: its fenced blocks (as lines), list items and headings (as comparable text)."""

    fences: list[list[str]]
    items: list[str]
    headings: set[str]


def read_markdown(markdown: str) -> Structure:
    """The fences, list items and headings of ``markdown``, by line patterns."""
    fences: list[list[str]] = []
    items: list[list[str]] = []
    headings: set[str] = set()
    lines = markdown.split("\n")
    position = 0
    item_indent = -1
    while position < len(lines):
        line = lines[position]
        fence = _FENCE.match(line)
        if fence:
            indent, marker = len(fence.group(1)), fence.group(2)
            body: list[str] = []
            position += 1
            while position < len(lines) and not lines[position].strip().startswith(marker):
                body.append(lines[position][indent:] if lines[position][:indent].isspace() else lines[position])
                position += 1
            fences.append([text.rstrip() for text in body])
            position += 1
            continue
        item = _ITEM.match(line)
        heading = _ATX.match(line)
        if heading and not item:
            headings.add(comparable(heading.group(1) or ""))
            item_indent = -1
        elif _SETEXT.match(line) and position and lines[position - 1].strip() and not item:
            headings.add(comparable(lines[position - 1]))
        elif item:
            items.append([item.group(2) or ""])
            item_indent = len(item.group(1))
        elif item_indent >= 0 and line.strip() and len(line) - len(line.lstrip()) > item_indent:
            items[-1].append(line)
        elif line.strip():
            item_indent = -1
        position += 1
    return Structure(fences, [comparable(" ".join(parts)) for parts in items], headings)


def _own_text(li: etree._Element) -> str:
    """An ``<li>``'s text without its nested lists."""
    parts: list[str] = [li.text or ""]
    for child in li:
        if child.tag not in ("ul", "ol"):
            parts.append("".join(child.itertext()) if isinstance(child.tag, str) else "")
        parts.append(child.tail or "")
    return "".join(parts)


def _contains(lines: list[str], wanted: list[str]) -> bool:
    return any(lines[start:start + len(wanted)] == wanted for start in range(len(lines) - len(wanted) + 1))


def score_page(html: bytes | str, markdown: str, text: str, gold: str | None, tally: Tally) -> None:
    """Add one page's elements inside ``text`` (and ``gold``) to ``tally``: whether ``markdown`` keeps each one."""
    try:
        root = parse_html(html).root
    except ParseError:
        return
    found = read_markdown(markdown)
    extracted = f" {comparable(text)} "
    main = f" {comparable(gold)} " if gold is not None else None

    page = f" {comparable(' '.join(root.itertext()))} "

    def inside(words: str, once: bool = True) -> bool:
        """In the extracted text (and the gold), and said once on the page: a nav link "Blog" is not the list
        item "Blog" of the article (a multi-line code block is not mistaken for anything: it may be quoted)."""
        padded = f" {words} "
        return (bool(words) and padded in extracted and (main is None or padded in main)
                and (not once or page.count(padded) == 1))

    for pre in root.iter("pre"):
        if next(pre.iterancestors("pre"), None) is not None:
            continue
        lines = pre_lines("".join(pre.itertext())).split("\n")
        if sum(bool(line.strip()) for line in lines) >= 2 and inside(comparable("\n".join(lines)), once=False):
            tally.add("code", any(_contains(fence, lines) for fence in found.fences))
    for li in root.iter("li"):
        own = comparable(_own_text(li))
        if inside(own) and next(li.iterancestors("pre"), None) is None:
            tally.add("list items", any(own == item or f" {own} " in f" {item} " for item in found.items))
    for heading in root.iter("h2", "h3", "h4", "h5", "h6"):
        words = comparable("".join(heading.itertext()))
        if inside(words):
            tally.add("headings", words in found.headings)


def pages(sources: Iterable[str], limit: int | None) -> Iterator[tuple[str, Page]]:
    """``(source, page)`` of every corpus spec, folder or HTML file in ``sources`` (missing corpora are skipped)."""
    for source in sources:
        path = Path(source)
        if path.is_file():
            yield source, Page(dataset=source, id=path.stem, html=path.read_bytes(), url=None, gold_text="")
            continue
        try:
            loaded = load_folder(path, limit=limit) if path.is_dir() else load(source, limit=limit)
            yield from ((source, page) for page in loaded)
        except DatasetNotFound as exc:
            print(f"{source}: skipped ({exc})")


def trafilatura_outputs(html: bytes, url: str | None) -> tuple[str, str]:
    """Trafilatura's Markdown and plain text of a page, with formatting (code, lists, headings) on."""
    import trafilatura

    options = {"url": url, "include_formatting": True, "include_comments": False, "include_tables": True}
    markdown = trafilatura.extract(html, output_format="markdown", **options) or ""
    text = trafilatura.extract(html, output_format="txt", **options) or ""
    return markdown, text


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("sources", nargs="*", default=list(DEFAULT_SOURCES), help="corpus specs, folders, HTML files")
    parser.add_argument("--limit", type=int, default=None, help="pages per corpus")
    parser.add_argument("--model", default="auto")
    parser.add_argument("--no-trafilatura", action="store_true")
    args = parser.parse_args(argv)
    tallies: dict[str, dict[str, Tally]] = {}
    for source, page in pages(args.sources, args.limit):
        per = tallies.setdefault(source, {"scrapy-boiler": Tally(), "trafilatura": Tally()})
        gold = page.gold_text or None
        doc = extract(page.html, page.url, model=args.model)
        score_page(page.html, doc.markdown, doc.text, gold, per["scrapy-boiler"])
        if not args.no_trafilatura:
            markdown, text = trafilatura_outputs(page.html, page.url)
            score_page(page.html, markdown, text, gold, per["trafilatura"])
    print("elements inside each extractor's own extracted content (and the gold) that come back as Markdown")
    print(f"{'source':36} {'extractor':14} " + " ".join(f"{kind:>22}" for kind in KINDS))
    for source, per in tallies.items():
        for name, tally in per.items():
            if name == "trafilatura" and args.no_trafilatura:
                continue
            print(f"{source:36} {name:14} " + " ".join(f"{tally.share(kind):>22}" for kind in KINDS))


if __name__ == "__main__":
    main()
