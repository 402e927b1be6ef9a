"""``python -m scrapy_boiler.evaluation.ablation``: each page scored as it is and without its JSON-LD, its names or
its landmarks; the views take away only what they say."""

from __future__ import annotations

from pathlib import Path

import pytest
from lxml import html as lxml_html

from scrapy_boiler import extract
from scrapy_boiler.datasets import views
from scrapy_boiler.evaluation import ablation
from scrapy_boiler.parse.html import parse_html

_BODY = ("The harbour board met on Tuesday evening and agreed, after a long debate about costs, to keep the old ferry "
         "running through the winter months. Fares stay as they are until April.")
_PAGE = f"""<?xml version="1.0" encoding="iso-8859-1"?>
<html><head><meta http-equiv="Content-Type" content="text/html; charset=iso-8859-1"><title>Ferry kept</title>
<script type="application/ld+json">{{"@type": "NewsArticle", "headline": "Ferry kept"}}</script>
<script type=" Application/LD+JSON ">{{"@type": "WebPage"}}</script></head>
<body><nav class="site-nav"><a href="/">Home</a></nav>
<main id="content"><article class="article-body post-1234" itemprop="articleBody" data-testid="story" role="main">
<h1>Ferry kept</h1><p class="lead">{_BODY}</p><p class="lead">Caf\xe9 owners on the quay welcomed it.</p>
</article></main><footer class="site-footer">Harbour Times</footer></body></html>"""


def _root(data: bytes):
    return lxml_html.document_fromstring(data.decode("utf-8"))


def test_json_ld_view_removes_the_structured_data_only():
    out = views.without(_PAGE.encode("iso-8859-1"), ["json-ld"])
    root = _root(out)
    assert not root.xpath("//script")
    assert root.xpath("//article[@class='article-body post-1234'][@itemprop='articleBody']")
    assert "Café owners" in root.text_content()  # decoded from Latin-1, written as the UTF-8 it declares
    assert root.xpath("//meta/@charset") == ["utf-8"]


def test_json_ld_view_removes_what_the_parser_reads_as_json_ld():
    """The view and the parser share one test of a script's type, so nothing read as structured data is left."""
    page = _PAGE.replace('type="application/ld+json"', 'type="application/ld+json; charset=utf-8"')
    assert len(parse_html(page.encode("iso-8859-1")).json_ld) == 2
    assert parse_html(views.without(page.encode("iso-8859-1"), ["json-ld"])).json_ld == []


def test_names_view_hashes_names_alike_and_drops_what_names_a_part():
    root = _root(views.without(_PAGE, ["names"]))
    article = root.find(".//article")
    assert article.get("class").split() == [views.hashed("article-body"), views.hashed("post-1234")]
    assert not {"itemprop", "data-testid", "role"} & set(article.attrib)
    leads = root.xpath("//p/@class")
    assert len(leads) == 2 and leads[0] == leads[1] != "lead"  # a template's repeats still repeat
    assert "article" not in " ".join(root.xpath("//@class | //@id"))
    assert len(root.xpath("//script")) == 2  # only the names went
    assert root.find(".//main") is not None


def test_landmarks_view_makes_them_divs():
    root = _root(views.without(_PAGE, ["landmarks"]))
    assert not root.xpath("//main | //article | //nav | //footer")
    assert root.xpath("//div[@class='article-body post-1234']")


def test_every_view_keeps_the_text_and_the_article():
    for signals in ([], ["json-ld"], ["names"], ["landmarks"], list(views.SIGNALS)):
        doc = extract(views.without(_PAGE, signals))
        assert _BODY in doc.text, signals


def test_scores_each_view_of_each_page(tmp_path: Path):
    folder = tmp_path / "pages"
    folder.mkdir()
    (folder / "ferry.html").write_text(_PAGE.split("\n", 1)[1], encoding="iso-8859-1")
    (folder / "ferry.txt").write_text(_BODY, encoding="utf-8")
    (folder / "empty.html").write_text("<html><body><p>No gold here.</p></body></html>", encoding="utf-8")
    (folder / "empty.txt").write_text("", encoding="utf-8")
    seen = []

    def body_unless_named(html: bytes, url: str | None) -> str:
        seen.append(html)
        return _BODY if b"article-body" in html else "Home Harbour Times"

    def crashes(html: bytes, url: str | None) -> str:
        raise ValueError("not this page")

    views = [("as is", ()), ("without names", ("names",))]
    result = ablation.ablation({"named": body_unless_named, "crash": crashes}, [str(folder)], views)
    scores = result[str(folder)]
    assert scores["as is"]["named"] == {"f1": 1.0, "pages": 1, "crashes": 0}
    assert scores["without names"]["named"] == {"f1": 0.0, "pages": 1, "crashes": 0}
    assert scores["as is"]["crash"] == {"f1": 0.0, "pages": 1, "crashes": 1}  # scored as nothing extracted
    assert len(seen) == 2  # the page without gold text is not run


def test_unknown_view_model_dataset_or_thread_baseline_is_refused(capsys):
    for argv, said in ((["--without", "css"], "'css' is none of json-ld, names, landmarks, all"),
                       (["--model", "no-such-model"], "--model: unknown model 'no-such-model'"),
                       (["--compare", "harvest-webforum"], "tools that return text"),
                       ([], "unknown dataset 'no-such-corpus'")):
        with pytest.raises(SystemExit) as stopped:
            ablation.main(["--data", "no-such-corpus", *argv])
        assert stopped.value.code == 2
        assert said in capsys.readouterr().err


def test_an_empty_page_gives_an_empty_document():
    for page in (b"", b"  \n ", '<?xml version="1.0"?>\n'):
        assert _root(views.without(page, views.SIGNALS)).xpath("//meta/@charset") == ["utf-8"]


def test_a_hash_is_eight_characters_and_says_nothing():
    assert views.hashed("article-body") == "ha0499ff"  # the example docs/evaluation.md gives
    assert views.hashed("comment") != views.hashed("comments")
