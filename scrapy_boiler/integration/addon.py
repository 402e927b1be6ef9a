"""The Scrapy add-on: ``ADDONS = {"scrapy_boiler.Addon": 500}`` enables everything."""

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
#: Early, so later pipelines (exporters, databases) see the filled fields.
PIPELINE_PRIORITY = 100


class Addon:
    """Adds the middlewares and the pipeline, and the ``BOILER_*`` defaults below project settings.

    Components a project already lists keep the priority it gave them.
    """

    def update_settings(self, settings: BaseSettings) -> None:
        for name, value in DEFAULTS.items():
            settings.set(name, value, "addon")  # project and spider settings (higher priority) win
        settings.setdefault_in_component_priority_dict(
            "DOWNLOADER_MIDDLEWARES", BoilerDownloaderMiddleware, DOWNLOADER_PRIORITY
        )
        settings.setdefault_in_component_priority_dict("SPIDER_MIDDLEWARES", BoilerSpiderMiddleware, SPIDER_PRIORITY)
        settings.setdefault_in_component_priority_dict("ITEM_PIPELINES", BoilerPipeline, PIPELINE_PRIORITY)
