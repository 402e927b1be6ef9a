from lxml import etree

from scrapy_boiler.extractors.web2text.cdom import collapse
from scrapy_boiler.parse import parse_html
from scrapy_boiler.segment import segment


def cdom_of(html: str):
    root = parse_html(html).root
    leaves = segment(root).leaves
    return leaves, collapse(root, leaves)


def test_single_child_parents_merge_into_their_child(page_bytes):
    leaves, cdom = cdom_of(page_bytes("web2text_page.html").decode())
    texts = [leaf.text.strip() for leaf in leaves]
    assert cdom.root.tags == ("html", "body")  # head is removed, so html had one child
    node = {text: cdom.leaf_nodes[i] for i, text in enumerate(texts)}
    assert node["Home"].tags == ("li", "a")
    assert node["Home"].parent.tags == ("div", "ul")
    assert node["The old harbour bridge reopened on Monday."].tags == ("p", "b")
    assert node["Search the site"].tags == ("form", "div")  # the input is gone, the form kept one child
    assert node["Contact: desk@example.org"].tags == ("span",)


def test_empty_nodes_are_removed(page_bytes):
    _leaves, cdom = cdom_of(page_bytes("web2text_page.html").decode())
    article = cdom.leaf_nodes[3].parent  # the h1's parent: div.article
    assert article.tags == ("div",)
    assert [child.tags for child in article.children] == [("h1",), ("p", "b"), ("p",)]  # empty div and p gone
    footer = cdom.leaf_nodes[-1].parent
    assert len(footer.children) == 2  # <br> held no text


def test_leaves_map_one_to_one_and_ranges_cover_them(page_bytes):
    leaves, cdom = cdom_of(page_bytes("web2text_page.html").decode())
    assert len(cdom.leaf_nodes) == len(leaves) == 11
    assert [node.leaf for node in cdom.leaf_nodes] == list(range(11))
    assert (cdom.root.leaf_start, cdom.root.leaf_end) == (0, 11)
    assert all(child.parent is cdom.root for child in cdom.root.children)
    assert all(node.depth == node.parent.depth + 1 for node in cdom.leaf_nodes)


def test_tree_distance_counts_hops_to_the_first_common_ancestor(page_bytes):
    _leaves, cdom = cdom_of(page_bytes("web2text_page.html").decode())
    n = cdom.leaf_nodes
    distances = [cdom.common_ancestor(n[i], n[i + 1])[1] for i in range(len(n) - 1)]
    assert distances == [2, 2, 4, 2, 3, 2, 2, 4, 3, 2]
    ancestor, _ = cdom.common_ancestor(n[7], n[8])
    assert ancestor is cdom.root and ancestor.has_form


def test_text_directly_in_a_merged_chain_and_a_page_without_text():
    _, cdom = cdom_of("<html><body><div><div><p>Only text</p></div></div></body></html>")
    assert cdom.root is cdom.leaf_nodes[0] and cdom.root.tags == ("html", "body", "div", "div", "p")
    root = etree.fromstring("<html><body><div> </div></body></html>", etree.HTMLParser())  # parse_html refuses it
    cdom = collapse(root, segment(root).leaves)
    assert cdom.leaf_nodes == []
