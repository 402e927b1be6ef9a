"""Model names users can pass to :func:`scrapy_boiler.extract`, and what they resolve to.

Rule models are built on demand from their names (``article+tree3``...). Trained models register a
factory with :func:`register`; the factory loads weights once per device and is only called when the
name is first used, so importing scrapy-boiler never imports torch.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from scrapy_boiler.classify.base import Extractor
from scrapy_boiler.classify.extractors import get_rule_extractor, rule_names

#: What ``model="auto"`` means until a page-type router exists.
AUTO_MODEL = "news"

Factory = Callable[[str], Extractor]
_FACTORIES: dict[str, Factory] = {}


class UnknownModel(KeyError):
    """The model name is not one of :func:`available_models`."""

    def __str__(self) -> str:
        return f"unknown model {self.args[0]!r}; available: {', '.join(available_models())}"


def register(name: str, factory: Factory) -> None:
    """Make ``name`` selectable; ``factory(device)`` builds the extractor (``device``: auto/cpu/cuda)."""
    _FACTORIES[name] = factory
    _build.cache_clear()


def available_models() -> list[str]:
    """Every model name accepted by ``extract`` (plus ``NAME+treeN`` combinations of the rules)."""
    return ["auto", *rule_names(), *_FACTORIES]


def resolve(name: str, device: str = "auto") -> Extractor:
    """The extractor behind a model name, built once per (name, device)."""
    return _build(AUTO_MODEL if name == "auto" else name, device)


@cache
def _build(name: str, device: str) -> Extractor:
    if name in _FACTORIES:
        return _FACTORIES[name](device)
    try:
        return get_rule_extractor(name)
    except KeyError:
        raise UnknownModel(name) from None


def _web2text(device: str) -> Extractor:
    from scrapy_boiler.classify.web2text import shipped_factory

    return shipped_factory("web2text", use_pairwise=True)(device)


def _web2text_unary(device: str) -> Extractor:
    from scrapy_boiler.classify.web2text import shipped_factory

    return shipped_factory("web2text-unary", use_pairwise=False)(device)


register("web2text", _web2text)
register("web2text-unary", _web2text_unary)


def _multiboilernet(device: str) -> Extractor:
    from scrapy_boiler.classify.multiboilernet import shipped

    return shipped(device)


register("multiboilernet", _multiboilernet)
