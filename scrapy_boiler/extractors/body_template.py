"""Paragraphs rendered like the body's are the body's: a check every article model that labels blocks makes.

A model scores a block from its own words and a window around it, so a paragraph of the body that is short, or that
follows an inline teaser, can score low while its neighbours score high. Pages render every paragraph of a body in
the same markup (ZDF's CSS-module wrappers, a WordPress theme's ``div.entry-content > p``), and the body's template is
the one most of its content paragraphs share: a prose block of that template between the first and last of them is
labelled content too.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from lxml import etree

from scrapy_boiler.segment.blocks import HEADING_TAGS, TextBlock
from scrapy_boiler.segment.post_groups import common_ancestor
from scrapy_boiler.segment.post_marks import has_date_text

#: Levels of ancestors in a paragraph's template, the content blocks that make one a template of the body, the
#: share of its blocks between the first and last of them they must be, and what a block of it needs to join.
TEMPLATE_LEVELS = 4
TEMPLATE_MIN_CONTENT = 3
TEMPLATE_CONTENT_SHARE = 0.6
TEMPLATE_MIN_WORDS = 8
TEMPLATE_MAX_LINKS = 0.2
#: Prose blocks of the template, after the last content one and in the box holding those, that are the body cut short.
TRAILING_MIN_BLOCKS = 3
#: Captions, asides and list items share a template with the body's as often as they are its chrome.
_NOT_PROSE = frozenset({"figure", "figcaption", "aside", "li", "blockquote", "table", "td", "th"})


def rendering(element: etree._Element, *, numberless: bool = False) -> tuple[tuple[str, str], ...]:
    """How the page renders an element: the tag and class of it and of its nearest ancestors, :data:`TEMPLATE_LEVELS`
    in all, without the classes numbering an instance of a component (:func:`component_classes`), or with
    ``numberless`` without any class ending in a number (Avada's row "fusion-fullwidth fusion-builder-row-3")."""
    classes = numberless_classes if numberless else component_classes
    key = []
    node: etree._Element | None = element
    while node is not None and len(key) < TEMPLATE_LEVELS:
        key.append((str(node.tag), classes(node.get("class") or "")))
        node = node.getparent()
    return tuple(key)


#: A class naming one instance of a component: the component's class and numbers ("fusion_builder_column_1_1").
_NUMBERED = re.compile(r"(.+?)(?:[-_]\d+)+")


@lru_cache(maxsize=8192)
def component_classes(names: str) -> str:
    """An element's classes without those numbering its instance of a component whose class it also has (Avada's
    "fusion-text fusion-text-8", "fusion_builder_column fusion-builder-column-3"; Divi's "et_pb_text et_pb_text_2"):
    a page builder's boxes of one kind are rendered alike. A grid's "col-md-8" beside "col-md-4" stays apart."""
    if not any(char.isdigit() for char in names):
        return names
    tokens = names.split()
    plain = {token.replace("_", "-") for token in tokens}
    return " ".join(token for token in tokens
                    if not ((found := _NUMBERED.fullmatch(token)) and found[1].replace("_", "-") in plain))


@lru_cache(maxsize=8192)
def numberless_classes(names: str) -> str:
    """An element's classes without any ending in numbers."""
    return " ".join(token for token in names.split() if not _NUMBERED.fullmatch(token))


def _body_templates(blocks: Sequence[TextBlock]) -> list[list[TextBlock]]:
    """The members of each template of the body's paragraphs: prose renderings shared by at least
    :data:`TEMPLATE_MIN_CONTENT` content blocks that are most of the blocks between the first and last of them."""
    by_template: dict[tuple[tuple[str, str], ...], list[TextBlock]] = {}
    of_parent: dict[etree._Element, tuple[tuple[str, str], ...]] = {}  # a body's paragraphs share their parent
    for block in blocks:
        el = block.element
        parent = el.getparent()
        if parent is None:
            key = rendering(el)
        else:
            if (above := of_parent.get(parent)) is None:
                above = of_parent[parent] = rendering(parent)
            key = ((str(el.tag), component_classes(el.get("class") or "")), *above[:TEMPLATE_LEVELS - 1])
        by_template.setdefault(key, []).append(block)
    found = []
    for key, members in by_template.items():
        if any(tag in _NOT_PROSE for tag, _ in key):
            continue
        content = [block.index for block in members if block.is_content]
        if len(content) < TEMPLATE_MIN_CONTENT:
            continue
        between = [block for block in members if content[0] < block.index < content[-1]]
        if len(content) >= TEMPLATE_CONTENT_SHARE * (len(between) + 2):
            found.append(members)
    return found


def _unlinked(block: TextBlock, min_words: int = 0) -> bool:
    """Whether a block has shallow features, :data:`TEMPLATE_MAX_LINKS` of its words linked at most, and
    ``min_words``."""
    f = block.features
    return f is not None and f.num_words >= min_words and f.link_density <= TEMPLATE_MAX_LINKS


def same_template(blocks: Sequence[TextBlock], name: str) -> None:
    """Label a prose block as content (in place) when it is rendered like most of the body's paragraphs (same tags
    and classes on it and its nearest ancestors) and sits between the first and last of them; or after the last,
    in the box holding them all, with :data:`TRAILING_MIN_BLOCKS` or more of that template there (a body the model
    stopped keeping halfway; one or two such paragraphs are a closing note it may be right to leave out) or under a
    heading rendered like the body's section headings (:func:`_section_heading`), labelled with them. Blocks
    without shallow features (:func:`~scrapy_boiler.segment.blocks.annotate`) are left as they are."""
    for members in _body_templates(blocks):
        kept = [block for block in members if block.is_content]
        first, last = kept[0].index, kept[-1].index
        for block in members:
            if first < block.index < last and not block.is_content and _unlinked(block, TEMPLATE_MIN_WORDS):
                block.is_content = True
                block.reasons.append(f"{name}:rendered like the body's paragraphs around it")
        after = _run_after(blocks, kept[-1], {block.index for block in members})
        opening: list[TextBlock] = []
        if len(after) < TRAILING_MIN_BLOCKS:
            opening = _section_heading(blocks, kept[-1], after)
            if not opening:
                continue
        box = common_ancestor([block.element for block in kept])
        inside = set(box.iter()) if box is not None else set()
        if all(block.element in inside for block in opening + after):
            for block in opening + after:
                block.is_content = True
                block.reasons.append(f"{name}:rendered like the body's paragraphs above it, in their box")


#: Headings the body kept above, rendered alike, that make one rendered like them a section's heading of the body.
SECTION_MIN_HEADINGS = 2


def _section_heading(blocks: Sequence[TextBlock], last: TextBlock, run: list[TextBlock]) -> list[TextBlock]:
    """The heading (as a list of one, or none) opening a section of the body after its last kept paragraph
    (``last``): the one heading between it and the run of the body's paragraphs after it (``run``), rendered like
    :data:`SECTION_MIN_HEADINGS` or more headings the body kept above. Such a section, however short, is the body's
    end (Naver Post's "Wrapping up"), where a paragraph or two alone may be a closing note."""
    if not run:
        return []
    between = [block for block in blocks
               if last.index < block.index < run[0].index and block.element.tag in HEADING_TAGS]
    if len(between) != 1:
        return []
    looks = rendering(between[0].element)
    alike = sum(block.index < last.index and block.is_content and block.element.tag in HEADING_TAGS
                and rendering(block.element) == looks for block in blocks)
    return between if alike >= SECTION_MIN_HEADINGS else []


def lists_in_body_boxes(blocks: Sequence[TextBlock], name: str) -> bool:
    """Label the items of an unlinked list of two or more as content (in place) when the list sits in a box rendered
    like the boxes holding the body's paragraphs, between the first and last of them. A body built of section boxes
    (Over-blog's ``ob-section``, each with its own text box) sets its ingredients and steps in a box of the text's
    kind, under a heading, where no content paragraph frames them
    (:func:`~scrapy_boiler.extractors.blend.structure.framed_lists`). Returns whether it labelled any."""
    boxes: dict[tuple[tuple[str, str], ...], tuple[int, int]] = {}  # a box's rendering: the span of its template
    for members in _body_templates(blocks):
        content = [block for block in members if block.is_content]
        span = (content[0].index, content[-1].index)
        for block in content:
            if (parent := block.element.getparent()) is not None:
                first, last = boxes.get(key := rendering(parent), span)
                boxes[key] = (min(first, span[0]), max(last, span[1]))
    items: dict[etree._Element, list[TextBlock]] = {}
    for block in blocks:
        listed = block.element.getparent() if block.element.tag == "li" else None
        if listed is not None and listed.tag in ("ul", "ol") and listed.getparent() is not None:
            items.setdefault(listed, []).append(block)
    labelled = False
    for listed, members in items.items():
        span = boxes.get(rendering(listed.getparent()))
        if span is None or len(members) < 2 or not all(
                span[0] < block.index < span[1] and _unlinked(block) for block in members):
            continue  # (a lone item is a vote count's "+1" as often as the writer's)
        for block in members:
            if not block.is_content:
                block.is_content = True
                block.reasons.append(f"{name}:a list in a box rendered like those of the body's paragraphs")
                labelled = True
    return labelled


#: What may sit between the paragraphs of a body's rest: its headings, code and lists (which the rules after this one
#: read again), and short lines (a picture's note, an advert's label) of at most BETWEEN_MAX_WORDS words, no date in
#: them: a dated short line is a comment's byline, and the paragraphs after it the comments.
_BETWEEN_TAGS = HEADING_TAGS | {"pre", "code", "li"}
BETWEEN_MAX_WORDS = 10


def _run_after(blocks: Sequence[TextBlock], last: TextBlock, template: set[int]) -> list[TextBlock]:
    """The prose blocks of a template (``template``: their indexes) that follow its last content block (``last``)
    with nothing but the body's headings, code, lists and short lines between them: where another prose block comes
    (a footer's) or a dated short line (a comment's byline), the run ends."""
    run: list[TextBlock] = []
    start = next(position for position, block in enumerate(blocks) if block is last) + 1
    for block in blocks[start:]:
        words = block.features.num_words if block.features is not None else 0
        if words <= BETWEEN_MAX_WORDS and has_date_text(block.text):
            break
        if block.index in template:
            if _unlinked(block, TEMPLATE_MIN_WORDS):
                run.append(block)  # (one mostly of links stays out, and the run goes on past it)
        elif not (block.is_content or block.element.tag in _BETWEEN_TAGS or words <= BETWEEN_MAX_WORDS):
            break
    return run
