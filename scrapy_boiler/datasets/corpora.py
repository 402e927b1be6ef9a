"""The annotated corpora as one stream of :class:`Page` objects, whatever their on-disk format.

``load("cleaneval-test")`` reads ``cleaneval-test.tar.xz`` from the data directory; ``NAME:SPLIT``
selects the fixed validation list of ``splits/NAME-valid.txt`` (``valid``) or everything else
(``train``). ``fundus-train`` has no split file: its ``valid`` split is a fixed quarter of its
*publishers* (:func:`publisher_split`), so no publisher is on both sides; ``threads-train``'s is a fixed third of
its *platforms* (forum software or site), so a platform's template is never on both sides. For cross-validation
these two take ``train@K`` and ``valid@K``: the same split with the K-th quarter (third) of the publishers
(platforms) held out instead of the first, so the ``valid@K`` of K = 0, 1, ... cover every page once and
``valid@0`` is ``valid``. A spec that is a directory is read as a folder of ``name.html`` + ``name.txt`` pairs.
Pages come sorted by id (digit runs compared as numbers), so runs and ``limit`` are reproducible.
"""

from __future__ import annotations

import hashlib
import heapq
import json
import os
import tarfile
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from scrapy_boiler.datasets.archives import id_sort_key, iter_archive
from scrapy_boiler.datasets.gold import (
    decode_gold,
    lines_as_blocks,
    parse_cleaneval_gold,
    parse_forum_json,
    split_dragnet_gold,
    strip_cleaneval_wrapper,
)
from scrapy_boiler.datasets.l3s import ANY_CONTENT_LABELS, CONTENT_LABELS, parse_l3s_gold

DATASETS: tuple[str, ...] = (
    "cleaneval-dev", "cleaneval-test", "cleanportaleval", "dragnet", "fundus-train", "l3s-gn1", "l3s-gn1-any",
    "threads-train", "webforum-train",
)
#: Datasets read from another dataset's archive with a different gold convention: ``l3s-gn1-any`` is
#: L3S-GN1 with Kohlschütter et al.'s two-class labels (related content and user comments count as content).
ARCHIVE_OF: dict[str, str] = {"l3s-gn1-any": "l3s-gn1"}
#: Splits each dataset accepts after a colon.
SPLITS: dict[str, tuple[str, ...]] = {
    "dragnet": ("train", "valid"), "l3s-gn1": ("train", "valid"), "l3s-gn1-any": ("train", "valid"),
    "cleaneval-dev": ("train",), "fundus-train": ("train", "valid"),
    "threads-train": ("train", "valid"),
}
#: Datasets split by publisher or platform, which accept ``train@K`` and ``valid@K`` (a cross-validation fold).
FOLDED = frozenset({"fundus-train", "threads-train"})
#: Share of fundus-train's publishers in its ``valid`` split.
FUNDUS_VALID_SHARE = 0.25
#: Share of threads-train's platforms in its ``valid`` split.
THREADS_VALID_SHARE = 1 / 3
_VALID_SHARE: dict[str, float] = {"fundus-train": FUNDUS_VALID_SHARE, "threads-train": THREADS_VALID_SHARE}
#: Pages kept out of ``NAME:train``: CleanEval dev 60 is the same page as test 60 (identical html,
#: separately written gold), so training on it would leak a test page. ``cleaneval-dev`` without a
#: split still has all 58 pages, and ``cleaneval-test`` drops nothing.
TRAIN_EXCLUDED: dict[str, frozenset[str]] = {"cleaneval-dev": frozenset({"60"})}
DATA_DIR_ENV = "BOILER_DATA_DIR"


class DatasetNotFound(FileNotFoundError):
    """A corpus (or the directory holding the corpora) is not where we looked."""


@dataclass(frozen=True)
class Page:
    """One annotated page: the bytes to extract from and what a human kept of it."""

    dataset: str  #: e.g. "cleaneval-test"
    id: str
    html: bytes  #: the page (CleanEval ``<text>`` wrapper and NUL bytes stripped)
    url: str | None
    gold_text: str  #: main content, one block per line
    gold_comments: str | None = None  #: Dragnet: text after the separator; L3S: sel5 text
    gold_spans: tuple[tuple[str, bool], ...] | None = None  #: L3S-GN1: text pieces with content flag
    #: thread corpora: the gold posts, the opening post (the question) first; ``post_text`` holds each one's text
    posts: tuple[dict[str, Any], ...] | None = None
    #: the unit of the split: fundus-train's publisher (``de/Spiegel``), threads-train's platform (``xenforo``),
    #: webforum-train's host
    site: str | None = None
    #: fundus-train: title, authors, published, lang as its parser read them; threads-train: platform, site, lang
    meta: dict[str, Any] | None = None


def _repo_data_dir() -> Path:
    return Path(__file__).resolve().parents[2].parent / "shared" / "datasets"


def find_data_dir(data_dir: str | Path | None = None) -> Path:
    """The directory holding the corpus archives.

    ``data_dir`` if given, else ``$BOILER_DATA_DIR``, else the first existing of ``./shared/datasets``,
    ``../shared/datasets`` and ``shared/datasets`` next to this package's repository.
    """
    if data_dir is not None:
        candidates = [Path(data_dir)]
    elif os.environ.get(DATA_DIR_ENV):
        candidates = [Path(os.environ[DATA_DIR_ENV])]
    else:
        candidates = [Path("shared/datasets"), Path("../shared/datasets"), _repo_data_dir()]
    for candidate in candidates:
        if candidate.is_dir():
            return candidate
    looked = ", ".join(str(c.resolve()) for c in candidates)
    raise DatasetNotFound(
        f"no corpus directory found; looked in: {looked} (set ${DATA_DIR_ENV} or pass data_dir)"
    )


def available_datasets(data_dir: str | Path | None = None) -> list[str]:
    """Names of the datasets whose archive is present (empty when there is no data directory)."""
    try:
        root = find_data_dir(data_dir)
    except DatasetNotFound:
        return []
    return [name for name in DATASETS if (root / f"{ARCHIVE_OF.get(name, name)}.tar.xz").is_file()]


def parse_spec(spec: str) -> tuple[str, str | None]:
    """``"dragnet:valid"`` -> ``("dragnet", "valid")``; unknown names or splits raise ValueError. A fold of a
    dataset split by publisher stays in the split: ``"fundus-train:valid@2"`` -> ``("fundus-train", "valid@2")``."""
    name, _, split = spec.partition(":")
    if name not in DATASETS:
        raise ValueError(f"unknown dataset {name!r}; expected one of {', '.join(DATASETS)} or a directory")
    side, at, fold = split.partition("@")
    if at and name in FOLDED:
        if side not in SPLITS[name] or not (fold.isascii() and fold.isdigit()) or int(fold) >= fold_count(name):
            raise ValueError(f"unknown split {split!r} for {name} (splits: train, valid, train@K and valid@K "
                             f"with K from 0 to {fold_count(name) - 1})")
        return name, f"{side}@{int(fold)}"
    if split and split not in SPLITS.get(name, ()):
        allowed = ", ".join(SPLITS.get(name, ())) or "none"
        if name in FOLDED:
            allowed += f", train@K, valid@K (K from 0 to {fold_count(name) - 1})"
        raise ValueError(f"unknown split {split!r} for {name} (splits: {allowed})")
    return name, split or None


def fold_count(name: str) -> int:
    """How many cross-validation folds a dataset split by publisher has: one per held-out share (4 for
    fundus-train, 3 for threads-train)."""
    return _folds(_VALID_SHARE[name])


def _folds(share: float) -> int:
    """How many held-out shares of ``share`` make up the whole."""
    return round(1 / share)


def split_fold(split: str | None) -> tuple[str | None, int]:
    """``"valid@2"`` -> ``("valid", 2)``; a split without a fold is fold 0."""
    if split is None:
        return None, 0
    side, _, fold = split.partition("@")
    return side, int(fold or 0)


def _valid_ids(root: Path, name: str) -> frozenset[str]:
    path = root / "splits" / f"{name}-valid.txt"
    if not path.is_file():
        raise DatasetNotFound(f"split list {path} not found")
    return frozenset(line.strip() for line in path.read_text(encoding="utf-8").splitlines() if line.strip())


def load(spec: str, *, data_dir: str | Path | None = None, limit: int | None = None) -> Iterator[Page]:
    """Pages of ``spec`` (``NAME``, ``NAME:SPLIT`` or a directory of pairs), sorted by id.

    ``limit`` keeps the first N pages of that order. The spec is checked and the files are found
    before the first page is asked for, so errors surface at the call.
    """
    name = spec.partition(":")[0]
    if name not in DATASETS and Path(spec).is_dir():
        return load_folder(spec, limit=limit)
    name, split = parse_spec(spec)
    root = find_data_dir(data_dir)
    archive = root / f"{ARCHIVE_OF.get(name, name)}.tar.xz"
    if not archive.is_file():
        raise DatasetNotFound(f"{archive.name} not found in {root.resolve()}")
    only: frozenset[str] | None = None
    excluded: frozenset[str] = frozenset()
    if name == "fundus-train":
        return _fundus_pages(archive, split, limit)
    if name == "threads-train":
        return _threads_pages(archive, split, limit)
    if split == "valid":
        only = _valid_ids(root, ARCHIVE_OF.get(name, name))
    elif split == "train":
        if "valid" in SPLITS[name]:
            excluded = _valid_ids(root, ARCHIVE_OF.get(name, name))
        excluded |= TRAIN_EXCLUDED.get(name, frozenset())
    return _pages(name, archive, only, excluded, limit)


def _by_id(item: tuple[Any, ...]) -> tuple[tuple[int, int | str], ...]:
    return id_sort_key(item[0])


def _first(items: Iterable[tuple[Any, ...]], limit: int | None) -> list[Any]:
    """The ``limit`` items with the smallest ids (all when ``limit`` is None), in id order."""
    if limit is None:
        return sorted(items, key=_by_id)
    return heapq.nsmallest(max(limit, 0), items, key=_by_id)  # holds only ``limit`` pages in memory


def _pages(
    name: str, archive: Path, only: frozenset[str] | None, excluded: frozenset[str], limit: int | None
) -> Iterator[Page]:
    pairs = (
        pair for pair in iter_archive(archive)
        if (only is None or pair[0] in only) and pair[0] not in excluded
    )
    for page_id, html, gold in _first(pairs, limit):
        page = make_page(name, page_id, html, gold)
        if page is not None:
            yield page


def read_fundus_meta(archive: Path) -> dict[str, dict[str, Any]]:
    """``fundus-train/meta.json``: per page id its publisher, url, title, authors, published date and language."""
    with tarfile.open(archive, "r|xz") as tar:
        for member in tar:
            if member.isfile() and member.name.endswith("/meta.json"):
                stream = tar.extractfile(member)
                if stream is not None:
                    return json.load(stream)
    raise DatasetNotFound(f"{archive.name} has no meta.json")


def publisher_split(publishers: Iterable[str], share: float = FUNDUS_VALID_SHARE, fold: int = 0) -> frozenset[str]:
    """The publishers (or platforms) of the ``valid`` split: sorted by ``sha256("42:" + publisher)``, the first
    ``share`` of them; with ``fold`` K, the K-th such share (the last fold takes what rounding leaves).

    The same seeded shuffle as the README's page-level lists, applied to publishers, so a publisher's pages
    (1-4, possibly of different layouts) all fall on one side.
    """
    unique = sorted(set(publishers), key=lambda p: hashlib.sha256(f"42:{p}".encode()).hexdigest())
    size = round(share * len(unique))
    last = fold == _folds(share) - 1
    return frozenset(unique[fold * size:] if last else unique[fold * size:(fold + 1) * size])


def _fundus_pages(archive: Path, split: str | None, limit: int | None) -> Iterator[Page]:
    meta = read_fundus_meta(archive)
    side, fold = split_fold(split)
    valid = publisher_split((entry["publisher"] for entry in meta.values()), FUNDUS_VALID_SHARE, fold)

    def wanted(page_id: str) -> bool:
        if side is None:
            return True
        in_valid = meta.get(page_id, {}).get("publisher") in valid
        return in_valid if side == "valid" else not in_valid

    pairs = (pair for pair in iter_archive(archive) if wanted(pair[0]))
    for page_id, html, gold in _first(pairs, limit):
        if html is None:
            continue
        entry = meta.get(page_id, {})
        yield Page("fundus-train", page_id, _clean_html(html), entry.get("url"), lines_as_blocks(decode_gold(gold)),
                   site=entry.get("publisher"), meta=entry or None)


def read_thread_gold(data: bytes) -> dict[str, Any]:
    """One ``threads-train/gold/<id>.json``: question (title, newline, body), answers, url, platform, site, lang."""
    return json.loads(decode_gold(data))


def _threads_pages(archive: Path, split: str | None, limit: int | None) -> Iterator[Page]:
    """threads-train pages; the platform is the id's prefix, so the split is known before any gold is read."""
    platforms = {page_id.partition("_")[0] for page_id, _, _ in iter_archive(archive)}
    side, fold = split_fold(split)
    valid = publisher_split(platforms, THREADS_VALID_SHARE, fold)

    def wanted(page_id: str) -> bool:
        return side is None or (page_id.partition("_")[0] in valid) == (side == "valid")

    pairs = (pair for pair in iter_archive(archive) if wanted(pair[0]))
    for page_id, html, gold in _first(pairs, limit):
        if html is None:
            continue
        thread = read_thread_gold(gold)
        posts = tuple({"post_text": text} for text in [thread["question"], *thread["answers"]])
        text = "\n".join(post["post_text"] for post in posts)
        meta = {key: thread.get(key) for key in ("platform", "site", "lang")}
        yield Page("threads-train", page_id, _clean_html(html), thread.get("url"), text, posts=posts,
                   site=thread.get("platform"), meta=meta)


def make_page(name: str, page_id: str, html: bytes | None, gold: bytes) -> Page | None:
    """Build the :class:`Page` of one archive pair (None if the page is missing)."""
    if name == "webforum-train":
        thread = parse_forum_json(gold)
        site = urlsplit(thread.url).hostname if thread.url else None
        return Page(name, page_id, _clean_html(thread.html), thread.url, thread.text, posts=thread.posts, site=site)
    if html is None:
        return None
    if name in ("l3s-gn1", "l3s-gn1-any"):
        labelled = parse_l3s_gold(gold, ANY_CONTENT_LABELS if name == "l3s-gn1-any" else CONTENT_LABELS)
        return Page(name, page_id, labelled.html, None, labelled.text, labelled.comments, labelled.spans)
    if name == "dragnet":
        content, comments = split_dragnet_gold(decode_gold(gold))
        return Page(name, page_id, _clean_html(html), None, content, comments)
    page, url = strip_cleaneval_wrapper(html)
    parsed = parse_cleaneval_gold(decode_gold(gold), unescape=name == "cleanportaleval")
    return Page(name, page_id, _clean_html(page), url or parsed.url, parsed.text)


def _clean_html(html: bytes) -> bytes:
    return html.replace(b"\x00", b"")  # lxml refuses NUL (cleaneval-test 159)


def load_folder(path: str | Path, *, limit: int | None = None) -> Iterator[Page]:
    """Pages of a plain folder of ``name.html`` + ``name.txt`` pairs (gold: plain text, a block per line).

    Pages without a ``.txt`` are skipped.
    """
    folder = Path(path)
    if not folder.is_dir():
        raise DatasetNotFound(f"{folder} is not a directory")
    pairs = [(html.stem, html) for html in folder.glob("*.html") if html.with_suffix(".txt").is_file()]
    dataset = folder.resolve().name
    return (
        Page(dataset, page_id, _clean_html(html.read_bytes()), None,
             lines_as_blocks(decode_gold(html.with_suffix(".txt").read_bytes())))
        for page_id, html in _first(pairs, limit)
    )
