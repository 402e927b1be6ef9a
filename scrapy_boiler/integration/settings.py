"""The ``BOILER_*`` settings, their defaults and what they mean, read once per crawler.

==========================  =================  ==============================================================
setting                     default            meaning
==========================  =================  ==============================================================
``BOILER_ENABLED``          ``True``           turn extraction off without removing the add-on
``BOILER_MODEL``            ``"auto"``         model name (``scrapy_boiler.available_models()``)
``BOILER_DEVICE``           ``"auto"``         ``auto``/``cpu``/``cuda``, for neural models
``BOILER_WORKERS``          CPU count          worker processes extracting pages; ``0`` = a thread of the
                                               crawler process (no extra processes, shares its GIL)
``BOILER_BATCH_SIZE``       ``16``             most pages a worker takes at once (one forward pass for
                                               neural models); batches form while all workers are busy
``BOILER_BATCH_WAIT``       ``0.0``            seconds a page waits for others even when a worker is idle
                                               (raise it for bigger neural batches at low load)
``BOILER_MAX_BYTES``        ``10485760``       larger bodies are passed on unextracted (``boiler/skipped/
                                               too_large``)
``BOILER_OUTPUT``           see ``fields``     item fields to fill: a list of names, or a dict
                                               ``{item field: source}`` to rename
``BOILER_HTML_FIELD``       ``"html"``         item field holding raw HTML to extract when the item did not
                                               come from a crawled response (offline re-processing)
``BOILER_DROP_EMPTY``       ``False``          drop items whose page has no main content
==========================  =================  ==============================================================

Per request: ``meta={"boiler_model": NAME}`` overrides the model, ``meta={"boiler_skip": True}`` skips
extraction.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from scrapy_boiler.integration.fields import DEFAULT_OUTPUT, output_mapping

if TYPE_CHECKING:
    from scrapy.settings import BaseSettings

DEFAULTS: dict[str, object] = {
    "BOILER_ENABLED": True,
    "BOILER_MODEL": "auto",
    "BOILER_DEVICE": "auto",
    "BOILER_WORKERS": None,  # None: os.cpu_count()
    "BOILER_BATCH_SIZE": 16,
    "BOILER_BATCH_WAIT": 0.0,
    "BOILER_MAX_BYTES": 10 * 1024 * 1024,
    "BOILER_OUTPUT": list(DEFAULT_OUTPUT),
    "BOILER_HTML_FIELD": "html",
    "BOILER_DROP_EMPTY": False,
}

#: Request.meta keys read by the middleware, and the one it writes.
META_MODEL = "boiler_model"
META_SKIP = "boiler_skip"
META_DOCUMENT = "boiler"


@dataclass(frozen=True)
class BoilerSettings:
    enabled: bool
    model: str
    device: str
    workers: int
    batch_size: int
    batch_wait: float
    max_bytes: int
    output: Mapping[str, str]
    html_field: str
    drop_empty: bool

    @classmethod
    def from_settings(cls, settings: BaseSettings) -> BoilerSettings:
        def get(name: str) -> object:
            value = settings.get(name)
            return DEFAULTS[name] if value is None else value

        workers = settings.get("BOILER_WORKERS")
        output = get("BOILER_OUTPUT")
        if isinstance(output, str):
            output = [name.strip() for name in output.split(",") if name.strip()]
        return cls(
            enabled=settings.getbool("BOILER_ENABLED", True),
            model=str(get("BOILER_MODEL")),
            device=str(get("BOILER_DEVICE")),
            workers=(os.cpu_count() or 1) if workers is None else int(workers),
            batch_size=max(1, settings.getint("BOILER_BATCH_SIZE", 16)),
            batch_wait=max(0.0, settings.getfloat("BOILER_BATCH_WAIT", 0.0)),
            max_bytes=settings.getint("BOILER_MAX_BYTES", 10 * 1024 * 1024),
            output=output_mapping(output),  # type: ignore[arg-type]
            html_field=str(get("BOILER_HTML_FIELD")),
            drop_empty=settings.getbool("BOILER_DROP_EMPTY", False),
        )
