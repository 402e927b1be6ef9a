"""The ``blend`` extractor: region, semantics and rule votes → boosted trees → one calibrated score per block.

Two stages, both :class:`~scrapy_boiler.extractors.blend.forest.Forest` s read from ``models/blend.json``: the
first scores each block from its own features (:func:`~scrapy_boiler.extractors.blend.features.table`), the
second rescores it with its neighbours' and its parent's first-stage scores
(:func:`~scrapy_boiler.extractors.blend.features.context_table`), which joins an article's stretches and drops
lone boxes. A page where the result is implausibly short falls back to the JSON-LD body, then to the box its names
call a post's body, then to the region (:mod:`~scrapy_boiler.extractors.short_result`). Four checks after the trees
are shared with the neural models: inset boxes (:mod:`~scrapy_boiler.extractors.inset_boxes`), the body's template
(:mod:`~scrapy_boiler.extractors.body_template`), another story's ``<article>``
(:mod:`~scrapy_boiler.extractors.other_stories`) and sidebars beside the article
(:mod:`~scrapy_boiler.extractors.sidebars`).

The rule models vote through callables given at construction (the registry passes Boilerpipe's ``news`` rules
and the learned tree), so this family imports no other.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from lxml import etree

from scrapy_boiler.extractors.base import PageLabels
from scrapy_boiler.extractors.blend.api_entries import api_entries
from scrapy_boiler.extractors.blend.features import CONTEXT, PageContext, context_table, features, sibling_groups, table
from scrapy_boiler.extractors.blend.forest import Forest
from scrapy_boiler.extractors.blend.labelled_boxes import labelled_boxes, named_notes
from scrapy_boiler.extractors.blend.pointers import pointers_and_labels
from scrapy_boiler.extractors.blend.recipe import declared_faq, declared_recipe, squashed
from scrapy_boiler.extractors.blend.region_cards import region_cards
from scrapy_boiler.extractors.blend.review_parts import review_parts
from scrapy_boiler.extractors.blend.standfirst import standfirst
from scrapy_boiler.extractors.blend.structure import (
    body_parts,
    code_blocks,
    framed_lists,
    gallery_captions,
    introduced_lists,
    section_headings,
    whole_lists,
)
from scrapy_boiler.extractors.blend.summary_boxes import summary_boxes
from scrapy_boiler.extractors.body_template import TEMPLATE_MAX_LINKS, lists_in_body_boxes, same_template
from scrapy_boiler.extractors.inset_boxes import drop_inset_boxes
from scrapy_boiler.extractors.model_files import ModelFileError, check_format, interpreting, read_json
from scrapy_boiler.extractors.other_stories import other_articles
from scrapy_boiler.extractors.short_result import MIN_BODY_CHARS, MIN_WORDS, fallback_blocks
from scrapy_boiler.extractors.sidebars import article_boxes, drop_sidebar_text
from scrapy_boiler.parse.html import ParsedPage
from scrapy_boiler.parse.normalize import comparable, title_parts, words
from scrapy_boiler.parse.structured import faq_lines, read_json_ld, recipe_lines
from scrapy_boiler.segment.blocks import TextBlock, annotate, segment
from scrapy_boiler.segment.regions import body_pairs, find_region, paragraph_weight
from scrapy_boiler.segment.semantics import LIVE_BLOG_NAME

NAME = "blend"

#: Labels blocks in place (``is_content``, ``score``), as the rule models do; given the annotated blocks and title.
Labeller = Callable[[list[TextBlock], str], None]


def votes_of(labeller: Labeller, blocks: list[TextBlock], title: str) -> list[float]:
    """A rule model's vote per block (its score when it gives one, else 1/0), leaving the blocks unlabelled."""
    labeller(blocks, title)
    out = [block.score if block.score else float(block.is_content) for block in blocks]
    for block in blocks:
        block.is_content = False
        block.score = 0.0
        block.reasons.clear()
    return out


def page_context(page: ParsedPage, blocks: Sequence[TextBlock], weights: Sequence[float]) -> PageContext:
    """Region, JSON-LD body and title of a page, shared by all its rows."""
    declared = read_json_ld(page.json_ld)
    title = frozenset(w.lower() for part in title_parts(page.title) for w in words(part))
    return PageContext(
        region=find_region(blocks, weights),
        body_pairs=body_pairs(declared.body) if len(declared.body) >= MIN_BODY_CHARS else None,
        ld_is_article=declared.is_article,
        ld_is_thread=declared.is_thread,
        title_words=title,
        recipe=frozenset(squashed(line) for line in recipe_lines(page.json_ld)) if page.json_ld else frozenset(),
        faq=frozenset(squashed(line) for line in faq_lines(page.json_ld)) if page.json_ld else frozenset(),
        descriptions=frozenset(comparable(text) for text in (
            *(page.meta.get(key) for key in _DESCRIPTIONS), declared.description) if text),
    )


#: ``<meta>`` names of a page's description: a lead shown under the headline often repeats one (or the ``description``
#: its JSON-LD declares for the article).
_DESCRIPTIONS = ("description", "og:description", "twitter:description")


@dataclass(frozen=True)
class BlendModel:
    """The two forests, the vote names they were trained with and the decision threshold."""

    first: Forest
    second: Forest | None
    votes: tuple[str, ...]
    threshold: float

    @classmethod
    def load(cls, path: str | Path) -> BlendModel:
        data = read_json(path)
        check_format(data.get("format"), path, "blend")
        with interpreting(path, "blend model"):
            votes = tuple(data["votes"])
            if tuple(data["features"]) != features(votes) or tuple(data.get("context", CONTEXT)) != CONTEXT:
                raise ModelFileError(path, "was trained with other features than this version computes",
                                     "retrain it (scrapy boiler-train blend)")
            second = Forest.from_data(data["second"]) if data.get("second") else None
            return cls(Forest.from_data(data["first"]), second, votes, float(data["threshold"]))


class BlendExtractor:
    """Blocks labelled by the blend of region, semantics and rule votes (see the module docstring)."""

    def __init__(self, model: BlendModel, labellers: dict[str, Labeller], name: str = NAME) -> None:
        missing = [vote for vote in model.votes if vote not in labellers]
        if missing:
            raise ValueError(f"the blend model needs the votes of {missing}")
        self.model = model
        self.labellers = labellers
        self.name = name

    def scores(self, page: ParsedPage, blocks: list[TextBlock]) -> tuple[np.ndarray, PageContext]:
        """Second-stage probability per annotated block, and the page context it was computed with."""
        weights = [paragraph_weight(block) for block in blocks]
        context = page_context(page, blocks, weights)
        votes = {name: votes_of(self.labellers[name], blocks, page.title) for name in self.model.votes}
        rows = table(blocks, weights, context, votes)
        p = self.model.first.probability(rows)
        if self.model.second is not None:
            around = context_table(sibling_groups(blocks), rows, p)
            p = self.model.second.probability(np.hstack([rows, around]))
        return p, context

    def label_pages(self, pages: Sequence[ParsedPage]) -> list[PageLabels]:
        out = []
        for page in pages:
            seg = segment(page.root)
            blocks = seg.blocks
            annotate(blocks)
            if blocks:
                p, context = self.scores(page, blocks)
                self.decide(blocks, p, context)
            out.append(PageLabels(seg.leaves, blocks, runs=seg.runs))
        return out

    def decide(self, blocks: list[TextBlock], p: np.ndarray, context: PageContext) -> None:
        """Label the blocks from their probabilities, with the fallback for implausibly short results."""
        threshold = self.model.threshold
        for block, value in zip(blocks, p.tolist(), strict=True):
            block.score = value
            block.is_content = value >= threshold
            block.reasons.append(f"{self.name}:{'content' if block.is_content else 'boilerplate'} (p={value:.3f})")
        declared_recipe(blocks, context.recipe, self.name)
        declared_faq(blocks, context.faq, self.name)
        whole_lists(blocks, self.name)
        _lists_in_the_body(blocks, self.name)
        labelled = sum(block.is_content for block in blocks)
        parts = body_parts(context.region.element)  # the region and the later parts of a body split up
        section_headings(blocks, parts, self.name)
        code_blocks(blocks, parts, self.name)
        gallery_captions(blocks, self.name)
        same_template(blocks, self.name)
        _whole_entries(blocks, self.name)
        _entry_headings(blocks, self.name)
        region_cards(blocks, context.region.element, self.name)
        api_entries(blocks, parts, self.name)
        summary_boxes(blocks, self.name)
        review_parts(blocks, self.name)
        if sum(block.is_content for block in blocks) > labelled:
            # The rules above put back headings, code, paragraphs the trees left out (ZDF's hashed paragraphs, each
            # in its own box; a live blog's entries); a list or table such a block introduces or frames (ERR's table
            # between a paragraph and the next section's heading), and a heading over it (Ynet's), are read again;
            # and lists once more, which a heading kept now frames from below (TimesLIVE's quotation ends a section);
            # and code the body's paragraphs now frame (Spiderum's, in the half of a body the trees stopped keeping).
            _lists_in_the_body(blocks, self.name)
            section_headings(blocks, parts, self.name)
            _lists_in_the_body(blocks, self.name)
            code_blocks(blocks, parts, self.name)
        if lists_in_body_boxes(blocks, self.name):  # a list no line frames in a box of the body's text; its heading
            section_headings(blocks, parts, self.name)
        labelled_boxes(blocks, self.name)
        named_notes(blocks, self.name)
        pointers_and_labels(blocks, self.name)
        standfirst(blocks, " ".join(context.title_words), self.name, context.descriptions)
        drop_inset_boxes(blocks, self.name)
        other_articles(blocks, " ".join(context.title_words), self.name)
        drop_sidebar_text(blocks, lambda: article_boxes(blocks, context.region.element), self.name)
        kept = sum(b.features.num_words for b in blocks if b.is_content and b.features)
        if kept >= MIN_WORDS:
            return
        fallback = fallback_blocks(blocks, context.region.element, context.body_pairs)
        added = [i for i in fallback if not blocks[i].is_content]
        if sum(blocks[i].features.num_words for i in fallback if blocks[i].features) <= kept:
            return
        if kept and sum(blocks[i].features.num_words for i in added if blocks[i].features) < FALLBACK_MIN_WORDS:
            return  # a short post the trees found stands
        for i in added:
            blocks[i].is_content = True
            blocks[i].reasons.append(f"{self.name}:fallback (result under {MIN_WORDS} words)")


def _lists_in_the_body(blocks: list[TextBlock], name: str) -> None:
    """A list the content line above it introduces with a colon, or that two content paragraphs frame, is the
    body's (:func:`~scrapy_boiler.extractors.blend.structure.introduced_lists`,
    :func:`~scrapy_boiler.extractors.blend.structure.framed_lists`)."""
    introduced_lists(blocks, name)
    framed_lists(blocks, name)


#: Words a fallback must add to a short result the trees kept to replace their decision: a region of a few sentences
#: found beside a short post is a sidebar's blurb as often as the post's missed half (photo blogs: a caption of 10
#: words). Where the trees kept nothing, any fallback is taken: on a thread's page it is what shows the posts hold
#: the text (:func:`~scrapy_boiler.extractors.threads.opening_post.settle_thread` reads the article model's labels).
FALLBACK_MIN_WORDS = 2 * MIN_WORDS


#: Tags of a run's entries (a live blog's, a page of boxed paragraphs'): classed containers of these; a block's parent
#: is its entry when it is one of the first three (a list's items are no entries of their own).
_PARENT_ENTRY_TAGS = frozenset({"div", "section", "article"})
_ENTRY_TAGS = _PARENT_ENTRY_TAGS | {"li"}
#: Repeated entries (a live blog's) that make a run of the body: how many, the share of them that those holding
#: content must exceed (most of them: a cliff at two thirds flipped a written live blog when a cookie banner came or
#: went), and the words their other blocks need to join.
ENTRY_MIN = 3
ENTRY_CONTENT_SHARE = 0.5
ENTRY_MIN_WORDS = 3  # an entry's time stamp ("14:32 Uhr") stays out


def _whole_entries(blocks: list[TextBlock], name: str) -> None:
    """Label the prose of every entry of a run of sibling containers rendered alike (a live blog's entries) as
    content when most of those entries hold content already: the trees drop an entry that is short or sits after
    an inline teaser, but the run is one text. A block's entry is its nearest container in such a run: its parent,
    a classed ``div``, ``section`` or ``article``, or, where most entries of the run hold a heading of their own, one
    up to :data:`ENTRY_HEADING_LEVELS` levels above it (the BBC's entries are ``li > article > div > p`` under an
    ``<h3>``; ZDF writes its body as one box per paragraph, a teaser's box with a heading among them)."""
    entry_of = _EntryFinder()
    by_entry: dict[etree._Element, list[TextBlock]] = {}
    for block in blocks:
        if (entry := entry_of(block.element)) is not None:
            by_entry.setdefault(entry, []).append(block)
    runs: dict[tuple[etree._Element | None, str, str], list[etree._Element]] = {}
    for entry in by_entry:
        runs.setdefault((entry.getparent(), entry.tag, entry.get("class") or ""), []).append(entry)
    for entries in runs.values():
        headed = 2 * sum(next(entry.iter(*_ENTRY_HEADINGS), None) is not None for entry in entries) > len(entries)
        members = {entry: [block for block in by_entry[entry] if headed or (
            block.element.getparent() is entry and entry.tag in _PARENT_ENTRY_TAGS)] for entry in entries}
        entries = [entry for entry in entries if members[entry]]
        if len(entries) < ENTRY_MIN:
            continue
        holding = sum(any(block.is_content for block in members[entry]) for entry in entries)
        # a live blog's entries named so are one text however few the trees kept (tagesschau's "liveblog" boxes)
        named = LIVE_BLOG_NAME.search(entries[0].get("class") or "") is not None
        if holding <= (0 if named else ENTRY_CONTENT_SHARE * len(entries)) or holding == len(entries):
            continue
        for entry in entries:
            for block in members[entry]:
                f = block.features
                if not block.is_content and f is not None and f.link_density <= TEMPLATE_MAX_LINKS \
                        and f.num_words >= ENTRY_MIN_WORDS:
                    block.is_content = True
                    block.reasons.append(f"{name}:an entry of a run whose entries are mostly content")


#: Levels above a heading searched for its entry, and the most words an entry's heading has.
ENTRY_HEADING_LEVELS = 3
ENTRY_HEADING_MAX_WORDS = 25
_ENTRY_HEADINGS = frozenset({"h2", "h3", "h4"})


def _entry_headings(blocks: list[TextBlock], name: str) -> None:
    """Label content the heading of an entry that holds content, in a run of sibling containers rendered alike (a
    live blog's entries, each under its own ``<h3>``): the trees score such a heading low on its own, as a teaser's
    title."""
    entry_of = _EntryFinder()
    holding = {entry for block in blocks if block.is_content and (entry := entry_of(block.element)) is not None}
    for block in blocks:
        f = block.features
        if block.is_content or block.element.tag not in _ENTRY_HEADINGS or f is None \
                or f.num_words > ENTRY_HEADING_MAX_WORDS or f.link_density > TEMPLATE_MAX_LINKS:
            continue
        if entry_of(block.element) in holding:
            block.is_content = True
            block.reasons.append(f"{name}:the heading of an entry holding content")


class _EntryFinder:
    """The entry an element is in: its nearest ancestor, :data:`ENTRY_HEADING_LEVELS` levels up at most, in a run of
    sibling containers rendered alike (:func:`_in_a_run`); counts memoised per parent."""

    def __init__(self) -> None:
        self.alike: dict[etree._Element, Counter[tuple[str, str]]] = {}  # per parent: its children by tag and class
        self.is_entry: dict[etree._Element, bool] = {}

    def __call__(self, el: etree._Element) -> etree._Element | None:
        for _ in range(ENTRY_HEADING_LEVELS):
            parent = el.getparent()
            if parent is None:
                return None
            if parent not in self.is_entry:
                self.is_entry[parent] = _in_a_run(parent, self.alike)
            if self.is_entry[parent]:
                return parent
            el = parent
        return None


def _in_a_run(el: etree._Element, alike: dict[etree._Element, Counter[tuple[str, str]]]) -> bool:
    """Whether ``el`` is a classed container (:data:`_ENTRY_TAGS`) with at least :data:`ENTRY_MIN` siblings (itself
    included) of its tag and class; ``alike`` memoises each parent's count of children by tag and class, so a
    parent of many entries is counted once."""
    classes = el.get("class")
    parent = el.getparent()
    if not classes or el.tag not in _ENTRY_TAGS or parent is None:
        return False
    if parent not in alike:
        alike[parent] = Counter((str(child.tag), child.get("class") or "") for child in parent)
    return alike[parent][(str(el.tag), classes)] >= ENTRY_MIN
