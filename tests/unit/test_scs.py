"""Search-and-Combine Segmentation (Zhang & Wang §III.A) and SemText's word replacement (§III.B)."""

from __future__ import annotations

from scrapy_boiler.extractors.semtext.scs import GROUP1, GROUP2, GROUP3, scs, tag_group
from scrapy_boiler.extractors.semtext.words import MAX_WORDS, block_strings, class_words, clean, split_name, tag_words
from scrapy_boiler.parse.html import parse_html


def blocks(body: str) -> list[str]:
    return [b.text for b in scs(parse_html(f"<html><body>{body}</body></html>").root).blocks]


def test_groups_are_disjoint_and_cover_html5():
    assert not (GROUP1 & GROUP2) and not (GROUP1 & GROUP3) and not (GROUP2 & GROUP3)
    assert {"head", "script", "img", "video", "input", "label"} <= GROUP1
    assert {"em", "strong", "span", "a", "tbody", "thead"} <= GROUP2
    assert {"div", "p", "section", "ul", "li", "table", "caption", "h1"} <= GROUP3
    assert tag_group("my-widget") == 3


def test_search_phase_drops_group1_and_keeps_group2_text():
    assert blocks("<p>Visit <b>our</b> <a href='/'>shop</a> now<label>Name</label></p>") == ["Visit our shop now"]


def test_case1_leaf_siblings_with_same_tags_and_classes_combine():
    assert blocks("<ul><li class='a'>one</li><li class='a'>two</li></ul>") == ["one two"]


def test_case3_siblings_with_other_classes_or_tags_stay_apart():
    assert blocks("<ul><li class='a'>one</li><li class='b'>two</li></ul>") == ["one", "two"]
    assert blocks("<div><h2>Title</h2><p>Body</p></div>") == ["Title", "Body"]


def test_case2_single_child_with_same_classes_joins_its_parent():
    assert blocks("<div class='x'>intro<p>para</p></div>") == ["intro para"]


def test_case3_single_child_with_its_own_class_stays_apart():
    assert blocks("<div class='x'>intro<p class='y'>para</p></div>") == ["intro", "para"]


def test_case4_combines_the_rest_first_then_retries():
    # x = "intro" cannot join y = "mid" (y is not a leaf); y joins its single child z, and the
    # combined block, now a leaf, is the single child of x: all three end up together.
    assert blocks("<div>intro<div>mid<p>end</p></div></div>") == ["intro mid end"]
    # y and z combine (siblings); x has two children, so it stays apart.
    assert blocks("<div>intro<p>one</p><p>two</p></div>") == ["intro", "one two"]


def test_blocks_are_runs_of_reference_leaves_with_paths():
    page = scs(parse_html("<html><body><div id='main' class='story'><p>A <i>b</i> c</p></div>"
                          "<footer><p>Legal</p></footer></body></html>").root)
    first, second = page.blocks
    assert (first.leaf_start, first.leaf_end) == (0, 3) and (second.leaf_start, second.leaf_end) == (3, 4)
    assert first.tags == ("html", "body", "div", "p") and first.classes == ("main", "story")
    assert second.tags == ("html", "body", "footer", "p")
    labelled = page.text_blocks([True, False])
    assert [b.is_content for b in labelled] == [True, False]


def test_tags_become_words():
    assert tag_words(["h1"]) == ["primary", "headline"]
    assert tag_words(["div", "p"]) == ["division", "paragraph"]


def test_class_names_split_and_expand():
    assert split_name("articleBodyWrapper") == ["article", "body", "wrapper"]
    assert split_name("nav-btn_12") == ["navigation", "button"]
    assert split_name("HTMLParser2Box") == ["html", "parser", "box"]
    assert split_name("x9") == ["x"]
    assert class_words(["main", "post-hdr"]) == ["main", "post", "header"]


def test_stop_words_go_and_strings_are_cut():
    assert clean(["the", "cat", "is", "on", "2024", "mat"]) == ["cat", "mat"]
    many = [f"w{i}" for i in range(80)]
    assert clean(many) == many[:MAX_WORDS]
    assert clean(many, keep_last=True) == many[-MAX_WORDS:]


def test_block_strings():
    page = scs(parse_html("<html><body><div class='comment-list'><p>The plan is great</p></div></body></html>").root)
    tags, classes, text = block_strings(page.blocks[0])
    assert tags == ["root", "document", "document", "body", "division", "paragraph"]
    assert classes == ["comment", "list"]
    assert text == ["plan", "great"]
