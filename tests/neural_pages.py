"""Small labelled pages for the neural model tests (built from tests/pages/, labelled by alignment)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from pathlib import Path

from scrapy_boiler.datasets.corpora import Page
from scrapy_boiler.datasets.labels import LabelledPage, label_page
from scrapy_boiler.extractors.base import PageLabels
from scrapy_boiler.extractors.leaf_runs import blocks_from_leaf_labels
from scrapy_boiler.parse.html import ParsedPage, parse_html
from scrapy_boiler.segment.blocks import annotate, segment

PAGES = Path(__file__).parent / "pages"
ARTICLE_GOLD = (
    "Harbour bridge reopens after repairs\nThe old harbour bridge reopened on Monday.\n"
    "Engineers replaced the cables in 2019, and the work took three years. Was it worth it? The mayor "
    "thinks so, and she said the city will pay for the rest of the work."
)


class KeepsBlocks:
    """Stands for a network, without one: the reference blocks whose text ``keep`` accepts are content."""

    def __init__(self, keep: Callable[[str], bool], name: str) -> None:
        self.keep, self.name = keep, name

    def label_pages(self, pages: Sequence[ParsedPage]) -> list[PageLabels]:
        out = []
        for page in pages:
            seg = segment(page.root)
            annotate(seg.blocks)
            for block in seg.blocks:
                block.is_content = self.keep(block.text)
            out.append(PageLabels(seg.leaves, seg.blocks, runs=seg.runs))
        return out


def all_content_labels(body: str) -> PageLabels:
    """A page of ``body`` (the HTML inside ``<body>``) with every leaf labelled content, as a network that keeps
    everything: the input of the checks the neural models share."""
    seg = segment(parse_html(f"<html><body>{body}</body></html>".encode()).root)
    flags = [True] * len(seg.leaves)
    return PageLabels(seg.leaves, blocks_from_leaf_labels(seg, flags, [1.0] * len(flags), "test"))


def paragraphs_kept(body: str, paragraphs: Sequence[str]) -> PageLabels:
    """A page of ``body`` with the blocks reading one of ``paragraphs`` labelled content and the others boilerplate, as
    the trees score a box's short lines in a template of their own: the input of the rules that put a box back."""
    labels = all_content_labels(body)
    for block in labels.blocks:
        block.is_content = block.text in paragraphs
    return labels


def kept_texts(labels: PageLabels) -> list[str]:
    return [block.text for block in labels.blocks if block.is_content]


def labelled_pages() -> list[LabelledPage]:
    """The Web2Text test page and the news fixture, with gold labels on their leaves."""
    article = label_page(Page("tests", "web2text", (PAGES / "web2text_page.html").read_bytes(), None, ARTICLE_GOLD))
    news_html = (PAGES / "news_article.html").read_bytes()
    news = label_page(Page("tests", "news", news_html, None, _news_gold()))
    return [article, news]


def _news_gold() -> str:
    """The story of the news fixture: every text of its ``div.story`` (advert included, it is short)."""
    from scrapy_boiler.parse import parse_html

    story = parse_html((PAGES / "news_article.html").read_bytes()).root.xpath("//div[@class='story']")[0]
    return "\n".join(" ".join(text.split()) for text in story.itertext() if text.strip())


def pairs_folder(folder: Path) -> Path:
    """The two test pages as a folder of ``name.html`` + ``name.txt`` pairs (a corpus spec)."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "article.html").write_bytes((PAGES / "web2text_page.html").read_bytes())
    (folder / "article.txt").write_text(ARTICLE_GOLD, encoding="utf-8")
    (folder / "news.html").write_bytes((PAGES / "news_article.html").read_bytes())
    (folder / "news.txt").write_text(_news_gold(), encoding="utf-8")
    return folder


def synthetic_news_page(i: int) -> Page:
    """A made-up news page (menu, story, footer) with its gold story text; ``i`` varies length and menu."""
    rng = random.Random(i)
    topics = ["harbour", "bridge", "council", "budget", "river", "school", "market", "train"]
    paragraphs = [" ".join(rng.choice(topics) + " " + w for w in ("news", "report", "today", "city")) * 3
                  for _ in range(3 + i % 3)]
    body = "".join(f"<p>{p}.</p>" for p in paragraphs)
    links = "".join(f"<li class='menu-item'><a href='/{t}'>{t.title()}</a></li>" for t in topics[: 4 + i % 4])
    html = (f"<html><head><title>Story {i}</title></head><body><ul class='main-nav'>{links}</ul>"
            f"<div class='article-body'><h1>Story {i}</h1>{body}</div>"
            f"<div class='site-footer'><p>Copyright and privacy terms</p></div></body></html>")
    gold = "\n".join([f"Story {i}", *[p + "." for p in paragraphs]])
    return Page("test", str(i), html.encode(), None, gold)


def synthetic_news_folder(folder: Path, count: int = 8) -> Path:
    """``count`` synthetic news pages as a folder of ``name.html`` + ``name.txt`` pairs (a corpus spec)."""
    folder.mkdir(parents=True, exist_ok=True)
    for i in range(count):
        page = synthetic_news_page(i)
        (folder / f"story{i}.html").write_bytes(page.html)
        (folder / f"story{i}.txt").write_text(page.gold_text, encoding="utf-8")
    return folder
