"""An API reference's entries (Sphinx's object descriptions) in the body are the page's text."""

from __future__ import annotations

from scrapy_boiler.extractors.blend.api_entries import api_entries
from scrapy_boiler.parse.html import parse_html
from scrapy_boiler.segment.blocks import annotate, segment
from scrapy_boiler.segment.regions import find_region, paragraph_weight

_ENTRY = ('<dl class="py class"><dt class="sig sig-object py" id="quarrel.RetryPolicy"><em>class</em> '
          '<span class="sig-name">RetryPolicy</span>(<em>attempts=3</em>)</dt><dd><p>Describes how a failed job is '
          'retried.</p><dl class="field-list simple"><dt class="field-odd">Parameters:</dt><dd class="field-odd">'
          "<ul><li><p><strong>attempts</strong> (int) – How many times a job runs at most.</p></li><li><p>"
          "<strong>backoff</strong> – The delay strategy.</p></li></ul></dd></dl></dd></dl>")


def _kept(body: str, sidebar: str = "") -> list[str]:
    """The blocks content after :func:`api_entries`, the ``<article>`` the body's part and its paragraphs kept."""
    root = parse_html(f"<html><body><aside>{sidebar}</aside><article>{body}</article></body></html>").root
    blocks = segment(root).blocks
    annotate(blocks)
    for block in blocks:
        block.is_content = block.element.tag in ("p", "h2") and block.element.getparent().tag in ("article", "section")
    api_entries(blocks, [root.find(".//article")], "blend")
    return [block.text for block in blocks if block.is_content]


def test_an_object_description_after_the_bodys_text_is_kept_whole():
    """Sphinx's ``dl.py.class`` at the page's end, its signature, description and field list, is the page's text."""
    kept = _kept(f"<p>Retry policies describe how a failed job is retried and how long the worker waits.</p>"
                 f"<section><h2>API reference</h2>{_ENTRY}</section>")
    assert any(line.endswith("RetryPolicy(attempts=3)") for line in kept) and "Parameters:" in kept
    assert "attempts (int) – How many times a job runs at most." in kept


def test_entries_outside_the_body_or_before_any_content_and_glossaries_stay_out():
    """An entry in a sidebar (outside the body's parts), an entry before the body's first content, and a definition
    list whose terms are no signatures (a glossary) are left as the trees scored them."""
    glossary = "<dl><dt>Backoff</dt><dd><p>The wait between two attempts.</p></dd></dl>"
    kept = _kept(f"{_ENTRY}<p>Retry policies describe how a failed job is retried and how long the worker waits.</p>"
                 f"{glossary}", sidebar=_ENTRY)
    assert kept == ["Retry policies describe how a failed job is retried and how long the worker waits."]


def test_a_class_entry_holding_most_words_is_not_the_region_its_sections_beside_it_are_in():
    """Python's reference pages set a class's description, most of their words, in its entry's ``<dd>``, and their
    later sections beside the entry: the region is the section holding both, not the ``<dd>`` (whose sections would
    then be scored as outside the body)."""
    described = "".join(f"<p>Paragraph {n} of the description says how the sorter hands out the nodes in order, "
                        f"one batch at a time, to the workers.</p>" for n in range(6))
    later = ("<section id='state'><h2>State of a sorter</h2><p>A sorter moves through two phases, built first and "
             "then handing out work, and its methods are allowed in one of them.</p></section>")
    html = (f"<html><body><div class='body' role='main'><section id='module'><h1>graphlib</h1>"
            f"<dl class='py class'><dt class='sig sig-object py'>class graphlib.TopologicalSorter</dt>"
            f"<dd>{described}</dd></dl>{later}</section></div></body></html>")
    blocks = segment(parse_html(html).root).blocks
    annotate(blocks)
    region = find_region(blocks, [paragraph_weight(block) for block in blocks])
    assert region.element is not None and region.element.get("id") == "module" and region.share == 1.0
