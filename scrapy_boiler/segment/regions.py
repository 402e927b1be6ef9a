"""Main-content region selection: score candidate containers by the paragraph text they hold, pick the best.

Independent block votes lose an article split by an in-body promo box, and keep a wordy sidebar box. Scoring
*containers* first fixes both: every paragraph-like block (enough words, few of them linked) credits the element
that holds it, and with decaying weight that element's parent and grandparent, so two halves of one body credit
their common parent more than either half alone, while a sidebar holds too few paragraphs to compete. A parent
whose only child is the credited element is a wrapper and takes the same share (page builders such as Elementor put
every paragraph group two wrappers deep, which would otherwise leave the column of them no credit). Names
(:mod:`~scrapy_boiler.segment.semantics`) tilt the scores. The blocks are then judged with the winner as
context (inside it, how deep, before or after it), which is how the boosted trees refine the region.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import pairwise

from lxml import etree

from scrapy_boiler.parse.normalize import words
from scrapy_boiler.segment.blocks import TextBlock
from scrapy_boiler.segment.paths import fold_from_root
from scrapy_boiler.segment.semantics import PAGE_TAGS, POST_BODY_NAME, element_names, name_kinds

#: A block credits containers when it has this many words and at most this link density.
PARAGRAPH_WORDS = 8
PARAGRAPH_LINK_DENSITY = 0.34
#: Share of a paragraph's words credited to the holder, its parent and its grandparent.
DECAY = (1.0, 0.5, 0.25)
#: Paragraph-level elements: the element crediting starts at is the one holding them.
_PARAGRAPH_TAGS = frozenset({"p", "li", "pre", "blockquote", "h2", "h3", "h4", "h5", "h6", "dd", "figcaption", "span"})
#: Name bonus and penalty on a container's score.
BODY_BONUS = 1.3
CHROME_PENALTY = 0.5
#: The class of a Sphinx signature's ``<dt>`` (``dt.sig.sig-object.py``): its definition list documents an object.
_SIGNATURE = "sig"


@dataclass(frozen=True, slots=True)
class Region:
    """The winning container, its score and the share of the page's paragraph words under it."""

    element: etree._Element | None
    score: float
    share: float


def paragraph_weight(block: TextBlock) -> float:
    """Non-link words of a paragraph-like block, else 0."""
    f = block.features
    if f is None or f.num_words < PARAGRAPH_WORDS or f.link_density > PARAGRAPH_LINK_DENSITY:
        return 0.0
    return f.num_words * (1.0 - f.link_density)


#: Looser paragraph tests for the fallback, in order, when a page has no paragraph-like block at all: any block of
#: 8+ words whatever its links (markup with an unclosed ``<a>`` links a whole article), then any of 3+ words.
FALLBACK_TESTS: tuple[tuple[int, float], ...] = ((PARAGRAPH_WORDS, 1.0), (3, 0.5))


def loose_weights(blocks: Sequence[TextBlock]) -> list[float]:
    """Paragraph weights of the first :data:`FALLBACK_TESTS` test that finds any paragraph (all 0 if none does)."""
    for min_words, max_link_density in FALLBACK_TESTS:
        weights = [float(b.features.num_words) if b.features is not None and b.features.num_words >= min_words
                   and b.features.link_density <= max_link_density else 0.0 for b in blocks]
        if any(weights):
            return weights
    return [0.0] * len(blocks)


def find_region(blocks: Sequence[TextBlock], weights: Sequence[float]) -> Region:
    """The container with the highest decayed paragraph credit, tilted by its names.

    ``weights`` are the blocks' :func:`paragraph_weight`.
    """
    credit: dict[etree._Element, float] = {}
    total = 0.0
    for block, weight in zip(blocks, weights, strict=True):
        if not weight:
            continue
        total += weight
        holder: etree._Element | None = block.element
        if holder is not None and holder.tag in _PARAGRAPH_TAGS:
            holder = holder.getparent()
        while holder is not None and is_api_entry(holder.getparent() if holder.tag == "dd" else holder):
            holder = holder.getparent()  # an object's entry is one of a reference's parts, not the reference
        for share in DECAY:
            while holder is not None:
                credit[holder] = credit.get(holder, 0.0) + weight * share
                parent = holder.getparent()
                sole = parent is not None and _is_sole_child(holder, parent)
                holder = parent
                if not sole:
                    break
    if not credit:
        return Region(None, 0.0, 0.0)
    best, best_score = None, -1.0
    for element, value in credit.items():
        body, _, chrome, *_ = name_kinds(element_names(element))
        if body:
            value *= BODY_BONUS
        elif chrome:
            value *= CHROME_PENALTY
        if value > best_score:
            best, best_score = element, value
    inside = sum(w for b, w in zip(blocks, weights, strict=True) if w and is_within(b.element, best))
    return Region(best, best_score, inside / total if total else 0.0)


#: A block of a post's body, for :func:`named_post_body`: at most this share of its words linked.
POST_BODY_LINK_DENSITY = 0.5


def named_post_body(blocks: Sequence[TextBlock]) -> list[int]:
    """Indexes of the blocks of the container the page's names call a post's body
    (:data:`~scrapy_boiler.segment.semantics.POST_BODY_NAME`, and no chrome name) that holds the most unlinked words;
    empty when the page names none.

    Each block of words, :data:`POST_BODY_LINK_DENSITY` or less linked, belongs to its nearest such ancestor, unless a
    chrome-named element (a sidebar, a widget, comments, related links) lies between them. This is the fallback's
    evidence where the paragraphs mislead: a photo blog's post of one sentence sits beside a sidebar's longer "about
    me" box. When the winner's tag and classes are another such box's too, the page is a list of posts (a thread, a
    blog's front page; their ids differ, ``post-123``), and the names pick none.
    """
    owners: dict[etree._Element, etree._Element | None] = {}
    members: dict[etree._Element, list[int]] = {}
    held: dict[etree._Element, float] = {}
    for i, block in enumerate(blocks):
        f = block.features
        if f is None or not f.num_words or f.link_density > POST_BODY_LINK_DENSITY:
            continue
        post = fold_from_root(block.element, owners, _post_body_step, None)
        if post is not None:
            members.setdefault(post, []).append(i)
            held[post] = held.get(post, 0.0) + f.num_words * (1.0 - f.link_density)
    if not held:
        return []
    best = max(held, key=held.__getitem__)
    if sum(_tag_and_classes(post) == _tag_and_classes(best) for post in held) > 1:
        return []  # one of several posts rendered alike
    return members[best]


def _post_body_step(element: etree._Element, above: etree._Element | None) -> etree._Element | None:
    """The post body an element lies in, given its parent's (``above``): none in chrome or at the page's top
    (``<html>``, ``<body>``), the element itself when named a post's body, else its parent's."""
    if element.tag in PAGE_TAGS:
        return None
    names = element_names(element)
    if name_kinds(names)[2]:  # chrome
        return None
    return element if POST_BODY_NAME.search(names.lower()) is not None else above


def _tag_and_classes(element: etree._Element) -> tuple[str, str]:
    return str(element.tag), element.get("class") or ""


def _is_sole_child(element: etree._Element, parent: etree._Element) -> bool:
    """Whether ``element`` is its parent's only element child, with no text beside it: the parent is a mere
    wrapper (a page builder's widget around its container), which shares the child's credit undecayed."""
    if (parent.text or "").strip():
        return False
    count = 0
    for child in parent:
        if isinstance(child.tag, str):
            count += 1
            if count > 1 or (child.tail or "").strip():
                return False
    return count == 1


def is_api_entry(element: etree._Element | None) -> bool:
    """Whether an element is an API reference's entry: a ``<dl>`` whose first ``<dt>`` is a signature
    (:data:`_SIGNATURE`). Sphinx sets a class's description, most of a reference page's words, in its ``<dd>``; the
    sections beside it are as much the page's text."""
    if element is None or element.tag != "dl":
        return False
    term = next((child for child in element if child.tag == "dt"), None)
    return term is not None and _SIGNATURE in (term.get("class") or "").split()


def nearest_box(element: etree._Element | None, levels: int, is_box: Callable[[etree._Element], bool],
                seen: dict[etree._Element, bool]) -> etree._Element | None:
    """The first of ``element`` and its ancestors, ``levels`` of them at most, that ``is_box``, or None; ``seen``
    keeps what ``is_box`` said of each element, for the page's other blocks in the same boxes."""
    for _ in range(levels):
        if element is None:
            return None
        if element not in seen:
            seen[element] = is_box(element)
        if seen[element]:
            return element
        element = element.getparent()
    return None


def is_within(element: etree._Element | None, container: etree._Element | None) -> bool:
    """Whether ``element`` is ``container`` or lies inside it."""
    while element is not None:
        if element is container:
            return True
        element = element.getparent()
    return False


def _pairs(tokens: Sequence[str]) -> list[tuple[str, str]]:
    if len(tokens) == 1:
        return [(tokens[0], "")]
    return list(pairwise(tokens))


def body_overlap(tokens: Sequence[str], body: frozenset[tuple[str, str]]) -> float:
    """Share of a block's word pairs (lower-cased ``tokens``) found among the JSON-LD body's (0 without tokens)."""
    pairs = _pairs(tokens)
    return sum(p in body for p in pairs) / len(pairs) if pairs else 0.0


def body_pairs(text: str) -> frozenset[tuple[str, str]]:
    """Word pairs of a JSON-LD body (single words count as a pair with ""), to measure a block's overlap."""
    tokens = [w.lower() for w in words(text)]
    return frozenset(_pairs(tokens)) | frozenset((w, "") for w in tokens)
