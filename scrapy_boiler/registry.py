"""Model names users can pass to :func:`scrapy_boiler.extract`, and what they resolve to."""

from __future__ import annotations

from scrapy_boiler.classify.extractors import RuleExtractor, get_rule_extractor, rule_names

#: What ``model="auto"`` means until a page-type router and a neural model exist.
AUTO_MODEL = "news"


class UnknownModel(KeyError):
    """The model name is not one of :func:`available_models`."""

    def __str__(self) -> str:
        return f"unknown model {self.args[0]!r}; available: {', '.join(available_models())}"


def available_models() -> list[str]:
    """Every model name accepted by ``extract`` (plus ``NAME+treeN`` combinations)."""
    return ["auto", *rule_names()]


def resolve(name: str) -> RuleExtractor:
    """The extractor behind a model name."""
    try:
        return get_rule_extractor(AUTO_MODEL if name == "auto" else name)
    except KeyError:
        raise UnknownModel(name) from None
