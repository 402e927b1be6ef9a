"""Other extractors run in the same evaluation for comparison (benchmark-only dependencies).

They return text only, so they get bag-of-words scores and timings but no block-level scores.
"""

from __future__ import annotations

from collections.abc import Callable

Baseline = Callable[[bytes, str | None], str]


def _trafilatura() -> Baseline:
    try:
        import trafilatura
    except ImportError as exc:
        raise RuntimeError("the trafilatura baseline needs `pip install trafilatura` (extra [bench])") from exc

    def run(html: bytes, url: str | None) -> str:
        return trafilatura.extract(html, url=url) or ""

    return run


BASELINES: dict[str, Callable[[], Baseline]] = {"trafilatura": _trafilatura}


def get_baseline(name: str) -> Baseline:
    """The comparison extractor called ``name``; raises KeyError or RuntimeError (not installed)."""
    return BASELINES[name]()
