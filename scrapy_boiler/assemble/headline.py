"""The article's headline, which is rarely the ``<title>`` as is (that usually adds section and site)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from lxml import etree

from scrapy_boiler.parse.normalize import TITLE_SEPARATORS, comparable, count_words, title_parts
from scrapy_boiler.segment.blocks import TextBlock
from scrapy_boiler.segment.paths import element_label, fold_from_root

#: A heading named like the site's logo or name ("h1.na-logo-header" around "Nettavisen Kjendis") is no headline.
_LOGO = re.compile(r"logo|brand|site-?(?:name|title)|masthead", re.I)
#: The headings a headline is looked for in.
_HEADING_TAGS = frozenset({"h1", "h2", "h3"})
#: A title piece shorter than this is a site or section name, not a headline (words as counted everywhere: a run of
#: Chinese or Japanese makes two-character words).
MIN_HEADLINE_WORDS = 3


def find_headline(blocks: Sequence[TextBlock], title: str, shared: str = "") -> str:
    """The heading that repeats the whole title or the title the page shares (``og:title``, given as ``shared``);
    else, of the headings that repeat a piece of either, the longest (the site's name is a piece too); else the first
    ``<h1>`` before the content ends that is neither the site name nor the site's logo (one naming the title's last
    piece, which the shared title does not start with, leaves the title's other pieces), nor a word or two the title
    lacks where the title has a headline's piece beside another; else the longest piece of
    the title (its headline part, without the site name); on a page without a title, the first ``<h1>``."""
    parts = [part for part in title_parts(title) if count_words(part) >= MIN_HEADLINE_WORDS]
    shared_parts = [part for part in title_parts(shared) if count_words(part) >= MIN_HEADLINE_WORDS]
    wanted = {comparable(title), *(comparable(part) for part in parts),
              *(comparable(text) for text in (shared, *shared_parts) if text)}
    last_content = max((block.index for block in blocks if block.is_content), default=-1)
    every_heading = _headings(blocks)
    headings = [heading for heading in every_heading if heading.index <= last_content
                and not _LOGO.search(heading.class_name)]
    whole = comparable(title)
    # a heading the title starts or ends with, the title saying more after or before it, may be the site's name
    # ("Joe. My. God.: GOProud ...", no separator the title parts know): another heading repeating the rest of the
    # title is the headline
    rests = {rest: heading.index for heading in headings for form in heading.forms
             if (rest := _rest_of_title(comparable(form), whole))}
    wanted.discard("")
    matching = [form for heading in headings for form in heading.forms
                if comparable(form) in wanted or rests.get(comparable(form), heading.index) != heading.index]
    whole_titles = {comparable(title), comparable(shared)}
    for form in matching:
        if comparable(form) in whole_titles:
            return form
    if matching:
        # the site's name is a piece of the title too ("Debian User Forums" in an <h1>, the topic in an <h2>): of
        # the headings that repeat a piece, the one repeating the most words
        return max(matching, key=count_words)
    pieces = title_parts(title)
    for heading in headings:
        if heading.tag != "h1":
            continue
        # an <h1> of a word or two that the title holds next to a longer piece is the site or section name; so is
        # one that the title ends with when the shared title starts with the title's first piece too ("Happiness :
        # gifs" shared as "Happiness • /r/gifs", under an <h1> "gifs"): the title without it is the headline
        few_words = count_words(heading.lead) < MIN_HEADLINE_WORDS
        short = few_words and comparable(heading.lead) in whole
        # but one the title starts with, whose longer pieces are only the last, the site's name ("Storage backends
        # — tidewater 3.2.1 documentation": Sphinx, MkDocs), is the page's own; unless a heading starts with that
        # last piece: then the title runs from the site down to the page (SourceForge's "QWinStat / Bugs / #287
        # Crash ...", the ticket's summary in an <h2>; not "By Boxes and Bubbles Ltd" under "Moving Home")
        if (short and len(pieces) > 1 and comparable(heading.lead) == comparable(pieces[0])
                and all(comparable(part) == comparable(pieces[-1]) for part in parts)
                and not any(_unspaced(other.text).startswith(_unspaced(pieces[-1])) for other in headings)):
            return heading.lead
        if (short and not parts and len(pieces) > 1 and comparable(heading.lead) == comparable(pieces[-1])
                and f"{comparable(shared)} ".startswith(f"{comparable(pieces[0])} ")):
            return _without_last_piece(title)
        # nor is an <h1> of a word or two that the title lacks, when the title holds a headline's piece beside the
        # site's name: a box's label in a sidebar (old reddit's "MODERATORS", set before the post; "Top Classifieds")
        # or a section's. A title of one piece may be the site's name alone, over a short headline.
        if not (parts and (short or (few_words and len(pieces) > 1))):
            return heading.lead
    if parts:
        return max(parts, key=count_words)
    if title.strip():
        return title.strip()
    # no title at all: the site's name in its logo heading says more than nothing
    return next((heading.lead for heading in every_heading if heading.tag == "h1"
                 and heading.index <= last_content), "")


def _unspaced(text: str) -> str:
    """``text`` comparable and without spaces: a heading's blocks join inline elements without the space between
    them ("<span>#287</span> <span>Crash</span>" reads "#287Crash")."""
    return comparable(text).replace(" ", "")


def _without_last_piece(title: str) -> str:
    """The title up to its last separator."""
    cuts = list(TITLE_SEPARATORS.finditer(title))
    return title[:cuts[-1].start()].strip() if cuts else title.strip()


def _rest_of_title(text: str, title: str) -> str:
    """What the title says beyond ``text`` when it starts or ends with it and says more besides (both comparable)."""
    if not text or text == title:
        return ""
    if title.startswith(f"{text} "):
        rest = title[len(text):].strip()
    elif title.endswith(f" {text}"):
        rest = title[:-len(text)].strip()
    else:
        return ""
    words = len(rest.split())
    return rest if words >= MIN_HEADLINE_WORDS and words > len(text.split()) else ""


@dataclass(frozen=True, slots=True)
class _Heading:
    """A heading element, which segmentation may have cut into several blocks: an element inside it (a kicker in a
    ``<div>`` of its own inside the ``<h1>``) or a ``<br>``. ``text`` is the whole heading, ``pieces`` its blocks'
    texts when there are several."""

    index: int  #: the index of its first block
    tag: str
    class_name: str  #: the class of its first block's element
    text: str
    pieces: tuple[str, ...] = ()
    cut_by_element: bool = False

    @property
    def forms(self) -> tuple[str, ...]:
        """What may repeat the title: the whole heading or one of its blocks."""
        return (self.text, *self.pieces)

    @property
    def lead(self) -> str:
        """The heading read as a headline without the title's help: the whole heading when an element inside it cut
        it, its first line when ``<br>`` did (old pages set whole paragraphs in an ``<h1>``)."""
        return self.text if self.cut_by_element or not self.pieces else self.pieces[0]


def _headings(blocks: Sequence[TextBlock]) -> list[_Heading]:
    """The page's ``<h1>``-``<h3>`` headings in page order (a heading inside another counts as the outer one)."""
    runs: list[tuple[etree._Element | None, list[TextBlock]]] = []  # (the heading element, its blocks)
    outer: dict[etree._Element, etree._Element | None] = {}
    for block in blocks:
        heading = _outer_heading(block.element, outer)
        if heading is None:
            runs.append((None, []))
        elif runs and runs[-1][0] is heading:
            runs[-1][1].append(block)
        else:
            runs.append((heading, [block]))
    headings: list[_Heading] = []
    for element, run in runs:
        if element is None:
            continue
        texts = [block.text for block in run]
        whole = texts[0]
        for text in texts[1:]:
            whole = f"{whole}{text}" if text[:1] in ",.:;!?" else f"{whole} {text}"
        headings.append(_Heading(run[0].index, str(element.tag), element_label(run[0].element), whole,
                                 tuple(texts) if len(texts) > 1 else (),
                                 any(block.element is not element for block in run)))
    return headings


def _outer_heading(element: etree._Element | None,
                   outer: dict[etree._Element, etree._Element | None]) -> etree._Element | None:
    """The outermost ``<h1>``-``<h3>`` that is ``element`` or holds it; ``outer`` memoises it through ancestors."""
    return fold_from_root(element, outer, _outer_step, None)


def _outer_step(el: etree._Element, above: etree._Element | None) -> etree._Element | None:
    return above if above is not None or el.tag not in _HEADING_TAGS else el
