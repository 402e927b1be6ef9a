from scrapy_boiler.parse import parse_html
from scrapy_boiler.segment import segment


def seg(html: str):
    return segment(parse_html(html).root)


def test_tags_separate_blocks_but_anchors_do_not():
    s = seg("<div><p>First paragraph with <a href='#'>a link</a> inside.</p><p>Second one.</p></div>")
    assert [b.text for b in s.blocks] == ["First paragraph with a link inside.", "Second one."]
    assert s.blocks[0].linked_text == "a link"


def test_inline_formatting_does_not_separate_but_br_does():
    s = seg("<p>Some <b>bold</b> and <em>emphasised</em> words<br>next line</p>")
    assert [b.text for b in s.blocks] == ["Some bold and emphasised words", "next line"]


def test_leaves_are_text_nodes_with_words_and_blocks_cover_them():
    s = seg("<div>lead <span>inner</span> tail | <p>para</p> » </div>")
    assert [leaf.text.strip() for leaf in s.leaves] == ["lead", "inner", "tail |", "para"]
    assert [(b.leaf_start, b.leaf_end) for b in s.blocks] == [(0, 3), (3, 4)]
    assert all(s.blocks[leaf.block].leaf_start <= i < s.blocks[leaf.block].leaf_end for i, leaf in enumerate(s.leaves))


def test_punctuation_only_text_is_no_leaf():
    s = seg("<ul><li><a href='/'>Home</a></li><li>|</li><li><a href='/n'>News</a></li></ul>")
    assert [leaf.text for leaf in s.leaves] == ["Home", "News"]
    assert [b.text for b in s.blocks] == ["Home", "News"]


def test_a_code_line_of_punctuation_alone_is_a_leaf():
    """A highlighter draws each line of code in a span ending with ``<br>`` (Prism in Docusaurus): a line holding
    only punctuation ("});") is a line of the code, not a separator between links."""
    s = seg('<pre><code><span class="token-line"><span class="token plain">db.run(</span><span class="token '
            'punctuation">{</span><br></span><span class="token-line"><span class="token punctuation">});</span><br>'
            "</span></code></pre>")
    assert [b.text for b in s.blocks] == ["db.run({", "});"]


def test_enclosing_flags_and_element():
    s = seg("<div><h2>Heading <a href='#'>link</a></h2><p>text</p></div>")
    heading, para = s.blocks
    assert {"h2", "div", "a"} <= heading.enclosing
    assert "p" in para.enclosing and "h2" not in para.enclosing
    assert heading.element.tag == "h2" and para.element.tag == "p"


def test_tail_leaf_parent():
    s = seg("<div><b>bold</b> tail words</div>")
    tail = s.leaves[1]
    assert tail.is_tail and tail.parent.tag == "div"
