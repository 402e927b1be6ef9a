"""Another story's ``<article>`` is not the page's text (``extractors/other_stories.py``), for the neural models
through their tidy step; ``blend``'s own cases are in ``test_blend.py``."""

from __future__ import annotations

from scrapy_boiler.extractors.base import PageLabels
from scrapy_boiler.extractors.leaf_runs import blocks_from_leaf_labels
from scrapy_boiler.extractors.tidy import tidy_labels
from scrapy_boiler.parse.html import parse_html
from scrapy_boiler.segment.blocks import segment

STORY = [f"The council voted on Tuesday night to keep the harbour bridge open to buses and bicycles only, as "
         f"paragraph {n} of the story explains." for n in range(4)]
NEXT_STORY = [f"Ticket prices for the autumn season rise by a tenth, the theatre's director told the board, in "
              f"paragraph {n} of that story." for n in range(4)]


def test_the_neural_models_tidy_step_drops_the_next_story_of_an_endless_scroll():
    """A network that keeps every paragraph, of the page's story and of the next one loaded under it."""
    story = "".join(f"<p>{text}</p>" for text in STORY)
    next_story = "".join(f"<p>{text}</p>" for text in NEXT_STORY)
    page = parse_html("<html><head><title>Harbour bridge stays closed to cars | Coastal Herald</title></head><body>"
                      "<main><article class='article-entity'><h1>Harbour bridge stays closed to cars</h1>"
                      f"<div class='bodytext'>{story}</div></article><div class='under-article'>"
                      "<article class='article-entity'><h1>Theatre raises its prices</h1>"
                      f"<div class='bodytext'>{next_story}</div></article></div></main></body></html>".encode())
    seg = segment(page.root)
    labels = PageLabels(seg.leaves, blocks_from_leaf_labels(seg, [True] * len(seg.leaves),
                                                            [1.0] * len(seg.leaves), "test"))
    tidy_labels(page, labels, "test")
    kept = [block.text for block in labels.blocks if block.is_content]
    assert kept == ["Harbour bridge stays closed to cars", *STORY]
    dropped = [block for block in labels.blocks if not block.is_content]
    assert dropped[0].reasons[-1] == "test:in another story's box (an <h1> not the page's headline)"
