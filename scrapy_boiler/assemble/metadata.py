"""The Document's :class:`~scrapy_boiler.Metadata`: what :mod:`~scrapy_boiler.parse.metadata` reads from the page,
plus what only the labelled page knows: the images inside the article body and how likely the page is an article.
"""

from __future__ import annotations

from dataclasses import replace

from lxml import etree

from scrapy_boiler.document import THREAD_TYPES, Metadata
from scrapy_boiler.extractors.base import PageLabels
from scrapy_boiler.parse.html import ParsedPage
from scrapy_boiler.parse.metadata import read_metadata
from scrapy_boiler.parse.urls import join_url
from scrapy_boiler.segment.post_groups import common_ancestor

#: Most body images listed (galleries can hold hundreds).
MAX_IMAGES = 50
_LAZY_SOURCES = ("src", "data-src", "data-lazy-src", "data-original", "data-url")
#: Probability of a page that declares itself an article (JSON-LD type or ``og:type``) with body text.
DECLARED_ARTICLE = 0.95


def page_metadata(page: ParsedPage, labels: PageLabels, text: str, headline: str = "") -> Metadata:
    """The page's metadata with its body images and its article probability; ``headline`` is the one shown."""
    metadata = read_metadata(page, text, headline)
    base = metadata.canonical_url or page.url or ""
    images = body_images(labels, base)
    main_image = metadata.main_image or (images[0] if images else None)
    return replace(metadata, images=tuple(images), main_image=main_image,
                   probability=_probability(page, labels, text, declared=metadata.probability is not None))


def body_images(labels: PageLabels, base: str) -> list[str]:
    """Absolute URLs of the images inside the article body: under the deepest element holding every content block
    (lazy-loading attributes read too; data URIs, SVG and tracking pixels left out)."""
    elements = [block.element for block in labels.blocks if block.is_content and block.element is not None]
    root = common_ancestor(elements) if elements else None
    if root is None:
        return []
    urls: list[str] = []
    for img in root.iter("img"):
        url = _image_source(img)
        if url is None or img.get("width") in ("0", "1", "2") or img.get("height") in ("0", "1", "2"):
            continue
        url = join_url(base, url)
        if url is not None and url not in urls:
            urls.append(url)
            if len(urls) >= MAX_IMAGES:
                break
    return urls


def _image_source(img: etree._Element) -> str | None:
    for name in _LAZY_SOURCES:
        value = (img.get(name) or "").strip()
        if value and not value.startswith("data:") and not value.lower().split("?")[0].endswith(".svg"):
            return value
    srcset = (img.get("srcset") or img.get("data-srcset") or "").strip()
    return srcset.split(",")[0].split()[0] if srcset else None


def _probability(page: ParsedPage, labels: PageLabels, text: str, *, declared: bool) -> float:
    """How likely the page is one article: 0 without body text, else 1 − P(thread) of the page typing (0.5 when the
    model does not type pages), raised to :data:`DECLARED_ARTICLE` when the page declares an article."""
    if not text.strip():
        return 0.0
    score = labels.page_type_score
    probability = 1.0 - score if score is not None else 0.5
    if labels.page_type in THREAD_TYPES:
        return round(min(probability, 0.5), 4)
    if declared or page.meta.get("og:type", "").lower() == "article":
        probability = max(probability, DECLARED_ARTICLE)
    return round(probability, 4)
