"""Small labelled pages for the neural model tests (built from tests/pages/, labelled by alignment)."""

from __future__ import annotations

from pathlib import Path

from scrapy_boiler.datasets.corpora import Page
from scrapy_boiler.datasets.labels import LabelledPage, label_page

PAGES = Path(__file__).parent / "pages"
ARTICLE_GOLD = (
    "Harbour bridge reopens after repairs\nThe old harbour bridge reopened on Monday.\n"
    "Engineers replaced the cables in 2019, and the work took three years. Was it worth it? The mayor "
    "thinks so, and she said the city will pay for the rest of the work."
)


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
