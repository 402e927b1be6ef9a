import math

import pytest

from scrapy_boiler.extractors.web2text.cdom import collapse
from scrapy_boiler.extractors.web2text.features import (
    BLOCK_FEATURES,
    EDGE_FEATURES,
    page_features,
    text_statistics,
)
from scrapy_boiler.extractors.web2text.scaling import CLIP, Standardizer
from scrapy_boiler.parse import parse_html
from scrapy_boiler.segment import segment

BLOCK = {name: index for index, (name, _) in enumerate(BLOCK_FEATURES)}
EDGE = {name: index for index, (name, _) in enumerate(EDGE_FEATURES)}
STATS = [name for name, _ in BLOCK_FEATURES[5:22]]


def features(html: str):
    root = parse_html(html).root
    leaves = segment(root).leaves
    return [leaf.text.strip() for leaf in leaves], page_features(leaves, collapse(root, leaves))


@pytest.fixture
def page(page_bytes):
    texts, feats = features(page_bytes("web2text_page.html").decode())
    return {text: row for text, row in zip(texts, feats.blocks, strict=True)}, feats


def test_feature_counts_match_the_paper():
    assert len(BLOCK_FEATURES) == 128 and len(EDGE_FEATURES) == 25
    assert len({name for name, _ in BLOCK_FEATURES}) == 128


def test_text_statistics_of_one_sentence():
    stats = dict(zip(STATS, text_statistics("Was it built in 2019? Ask desk@example.org or www.example.org"),
                     strict=True))
    assert stats["has_stopword"] == 1 and stats["stopword_ratio"] == pytest.approx(4 / 9)  # was it in or
    assert stats["has_numeric"] == 1 and stats["contains_year"] == 1
    assert stats["contains_email"] == 1 and stats["contains_url"] == 1 and stats["contains_copyright"] == 0
    assert stats["ends_with_punctuation"] == 0 and stats["ends_with_question_mark"] == 0
    assert stats["capital_ratio"] == pytest.approx(2 / 9)
    assert stats["capital_ratio_3"] == pytest.approx((2 / 9) ** 3)
    assert stats["log_avg_sentence_length"] == pytest.approx(math.log(9 / 1))


def test_text_statistics_clip_to_the_appendix_ranges():
    short = dict(zip(STATS, text_statistics("Hi"), strict=True))
    assert short["avg_word_length"] == 3 and short["log_chars"] == 2.5
    assert short["log_punctuation_ratio"] == -4 and short["log_avg_sentence_length"] == 2
    assert text_statistics("")[0] == 3.0


def test_block_own_text_features(page):
    rows, _ = page
    home = rows["Home"]
    assert home[BLOCK["same_class_path_ratio"]] == pytest.approx(3 / 11)  # three nav links share a path
    assert home[BLOCK["has_word"]] == 1 and home[BLOCK["log_words"]] == 0
    assert home[BLOCK["relative_position"]] == 0
    question = rows[next(t for t in rows if t.startswith("Engineers"))]
    assert question[BLOCK["multiple_sentences"]] == 1 and question[BLOCK["contains_year"]] == 1
    assert question[BLOCK["n_punctuation"]] == 4  # ", . ? ,"
    footer = rows["© 2020 Example News, see https://example.org/terms"]
    assert footer[BLOCK["contains_copyright"]] == 1 and footer[BLOCK["contains_url"]] == 1
    assert 0.8 < footer[BLOCK["relative_position"]] < 1  # where the last block starts
    assert footer[BLOCK["relative_position_2"]] == pytest.approx(footer[BLOCK["relative_position"]] ** 2)


def test_duplicate_features():
    texts, feats = features("<div>" + "<p>Share</p>" * 11 + "<p>Other words</p><p>Twice</p><p>Twice</p></div>")
    rows = dict(zip(texts, feats.blocks, strict=False))
    assert rows["Share"][BLOCK["has_duplicate"]] == 1 and rows["Share"][BLOCK["has_10_duplicates"]] == 1
    assert rows["Twice"][BLOCK["has_duplicate"]] == 1 and rows["Twice"][BLOCK["has_10_duplicates"]] == 0
    assert rows["Other words"][BLOCK["has_duplicate"]] == 0


def test_parent_grandparent_and_root_groups(page):
    rows, _ = page
    home = rows["Home"]
    assert home[BLOCK["has_parent"]] == 1 and home[BLOCK["has_grandparent"]] == 1
    assert home[BLOCK["p_link_density"]] == 1.0  # the nav list is all links
    assert home[BLOCK["p_tag_ul"]] == 1 and home[BLOCK["p_tag_div"]] == 1 and home[BLOCK["p_tag_p"]] == 0
    assert home[BLOCK["root_body_share"]] == 1.0 and home[BLOCK["root_contains_form"]] == 1
    assert 0 < home[BLOCK["p_body_share"]] < 0.1
    engineers = rows[next(t for t in rows if t.startswith("Engineers"))]
    assert engineers[BLOCK["p_tag_p"]] == 1 and engineers[BLOCK["has_grandparent"]] == 1
    assert 0 < engineers[BLOCK["p_link_density"]] < 0.2  # "she said" is linked
    assert engineers[BLOCK["gp_body_share"]] > engineers[BLOCK["p_body_share"]]
    assert engineers[BLOCK["p_contains_form"]] == 0
    search = rows["Search the site"]
    assert search[BLOCK["p_contains_form"]] == 1  # its parent is the root, which holds the form
    assert search[BLOCK["has_grandparent"]] == 0 and search[BLOCK["gp_body_share"]] == 0


def test_own_tag_flags(page):
    rows, _ = page
    lead = rows["The old harbour bridge reopened on Monday."]
    assert lead[BLOCK["tag_p"]] == 1 and lead[BLOCK["tag_b"]] == 1 and lead[BLOCK["tag_a"]] == 0
    assert rows["Home"][BLOCK["tag_li"]] == 1 and rows["Home"][BLOCK["tag_a"]] == 1
    assert rows["Harbour bridge reopens after repairs"][BLOCK["tag_h1"]] == 1


def test_edge_features(page):
    _, feats = page
    assert len(feats.edges) == 10
    distance = [[e[EDGE[f"tree_distance_{k}"]] for k in ("2", "3", "4", "more")] for e in feats.edges]
    assert distance[0] == [1, 0, 0, 0] and distance[2] == [0, 0, 1, 0] and distance[4] == [0, 1, 0, 0]
    line_breaks = [e[EDGE["line_break"]] for e in feats.edges]
    assert line_breaks == [1, 1, 1, 1, 1, 0, 0, 1, 1, 1]  # only the inline link inside the paragraph
    nav_edge = feats.edges[0]
    assert nav_edge[EDGE["ca_link_density"]] == 1.0
    assert feats.edges[7][EDGE["ca_contains_form"]] == 1 and feats.edges[7][EDGE["ca_body_share"]] == 1.0


def test_standardizer_scales_non_binary_columns_only():
    rows = [[1.0, 0.0, 10.0], [3.0, 1.0, 10.0], [5.0, 1.0, 10.0], [1000.0, 0.0, 10.0]]
    scaler = Standardizer.fit(rows, [False, True, False])
    out = scaler.transform(rows)
    assert [row[1] for row in out] == [0.0, 1.0, 1.0, 0.0]
    assert all(row[2] == 0.0 for row in out)  # constant column: zero, no division by zero
    assert max(row[0] for row in out) <= CLIP
    again = Standardizer.from_dict(scaler.to_dict())
    assert again.transform(rows) == out
    mean = sum(row[0] for row in scaler.transform(rows[:3])) / 3
    assert mean < 0  # the outlier pulled the mean up
