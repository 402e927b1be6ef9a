import pytest

from scrapy_boiler.extractors.leaf_runs import blocks_from_leaf_labels
from scrapy_boiler.parse import parse_html
from scrapy_boiler.segment import segment


def test_runs_keep_paragraphs_whole_and_split_only_where_labels_change():
    seg = segment(parse_html("<div><p>One <a href='#'>two</a> three</p><p>four</p><p>five</p></div>").root)
    assert len(seg.leaves) == 5 and len(seg.blocks) == 3
    blocks = blocks_from_leaf_labels(seg, [True, True, True, False, False], [0.9, 0.8, 0.7, 0.2, 0.1], "test")
    assert [(b.leaf_start, b.leaf_end, b.is_content) for b in blocks] == [(0, 3, True), (3, 4, False), (4, 5, False)]
    assert blocks[0].text == "One two three" and blocks[0].score == pytest.approx(0.8)
    assert blocks[0].features is not None and blocks[0].features.num_words == 3
    split = blocks_from_leaf_labels(seg, [True, False, True, True, True], [1.0] * 5, "test")
    assert [(b.leaf_start, b.leaf_end) for b in split][:3] == [(0, 1), (1, 2), (2, 3)]
    assert split[1].text == "two" and split[1].linked_text == "two"
    assert [b.index for b in split] == list(range(len(split)))


def test_label_count_must_match():
    seg = segment(parse_html("<p>a</p><p>b</p>").root)
    with pytest.raises(ValueError):
        blocks_from_leaf_labels(seg, [True], [1.0], "test")
