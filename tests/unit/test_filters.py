"""Block fusion, the Largest/Main Content filters and the tree-filter paper's tree filter on small pages."""

import pytest

from scrapy_boiler.extractors.boilerpipe import filters, fusion, tree_filter
from scrapy_boiler.parse import parse_html
from scrapy_boiler.segment import segment
from scrapy_boiler.segment.blocks import annotate

SENTENCE = "This sentence is long enough to look like real article content to the classifier. "


def blocks_of(html: str, content: set[int] | None = None):
    blocks = segment(parse_html(html).root).blocks
    annotate(blocks)
    for block in blocks:
        block.is_content = content is None or block.index in content
    return blocks


def labels(blocks) -> list[int]:
    return [b.index for b in blocks if b.is_content]


def test_fusion_merges_similar_density_and_keeps_members():
    html = f"<p>{SENTENCE * 3}</p><p>{SENTENCE * 3}</p><ul><li><a href='#'>Home</a></li></ul><p>short</p>"
    blocks = blocks_of(html)
    fused = fusion.fuse(blocks)
    assert fused.members[0] == [0, 1]
    assert [1] not in fused.members
    assert any(group == [2] for group in fused.members), "link-heavy blocks are never fused"
    fused.blocks[0].is_content = True
    fusion.copy_labels_back(fused, blocks)
    assert blocks[0].is_content and blocks[1].is_content


def test_fusion_density_difference_threshold():
    assert fusion.MAX_DENSITY_DIFFERENCE == 0.38
    assert fusion._density_difference(10, 7) == pytest.approx(0.3)


def test_largest_content_keeps_the_biggest_stretch_bridging_one_gap():
    html = "".join(f"<p>{SENTENCE * n}</p>" for n in (1, 1, 1, 3, 1, 3, 1, 1, 2))
    blocks = blocks_of(html, content={0, 1, 3, 5, 8})  # 2, 4, 6, 7 are boilerplate
    assert filters.stretches(blocks) == [[0, 1, 3, 5], [8]]
    filters.largest_content(blocks)
    assert labels(blocks) == [0, 1, 3, 5]
    assert "largest-content:boilerplate" in blocks[8].reasons


def test_main_content_cuts_above_title_and_below_comments(page_bytes):
    page = parse_html(page_bytes("news_article.html"))
    blocks = segment(page.root).blocks
    annotate(blocks)
    for block in blocks:
        block.is_content = True
    filters.main_content(blocks, page.title)
    kept = [b.text for b in blocks if b.is_content]
    assert kept[0] == "Harbour bridge reopens after repairs"
    assert not any("Finally!" in text for text in kept), "comments are cut"
    assert not any("Coastal Herald" in text for text in kept[:1])


def test_title_match_needs_three_words_and_prefers_headings():
    blocks = blocks_of("<p>Daily News</p><div>A storm hits the coast</div><h1>A storm hits the coast</h1>")
    assert filters.find_title_block(blocks, "A storm hits the coast | Daily News") == 2
    assert filters.find_title_block(blocks, "Daily News") is None


def test_comment_indicators_ignore_counts_and_punctuation():
    blocks = blocks_of(f"<p>{SENTENCE}</p><h3>Comments (12)</h3><p>{SENTENCE}</p>")
    assert filters.find_comments_block(blocks, 0) == 1
    assert len(filters.COMMENT_INDICATORS) == 11


def test_tree_filter_keeps_the_group_with_most_text():
    html = (
        "<body><div id='story'><div class='body'>"
        f"<p>{SENTENCE * 2}</p><p>{SENTENCE * 2}</p></div></div>"
        f"<div id='side'><div class='box'><p>{SENTENCE}</p></div></div></body>"
    )
    blocks = blocks_of(html)
    tree_filter.tree_filter(blocks, depth=2)
    assert labels(blocks) == [0, 1]
    assert blocks[2].reasons == ["tree-filter(depth=2):boilerplate"]


def test_tree_filter_depth_changes_grouping():
    html = (
        "<body><div id='a'><div><p>" + SENTENCE * 2 + "</p></div><div><p>" + SENTENCE * 3 + "</p></div></div></body>"
    )
    at_one = blocks_of(html)
    tree_filter.tree_filter(at_one, depth=1)  # parents differ: only the larger paragraph survives
    assert labels(at_one) == [1]
    at_two = blocks_of(html)
    tree_filter.tree_filter(at_two, depth=2)  # grandparents are the same div#a
    assert labels(at_two) == [0, 1]


def test_paragraph_node_is_innermost_paragraph_tag():
    root = parse_html("<div><p><span><b>x</b></span></p></div>").root
    bold = root.find(".//b")
    assert tree_filter.paragraph_node(bold).tag == "p"


def test_tree_filter_rejects_depth_out_of_range():
    with pytest.raises(ValueError):
        tree_filter.tree_filter([], depth=6)
