"""The article body in ``articleBody`` sense: the headline and a dangling related-links heading leave it."""

from __future__ import annotations

from scrapy_boiler.assemble.body import trim_article
from scrapy_boiler.parse.html import parse_html
from scrapy_boiler.segment.blocks import annotate, segment


def _trimmed(tail: str) -> list[str]:
    """The body's blocks left after :func:`trim_article` on a page whose every block the model kept."""
    page = parse_html("<html><body><article><h1>Six figures on the collapse</h1><p>The developer owed more than any "
                      f"other company in the world when the court ordered it wound up on Monday.</p>{tail}"
                      "</article></body></html>")
    blocks = segment(page.root).blocks
    annotate(blocks)
    for block in blocks:
        block.is_content = True
    trim_article(blocks, "Six figures on the collapse")
    return [block.text for block in blocks if block.is_content]


def test_a_related_links_heading_ending_the_body_goes():
    kept = _trimmed("<h3>Related stories</h3><h4>Read more:</h4>")
    assert kept == ["The developer owed more than any other company in the world when the court ordered it wound "
                    "up on Monday."]


def test_points_rendered_as_headings_ending_the_body_stay():
    """A listicle whose points are headings (their charts, embeds, were dropped): a run of sentence headings at the
    end is the article; only the short label after them goes."""
    points = ["1. It owned more than 1,300 housing projects in 280 cities.",
              "2. It owed 300 billion dollars to banks, suppliers and buyers.",
              "3. At least twelve million owners lived in homes it had built."]
    kept = _trimmed("".join(f"<h3>{point}</h3>" for point in points) + "<h3>Read more</h3>")
    assert kept[1:] == points
