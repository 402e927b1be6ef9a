"""Model names users can pass to :func:`scrapy_boiler.extract`, and what they resolve to.

Rule models are built on demand from their names (``article+tree3``...). Trained models register a
factory with :func:`register`; the factory loads weights once per device and is only called when the
name is first used, so importing scrapy-boiler never imports torch. ``KIND:PATH`` names load a
user-trained model file through the loader registered for ``KIND`` (:func:`register_file_loader`),
e.g. ``tree:my-tree.rules``.

``auto`` is the page-type router (:mod:`scrapy_boiler.classify.router`): article pages go to ``news``,
type-2 pages (forums, Q&A) to :data:`AUTO_TYPE2_MODEL` when it is a registered trained model that can
be built, else to the ``posts`` rules.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from scrapy_boiler.classify import learned_tree
from scrapy_boiler.classify.base import Extractor
from scrapy_boiler.classify.extractors import get_rule_extractor, rule_names
from scrapy_boiler.classify.router import ARTICLE_MODEL, PageTypeRouter
from scrapy_boiler.classify.thread_rules import NAME as THREAD_RULES
from scrapy_boiler.classify.thread_rules import ThreadRuleExtractor

#: Name of ``model="auto"``, the page-type router.
AUTO_MODEL = "auto"
#: Name of the trained SemText model (seed 000).
TYPE2_MODEL = "semtext"
#: What ``auto`` gives type-2 pages. The ``posts`` rules: on webforum-train they score block F1 0.84
#: and post F1 0.90 against 0.63 and 0.64 for the shipped SemText, which was trained on articles
#: (README). A trained model named here takes over when its weights load.
AUTO_TYPE2_MODEL = THREAD_RULES

Factory = Callable[[str], Extractor]
FileLoader = Callable[[str, str], Extractor]
_FACTORIES: dict[str, Factory] = {}
_FILE_LOADERS: dict[str, FileLoader] = {}


class UnknownModel(KeyError):
    """The model name is not one of :func:`available_models`."""

    def __str__(self) -> str:
        return f"unknown model {self.args[0]!r}; available: {', '.join(available_models())}"


class ModelUnavailable(UnknownModel):
    """The model exists but cannot be built here: its optional dependencies or its weights are missing."""

    def __str__(self) -> str:
        return str(self.args[0])


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
    return ["auto", *rule_names(), THREAD_RULES, *_FACTORIES]


def check_model(name: str) -> None:
    """Raise :class:`UnknownModel` unless ``name`` is valid, without loading any weights."""
    kind, sep, _ = name.partition(":")
    if name not in (AUTO_MODEL, THREAD_RULES) and name not in _FACTORIES and not (sep and kind in _FILE_LOADERS):
        try:
            get_rule_extractor(name)
        except KeyError:
            raise UnknownModel(name) from None


def resolve(name: str, device: str = "auto") -> Extractor:
    """The extractor behind a model name, built once per (name, device)."""
    return _build(name, device)


def _type2_model(device: str) -> Extractor | None:
    """The trained model for type-2 pages if one is chosen, registered and loadable, else None (rules)."""
    if AUTO_TYPE2_MODEL not in _FACTORIES:
        return None
    try:
        return _build(AUTO_TYPE2_MODEL, device)
    except (ModelUnavailable, RuntimeError):  # no weights shipped, or no torch: the rules take over
        return None


def _semtext(device: str) -> Extractor:
    """The shipped SemText model; torch is imported here, on first use, not with the registry."""
    from scrapy_boiler.neural.semtext import load_extractor

    return load_extractor(device)


@cache
def _build(name: str, device: str) -> Extractor:
    if name == AUTO_MODEL:
        return PageTypeRouter(_build(ARTICLE_MODEL, device), lambda: _type2_model(device))
    if name == THREAD_RULES:
        return ThreadRuleExtractor()
    if name in _FACTORIES:
        try:
            return _FACTORIES[name](device)
        except ImportError as exc:
            raise ModelUnavailable(
                f"model {name!r} needs the [neural] extra ({exc.name or exc} is missing): "
                "pip install torch==2.13.0 && pip install 'scrapy-boiler[neural]'"
            ) from exc
        except OSError as exc:
            raise ModelUnavailable(f"model {name!r} cannot load its files: {exc}") from exc
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


def _semtext_split(device: str) -> Extractor:
    """SemText with the paper's even split of long pages instead of overlapping windows (for comparison)."""
    from scrapy_boiler.neural.semtext import load_extractor

    return load_extractor(device, window_mode="split")


register(TYPE2_MODEL, _semtext)
register(f"{TYPE2_MODEL}-split", _semtext_split)
register(learned_tree.SHIPPED_TREE, learned_tree.shipped_extractor)
register_file_loader("tree", learned_tree.file_extractor)


def _web2text(name: str, use_pairwise: bool, cleaneval: bool) -> Factory:
    """Web2Text with Viterbi or unary only, on the all-corpora or the CleanEval-dev weights."""

    def build(device: str) -> Extractor:
        from scrapy_boiler.classify import web2text

        filename = web2text.SHIPPED_CLEANEVAL if cleaneval else web2text.SHIPPED
        return web2text.shipped_factory(name, use_pairwise, filename)(device)

    return build


for _name, _pairwise, _cleaneval in (("web2text", True, False), ("web2text-unary", False, False),
                                     ("web2text-cleaneval", True, True), ("web2text-cleaneval-unary", False, True)):
    register(_name, _web2text(_name, _pairwise, _cleaneval))


def _multiboilernet(device: str) -> Extractor:
    from scrapy_boiler.classify.multiboilernet import shipped

    return shipped(device)


register("multiboilernet", _multiboilernet)
