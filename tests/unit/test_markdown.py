"""Document.markdown and the text fixes that go with it, on pages written for the tests: every Markdown construct,
the ``<pre>`` lines and inline-code spacing of Document.text and of posts, and the outputs that carry Markdown."""

from __future__ import annotations

from pathlib import Path

import pytest

from scrapy_boiler import extract
from scrapy_boiler.assemble.kept import kept_text
from scrapy_boiler.assemble.markdown import to_markdown
from scrapy_boiler.assemble.markdown_text import code_span, escape, escape_line_start
from scrapy_boiler.bulk.record import Record
from scrapy_boiler.bulk.run import FORMATS, extract_records
from scrapy_boiler.integration.fields import field_values, output_mapping
from scrapy_boiler.parse.html import parse_html
from scrapy_boiler.segment.blocks import segment

CODE = '''def unique(items):
    """Return the items without repeats, first copies first."""
    if not items:
        return []
    seen = {}
    for item in items:
        seen.setdefault(item, None)
    return list(seen)'''


@pytest.fixture(scope="module")
def article(page_bytes_module):
    return extract(page_bytes_module("markdown_article.html"), "https://notes.example/dedupe")


@pytest.fixture(scope="module")
def page_bytes_module():
    pages = Path(__file__).resolve().parents[1] / "pages"
    return lambda name: (pages / name).read_bytes()


def kept_all(html: str, **options):
    """Markdown of a fragment with every block kept (the converter alone, without a model's decisions)."""
    page = parse_html(html)
    seg = segment(page.root)
    for block in seg.blocks:
        block.is_content = True
    return to_markdown(kept_text(page.root, seg.leaves, seg.blocks), **options)


def test_headings_paragraphs_and_inline_code_before_punctuation(article):
    md = article.markdown
    assert "## The order-keeping idiom" in md.splitlines()
    assert "## Timings on a million elements" in md.splitlines()
    assert "is `list(dict.fromkeys(items))`. It keeps the first copy" in md
    assert "Removing duplicates from a Python list" not in md  # the headline is Document.headline, as in text
    assert "Home" not in md and "Copyright" not in md and "Privacy" not in md


def test_fenced_code_keeps_lines_indentation_and_language(article):
    assert f"```python\n{CODE}\n```" in article.markdown


def test_nested_and_ordered_lists(article):
    assert ("- Hashable elements, order matters: use `dict.fromkeys`.\n"
            "  - Python 3.7 and later keep insertion order.\n"
            "  - Older versions need *OrderedDict* instead.\n"
            "- Hashable elements, order does not matter: a **set** is enough.\n") in article.markdown
    assert ("1. Start with an empty result list.\n2. Append each element that is not in the result yet.\n"
            "3. Return the result list when the loop ends.") in article.markdown


def test_table_with_header_and_escaped_pipe(article):
    assert ("| Approach | Keeps order | Time (ms) |\n|---|---|---|\n| `dict.fromkeys` | yes | 41 |\n"
            "| `set` | no | 28 |\n| loop \\| list | yes | 9100 |") in article.markdown


def test_blockquote(article):
    assert "> Premature optimisation is the root of all evil" in article.markdown


def test_text_keeps_pre_lines_and_inline_code_spacing(article):
    assert CODE in article.text
    assert "is list(dict.fromkeys(items)). It keeps" in article.text


def test_table_without_th_takes_its_first_row_as_header_and_layout_tables_are_not_tables():
    md = kept_all("<table><tr><td>Name</td><td>Size</td></tr><tr><td>a</td><td>1</td></tr></table>")
    assert md == "| Name | Size |\n|---|---|\n| a | 1 |"
    layout = kept_all("<table><tr><td><h2>Section</h2><p>Body text here.</p></td><td><ul><li>one</li></ul></td>"
                      "</tr><tr><td>x</td><td>y</td></tr></table>")
    assert "|" not in layout and "## Section" in layout and "- one" in layout


def test_spaces_between_inline_elements_and_br_and_pre_with_line_elements():
    assert kept_all("<p><code>a</code> <code>b</code> and <b>x</b> <i>y</i>.</p>") == "`a` `b` and **x** *y*."
    assert kept_all("<p>first line<br>second line</p>") == "first line  \nsecond line"
    md = kept_all('<pre class="lang-js"><div>if (a) {</div><div>  b();</div><div>}</div></pre>')
    assert md == "```js\nif (a) {\n  b();\n}\n```"


def test_escaping_keeps_prose_readable():
    assert escape("snake_case and a_b but _this_ and *that* [x]") == (
        "snake_case and a_b but \\_this\\_ and \\*that\\* \\[x\\]")
    assert escape_line_start("# not a heading") == "\\# not a heading"
    assert escape_line_start("2024. A year") == "2024\\. A year"
    assert escape_line_start("- not an item") == "\\- not an item"
    assert code_span("a `tick` here") == "`` a `tick` here ``"
    assert kept_all("<pre>x = '```'\ny = 1</pre>").startswith("```\n")  # only a fence at a line start closes
    assert kept_all("<pre>```\ninner\n```</pre>") == "````\n```\ninner\n```\n````"


def test_links_and_images_on_request():
    html = '<p>See <a href="/docs/x (1)">the docs</a> <img src="/i.png" alt="chart"> now.</p>'
    assert kept_all(html) == "See the docs now."
    with_links = kept_all(html, links=True, images=True, base_url="https://site.example/a/")
    assert with_links == ("See [the docs](https://site.example/docs/x%20%281%29) ![chart](https://site.example/i.png)"
                          " now.")


def test_posts_keep_code_lines_and_no_space_before_punctuation(page_bytes_module):
    html = page_bytes_module("stackexchange_style.html").decode("utf-8")
    answer = ("<p>Check the soil moisture with a finger a few centimetres down before watering. Beds that are "
              "watered lightly and often keep the roots shallow, and shallow roots are the first to struggle in a "
              "heat wave.</p>")
    assert answer in html
    code = "for bed in beds:\n    if dry(bed):\n        water(bed)"
    html = html.replace(answer, answer + "<p>Log it with <code>water(bed)</code>, then check the bed again after a "
                        f"day or two.</p><pre><code>{code}</code></pre>")
    doc = extract(html, "https://garden.example/questions/5512", model="posts")
    post = next(post for post in doc.posts if "Check the soil" in post.text)
    assert "Log it with water(bed), then check" in post.text
    assert code in post.text
    assert "```\n" + code + "\n```" in doc.markdown


def test_a_block_inside_a_pre_keeps_its_lines_in_the_text():
    """Elementor's code widget writes the code in an ``<xmp>`` inside ``<pre><code>``: the block is the ``<xmp>``, and
    its lines are the ``<pre>``'s."""
    code = "define( 'WP_DEBUG', true );\ndefine( 'WP_DEBUG_DISPLAY', false );\n@ini_set( 'display_errors', 0 );"
    para = ("<p>We cloned each site to a staging environment running the same object cache, the same cron setup and "
            "the same error reporting level as production, then turned on logging.</p>")
    doc = extract(f"<html><body><article>{para}<pre class='language-php'>\n<code class='language-php'>\n<xmp>{code}"
                  f"</xmp></code></pre>{para}</article></body></html>", "https://agency.example/php-upgrade/")
    assert code in doc.text


def test_boiler_extract_markdown_format_and_pipeline_field(article, page_bytes_module):
    assert "markdown" in FORMATS
    record = Record(source="markdown_article.html", body=page_bytes_module("markdown_article.html"),
                    url="file:///markdown_article.html")
    [result] = extract_records([record], model="auto", fmt="markdown")
    assert result.output is not None and result.output.startswith("Python lists keep every element")
    assert f"```python\n{CODE}\n```" in result.output and "| Approach | Keeps order | Time (ms) |" in result.output
    mapping = output_mapping(["url", "articleBodyMarkdown"])
    assert field_values(article, mapping)["articleBodyMarkdown"] == article.markdown


def test_a_tables_row_is_one_line_of_the_text():
    """A data table's row reads as one line, its cells joined by " | " (its header row too, and cells that each hold a
    paragraph); two boxes of text in one layout cell, and cells of different rows, stay lines of their own."""
    doc = extract("<html><body><article><p>" + "The prices we checked this morning, shop by shop. " * 5 + "</p><table>"
                  "<tr><th>Retailer</th><th>Price</th></tr><tr><td>JB Hi-Fi</td><td>$499</td></tr>"
                  "<tr><td><p>Amazon AU</p></td><td><p>$579</p></td></tr></table><p>"
                  + "The lowest price is the one to beat. " * 5
                  + "</p></article></body></html>")
    lines = doc.text.split("\n")
    assert lines[1:4] == ["Retailer | Price", "JB Hi-Fi | $499", "Amazon AU | $579"]
    assert "| Retailer | Price |" in doc.markdown


def test_text_of_blocks_that_are_not_the_segmentations():
    """A model's blocks can join the segmentation's (SemText's SCS blocks, fused Boilerpipe blocks) or cut them where
    the labels change (Web2Text, MultiBoilerNet): each block's line is its own text, never another block's."""
    from dataclasses import replace

    from scrapy_boiler.assemble.render import to_text

    page = parse_html("<div><h2>Old news</h2><p>First <code>x</code> paragraph.</p><p>Second one here.</p>"
                      "<p>Third <b>part</b> and <i>its</i> tail.</p><p>Footer links</p></div>")
    seg = segment(page.root)
    h2, first, second, third, footer = seg.blocks
    joined = replace(first, index=1, leaf_end=second.leaf_end, text=f"{first.text} {second.text}", is_content=True)
    cut = third.leaf_start + 1  # "Third" alone, then the rest of the paragraph
    head = replace(third, index=2, leaf_end=cut, text="Third", is_content=False)
    rest = replace(third, index=3, leaf_start=cut, text=third.text.removeprefix("Third "), is_content=True)
    blocks = [replace(h2, is_content=False), joined, head, rest,
              replace(footer, index=4, is_content=False)]
    kept = kept_text(page.root, seg.leaves, blocks)
    assert to_text(blocks, kept) == "First x paragraph. Second one here.\npart and its tail."
    assert set(kept.content.values()) == {1, 3}
