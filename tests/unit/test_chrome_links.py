"""A link list in the page's chrome (a related rail, a sidebar) is no content (``extractors/chrome_links.py``)."""

from __future__ import annotations

from dataclasses import replace

from neural_pages import all_content_labels
from neural_pages import kept_texts as _kept

from scrapy_boiler.extractors.chrome_links import drop_chrome_links

BODY = ("<p>The harbour board met on Tuesday evening to decide how the old ferry pier should be repaired.</p>"
        "<ul><li><a href='/a'>Survey of the piles, spring 2024</a></li>"
        "<li><a href='/b'>The board's budget</a></li></ul>")
RAIL = ("<ul><li><a href='/c'>Bridge closed for a week while its deck is resurfaced</a></li>"
        "<li><a href='/d'>Ferry fares rise in the new year</a></li></ul>")
PROSE = "<p>The Herald is published by the Coastal Press cooperative, owned by its readers since 1921.</p>"


def test_the_links_of_a_related_rail_go_and_the_bodys_own_stay():
    labels = all_content_labels(f"<div class='article-body'>{BODY}</div><div class='related-stories'>{RAIL}</div>"
                                f"<aside>{PROSE}<ul><li><a href='/e'>Most read today</a> (12)</li></ul></aside>")
    drop_chrome_links(labels.blocks, labels.leaves, "test")
    kept = _kept(labels)
    assert kept[:3] == ["The harbour board met on Tuesday evening to decide how the old ferry pier should be repaired.",
                        "Survey of the piles, spring 2024", "The board's budget"]  # links in the named body stay
    assert PROSE[3:-4] in kept  # prose in the sidebar is not a link list: other checks judge it
    assert not any(text.startswith(("Bridge closed", "Ferry fares", "Most read")) for text in kept)
    dropped = [block for block in labels.blocks if not block.is_content]
    assert all(block.reasons[-1] == "test:links in the page's chrome (related, sidebar, navigation)"
               for block in dropped) and len(dropped) == 3


def test_links_under_an_article_element_stay_whatever_the_names_above():
    labels = all_content_labels(f"<div class='sidebar-layout'><article>{RAIL}</article></div>")
    drop_chrome_links(labels.blocks, labels.leaves, "test")
    assert len(_kept(labels)) == 2


def test_a_blocks_own_links_count_when_its_element_holds_fewer():
    """SemText's SCS blocks merge runs of siblings and keep the first one's element: the block is mostly links though
    its element holds none."""
    labels = all_content_labels("<nav><p>Sections:</p><a href='/w'>World news today</a> "
                                "<a href='/b'>Business and markets</a></nav>")
    first, *rest = labels.blocks
    merged = replace(first, leaf_end=rest[-1].leaf_end, text=" ".join(block.text for block in labels.blocks))
    assert merged.element.tag == "p"
    labels.blocks = [merged]
    drop_chrome_links(labels.blocks, labels.leaves, "test")
    assert _kept(labels) == []


def test_a_blurb_in_a_box_of_headline_links_goes_with_the_box():
    note = "Ferry fares rise in the new year, the board said on Friday."
    labels = all_content_labels(f"<aside><div>{note}{RAIL}</div></aside>")
    drop_chrome_links(labels.blocks, labels.leaves, "test")
    assert labels.blocks[0].text == note and labels.blocks[0].element.tag == "div"  # the div holds the rail's links
    assert _kept(labels) == []
