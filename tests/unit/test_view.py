"""The annotated page of :mod:`scrapy_boiler.view`: where each block's outline goes."""

from __future__ import annotations

import re

import pytest

from scrapy_boiler import extract
from scrapy_boiler.view import confidence, render_view


def outlines(html: bytes, model: str = "keep-everything") -> tuple[list[tuple[str, str, str]], str]:
    """(tag, block number, text) of every outlined element, and the view's body."""
    doc = extract(html, model=model)
    view = render_view(html, doc)
    body = view[view.index("<body"):view.index('<div id="bv-legend"')]
    tags = re.findall(r'<(\w+)[^>]*data-bv-block="(\d+)"[^>]*>([^<]*)', body)
    return tags, body


def test_an_element_holding_one_block_is_outlined_itself():
    tags, _ = outlines(b"<html><body><ul><li><a href='/a'>First link</a></li><li>Second item</li></ul></body></html>")
    assert [(tag, number) for tag, number, _ in tags] == [("li", "0"), ("li", "1")]


def test_blocks_sharing_an_element_get_one_span_each():
    html = b"<html><body><div>intro text <b>bold</b> more<p>para words here</p> tail text <i>x</i></div></body></html>"
    tags, body = outlines(html)
    assert [(tag, number) for tag, number, _ in tags] == [("span", "0"), ("p", "1"), ("span", "2")]
    assert re.sub(r' (title|style|class)="[^"]*"', "", body).startswith(
        '<body><div><span data-bv-block="0">intro text <b>bold</b> more</span><p data-bv-block="1">para words here</p>'
        '<span data-bv-block="2"> tail text <i>x</i></span></div>')


def test_a_block_spread_over_nested_elements_is_outlined_piece_by_piece():
    html = b"<html><body><div><span>Kept words <div>nested block</div> after nested</span> and more</div></body></html>"
    doc = extract(html, model="keep-everything")
    assert [b.text for b in doc.blocks] == ["Kept words", "nested block", "after nested and more"]
    view = render_view(html, doc)
    numbers = re.findall(r'data-bv-block="(\d+)"', view)
    assert sorted(set(numbers)) == ["0", "1", "2"] and numbers.count("2") == 2
    assert "outlined piece by piece" in view
    text = re.sub(r"<[^>]+>", "", view[view.index("<body"):view.index('<div id="bv-legend"')])
    assert " ".join(text.split()) == "Kept words nested block after nested and more"  # no text lost or moved


def test_colour_follows_label_and_confidence(tmp_path):
    rules = tmp_path / "soft.rules"
    rules.write_text("curr_link_density <= 0.5: CONTENT (p=0.600, n=5)\n"
                     "curr_link_density > 0.5: BOILERPLATE (p=0.000, n=5)\n", encoding="utf-8")
    html = b"<html><body><p>Some words of a real sentence here.</p><p><a href='/x'>menu</a></p></body></html>"
    doc = extract(html, model=f"tree:{rules}")
    unsure, sure = doc.blocks
    assert confidence(unsure) == pytest.approx(0.6) and confidence(sure) == 1.0
    view = render_view(html, doc)
    assert "outline:2px solid rgba(22,163,74,0.72)" in view  # green, 0.3 + 0.7 * 0.6
    assert "outline:2px solid rgba(220,38,38,1.00)" in view  # red, fully confident
    assert "score 0.600" in view and "reason: tree:" in view


def test_a_document_from_another_page_is_refused():
    doc = extract(b"<p>one block of text</p><p>and another</p>", model="default")
    with pytest.raises(ValueError, match="text leaves"):
        render_view(b"<p>only one</p>", doc)


def test_the_legend_starts_as_a_small_button_and_leaves_the_page_end_free():
    """A fixed, open legend covered the bottom right of the page: it starts closed (a one-line summary that
    opens it, no script), and a spacer after the page lets the last lines scroll above it."""
    html = b"<html><body><p>First paragraph of the story, long enough to be kept.</p><p>Last line</p></body></html>"
    doc = extract(html, model="keep-everything")
    view = render_view(html, doc)
    legend = view[view.index('<div id="bv-legend"'):]
    assert "<details>" in legend and "<details open" not in legend
    summary = re.search(r"<summary[^>]*>([^<]*)</summary>", legend)
    assert summary and summary.group(1) == f"boiler-view: keep-everything, {len(doc.blocks)}/{len(doc.blocks)} " \
                                           "blocks kept"
    assert "Hover a block" in legend  # the key is still there, behind the summary
    assert legend.index("</details></div>") < legend.index('<div id="bv-spacer"></div>') < legend.index("</body>")
    head = view[:view.index("</head>")]
    assert "#bv-spacer{height:48px" in head and "details[open]{max-height:33vh;overflow:auto" in head
