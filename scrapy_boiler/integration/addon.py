"""The Scrapy add-on: ``ADDONS = {"scrapy_boiler.Addon": 500}`` enables everything, and scrapy-poet with our page
objects when the ``[poet]`` extra is installed."""

from __future__ import annotations

from typing import TYPE_CHECKING

from scrapy_boiler.integration.downloader import BoilerDownloaderMiddleware
from scrapy_boiler.integration.pipeline import BoilerPipeline
from scrapy_boiler.integration.settings import DEFAULTS
from scrapy_boiler.integration.spider import BoilerSpiderMiddleware

if TYPE_CHECKING:
    from scrapy.settings import BaseSettings

#: Below HttpCompressionMiddleware (590) and RedirectMiddleware (600), whose ``process_response`` run
#: first: the middleware sees decompressed bodies of final responses only.
DOWNLOADER_PRIORITY = 580
#: Close to the spider, so items are linked before other spider middlewares may replace them.
SPIDER_PRIORITY = 900
#: Our page input among scrapy-poet's providers (its own run 400-1000; the order only matters between providers
#: of the same class).
PROVIDER_PRIORITY = 1100
#: Early, so later pipelines (exporters, databases) see the filled fields.
PIPELINE_PRIORITY = 100


class Addon:
    """Adds the middlewares and the pipeline, and the ``BOILER_*`` defaults below project settings.

    Components a project already lists keep the priority it gave them. With scrapy-poet and zyte-common-items
    installed (and ``BOILER_PAGE_OBJECTS`` true), it also enables scrapy-poet and our page objects
    (:mod:`~scrapy_boiler.integration.page_objects`); without them nothing else changes.
    """

    def update_settings(self, settings: BaseSettings) -> None:
        for name, value in DEFAULTS.items():
            settings.set(name, value, "addon")  # project and spider settings (higher priority) win
        settings.setdefault_in_component_priority_dict(
            "DOWNLOADER_MIDDLEWARES", BoilerDownloaderMiddleware, DOWNLOADER_PRIORITY
        )
        settings.setdefault_in_component_priority_dict("SPIDER_MIDDLEWARES", BoilerSpiderMiddleware, SPIDER_PRIORITY)
        settings.setdefault_in_component_priority_dict("ITEM_PIPELINES", BoilerPipeline, PIPELINE_PRIORITY)
        if settings.getbool("BOILER_PAGE_OBJECTS", True):
            _enable_page_objects(settings)


def _enable_page_objects(settings: BaseSettings) -> None:
    """scrapy-poet's own add-on (idempotent: listing both add-ons is fine), our page input provider, and our rules.

    The rules are in web-poet's ``default_registry`` once the module is imported (``@handle_urls``), which
    scrapy-poet reads when ``SCRAPY_POET_RULES`` is unset; a project that lists its rules gets ours appended.
    """
    try:
        import scrapy_poet

        from scrapy_boiler.integration import page_objects
    except ImportError:  # no [poet] extra: the add-on works as without it
        return
    scrapy_poet.Addon().update_settings(settings)
    settings.setdefault_in_component_priority_dict(
        "SCRAPY_POET_PROVIDERS", page_objects.BoilerDocumentProvider, PROVIDER_PRIORITY
    )
    rules = settings.get("SCRAPY_POET_RULES")
    if rules is not None:
        listed = list(rules)
        missing = [rule for rule in page_objects.RULES if rule not in listed]
        settings.set("SCRAPY_POET_RULES", [*listed, *missing], settings.getpriority("SCRAPY_POET_RULES") or 0)
