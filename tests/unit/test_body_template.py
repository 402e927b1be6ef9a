"""A paragraph rendered like the body's paragraphs around it is the body's (``extractors/body_template.py``), for
``blend`` and, through their tidy step, the neural models."""

from __future__ import annotations

from neural_pages import kept_texts

from scrapy_boiler.extractors.base import PageLabels
from scrapy_boiler.extractors.body_template import component_classes, lists_in_body_boxes, same_template
from scrapy_boiler.extractors.leaf_runs import blocks_from_leaf_labels
from scrapy_boiler.extractors.tidy import tidy_labels
from scrapy_boiler.parse.html import parse_html
from scrapy_boiler.segment.blocks import TextBlock, annotate, segment

PARAGRAPHS = [f"Paragraph {n}: the harbour board met again to decide how the old ferry pier should be repaired."
              for n in range(1, 6)]
TEASER = "<div class='teaser'><p>Read also: the bridge will be closed for a week while its deck is redone.</p></div>"


def _labels(kept: set[int]) -> tuple[bytes, PageLabels]:
    """A body of five paragraphs in one template, a teaser after the third; the network kept the paragraphs whose
    numbers are in ``kept``, and nothing else."""
    parts = [f"<div class='para'><p>{text}</p></div>" for text in PARAGRAPHS]
    parts.insert(3, TEASER)
    html = f"<html><body><nav><a href='/'>Home</a></nav><div class='story'>{''.join(parts)}</div></body></html>"
    seg = segment(parse_html(html.encode()).root)
    flags = [any(leaf.text.startswith(f"Paragraph {n}:") for n in kept) for leaf in seg.leaves]
    return html.encode(), PageLabels(seg.leaves, blocks_from_leaf_labels(seg, flags, [float(f) for f in flags], "test"))


def test_a_paragraph_the_network_missed_between_the_bodys_joins_it():
    html, labels = _labels({1, 2, 4, 5})
    tidy_labels(parse_html(html), labels, "test")
    assert kept_texts(labels) == PARAGRAPHS  # "3" joined; the teaser, in another template, did not
    joined = next(block for block in labels.blocks if block.text == PARAGRAPHS[2])
    assert joined.reasons[-1] == "test:rendered like the body's paragraphs around it"


def test_too_few_kept_paragraphs_make_no_template():
    html, labels = _labels({1, 5})
    tidy_labels(parse_html(html), labels, "test")
    assert kept_texts(labels) == [PARAGRAPHS[0], PARAGRAPHS[4]]


def _sections(listed: str) -> list[TextBlock]:
    """Blocks of a body built of section boxes (Over-blog's): three text boxes of paragraphs, a box of the same kind
    holding ``listed`` under a heading between the first two; the paragraphs alone labelled content."""
    text = "<div class='section section-text'><div class='text'>{}</div></div>"
    heading = "<div class='section section-title'><h2>The ingredients for one tin</h2></div>"
    parts = [text.format(f"<p>{PARAGRAPHS[0]}</p><p>{PARAGRAPHS[1]}</p>"), heading, text.format(listed),
             text.format(f"<p>{PARAGRAPHS[2]}</p>"), text.format(f"<p>{PARAGRAPHS[3]}</p><p>{PARAGRAPHS[4]}</p>")]
    html = f"<html><body><div class='post'><div class='sections'>{''.join(parts)}</div></div></body></html>"
    blocks = segment(parse_html(html.encode()).root).blocks
    annotate(blocks)
    for block in blocks:
        block.is_content = block.text in PARAGRAPHS
    return blocks


def test_a_list_in_a_box_of_the_bodys_text_kind_is_the_bodys():
    blocks = _sections("<ul><li>Two kilos of quinces</li><li>One kilo of sugar</li><li>A lemon's juice</li></ul>")
    lists_in_body_boxes(blocks, "test")
    kept = [block.text for block in blocks if block.is_content]
    assert kept[2:5] == ["Two kilos of quinces", "One kilo of sugar", "A lemon's juice"]
    assert blocks[3].reasons[-1] == "test:a list in a box rendered like those of the body's paragraphs"


def test_linked_or_lone_items_in_such_a_box_stay_out():
    for listed in ("<ul><li><a href='/a'>Quince jelly</a></li><li><a href='/b'>Fig jam with walnuts</a></li></ul>",
                   "<ul><li>+1</li></ul>"):
        blocks = _sections(listed)
        lists_in_body_boxes(blocks, "test")
        assert [block.text for block in blocks if block.is_content] == PARAGRAPHS


def test_a_page_builders_numbered_boxes_render_alike_and_a_grids_columns_do_not():
    """Avada and Divi number each instance of an element beside its class ("fusion-text fusion-text-8", "et_pb_text
    et_pb_text_2"; a column's "fusion_builder_column_1_1" is its width): boxes of one kind render alike. A grid's
    "col-md-8" and "col-md-4" have no plain class beside them and stay apart."""
    column = "fusion-layout-column fusion_builder_column fusion-builder-column-{0} fusion_builder_column_1_1 1_1"
    assert component_classes(column.format(0)) == component_classes(column.format(1)) \
        == "fusion-layout-column fusion_builder_column 1_1"
    assert component_classes("fusion-text fusion-text-8") == component_classes("fusion-text fusion-text-1")
    assert component_classes("et_pb_module et_pb_text et_pb_text_2") == "et_pb_module et_pb_text"
    assert component_classes("col-md-8") != component_classes("col-md-4")


LONG = [f"Paragraph {n}: the harbour board met again to decide how the old ferry pier should be repaired."
        for n in range(1, 9)]


def _story(kept: set[int], next_story: bool = False) -> tuple[bytes, PageLabels]:
    """A body of eight paragraphs in one template in one box (EditorJS's ``div.ce-block`` in its redactor), the next
    story's three after it in a box of its own when ``next_story``; the network kept the paragraphs whose numbers are
    in ``kept``."""
    box = "<div class='redactor'>{}</div>"
    parts = "".join(f"<div class='ce-block'><div class='ce-paragraph'>{text}</div></div>" for text in LONG)
    after = box.format("".join(f"<div class='ce-block'><div class='ce-paragraph'>Next story {n}: the council voted "
                                f"to close the market hall for repairs.</div></div>" for n in (1, 2, 3)))
    html = (f"<html><body><nav><a href='/'>Home</a></nav><article>{box.format(parts)}</article>"
            f"{after if next_story else ''}</body></html>")
    seg = segment(parse_html(html.encode()).root)
    flags = [any(leaf.text.startswith(f"Paragraph {n}:") for n in kept) for leaf in seg.leaves]
    return html.encode(), PageLabels(seg.leaves, blocks_from_leaf_labels(seg, flags, [float(f) for f in flags], "test"))


def test_the_bodys_paragraphs_after_the_last_the_network_kept_in_its_box_join_it():
    """A network that stops keeping the body halfway (Spiderum's EditorJS post, after a code block) leaves the
    paragraphs after the last it kept, rendered as the body's and in the box holding them: three or more of them are
    the body cut short; one or two a closing note (an author's bio, a newsletter's pitch) the network may be right
    to leave out; the next story's, in a box of its own, stay out."""
    html, labels = _story({1, 2, 3, 4}, next_story=True)
    tidy_labels(parse_html(html), labels, "test")
    assert kept_texts(labels) == LONG
    html, labels = _story({1, 2, 3, 4, 5, 6})
    tidy_labels(parse_html(html), labels, "test")
    assert kept_texts(labels) == LONG[:6]


def _closing_section(heading_box: str) -> list[str]:
    """The kept texts, after :func:`same_template`, of a post built of an editor's components (Naver's SmartEditor:
    each paragraph a ``p`` in a ``se_paragraph`` box, each section's heading an ``h4`` in a ``se_sectionTitle`` box):
    three sections of two paragraphs, every block of them kept, then a heading in ``heading_box`` (its box's class)
    over one last paragraph of the body's template, which the trees left out."""
    title = "<div class='se_component {0}'><div class='se_textView'><h4 class='se_textarea'>{1}</h4></div></div>"
    text = "<div class='se_component se_paragraph'><div class='se_textView'><p class='se_textarea'>{}</p></div></div>"
    parts = []
    for n in (1, 2, 3):
        parts += [title.format("se_sectionTitle", f"Section {n}"), text.format(LONG[2 * n - 2]),
                  text.format(LONG[2 * n - 1])]
    parts += [title.format(heading_box, "Wrapping up"), text.format(LONG[6])]
    html = (f"<html><body><nav><a href='/'>Home</a></nav><div class='se_main_container'>{''.join(parts)}</div>"
            f"<div class='post_tag'><a href='/tag/pier'>#pier</a></div></body></html>")
    blocks = segment(parse_html(html.encode()).root).blocks
    annotate(blocks)
    for block in blocks:
        block.is_content = block.text in LONG[:6] or block.text.startswith("Section")
    same_template(blocks, "test")
    return [block.text for block in blocks if block.is_content]


def test_the_bodys_last_section_under_a_heading_rendered_like_its_others_joins_it():
    """A closing section, a heading rendered like the body's section headings over one paragraph of the body's
    template, is the body's end, not a closing note: the trees, scoring the last paragraph low for where it sits,
    left out Naver Post's "Wrapping up" and the heading went with it. A heading rendered otherwise (an author's box)
    opens no section of the body."""
    sections = [text for n in (1, 2, 3) for text in (f"Section {n}", LONG[2 * n - 2], LONG[2 * n - 1])]
    assert _closing_section("se_sectionTitle") == [*sections, "Wrapping up", LONG[6]]
    assert _closing_section("se_authorBox") == sections
