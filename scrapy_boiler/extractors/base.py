"""What every model family provides, so ``extract`` treats them alike: :class:`Extractor` and :class:`PageLabels`."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from scrapy_boiler.document import ARTICLE, PageType
from scrapy_boiler.parse.html import ParsedPage
from scrapy_boiler.segment.blocks import Leaf, Run, TextBlock
from scrapy_boiler.segment.post_groups import PostGroup


@dataclass(slots=True)
class PageLabels:
    """A model's decision on one page.

    ``blocks`` are the model's own segmentation (Boilerpipe blocks for the rules), each a run of
    ``leaves``, the DOM text leaves every model is scored on, with ``is_content`` and ``score`` set.
    ``post_group`` is the thread structure when the page type was detected (posts are built from
    it); ``model`` names the model that labelled the page when it differs from the one asked for
    (the ``auto`` router says which route it took).
    """

    leaves: list[Leaf]
    blocks: list[TextBlock]
    page_type: PageType = ARTICLE
    page_type_score: float | None = None
    post_group: PostGroup | None = None
    model: str | None = None
    #: The segmentation's runs of text nodes when ``leaves`` are its (assembling then skips a walk of the tree).
    runs: list[Run] | None = None


class Extractor(Protocol):
    """A model selectable by name. ``label_pages`` takes a batch so neural models run one forward pass."""

    name: str

    def label_pages(self, pages: Sequence[ParsedPage]) -> list[PageLabels]:
        """One :class:`PageLabels` per page, in order."""
        ...
