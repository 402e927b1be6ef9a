"""Model names users can pass to :func:`scrapy_boiler.extract`, and what they resolve to.

Rule models are built on demand from their names (``article+tree3``...). Trained models register a
factory with :func:`register`; the factory loads weights once per device and is only called when the
name is first used, so importing scrapy-boiler never imports torch. ``KIND:PATH`` names load a
user-trained model file through the loader registered for ``KIND`` (:func:`register_file_loader`),
e.g. ``tree:my-tree.rules``.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from scrapy_boiler.classify import learned_tree
from scrapy_boiler.classify.base import Extractor
from scrapy_boiler.classify.extractors import get_rule_extractor, rule_names

#: What ``model="auto"`` means until a page-type router exists.
AUTO_MODEL = "news"

Factory = Callable[[str], Extractor]
FileLoader = Callable[[str, str], Extractor]
_FACTORIES: dict[str, Factory] = {}
_FILE_LOADERS: dict[str, FileLoader] = {}


class UnknownModel(KeyError):
    """The model name is not one of :func:`available_models`."""

    def __str__(self) -> str:
        return f"unknown model {self.args[0]!r}; available: {', '.join(available_models())}"


def register(name: str, factory: Factory) -> None:
    """Make ``name`` selectable; ``factory(device)`` builds the extractor (``device``: auto/cpu/cuda)."""
    _FACTORIES[name] = factory
    _build.cache_clear()


def register_file_loader(kind: str, loader: FileLoader) -> None:
    """Make ``KIND:PATH`` selectable; ``loader(path, device)`` builds the extractor from a model file."""
    _FILE_LOADERS[kind] = loader
    _build.cache_clear()


def available_models() -> list[str]:
    """Every model name accepted by ``extract`` (plus ``NAME+treeN`` combinations of the rules)."""
    return ["auto", *rule_names(), *_FACTORIES]


def check_model(name: str) -> None:
    """Raise :class:`UnknownModel` unless ``name`` is valid, without loading any weights."""
    kind, sep, _ = name.partition(":")
    if name != "auto" and name not in _FACTORIES and not (sep and kind in _FILE_LOADERS):
        try:
            get_rule_extractor(name)
        except KeyError:
            raise UnknownModel(name) from None


def resolve(name: str, device: str = "auto") -> Extractor:
    """The extractor behind a model name, built once per (name, device)."""
    return _build(AUTO_MODEL if name == "auto" else name, device)


@cache
def _build(name: str, device: str) -> Extractor:
    if name in _FACTORIES:
        return _FACTORIES[name](device)
    kind, sep, path = name.partition(":")
    if sep and kind in _FILE_LOADERS:
        try:
            return _FILE_LOADERS[kind](path, device)
        except (OSError, ValueError) as exc:
            raise UnknownModel(f"{name} ({exc})") from None
    try:
        return get_rule_extractor(name)
    except KeyError:
        raise UnknownModel(name) from None


register(learned_tree.SHIPPED_TREE, learned_tree.shipped_extractor)
register_file_loader("tree", learned_tree.file_extractor)
