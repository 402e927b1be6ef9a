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
                                               too_large``; gzip served as HTML: ``rejected/too_large``)
``BOILER_MAX_BLOCKS``       ``20000``          pages with more DOM text nodes are refused
                                               (``boiler/rejected/too_many_blocks``)
``BOILER_MAX_DEPTH``        ``512``            deeper elements are flattened into their ancestor, text kept
                                               (``Document.warnings``: ``depth_limited``)
``BOILER_TIME_BUDGET``      ``10.0``           seconds of extraction per page; a page over it gets
                                               ``rejected/time_budget``; a worker still busy 3 × its
                                               batch's budget + 2 s later is killed and the batch retried
                                               page by page (``errors/time_budget``); ``0``: no budget
``BOILER_OUTPUT``           see ``fields``     fields of dict items: a list of names, a dict ``{item field:
                                               source}`` to rename, or on the command line a comma list
                                               (``-s BOILER_OUTPUT=url,headline,datePublished``); a declared
                                               item type gets every declared field that names a source
``BOILER_HTML_FIELD``       ``"html"``         item field holding raw HTML to extract when the item did not
                                               come from a crawled response (offline re-processing)
``BOILER_DROP_EMPTY``       ``False``          drop items whose page has no main content
``BOILER_PAGE_OBJECTS``     ``True``           with the ``[poet]`` extra installed, the add-on enables
                                               scrapy-poet and our ``Article``/``ForumThread`` page objects
==========================  =================  ==============================================================

Per request: ``meta={"boiler_model": NAME}`` overrides the model, ``meta={"boiler_skip": True}`` skips
extraction.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from scrapy_boiler import Limits
from scrapy_boiler.integration.fields import DEFAULT_OUTPUT, output_mapping
from scrapy_boiler.limits import DEFAULT_LIMITS

if TYPE_CHECKING:
    from scrapy.settings import BaseSettings

DEFAULTS: dict[str, object] = {
    "BOILER_ENABLED": True,
    "BOILER_MODEL": "auto",
    "BOILER_DEVICE": "auto",
    "BOILER_WORKERS": None,  # None: os.cpu_count()
    "BOILER_BATCH_SIZE": 16,
    "BOILER_BATCH_WAIT": 0.0,
    "BOILER_MAX_BYTES": DEFAULT_LIMITS.max_bytes,
    "BOILER_MAX_BLOCKS": DEFAULT_LIMITS.max_blocks,
    "BOILER_MAX_DEPTH": DEFAULT_LIMITS.max_depth,
    "BOILER_TIME_BUDGET": DEFAULT_LIMITS.time_budget,
    "BOILER_OUTPUT": list(DEFAULT_OUTPUT),
    "BOILER_HTML_FIELD": "html",
    "BOILER_DROP_EMPTY": False,
    "BOILER_PAGE_OBJECTS": True,
}

#: Request.meta keys read by the middleware, and the two it writes (the Document, its extraction seconds).
META_MODEL = "boiler_model"
META_SKIP = "boiler_skip"
META_DOCUMENT = "boiler"
META_SECONDS = "boiler_seconds"


@dataclass(frozen=True)
class BoilerSettings:
    enabled: bool
    model: str
    device: str
    workers: int
    batch_size: int
    batch_wait: float
    max_bytes: int
    limits: Limits
    output: Mapping[str, str]
    html_field: str
    drop_empty: bool

    @classmethod
    def from_settings(cls, settings: BaseSettings) -> BoilerSettings:
        def get(name: str) -> object:
            value = settings.get(name)
            return DEFAULTS[name] if value is None else value

        workers = settings.get("BOILER_WORKERS")
        max_bytes = int(get("BOILER_MAX_BYTES"))  # type: ignore[call-overload]
        budget = get("BOILER_TIME_BUDGET")
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
            max_bytes=max_bytes,
            limits=Limits(
                max_bytes=max_bytes,
                max_blocks=int(get("BOILER_MAX_BLOCKS")),  # type: ignore[call-overload]
                max_depth=int(get("BOILER_MAX_DEPTH")),  # type: ignore[call-overload]
                time_budget=_seconds_or_none(budget),
            ),
            output=output_mapping(output),  # type: ignore[arg-type]
            html_field=str(get("BOILER_HTML_FIELD")),
            drop_empty=settings.getbool("BOILER_DROP_EMPTY", False),
        )


def _seconds_or_none(value: object) -> float | None:
    """``BOILER_TIME_BUDGET`` from settings or the command line (``-s BOILER_TIME_BUDGET=0``): 0 or empty = none."""
    seconds = float(value) if value not in (None, "") else 0.0  # type: ignore[arg-type]
    return seconds if seconds > 0 else None
