"""Item pipeline: fill any item type with its page's main content (or Q&A pairs)."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from itemadapter import ItemAdapter
from scrapy.exceptions import DropItem, NotConfigured
from scrapy.utils.defer import maybe_deferred_to_future

from scrapy_boiler import Document, PageInput
from scrapy_boiler.integration.fields import field_values, with_declared
from scrapy_boiler.integration.runtime import Runtime

if TYPE_CHECKING:
    from scrapy.crawler import Crawler

logger = logging.getLogger(__name__)


class BoilerPipeline:
    """Sets the ``BOILER_OUTPUT`` fields from the Document of the item's response.

    An item with no crawled response but a raw-HTML field (``BOILER_HTML_FIELD``) is extracted here,
    in the same workers, for offline re-processing. Works with dicts, ``scrapy.Item``, dataclasses
    and attrs classes through itemadapter: a dict gets the ``BOILER_OUTPUT`` fields, a declared type every field
    it declares that names a source (plus ``BOILER_OUTPUT`` renamings to its fields), and values the
    spider already set are kept. With ``BOILER_DROP_EMPTY``, items whose page has no main content are
    dropped. Stats: ``boiler/items/filled``, ``boiler/items/unlinked``, ``boiler/items/dropped_empty``.
    """

    def __init__(self, crawler: Crawler) -> None:
        self.runtime = Runtime.of(crawler)
        if not self.runtime.settings.enabled:
            raise NotConfigured("BOILER_ENABLED is False")

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> BoilerPipeline:
        return cls(crawler)

    async def process_item(self, item: Any, spider: Any = None) -> Any:
        adapter = ItemAdapter(item)
        document = self.runtime.pop_document(item)
        if document is None:
            document = await self._extract_html_field(adapter)
        if document is None:
            self.runtime.inc("items/unlinked")
            return item
        self._fill(adapter, document)
        if self.runtime.settings.drop_empty and not document.text:
            self.runtime.inc("items/dropped_empty")
            raise DropItem(f"no main content on {document.url or 'the page'}: {document.error or 'empty'}")
        self.runtime.inc("items/filled")
        return item

    def _fill(self, adapter: ItemAdapter, document: Document) -> None:
        mapping = with_declared(self.runtime.settings.output, _declared_fields(adapter))
        for name, value in field_values(document, mapping).items():
            if adapter.get(name) in (None, "", [], {}):
                adapter[name] = value

    async def _extract_html_field(self, adapter: ItemAdapter) -> Document | None:
        html = adapter.get(self.runtime.settings.html_field)
        if not isinstance(html, (str, bytes)) or not html:
            return None
        url = adapter.get("url")
        page = PageInput(html, url if isinstance(url, str) else None, None)
        try:
            outcome = await maybe_deferred_to_future(self.runtime.pool.submit(page, self.runtime.settings.model))
        except Exception as exc:  # counted, and the item passes on as it came
            self._error(exc)
            return None
        if outcome.document is None:
            self._error(outcome.error)
        return outcome.document

    def _error(self, detail: object) -> None:
        logger.error("scrapy-boiler could not extract the %s field of an item: %s", self.runtime.settings.html_field,
                     detail)
        self.runtime.inc("errors")


def _declared_fields(adapter: ItemAdapter) -> set[str] | None:
    """Fields the item type declares, or None when it takes any key (plain dicts)."""
    names = adapter.field_names() if not isinstance(adapter.item, dict) else None
    return set(names) if names is not None else None
