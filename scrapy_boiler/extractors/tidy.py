"""What the neural article models do after labelling a page: their labels, tidied by the page-level checks a block
classifier cannot make on its own (in this order): a text the page repeats is kept once
(:mod:`~scrapy_boiler.extractors.repeated_blocks`), a teaser card is no content
(:mod:`~scrapy_boiler.extractors.link_cards`), nor a link list in the page's chrome
(:mod:`~scrapy_boiler.extractors.chrome_links`), nor what a small box named an advert, a promotion, a consent box or
a poll holds (:mod:`~scrapy_boiler.extractors.inset_boxes`), nor another story's ``<article>`` (the next story of an
endless scroll: :mod:`~scrapy_boiler.extractors.other_stories`), nor a sidebar's text beside the article
(:mod:`~scrapy_boiler.extractors.sidebars`), as ``blend`` does; a paragraph rendered like the body's
paragraphs around it is content (:mod:`~scrapy_boiler.extractors.body_template`, as ``blend`` does), an
implausibly short result gets the fallback (:mod:`~scrapy_boiler.extractors.short_result`), and a result that misses
most of the text the page declares in JSON-LD and shows gets that text (:mod:`~scrapy_boiler.extractors.declared_text`).

The body's template is read after the drops, from the blocks still kept: read before them, a teaser or a box the
network kept counted as one of the body's paragraphs (Web2Text: 4 corpus pages worse, none better).
"""

from __future__ import annotations

from scrapy_boiler.extractors.base import PageLabels
from scrapy_boiler.extractors.body_template import same_template
from scrapy_boiler.extractors.chrome_links import drop_chrome_links
from scrapy_boiler.extractors.declared_text import rescue_declared
from scrapy_boiler.extractors.inset_boxes import drop_inset_boxes
from scrapy_boiler.extractors.link_cards import drop_link_cards
from scrapy_boiler.extractors.other_stories import other_articles
from scrapy_boiler.extractors.repeated_blocks import drop_repeated
from scrapy_boiler.extractors.short_result import rescue_partial, rescue_short
from scrapy_boiler.extractors.sidebars import drop_sidebar_text, page_article_boxes
from scrapy_boiler.parse.html import ParsedPage


def tidy_labels(page: ParsedPage, labels: PageLabels, name: str, *, partial: bool = False) -> None:
    """Apply the shared checks to one page's ``labels`` (in place); ``name`` is the model's, for the reasons.
    ``partial``: a result that holds only part of the region's paragraphs gets the rest
    (:func:`~scrapy_boiler.extractors.short_result.rescue_partial`), for a model that stops early in an article."""
    drop_repeated(labels.blocks, name)
    drop_link_cards(labels.blocks, name)
    drop_chrome_links(labels.blocks, labels.leaves, name)
    drop_inset_boxes(labels.blocks, name)
    other_articles(labels.blocks, page.title, name)
    drop_sidebar_text(labels.blocks, lambda: page_article_boxes(page), name)
    same_template(labels.blocks, name)
    rescue_short(page, labels, name)
    rescue_declared(page, labels, name)
    if partial:
        rescue_partial(page, labels, name)
