"""Model names users can pass to :func:`scrapy_boiler.extract`, and what they resolve to.

Rule models are built on demand from their names (``article+tree3``...). The trained models shipped in
``models/`` are declared in :data:`SHIPPED`: each entry names the files and packages the model needs and
a factory that builds it on first use, so importing scrapy-boiler never imports torch nor reads a weights
file. :func:`register` adds a model of your own the same way. ``KIND:PATH`` names load a user-trained
model file through the loader of ``KIND`` (``tree:my-tree.rules``, ``web2text:trained/w2t.pt``, one kind per
trainer of ``scrapy boiler-train``; :func:`register_file_loader` adds kinds); a bare path works when the file
says what it is, and a file named with the wrong kind is refused naming the right one
(:mod:`~scrapy_boiler.extractors.model_paths`).

``auto`` is the page-type router (:mod:`scrapy_boiler.extractors.router`): article pages go to ``news``,
thread pages (forums, Q&A) to :data:`AUTO_TYPE2_MODEL` when it is a registered trained model that can
be built, else to the ``posts`` rules.

:func:`check_model` answers "can this name be used here?" without importing torch or loading weights:
a model registered with the ``files`` and ``modules`` it needs is refused early, with a clear message,
when one is missing. A model file that is present but bad (damaged, not a model, newer format) raises
:class:`ModelFileError` when the model loads.
"""

from __future__ import annotations

import importlib.util
import os
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache

from scrapy_boiler.extractors.base import Extractor
from scrapy_boiler.extractors.boilerpipe.extractor import get_rule_extractor, rule_names
from scrapy_boiler.extractors.learned_tree.extractor import SHIPPED_TREE, file_extractor, shipped_extractor
from scrapy_boiler.extractors.model_files import (
    MODELS_DIR_ENV,
    ModelFileError,
    ModelUnavailable,
    UnknownModel,
    model_file,
)
from scrapy_boiler.extractors.model_paths import FileKind, FileLoader, as_file, semtext_prefix
from scrapy_boiler.extractors.router import ARTICLE_MODEL, CommentsApart, PageTypeRouter
from scrapy_boiler.extractors.threads.extractor import NAME as THREAD_RULES
from scrapy_boiler.extractors.threads.extractor import ThreadRuleExtractor
from scrapy_boiler.segment.blocks import TextBlock

__all__ = [
    "AUTO_MODEL", "SHIPPED", "ModelFileError", "ModelUnavailable", "UnknownModel", "available_models", "check_model",
    "register", "register_file_loader", "resolve", "unregister",
]

#: Name of ``model="auto"``, the page-type router.
AUTO_MODEL = "auto"
#: What ``auto`` gives thread pages. The ``posts`` rules: on webforum-train they score block F1 0.84
#: and post F1 0.90 against 0.63 and 0.64 for the shipped SemText, which was trained on articles
#: (README). A trained model named here takes over when its weights load.
AUTO_TYPE2_MODEL = THREAD_RULES

#: The top-level packages of the ``[neural]`` extra (torch, and pytorch-crf for SemText's CRF).
NEURAL = ("torch",)
NEURAL_CRF = ("torch", "torchcrf")
_INSTALL_NEURAL = "pip install torch==2.13.0 && pip install 'scrapy-boiler[neural]'"

Factory = Callable[[str], Extractor]


@dataclass(frozen=True)
class ModelSpec:
    """How to build a named model: its factory (``factory(device)``), the model files and packages it needs."""

    factory: Factory
    files: tuple[str, ...] = ()
    modules: tuple[str, ...] = ()


# The neural factories import their family on first use, so torch is imported only then; every factory reads
# its model files only when the name is first used.

def blend_labellers() -> dict[str, Callable[[list[TextBlock], str], None]]:
    """The rule models whose block labels the ``blend`` model takes as votes, by the names its file records.

    Boilerpipe's ``news`` (Algorithm 2, Main Content Filter, tree filter) and Algorithm 2 alone: hand-set by
    their papers, so their votes on our training pages are no more optimistic than on unseen ones.
    """
    return {"news": get_rule_extractor("news").label_annotated,
            "num_words": get_rule_extractor("num-words").label_annotated}


def _blend(device: str) -> Extractor:
    from scrapy_boiler.extractors.blend.extractor import NAME, BlendExtractor, BlendModel

    return BlendExtractor(BlendModel.load(model_file(_BLEND)), blend_labellers(), NAME)


def _semtext(device: str, window_mode: str = "overlap") -> Extractor:
    """SemText on articles, and SemText-1 (trained further on threads) on the pages typed threads."""
    from scrapy_boiler.extractors.semtext.extractor import THREADS_NAME, default_model_prefix, load_extractor

    threads = load_extractor(device, default_model_prefix(THREADS_NAME), window_mode)
    return CommentsApart(load_extractor(device, window_mode=window_mode), threads=threads,
                         settle_with=_build(ARTICLE_MODEL, device))


def _semtext_split(device: str) -> Extractor:
    """SemText with the paper's even split of long pages instead of overlapping windows (for comparison)."""
    return _semtext(device, window_mode="split")


def _web2text(name: str, use_pairwise: bool, filename: str, threads: str | None = None) -> Factory:
    """Web2Text with Viterbi or unary only, on the weights in ``filename`` (and in ``threads`` on the pages typed
    threads, when given)."""

    def build(device: str) -> Extractor:
        from scrapy_boiler.extractors.web2text.extractor import Web2TextExtractor, load_web2text

        def on(weights: str) -> Extractor:
            return Web2TextExtractor(load_web2text(model_file(weights), device), name, use_pairwise)

        if threads is None:
            return CommentsApart(on(filename))
        return CommentsApart(on(filename), threads=on(threads), settle_with=_build(ARTICLE_MODEL, device))

    return build


def _multiboilernet(device: str) -> Extractor:
    """MultiBoilerNet on articles, and its weights trained further on threads on the pages typed threads."""
    from scrapy_boiler.extractors.multiboilernet.extractor import MultiBoilerNetExtractor, load_multiboilernet

    articles, threads = (MultiBoilerNetExtractor(load_multiboilernet(model_file(name), device))
                         for name in (_MULTIBOILERNET, _MULTIBOILERNET_THREADS))
    # settled on blend's text, as auto settles it, since its article weights were trained on every Dragnet and
    # L3S-GN1 training page (docs/models.md, "auto's page type": held-out threads' question found 0.931 -> 1.000; two
    # L3S-GN1 training pages with a reader-comment list blend reads as an article lose their article)
    return CommentsApart(articles, threads=threads, settle_with=_build(ARTICLE_MODEL, device))


_SEMTEXT_FILES = ("semtext.json", "semtext.pt", "semtext-threads.json", "semtext-threads.pt")
#: Web2Text trained on all our training corpora, and the paper's way on CleanEval dev only (55 + 5 pages, Table 1).
_WEB2TEXT, _WEB2TEXT_CLEANEVAL = "web2text.pt", "web2text-cleaneval.pt"
#: Web2Text's weights trained further on threads, for the pages typed threads (not the paper's CleanEval-only model).
_WEB2TEXT_THREADS = "web2text-threads.pt"
_MULTIBOILERNET, _MULTIBOILERNET_THREADS = "multiboilernet.pt", "multiboilernet-threads.pt"
_BLEND = "blend.json"
#: The trained models shipped in ``models/``, in the order :func:`available_models` lists them.
SHIPPED: dict[str, ModelSpec] = {
    "blend": ModelSpec(_blend, (_BLEND,)),
    "semtext": ModelSpec(_semtext, _SEMTEXT_FILES, NEURAL_CRF),
    "semtext-split": ModelSpec(_semtext_split, _SEMTEXT_FILES, NEURAL_CRF),
    SHIPPED_TREE: ModelSpec(shipped_extractor, (f"{SHIPPED_TREE}.rules",)),
    "web2text": ModelSpec(_web2text("web2text", True, _WEB2TEXT, _WEB2TEXT_THREADS), (_WEB2TEXT, _WEB2TEXT_THREADS),
                          NEURAL),
    "web2text-unary": ModelSpec(_web2text("web2text-unary", False, _WEB2TEXT, _WEB2TEXT_THREADS),
                                (_WEB2TEXT, _WEB2TEXT_THREADS), NEURAL),
    "web2text-cleaneval": ModelSpec(_web2text("web2text-cleaneval", True, _WEB2TEXT_CLEANEVAL),
                                    (_WEB2TEXT_CLEANEVAL,), NEURAL),
    "web2text-cleaneval-unary": ModelSpec(_web2text("web2text-cleaneval-unary", False, _WEB2TEXT_CLEANEVAL),
                                          (_WEB2TEXT_CLEANEVAL,), NEURAL),
    "multiboilernet": ModelSpec(_multiboilernet, (_MULTIBOILERNET, _MULTIBOILERNET_THREADS), NEURAL),
}


# ``KIND:PATH``: the file written by ``scrapy boiler-train KIND --out PATH`` (SemText: OUT.pt + OUT.json, either
# file or the prefix names it); each family is imported only when such a name is first used. One set of weights reads
# every page; a page ``auto`` would type thread is one for them too (its posts, question and post votes).

def _web2text_file(path: str, device: str) -> Extractor:
    from scrapy_boiler.extractors.web2text.extractor import Web2TextExtractor, load_web2text

    return CommentsApart(Web2TextExtractor(load_web2text(path, device), f"web2text:{path}", True),
                         settle_with=_build(ARTICLE_MODEL, device))


def _multiboilernet_file(path: str, device: str) -> Extractor:
    from scrapy_boiler.extractors.multiboilernet.extractor import MultiBoilerNetExtractor, load_multiboilernet

    return CommentsApart(MultiBoilerNetExtractor(load_multiboilernet(path, device), f"multiboilernet:{path}"),
                         settle_with=_build(ARTICLE_MODEL, device))


def _semtext_file(path: str, device: str) -> Extractor:
    from scrapy_boiler.extractors.semtext.extractor import load_extractor

    extractor = load_extractor(device, prefix=semtext_prefix(path))
    extractor.name = f"semtext:{path}"
    return CommentsApart(extractor, settle_with=_build(ARTICLE_MODEL, device))


def _blend_file(path: str, device: str) -> Extractor:
    from scrapy_boiler.extractors.blend.extractor import BlendExtractor, BlendModel

    return BlendExtractor(BlendModel.load(path), blend_labellers(), f"blend:{path}")


#: ``KIND:PATH`` names, one kind per trainer of ``scrapy boiler-train``.
SHIPPED_FILE_LOADERS: dict[str, FileKind] = {
    "tree": FileKind(file_extractor),
    "blend": FileKind(_blend_file),
    "semtext": FileKind(_semtext_file, NEURAL_CRF, lambda path: tuple(semtext_prefix(path).with_suffix(suffix)
                                                                      for suffix in (".pt", ".json"))),
    "web2text": FileKind(_web2text_file, NEURAL),
    "multiboilernet": FileKind(_multiboilernet_file, NEURAL),
}

_MODELS: dict[str, ModelSpec] = dict(SHIPPED)
_FILE_LOADERS: dict[str, FileKind] = dict(SHIPPED_FILE_LOADERS)


def register(name: str, factory: Factory, *, files: Sequence[str] = (), modules: Sequence[str] = ()) -> None:
    """Make ``name`` selectable; ``factory(device)`` builds the extractor (``device``: auto/cpu/cuda).

    ``files`` (names found through :func:`scrapy_boiler.extractors.model_files.model_file`) and ``modules`` (top-level
    packages) are what the factory needs; :func:`check_model` checks they are there without loading them.
    """
    _MODELS[name] = ModelSpec(factory, tuple(files), tuple(modules))
    _clear_caches()


def unregister(name: str) -> None:
    """Forget a model added with :func:`register` (a no-op for names it does not know)."""
    _MODELS.pop(name, None)
    _clear_caches()


def register_file_loader(kind: str, loader: FileLoader, *, modules: Sequence[str] = ()) -> None:
    """Make ``KIND:PATH`` selectable; ``loader(path, device)`` builds the extractor from a model file."""
    _FILE_LOADERS[kind] = FileKind(loader, tuple(modules))
    _clear_caches()


def available_models() -> list[str]:
    """Every model name accepted by ``extract`` (plus ``NAME+treeN`` combinations of the rules)."""
    return [AUTO_MODEL, *rule_names(), THREAD_RULES, *_MODELS]


def other_forms() -> str:
    """The names :func:`available_models` cannot list, for the unknown-model message."""
    return (f"or NAME+treeN (a rule model then the HTML-tree filter of depth N = 1-5, e.g. article+tree3), "
            f"KIND:PATH for a model file you trained (KIND: {', '.join(_FILE_LOADERS)}; e.g. web2text:trained/w2t.pt), "
            f"or that file's path alone when its kind shows (.rules, .pt, .json)")


def _unknown(name: str) -> UnknownModel:
    return UnknownModel(name, available_models(), other_forms())


def check_model(name: str) -> None:
    """Raise unless ``name`` can be used here, without importing torch or loading any weights.

    :class:`UnknownModel` for a name that is not a model; :class:`ModelUnavailable` when a registered model's
    packages (the ``[neural]`` extra) or files are missing; :class:`ModelFileError` when the file of a
    ``KIND:PATH`` name does not exist. The Scrapy middleware calls this for every page, so the answer is
    cached per name and ``$BOILER_MODELS_DIR``; a file that is present but damaged is found when it loads.
    """
    problem = _problem(name, os.environ.get(MODELS_DIR_ENV, ""))
    if problem is not None:
        error, args = problem
        raise error(*args)


@cache
def _problem(name: str, models_dir: str) -> tuple[type[UnknownModel], tuple] | None:
    """Why ``name`` cannot be used, as (exception class, arguments); ``models_dir`` is part of the cache key."""
    if name in (AUTO_MODEL, THREAD_RULES):
        return None
    if name in _MODELS:
        needs = _MODELS[name]
        missing = next((module for module in needs.modules if not _importable(module)), None)
        if missing is not None:
            return ModelUnavailable, (_needs_extra(name, missing),)
        for filename in needs.files:
            try:
                model_file(filename)
            except FileNotFoundError as exc:
                return ModelUnavailable, (_cannot_load(name, exc),)
        return None
    try:
        get_rule_extractor(name)
        return None
    except KeyError:
        pass
    try:
        named = as_file(name, _FILE_LOADERS)
    except ModelFileError as exc:
        return ModelFileError, (exc.path, exc.problem, exc.remedy)
    if named is None:
        return UnknownModel, (name, tuple(available_models()), other_forms())
    kind, path = named
    spec = _FILE_LOADERS[kind]
    missing = next((module for module in spec.modules if not _importable(module)), None)
    if missing is not None:
        return ModelUnavailable, (_needs_extra(name, missing),)
    for file in spec.files(path):
        if not file.is_file():
            return ModelFileError, (str(file), "does not exist", f"check the path given after '{kind}:'")
    return None


def _importable(module: str) -> bool:
    """Whether a top-level package can be imported, found without importing it."""
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):
        return False


def _needs_extra(name: str, missing: str) -> str:
    return f"model {name!r} needs the [neural] extra ({missing} is missing): {_INSTALL_NEURAL}"


def _cannot_load(name: str, exc: OSError) -> str:
    return f"model {name!r} cannot load its files: {exc}"


def _clear_caches() -> None:
    _build.cache_clear()
    _problem.cache_clear()


def resolve(name: str, device: str = "auto") -> Extractor:
    """The extractor behind a model name, built once per (name, device); refused early, as by :func:`check_model`,
    when its packages or files are missing."""
    check_model(name)
    return _build(name, device)


def _type2_model(device: str) -> Extractor | None:
    """The trained model for type-2 pages if one is chosen, registered and loadable, else None (rules)."""
    if AUTO_TYPE2_MODEL not in _MODELS:
        return None
    try:
        return _build(AUTO_TYPE2_MODEL, device)
    except ModelFileError as exc:  # a broken file should not pass unnoticed; ``warnings`` shows it once
        warnings.warn(f"auto: {AUTO_TYPE2_MODEL} cannot be used, the posts rules take over: {exc}", RuntimeWarning,
                      stacklevel=2)
        return None
    except (ModelUnavailable, RuntimeError):  # no weights shipped, or no torch: the rules take over
        return None


@cache
def _build(name: str, device: str) -> Extractor:
    if name == AUTO_MODEL:
        return PageTypeRouter(_build(ARTICLE_MODEL, device), lambda: _type2_model(device))
    if name == THREAD_RULES:
        return ThreadRuleExtractor()
    if name in _MODELS:
        try:
            return _MODELS[name].factory(device)
        except ImportError as exc:
            raise ModelUnavailable(_needs_extra(name, exc.name or str(exc))) from exc
        except OSError as exc:
            raise ModelUnavailable(_cannot_load(name, exc)) from exc
    try:
        return get_rule_extractor(name)
    except KeyError:
        pass
    named = as_file(name, _FILE_LOADERS)
    if named is None:
        raise _unknown(name) from None
    kind, path = named
    try:
        return _FILE_LOADERS[kind].loader(path, device)
    except ImportError as exc:
        raise ModelUnavailable(_needs_extra(name, exc.name or str(exc))) from exc
    except (OSError, ValueError) as exc:  # loaders raise ModelFileError; this covers other file loaders
        raise ModelFileError(path, f"cannot be loaded as a {kind} model ({exc})") from exc
