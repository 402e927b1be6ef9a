"""The result of :func:`scrapy_boiler.extract`: a page's main content and how it was found."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass, field, fields
from typing import Any, Final, Literal

from scrapy_boiler.limits import Reason, WarningCode

#: A block's label.
Label = Literal["content", "boilerplate"]
CONTENT: Final = "content"
BOILERPLATE: Final = "boilerplate"

#: What a page is: an article (one stretch of main text) or a thread of posts, Q&A or forum.
PageType = Literal["article", "qa", "forum"]
ARTICLE: Final = "article"
QA: Final = "qa"
FORUM: Final = "forum"
#: The page types whose content is a thread of posts ("type-2" pages in SemText's terms).
THREAD_TYPES: frozenset[PageType] = frozenset({QA, FORUM})


@dataclass(frozen=True, slots=True)
class Block:
    """One segmented block of the page, in page order, with the model's decision.

    ``leaf_start:leaf_end`` are indices into the page's DOM text leaves (the reference
    segmentation every model is scored on); ``xpath`` locates the enclosing element.
    """

    index: int
    text: str
    label: Label
    score: float
    tag_path: str
    class_path: str
    xpath: str
    leaf_start: int
    leaf_end: int
    num_words: int
    link_density: float
    text_density: float
    reasons: tuple[str, ...] = ()

    @property
    def is_content(self) -> bool:
        return self.label == CONTENT

    def __reduce__(self) -> tuple[type[Block], tuple[object, ...]]:
        """Pickle as constructor arguments: twice as fast to load as the slotted-dataclass default, and
        extraction workers send every page's blocks back to the crawler."""
        return type(self), tuple(getattr(self, name) for name in _BLOCK_FIELDS)


_BLOCK_FIELDS = tuple(f.name for f in fields(Block))


@dataclass(frozen=True, slots=True)
class Post:
    """A post of a thread: the question or an answer of a Q&A page, a forum post, a comment under an article.

    ``text`` is the post's own words: votes, user cards, "Share / Edit / Follow" bars and the earlier posts it
    quotes are left out (the quotes are in ``quoted``). ``votes`` and ``accepted`` are what the page shows or
    declares (schema.org ``upvoteCount``, ``acceptedAnswer``); ``url`` is the post's permalink.
    """

    text: str
    author: str | None = None
    date: str | None = None
    blocks: tuple[int, ...] = ()  #: indices into ``Document.blocks``
    votes: int | None = None
    accepted: bool = False
    url: str | None = None
    quoted: tuple[str, ...] = ()
    #: ``date`` in ISO 8601 when it reads as a date ("05.03.2024, 20:17" → ``2024-03-05T20:17:00``), else None
    date_iso: str | None = None


@dataclass(frozen=True, slots=True)
class QAPair:
    """A question and one of its answers, with the answer's metadata (for chatbot training data)."""

    question: str
    answer: str
    author: str | None = None
    date: str | None = None
    votes: int | None = None
    accepted: bool = False
    url: str | None = None


@dataclass(frozen=True, slots=True)
class Breadcrumb:
    """One step of the breadcrumb trail a page shows or declares (``BreadcrumbList``)."""

    name: str
    url: str | None = None


@dataclass(frozen=True, slots=True)
class Metadata:
    """What a page says about its article, beside the text: read from its JSON-LD, microdata, Open Graph and
    ``<meta>`` tags first, then from the DOM near the headline (bylines, ``<time>``) when those are missing or wrong.

    ``headline`` is the declared one (JSON-LD ``headline``, else ``og:title`` without the site name), which can
    differ from the heading shown (``Document.headline``): sites put a kicker in the ``<h1>`` or shorten it.
    Dates are ISO 8601 (``2024-05-03T15:47:42+00:00``, or ``2024-05-03T00:00:00`` for a bare day); the ``_raw``
    fields keep the string as the page gave it. ``language`` is an ISO 639-1 code (``en``, ``de``), declared or
    guessed from the text. ``images`` are the images of the article body (absolute URLs); ``probability`` is how
    likely the page is one article (not a thread, not an empty page): a ranking score, not a calibrated one.
    """

    headline: str | None = None
    canonical_url: str | None = None
    date_published: str | None = None
    date_published_raw: str | None = None
    date_modified: str | None = None
    date_modified_raw: str | None = None
    authors: tuple[str, ...] = ()
    language: str | None = None
    description: str | None = None
    main_image: str | None = None
    images: tuple[str, ...] = ()
    breadcrumbs: tuple[Breadcrumb, ...] = ()
    probability: float | None = None


class _Later:
    """A Document output not computed yet: the function that computes it from the page."""

    __slots__ = ("compute",)

    def __init__(self, compute: Callable[[], object]) -> None:
        self.compute = compute


class _ReadOnce:
    """A Document field that may be computed on first read, then kept (see :meth:`Document.complete`).

    A data descriptor, so the dataclass's ``__init__`` and ``replace`` set it as any field; ``default`` is the
    field's default (none when ``required``).
    """

    def __init__(self, default: object = None, *, required: bool = False) -> None:
        self.default = default
        self.required = required
        self.name = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, doc: object, owner: type | None = None) -> Any:
        if doc is None:  # the dataclass asks for the field's default
            if self.required:
                raise AttributeError(self.name)
            return self.default
        value = doc.__dict__[self.name]
        if isinstance(value, _Later):
            value = doc.__dict__[self.name] = value.compute()
        return value

    def __set__(self, doc: object, value: object) -> None:
        doc.__dict__[self.name] = value


def defer(doc: Document, name: str, compute: Callable[[], object]) -> None:
    """Have ``doc`` compute its field ``name`` with ``compute`` when first read."""
    if name not in _DEFERRABLE:
        raise ValueError(f"{name!r} is not a field a Document computes on first read")
    doc.__dict__[name] = _Later(compute)


@dataclass
class Document:
    """Main content of one page.

    ``text`` holds one content block per line, headings included (a ``<pre>`` block keeps its own line breaks and
    indentation; a table's row is one line, its cells joined by " | "); ``html`` the same content as clean HTML;
    ``markdown`` the same content as Markdown with its structure (headings, nested lists, pipe tables, fenced code,
    quotes; see ``docs/output.md``); ``headline`` the heading that repeats the ``<title>`` (which usually adds the site
    name) or ``og:title``, else the first ``<h1>`` that is not the site's logo, else the title's longest piece.
    ``page_type`` is ``"article"`` for the rule models; type-2 models add ``"qa"`` and ``"forum"``. On those, ``posts``
    holds every post in page order (the opening post first), ``question`` the title and the opening post,
    :attr:`answers` the other posts, and ``qa_pairs`` the question against each answer, accepted and top-voted first. On
    an article, ``posts`` holds its comment thread when one was found.
    ``error`` is set (and the text empty) when the page could not be cleaned, e.g. an empty body, and
    ``reason`` then names the cause (a key of :data:`scrapy_boiler.limits.REASONS`). ``warnings`` lists what
    was changed to extract the page (:data:`scrapy_boiler.limits.WARNINGS`), e.g. flattened nesting.

    ``blocks``, ``markdown`` and ``metadata`` are computed when first read, not by ``extract``: they cost about a
    fifth of an extraction, which a caller after ``text`` alone should not pay. Until then the Document holds the
    page's parsed tree; :meth:`complete` computes them at once (pickling, ``to_dict`` and ``==`` do too).
    """

    text: str
    title: str
    html: str
    blocks: list[Block] = _ReadOnce(required=True)  # type: ignore[assignment]
    model: str
    headline: str = ""
    markdown: str = _ReadOnce("")  # type: ignore[assignment]
    page_type: PageType = ARTICLE
    page_type_score: float | None = None
    url: str | None = None
    encoding: str | None = None
    num_leaves: int = 0
    posts: list[Post] = field(default_factory=list)
    question: str = ""
    qa_pairs: list[QAPair] = field(default_factory=list)
    error: str | None = None
    reason: Reason | None = None
    warnings: list[WarningCode] = field(default_factory=list)
    metadata: Metadata = _ReadOnce(Metadata())  # type: ignore[assignment]

    def complete(self) -> Document:
        """Compute now the outputs read on first use (``blocks``, ``markdown``, ``metadata``) and let the page's tree
        go: before handing the Document to another thread, or keeping many."""
        for name in _DEFERRABLE:
            getattr(self, name)
        return self

    def __getstate__(self) -> dict[str, object]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    def __setstate__(self, state: dict[str, object]) -> None:
        self.__dict__.update(state)

    @property
    def answers(self) -> list[Post]:
        """The replies of a thread (every post after the opening one); empty on articles."""
        return self.posts[1:] if self.page_type in THREAD_TYPES else []

    def select_pairs(self, keep: str | int = "all") -> list[QAPair]:
        """The Q&A pairs to keep: ``"all"``, ``"accepted"`` (the accepted answer's pair, if one is marked) or the
        top N (``qa_pairs`` is already in order: accepted, then by votes, then in page order)."""
        if keep == "all":
            return list(self.qa_pairs)
        if keep == "accepted":
            return [pair for pair in self.qa_pairs if pair.accepted]
        if isinstance(keep, int) and not isinstance(keep, bool) and keep >= 0:
            return list(self.qa_pairs[:keep])
        raise ValueError(f"keep must be 'all', 'accepted' or a count >= 0, not {keep!r}")

    @property
    def content_blocks(self) -> list[Block]:
        return [block for block in self.blocks if block.is_content]

    def leaf_labels(self) -> list[bool]:
        """Content flag of every DOM text leaf (the reference segmentation used in evaluation)."""
        labels = [False] * self.num_leaves
        for block in self.blocks:
            if block.is_content:
                labels[block.leaf_start:block.leaf_end] = [True] * (block.leaf_end - block.leaf_start)
        return labels

    def to_dict(self, *, blocks: bool = True) -> dict[str, Any]:
        """A JSON-serialisable dict; ``blocks=False`` leaves the per-block details out."""
        data = asdict(self)
        if not blocks:
            data.pop("blocks")
        return data


_DEFERRABLE = ("blocks", "markdown", "metadata")
