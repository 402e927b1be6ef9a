"""The public surface: ``extract`` → ``Document``."""

import json

import pytest

from scrapy_boiler import Document, UnknownModel, available_models, extract


@pytest.fixture
def article(page_bytes) -> bytes:
    return page_bytes("news_article.html")


def test_news_extracts_the_article_body_only(article):
    doc = extract(article, "https://herald.example/story", model="news")
    assert isinstance(doc, Document)
    assert doc.model == "news" and doc.page_type == "article" and doc.error is None
    assert "The harbour bridge reopened to traffic" in doc.text
    assert "bridge outside the morning and evening peaks" in doc.text
    for boilerplate in ("Sport", "Council approves budget", "Finally!", "Copyright", "Advertisement"):
        assert boilerplate not in doc.text
    assert doc.title == "Harbour bridge reopens after repairs - The Coastal Herald"


def test_auto_routes_an_article_to_blend(article):
    doc = extract(article)
    assert doc.text == extract(article, model="blend").text
    assert doc.model == "blend" and doc.page_type == "article"
    assert doc.page_type_score is not None and doc.page_type_score < 0.5
    assert "The harbour bridge reopened to traffic" in doc.text
    assert "bridge outside the morning and evening peaks" in doc.text
    for boilerplate in ("Sport", "Council approves budget", "Finally!", "Copyright"):
        assert boilerplate not in doc.text


def test_text_is_the_body_without_its_headline(article):
    """``text`` is ``articleBody``: the headline the article rules keep goes to ``headline`` only."""
    doc = extract(article, model="article")
    assert doc.headline == "Harbour bridge reopens after repairs"
    assert "Harbour bridge reopens after repairs" not in doc.text
    assert "The harbour bridge reopened to traffic" in doc.text
    assert "Finally!" not in doc.text
    headline = next(b for b in doc.blocks if b.text == doc.headline)
    assert headline.label == "boilerplate" and any("headline" in r for r in headline.reasons)


def test_keep_everything_keeps_all_blocks(article):
    doc = extract(article, model="keep-everything")
    assert all(block.is_content for block in doc.blocks)
    assert "Finally!" in doc.text and "Copyright" in doc.text


def test_blocks_locate_themselves_in_the_dom(article):
    doc = extract(article, model="news")
    body = next(b for b in doc.blocks if b.text.startswith("The harbour bridge reopened"))
    assert body.label == "content" and body.score == 1.0
    assert body.tag_path.endswith("div > div > p") and body.tag_path.startswith("html > body")
    assert "div.story" in body.class_path and "div#page" in body.class_path
    assert body.xpath.startswith("/html/body/")
    assert body.num_words > 20 and body.link_density == 0.0
    nav = next(b for b in doc.blocks if b.text == "Sport")
    assert nav.label == "boilerplate" and nav.link_density == 1.0
    assert [b.index for b in doc.blocks] == list(range(len(doc.blocks)))


def test_leaf_labels_follow_blocks(article):
    doc = extract(article, model="news")
    labels = doc.leaf_labels()
    assert len(labels) == doc.num_leaves
    for block in doc.blocks:
        assert set(labels[block.leaf_start:block.leaf_end]) == {block.is_content}


def test_html_output_is_clean_and_escaped():
    html = ("<html><body><p>First words of the text</p><h2>A &lt;b&gt; heading here now</h2><ul><li>"
            + "item words " * 12 + "</li></ul></body></html>")
    doc = extract(html, model="keep-everything")
    assert doc.html.startswith("<article>") and doc.html.endswith("</article>")
    assert "<h2>A &lt;b&gt; heading here now</h2>" in doc.html
    assert "<ul>\n<li>" in doc.html


def test_to_dict_is_json_serialisable(article):
    doc = extract(article)
    data = json.loads(json.dumps(doc.to_dict()))
    assert data["text"] == doc.text and len(data["blocks"]) == len(doc.blocks)
    assert data["posts"] == [] and data["qa_pairs"] == []
    assert "blocks" not in doc.to_dict(blocks=False)


def test_tree_filter_suffix_composes_with_any_classifier(article):
    assert extract(article, model="article+tree").text == extract(article, model="news").text
    assert extract(article, model="default+tree3").model == "default+tree3"


@pytest.mark.parametrize("body", [b"", b"  \n ", ""])
def test_empty_page_gives_empty_document_with_reason(body):
    doc = extract(body)
    assert doc.text == "" and doc.blocks == [] and doc.error == "empty document"


def test_unknown_model():
    with pytest.raises(UnknownModel, match="unknown model 'nope'"):
        extract("<p>x</p>", model="nope")
    assert {"auto", "article", "default", "news", "largest-content", "keep-everything", "num-words"} <= set(
        available_models()
    )


def test_str_and_bytes_agree(page_bytes):
    raw = page_bytes("latin1.html")
    from_bytes = extract(raw, model="keep-everything")
    assert "Crème brûlée" in from_bytes.text and from_bytes.encoding == "cp1252"
    assert extract(raw.decode("cp1252"), model="keep-everything").text == from_bytes.text


def test_deeply_nested_page_does_not_recurse():
    from scrapy_boiler.limits import Limits

    depth = 1990  # deeper than Python's recursion limit, within the largest max_depth (libxml2 stops at 2048)
    html = "<div>" * depth + "<p>" + "deep words in a deeply nested page " * 4 + "</p>" + "</div>" * depth
    doc = extract(html, model="keep-everything", limits=Limits(max_depth=2000))
    assert doc.error is None and doc.blocks and not doc.warnings
    assert doc.blocks[0].tag_path.count("div") == depth


def test_nesting_beyond_max_depth_is_flattened_keeping_the_text():
    html = "<div>" * 600 + "<p>" + "deep words in a deeply nested page " * 4 + "</p>" + "</div>" * 600
    doc = extract(html, model="keep-everything")
    assert doc.warnings == ["depth_limited"] and "deep words in a deeply nested page" in doc.text
    assert doc.blocks[0].tag_path.count(" > ") == 512 - 1


def test_extract_many_keeps_order_and_reports_unparseable_pages_in_place():
    from scrapy_boiler import PageInput, extract_many

    body = b"<html><body><p>" + b"A sentence with enough words to count as content. " * 4 + b"</p></body></html>"
    docs = extract_many([PageInput(body, "http://a/"), PageInput(b"", "http://b/"), PageInput(body, "http://c/")])
    assert [d.url for d in docs] == ["http://a/", "http://b/", "http://c/"]
    assert docs[0].text and docs[2].text == docs[0].text
    assert docs[1].error and not docs[1].text


def test_registered_model_is_selectable_by_name():
    from scrapy_boiler import available_models, extract
    from scrapy_boiler.extractors import registry
    from scrapy_boiler.extractors.boilerpipe.extractor import get_rule_extractor

    devices = []

    def factory(device):
        devices.append(device)
        return get_rule_extractor("keep-everything")

    registry.register("test-everything", factory)
    try:
        assert "test-everything" in available_models()
        doc = extract(b"<p>menu</p><p>Home</p>", model="test-everything", device="cpu")
        assert doc.model == "test-everything" and all(b.is_content for b in doc.blocks)
        extract(b"<p>again</p>", model="test-everything", device="cpu")
        assert devices == ["cpu"]  # built once per device
    finally:
        registry.unregister("test-everything")


def test_headline_is_the_heading_repeating_the_title_without_the_site_name(page_bytes):
    doc = extract(page_bytes("news_article.html"))
    assert doc.title == "Harbour bridge reopens after repairs - The Coastal Herald"
    assert doc.headline == "Harbour bridge reopens after repairs"


def test_headline_falls_back_to_the_longest_piece_of_the_title():
    body = b"<title>Home | Night trains return to the Alps | Rail Weekly</title><p>" + b"Some words. " * 9 + b"</p>"
    assert extract(body).headline == "Night trains return to the Alps"


def test_headline_keeps_the_space_between_its_inline_elements():
    """A kicker and a title in two spans of one heading (SRF, Tagesschau, Golem) stay two words apart; the headline
    still leaves the body."""
    body = (b'<html><head><title>Drusen fordern Teilhabe - SRF</title></head><body><article><h1>'
            b'<span class="kicker">Minderheit in Syrien</span> <span>Drusen fordern Teilhabe</span></h1>'
            + b"<p>Die Drusen im S\xc3\xbcden Syriens verlangen ein Mitspracherecht in der neuen Regierung. </p>" * 6
            + b"</article></body></html>")
    doc = extract(body)
    assert doc.headline == "Minderheit in Syrien Drusen fordern Teilhabe"
    assert "Drusen fordern Teilhabe" not in doc.text and "Mitspracherecht" in doc.text


_PARAGRAPHS = "".join(f"<p>Paragraph {n}: the night train to Vienna runs again from May, three times a week, and the "
                      "sleeper cars have been refitted with larger cabins and showers.</p>" for n in range(4))


@pytest.mark.parametrize("logo", ['<h1 class="site-logo"><a href="/">Rail Weekly</a></h1>',
                                  '<h1 class="brand"><a href="/"><span>Rail</span> Weekly</a></h1>'])
def test_a_heading_named_as_the_logo_is_not_the_headline_and_the_shared_title_finds_the_heading(logo):
    """An SEO ``<title>`` that repeats no heading: the heading repeating ``og:title`` is the headline, never the
    site's logo in an ``<h1>`` above it."""
    body = (f'<html><head><title>Vienna sleeper | trains, Austria</title><meta property="og:title" '
            f'content="Night trains return to the Alps"></head><body><header>{logo}</header><article>'
            f'<h1 class="headline">Night trains return to the Alps</h1>{_PARAGRAPHS}</article></body></html>')
    assert extract(body.encode()).headline == "Night trains return to the Alps"


def test_a_page_without_a_title_takes_its_first_h1_even_a_logo():
    assert extract(f'<h1 class="logo">Rail Weekly</h1>{_PARAGRAPHS}'.encode()).headline == "Rail Weekly"


@pytest.mark.parametrize("site", ['<h1>The Rail Travel Blog</h1>', '<h2 class="blog-name">The Rail Travel Blog</h2>'])
def test_a_heading_repeating_the_site_piece_of_the_title_is_not_the_headline(site):
    """The site's name is a piece of the title too: of the headings repeating a piece (the blog's name in an
    ``<h1>``, a forum's in a phpBB header), the headline is the one repeating the longest."""
    body = (f'<html><head><title>Night trains return to the Alps - The Rail Travel Blog</title></head><body>'
            f'<header>{site}</header><article><h2 class="entry-title">Night trains return to the Alps</h2>'
            f'{_PARAGRAPHS}</article></body></html>')
    assert extract(body.encode()).headline == "Night trains return to the Alps"


def test_a_headline_cut_into_blocks_by_a_kicker_in_its_own_div_is_read_whole():
    """A kicker in a ``<div>`` inside the ``<h1>`` is a block of its own: the headline is the whole heading, and
    both of its blocks leave the body."""
    body = (f'<html><head><title>Night trains: Back to the Alps | Rail Weekly</title></head><body><article>'
            f'<h1><div class="overline">Night trains</div><span class="visually-hidden">: </span>'
            f'<span class="headline">Back to the Alps</span></h1>{_PARAGRAPHS}</article></body></html>')
    doc = extract(body.encode())
    assert doc.headline == "Night trains: Back to the Alps"
    assert doc.text.startswith("Paragraph 0")


def test_a_heading_the_title_starts_with_is_the_site_name_and_the_rest_is_the_headline():
    """A title "Site: Headline" whose colon no separator rule splits ("Joe. My. God.: ..."): the ``<h1>`` holding
    the site's name is not the headline, the heading holding the rest of the title is."""
    body = (f'<html><head><title>Rail. Weekly. Blog.: Night trains return to the Alps</title></head><body>'
            f'<header><h1>Rail. Weekly. Blog.</h1></header><article><h3>Night trains return to the Alps</h3>'
            f'{_PARAGRAPHS}</article></body></html>')
    assert extract(body.encode()).headline == "Night trains return to the Alps"


def test_a_sidebar_boxs_one_word_h1_the_title_lacks_is_not_the_headline():
    """Old reddit sets each box of its sidebar under an ``<h1>`` ("MODERATORS") before the post, whose title is a
    ``<p>``: the headline is the title's headline piece. A one-word ``<h1>`` on a title of one word stays."""
    body = (f'<html><head><title>Night trains return to the Alps : rail</title></head><body>'
            f'<div class="side"><div class="title"><h1>MODERATORS</h1></div></div>'
            f'<div role="main"><p class="title">Night trains return to the Alps</p>{_PARAGRAPHS}</div></body></html>')
    assert extract(body.encode()).headline == "Night trains return to the Alps"
    alone = f'<html><head><title>Nachtzug</title></head><body><h1>Nachtzug</h1>{_PARAGRAPHS}</body></html>'
    assert extract(alone.encode()).headline == "Nachtzug"


def test_a_two_word_h1_the_title_starts_with_is_the_headline_before_the_sites_longer_name():
    """A documentation page's title is "Page — Project 3.2 documentation" (Sphinx, MkDocs): its ``<h1>`` of two
    words, the title's first piece, is the headline, not the site's name after it for being longer. A word or two
    the title ends with stays the site's or section's name."""
    body = (f'<html><head><title>Storage backends \u2014 tidewater 3.2.1 documentation</title></head><body>'
            f'<div class="wy-nav-side"><a href="/">tidewater</a></div><div role="main"><h1>Storage backends'
            f'<a class="headerlink" href="#storage-backends">\u00b6</a></h1>{_PARAGRAPHS}</div></body></html>')
    assert extract(body.encode()).headline == "Storage backends"
    section = (f'<html><head><title>Night trains return to the Alps | Travel</title></head><body><h1>Travel</h1>'
               f'<article><p class="title">Night trains return to the Alps</p>{_PARAGRAPHS}</article></body></html>')
    assert extract(section.encode()).headline == "Night trains return to the Alps"
    # a title may run from the site down to the page (SourceForge's "Project / Bugs / #287 ..." under an <h1> naming
    # the project): its last, long piece, which a heading shows, is the headline
    tracker = (f'<html><head><title>QWinStat / Bugs / #287 Crash on long network paths</title></head><body><h1>'
               f'QWinStat</h1><h2><span>#287</span> <span>Crash on long network paths</span> <small>Milestone: '
               f'2.4.1</small></h2>{_PARAGRAPHS}</body></html>')
    assert extract(tracker.encode()).headline == "#287 Crash on long network paths"
    shop = (f'<html><head><title>Moving Home - Packaging Products - Boxes and Bubbles</title></head><body><h1>Moving '
            f'Home</h1><h3>By Boxes and Bubbles Ltd</h3>{_PARAGRAPHS}</body></html>')
    assert extract(shop.encode()).headline == "Moving Home"  # a byline naming the site, not the headline


def test_a_headline_drops_its_soft_hyphens_and_still_matches_the_title():
    body = (f'<html><head><title>Verfassungsbeschwerde eingelegt | LTO</title></head><body><article>'
            f'<h1>Ver\xadfas\xadsungs\xadbe\xadschwerde eingelegt</h1>{_PARAGRAPHS}</article></body></html>')
    doc = extract(body.encode())
    assert doc.headline == "Verfassungsbeschwerde eingelegt"
    assert doc.text.startswith("Paragraph 0")


def test_documents_survive_pickling(page_bytes):
    import pickle

    doc = extract(page_bytes("news_article.html"), "http://example.com/")
    copy = pickle.loads(pickle.dumps(doc))
    assert copy == doc and copy.blocks and copy.markdown and copy.metadata.language == "en"


def test_blocks_markdown_and_metadata_wait_for_their_first_read(page_bytes):
    """``extract`` leaves them to be computed on first read (a caller after ``text`` alone does not pay for them)."""
    doc = extract(page_bytes("news_article.html"), "http://example.com/")
    assert {"blocks", "markdown", "metadata"} <= {name for name, value in vars(doc).items()
                                                    if type(value).__name__ == "_Later"}
    assert doc.complete() is doc
    assert not any(type(value).__name__ == "_Later" for value in vars(doc).values())
    assert doc.markdown.startswith("The harbour bridge reopened") and doc.metadata.language == "en"
    assert "Maria Keller" not in doc.markdown and doc.metadata.authors == ("Maria Keller",)
    assert doc.blocks[0].xpath.startswith("/html/") and doc.to_dict()["markdown"] == doc.markdown


def test_a_batch_for_the_crawler_comes_back_complete(page_bytes):
    """Workers hand Documents to the crawler's thread: nothing is left to compute there."""
    from scrapy_boiler.api import PageInput
    from scrapy_boiler.batch import extract_batch

    outcome, = extract_batch([PageInput(page_bytes("news_article.html"), "http://example.com/")], "auto", "cpu")
    assert outcome.document is not None
    assert not any(type(value).__name__ == "_Later" for value in vars(outcome.document).values())


def test_the_literal_types_name_every_reason_warning_label_and_page_type():
    from typing import get_args

    from scrapy_boiler import REASONS, WARNINGS, Label, PageType, Reason, WarningCode
    from scrapy_boiler.document import BOILERPLATE, CONTENT, THREAD_TYPES

    assert set(get_args(Reason)) == set(REASONS) and set(get_args(WarningCode)) == set(WARNINGS)
    assert set(get_args(Label)) == {CONTENT, BOILERPLATE}
    assert set(get_args(PageType)) == {"article", *THREAD_TYPES}


def test_a_first_read_past_the_time_budget_fails_that_page_alone(monkeypatch):
    """In a worker, completing a Document runs under the page's time budget as extraction does."""
    import time

    from scrapy_boiler import Limits
    from scrapy_boiler import batch as batch_module
    from scrapy_boiler.api import PageInput
    from scrapy_boiler.document import defer

    def slow_markdown(pages, **_):
        docs = [Document(text="t", title="", html="", blocks=[], model="m") for _ in pages]
        for page, doc in zip(pages, docs, strict=True):
            if page.html == b"slow":
                defer(doc, "markdown", lambda: time.sleep(2) or "late")
        return docs

    monkeypatch.setattr(batch_module, "extract_many", slow_markdown)
    outcomes = batch_module.extract_batch([PageInput(b"slow"), PageInput(b"b")], "auto", "cpu",
                                          Limits(time_budget=0.2))
    assert outcomes[0].reason == "time_budget" and outcomes[0].document is None and outcomes[0].seconds < 1.5
    assert outcomes[1].document is not None and outcomes[1].document.markdown == ""
