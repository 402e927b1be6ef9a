"""Article metadata (``Document.metadata``) from structured data, meta tags and the DOM, on pages written here, and
the zyte-common-items ``Article`` fields the pipeline fills from it."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest
import scrapy
from itemadapter import ItemAdapter
from scrapy.settings import Settings

from scrapy_boiler import Breadcrumb, extract
from scrapy_boiler.integration.fields import DEFAULT_OUTPUT, field_values, output_mapping, with_declared
from scrapy_boiler.integration.pipeline import BoilerPipeline
from scrapy_boiler.integration.settings import BoilerSettings
from scrapy_boiler.parse.dates import normalise_date
from scrapy_boiler.parse.language import guess_language, normalise_language, pick_language, same_language

BODY = """<p>The harbour bridge reopened on Monday after eighteen months of repairs to its corroded steel cables, and
the first buses crossed it shortly after six in the morning.</p>
<p>Engineers replaced every one of the two hundred cables and strengthened the deck, which had been closed to
heavy traffic since the inspection of the previous spring found cracks in two of its main girders.</p>
<p>The city council said the work came in under budget, and that the old toll booths will be removed next year
to make room for a cycle lane that the residents of both banks have asked for.</p>"""


def page(head: str = "", body: str = BODY, *, lang: str = ' lang="en"', before: str = "") -> str:
    return (f"<html{lang}><head><title>Harbour bridge reopens after repairs | City News</title>{head}</head><body>"
            f"<nav><a href='/'>Home</a> <a href='/news'>News</a></nav><article><h1>Harbour bridge reopens after "
            f"repairs</h1>{before}{body}</article><footer>© City News</footer></body></html>")


def json_ld(data: object) -> str:
    return f'<script type="application/ld+json">{json.dumps(data)}</script>'


ARTICLE_LD = {
    "@context": "https://schema.org",
    "@graph": [
        {"@type": "NewsArticle", "@id": "#article", "headline": "Harbour bridge reopens after repairs",
         "url": "https://news.example/bridge", "datePublished": "2024-05-03T15:47:42+02:00",
         "dateModified": "2024-05-04T08:00:00Z", "inLanguage": "en-GB", "description": "The bridge is open again.",
         "image": [{"@type": "ImageObject", "url": "https://news.example/bridge.jpg"}],
         "author": [{"@id": "#maria"}, {"@type": "Person", "name": "John Smith"}]},
        {"@type": "Person", "@id": "#maria", "name": "Maria Keller"},
        {"@type": "BreadcrumbList", "itemListElement": [
            {"@type": "ListItem", "position": 2, "name": "Local", "item": "https://news.example/local"},
            {"@type": "ListItem", "position": 1, "name": "News", "item": {"@id": "https://news.example/news"}},
        ]},
    ],
}


def test_json_ld_only():
    meta = extract(page(json_ld(ARTICLE_LD), lang=""), "https://news.example/bridge?ref=rss").metadata
    assert meta.headline == "Harbour bridge reopens after repairs"
    assert meta.canonical_url == "https://news.example/bridge"
    assert meta.date_published == "2024-05-03T15:47:42+02:00" and meta.date_published_raw == "2024-05-03T15:47:42+02:00"
    assert meta.date_modified == "2024-05-04T08:00:00+00:00"
    assert meta.authors == ("Maria Keller", "John Smith")  # the @id reference resolved in the graph
    assert meta.language == "en" and meta.description == "The bridge is open again."
    assert meta.main_image == "https://news.example/bridge.jpg"
    assert meta.breadcrumbs == (Breadcrumb("News", "https://news.example/news"),
                                Breadcrumb("Local", "https://news.example/local"))  # in position order
    assert meta.probability is not None and meta.probability >= 0.95  # declared an article, with body text


def test_an_author_declared_before_the_article_pointing_to_it_is_resolved():
    """A graph may declare the ``Person`` first and the article after it: the article's bare reference to the person
    (``{"@id": "#maria"}``) does not stand for the person."""
    graph = dict(ARTICLE_LD, **{"@graph": [ARTICLE_LD["@graph"][1], ARTICLE_LD["@graph"][0]]})
    meta = extract(page(json_ld(graph), lang=""), "https://news.example/bridge").metadata
    assert meta.authors == ("Maria Keller", "John Smith")


def test_open_graph_and_meta_tags_only():
    head = """<meta property="article:published_time" content="2024-05-03T09:15:00Z">
    <meta property="article:modified_time" content="2024-05-03T10:00:00Z">
    <meta name="author" content="Maria Keller, John Smith"><meta property="og:image" content="/img/bridge.jpg">
    <meta name="description" content="The bridge is open again."><meta property="og:type" content="article">
    <meta property="og:title" content="Harbour bridge reopens after repairs | City News">
    <meta property="og:site_name" content="City News"><link rel="canonical" href="https://news.example/bridge">"""
    meta = extract(page(head, lang=' lang="de-AT"'), "https://news.example/bridge?ref=rss").metadata
    assert meta.headline == "Harbour bridge reopens after repairs"  # og:title without the site name
    assert meta.canonical_url == "https://news.example/bridge"
    assert meta.date_published == "2024-05-03T09:15:00+00:00" and meta.date_modified == "2024-05-03T10:00:00+00:00"
    assert meta.authors == ("Maria Keller", "John Smith")
    assert meta.main_image == "https://news.example/img/bridge.jpg"
    assert meta.description == "The bridge is open again."
    # <html lang="de-AT"> on an English text: the declaration is kept, there is nothing else to weigh it against
    assert meta.language == "de"


def test_dom_byline_time_and_breadcrumbs_only():
    before = """<div class="article-byline">By <a href="/a/jane">Jane Doe</a> and <a href="/a/tom">Tom Lee</a>
    <a href="https://twitter.com/x">Twitter</a></div><time datetime="2024-05-03T07:30:00+01:00">3 May</time>"""
    html = page(before=before, lang="").replace(
        "<nav>", '<nav class="breadcrumbs" aria-label="Breadcrumb">')
    meta = extract(html, "https://news.example/local/bridge").metadata
    assert meta.authors == ("Jane Doe", "Tom Lee")
    assert meta.date_published == "2024-05-03T07:30:00+01:00"
    assert meta.breadcrumbs == (Breadcrumb("Home", "https://news.example/"), Breadcrumb("News", "https://news.example/news"))
    assert meta.language == "en"  # guessed from the text: nothing declared


def test_dom_date_in_words_and_unsplit_byline_spans():
    before = ('<div class="article-byline"><span>Birgit Baumann</span><span>Anna Giulia Fink</span></div>'
              '<div class="publish-date">3. Mai 2024, 17:47</div>')
    meta = extract(page(before=before), "https://news.example/a").metadata
    assert meta.authors == ("Birgit Baumann", "Anna Giulia Fink")
    assert meta.date_published == "2024-05-03T17:47:00" and meta.date_published_raw == "3. Mai 2024, 17:47"


def test_the_date_in_the_headlines_header_wins_over_the_first_comments():
    """A story's header shows its date above the headline (Pikabu's ``header.story__header``, a blog theme's date
    over the title), and the first date after the headline is a comment's: the header's date is the story's."""
    html = ("<html><head><title>Harbour bridge reopens after repairs</title></head><body><article>"
            '<header class="story__header"><a href="/@ann">ann</a> <time datetime="2024-05-02T18:30:00+03:00">2 May'
            "</time><h1>Harbour bridge reopens after repairs</h1></header>"
            f"{BODY}</article><section class='comments'>"
            + "".join(f'<div class="comment"><a href="/@u{n}">u{n}</a> <time datetime="2024-05-0{n}T19:00:00+03:00">'
                      f"{n} May</time><p>Comment number {n} on the bridge and its long repairs.</p></div>"
                      for n in (3, 4, 5))
            + "</section></body></html>")
    meta = extract(html, "https://news.example/bridge").metadata
    assert meta.date_published == "2024-05-02T18:30:00+03:00"


def test_wrong_structured_data_falls_back_to_the_next_source():
    wrong = json_ld({"@type": "NewsArticle", "headline": "Harbour bridge reopens after repairs",
                     "datePublished": "0000-00-00T00:00:00", "author": {"@type": "Organization", "name": "City News"},
                     "inLanguage": "de"})
    head = wrong + '<meta property="article:published_time" content="2024-05-03T09:15:00Z">' \
                   '<meta property="og:site_name" content="City News">'
    before = '<p class="byline">Von Maria Keller</p>'
    meta = extract(page(head, before=before), "https://citynews.example/bridge").metadata
    assert meta.date_published == "2024-05-03T09:15:00+00:00"  # the placeholder date is skipped
    assert meta.authors == ("Maria Keller",)  # the publication as author: the byline names the journalist
    assert meta.language == "en"  # JSON-LD says de, <html lang> en, the text agrees with en


def test_related_articles_in_json_ld_do_not_win():
    related = {"@type": "NewsArticle", "headline": "Other story", "datePublished": "2020-01-01",
               "url": "https://news.example/other", "author": {"name": "Someone Else"}}
    own = {"@type": "NewsArticle", "headline": "Harbour bridge reopens", "datePublished": "2024-05-03",
           "url": "https://news.example/bridge", "author": {"name": "Maria Keller"}}
    meta = extract(page(json_ld([related, own])), "https://news.example/bridge").metadata
    assert meta.authors == ("Maria Keller",) and meta.date_published == "2024-05-03T00:00:00"


def test_body_images_are_absolute_and_skip_pixels():
    body = BODY.replace("</p>", '</p><img src="/img/a.jpg"><img data-src="b.jpg" src="data:image/gif;base64,R0">'
                                '<img src="/pixel.gif" width="1" height="1">', 1)
    meta = extract(page(body=body), "https://news.example/news/bridge").metadata
    assert meta.images == ("https://news.example/img/a.jpg", "https://news.example/news/b.jpg")
    assert meta.main_image == "https://news.example/img/a.jpg"  # no declared image: the body's first


@pytest.mark.parametrize(("raw", "iso"), [
    ("2024-05-03T15:47:42.389Z", "2024-05-03T15:47:42+00:00"), ("2024-05-03", "2024-05-03T00:00:00"),
    ("Fri, 03 May 2024 15:47:42 GMT", "2024-05-03T15:47:42+00:00"), ("May 3, 2024 3:47 PM", "2024-05-03T15:47:00"),
    ("3 de mayo de 2024", "2024-05-03T00:00:00"), ("Sonntag, 21.04.2024, 20:24 Uhr", "2024-04-21T20:24:00"),
    ("05.03.2024, 20:17", "2024-03-05T20:17:00"), ("05.03.2024", "2024-03-05T00:00:00"),
    ("1970-01-01", None), ("2999-01-01", None), ("vor 5 Stunden", None), ("", None),
    # year first, with Chinese, Japanese or Korean signs and halves of the day
    ("2024年9月12日 14時05分", "2024-09-12T14:05:00"), ("2024.09.12. 오후 2:05", "2024-09-12T14:05:00"),
    ("2024년 9월 12일 오전 12시 30분", "2024-09-12T00:30:00"), ("2024/09/12 下午 02:05", "2024-09-12T14:05:00"),
    ("发表于 2024-4-5 23:20:45", "2024-04-05T23:20:45"), ("2024年04月24日", "2024-04-24T00:00:00"), ("3 小時前", None),
    # an offset of no time zone (the fuzzer's mangled "+03:00") is no date, not an error
    ("2024-01-19T08:41:15+03:99012455/", None),
])
def test_dates_normalise_to_iso_or_nothing(raw, iso):
    assert normalise_date(raw) == iso


def test_language_codes_and_guesses():
    assert normalise_language("en-US") == "en" and normalise_language("de_DE") == "de"
    assert normalise_language("deu") == "de" and normalise_language("") is None
    assert same_language("nb", "no") and not same_language("en", "de")
    assert guess_language(BODY) == "en"
    assert guess_language("Die Brücke ist wieder offen, und der Verkehr fließt nicht mehr über die Umleitung. " * 3) \
        == "de"
    assert guess_language("東京都は三日、新しい橋の工事が終わったと発表した。") == "ja"
    assert guess_language("short") is None
    assert pick_language(["de", "en"], BODY) == "en" and pick_language([None, "fr-FR"], "") == "fr"


# --- the items ------------------------------------------------------------------------------------------------


def test_dict_items_get_the_zyte_article_fields():
    doc = extract(page(json_ld(ARTICLE_LD)), "https://news.example/bridge")
    values = field_values(doc, output_mapping(DEFAULT_OUTPUT))
    assert values["headline"] == "Harbour bridge reopens after repairs"
    assert values["authors"] == [{"name": "Maria Keller"}, {"name": "John Smith"}]
    assert values["datePublished"] == "2024-05-03T15:47:42+02:00" and values["inLanguage"] == "en"
    assert values["mainImage"] == {"url": "https://news.example/bridge.jpg"}
    assert values["breadcrumbs"][0] == {"name": "News", "url": "https://news.example/news"}
    assert values["canonicalUrl"] == "https://news.example/bridge" and values["pageType"] == "article"
    assert 0.95 <= values["metadata"]["probability"] <= 1 and "boilerReason" not in values
    zyte = pytest.importorskip("zyte_common_items")
    article = zyte.Article.from_dict({k: v for k, v in values.items() if k in {f.name for f in _fields(zyte.Article)}})
    assert article.authors[1].name == "John Smith" and article.mainImage.url.endswith("bridge.jpg")


def _fields(cls: type) -> tuple:
    import attrs

    return attrs.fields(cls)


def test_a_refused_pdf_carries_its_reason_and_no_page_type():
    doc = extract(b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF", "https://news.example/report.pdf")
    values = field_values(doc, output_mapping(DEFAULT_OUTPUT))
    assert values["boilerReason"] == "binary" and "PDF" in values["boilerError"]
    assert "pageType" not in values and "articleBody" not in values and "metadata" not in values


class DeclaredArticle(scrapy.Item):
    url = scrapy.Field()
    headline = scrapy.Field()
    articleBodyHtml = scrapy.Field()
    boilerModel = scrapy.Field()
    authors = scrapy.Field()
    inLanguage = scrapy.Field()
    body = scrapy.Field()
    mine = scrapy.Field()


def test_declaring_a_field_is_enough_to_get_it_filled():
    settings = BoilerSettings.from_settings(Settings({"BOILER_OUTPUT": {"body": "articleBody"}, "BOILER_WORKERS": 0}))
    pipeline = BoilerPipeline.__new__(BoilerPipeline)
    pipeline.runtime = SimpleNamespace(settings=settings)  # type: ignore[assignment]
    item = DeclaredArticle(url="https://news.example/bridge", mine="kept")
    pipeline._fill(ItemAdapter(item), extract(page(json_ld(ARTICLE_LD)), "https://news.example/bridge"))
    assert item["boilerModel"] and "<p>" in item["articleBodyHtml"]  # not in BOILER_OUTPUT, but declared
    assert item["authors"][0] == {"name": "Maria Keller"} and item["inLanguage"] == "en"
    assert "harbour bridge reopened" in item["body"].lower()  # the BOILER_OUTPUT renaming still applies
    assert item["mine"] == "kept" and item["url"] == "https://news.example/bridge"
    assert with_declared({"url": "url"}, None) == {"url": "url"}  # dicts: the mapping as is


def test_headline_loses_a_trailing_host_name_but_keeps_other_endings():
    declared = json_ld({"@type": "NewsArticle", "headline": "Harbour bridge reopens - News.example"})
    meta = extract(page(declared), "https://www.news.example/bridge").metadata
    assert meta.headline == "Harbour bridge reopens"  # no og:site_name: the URL's host names the site, or else
    # the canonical URL's (a page fetched from a cache or a mirror)
    canonical = declared + '<link rel="canonical" href="https://news.example/bridge">'
    assert extract(page(canonical), "http://127.0.0.1:8080/cache/1").metadata.headline == "Harbour bridge reopens"
    kept = json_ld({"@type": "NewsArticle", "headline": "Ferry strike - Day 3"})
    assert extract(page(kept), "https://www.news.example/strike").metadata.headline == "Ferry strike - Day 3"


def test_a_kicker_only_the_json_ld_headline_carries_is_left_out():
    shown = "Harbour bridge reopens after repairs"  # the <h1> of page()
    declared = json_ld({"@type": "NewsArticle", "headline": f"«Eighteen months»: {shown}"})
    og = f'<meta property="og:title" content="{shown}">'
    assert extract(page(declared + og), "https://news.example/bridge").metadata.headline == shown
    # the kicker stays where og:title carries it too, or where og:title names another headline than the one shown
    assert extract(page(declared), "https://news.example/bridge").metadata.headline == f"«Eighteen months»: {shown}"
    other = '<meta property="og:title" content="Bridge open again">'
    assert extract(page(declared + other), "https://news.example/bridge").metadata.headline.startswith("«Eighteen")


def test_a_json_ld_headline_sharing_no_word_with_the_title_both_shown_and_shared_gives_way_to_it():
    """Wikipedia declares its article's short description as the JSON-LD ``headline`` ("traditional method of
    ..."), while the ``<h1>`` and ``og:title`` both name the article: the title they agree on is the headline."""
    shown = "Harbour bridge reopens after repairs"  # the <h1> of page()
    described = json_ld({"@type": "Article", "name": shown, "headline": "steel suspension crossing of the estuary"})
    og = f'<meta property="og:title" content="{shown} - Wikipedia">'
    assert extract(page(described + og), "https://en.wikipedia.org/wiki/Bridge").metadata.headline == shown
    # a declared headline sharing a word with them stays, and so does one where og:title names another heading
    reworded = json_ld({"@type": "NewsArticle", "headline": "Bridge open again after eighteen months"})
    assert extract(page(reworded + og), "https://news.example/b").metadata.headline.startswith("Bridge open")
    other = '<meta property="og:title" content="Ferry strike enters its third day">'
    assert extract(page(described + other), "https://news.example/b").metadata.headline.startswith("steel")


def test_an_og_title_that_opens_with_the_heading_shown_gives_the_heading_without_a_long_site_motto():
    """Laravel's ``og:title`` is "Concurrency | Laravel 12.x - The clean stack for Artisans and agents": a site's
    name and motto too long to tell from a headline follow the heading the page shows, which is the headline."""
    shown = "Harbour bridge reopens after repairs"  # the <h1> of page()
    og = f'<meta property="og:title" content="{shown} | City News - the paper of the whole coast since 1887">'
    assert extract(page(og), "https://news.example/bridge").metadata.headline == shown
    # an og:title that opens with something else stays as it is; so does one on a page that shows no heading, whose
    # title's first piece is no headline (a forum's "C64 black screen after recap – where to start?")
    other = '<meta property="og:title" content="Bridge open again | City News - the paper of the whole coast">'
    assert extract(page(other), "https://news.example/b").metadata.headline.startswith("Bridge open again | City")
    question = f"{shown} – what will change for the drivers?"
    unheaded = (f'<html><head><title>{question}</title><meta property="og:title" content="{question}"></head><body>'
                f"<div class='post'>{BODY}</div></body></html>")
    assert extract(unheaded, "https://forum.example/t/1").metadata.headline == question


def test_an_og_title_holding_the_heading_shown_with_an_issue_number_gives_the_heading():
    """Issue trackers put the heading shown between an issue number and the project's names: GitLab's "X (#2418) ·
    Issues · group / project", Bugzilla's "1941287 - X", Launchpad's "Bug #2098413 “X” : Bugs : package"."""
    shown = "Harbour bridge reopens after repairs"  # the <h1> of page()
    titles = (f"{shown} (#2418) · Issues · city / news", f"1941287 - {shown}", f"Bug #2098 “{shown}” : Bugs : city")
    for title in titles:
        og = f'<meta property="og:title" content="{title}">'
        assert extract(page(og), "https://news.example/bridge").metadata.headline == shown, title
    # a blog's banner the title goes on from with a colon is no headline ("Kingdom Of Style: Stud Love"), and a
    # heading shown that is the smaller part of og:title is not what it names
    banner = f'<meta property="og:title" content="{shown}: Stud love on the harbour walls">'
    assert extract(page(banner), "https://news.example/b").metadata.headline.endswith("harbour walls")
    longer = f'<meta property="og:title" content="Council report finds {shown} too late for the summer season">'
    assert extract(page(longer), "https://news.example/b").metadata.headline.startswith("Council report")


def test_a_json_ld_headline_cut_short_gives_way_to_the_heading_it_was_cut_from():
    shown = "Harbour bridge reopens after repairs"  # the <h1> of page()
    og = '<meta property="og:title" content="Bridge open again">'
    cut = json_ld({"@type": "NewsArticle", "headline": "Harbour bridge reopens after rep..."})
    assert extract(page(cut + og), "https://news.example/bridge").metadata.headline == shown
    ended = json_ld({"@type": "NewsArticle", "headline": f"{shown}..."})  # a house style: nothing was cut
    assert extract(page(ended + og), "https://news.example/bridge").metadata.headline == shown
    # a cut headline the heading does not start with, or too short to tell, leaves og:title
    other = json_ld({"@type": "NewsArticle", "headline": "Ferry strike enters its third day..."})
    assert extract(page(other + og), "https://news.example/bridge").metadata.headline == "Bridge open again"
    short = json_ld({"@type": "NewsArticle", "headline": "Harbour bridge..."})
    assert extract(page(short + og), "https://news.example/bridge").metadata.headline == "Bridge open again"
