"""Labelled lists side by side in the body ("Do" and "Don't", "Pros" and "Cons"): the writer's, kept with the body.

Health, finance and review pages set a contrast in the body as two boxes, each a short label over a list: the NHS's
"Do" and "Don't", Investopedia's "Pros" and "Cons" columns. To the trees each box reads as a sidebar's (a short label,
short items, a container of its own), yet the pair sits between the body's paragraphs. Two such boxes or more side
by side are kept when the body's content comes right before and right after them and nothing in them links
elsewhere; the framing, as for a list (:func:`~scrapy_boiler.extractors.blend.structure.framed_lists`), is what tells
them from a sidebar's. One labelled list alone is left as the trees scored it: between the first paragraphs it is a
summary ("STORY HIGHLIGHTS", "Key Takeaways"), which the corpora's articles leave out of the body.

A note the writer sets into the body, a "Note" or "Warning" over a paragraph or two, is named so by the tools that
draw it (Sphinx's and MkDocs' ``div.admonition``, Docusaurus' ``theme-admonition``, Quarto's and Ghost's
``callout``, GitHub's ``markdown-alert``): such a box, framed by content as above, is kept too when it reads as the
writer's, the trees having found some of it text and its heading asking nothing of the reader (:func:`named_notes`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from itertools import islice

from lxml import etree

from scrapy_boiler.extractors.blend.pointers import is_advert_label, is_pointer_line
from scrapy_boiler.extractors.blend.siblings import box_beside, edge_is_content, frame_sibling, unwrapped
from scrapy_boiler.parse.normalize import count_words
from scrapy_boiler.segment.blocks import TextBlock
from scrapy_boiler.segment.regions import is_within
from scrapy_boiler.segment.semantics import box_kind

#: The most words of a box's label ("Don't", "Advantages", "Was hilft"), and the most elements a box holds (its label,
#: its list, an icon or a spacer).
LABEL_WORDS = 4
BOX_ELEMENTS = 4
#: Levels above a list item where its box is looked for (its list, the list's wrapper, the box), and the levels, the
#: run's own first, at which what comes before and after a run of boxes is looked for (a run ending its container is
#: followed by what follows the container).
BOX_LEVELS = 3
FRAME_LEVELS = 3
#: Elements a box of the body's never holds: a form's (a newsletter's sign-up under its label) or an embed's.
_NOT_IN_A_BOX = ("form", "input", "button", "select", "textarea", "iframe")


def labelled_boxes(blocks: list[TextBlock], name: str) -> None:
    """Label content (in place) the blocks of every run of two boxes or more side by side, each a short label over an
    unlinked list (:func:`is_labelled_list`), that content frames: the last block before the run and the first after
    it, past what a frame passes over (an advert, a picture), are content."""
    shapes: dict[etree._Element, bool] = {}

    def shaped(el: etree._Element) -> bool:
        if el not in shapes:
            shapes[el] = is_labelled_list(el)
        return shapes[el]

    by_element: dict[etree._Element, TextBlock] = {}
    labelled: dict[etree._Element, bool] = {}
    runs_seen: set[etree._Element] = set()
    for block in blocks:
        item = block.element if block.element.tag == "li" else block.element.getparent()
        if block.is_content or item is None or item.tag != "li" or (block.features and block.features.link_density):
            continue  # a box's blocks the trees left out include its list's items, none of them linked
        box = next((el for el in islice(item.iterancestors(), BOX_LEVELS) if shaped(el)), None)
        if box is None:
            continue
        if not by_element:
            by_element = {block.element: block for block in blocks}
            labelled = {block.element: block.is_content for block in blocks}
        run = _run(box, shaped)
        if run is None or run[0] in runs_seen:
            continue
        runs_seen.add(run[0])
        if not _framed(run[0], run[-1], labelled):
            continue
        for inside in run:
            for el in inside.iter():
                found = by_element.get(el)
                if found is not None and not found.is_content:
                    found.is_content = labelled[el] = True
                    found.reasons.append(f"{name}:labelled lists side by side between content blocks")


def is_labelled_list(box: etree._Element) -> bool:
    """Whether ``box`` holds, and holds nothing else with text but, a label of at most :data:`LABEL_WORDS` words (not
    a "read also" or an advert's label) and under it a list of two items or more, each perhaps in wrappers of its
    own; with no link to another page, no form, no embed, and no advert's or promotion's name."""
    if box.tag in ("ul", "ol", "li", "p", "table", "body", "html") or (box.text or "").strip() \
            or not 2 <= sum(isinstance(child.tag, str) for child in box) <= BOX_ELEMENTS:
        return False
    holding = [child for child in box if isinstance(child.tag, str) and _text(child)]
    if len(holding) != 2 or any((child.tail or "").strip() for child in box):
        return False
    label, under = holding
    label_text = _text(label)
    if not 1 <= count_words(label_text) <= LABEL_WORDS or is_pointer_line(label_text) \
            or is_advert_label(label_text) or any(True for _ in label.iter("ul", "ol", "table", "p")):
        return False
    inner = unwrapped(under)[-1]
    if inner.tag not in ("ul", "ol") or sum(1 for item in inner if item.tag == "li") < 2:
        return False
    if any(True for _ in box.iter(*_NOT_IN_A_BOX)) or box_kind(box) == "inset":
        return False
    return not any((link.get("href") or "#")[:1] != "#" for link in box.iter("a"))


def _text(element: etree._Element) -> str:
    """An element's text, its white space collapsed."""
    return " ".join("".join(element.itertext()).split())


def _run(box: etree._Element, shaped: Callable[[etree._Element], bool]) -> list[etree._Element] | None:
    """The box and the labelled lists right beside it (the NHS's "Do" and "Don't"), or, where such boxes alone fill
    their container (Investopedia's "Pros" and "Cons" columns), that container; None for a box alone."""
    parent = box.getparent()
    if parent is not None and not (parent.text or "").strip():
        holding = [child for child in parent if isinstance(child.tag, str) and _text(child)]
        if len(holding) > 1 and all(shaped(child) for child in holding):
            return [parent]
    run = [box]
    while (before := frame_sibling(run[0], before=True)) is not None and shaped(before):
        run.insert(0, before)
    while (after := frame_sibling(run[-1], before=False)) is not None and shaped(after):
        run.append(after)
    return run if len(run) > 1 else None


def _framed(first: etree._Element, last: etree._Element, labelled: dict[etree._Element, bool]) -> bool:
    """Whether content comes right before ``first`` and right after ``last`` (a run of boxes, or one box): the
    siblings past what a frame passes over or, where the run opens (or ends) its container, the container's,
    :data:`FRAME_LEVELS` levels at most (:func:`~scrapy_boiler.extractors.blend.siblings.box_beside`)."""
    return edge_is_content(box_beside(first, before=True, levels=FRAME_LEVELS), labelled, last=True) \
        and edge_is_content(box_beside(last, before=False, levels=FRAME_LEVELS), labelled, last=False)


#: A note's box by its class names: a name, or a name's part between hyphens or underscores, "admonition",
#: "callout", "alert", "notecard" or "hint" (Chip's ``InfoBox--hint``; not "alertbutton", an advert's "ad-callout":
#: :func:`box_kind` names it).
_NOTE_NAME = re.compile(r"(?:^|[\s_-])(?:admonition|callout|alert|notecard|hint)(?:$|[\s_-])", re.IGNORECASE)
#: The most words of a note, and the most of them linked.
NOTE_WORDS = 200
NOTE_LINKS = 0.5


def named_notes(blocks: list[TextBlock], name: str) -> None:
    """Label content (in place) the blocks of every box named as a note (:data:`_NOTE_NAME`, the outermost so named
    :data:`BOX_LEVELS` levels above a block at most) of at most :data:`NOTE_WORDS` words, few of them linked, with no
    form or embed and named no advert, that content frames (as :func:`labelled_boxes` frames its runs) and that
    reads as the writer's (:func:`_the_writers`)."""
    labelled: dict[etree._Element, bool] = {}
    seen: set[etree._Element] = set()
    box_above: dict[etree._Element | None, etree._Element | None] = {}  # by a block's parent: many blocks share one
    for block in blocks:
        if block.is_content:
            continue
        parent = block.element.getparent()
        if parent not in box_above:
            named = [el for el in islice(block.element.iterancestors(), BOX_LEVELS)
                     if _NOTE_NAME.search(el.get("class") or "")]
            box_above[parent] = named[-1] if named else None
        if (box := box_above[parent]) is None or box in seen:
            continue
        seen.add(box)
        if not labelled:
            labelled = {found.element: found.is_content for found in blocks}
        if not _a_note(box) or not _framed(box, box, labelled):
            continue
        held = [inside for inside in blocks if is_within(inside.element, box)]
        if not _the_writers(held):
            continue
        for inside in held:
            if not inside.is_content:
                inside.is_content = labelled[inside.element] = True
                inside.reasons.append(f"{name}:a note set into the body between content blocks")


#: The trees' score one block of a note reaches at least (a promotion's call to action, a "Keep reading" pointer
#: score lower), and the most words of a heading that titles a note ("Note", "Warning", "When to Seek Emergency Care";
#: a callout headed "Have You Been Sued by a Hospital? Help Us Report." asks the reader).
NOTE_MIN_SCORE = 0.15
NOTE_TITLE_WORDS = 6
_TITLE_TAGS = frozenset({"h2", "h3", "h4", "h5", "h6"})


def _the_writers(held: list[TextBlock]) -> bool:
    """Whether a note's blocks read as the writer's: one scored :data:`NOTE_MIN_SCORE` at least, and a title in a
    heading, if the note opens with one, of :data:`NOTE_TITLE_WORDS` words at most."""
    if not held or max(block.score for block in held) < NOTE_MIN_SCORE:
        return False
    first = held[0]
    return first.element.tag not in _TITLE_TAGS or count_words(first.text) <= NOTE_TITLE_WORDS


def _a_note(box: etree._Element) -> bool:
    """Whether a box so named is a note: :data:`NOTE_WORDS` words at most, :data:`NOTE_LINKS` of them linked at most,
    no form, no embed, no advert's or promotion's name."""
    words = count_words(_text(box))
    linked = sum(count_words(_text(link)) for link in box.iter("a"))
    return 0 < words <= NOTE_WORDS and linked <= NOTE_LINKS * words and box_kind(box) != "inset" \
        and not any(True for _ in box.iter(*_NOT_IN_A_BOX))
