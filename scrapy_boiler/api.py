"""``extract``: the one entry point everything else (Scrapy glue, commands, evaluation) builds on."""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from lxml import etree

from scrapy_boiler.assemble.headline import find_headline
from scrapy_boiler.assemble.posts import build_posts, qa_pairs
from scrapy_boiler.assemble.text import to_html, to_text
from scrapy_boiler.classify.base import Extractor, PageLabels
from scrapy_boiler.classify.page_type import TYPE2
from scrapy_boiler.document import BOILERPLATE, CONTENT, Block, Document, Post, QAPair
from scrapy_boiler.limits import DEFAULT_LIMITS, Deadline, Limits, PageRejected, TimeBudgetExceeded
from scrapy_boiler.parse.html import ParsedPage, parse_html
from scrapy_boiler.registry import resolve
from scrapy_boiler.segment.blocks import TextBlock


class PageInput(NamedTuple):
    """One page for :func:`extract_many`: the raw body, its URL and the HTTP header charset if known."""

    html: bytes | str
    url: str | None = None
    encoding: str | None = None


def extract(
    html: bytes | str,
    url: str | None = None,
    *,
    model: str = "auto",
    encoding: str | None = None,
    device: str = "auto",
    limits: Limits = DEFAULT_LIMITS,
) -> Document:
    """Find the main content of one HTML page.

    ``html`` is the raw body (``bytes``, decoded with the charset policy of
    :mod:`scrapy_boiler.parse.encoding`) or already decoded text; ``encoding`` is the charset of the
    HTTP header when known. ``model`` is a name from :func:`scrapy_boiler.available_models`;
    ``device`` (``auto``, ``cpu``, ``cuda``) only matters to neural models. ``limits`` bound the bytes,
    blocks, depth and time one page may cost (:class:`scrapy_boiler.limits.Limits`).

    Never raises for bad input: a page that cannot be cleaned (empty, binary, over a limit...) gives a
    :class:`Document` with empty text, ``reason`` from :data:`scrapy_boiler.limits.REASONS` and ``error``
    saying what happened. Raises :class:`~scrapy_boiler.registry.UnknownModel` for a bad name, and its
    subclass :class:`~scrapy_boiler.registry.ModelUnavailable` when the model's files or packages are missing.
    """
    return extract_many([PageInput(html, url, encoding)], model=model, device=device, limits=limits)[0]


def extract_many(
    pages: Iterable[PageInput], *, model: str = "auto", device: str = "auto", limits: Limits = DEFAULT_LIMITS
) -> list[Document]:
    """:func:`extract` over a batch of pages: neural models label the whole batch in one forward pass.

    The time budget covers the batch (``time_budget`` per page); a batch that overruns it is redone page
    by page, so only the slow page is refused.
    """
    extractor = resolve(model, device)
    batch = list(pages)
    try:
        return _extract_batch(batch, extractor, model, limits)
    except TimeBudgetExceeded as exc:
        if len(batch) == 1:
            return [_refused(batch[0], model, exc)]
    return [_extract_alone(page, extractor, model, limits) for page in batch]


def _extract_alone(page: PageInput, extractor: Extractor, model: str, limits: Limits) -> Document:
    try:
        return _extract_batch([page], extractor, model, limits)[0]
    except TimeBudgetExceeded as exc:
        return _refused(page, model, exc)


def _extract_batch(pages: list[PageInput], extractor: Extractor, model: str, limits: Limits) -> list[Document]:
    budget = None if limits.time_budget is None else limits.time_budget * max(1, len(pages))
    deadline = Deadline(budget)
    with deadline.alarm():
        docs: list[Document | None] = []
        parsed: list[ParsedPage] = []
        for page in pages:
            try:
                parsed.append(parse_html(page.html, url=page.url, encoding=page.encoding, limits=limits))
                docs.append(None)
            except PageRejected as exc:
                docs.append(_refused(page, model, exc))
            deadline.check()
        labelled = iter(extractor.label_pages(parsed) if parsed else [])
        deadline.check()
        pending = iter(parsed)
        return [doc if doc is not None else _document(next(pending), next(labelled), model) for doc in docs]


def _refused(page: PageInput, model: str, exc: PageRejected) -> Document:
    """The empty Document of a page that could not be cleaned."""
    return Document(
        text="", title="", html="", blocks=[], model=model, url=page.url, error=str(exc), reason=exc.reason
    )


def _document(page: ParsedPage, labels: PageLabels, model_name: str) -> Document:
    blocks = _public_blocks(labels.blocks, page.root)
    headline = find_headline(blocks, page.title)
    posts: list[Post] = []
    pairs: list[QAPair] = []
    group = labels.post_group
    if group is not None and labels.page_type in TYPE2:
        content = [False] * len(labels.leaves)
        for block in labels.blocks:
            if block.is_content:
                content[block.leaf_start:block.leaf_end] = [True] * (block.leaf_end - block.leaf_start)
        posts = build_posts(group, labels.leaves, content)
        pairs = qa_pairs(headline or page.title, posts)
    elif group is not None and _is_comment_thread(labels):
        posts = build_posts(group, labels.leaves)  # an article's comments, kept apart from its text
    return Document(
        text=to_text(labels.blocks),
        title=page.title,
        html=to_html(labels.blocks),
        blocks=blocks,
        model=labels.model or model_name,
        headline=headline,
        page_type=labels.page_type,
        page_type_score=labels.page_type_score,
        url=page.url,
        encoding=page.encoding,
        num_leaves=len(labels.leaves),
        warnings=list(page.warnings),
        posts=posts,
        qa_pairs=pairs,
    )


def _is_comment_thread(labels: PageLabels) -> bool:
    """An article page whose post group lies outside its content: a comment thread under the article."""
    group = labels.post_group
    if group is None or not group.keyword:
        return False
    members = group.member_of()
    return all(not (block.is_content and block.element in members) for block in labels.blocks)


#: Class names and characters of a name kept in ``Block.class_path``: a page with a megabyte class
#: attribute would otherwise copy it into every block below it.
_MAX_CLASSES = 8
_MAX_NAME = 64


class _Paths:
    """Tag, class/id and XPath paths of elements, memoised through their parents."""

    def __init__(self, root: etree._Element) -> None:
        self.tree = root.getroottree()
        self.cache: dict[etree._Element, tuple[str, str]] = {}
        self.steps: dict[etree._Element, str] = {}
        self.xpaths: dict[etree._Element, str] = {}

    def xpath(self, element: etree._Element) -> str:
        """The element's XPath as ``getpath`` writes it, memoised: ``getpath`` rescans the siblings on every
        call, which made a page of 100,000 sibling paragraphs quadratic."""
        chain: list[etree._Element] = []
        node: etree._Element | None = element
        while node is not None and node not in self.xpaths:
            chain.append(node)
            node = node.getparent()
        path = self.xpaths[node] if node is not None else ""
        for el in reversed(chain):
            parent = el.getparent()
            if parent is None or not isinstance(el.tag, str) or el.tag.startswith("{"):
                path = self.tree.getpath(el)
            else:
                if el not in self.steps:
                    self._number_children(parent)
                path = f"{path}/{self.steps[el]}"
            self.xpaths[el] = path
        return path

    def _number_children(self, parent: etree._Element) -> None:
        """``tag[i]`` steps for all children at once; the index only where the tag repeats, as in ``getpath``."""
        counts: dict[object, int] = {}
        for child in parent:
            counts[child.tag] = counts.get(child.tag, 0) + 1
        seen: dict[object, int] = {}
        for child in parent:
            tag = child.tag
            if counts[tag] == 1:
                self.steps[child] = str(tag)
            else:
                seen[tag] = seen.get(tag, 0) + 1
                self.steps[child] = f"{tag}[{seen[tag]}]"

    def of(self, element: etree._Element) -> tuple[str, str]:
        """(tag path, class/id path) from the root down to ``element``; iterative, for deep pages."""
        chain: list[etree._Element] = []
        node: etree._Element | None = element
        while node is not None and node not in self.cache:
            chain.append(node)
            node = node.getparent()
        paths = self.cache[node] if node is not None else None
        for el in reversed(chain):
            tag = str(el.tag)
            label = tag
            ident = (el.get("id") or "").strip()[:_MAX_NAME]
            if ident:
                label += f"#{ident}"
            classes = [name[:_MAX_NAME] for name in (el.get("class") or "").split()[:_MAX_CLASSES]]
            if classes:
                label += "." + ".".join(classes)
            paths = (tag, label) if paths is None else (f"{paths[0]} > {tag}", f"{paths[1]} > {label}")
            self.cache[el] = paths
        assert paths is not None
        return paths


def _public_blocks(blocks: list[TextBlock], root: etree._Element) -> list[Block]:
    paths = _Paths(root)
    out: list[Block] = []
    for block in blocks:
        tag_path, class_path = paths.of(block.element)
        xpath = paths.xpath(block.element)
        features = block.features
        out.append(
            Block(
                index=block.index,
                text=block.text,
                label=CONTENT if block.is_content else BOILERPLATE,
                score=block.score,
                tag_path=tag_path,
                class_path=class_path,
                xpath=xpath,
                leaf_start=block.leaf_start,
                leaf_end=block.leaf_end,
                num_words=features.num_words if features else 0,
                link_density=features.link_density if features else 0.0,
                text_density=features.text_density if features else 0.0,
                reasons=tuple(block.reasons),
            )
        )
    return out
