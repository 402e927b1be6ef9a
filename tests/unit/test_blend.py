"""The ``blend`` article model: its forest format, structured data, region, body trimming and routing."""

from __future__ import annotations

import json
import re
from collections.abc import Callable

import numpy as np
import pytest

from scrapy_boiler import ModelFileError, extract
from scrapy_boiler.extractors.blend.extractor import BlendModel, _entry_headings, _whole_entries
from scrapy_boiler.extractors.blend.forest import NEVER, Forest, feature_importance, from_lightgbm
from scrapy_boiler.extractors.blend.recipe import declared_faq, declared_recipe, squashed
from scrapy_boiler.extractors.blend.standfirst import standfirst
from scrapy_boiler.extractors.blend.structure import (
    body_parts,
    section_headings,
)
from scrapy_boiler.extractors.other_stories import other_articles
from scrapy_boiler.extractors.registry import model_file
from scrapy_boiler.parse.html import parse_html
from scrapy_boiler.parse.normalize import comparable
from scrapy_boiler.parse.structured import faq_lines, read_json_ld, recipe_lines
from scrapy_boiler.segment.blocks import TextBlock, annotate, segment
from scrapy_boiler.segment.regions import find_region, paragraph_weight
from scrapy_boiler.segment.semantics import element_names, is_consent_box, is_poll, is_promotion, name_kinds

#: LightGBM's dump of two trees: x0 <= 2 ? (x1 <= 0.5 ? -1 : 1) : 3, and a single leaf 0.25.
DUMP = {"tree_info": [
    {"tree_structure": {"split_feature": 0, "threshold": 2.0, "decision_type": "<=",
                        "left_child": {"split_feature": 1, "threshold": 0.5, "decision_type": "<=",
                                       "left_child": {"leaf_value": -1.0}, "right_child": {"leaf_value": 1.0}},
                        "right_child": {"leaf_value": 3.0}}},
    {"tree_structure": {"leaf_value": 0.25}},
]}


def test_forest_walks_every_tree_like_lightgbm():
    forest = from_lightgbm(DUMP, base=0.5)
    rows = np.array([[1.0, 0.0], [2.0, 1.0], [2.5, 0.0], [-7.0, 0.5]], dtype=np.float32)
    expected = 0.5 + np.array([-1.0, 1.0, 3.0, -1.0]) + 0.25
    assert np.allclose(forest.margin(rows), expected)
    assert np.allclose(forest.probability(rows), 1 / (1 + np.exp(-expected)))
    assert forest.depth == 2 and forest.trees == 2
    assert forest.threshold.max() == np.float32(NEVER)  # leaves and padding never split
    assert feature_importance(forest, ["a", "b"]) == {"a": 1, "b": 1}


def test_forest_survives_its_json_round_trip_and_refuses_bad_arrays():
    forest = from_lightgbm(DUMP)
    again = Forest.from_data(json.loads(json.dumps(forest.to_data())))
    rows = np.random.default_rng(0).normal(size=(50, 2)).astype(np.float32)
    assert np.array_equal(again.margin(rows), forest.margin(rows))
    assert forest.margin(np.zeros((0, 2), dtype=np.float32)).shape == (0,)
    bad = forest.to_data() | {"left": [[0, 9, 2, 3, 4], [0, 1, 2, 3, 4]]}
    with pytest.raises(ValueError, match="out of range"):
        Forest.from_data(bad)


def test_a_blend_file_of_other_features_is_refused(tmp_path):
    data = json.loads(model_file("blend.json").read_text(encoding="utf-8"))
    data["features"] = data["features"][:-1]
    path = tmp_path / "blend.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ModelFileError, match="other features"):
        BlendModel.load(path)
    path.write_text(json.dumps(data | {"format": "scrapy-boiler/blend/99"}), encoding="utf-8")
    with pytest.raises(ModelFileError, match="newer"):
        BlendModel.load(path)


def test_json_ld_types_and_body_are_read_from_graphs_and_lists():
    graph = json.dumps({"@context": "https://schema.org", "@graph": [
        {"@type": "WebPage", "name": "x", "description": "A site about stories."},
        {"@type": ["NewsArticle", "Thing"], "articleBody": "The body of the story.", "author": {"@type": "Person"},
         "description": "The story in one line."},
    ]})
    declared = read_json_ld([graph, "{not json", json.dumps([{"@type": "BreadcrumbList"}])])
    assert declared.is_article and not declared.is_thread
    assert declared.body == "The body of the story."
    assert declared.description == "The story in one line."  # the article's, not the web page's
    assert {"newsarticle", "person", "breadcrumblist", "webpage"} <= declared.types
    assert read_json_ld([json.dumps({"@type": "QAPage", "mainEntity": {"@type": "Question"}})]).is_thread


def _article(body_paragraphs: int, *, json_ld: str = "", comments: int = 0) -> str:
    paragraph = ("<p>The council said the harbour bridge will reopen on Thursday after eight months of repairs "
                 "that cost more than twelve million pounds, and drivers should expect delays.</p>")
    comment = ('<li class="comment"><a href="/u/x">reader</a> <time>2 hours ago</time>'
               "<p>I drive over that bridge every day and the repairs took far too long, frankly.</p></li>")
    script = f'<script type="application/ld+json">{json_ld}</script>' if json_ld else ""
    return (f"<html><head><title>Bridge reopens - Herald</title>{script}</head><body>"
            '<nav><a href="/">Home</a> <a href="/news">News</a></nav>'
            f'<article><h1>Bridge reopens</h1><div class="article-body">{paragraph * body_paragraphs}</div>'
            '<h3>Read more</h3><ul class="related"><li><a href="/a">Other story one</a></li></ul></article>'
            f'<ol class="comments">{comment * comments}</ol></body></html>')


def test_region_is_the_container_of_the_paragraphs():
    page = parse_html(_article(4))
    blocks = segment(page.root).blocks
    annotate(blocks)
    region = find_region(blocks, [paragraph_weight(b) for b in blocks])
    assert region.element is not None and region.element.get("class") == "article-body"
    assert region.share == 1.0


def test_a_page_builders_body_split_across_widgets_is_one_region(page_bytes):
    """Elementor wraps each paragraph group, heading and quote in a widget of its own, two wrappers deep: the
    wrappers cost no decay, so the column holding all the text widgets outscores the largest widget alone."""
    page = parse_html(page_bytes("page_builder_post.html"))
    blocks = segment(page.root).blocks
    annotate(blocks)
    region = find_region(blocks, [paragraph_weight(b) for b in blocks])
    assert region.element is not None and "elementor-widget-wrap" in region.element.get("class", "")
    assert "Glazing came next" in "".join(region.element.itertext())
    assert "When the orchard trust bought" in "".join(region.element.itertext())
    assert "Plan a visit" not in "".join(region.element.itertext())


@pytest.mark.parametrize(("names", "chrome"), [
    ("elementor-element elementor-widget elementor-widget-text-editor", 0),
    ("elementor-widget-container", 0),
    ("elementor-element elementor-widget elementor-widget-share-buttons", 1),
    ("widget widget_recent_entries", 1),
])
def test_a_page_builders_widget_is_not_chrome_by_that_word(names, chrome):
    assert name_kinds(names)[2] == chrome
    assert name_kinds("elementor-widget elementor-widget-theme-post-content")[0] == 1


@pytest.mark.parametrize(("names", "chrome"), [
    ("hidden", 1), ("visually-hidden", 1), ("is-hidden", 1),
    # Drupal marks nearly every field (the body's, a paragraph's) as one whose label is hidden; Tailwind clips a box
    ("field field--name-field-absaetze field--label-hidden field__items", 0), ("w-full overflow-hidden pl-8", 0),
    ("overflow-x-hidden", 0),
])
def test_a_field_whose_label_is_hidden_or_a_clipping_box_is_not_chrome(names, chrome):
    """A Drupal press release lost 80% of its body: every field wrapping its paragraphs was read as hidden chrome."""
    assert name_kinds(names)[2] == chrome


def test_component_attributes_name_an_element_beside_its_class():
    element = parse_html('<div class="css-1q8fn3x" data-testid="ArticleBody" data-track="click">x</div>').root
    names = element_names(element.find(".//div"))
    assert names == "css-1q8fn3x ArticleBody"
    assert name_kinds(names)[0] == 1


def test_blend_keeps_the_body_without_headline_or_read_more():
    doc = extract(_article(4), model="blend")
    assert doc.model == "blend" and doc.headline == "Bridge reopens"
    assert doc.text.count("The council said the harbour bridge") == 4
    for chrome in ("Home", "Bridge reopens", "Read more", "Other story one"):
        assert chrome not in doc.text
    assert all(0.0 <= block.score <= 1.0 for block in doc.blocks)


def test_declared_article_with_many_comments_stays_an_article():
    """Its comments outweigh its body, as a thread's posts would: the declaration decides, the layout is not weighed
    (P(thread) is that of a type-2 score of 0), and the comments are still found."""
    ld = json.dumps({"@type": "NewsArticle", "headline": "Bridge reopens"})
    doc = extract(_article(3, json_ld=ld, comments=12))
    assert doc.page_type == "article" and doc.model == "blend"
    assert doc.page_type_score is not None and doc.page_type_score < 0.001
    assert "The council said the harbour bridge" in doc.text
    assert "far too long" not in doc.text
    assert len(doc.posts) == 12 and all("far too long" in post.text for post in doc.posts)  # comments, apart


_LEAD = "Drivers can cross the harbour again from Thursday, after eight months of work that cost twelve million pounds."


_GALLERY = "".join(f'<li class="to-image-slider">{n} Bilder - Fotostrecke öffnen</li>' for n in (3, 4, 5, 6))
_LONG_BYLINE = '<p class="byline">By Takeo Maeda and Tatsuya Tanoue / Yomiuri Shimbun Staff Writers</p>'
#: The line of date, reading time and author under a blog post's headline, as long as a lead.
_META_LINE = ('<div class="{names}"><span>2 juin 2024</span> · 2 min · 418 mots · Thomas Lefebvre | '
              '<a href="/edit">Suggérer une modification</a></div>')


#: The line of author and dates under the headline, named only in its parts, as long as a lead.
_PARTS_LINE = ('<div class="info"><span class="article-author">Szerző: <a href="/szerzo/ann-lee">Ann Lee</a></span> '
               '<time class="article-datetime" datetime="2025-03-10T06:30">2025. március 10. 06:30</time> '
               '<span class="article-modified">Frissítve: 2025. március 10. 10:05</span></div>')


#: A date line and three lines of links (the author, the comments, a share bar: Merkur.de) under a headline.
_LINKS_LINES = ('<div class="stamp">Stand: 13.03.2025, 16:47 Uhr</div><div class="who">Von: <a href="/autoren/kw">'
                'Korbinian Wiesböck</a></div><div><a href="#comments">Kommentare</a></div><div class="bar">Teilen'
                '<a href="/wa">WhatsApp</a><a href="/fb">Facebook</a><a href="/x">X</a><a href="/m">E-Mail</a></div>')


@pytest.mark.parametrize(("lead", "score", "kept"), [
    (f'<div class="x7f2a">{_LEAD}</div>', 0.3, True),  # the lead, its class a hash, scored under the threshold
    (f'<ul>{_GALLERY}</ul><div class="x7f2a">{_LEAD}</div>{_LONG_BYLINE}', 0.3, True),  # a gallery, a long byline
    (f'<div class="x7f2a">{_LEAD}</div>', 0.05, False),  # ... a box the trees are sure of (a generated summary)
    (f'<div class="c-article-caption">{_LEAD} - Copyright AP</div>', 0.3, False),  # a picture's caption
    (f"<h2>{_LEAD}</h2>", 0.3, False),  # a second headline
    (f'<div class="x7f2a">{_LEAD}</div>{_META_LINE.format(names="post-meta")}', 0.3, True),  # Hugo's meta line
    (f'<div class="x7f2a">{_LEAD}</div>{_META_LINE.format(names="entry-meta")}', 0.3, True),  # WordPress's
    (f'<div class="x7f2a">{_LEAD}</div>{_META_LINE.format(names="metadata")}', 0.3, False),  # not a meta line
    (f'<div class="x7f2a">{_LEAD}</div>{_PARTS_LINE}', 0.3, True),  # its parts named (hvg.hu)
    (f'<div class="x7f2a">{_LEAD}</div>{_PARTS_LINE.replace("article-", "x")}', 0.3, True),  # ... holding a <time>
    (f'{_LINKS_LINES}<div class="x7f2a">{_LEAD}</div>', 0.3, True),  # under a date, author, comments and share links
    (f'{_LINKS_LINES}<div>Updated 4 times</div><div>3 min read</div><div>Listen</div><div class="x7f2a">{_LEAD}</div>',
     0.3, False),  # ... and three lines more: too far
])
def test_the_lead_between_the_headline_and_the_body_is_content(lead, score, kept):
    """In the article's header, above the byline and the date, outside the body's container: the lead scores lower
    than the body's paragraphs, and its page's gold holds it (fundus-train: FAZ, ZDF, Stuttgarter Zeitung, The New
    Yorker). A gallery's links may sit between the headline and the lead, a byline or a line of date, reading time
    and author (Hugo's ``post-meta``, WordPress's ``entry-meta``) as long as a lead below it, and lines of links
    (the author's, the comments', a share bar: Merkur.de), which count for no block of the reach to the headline."""
    assert _after_standfirst(lead, score) == (kept, 4 + kept)


def _after_standfirst(header: str, score: float, descriptions: frozenset[str] = frozenset()) -> tuple[bool, int]:
    """(whether the lead is content, how many blocks are) after :func:`standfirst` on an article whose header holds
    the headline, ``header``, a byline and a date, the trees having kept its four body paragraphs and scored every
    other block ``score``."""
    page = parse_html("<html><body><article><header><h1>Harbour bridge reopens after repairs</h1>" + header
                      + '<div class="byline">By Ann Lee</div><div class="date">12.03.2024, 10:15</div></header>'
                      '<div class="article-body">' + _article(4).split('class="article-body">')[1].split("</div>")[0]
                      + "</div></article></body></html>")
    blocks = segment(page.root).blocks
    annotate(blocks)
    for block in blocks:
        block.is_content = "harbour bridge will reopen" in block.text
        block.score = 0.9 if block.is_content else score
    standfirst(blocks, "harbour bridge reopens after repairs herald", "blend", descriptions)
    lead = next(block for block in blocks if _LEAD[:20] in block.text)
    return lead.is_content, sum(block.is_content for block in blocks)


_SHARE_LINES = "".join(f"<div>{line}</div>" for line in ("Share", "Read in 4 minutes", "12 comments"))
#: A photo's caption and credit set in ``<div>``s, as long as a lead.
_CAPTION = ('<div class="kepala"><div class="kepalairas">Workers fit the last steel panels to the bridge deck on a '
            'cold morning in March</div><div class="forras">Photo: Ann Lee</div></div>')
#: A research report's header below its lead: publication date, authors, pages, DOI, a download link.
_REPORT_LINES = "".join(f"<div>{line}</div>" for line in (
    "Publication date:", "7 October 2025", "Authors:", "Ann Lee, Bo Chen", "Pages:", "64", "DOI:", "10.21201/2025.7",
    "Download the report (PDF, 4.8 MB)"))


@pytest.mark.parametrize(("lead", "declared", "kept"), [
    (f"<h2>{_LEAD}</h2>", True, True),  # a dek in an <h2> (Gulf News, Ynet)
    (f'<div class="x7f2a">{_LEAD}</div>', True, True),  # scored as sure as a summary box
    (f'<div class="article-perex">{_LEAD}</div>{_SHARE_LINES}', True, True),  # below share lines (Aktuality)
    (f"<h2>{_LEAD}</h2>", False, False),  # ... but not undeclared
    (f'<div class="x7f2a">{_LEAD}</div>', False, False),
    (f'<div class="x7f2a">{_LEAD}</div>{_REPORT_LINES}', True, True),  # a report's details between it and the text
    (f'<div class="x7f2a">{_LEAD}</div>{_REPORT_LINES}', False, False),
    (f'<div class="x7f2a">{_LEAD}</div>', _LEAD[:68] + "…", True),  # the description is the lead cut short (Index)
    (f'<div class="x7f2a">{_LEAD}</div>', "Drivers can cross the harbour", False),  # ... but not its first words
    (f'<div class="lead"><p>{_LEAD}</p></div>{_CAPTION}', True, True),  # a long caption below it (Index)
    (f'<div class="lead"><p>{_LEAD}</p></div>{_CAPTION}', False, False),
])
def test_a_lead_the_page_declares_as_its_description_is_content(lead, declared, kept):
    """A lead whose text the page declares as its description (``<meta name="description">``, ``og:description``),
    whole or cut short after its first words, is the standfirst however the trees score it and wherever under the
    headline it sits, in an ``<h2>`` too."""
    text = declared if isinstance(declared, str) else _LEAD if declared else ""
    descriptions = frozenset({comparable(text)}) if text else frozenset()
    assert _after_standfirst(_SHARE_LINES + lead, 0.05, descriptions) == (kept, 4 + kept)


#: A photo under the headline, its caption and credit, and the lines of the header a summary box sits under.
_PHOTO = ('<figure><img src="/bridge.jpg"><figcaption>Workers fit the last steel panels to the bridge deck on a cold '
          "morning in March</figcaption><div>Photo: Ann Lee</div></figure>")
_SUMMARY = ("<h3>Summary</h3><ul><li>{}</li><li>The council expects traffic on the ring road to ease by a third.</li>"
            "</ul>")


@pytest.mark.parametrize(("declared", "kept"), [(True, 2), (False, 0)])
@pytest.mark.parametrize("summary", [_SUMMARY, _SUMMARY.replace("<li>", "<li><h2>").replace("</li>", "</h2></li>")])
def test_a_summarys_bullets_whose_first_the_page_declares_are_the_lead(declared, kept, summary):
    """A summary set as bullets under the headline (Nation, SCMP; elDiario.es sets each in an ``<h2>`` of its
    ``<li>``), the first item the page's description, is the lead whole, however many lines of a photo's caption and
    credit stand between it and the headline."""
    descriptions = frozenset({comparable(_LEAD)}) if declared else frozenset()
    lines = "".join(f"<div>{line}</div>" for line in ("Share", "Read in 4 minutes", "12 comments", "Listen", "Save"))
    assert _after_standfirst(_PHOTO + lines + summary.format(_LEAD), 0.05, descriptions) == (bool(kept), 4 + kept)


@pytest.mark.parametrize(("declared", "kept"), [(True, True), (False, False)])
def test_a_lead_under_a_headline_the_trees_kept_is_found_below_it(declared, kept):
    """The trees may keep the headline itself (IGN's ``<h1>``, its dek in an ``<h2>`` below): the body starts under
    it, and so does its lead, looked for there if the page declares it (a caption or an author's bio under a
    headline is as long)."""
    page = parse_html(f"<html><body><article><header><h1>Harbour bridge reopens after repairs</h1><h2>{_LEAD}</h2>"
                      '<div class="byline">By Ann Lee</div><div class="date">12.03.2024, 10:15</div></header>'
                      '<div class="article-body">' + _article(4).split('class="article-body">')[1].split("</div>")[0]
                      + "</div></article></body></html>")
    blocks = segment(page.root).blocks
    annotate(blocks)
    for block in blocks:
        block.is_content = "harbour bridge will reopen" in block.text or block.element.tag == "h1"
        block.score = 0.9 if block.is_content else 0.2
    standfirst(blocks, "harbour bridge reopens after repairs herald", "blend",
               frozenset({comparable(_LEAD)}) if declared else frozenset())
    assert next(block for block in blocks if _LEAD[:20] in block.text).is_content is kept


def test_a_box_after_the_article_leaves_its_lead_alone(page_bytes):
    """The Hugo post's lead scores near the threshold; a box appended after the article (a consent panel) tips it
    under, and its lead must still be found past the post's meta line."""
    html = page_bytes("hugo_post.html").decode("utf-8")
    boxed = html.replace("</body>", "<div><h2>Privacy</h2><div>When you visit our website, we store cookies on your "
                                    "browser to collect information.</div></div></body>")
    plain, doc = extract(html), extract(boxed)
    assert doc.text == plain.text and doc.text.startswith("Comment j’ai arrêté de croiser les doigts")


def test_an_article_inside_an_unclosed_link_is_not_lost():
    """Markup that links the whole body (an unclosed ``<a>``) leaves no paragraph-like block: the fallback
    finds the body with a looser test instead of returning nothing."""
    sentence = "I have played this keyboard for two years and its piano sounds are better than I expected. "
    html = ('<html><body><div class="nav"><a href="/">Home</a></div><a href="/review">'
            + "".join(f"<div><p>{sentence * 3}</p></div>" for _ in range(5)) + "</body></html>")
    doc = extract(html, model="blend")
    assert doc.text.count("I have played this keyboard") == 15
    assert any("fallback" in reason for block in doc.blocks for reason in block.reasons)


def test_an_advert_box_inside_the_body_stays_out():
    ad = ('<div class="ad inline-ad"><span class="ad-label">Advertisement</span><h4>Holiday cottages</h4>'
          "<p>Book a week by the sea at Saltmarsh Cottages and get the third night free this spring.</p></div>")
    html = _article(4).replace("</div><h3>Read more</h3>", ad + "</div><h3>Read more</h3>")
    doc = extract(html, model="blend")
    assert doc.text.count("The council said the harbour bridge") == 4
    assert "Saltmarsh" not in doc.text and "Advertisement" not in doc.text


@pytest.mark.parametrize(("item", "wrapped"), [("{}", False), ("<p>{}</p>", False), ("{}", True)])
def test_a_list_of_short_items_introduced_by_the_line_above_is_body(page_bytes, item, wrapped):
    """Short list items score low on their own; a content paragraph ending in a colon right above the list (Ghost's
    "Diese Dinge haben am meisten gebracht:") says they are the body's, in ``<li>`` or in ``<li><p>`` (Substack),
    and with the paragraph and the list each in a wrapper of its own (G1's ``div.mc-column``)."""
    html = page_bytes("ghost_post.html").decode()
    if wrapped:
        for old, new in (("<p>Viel wichtiger", '<div class="mc-column"><p>Viel wichtiger'),
                         ("gebracht:</p><ul>", 'gebracht:</p></div><div class="mc-column"><ul>'),
                         ("</ul><div class=", "</ul></div><div class=")):
            html = html.replace(old, new)
    items = ("Wäsche erst ab 11 Uhr", "Spülmaschine mit Zeitvorwahl", "Akkus tagsüber laden",
             "Backofen am Wochenende mittags")
    for text in items:
        html = html.replace(f"<li>{text}</li>", f"<li>{item.format(text)}</li>")
    doc = extract(html.encode(), "https://stromwende-notizen.de/balkonkraftwerk-ein-jahr-bilanz/")
    lines = doc.text.split("\n")
    start = lines.index(next(line for line in lines if line.endswith("am meisten gebracht:")))
    assert lines[start + 1:start + 5] == list(items)
    assert "Sign up for more like this" not in doc.text and "Fünf Messsteckdosen" not in doc.text


def _introduced_items(html: str, content_tag: str) -> list[str]:
    """The list items :func:`~scrapy_boiler.extractors.blend.structure.introduced_lists` labels content on a page
    whose ``content_tag`` blocks alone the trees kept."""
    from scrapy_boiler.extractors.blend.structure import introduced_lists

    blocks = segment(parse_html(html).root).blocks
    annotate(blocks)
    for block in blocks:
        block.is_content = block.element.tag == content_tag
    introduced_lists(blocks, "blend")
    return [block.text for block in blocks if block.is_content and block.element.tag == "li"]


def test_a_lead_in_of_four_words_introduces_its_list_but_a_label_of_three_does_not():
    """A language that joins its words introduces a list in four (Kannada's "the main decisions taken at the
    meeting:", Prajavani); a label of three words over a list ("More from Ask:") introduces nothing."""

    def kept(lead: str) -> list[str]:
        return _introduced_items(f"<html><body><article><p>ಜಲಾಶಯದಲ್ಲಿ ಸದ್ಯ 78.4 ಟಿಎಂಸಿ ಅಡಿ ನೀರು ಸಂಗ್ರಹವಿದೆ ಎಂದು "
                                 f"ಅಧಿಕಾರಿಗಳು ತಿಳಿಸಿದರು.</p><p>{lead}</p><ul><li>ಎಡದಂಡೆ ಕಾಲುವೆಗೆ ನೀರು</li><li>ವಾರಬಂದಿ "
                                 "ಪದ್ಧತಿ ಜಾರಿ</li></ul></article></body></html>", "p")

    assert kept("ಸಭೆಯಲ್ಲಿ ಕೈಗೊಂಡ ಪ್ರಮುಖ ನಿರ್ಧಾರಗಳು:") == ["ಎಡದಂಡೆ ಕಾಲುವೆಗೆ ನೀರು", "ವಾರಬಂದಿ ಪದ್ಧತಿ ಜಾರಿ"]
    assert kept("More from Ask:") == []


def test_a_lead_in_line_written_between_line_breaks_introduces_the_list_after_it():
    """A body written as one container of text and line breaks (RTP: ``section.article-body``) holds its lead-in
    line as text right before the list, not as a sibling element of it; a line further up introduces nothing."""

    def kept(between: str) -> list[str]:
        return _introduced_items("<html><body><section class='article-body'>The ministry signed the protocol on "
                                 "Monday, and three hundred schools will get solar panels by the end of next year."
                                 f"<br><br>The criteria give priority to:<br><br>{between}<ul><li>schools with new "
                                 "roofs;</li><li>buildings heated by electricity;</li></ul>The councils asked for "
                                 "more time.</section></body></html>", "section")

    assert kept("") == ["schools with new roofs;", "buildings heated by electricity;"]
    assert kept("The list was drawn up by the regions.<br>") == []


def test_a_table_and_a_list_framed_by_body_paragraphs_are_body(page_bytes):
    """A table (Hugo) or a list of short items (note.com) whose neighbours are both content paragraphs is the
    body's, though its cells score low on their own."""
    doc = extract(page_bytes("hugo_post.html"), "https://thomaslefebvre.fr/posts/sauvegarde-photos-3-2-1/")
    lines = doc.text.split("\n")  # a row per line, its cells joined by " | "
    assert "Copie | Support | Fréquence" in lines and "Locale | NAS, deux disques en miroir | Chaque nuit" in lines
    assert "bloqueur de publicités" not in doc.text and "Page suivante" not in doc.text
    doc = extract(page_bytes("note_article.html"), "https://note.com/miura_yukari/n/n3f8a2c1d9e7b")
    lines = doc.text.split("\n")
    start = lines.index("毎日書くこと")
    assert lines[start:start + 4] == ["毎日書くこと", "上手に書こうとすること", "SNSに投稿すること",
                                      "高い道具を買うこと"]


def test_a_table_framed_past_an_editors_spacer_paragraphs_is_body():
    """Tistory's editor leaves a ``<p>&nbsp;</p>`` between the body's blocks: the table's neighbours are the heading
    above it and the paragraph past the spacer, not the spacer."""
    from scrapy_boiler.extractors.blend.structure import framed_lists

    rows = "".join(f"<tr><td>{item}</td><td>{price}</td></tr>"
                   for item, price in (("Item", "Cost"), ("Train", "129,600"), ("Hotel", "90,000")))
    page = parse_html("<html><body><article><h2>5. What the two days cost</h2><p>\xa0</p>"
                      f"<table>{rows}</table><p>\xa0</p><p>We spent less than we had planned, mostly because the "
                      "hotel was cheaper in the week.</p></article></body></html>")
    blocks = segment(page.root).blocks
    annotate(blocks)
    for block in blocks:
        block.is_content = block.element.tag in ("h2", "p")
    framed_lists(blocks, "blend")
    assert all(block.is_content for block in blocks)


def test_a_quotation_framed_by_body_paragraphs_is_body_but_not_an_embedded_post_or_a_pull_quote():
    """A one-paragraph quotation between two content paragraphs is the body's (golem.de's expert quote), while an
    embedded post (a blockquote too, named so; its links may be gone) and a pull quote (which repeats the body, cut
    and joined) stay as they were."""
    from scrapy_boiler.extractors.blend.structure import framed_lists

    said = "Man kann das Problem ein paar Jahre verschieben, aber nicht wegdiskutieren."
    page = parse_html("<html><body><article><p>Ein Ersatz für einen Netzanschluss ist das nach Einschätzung von "
                      f"Fachleuten aber nicht.</p><blockquote><p>{said}</p></blockquote><p>Das Ministerium hat "
                      'angekündigt, das Papier zu prüfen.</p><blockquote class="twitter-tweet"><p>The grid waits '
                      "for nobody this year.</p>— Grid Watch (@gridwatch)</blockquote><p>Die "
                      "Betreiber warten weiter auf ihren Anschluss. „Wer heute bestellt“, sagt Weiß, „wartet bis 2032 "
                      "auf den Strom, und das weiß inzwischen jeder in der Branche.“</p><blockquote><p>„Wer heute "
                      "bestellt, wartet bis 2032 auf den Strom“</p></blockquote><p>Das Land will nun schneller "
                      "genehmigen."
                      "</p></article></body></html>")
    blocks = segment(page.root).blocks
    annotate(blocks)
    for block in blocks:
        block.is_content = block.element.getparent().tag != "blockquote"
    framed_lists(blocks, "blend")
    assert [block.text for block in blocks if block.element.getparent().tag == "blockquote" and block.is_content] \
        == [said]


def test_a_list_in_a_column_beside_a_picture_is_introduced_by_the_line_before_the_columns():
    """The CDC sets a list in the left column of a row and its picture in the right one, after the paragraph that
    introduces it ("Pay special attention to these areas:"): the row holds the list and a picture, so the line before
    it introduces the list. A row beside a column of text is no list's wrapper."""
    from scrapy_boiler.extractors.blend.structure import introduced_lists

    items = ["Under the arms", "In and around the ears", "Behind the knees"]
    listed = "<ul>" + "".join(f"<li>{item}</li>" for item in items) + "</ul>"
    lead = "<p>Do a full check after returning from areas where ticks live. Pay special attention to these areas:</p>"
    for other, body in (('<figure><img src="map.png"><figcaption>Where ticks hide</figcaption></figure>', True),
                        ("<p>Ticks are small, and a nymph is the size of a poppy seed, so look closely.</p>", False)):
        page = parse_html(f'<html><body><article>{lead}<div class="row"><div class="col">{listed}</div>'
                          f'<div class="col">{other}</div></div></article></body></html>')
        blocks = segment(page.root).blocks
        annotate(blocks)
        for block in blocks:
            block.is_content = block.element.tag == "p"
        introduced_lists(blocks, "blend")
        assert (set(items) <= {block.text for block in blocks if block.is_content}) is body


def test_a_list_is_introduced_past_a_promotion_box_set_between_it_and_its_lead_in():
    """AD.nl sets its subscription offer (``div.premium-promo``) between a lead-in ("... neemt de gemeente een aantal
    tijdelijke maatregelen:") and its list: a box named as a promotion is no frame, so the lead-in introduces the
    list, whose items are the body's; the offer stays out."""
    from scrapy_boiler.extractors.blend.structure import introduced_lists

    items = ["het fietspad langs de Vleutenseweg wordt verbreed;", "de verkeerslichten krijgen langer groen."]
    page = parse_html("<html><body><article><p>Om de overlast te beperken, neemt de gemeente een aantal tijdelijke "
                      "maatregelen:</p><div class='premium-promo'><p>Onbeperkt toegang tot AD?</p><p>Nu de eerste 3 "
                      "maanden voor 1 euro per maand.</p><a href='/abo'>Word abonnee</a></div><ul>"
                      + "".join(f"<li>{item}</li>" for item in items)
                      + "</ul><p>De bouw van de brug begint volgens de planning in het najaar.</p></article></body>"
                      "</html>")
    blocks = segment(page.root).blocks
    annotate(blocks)
    for block in blocks:
        block.is_content = block.element.tag == "p" and "premium-promo" not in (
            block.element.getparent().get("class") or "")
    introduced_lists(blocks, "blend")
    kept = {block.text for block in blocks if block.is_content}
    assert set(items) <= kept and "Onbeperkt toegang tot AD?" not in kept


def test_a_list_introduced_above_a_picture_and_a_headed_table_before_an_advert_are_body():
    """ORF sets a picture between a lead-in line ("... unter anderem:") and its list; chip.de puts an advert's
    label right after a table with a header row, which the paragraph above it presents (GOV.UK: the last of a list
    of notes). Both are the body's; a table of links after a content paragraph is not."""
    from scrapy_boiler.extractors.blend.structure import framed_lists, introduced_lists

    rows = "".join(f"<tr><td>{a}</td><td>{b}</td></tr>" for a, b in (("Ohne Speicher", "98 Euro"),
                                                                     ("Mit Speicher", "189 Euro")))
    links = "".join(f'<tr><td><a href="/{n}">Mehr zu {n}</a></td><td><a href="/{n}/b">Bilder</a></td></tr>'
                    for n in ("Strom", "Solar"))
    page = parse_html("<html><body><article><p>Der Verkehrsclub fordert deshalb unter anderem:</p><figure><img "
                      'src="r.jpg"><figcaption>Entlang vieler Straßen fehlen Radwege</figcaption></figure><ul><li>mehr '
                      "Radwege</li><li>sichere Abstellanlagen</li></ul><p>Für unsere Beispielrechnung gehen wir von "
                      f"einem Süd-Balkon aus.</p><table><tr><th>Variante</th><th>Ersparnis</th></tr>{rows}</table>"
                      f"<div>Anzeige</div><p>Das Ministerium verweist auf die Förderungen.</p><table>{links}</table>"
                      "<div>Anzeige</div><h2>Notes to editors</h2><ul><li>The fund is open to twelve councils.</li>"
                      "<li>Properties at risk in each area are shown below.</li></ul><table><tr><th>Area</th><th>"
                      "Properties at risk</th></tr><tr><td>Cornwall</td><td>140</td></tr><tr><td>Dorset</td><td>110"
                      "</td></tr></table></article></body></html>")
    blocks = segment(page.root).blocks
    annotate(blocks)
    for block in blocks:
        block.is_content = block.element.tag in ("p", "li") and "Radwege" not in block.text \
            and "Abstellanlagen" not in block.text
    introduced_lists(blocks, "blend")
    framed_lists(blocks, "blend")
    kept = {block.text for block in blocks if block.is_content}
    assert {"mehr Radwege", "sichere Abstellanlagen", "Variante", "Ersparnis", "Mit Speicher", "189 Euro"} <= kept
    assert {"Area", "Properties at risk", "Cornwall", "110"} <= kept  # after a list of notes
    assert not kept & {"Entlang vieler Straßen fehlen Radwege", "Anzeige", "Mehr zu Strom", "Bilder"}


def test_a_paragraph_rendered_like_the_bodys_paragraphs_around_it_joins_them():
    """ZDF renders every paragraph in the same CSS-module wrappers; one the trees scored low between others of that
    template is the body's, while a caption of the same classes, a short line and paragraphs after the last one are
    left as they were."""
    from scrapy_boiler.extractors.body_template import same_template

    sentence = "Der Handel mit dem Iran ist in den vergangenen Jahren stark zurückgegangen, heißt es im Bericht."
    paragraph = f'<div class="c10o8fzf"><div class="r1nj4qn5"><p>{{}} {sentence}</p></div></div>'
    parts = [paragraph.format(n) for n in range(1, 6)]
    parts.insert(3, '<figure class="c10o8fzf"><div class="r1nj4qn5"><p>Grafik: ' + sentence + "</p></div></figure>")
    parts.insert(2, '<div class="c10o8fzf"><div class="r1nj4qn5"><p>Kurz gesagt.</p></div></div>')
    parts.append(paragraph.format("Mehr"))
    page = parse_html(f'<html><body><main><div class="s1am5zo">{"".join(parts)}</div></main></body></html>')
    blocks = segment(page.root).blocks
    annotate(blocks)
    for block in blocks:
        block.is_content = block.text[:1] in "1245"
    same_template(blocks, "blend")
    kept = {block.text.split()[0] for block in blocks if block.is_content}
    assert kept == {"1", "2", "3", "4", "5"}  # "3" joined; the caption, the short line and "Mehr" did not


def test_a_read_also_line_and_an_advert_label_inside_the_body_are_left_out(page_bytes):
    """A "Leggi anche: <link>" paragraph and a "- Pubblicità -" label between the body's paragraphs (tagDiv's
    Newspaper theme) are no body, though the trees keep them with their neighbours."""
    doc = extract(page_bytes("wordpress_news_article.html"),
                  "https://www.nordest24.it/2025/02/19/treviso-droni-sensori-argini-piave-sperimentazione-consorzio-bonifica/")
    assert doc.text.startswith("Dodici chilometri di argini monitorati giorno e notte")
    assert "Leggi anche" not in doc.text and "Pubblicità" not in doc.text
    assert "I prossimi passi" in doc.text.split("\n")


def test_a_hindi_read_also_line_inside_the_body_is_left_out(page_bytes):
    """Dainik Jagran writes "यह भी पढ़ें- <link>" ("read this too") between the body's paragraphs, where other Hindi
    sites write "ये भी पढ़ें"."""
    doc = extract(page_bytes("hindi_news_article.html"), "https://www.jagran.com/uttar-pradesh/lucknow-city-cycle-track.html")
    assert "भी पढ़ें" not in doc.text
    assert "पेड़ों को नहीं पहुंचेगा नुकसान" in doc.text.split("\n")


def test_a_section_heading_after_a_read_more_button_is_body(page_bytes):
    """Hürriyet shows the rest of the body after a "Haberin Devamı" button, in a second ``div.news-content`` with one
    more class of its own (``news-content--continue``): a part of the body all the same, whose headings are
    section headings too."""
    doc = extract(page_bytes("turkish_split_article.html"),
                  "https://www.hurriyet.com.tr/gundem/istanbulda-baraj-doluluk-orani-yuzde-30un-altina-indi-42731108")
    lines = doc.text.split("\n")
    assert "UZMANLAR UYARIYOR: YAĞIŞ ALIŞKANLIĞI DEĞİŞİYOR" in lines
    assert "MELEN'DEN GELEN SU KRİTİK ÖNEMDE" in lines


def test_highlighted_code_blocks_inside_the_body_are_body(page_bytes):
    """dev.to writes each token of a code block in a ``<span>`` of its own: the segmentation joins them into a few
    long "words", which the trees read as no prose. Code between the body's paragraphs is the body's."""
    doc = extract(page_bytes("devto_post.html"), "https://dev.to/mirela_k/keyset-pagination-in-postgres-4h2k")
    assert "EXPLAIN ANALYZE" in doc.text and "def encode_cursor(created_at, post_id):" in doc.text
    assert "```\nEXPLAIN ANALYZE\nSELECT id, title, created_at\nFROM posts" in doc.markdown
    assert "ORDER BY created_at ASC, id ASC" not in doc.text  # the code in a comment below the article


def test_a_code_example_whose_names_link_to_their_pages_is_body(page_bytes):
    """A reference (cppreference, a Javadoc) links the names its example calls to their own pages: a third of the
    code's words are linked, and the code is the body's all the same, line for line."""
    doc = extract(page_bytes("reference_with_linked_code.html"), "https://en.cppreference.com/w/cpp/numeric/clamp_bits")
    assert "std::uint16_t pack565(std::uint8_t r, std::uint8_t g, std::uint8_t b)\n{\n" in doc.text
    assert "```\n#include <bit>\n#include <cstdint>\n" in doc.markdown
    assert "computes the result of bitwise left-rotation" not in doc.text


def test_a_read_also_heading_over_lines_of_links_inside_the_body_is_left_out(page_bytes):
    """Sina writes "相关阅读：" ("related reading") on a line of its own, over two lines that are the links, between the
    body's paragraphs."""
    doc = extract(page_bytes("sina_article.html"), "https://finance.sina.com.cn/china/2024-09-05/doc-incnxyzk7654321.shtml")
    assert "相关阅读" not in doc.text and "多地发放家电以旧换新补贴" not in doc.text
    assert "回收环节仍存短板" in doc.text.split("\n")


def test_a_chinese_photo_caption_ending_with_its_credit_is_left_out(page_bytes):
    """Sina's photo caption ends with the photographer's credit ("新华社记者 摄": photographed by a Xinhua reporter),
    in a ``span.img_descr`` inside a ``div.img_wrapper``."""
    doc = extract(page_bytes("sina_article.html"), "https://finance.sina.com.cn/china/2024-09-05/doc-incnxyzk7654321.shtml")
    assert "新华社记者 摄" not in doc.text and "回收环节仍存短板" in doc.text.split("\n")


def test_a_line_saying_the_story_goes_on_past_a_video_is_left_out(page_bytes):
    """Onet writes "Dalszy ciąg materiału pod wideo" ("the story continues below the video") over each video player
    between the body's paragraphs, as other sites write "Story continues below advertisement"."""
    doc = extract(page_bytes("polish_news_article.html"), "https://podroze.onet.pl/aktualnosci/nowe-zasady-w-tatrach/x1y2z3")
    assert "Dalszy ciąg materiału" not in doc.text
    assert len(doc.text.split()) > 300


def test_lines_asking_the_reader_to_follow_or_scan_are_left_out():
    """A WeChat account's article opens and ends with fixtures ("点击上方蓝字 · 关注我们", "END", "长按识别二维码"), and
    many news sites end with "Follow us on Twitter and Facebook" (Proto Thema's "Ακολουθήστε το protothema.gr στο Google
    News", "Подписывайтесь на наш канал в Telegram"), or to subscribe to a newsletter (Salon's "Want more ...? Subscribe
    to Salon's weekly newsletter Lab Notes.", BBC News Mundo's "Suscríbete aquí a nuestro nuevo newsletter ..."), to
    click for more stories or turn on the app's notifications (BBC News Mundo's closing lines): the trees keep them
    among the body's paragraphs,
    as they keep the Liberty Times' "請繼續往下閱讀..." (read on below) over an advert. A sentence of the body that
    mentions following stays."""
    paragraphs = ["去年春天我开始每天骑车上班，单程十二公里，穿过老城区和一段沿河的绿道。一年下来，骑了两千多公里。",
                  "最大的感受是时间变得可预测了。开车时遇到早高峰，同样的路有时二十分钟，有时一个小时。",
                  "当然也有不方便的地方。下雨天要穿雨衣，夏天到了公司要换衣服，冬天早上手指冻得发疼。",
                  "我把这一年的花费算了一下：车和配件一共三千二百元，比油费和停车费省了一大半。",
                  "Follow us on the river path, the guide said."]
    calls = ["点击上方蓝字 · 关注我们", "END", "长按识别二维码 · 关注我们", "Follow us on Twitter and Facebook",
             "Sigue a MILENIO en Google News, mantente informado de lo más relevante en México y el mundo.",
             "Ακολουθήστε το protothema.gr στο Google News και μάθετε πρώτοι όλες τις ειδήσεις",
             "Подписывайтесь на наш канал в Telegram",
             "Want more health and science stories in your inbox? Subscribe to Salon's weekly newsletter Lab Notes.",
             "請繼續往下閱讀...", "Haz clic aquí para leer más historias de BBC News Mundo.",
             "Suscríbete aquí a nuestro nuevo newsletter para recibir cada viernes una selección de nuestro mejor "
             "contenido de la semana.",
             "Y recuerda que puedes recibir notificaciones en nuestra app. Descarga la última versión y actívalas."]
    body = (f"<p>{calls[0]}</p>" + "".join(f"<p>{text}</p>" for text in paragraphs)
            + "".join(f"<p>{text}</p>" for text in calls[1:]))
    doc = extract(f"<html><head><title>骑车通勤一年</title></head><body><h1>骑车通勤一年</h1>"
                  f"<div id='js_content' class='rich_media_content'>{body}</div></body></html>")
    assert doc.text.split("\n") == paragraphs


def test_read_also_lines_with_a_bar_and_in_thai_are_left_out():
    """News24 writes "READ | <a>title</a>" between the body's paragraphs; Khaosod "อ่านข่าวที่เกี่ยวข้อง" (read the
    related news) over lines of links, and ends with "ติดตามข่าวสดทุกช่องทาง LINE @Khaosod | TikTok | YouTube"
    (follow us everywhere); IRNA "بیشتر بخوانید:" (read more) over a link; BBC News Mundo "También te puede
    interesar:" (you may also like) over a list of links; a Hungarian blog "Olvasd el ezt is:" (read this too)."""
    paragraphs = ["The city says it needs R2.3bn to replace the ageing pipes that burst twice a week in winter.",
                  "Residents of three suburbs have had no water for nine days, and tankers reach them once a day.",
                  "ค่าฝุ่น PM2.5 ในภาคเหนือยังสูงเกินมาตรฐานต่อเนื่องเป็นวันที่สาม ประชาชนควรสวมหน้ากากเมื่ออยู่นอกอาคาร",
                  "กรมควบคุมมลพิษเตือนให้งดการเผาในที่โล่งทุกชนิดจนกว่าสถานการณ์จะดีขึ้น"]
    pointers = ('<p>READ | <a href="/news/joburg-water">Joburg\'s water crisis: what the city says</a></p>'
                '<p>อ่านข่าวที่เกี่ยวข้อง</p><p><a href="/news/1">– ฝุ่นภาคเหนือพุ่ง 17 จังหวัด</a></p>'
                '<p><a href="/news/2">– หมอเตือน ฝุ่นเสี่ยงโรคหัวใจ</a></p>'
                '<p><strong>بیشتر بخوانید:</strong></p>'
                '<p><a href="/news/3">برداشت زعفران در خراسان رضوی آغاز شد</a></p>'
                '<section><p>También te puede interesar:</p><ul><li><a href="/mundo/1">Por qué los techos verdes '
                'no bastan</a></li><li><a href="/mundo/2">Las ciudades más calurosas de 2025</a></li></ul></section>'
                '<p>Olvasd el ezt is: <a href="/2025/10/tabani-kertek">A tabáni kerteken át</a></p>')
    body = (f"<p>{paragraphs[0]}</p><p>{paragraphs[1]}</p>{pointers}<p>{paragraphs[2]}</p><p>{paragraphs[3]}</p>"
            "<p>ติดตามข่าวสดทุกช่องทาง LINE @Khaosod | TikTok | YouTube</p>")
    doc = extract(f"<html><head><title>Water and air</title></head><body><h1>Water and air</h1><article>"
                  f"<div class='entry-content'>{body}</div></article></body></html>")
    assert doc.text.split("\n") == paragraphs


def test_a_photo_gallery_told_in_its_captions_keeps_them(page_bytes):
    """A gallery's page tells its story in its slides' captions under a short introduction: the trees dropped every
    caption and kept the introduction alone."""
    doc = extract(page_bytes("photo_gallery_article.html"),
                  "https://www.example-news.com/gallery/midwest-planting-delays-photos")
    assert doc.text.startswith("Farmers across the Midwest are racing")
    assert "A farmer guides a planter across a field near Ames, Iowa" in doc.text
    assert "Standing water covers a soybean field outside Decatur, Illinois" in doc.text


def test_a_table_in_a_captioned_figure_between_two_paragraphs_is_body(page_bytes):
    """WordPress's block editor puts a table in a ``figure.wp-block-table`` with its ``<figcaption>``: the figure is
    the table's wrapper, so the paragraphs around it frame the table."""
    doc = extract(page_bytes("wordpress_block_theme_post.html"), "https://harbourbooks.example/cash-flow-forecast/")
    lines = doc.text.split("\n")
    assert "Week starting | Money in | Money out | Closing balance" in lines
    assert "3 March | £4,200 | £6,900 | £15,300" in lines
    assert "| Week starting | Money in | Money out | Closing balance |" in doc.markdown


def _labelled_after(body: str, kept: Callable[[TextBlock], bool],
                    *rules: Callable[[list[TextBlock], str], None]) -> list[TextBlock]:
    """The blocks of a page with ``body``, those ``kept`` the trees' content, after the ``rules`` ran in turn."""
    blocks = segment(parse_html(f"<html><body>{body}</body></html>").root).blocks
    annotate(blocks)
    for block in blocks:
        block.is_content = kept(block)
    for rule in rules:
        rule(blocks, "blend")
    return blocks


def _framed_kept(body: str, kept: Callable[[TextBlock], bool]) -> list[str]:
    """The blocks content after :func:`framed_lists`, in an article whose blocks ``kept`` the trees kept."""
    from scrapy_boiler.extractors.blend.structure import framed_lists

    return [block.text for block in _labelled_after(f"<article>{body}</article>", kept, framed_lists)
            if block.is_content]


def test_a_list_framed_by_a_paragraph_and_a_labelled_note_is_body():
    """DITA's help pages (Salesforce's) follow a task's steps with a note box whose label ("Note") comes before its
    paragraph: past the label, the note's paragraph frames the steps; a label over no content does not."""
    steps = "".join(f"<li><span class='ph cmd'>{step}</span></li>" for step in (
        "Under Optional Features, select Track Field History.", "Return to the settings.", "Click Save."))
    before = "<div class='section'><p>Before you start, decide which fields matter for audits or questions.</p></div>"
    note = ("<div class='note'><span class='notetitle'>Note</span> <p>If you stop tracking a field, history stays."
            "</p></div>")
    kept = _framed_kept(f"{before}<ol class='steps'>{steps}</ol>{note}", lambda block: block.element.tag == "p")
    assert "Return to the settings." in kept
    related = "<div class='related'><span>Related</span> <a href='/a'>Track fields on standard objects</a></div>"
    kept = _framed_kept(f"{before}<ol class='steps'>{steps}</ol>{related}", lambda block: block.element.tag == "p")
    assert "Return to the settings." not in kept


def test_a_table_boxed_with_its_source_line_between_two_paragraphs_is_body():
    """FOCUS and VG put a table in a box with its source below it ("Quelle: ...", "Kilde: ..."): the box is the table's
    wrapper, so the paragraphs around it frame the table; the source line stays out, and a box whose table a long
    text follows is no table's wrapper. A source line may be longer after its label (Ara's "Font: ...", Nikkei
    xTECH's "（出所：...）"), and a figure (Handelsblatt's) or a box (Nikkei xTECH's, Berlingske's fact box) may hold
    a caption or heading above its table and the source below."""
    rows = "".join(f"<tr><td>{a}</td><td>{b}</td></tr>" for a, b in (("Bayern", "4,1 Prozent"),
                                                                     ("Bremen", "11,2 Prozent")))
    body = ("<p>Die Quote liegt je nach Bundesland weit auseinander, wie die neuen Zahlen zeigen.</p>"
            f'<div class="Table-Box"><table>{rows}</table><div class="Table-Source">Quelle: Bundesagentur für Arbeit'
            "</div></div><p>Im Süden ist der Arbeitsmarkt damit weiter deutlich entspannter als im Norden.</p>")
    promo = ("<p>Wer jetzt wechselt, sollte die Kündigungsfristen kennen und rechtzeitig planen.</p>"
             f"<div><table>{rows.replace('Bayern', 'Hessen')}</table><p>Unser Newsletter bringt Ihnen jeden Morgen die "
             "wichtigsten Nachrichten aus Wirtschaft und Politik kostenlos direkt in Ihr Postfach.</p></div>"
             "<p>Die Gewerkschaften fordern seit Jahren mehr Schutz für Beschäftigte in kleinen Betrieben.</p>")
    named = ("<p>Per franges d'edat, les diferències entre els joves i la gent gran són notables:</p>"
             f'<div class="ara-table-wrapper"><table>{rows.replace("Bayern", "Girona")}</table><p>Font: Enquesta '
             "d'usos lingüístics de la població (EULP). Secretaria de Política Lingüística i Idescat.</p></div>"
             "<p>Els autors atribueixen bona part del descens a l'arribada de població nascuda a l'estranger.</p>")
    figure = ("<p>Wie groß die Projekte inzwischen sind, zeigt ein Blick auf einige Beispiele aus dem Süden.</p>"
              f'<figure class="storyline-table"><figcaption>Neue Werke in Indien</figcaption><table>'
              f'{rows.replace("Bayern", "Pune")}</table><p class="source">Quelle: Unternehmensangaben</p></figure>'
              "<p>Nicht alle Projekte laufen so reibungslos, berichten Berater aus der Branche.</p>")
    nikkei = ("<p>主な指標の変化は次の通りだ。2025年4月から新しい手順を第2工場の3ラインで適用した。</p>"
              '<div class="p-article_table"><p class="p-article_table_caption">表1 導入前後の主な指標</p><table>'
              f'{rows.replace("Bayern", "稼働率")}</table><p class="p-article_table_credit">（出所：東雲プレス工業の'
              "資料を基に日経クロステックが作成）</p></div><p>同社は今後、残る2ラインにも同じ手順を広げる方針だ。</p>")
    fact_box = ("<p>Hvordan samler virksomhederne så medarbejderne, når hjemmearbejdet fylder mere?</p>"
                '<div class="fact-box"><h3 class="fact-box__title">Sådan samler virksomhederne</h3><table>'
                f'{rows.replace("Bayern", "Fælles morgenmad")}</table></div>'
                "<p>Flere virksomheder peger på, at fællesskabet skal plejes hver uge, ikke kun til jul.</p>")
    skipped = {"Newsletter", "Font:", "Quelle:", "表1"}
    kept = set(_framed_kept(body + promo + named + figure + nikkei + fact_box,
                            lambda block: block.element.tag == "p" and not skipped & set(block.text.split())))
    assert {"Bayern", "4,1 Prozent", "Bremen", "11,2 Prozent", "Girona", "Pune", "稼働率", "Fælles morgenmad"} <= kept
    assert not kept & {"Quelle: Bundesagentur für Arbeit", "Hessen", "Neue Werke in Indien", "表1 導入前後の主な指標"}


def test_a_quotation_framed_past_a_box_holding_a_picture_alone_is_body():
    """TimesLIVE sets each part of a body in a widget: a quotation's widget, then a picture's (its caption and credit
    below it), then the next section's heading. The picture's box is passed over as a picture is, so the paragraph
    above and the heading below frame the quotation."""
    quote = "“We can’t close, we have staff to pay. Every cup we sell right now costs us money,” she said."
    body = ("<p>Small businesses have also felt the pinch, the owner of a coffee shop on 7th Street said.</p>"
            f"<div class='widget-quote'><blockquote><p>{quote}</p></blockquote></div>"
            "<div class='widget-image'><figure><img src='q.jpg'><figcaption>Residents queue at a water tanker."
            "</figcaption></figure></div><h3>What residents can do</h3>"
            "<p>The city has urged residents in affected areas to store water in clean containers.</p>")
    kept = _framed_kept(body, lambda block: block.element.tag in ("p", "h3") and not block.text.startswith("“")
                        and "Residents queue" not in block.text)
    assert quote in kept and "Residents queue at a water tanker." not in kept


def test_the_line_introducing_a_table_between_content_paragraphs_is_body_with_it():
    """WDR introduces a table with a short line ending in a colon, which the trees score low on its few words: a
    content paragraph before it and the table's header row make both the body's, past a box of related links between
    them (the Houston Chronicle's); a short label ("Mehr dazu:"), a line after boilerplate or after a share bar
    does not."""
    table = ("<table><tr><th>Pegel</th><th>Wasserstand</th></tr><tr><td>Kaub</td><td>71 cm</td></tr>"
             "<tr><td>Köln</td><td>98 cm</td></tr></table>")
    paragraph = "<p>Der Pegelstand ist nicht gleich der Wassertiefe, die meist deutlich darüber liegt.</p>"
    lead = "<p>Die Wasserstände an ausgewählten Pegeln am Dienstagmorgen:</p>"
    related = ('<div class="related"><h3>Related</h3><ul><li><a href="/a">Rhein-Pegel fällt weiter</a></li>'
               '<li><a href="/b">Frachter laufen in Kaub auf Grund</a></li></ul></div>')
    share = '<div class="share"><a href="/tweet">Tweet</a> <a href="/pin">Pin It</a></div>'  # no headlines
    for html, body in ((f"{paragraph}{lead}{table}", True), (f"{paragraph}<p>Mehr dazu:</p>{table}", False),
                       (f"<div>Anzeige</div>{lead}{table}", False), (f"{paragraph}{related}{lead}{table}", True),
                       (f"<div>Anzeige</div>{related}{lead}{table}", False),
                       (f"{paragraph}{share}{lead}{table}", False)):
        kept = set(_framed_kept(f"{html}<h2>Weitere Themen</h2>", lambda block: block.text.endswith("darüber liegt.")))
        assert ({"Kaub", "71 cm", "Die Wasserstände an ausgewählten Pegeln am Dienstagmorgen:"} <= kept) is body
        assert "Weitere Themen" not in kept


def test_a_line_opening_a_text_block_introduces_the_list_after_it_when_the_block_before_ends_in_content():
    """UNICEF's CMS writes the body as text blocks, each in wrappers of its own, with a "Read more" box between two:
    a line opening a block ("UNICEF's support to the project included:") has no sibling before it, but the block
    before (past the box) ends with a content paragraph, so the line and its list are the body's. After a block that
    ends in boilerplate, they are not."""
    def block(inner: str) -> str:
        return f'<div class="text-block"><div class="container"><div class="rich-text">{inner}</div></div></div>'

    before = block("<p>To keep the system working, the community has set up a committee that collects a small fee.</p>")
    aside = '<div class="related"><aside><a href="/x">Read more: How communities prepare for drought</a></aside></div>'
    items = ["drilling and testing the borehole", "installing the solar panels and pump", "training the committee"]
    listed = block("<p>UNICEF's support to the project included:</p><ul>" + "".join(f"<li>{i}</li>" for i in items)
                   + "</ul><p>Across the country, hundreds of schools now have safe water.</p>")
    def content(b: TextBlock) -> bool:
        return b.text.startswith(("To keep", "Across"))

    kept = set(_framed_kept(before + aside + listed, content))
    assert {"UNICEF's support to the project included:", *items} <= kept
    boilerplate = block("<p>Share this story with your friends and family on your favourite social network.</p>")
    kept = set(_framed_kept(boilerplate + aside + listed, content))
    assert not kept & {"UNICEF's support to the project included:", *items}


def test_every_entry_of_a_live_blog_is_body_when_most_are(page_bytes):
    """A live blog's entries are sibling containers rendered alike; the trees dropped the short ones after an inline
    teaser. Most entries hold content, so all their prose does; their time stamps and the teaser stay out."""
    doc = extract(page_bytes("liveblog_article.html"),
                  "https://www.nachrichtenwerk.de/inland/liveblog-sturmtief-quirin-norddeutschland-100.html")
    lines = doc.text.split("\n")
    for kept in ("Sturmflutwarnung für die Nordseeküste", "In Cuxhaven wurden die Zufahrten zum Strand gesperrt.",
                 "Flughafen Hamburg: Erste Annullierungen", "Bahn stoppt Fernverkehr im Norden"):
        assert kept in lines
    assert "14:32 Uhr" not in lines and "Werden Sturmfluten an der Nordsee häufiger?" not in doc.text



def _headings_kept(html: str, region_path: str,
                   kept: Callable[[TextBlock], bool] = lambda block: block.element.tag == "p") -> list[str]:
    """The headings :func:`section_headings` keeps on a page whose blocks ``kept`` (its paragraphs), and nothing else,
    the trees kept, with the element at ``region_path`` as the main-content region."""
    page = parse_html(html)
    blocks = segment(page.root).blocks
    annotate(blocks)
    for block in blocks:
        block.is_content = kept(block)
    before = [block.is_content for block in blocks]
    section_headings(blocks, body_parts(page.root.find(region_path)), "blend")
    return [block.text for block, was in zip(blocks, before, strict=True) if block.is_content and not was]


def test_a_section_heading_between_body_parts_is_body():
    """The trees score a short heading low on its words; between the body's parts (a figure passed over) the
    heading rule keeps it, but not a heading over a box the trees dropped, a linked one, or one outside the region."""
    para = "<p>Three bedrooms above what was the village bakery until the fifties, run by a couple from Bristol.</p>"
    html = ('<html><body><div class="prose"><p>The Cotswolds has a reputation for coach parties and queues.</p>'
            f'<h2>1. The Old Bakehouse</h2><figure><img src="/1.jpg"><figcaption>The garden</figcaption></figure>{para}'
            f'<h2>2. Hillside Barn</h2>{para}<h3><a href="/more">More stays</a></h3>{para}'
            '<h2>You might also like</h2><div class="related">Ten walks near Painswick</div></div>'
            f'<aside><h2>Newsletter</h2>{para}</aside></body></html>')
    assert _headings_kept(html, ".//div") == ["1. The Old Bakehouse", "2. Hillside Barn"]


def test_a_quotation_kept_frames_the_headed_list_after_it_in_the_same_pass():
    """Wix: a quotation the paragraphs frame, then a heading over a list, then the next section: the quotation,
    kept, frames the heading and its list in the same pass."""
    items = ["Jerking the lead frightens the dog.", "Retractable leads pull all the time."]
    body = ("<p>One of our course members summed it up like this:</p><blockquote>Walking on a lead is a habit, not an "
            "exercise.</blockquote><h2>What to avoid</h2><ul>" + "".join(f"<li><p>{item}</p></li>" for item in items)
            + "</ul><h2>How long does it take?</h2><p>It depends on the dog and on how long pulling has worked for "
            "it.</p>")
    kept = _framed_kept(body, lambda block: (block.element.tag == "p" and block.element.getparent().tag != "li")
                        or block.text == "How long does it take?")
    assert {"Walking on a lead is a habit, not an exercise.", "What to avoid", *items} <= set(kept)


def _widget(kind: str, inner: str) -> str:
    return (f'<div class="elementor-element elementor-widget elementor-widget-{kind}"><div '
            f'class="elementor-widget-container">{inner}</div></div>')


def test_a_heading_in_a_widget_of_its_own_framed_by_the_bodys_widgets_is_body():
    """Elementor sets each heading in a widget of its own between the paragraphs' widgets: outside the region (one
    paragraphs' widget), a heading whose box the body's boxes frame is the body's; one before a form is not."""
    para = "<p>Water expands by roughly nine percent when it turns to ice inside a closed pipe.</p>"
    html = ('<html><body><div class="e-con">' + _widget("text-editor", para * 2)
            + _widget("heading", "<h2>Our winter checklist</h2>") + _widget("text-editor", para)
            + _widget("heading", "<h2>Get in touch</h2>") + _widget("form", "<form><input name='q'></form>")
            + "</div></body></html>")
    assert _headings_kept(html, ".//div[@class='elementor-widget-container']") == ["Our winter checklist"]


def _avada_column(inner: str, column: int) -> str:
    return (f'<div class="fusion-layout-column fusion_builder_column fusion-builder-column-{column}"><div '
            f'class="fusion-column-wrapper">{inner}</div></div>')


def test_a_heading_between_numbered_boxes_of_the_bodys_text_is_body():
    """Avada numbers each instance of a builder element ("fusion-text fusion-text-2", Divi "et_pb_text_2"): the
    body's text boxes are still rendered alike, and a heading framed by two of them is the body's, as one in its own
    title element ("fusion-title-1") shares no class with them; a heading over a button box is not."""
    para = "<p>Water expands by roughly nine percent when it turns to ice inside a closed pipe.</p>"
    title = '<div class="fusion-title title fusion-title-{}"><h2>{}</h2></div>'
    text = '<div class="fusion-text fusion-text-{}">{}</div>'
    html = ("<html><body><div class='post-content'>"
            + _avada_column(text.format(1, para * 2) + title.format(1, "Our winter checklist") + text.format(2, para),
                            0)
            + _avada_column(text.format(3, para) + title.format(2, "Get in touch")
                            + "<div class='fusion-button-wrapper'><a href='/contact'>Book a visit</a></div>", 1)
            + "</div></body></html>")
    assert _headings_kept(html, ".//div[@class='fusion-text fusion-text-1']") == ["Our winter checklist"]
    page = parse_html(html)
    parts = body_parts(page.root.find(".//div[@class='fusion-text fusion-text-1']"))
    assert [part.get("class") for part in parts[1:]] == ["fusion-text fusion-text-2", "fusion-text fusion-text-3"]


def test_a_list_opening_the_container_after_the_box_its_lead_in_ends_is_introduced():
    """Elementor's lead-in ("... through unheated spaces:") ends a paragraphs' widget; its list is an icon-list
    widget opening the next container, an element of the same builder: the line introduces it, and its items are the
    body's."""
    from scrapy_boiler.extractors.blend.structure import introduced_lists

    items = ["Outdoor hose bibs", "Pipes in crawl spaces", "Lines along exterior walls"]
    listed = "<ul>" + "".join(f"<li><span>{item}</span></li>" for item in items) + "</ul>"
    text = ("<p>Water expands by roughly nine percent when it turns to ice inside a closed pipe.</p><p>The pipes "
            "most at risk are the ones that run through unheated spaces:</p>")
    page = parse_html('<html><body><div class="e-con">' + _widget("text-editor", text)
                      + '<div class="elementor-element e-con e-child">' + _widget("icon-list", listed)
                      + _widget("text-editor", "<p>Insulate what you can before the first frost.</p>")
                      + "</div></div></body></html>")
    blocks = segment(page.root).blocks
    annotate(blocks)
    for block in blocks:
        block.is_content = block.element.tag == "p"
    introduced_lists(blocks, "blend")
    assert set(items) <= {block.text for block in blocks if block.is_content}


def test_a_table_between_a_paragraph_and_a_heading_the_rules_put_back_is_body():
    """ERR sets a table between a paragraph and the next section's heading: the trees drop the table and the heading
    on their few words, the heading rule puts the heading back, and the table, framed by the paragraph and that
    heading, is read again as the body's."""
    from scrapy_boiler.extractors.blend.extractor import BlendExtractor, page_context

    para = "<p>Keskkonnaameti andmed näitavad, et kahjustuste pindala on kasvanud peaaegu kõigis maakondades.</p>"
    rows = "".join(f"<tr><td><p>{county}</p></td><td><p>{area}</p></td></tr>"
                   for county, area in (("Maakond", "2024 (ha)"), ("Võrumaa", "2350"), ("Valgamaa", "1640")))
    page = parse_html(f"<html><body><article>{para}{para}<table>{rows}</table><h2>Teadlased: kliima soosib "
                      f"kahjurit</h2>{para}{para}</article></body></html>")
    blocks = segment(page.root).blocks
    annotate(blocks)
    weights = [paragraph_weight(block) for block in blocks]
    model = BlendModel.load(model_file("blend.json"))
    blend = BlendExtractor(model, dict.fromkeys(model.votes, lambda *_: None))
    blend.decide(blocks, np.array([0.9 if block.element.tag == "p" and block.element.getparent().tag == "article"
                                   else 0.05 for block in blocks]), page_context(page, blocks, weights))
    assert [block.text for block in blocks if block.is_content][2:-2] == [
        "Maakond", "2024 (ha)", "Võrumaa", "2350", "Valgamaa", "1640", "Teadlased: kliima soosib kahjurit"]


def test_a_section_heading_linked_to_its_own_anchor_is_unlinked():
    """mdBook (like Sphinx and many wikis) links each section's title to its own anchor: a heading, not a link away;
    one linking to another page stays out."""
    para = "<p>A BTreeMap keeps its keys sorted at all times, so iterating over it visits them in ascending order.</p>"
    html = (f'<html><body><main>{para}<h2 id="range"><a class="header" href="#range">Querying a Range of Keys</a>'
            f'</h2>{para}<h2><a href="/ch09-04.html">Storing Sets</a></h2>{para}</main></body></html>')
    assert _headings_kept(html, ".//main") == ["Querying a Range of Keys"]


def test_a_heading_and_the_list_under_it_between_content_paragraphs_are_body():
    """vc.ru closes a story with a section heading ("Итоги") over a list of figures, then a paragraph: the trees score
    both low on their few words; between content paragraphs they are the body's, and not after boilerplate."""
    para = "<p>Мы перенесли хранилище обратно в собственный дата-центр за четыре месяца.</p>"
    figures = "<h2>Итоги</h2><ul><li>было: 1,18 млн рублей в месяц;</li><li>стало: 680 тысяч рублей в месяц.</li></ul>"
    for html, body in ((f"{para}{figures}{para}", True), (f"<div>Реклама</div>{figures}{para}", False)):
        kept = set(_framed_kept(html, lambda block: block.element.tag == "p"))
        assert ({"Итоги", "было: 1,18 млн рублей в месяц;"} <= kept) is body


def test_a_list_wrapped_with_a_spacer_and_followed_by_an_advert_label_is_framed():
    """Over-blog puts each part of a post in a section of its own: a list with an editor's spacer paragraph after it
    in its wrapper, an advert slot showing its label ("Publicité") before the next part's heading. The list is framed
    by the paragraph before it and that heading all the same."""
    para = "<p>Le far breton, c'est avant tout un flan épais, dense, presque crémeux au centre et doré dessus.</p>"
    items = "<ul><li>1 litre de lait entier</li><li>250 g de farine de blé T55</li></ul>"
    html = (f'<div class="ob-section">{para}</div><div class="ob-section"><div class="ob-text">{items}<p>&nbsp;</p>'
            '</div></div><div class="ob-section ob-ad"><div>Publicité</div></div><div class="ob-section">'
            f"<p>La veille, faites tremper les pruneaux dans un bol d'eau tiède additionnée de rhum.</p></div>")
    kept = _framed_kept(html, lambda block: block.element.tag == "p")
    assert "1 litre de lait entier" in kept and "Publicité" not in kept


def test_a_statement_of_figures_under_its_title_line_is_body_and_a_calendar_is_not():
    """GlobeNewswire ends a results release with the statement of operations: a table of figures whose first row is
    bold (no ``<th>``), under a content line, with nothing after it; the paragraph above presents it. A calendar's
    table of days under a paragraph is no such data."""
    title = "<p>Condensed consolidated statements of operations of the company for the quarter (unaudited)</p>"
    rows = [("(in thousands)", "Q4 2024", "Q4 2023"), ("Revenue", "$412,806", "$371,552"),
            ("Cost of revenue", "318,214", "291,870"), ("Net income", "$24,905", "$17,644")]
    statement = "<table>" + "".join(
        "<tr>" + "".join(f"<td><strong>{cell}</strong></td>" if number == 0 else f"<td>{cell}</td>" for cell in row)
        + "</tr>" for number, row in enumerate(rows)) + "</table>"
    kept = _framed_kept(f"{title}{statement}", lambda block: block.element.tag == "p")
    assert "$412,806" in kept and "Net income" in kept
    days = "<table><tr><th>Mo</th><th>Tu</th><th>We</th></tr>" + "".join(
        f"<tr><td>{day}</td><td>{day + 1}</td><td>{day + 2}</td></tr>" for day in (1, 8, 15, 22)) + "</table>"
    assert _framed_kept(f"{title}{days}", lambda block: block.element.tag == "p") == [title[3:-4]]
    # a layout table (a box of readers' comments) holding a data table of its own: the inner table's header row is
    # not the box's
    box = ("<table><tr><td><b>Tell us what you think...</b></td></tr><tr><td>Reader comments are moderated before "
           "they appear.<table><tr><th>Name</th><th>Posted</th></tr><tr><td>jo</td><td>today</td></tr></table>"
           "</td></tr></table>")
    assert _framed_kept(f"{title}{box}", lambda block: block.element.tag == "p") == [title[3:-4]]


def test_a_table_linking_only_to_parts_of_the_page_is_framed_like_an_unlinked_one():
    """Docsy's table of policies says "see <a href="#combining">Combining policies</a>" in a cell: a link to a part
    of the page, not away from it; a table linking elsewhere, or a table of contents (lines that are links to parts of
    the page), is left out as before."""
    lead = "<p>The processor currently supports the following policy types, each with its own settings:</p>"
    after = "<p>Policies are evaluated independently and their results are combined with a logical or.</p>"

    def table(href: str) -> str:
        return ("<table><tr><th>Policy</th><th>Keeps a trace when</th></tr><tr><td>latency</td><td>The trace took "
                "longer than the threshold.</td></tr><tr><td>composite</td><td>Its share allows it; see "
                f'<a href="{href}">Combining policies</a>.</td></tr></table>')

    for href, body in (("#combining-policies", True), ("/docs/other-page", False)):
        kept = _framed_kept(f"{lead}{table(href)}{after}", lambda block: block.element.tag == "p")
        assert ("latency" in kept) is body
    contents = '<ul><li><a href="#overview">Overview</a></li><li><a href="#addresses">Civic addresses</a></li></ul>'
    assert _framed_kept(f"{lead}{contents}{after}", lambda block: block.element.tag == "p") == [
        "The processor currently supports the following policy types, each with its own settings:",
        "Policies are evaluated independently and their results are combined with a logical or."]  # a table of contents


def test_a_list_its_lead_in_introduces_past_a_read_also_box_is_body():
    """Live Hindustan sets a "read also" box between a paragraph ending with a colon and the list it introduces: the
    list is the body's all the same."""
    lead = "<p>डॉक्टरों के मुताबिक, लू से बचने के लिए इन बातों का ध्यान रखें:</p>"
    box = '<div class="alsoRead"><span>इसे भी पढ़ें:</span> <a href="/x">गर्मी में बढ़ रहे डिहाइड्रेशन के मामले</a></div>'
    items = "<ul><li>खूब पानी पिएं।</li><li>हल्के रंग के ढीले सूती कपड़े पहनें।</li></ul>"
    kept = _framed_kept(f"{lead}{box}{items}", lambda block: block.element.tag == "p")
    assert "खूब पानी पिएं।" in kept and "इसे भी पढ़ें: गर्मी में बढ़ रहे डिहाइड्रेशन के मामले" not in kept
    # after a quotation, a "read also" line heads the links under it: no frame is looked for past it
    tip = "<blockquote><p>Dica de ouro: reserve os jantares de sexta e sábado com antecedência.</p></blockquote>"
    kept = _framed_kept(f"<p>Ouro Preto fica a duas horas de Belo Horizonte pela BR-356.</p>{tip}<p>Leia também:</p>"
                        '<ul><li><a href="/c">12 pratos da comida mineira</a></li></ul>',
                        lambda block: block.element.tag == "p" and block.element.getparent().tag != "blockquote")
    assert "Dica de ouro: reserve os jantares de sexta e sábado com antecedência." in kept


def test_a_quotation_a_content_paragraph_introduces_is_body_before_an_advert():
    """Die Presse sets an advert right after a quotation the paragraph above introduces ("... formuliert es so:"):
    the colon says the quotation is the body's; one after a paragraph that introduces nothing needs body after it."""
    quote = "<blockquote><p>„Wer Einsparungen verlangt, muss auch sagen, welche Leistungen wegfallen.“</p></blockquote>"
    advert = '<div class="adslot">Anzeige</div>'
    for lead, body in (("Ein Bürgermeister aus dem Mostviertel formuliert es so:", True),
                       ("Ein Bürgermeister aus dem Mostviertel sieht das anders.", False)):
        assert _framed_kept(f"<p>{lead}</p>{quote}{advert}", lambda block, lead=lead: block.text == lead)[1:] == (
            ["„Wer Einsparungen verlangt, muss auch sagen, welche Leistungen wegfallen.“"] if body else [])


def test_a_quotation_written_without_paragraphs_between_content_paragraphs_is_body():
    """Webflow writes a quotation's text straight into the ``<blockquote>``: the quotation is its own block, framed
    by the body's paragraphs as one holding a paragraph is; a pull quote repeating the body stays out."""
    before = "<p>Automated reminders work, but the wording decides whether the customer pays this week or next.</p>"
    after = "<p>The second one is not softer on the facts, it is just harder to ignore for a busy customer.</p>"
    quote = "<blockquote>Hi Sam, just a quick nudge that invoice 1043 was due last Friday.</blockquote>"
    pull = "<blockquote>It is just harder to ignore for a busy customer.</blockquote>"
    kept = _framed_kept(f"{before}{quote}{after}{pull}{after}", lambda block: block.element.tag == "p")
    assert "Hi Sam, just a quick nudge that invoice 1043 was due last Friday." in kept
    assert "It is just harder to ignore for a busy customer." not in kept


def test_a_paragraph_all_in_bold_between_body_parts_is_a_section_heading():
    """krone.at's editors mark a section's heading as a bold paragraph; one with text outside its bold part, a label
    ending with a colon, or one in bold over a box the trees dropped, is no heading."""
    para = "<p>Die Brandmeldeanlage schlug sofort Alarm, beide Tunnelröhren wurden für den Verkehr gesperrt.</p>"
    html = (f'<html><body><div class="text">{para}<p><strong>Rauch bis weit über das Portal</strong></p>{para}'
            f"<p><b>Wichtig:</b> Die Asfinag rät zu Umwegen.</p>{para}<p><b>Mehr Bilder:</b></p>{para}"
            "<p><strong>Das könnte Sie auch interessieren"
            '</strong></p><div class="teaser">Blockabfertigung am Wochenende</div></div></body></html>')
    assert _headings_kept(html, ".//div", lambda block: block.text.startswith("Die Brandmeldeanlage")) == [
        "Rauch bis weit über das Portal"]


def test_a_section_heading_drawn_as_a_block_inside_a_heading_is_body():
    """Draft.js (Ynet) writes every block of the text as a ``div``, inside an ``h2`` for a heading: the block is the
    heading's."""
    para = ('<div class="text_editor_paragraph"><div class="block"><span>Noga asked the public to delay laundry and '
            "dishwashers until after eight in the evening.</span></div></div>")
    heading = '<h2 class="text_editor_header"><div class="block"><span>What the public is asked</span></div></h2>'
    html = f'<html><body><main><div class="body">{para}{heading}{para}</div></main></body></html>'
    assert _headings_kept(html, ".//main/div", lambda block: block.text.startswith("Noga")) == [
        "What the public is asked"]


def _headings_kept_on_a_second_reading(html: str) -> list[str]:
    """The headings :func:`section_headings` keeps, read twice (as the blend reads them again after its later rules),
    on a page whose paragraphs the trees kept, with its first ``<div>`` as the region."""
    page = parse_html(html)
    blocks = segment(page.root).blocks
    annotate(blocks)
    for block in blocks:
        block.is_content = block.element.tag == "p"
    for _ in range(2):
        section_headings(blocks, body_parts(page.root.find(".//div")), "blend")
    return [block.text for block in blocks if block.is_content and block.element.tag != "p"]


def test_a_heading_over_a_heading_the_rule_kept_is_not_thereby_body():
    """Read again after the later rules, a video's title (an ``h3``) over a section heading the rule kept is not a
    heading over content (WDR)."""
    para = "<p>Am Pegel Köln zeigte die Anzeige am Dienstagmorgen 98 Zentimeter, so wenig wie seit Jahren nicht.</p>"
    html = (f'<html><body><div class="body">{para}<div class="video"><h3>Video: Schiffe nur halb beladen</h3></div>'
            f"<h2>Kritisch ist vor allem der Mittelrhein</h2>{para}</div></body></html>")
    assert _headings_kept_on_a_second_reading(html) == ["Kritisch ist vor allem der Mittelrhein"]


def test_a_sections_heading_over_its_first_subsections_heading_is_body():
    """VuePress opens a section with its ``h2`` and at once its first subsection's ``h3``: the section's heading titles
    the subsection the rule kept, as a heading of lower rank over a higher one does not (WDR's video title)."""
    para = "<p>在路由模块中通过 meta.roles 声明访问该路由所需的角色，未声明时所有登录用户都可以访问。</p>"
    html = (f'<html><body><div class="content">{para}<h2>路由级权限</h2><h3>声明路由所需角色</h3>{para}</div>'
            "</body></html>")
    assert _headings_kept(html, ".//div") == ["声明路由所需角色"]
    assert _headings_kept_on_a_second_reading(html) == ["路由级权限", "声明路由所需角色"]


def test_a_section_heading_over_a_read_also_aside_and_then_content_is_body():
    """Politiken sets a "Læs også" box (an ``<aside>``) between a section's heading and its first paragraph: the
    heading still titles content; a heading inside such a box is not thereby the body's."""
    para = "<p>Ministeriet vil først tage stilling, når evalueringen af forsøget foreligger til sommer.</p>"
    aside = '<aside class="related"><h3>Læs også</h3><a href="/a"><h3>Analyse: Skolen og AI</h3></a></aside>'
    html = (f'<html><body><div class="body">{para}<h3>Ministeriet afventer</h3>{aside}{para}'
            '<aside><h3>Fakta om forsøget</h3><div>Tre gymnasier deltager.</div></aside></div></body></html>')
    assert _headings_kept(html, ".//div") == ["Ministeriet afventer"]


def test_a_section_heading_in_a_later_part_of_a_split_body_is_body():
    """Adverts split the body into sections, each a copy of the same markup; the region is the first part, and a
    heading in a later part, over content, is kept like one in the first. Markup that is not the body's stays out."""
    para = "<p>The vote fell short by eleven, and the chancellor's party now has to decide what comes next.</p>"

    def part(inner: str) -> str:
        return (f'<div class="row"><div class="col"><div class="content"><div class="body">{inner}</div></div></div>'
                '</div>')

    html = (f'<html><body><main>{part(para * 3)}<div class="ad">Reklama</div>{part("<h2>Who will govern?</h2>" + para)}'
            '<div class="row"><div class="col"><div class="teaser"><div class="body"><h2>Read also</h2>'
            f'{para}</div></div></div></div></main></body></html>')
    assert _headings_kept(html, ".//div[@class='body']") == ["Who will govern?"]


def test_recipe_lines_are_read_from_ingredients_steps_and_sections():
    script = json.dumps({"@graph": [{"@type": "BlogPosting", "articleBody": "Not a step."}, {
        "@type": ["Recipe"], "recipeIngredient": ["2 eggs", " 1 cup milk "],
        "recipeInstructions": ["Whisk.", {"@type": "HowToStep", "text": "Fry."},
                               {"@type": "HowToSection", "name": "Serve", "itemListElement": [
                                   {"@type": "HowToStep", "text": "Fold and serve."}]}]}]})
    assert recipe_lines([script, "{not json"]) == ["2 eggs", "1 cup milk", "Whisk.", "Fry.", "Fold and serve."]
    assert recipe_lines([json.dumps({"@type": "NewsArticle", "articleBody": "x"})]) == []


def test_a_declared_recipe_cards_ingredients_and_steps_are_body(page_bytes):
    """A recipe card's short lines score as chrome; the page's JSON-LD Recipe says they are the post's recipe."""
    html = page_bytes("recipe_post.html")
    doc = extract(html, url="https://littlelarder.example/rhubarb-ginger-crumble-bars/")
    page = parse_html(html)
    declared = recipe_lines(page.json_ld)
    assert len(declared) == 15
    text = squashed(doc.text)
    assert [line for line in declared if squashed(line) not in text] == []
    assert "Tried this recipe" not in doc.text and "Popular" not in doc.text and "Made these" not in doc.text


def test_a_recipe_the_page_mostly_does_not_show_labels_nothing():
    """Declared lines that the page mostly does not show (another recipe's data) label no block."""
    page = parse_html("<html><body><p>Fry the onions until soft and golden.</p><p>Serve at once.</p></body></html>")
    blocks = segment(page.root).blocks
    annotate(blocks)
    lines = [squashed(line) for line in ("Fry the onions until soft and golden.", "Chop the carrots finely.",
                                         "Boil the pasta.", "Grate the cheese over it.")]
    declared_recipe(blocks, lines[1:] + lines[:1], "blend")
    assert not any(block.is_content for block in blocks)
    declared_recipe(blocks, lines[:2], "blend")
    assert [block.text for block in blocks if block.is_content] == ["Fry the onions until soft and golden."]


def test_a_declared_ingredient_shown_in_a_table_rows_cells_is_found_in_the_row():
    """Chefkoch sets each ingredient in a table row, amount and name in two cells ("1 kg" | "Hokkaidokürbis"), where
    its JSON-LD declares "1 kg Hokkaidokürbis": the row shows the line, and its cells are the recipe's."""
    rows = (("1 kg", "Hokkaidokürbis"), ("150 g", "Linsen, rote"), ("2 EL", "Currypaste, rote"))
    table = "".join(f"<tr><td><span>{amount}</span></td><td><span>{name}</span></td></tr>" for amount, name in rows)
    page = parse_html(f"<html><body><table class='ingredients'>{table}</table><p>Zur Startseite</p></body></html>")
    blocks = segment(page.root).blocks
    annotate(blocks)
    declared_recipe(blocks, [squashed(f"{amount} {name}") for amount, name in rows], "blend")
    assert [block.text for block in blocks if block.is_content] == [cell for row in rows for cell in row]


def test_a_declared_ingredient_shown_without_a_word_of_it_is_found():
    """Marmiton's card shows "150 g bûche de chèvre" where its JSON-LD declares "150 g de bûche de chèvre": a line
    shown with a few characters of the declared one left out, the rest in order, is that line; one that leaves out
    more (a breadcrumb's "Thym", declared "2 brins de thym") or shows other characters ("Zutaten drucken"), is not."""
    shown = ("150 g bûche de chèvre", "20 cl crème fraîche épaisse", "3 poireaux", "Zutaten drucken", "Thym")
    page = parse_html("<html><body><ul>" + "".join(f"<li>{line}</li>" for line in shown) + "</ul></body></html>")
    blocks = segment(page.root).blocks
    annotate(blocks)
    declared = ("150 g de bûche de chèvre", "20 cl de crème fraîche épaisse", "3 poireaux", "Zutaten für vier Personen",
                "2 brins de thym")
    declared_recipe(blocks, [squashed(line) for line in declared], "blend")
    assert [block.text for block in blocks if block.is_content] == list(shown[:3])


def test_faq_lines_are_read_from_questions_and_answers_by_reference():
    """Yoast declares its FAQ block as a ``FAQPage`` whose ``mainEntity`` refers to ``Question`` nodes of the graph;
    an answer's text is HTML, read one paragraph per line."""
    script = json.dumps({"@graph": [
        {"@type": "FAQPage", "@id": "#faq", "mainEntity": [{"@id": "#q1"}, {"@id": "#q2"}]},
        {"@type": "Question", "@id": "#q1", "name": "Is two days enough?",
         "acceptedAnswer": {"@type": "Answer", "text": "<p>For the city, yes.</p><p>Add a day for the lake.</p>"}},
        {"@type": "Question", "@id": "#q2", "name": "Do I need a car?", "acceptedAnswer": [
            {"@type": "Answer", "text": "No &amp; never."}]}]})
    assert faq_lines([script]) == ["Is two days enough?", "For the city, yes.", "Add a day for the lake.",
                                   "Do I need a car?", "No & never."]


def test_a_declared_faqs_questions_and_answers_are_body():
    """An FAQ block ending a blog post (Yoast's, Rank Math's) reads as chrome to the trees, short questions and
    answers in boxes of their own; the page's ``FAQPage`` says they are the post's. A box of questions the page does
    not declare stays as the trees scored it."""
    faq = [("Is two days in Ljubljana enough?", "For the city itself, yes, with one day trip."),
           ("Can you visit Lake Bled without a car?", "Easily. Buses leave the main station every hour.")]
    declared = json.dumps({"@context": "https://schema.org", "@type": "FAQPage", "mainEntity": [
        {"@type": "Question", "name": q, "acceptedAnswer": {"@type": "Answer", "text": a}} for q, a in faq]})
    shown = "".join(f'<div class="schema-faq-section"><strong class="schema-faq-question">{q}</strong><p '
                    f'class="schema-faq-answer">{a}</p></div>' for q, a in faq)
    page = parse_html(f'<html><head><script type="application/ld+json">{declared}</script></head><body><p>The old '
                      f'town is small enough to walk in a morning.</p><div class="schema-faq">{shown}</div><div>'
                      '<strong>Is the castle open on Mondays?</strong><p>Only in summer.</p></div></body></html>')
    blocks = segment(page.root).blocks
    annotate(blocks)
    for block in blocks:
        block.is_content = block.text.startswith("The old town")
    declared_faq(blocks, [squashed(line) for line in faq_lines(page.json_ld)], "blend")
    assert [block.text for block in blocks if block.is_content] == [
        "The old town is small enough to walk in a morning.", *(line for pair in faq for line in pair)]


@pytest.mark.parametrize(("names", "comment"), [
    ("comment-respond", 1), ("respond", 1), ("responses", 1),
    ("table-responsive", 0), ("wp-embed-responsive", 0), ("img-responsive", 0),
])
def test_responsive_layouts_are_not_comments(names, comment):
    assert name_kinds(names)[3] == comment


@pytest.mark.parametrize(("names", "chrome"), [
    ("sidebar", 1), ("sidebar-left", 1), ("site-sidebar widget-area", 1), ("sidebar_right", 1),
    # a layout that says it has (or lacks) a sidebar, or a grid whose columns are the body and a sidebar
    ("content container without-sidebar", 0), ("layout has-sidebar", 0), ("page with-sidebar", 0),
    ("no-sidebar", 0), ("sidebar-grid__content article__content", 0), ("sidebar-layout__main", 0),
])
def test_a_layout_named_after_its_sidebar_is_no_sidebar(names, chrome):
    """Politico Europe's body is ``sidebar-grid__content``; a blend trained without it dropped half the article."""
    assert name_kinds(names)[2] == chrome


#: Body classes of a WordPress theme: they describe the page (its template, its layout), not a part of it.
PAGE_CLASSES = "single single-post postid-4821 has-sidebar comments-open header-sticky wp-embed-responsive"


@pytest.mark.parametrize("page", ["wordpress_news_article.html", "news_article.html", "page_builder_post.html",
                                  "hugo_post.html", "ghost_post.html"])
def test_the_bodys_class_names_mark_no_part_of_the_page(page_bytes, page):
    html = page_bytes(page).decode("utf-8")
    plain = re.sub(r"<body[^>]*>", "<body>", html, count=1)
    named = plain.replace("<body>", f'<body class="{PAGE_CLASSES}">', 1)
    assert extract(named).text == extract(plain).text


@pytest.mark.parametrize(("holding", "all_kept"), [(5, True), (4, False), (8, True)])
def test_a_run_of_entries_is_whole_when_more_than_half_hold_content(holding, all_kept):
    entries = "".join(f'<div class="entry"><p>Update {i}: the storm reached the coast town number {i} this hour and '
                      f"roads were closed.</p></div>" for i in range(8))
    page = parse_html(f'<html><body><div class="entries">{entries}</div></body></html>')
    blocks = segment(page.root).blocks
    annotate(blocks)
    for block in blocks:
        block.is_content = int(block.text.split()[1].rstrip(":")) < holding
    _whole_entries(blocks, "blend")
    assert all(block.is_content for block in blocks) == all_kept
    assert sum(block.is_content for block in blocks) == (8 if all_kept else holding)


def _after_entries(body: str, kept: Callable[[TextBlock], bool]) -> list[TextBlock]:
    """The blocks of ``body`` after :func:`_whole_entries` and :func:`_entry_headings`, those ``kept`` the trees'."""
    return _labelled_after(body, kept, _whole_entries, _entry_headings)


def _number(block: TextBlock) -> int:
    """The entry's number in "Update 3: ..."."""
    return int(block.text.split()[1].rstrip(":"))


def test_a_live_blogs_named_entries_are_whole_however_few_the_trees_kept():
    """tagesschau's live blog: the trees kept two of six entries; entries named as a live blog's are one text, all
    of them kept; a run named for nothing stays at the majority rule."""
    for name, kept in (("liveblog--anchor", 6), ("entry", 2)):
        entries = "".join(f'<div class="{name}"><p>Update {i}: the Danube at Passau rose again this hour, by ten '
                          f"centimetres.</p></div>" for i in range(6))
        blocks = _after_entries(f'<div class="entries">{entries}</div>', lambda block: _number(block) < 2)
        assert sum(block.is_content for block in blocks) == kept, name


def test_a_run_of_list_items_holding_articles_is_whole_when_most_hold_content():
    """The BBC's live page draws each entry as ``li > article > div > p`` under a heading: the entry is the ``li``
    two levels above the paragraphs, and its heading joins the content with its prose. Entries without headings
    are read so only where they are the paragraphs' parents."""
    entries = "".join(f'<li class="StreamItem"><article class="Post"><header><h3>Update {i}</h3></header><div '
                      f'class="RichText"><p>Update {i}: the aurora was seen over coast town number {i} this hour.</p>'
                      f'</div></article></li>' for i in range(6))
    blocks = _after_entries(f'<ol class="Stream">{entries}</ol>',
                            lambda block: block.element.tag == "p" and _number(block) < 4)
    assert all(block.is_content for block in blocks)
    # boxes of one paragraph each, without headings (ZDF writes its body so, an embed's placeholder in a box too):
    # only a block whose parent is the entry joins
    boxes = "".join(f'<div class="c10o8fzf"><div class="inner"><p>Box {i}: the trade figures of month number {i} '
                    f'were published today.</p></div></div>' for i in range(6))
    blocks = _after_entries(f"<div class='body'>{boxes}</div>", lambda block: _number(block) < 4)
    assert sum(block.is_content for block in blocks) == 4


#: A newsletter sign-up box, its element named by ``{names}``.
_SIGN_UP_BOX = ('<div {names}><h3>Get our morning briefing</h3><p>The day\'s most important stories, explained, '
                "in your inbox every weekday morning before seven. Free to sign up, and you can unsubscribe at any "
                'time with one click.</p><form><input type="email"><button>Sign up</button></form></div>')


def _plain_and_boxed(html: str, box: str) -> tuple[str, str]:
    """The text of ``html``, and its text with ``box`` put after its middle paragraph."""
    ends = [m.end() for m in re.finditer("</p>", html)]
    middle = ends[len(ends) // 2]
    return extract(html).text, extract(html[:middle] + box + html[middle:]).text


def _assert_box_in_the_middle_stays_out(html: str, box: str) -> None:
    """The box put after the middle paragraph of ``html`` changes nothing of its text."""
    plain, boxed = _plain_and_boxed(html, box)
    assert "morning briefing" not in boxed and "in your inbox" not in boxed
    assert boxed == plain


@pytest.mark.parametrize("page", ["wordpress_news_article.html", "ghost_post.html", "hugo_post.html",
                                  "news_article.html", "markdown_article.html"])
def test_a_newsletter_sign_up_box_inside_the_body_stays_out(page_bytes, page):
    _assert_box_in_the_middle_stays_out(page_bytes(page).decode("utf-8"),
                                        _SIGN_UP_BOX.format(names='class="inline-signup"'))


#: An invitation to the site's WhatsApp channel, as tabloids put it between the body's paragraphs.
_CHANNEL_BOX = ('<div class="{name}"><p class="channel-title">Get the latest news to your phone. Join us on WhatsApp'
                '</p><p class="channel-info">Our community members are treated to special offers, promotions, and '
                'adverts from us and our partners. You can check out at any time.</p></div>')


#: The placeholder a consent manager leaves where an embed was, which the reader's privacy settings block.
_EMBED_PLACEHOLDER = ('<div class="{name}"><h3>External content not available</h3><p>Your privacy settings prevent '
                      'the loading and display of all external content, such as graphics, tables, videos and social '
                      'media posts. To show this content, change your settings.</p></div>')


@pytest.mark.parametrize("page", ["wordpress_news_article.html", "ghost_post.html", "news_article.html"])
@pytest.mark.parametrize(("box", "name", "phrase"), [
    (_CHANNEL_BOX, "whatsapp-group", "community members"), (_CHANNEL_BOX, "telegram-channel", "community members"),
    (_EMBED_PLACEHOLDER, "sourcepoint__social-placeholder", "privacy settings"),
    (_EMBED_PLACEHOLDER, "embed-consent-placeholder", "privacy settings"),
])
def test_a_messaging_channels_invitation_or_a_consent_placeholder_stays_out(page_bytes, page, box, name, phrase):
    plain, boxed = _plain_and_boxed(page_bytes(page).decode("utf-8"), box.format(name=name))
    assert phrase not in boxed and boxed == plain


#: A reader poll between the body's paragraphs, its question three wrappers down (20 Minuten's CSS-module poll).
_POLL_BOX = ('<div class="{name}"><div class="sc-c7badfe-0"><div class="sc-c7badfe-1"><p>Should the city council ban '
             'cars from the old town centre on weekends, as the traders\' association has proposed this week?</p>'
             '</div><ul><li>Yes, absolutely.</li><li>No, the shops would suffer.</li><li>Only in summer.</li></ul>'
             '</div></div>')


@pytest.mark.parametrize("page", ["wordpress_news_article.html", "ghost_post.html", "news_article.html"])
@pytest.mark.parametrize("name", ["article-poll", "Article_elementPoll__0I_DP", "wp-polls polls-12"])
def test_a_reader_poll_inside_the_body_stays_out(page_bytes, page, name):
    plain, boxed = _plain_and_boxed(page_bytes(page).decode("utf-8"), _POLL_BOX.format(name=name))
    assert "traders' association" not in boxed and boxed == plain


@pytest.mark.parametrize(("names", "poll"), [
    ("article-poll", True), ("pollQuestion", True), ("polloptions", True), ("widget widget_polls-widget", True),
    ("umfrage-box", True),
    ("post type-post tag-polls category-politics", False), ("apollo-root", False), ("pollution-map", False),
    ("polling-results", False), ("receta-pollo-asado", False),
])
def test_a_poll_box_is_named_as_such(names, poll):
    assert is_poll(parse_html(f'<html><body><div class="{names}">x</div></body></html>').root[0][0]) is poll


@pytest.mark.parametrize(("names", "consent"), [
    ("sourcepoint__social-placeholder", True), ("cmp-consent-embed", True), ("onetrust-banner", True),
    ("post type-post tag-consent category-privacy", False), ("cookie-recipe", False),
])
def test_a_consent_box_is_named_as_such_or_after_its_vendor(names, consent):
    assert is_consent_box(parse_html(f'<html><body><div class="{names}">x</div></body></html>').root[0][0]) is consent


@pytest.mark.parametrize(("names", "promotion"), [
    ("whatsapp-group", True), ("inline-signup", True), ("ad-slot", True),
    # WordPress files a post under its tags and categories in the <article>'s classes: a topic, not a box
    ("post type-post tag-whatsapp category-newsletter", False), ("post tag-promo category-ads", False),
    ("post tag-news whatsapp-cta", True),
    # a call to action (9to5Mac's "You're reading 9to5Mac ..." box after every article), not a word holding "cta"
    ("article__reading-cta", True), ("cta", True), ("octagon-dictation", False),
    # the Guardian's standfirst, marked for its click counts
    ("stand-first-alone standfirst_cta", False),
])
def test_a_topics_class_names_no_promotion(names, promotion):
    assert is_promotion(parse_html(f'<html><body><div class="{names}">x</div></body></html>').root[0][0]) is promotion


@pytest.mark.parametrize("page", ["wordpress_news_article.html", "ghost_post.html", "news_article.html"])
@pytest.mark.parametrize("attribute", ["data-testid", "data-component", "data-qa"])
def test_a_box_named_only_by_its_component_attribute_is_read_by_that_name(page_bytes, page, attribute):
    """On a CSS-in-JS page the class names are hashes; the component's name is in a test hook or component
    attribute, and a newsletter box named there stays out like one named in its class."""
    _assert_box_in_the_middle_stays_out(page_bytes(page).decode("utf-8"), _SIGN_UP_BOX.format(
        names=f'class="css-1q8fn3x" {attribute}="InlineNewsletterSignup"'))


_CREDITS = ("If you see an image we have not linked or given credit to, please let us know so we can give it proper "
            "credit. If we have used an image that belongs to your company and you would prefer we not post it, "
            "please email us.")
_POST = "Happy Friday! We love this inspiration board and are excited to celebrate with a chic couple this weekend."


def _decided(html: str, score: Callable[[TextBlock], float]) -> list[str]:
    """The texts ``blend``'s decision keeps of a page when the trees give each block ``score(block)``."""
    from scrapy_boiler.extractors.blend.extractor import page_context
    from scrapy_boiler.extractors.registry import resolve

    page = parse_html(html)
    blocks = segment(page.root).blocks
    annotate(blocks)
    context = page_context(page, blocks, [paragraph_weight(block) for block in blocks])
    resolve("blend", "cpu").decide(blocks, np.array([score(block) for block in blocks]), context)
    return [block.text for block in blocks if block.is_content]


def _short_post_decided(post_score: float, body_class: str = "entry-body") -> list[str]:
    """The kept texts of a photo blog's post of 17 words beside a sidebar's credits note of 40, when the trees give
    the post ``post_score`` and every other block 0.05; the post's box has the class ``body_class``."""
    return _decided(f'<html><body><div class="entry"><h3>city chic</h3><div class="{body_class}"><p><img src="b.jpg">'
                    f'</p><p>{_POST}</p></div></div><div id="beta"><div class="module"><h2>Photo credits</h2><ul>'
                    f'<li><div class="note">{_CREDITS}</div></li></ul></div></div></body></html>',
                    lambda block: post_score if block.text == _POST else 0.05)


def test_a_short_post_the_trees_kept_is_not_replaced_by_a_sidebar_note():
    """Under 25 words kept, the fallback region (here the credits note, the page's longest paragraph) replaces the
    trees' decision only when it adds 50 words or more: a post of a photo blog is a caption long."""
    assert _short_post_decided(0.9) == [_POST]
    assert _short_post_decided(0.9, body_class="photo") == [_POST]


def test_with_nothing_kept_even_a_short_fallback_is_taken():
    """Where the trees kept nothing, the fallback is all there is (on a thread's page, it shows the posts hold the
    text): the box named a post's body when the page names one, else the region of the longest paragraphs."""
    assert _short_post_decided(0.3) == [_POST]
    assert _short_post_decided(0.3, body_class="post-content") == [_POST]
    assert _short_post_decided(0.3, body_class="photo") == [_CREDITS]
    assert _short_post_decided(0.3, body_class="sidebar-post-content") == [_CREDITS]  # a chrome name: no post body


def test_grouped_name_patterns_match_as_the_plain_alternation():
    from scrapy_boiler.segment.semantics import _any_name

    alternatives = ("sidebar", "side-bar", r"\baside", r"\bads?\b", r"\bad[-_]", "share", "read-?more", r"meta\b",
                    r"(?:post|entry)[-_]?body", r"\bcontent\b", "s?kip")
    grouped, plain = _any_name(*alternatives), re.compile("|".join(alternatives))
    names = ["sidebar-left", "my-aside", "aside", "ads", "ad-slot", "head", "readmore", "read-more", "metadata",
             "og-meta", "post_body", "entrybody", "main content", "contents", "kip", "skip-link", "load", "x ad y",
             "bad-ad", "share"]
    assert [bool(grouped.search(name)) for name in names] == [bool(plain.search(name)) for name in names]
    assert [name for name in names if not grouped.search(name)] == ["head", "metadata", "contents", "load"]


_BOXED_PARAGRAPHS = (
    "Germany remains the largest trading partner of Iran inside the European Union, the statistics office says.",
    "Exports to the country fell by a fifth last year while imports from it rose slightly, the figures show.",
    "The goods that left German ports for Iran last year were above all these:",
    "Imports were far smaller and came mostly from farms, the office says in its yearly report on trade.",
    "Economists expect the new sanctions to cut both flows further before the end of the coming year.",
)


def test_a_list_introduced_by_a_paragraph_the_later_rules_kept_is_read_again():
    """ZDF's paragraphs sit one per box, their class names hashes: the trees leave some out and the rule for a run of
    entries rendered alike puts them back. The list such a paragraph introduces is the body's too, though the list
    rules ran before it was content."""
    from scrapy_boiler.extractors.blend.extractor import page_context
    from scrapy_boiler.extractors.registry import resolve

    boxes = [f'<div class="r1nj4"><div>{text}</div></div>' for text in _BOXED_PARAGRAPHS]
    boxes.insert(3, '<div class="r1nj4"><div><ul><li>Machines</li><li>Medicines</li><li>Chemicals</li></ul></div>'
                    "</div>")
    page = parse_html(f'<html><body><main><div class="s1am5">{"".join(boxes)}</div></main></body></html>')
    blocks = segment(page.root).blocks
    annotate(blocks)
    context = page_context(page, blocks, [paragraph_weight(block) for block in blocks])
    lead_in = _BOXED_PARAGRAPHS[2]
    p = np.array([0.9 if block.text in _BOXED_PARAGRAPHS and block.text != lead_in else
                  0.2 if block.text == lead_in else 0.05 for block in blocks])
    resolve("blend", "cpu").decide(blocks, p, context)
    kept = [block.text for block in blocks if block.is_content]
    assert lead_in in kept
    assert [text for text in kept if len(text.split()) == 1] == ["Machines", "Medicines", "Chemicals"]


_STORY = "<p>The council voted on Tuesday night to keep the harbour bridge open to buses and bicycles only.</p>"
_NEXT_STORY = "<p>Ticket prices for the autumn season rise by a tenth, the theatre's director told the board.</p>"


def _after_other_articles(body: str) -> tuple[list[str], list[str]]:
    """(every block's text, the texts still kept) of a page titled "Harbour bridge stays closed to cars | Coastal
    Herald" whose every paragraph and heading the trees kept, after :func:`other_articles`."""
    page = parse_html(f"<html><head><title>Harbour bridge stays closed to cars | Coastal Herald</title></head>"
                      f"<body>{body}</body></html>")
    blocks = segment(page.root).blocks
    annotate(blocks)
    for block in blocks:
        block.is_content = True
    other_articles(blocks, page.title, "blend")
    return [block.text for block in blocks], [block.text for block in blocks if block.is_content]


@pytest.mark.parametrize("body", [
    # the next story in an <article> of its own, headed by an <h1> (Dagbladet)
    f'<main><article class="article-entity"><h1>Harbour bridge stays closed to cars</h1>{_STORY}</article>'
    f'<div class="under-article"><article class="article-entity"><h1>Theatre raises its prices</h1>'
    f'{_NEXT_STORY}<h2>What the board said</h2>{_NEXT_STORY}</article></div></main>',
    # ... in an <article> sharing a class with the page's own, headed by an <h2> (Forbes, the New York Post, The Sun)
    f'<main><article class="single single--article"><h1>Harbour bridge stays closed to cars</h1>{_STORY}'
    f'</article><article class="single single--article single--next"><h2>Theatre raises its prices</h2>'
    f'{_NEXT_STORY}<h3>What the board said</h3>{_NEXT_STORY}</article></main>',
    # ... in a <div> box sharing a class with the page's story's, headed by an <h1> of the headline's class (NDTV,
    # Fox News, Moneycontrol)
    f'<main><div class="sp-blk story_1"><h1 class="sp-ttl">Harbour bridge stays closed to cars</h1>{_STORY}'
    f'</div><div class="nxt-stry sp-blk story_2"><h1 class="sp-ttl">Theatre raises its prices</h1>{_NEXT_STORY}'
    f'<h2>What the board said</h2>{_NEXT_STORY}</div></main>',
])
def test_the_next_story_loaded_under_the_article_is_not_its_text(body):
    _, kept = _after_other_articles(body)
    assert kept == ["Harbour bridge stays closed to cars", _STORY[3:-4]]


@pytest.mark.parametrize("body", [
    # the page's headline in no <article>: nothing tells which story is the page's
    f'<header><h1>Harbour bridge stays closed to cars</h1></header><article><h1>Bridge news</h1>{_STORY}</article>',
    # a part of the story, in an <article> of its own inside it, with an <h1> as HTML5 sectioning allows
    f'<article><h1>Harbour bridge stays closed to cars</h1>{_STORY}<article><h1>The vote</h1>{_NEXT_STORY}'
    f'</article></article>',
    # live blog entries under the headline, each an <article> with a heading other than an <h1>
    f'<article><h1>Harbour bridge stays closed to cars</h1><article><h2>10:42</h2>{_STORY}</article>'
    f'<article><h2>11:05</h2>{_NEXT_STORY}</article></article>',
    # body sections in boxes alike, each under an <h1> of no class of the headline's, or sharing only atomic CSS
    # names with it (Medium's), or inside the story's <article>
    f'<div class="section"><h1 class="title">Harbour bridge stays closed to cars</h1>{_STORY}</div><div '
    f'class="section"><h1>The vote</h1>{_NEXT_STORY}</div>',
    f'<div class="ab ca"><h1 class="pw-post-title ha be">Harbour bridge stays closed to cars</h1>{_STORY}</div><div '
    f'class="ab ca"><h1 class="oy ha be">The vote</h1>{_NEXT_STORY}</div>',
    f'<article><div class="part"><h1 class="title">Harbour bridge stays closed to cars</h1>{_STORY}</div><div '
    f'class="part"><h1 class="title">The vote</h1>{_NEXT_STORY}</div></article>',
    # ... or beside it, named as a live blog's entries; a box of another class headed by an <h2>
    f'<article class="post"><h1>Harbour bridge stays closed to cars</h1>{_STORY}</article><article class="post '
    f'live-update"><h2>11:05</h2>{_NEXT_STORY}</article><article class="interview"><h2>The mayor</h2>{_STORY}'
    f'</article>',
    # the page's own boxes, each an <article> of a design system's class, headed by a word or two (Chefkoch)
    f'<article class="ds-box recipe-header"><h1>Harbour bridge stays closed to cars</h1>{_STORY}</article><article '
    f'class="ds-box recipe-preparation"><h2>Preparation</h2>{_NEXT_STORY}</article>',
])
def test_other_articles_leaves_a_single_story_alone(body):
    every, kept = _after_other_articles(body)
    assert kept == every


def test_auto_leaves_out_the_next_story_of_an_endless_scroll():
    """The trees keep the next story's paragraphs, rendered like the article's (the test fails without the rule)."""
    story = "".join(f"<p>The council voted on Tuesday night to keep the harbour bridge open to buses and bicycles "
                    f"only, as paragraph {n} of the story explains at some length.</p>" for n in range(6))
    next_story = "".join(f"<p>Ticket prices for the autumn season rise by a tenth, the theatre's director told the "
                         f"board, in paragraph {n} of that story.</p>" for n in range(6))
    doc = extract("<html><head><title>Harbour bridge stays closed to cars | Coastal Herald</title></head><body>"
                  "<nav><a href='/'>Home</a> <a href='/news'>News</a></nav><main><article class='article-entity'>"
                  f"<h1>Harbour bridge stays closed to cars</h1><div class='bodytext'>{story}</div></article>"
                  "<div class='under-article'><article class='article-entity'><h1>Theatre raises its prices</h1>"
                  f"<div class='bodytext'>{next_story}</div></article></div></main><footer>Contact us</footer>"
                  "</body></html>")
    assert "paragraph 5 of the story" in doc.text and "Ticket prices" not in doc.text


def _entries_decided(entries: list[tuple[str, bool]], *, linked: bool = False) -> list[str]:
    """The headings kept by :func:`_entry_headings` in a run of entries, each ``(heading, holds content)``: an
    ``<h3>`` over a paragraph two levels down, as live blogs nest them; the paragraphs the trees kept are content."""
    from scrapy_boiler.extractors.blend.extractor import _entry_headings

    def heading(text: str) -> str:
        return f'<a href="/story">{text}</a>' if linked else text

    body = "".join(f'<div class="live-entry"><header><h3>{heading(title)}</h3></header><div class="entry-text"><p '
                   f'class="{"kept" if kept else "dropped"}">The council met again at noon and the harbour bridge '
                   f'stays closed to cars until the repairs are done.</p></div></div>' for title, kept in entries)
    page = parse_html(f'<html><body><div class="live-entries">{body}</div></body></html>')
    blocks = segment(page.root).blocks
    annotate(blocks)
    for block in blocks:
        block.is_content = block.element.get("class") == "kept"
    _entry_headings(blocks, "blend")
    return [block.text for block in blocks if block.is_content and block.element.tag == "h3"]


def test_the_heading_of_a_live_blog_entry_holding_content_is_content():
    entries = [(f"Update {n}: the council meets again about the harbour bridge", n != 2) for n in range(1, 5)]
    assert _entries_decided(entries) == [title for title, kept in entries if kept]


def test_entry_headings_need_a_run_an_unlinked_heading_and_a_short_one():
    assert _entries_decided([("Update one on the harbour bridge", True), ("Update two on the bridge", True)]) == []
    assert _entries_decided([(f"Read the story number {n} on the bridge", True) for n in range(4)], linked=True) == []
    long_heading = " ".join(["word"] * 30)
    assert _entries_decided([(long_heading, True)] * 3) == []


def _left_out_as_pointers(body: str) -> list[str]:
    """The lines :func:`pointers_and_labels` unlabels in an article whose every block the trees kept."""
    from scrapy_boiler.extractors.blend.pointers import pointers_and_labels

    blocks = segment(parse_html(f"<html><body><article>{body}</article></body></html>").root).blocks
    annotate(blocks)
    for block in blocks:
        block.is_content = True
    pointers_and_labels(blocks, "blend")
    return [block.text for block in blocks if not block.is_content]


def test_a_read_also_line_with_words_inside_its_phrase_is_left_out():
    """Augsburger Allgemeine writes "Lesen Sie dazu auch: <link>" between the body's paragraphs, El Comercio "MIRA:
    <link>", The Atlantic "Read: <link>": pointers to another article all the same; a sentence that starts so and
    links nothing stays."""
    para = "<p>Die Stadt erhöht die Gebühren für das Volksfest im kommenden Jahr deutlich, heißt es im Rathaus.</p>"
    assert _left_out_as_pointers(
        f'{para}<p><strong>Lesen Sie dazu auch: </strong><a href="/b">Herbstplärrer 2024: So fällt die Bilanz der '
        f"Schausteller aus</a></p>{para}<p>Lesen Sie mehr dazu in unserer Printausgabe, die am Samstag erscheint.</p>"
    ) == ["Lesen Sie dazu auch: Herbstplärrer 2024: So fällt die Bilanz der Schausteller aus"]
    assert _left_out_as_pointers(
        f'{para}<p><strong>MIRA: </strong><a href="/l">Lluvias en la selva: Senamhi prevé precipitaciones</a></p>'
        f"{para}<p>Mira cómo se prepara la región para el invierno.</p>"
    ) == ["MIRA: Lluvias en la selva: Senamhi prevé precipitaciones"]
    assert _left_out_as_pointers(
        f'{para}<p>Read: <a href="/a">Derek Thompson: The anti-social century</a></p>{para}<p>Read: the whole report '
        "runs to forty pages.</p>"
    ) == ["Read: Derek Thompson: The anti-social century"]


def test_a_see_related_line_is_left_out():
    """Mongabay writes "<strong>See related:</strong> <link>" between the body's paragraphs, as others write "See
    also:"; a sentence that starts with "See" stays."""
    paragraphs = ["Mangrove seedlings planted on former shrimp ponds survived far better than those set on mudflats.",
                  "The ponds sit higher in the tidal frame, so the roots dry out between floods and do not rot away.",
                  "See how the tide reaches the ponds twice a day, through the channels the farmers once dug."]
    related = ('<p class="related-inline"><strong>See related:</strong> <a href="/2025/06/mangroves/">Why mass '
               "mangrove planting often fails</a></p>")
    body = f"<p>{paragraphs[0]}</p><p>{paragraphs[1]}</p>{related}<p>{paragraphs[2]}</p>"
    doc = extract(f"<html><head><title>Mangroves return</title></head><body><h1>Mangroves return</h1><article>"
                  f"<div class='entry-content'>{body}</div></article></body></html>")
    assert doc.text.split("\n") == paragraphs


@pytest.mark.parametrize("label", ["Reklama", "Reklam", "Mainos", "Annons", "Annonse", "Hirdetés", "Publicitate",
                                   "Iklan", "Quảng cáo", "Haberin Devamı"])
def test_an_advert_label_in_more_languages_is_left_out(label: str):
    """Lrytas writes "Reklama" (advertisement) on a line of its own over each advert slot between the body's
    paragraphs, as German sites write "Anzeige", Milliyet "Haberin Devamı" (the story goes on); a sentence that starts
    with the words stays."""
    para = "<p>Vilniaus savivaldybė patvirtino naują viešojo transporto bilietų kainų tvarką nuo sausio.</p>"
    assert _left_out_as_pointers(f'{para}<div class="ad-label">{label}</div>{para}'
                                 f"<p>{label} and its rules were discussed at the meeting for an hour.</p>") == [label]


@pytest.mark.parametrize("label", ["पढ़ें:", "हेही वाचा:", "ఇదీ చదవండి:", "இதையும் படிக்க:", "ഇതും വായിക്കുക:",
                                   "આ પણ વાંચો:", "ಇದನ್ನೂ ಓದಿ:", "ਇਹ ਵੀ ਪੜ੍ਹੋ:", "यो पनि पढ्नुहोस्:"])
def test_a_read_also_line_in_the_indian_languages_is_left_out(label: str):
    """Navbharat Times writes "पढ़ें: <link>" ("read:") between the body's paragraphs, Marathi, Telugu, Tamil,
    Malayalam, Gujarati, Kannada and Punjabi sites their "also read", Nepali ones "यो पनि पढ्नुहोस्"."""
    para = "<p>नई टैक्स व्यवस्था में स्टैंडर्ड डिडक्शन बढ़ाकर पचहत्तर हजार रुपये कर दिया गया है।</p>"
    assert _left_out_as_pointers(f'{para}<p>{label} <a href="/b">कौन सा टैक्स रिजीम आपके लिए बेहतर है</a></p>{para}'
                                 ) == [f"{label} कौन सा टैक्स रिजीम आपके लिए बेहतर है"]


def test_an_arabic_read_also_line_with_the_tanween_before_the_alif_is_left_out():
    """Masrawy writes "اقرأ أيضًا:" with the tanween on the ḍād, before the alif, where others write "أيضاً" with it
    after: the same words."""
    para = "<p>يحرص كثيرون على تخزين الخضروات في الثلاجة لفترات طويلة دون معرفة الطريقة الصحيحة.</p>"
    assert _left_out_as_pointers(f'{para}<p>اقرأ أيضًا: <a href="/b">5 خضروات شتوية تقوي المناعة</a></p>{para}'
                                 ) == ["اقرأ أيضًا: 5 خضروات شتوية تقوي المناعة"]


def test_more_and_a_read_more_heading_naming_the_site_point_away():
    """ABC News writes "MORE: <link>" between the body's paragraphs, La Presse "Lisez « <link> »", ZDNET "Also:
    <link>"; Sky News "Read more from Sky News:" over lines of links to its other stories. A sentence that starts
    with "More:" and links nothing stays, and so does a source's address ("More: http://...", a design blog's credit
    under each work)."""
    para = "<p>The fire had burned nearly 14,000 acres by Sunday evening and was five percent contained.</p>"
    assert _left_out_as_pointers(
        f'{para}<p><strong>MORE: <a href="/w">Why this wildfire season is on track to be one of the costliest</a>'
        f"</strong></p>{para}<p>More: the county opened a second shelter in the high school gym.</p>"
        f'<p>More: <a href="http://bookletpress.org">http://bookletpress.org</a></p>{para}'
        f'<p>Lisez <a href="/c">« Services de garde : 1200 places autorisées toujours fermées »</a></p>{para}'
        f'<p><strong>Also: </strong><a href="/m">The best MacBooks of 2025: Expert tested</a></p>{para}'
    ) == ["MORE: Why this wildfire season is on track to be one of the costliest",
          "Lisez « Services de garde : 1200 places autorisées toujours fermées »",
          "Also: The best MacBooks of 2025: Expert tested"]
    assert _left_out_as_pointers(
        f'{para}<p><strong>Read more from Sky News:</strong><br><a href="/a">How are storms named?</a><br>'
        f'<a href="/b">Families count cost of floods</a></p>{para}'
    ) == ["Read more from Sky News:", "How are storms named?", "Families count cost of floods"]


def test_read_also_lines_in_malay_swahili_and_filipino_point_away():
    """Astro Awani writes "BACA: <link>" between the body's paragraphs, Taifa Leo "SOMA PIA: <link>", Filipino sites
    "BASAHIN: <link>"; a sentence that starts with "Baca" and links nothing stays."""
    para = "<p>Projek tebatan banjir itu dijangka siap pada akhir tahun depan, kata jurutera daerah kepada media.</p>"
    assert _left_out_as_pointers(
        f'{para}<p><strong>BACA: <a href="/a">Banjir kilat landa lima kawasan selepas hujan lebat</a></strong></p>'
        f'{para}<p>SOMA PIA: <a href="/b">Bei ya kahawa yapanda katika soko la Nyeri</a></p>{para}'
        f'<p>BASAHIN: <a href="/c">Presyo ng bigas, tumaas ngayong linggo</a></p>{para}'
        f"<p>Baca laporan penuh jabatan itu sebelum membuat keputusan, katanya lagi kepada penduduk.</p>{para}"
    ) == ["BACA: Banjir kilat landa lima kawasan selepas hujan lebat",
          "SOMA PIA: Bei ya kahawa yapanda katika soko la Nyeri", "BASAHIN: Presyo ng bigas, tumaas ngayong linggo"]


def test_a_marker_between_the_parts_of_an_article_and_a_call_to_follow_on_line_are_left_out():
    """Liputan6 shows an article of three pages on one, with "2 dari 3 halaman" between the parts; Matichon ends with
    "ติดตามข่าวสารผ่านไลน์ ... @Matichon" (follow the news on LINE, written in Thai). A sentence with a count in it
    stays."""
    para = "<p>Harga cabai rawit di Pasar Induk Kramat Jati naik tajam dalam dua pekan terakhir, kata pedagang.</p>"
    assert _left_out_as_pointers(
        f"{para}<p>2 dari 3 halaman</p>{para}<p>Page 3 of 3</p><p>2 of 3 traders said prices would keep rising.</p>"
        "<p>17 of 40</p>"
        '<p><strong><a href="https://lin.ee/matichon">ติดตามข่าวสารผ่านไลน์ ได้ง่ายๆ เพียงเพิ่มเพื่อน @Matichon</a>'
        "</strong></p>"
    ) == ["2 dari 3 halaman", "Page 3 of 3", "ติดตามข่าวสารผ่านไลน์ ได้ง่ายๆ เพียงเพิ่มเพื่อน @Matichon"]


def test_a_line_of_links_in_capitals_is_left_out():
    """Fox News sets calls ("CLICK HERE TO GET THE FOX NEWS APP") and other stories' titles in capitals, linked, between
    the body's paragraphs; a line in capitals that links nothing, or a short linked acronym, stays."""
    para = "<p>The new owners kept the menu, the booths and the coffee that regulars have ordered for decades.</p>"
    assert _left_out_as_pointers(
        f'{para}<p><strong><a href="/apps"><u>CLICK HERE TO GET THE FOX NEWS APP</u></a></strong></p>{para}<p><a '
        f'href="/w"><strong>WAITRESS STUNNED BY $4,000 TIP</strong></a></p><p>UPDATE: THE DINER REOPENS ON MONDAY AT '
        'SIX.</p><p><a href="/nasa">NASA</a></p>'
    ) == ["CLICK HERE TO GET THE FOX NEWS APP", "WAITRESS STUNNED BY $4,000 TIP"]


def test_read_also_lines_in_more_languages_are_left_out(page_bytes):
    """A German blog's "Lies auch: <link>" between the body's paragraphs (the informal form of "Lesen Sie auch") is
    no body; the paragraphs around it, the list and the headings are."""
    doc = extract(page_bytes("german_wordpress_post.html"), "https://brotzeit.example/2020/03/14/sauerteig/")
    assert doc.page_type == "article"
    assert "Lies auch" not in doc.text and "Roggenbrot" not in doc.text
    lines = doc.text.split("\n")
    assert "Tag 1 bis 5" in lines and "ein großes Schraubglas" in lines
    assert lines[-1].startswith("Nach fünf Tagen ist dein Sauerteig bereit")
    assert [post.author for post in doc.posts] == ["Markus", "Sabine", "Jana Becker"]


def test_a_read_also_label_running_into_its_link_points_away():
    """Adevărul writes the label and the link in elements of their own, with no space between them ("Citește
    și<a>Poiana Brașov...</a>" reads "Citește șiPoiana Brașov..."): still a "read also" line. A sentence whose first
    word runs into a capital, linking nothing, stays."""
    para = "<p>Pârtiile de pe Valea Prahovei funcționează cu zăpadă artificială, spun administratorii domeniului.</p>"
    assert _left_out_as_pointers(
        f'{para}<div class="read-also"><span class="read-also__label">Citește și</span><a href="/a" class="read-'
        f'also__link">Poiana Brașov a deschis toate pârtiile principale în primul weekend</a></div>{para}'
        "<p>Prețurile la skipass au crescut cu zece la sută față de sezonul trecut, potrivit operatorilor.</p>"
        f"{para}") == ["Citește șiPoiana Brașov a deschis toate pârtiile principale în primul weekend"]


def test_the_body_the_trees_stopped_keeping_halfway_comes_back_whole_with_its_code():
    """Spiderum's EditorJS post: every paragraph a ``div.ce-paragraph`` in a ``div.ce-block`` of the editor's box;
    the trees keep the first half and drop the rest after a code block. The paragraphs after the last kept one, in
    that box and rendered as the body's, are its rest; the code they now frame is the body's too."""
    texts = [f"Paragraph {n}: a hash turns a password into a string that cannot be turned back into it." for n in
             range(1, 9)]
    code = "import bcrypt\nhashed = bcrypt.hashpw(b'secret', bcrypt.gensalt(rounds=12))\nprint(hashed)"
    blocks_html = [f'<div class="ce-block"><div class="ce-paragraph">{text}</div></div>' for text in texts]
    blocks_html.insert(5, f'<div class="ce-block"><div class="ce-code"><pre class="ce-code__textarea">{code}</pre>'
                          f'</div></div>')
    kept = _decided(f'<html><body><nav><a href="/">Home</a></nav><article><h1>How passwords are stored</h1>'
                    f'<div class="codex-editor"><div class="redactor">{"".join(blocks_html)}</div></div></article>'
                    f'<footer><p>Spiderum 2025</p></footer></body></html>',
                    lambda block: 0.9 if block.text in texts[:5] else 0.05)
    assert kept[:5] == texts[:5] and kept[6:] == texts[5:] and kept[5].startswith("import bcrypt")
