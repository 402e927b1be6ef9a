"""``extract`` and ``extract_many``: the entry point everything else (Scrapy glue, commands, evaluation) builds on.

A page travels the shared stages in order: :mod:`~scrapy_boiler.parse` (bytes → cleaned tree), the model
named by ``model`` (:mod:`~scrapy_boiler.extractors`: each family segments the tree and labels its blocks
content or boilerplate) and :mod:`~scrapy_boiler.assemble` (labelled blocks → :class:`Document`). This module
only runs that path under the per-page limits and time budget.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from scrapy_boiler.assemble import assemble
from scrapy_boiler.document import Document
from scrapy_boiler.extractors.base import Extractor
from scrapy_boiler.extractors.registry import resolve
from scrapy_boiler.limits import DEFAULT_LIMITS, Deadline, Limits, PageRejected, TimeBudgetExceeded
from scrapy_boiler.parse.html import ParsedPage, parse_html


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
    blocks, depth and time one page may cost (:class:`~scrapy_boiler.Limits`).

    Never raises for bad input: a page that cannot be cleaned (empty, binary, over a limit...) gives a
    :class:`Document` with empty text, ``reason`` from :data:`scrapy_boiler.limits.REASONS` and ``error``
    saying what happened. Raises :class:`~scrapy_boiler.UnknownModel` for a bad name, and its subclass
    :class:`~scrapy_boiler.ModelUnavailable` when the model's files or packages are missing.
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
        return [doc if doc is not None else assemble(next(pending), next(labelled), model) for doc in docs]


def _refused(page: PageInput, model: str, exc: PageRejected) -> Document:
    """The empty Document of a page that could not be cleaned."""
    return Document(
        text="", title="", html="", blocks=[], model=model, url=page.url, error=str(exc), reason=exc.reason
    )
