"""Clean a parsed tree: remove what never shows as text (scripts, hidden elements, screen-reader-only text, consent
managers' boxes, a forum's jammer text), a wiki's edit links and citation marks, the site's status messages, and
copies of the page's text that a class hides, keeping the tails of what goes. Which hidden elements the reader sees
after all (a spoiler, a paywalled part, an accordion's panel) :mod:`~scrapy_boiler.parse.hidden_text` tells."""

from __future__ import annotations

import re
from functools import cache, partial

from lxml import etree

from scrapy_boiler.parse.hidden_text import (
    SPOILER,
    copy_of_shown_text,
    is_hidden,
    most_of_the_page,
    open_accordions,
    paywalled,
    revealed_by_script,
    revealed_by_toggle,
    unlinked_words,
)
from scrapy_boiler.parse.normalize import collapse_spaces, comparable, count_words

#: Subtrees removed before segmentation: they never render as readable text (Kohlschütter et al. §3 works on
#: visible text only). ``<form>`` itself is kept and only its controls go: old ASP.NET pages wrap
#: the whole body in one form.
REMOVED_TAGS: frozenset[str] = frozenset(
    {
        "script", "style", "template", "svg", "math", "head", "iframe", "frame", "object", "embed",
        "applet", "canvas", "video", "audio", "map", "input", "select", "option", "optgroup",
        "textarea", "button", "datalist", "dialog",
    }
)

#: ``<noscript>`` is dropped unless the parser nested a large part of the page inside it (an unclosed
#: tag inside ``<noscript>`` does that, e.g. CleanEval page 714); then it is unwrapped instead.
NOSCRIPT_MAX_SHARE = 0.25

#: Class names (``sr-only``, ``u-visually-hidden``, ``screen-reader-only``) of text only screen readers read:
#: "(opens in a new window)", Reuters' ", opens new tab" after every link. No part of the text, but a separator
#: without words stays (the ": " a headline reads between its kicker and its title; see :data:`_READ_ALOUD`).
_SCREEN_READER_ONLY = re.compile(
    r"(?:^|\s)(?:sr-only|sr_only|screen-reader-text|element-invisible|show-for-sr|assistive-text|a11y-hidden"
    r"|\S*visually-?hidden\S*|\S*screen-?readers?-only\S*)(?:\s|$)", re.IGNORECASE)
#: What a screen reader's text must hold to go: a word, or a drawn symbol (WP Recipe Maker's "▢" before each ingredient,
#: a checkbox read aloud), not only punctuation.
_READ_ALOUD = re.compile(r"[\w\u2190-\u21ff\u2500-\u27bf\u2b00-\u2bff]")
#: A cheap first look at a class attribute, before :data:`_SCREEN_READER_ONLY` (case-sensitive: "SR-ONLY" is kept).
_MAYBE_SCREEN_READER_ONLY = re.compile(r"sr|reader|idden|invisible|assistive|a11y")


#: The root of a consent manager's box (its cookie banner and preference centre), by the id or class name its vendor
#: gives it: OneTrust, Cookiebot, Didomi, Sourcepoint, TrustArc, Usercentrics, consentmanager.net, Borlabs Cookie,
#: the WordPress plugins GDPR Cookie Consent, Cookie Notice, Complianz and CookieYes, iubenda, Quantcast Choice,
#: Google's Funding Choices, Osano and the cookieconsent script. A page served with the box, or saved after its
#: script ran, holds hundreds of words of legal text that the reader closes unread, named like content inside
#: (OneTrust's preference centre is ``ot-main-content``): a model that never saw the vendor may keep it.
_CONSENT_ROOT_IDS = frozenset({
    "onetrust-consent-sdk", "onetrust-banner-sdk", "onetrust-pc-sdk", "CybotCookiebotDialog", "didomi-host",
    "truste-consent-track", "consent_blackbar", "usercentrics-root", "cmpbox", "cmpbox2", "BorlabsCookieBox",
    "cookie-law-info-bar", "cookie-notice", "cmplz-cookiebanner-container", "iubenda-cs-banner", "qc-cmp2-container",
})
#: Sourcepoint numbers its boxes: ``sp_message_container_123456``.
_CONSENT_ROOT_ID_PREFIX = "sp_message_container_"
_CONSENT_ROOT_CLASSES = frozenset({
    "qc-cmp2-container", "fc-consent-root", "cc-window", "cky-consent-container", "cmplz-cookiebanner",
    "osano-cm-window", "osano-cm-dialog",
})
#: MediaWiki's section edit links (Wikipedia, Fandom and most wikis): "[edit | edit source]" inside every section
#: heading, which then reads as a heading of links (navigation) rather than the section's title.
_EDIT_LINKS_CLASS = "mw-editsection"
#: MediaWiki's citation marks, ``<sup class="reference">[4]</sup>``: a link to a footnote inside the sentence, which
#: a reader of the text alone cannot follow ("... je Hektar.[4] Neben Äpfeln ...").
_CITATION_MARK_CLASS = "reference"
#: Discuz's jammer text, ``<font class="jammer">``: the forum's name and address strewn into every post's sentences to
#: spoil copies, which its stylesheet hides ("开始算，<font class="jammer">.1point3acres</font>severance").
_JAMMER_CLASS = "jammer"
#: Discourse's preview card of a linked page (``aside.onebox``: the site, the page's title and description) and the
#: file name and size under a picture (``a.lightbox > div.meta``): no words of the post's.
_ONEBOX_CLASS = "onebox"
_LIGHTBOX_META_CLASS = "meta"


def _discourse_extra(el: etree._Element, names: str) -> bool:
    """Whether an element with the class attribute ``names`` is Discourse's link preview or picture details."""
    if el.tag == "aside":
        return "onebox" in names and _ONEBOX_CLASS in names.split()
    if names != _LIGHTBOX_META_CLASS:
        return False
    parent = el.getparent()
    return parent is not None and "lightbox" in (parent.get("class") or "").split()


#: The mark a heading's link to its own anchor shows (Sphinx's ``<a class="headerlink" href="#x">¶</a>``, a "§" or
#: "#" elsewhere): a character of no text, read as the heading's last ("Backoff strategies¶").
_ANCHOR_MARKS = frozenset({"¶", "§", "#", "🔗", "⚓", "🔗︎"})
#: The ARIA role of a status message: advice the site gives about the page, never its text. Stack Exchange's notice
#: that a question is closed as a duplicate of others, inside the question's body, with their titles ("This question
#: already has answers here: ..."); a forum's "This thread is locked" banner; a vote's "Thanks for your feedback".
_STATUS_ROLE = "status"
#: A class naming a spoiler's header: the button that opens it, with the board's label ("Spoiler", "Display Spoiler",
#: "Spoiler: how I did it"): Invision's ``ipsSpoiler_header``, Vanilla's ``SpoilerTitle``, WoltLab's
#: ``spoilerBoxHeader``, the spoiler mods' ``spoiler-head`` and ``sp-head``. The contents stay (see
#: :data:`~scrapy_boiler.parse.hidden_text.SPOILER`).
_SPOILER_HEADER = re.compile(r"^(?:[\w-]*spoiler[\w-]*?(?:head|header|title|toggle|button|label)|sp-head)$", re.I)
#: Words a spoiler's header has at most: a box so named that holds the spoiler's text is more.
SPOILER_HEADER_MAX_WORDS = 10
#: Words a status message has at most: a site that marks a larger part of the page so marks its text.
STATUS_MAX_WORDS = 150
#: CSS frameworks' classes that hide an element (Bootstrap's ``d-none`` and ``hidden``, Tailwind's ``hidden`` and a
#: prefixed ``tw-hidden``, Bulma's ``is-hidden``). What they hide goes when it is a copy of text the page shows (a
#: post's raw Markdown kept for its editor, Forgejo's ``raw-content tw-hidden``; a story's opening kept for a
#: teaser): a script may show the rest ("read more": HuffPost's ``span.hidden``), and a model weighs a menu or a
#: template as it weighed it before. Not when another class shows it at some screen width (``hidden md:block``,
#: ``d-none d-lg-flex``), nor a spoiler's text.
_HIDING_CLASSES = frozenset({"hidden", "d-none", "tw-hidden", "is-hidden", "u-hidden", "hide", "display-none"})
#: Jira's one-line copy of a comment (``twixi-wrap concise``) beside the whole one (``twixi-wrap verbose``): its
#: style shows one of the two, so the copy of text shown whole is hidden as a class hides it.
_ONE_LINE_COPY = frozenset({"twixi-wrap", "concise"})
_SHOWN_AT_SOME_WIDTH = re.compile(r"^(?:[\w-]+:(?:block|flex|inline|inline-block|inline-flex|grid|table|contents)"
                                  r"|d-\w+-(?:block|flex|inline|inline-block|inline-flex|grid|table)|visible-\w+)$")


def _hidden_by_class(names: str) -> bool:
    """Whether a class attribute hides its element (:data:`_HIDING_CLASSES`, unless shown at some width or a
    spoiler's), or names Jira's one-line copy (:data:`_ONE_LINE_COPY`)."""
    if ("hid" in names or "none" in names) and not _HIDING_CLASSES.isdisjoint(tokens := names.split()):
        return not any(map(_SHOWN_AT_SOME_WIDTH.match, tokens)) and not SPOILER.search(names)
    return "concise" in names and set(names.split()) >= _ONE_LINE_COPY


def _hiding_candidates(
    root: etree._Element,
) -> tuple[list[etree._Element], list[etree._Element], list[etree._Element], list[etree._Element]]:
    """The elements with a ``hidden``, ``aria-hidden`` or ``style`` attribute, those whose class names say
    "screen readers only", the consent managers' boxes, custom tooltip elements, wikis' edit links and citation marks,
    jammer text, Discourse's link previews and picture details (:func:`_discourse_extra`), spoilers' headers
    (:data:`_SPOILER_HEADER`), a heading's anchor mark
    (:data:`_ANCHOR_MARKS`), status messages (:data:`_STATUS_ROLE`), and those a class hides
    (:func:`_hidden_by_class`), in document order: one walk (two XPath queries asking several ``contains()`` of every
    element cost three times as much)."""
    maybe_hidden: list[etree._Element] = []
    screen_reader_only: list[etree._Element] = []
    removed: list[etree._Element] = []  # consent boxes, edit links, citation marks, jammer, anchor marks, status
    classed_hidden: list[etree._Element] = []
    for el in root.iter():
        if "tooltip" in el.tag and "-" in el.tag:  # a custom tooltip element (<devsite-feature-tooltip>): a popout
            removed.append(el)
            continue
        keys = el.keys()
        if not keys:
            continue
        if "class" in keys:
            names = el.get("class")
            if _MAYBE_SCREEN_READER_ONLY.search(names) and _SCREEN_READER_ONLY.search(names):
                screen_reader_only.append(el)
            elif ("hid" in names or "none" in names or "concise" in names) and _hidden_by_class(names):
                classed_hidden.append(el)
            # substring tests first: most class attributes hold none of these, and ``in`` costs less than a split
            if ("cmp" in names or "consent" in names or "cc-window" in names or "cky-" in names
                    or "osano-cm" in names) and not _CONSENT_ROOT_CLASSES.isdisjoint(names.split()):
                removed.append(el)
                continue
            if ("editsection" in names and _EDIT_LINKS_CLASS in names.split()) or (
                    el.tag == "sup" and "reference" in names and _CITATION_MARK_CLASS in names.split()) or (
                    "jammer" in names and _JAMMER_CLASS in names.split()) or _discourse_extra(el, names):
                removed.append(el)
                continue
            if ("poiler" in names or "sp-head" in names) and any(map(_SPOILER_HEADER.match, names.split())) \
                    and count_words(" ".join(el.itertext())) <= SPOILER_HEADER_MAX_WORDS:
                removed.append(el)
                continue
        if el.tag == "a" and (el.get("href") or "").startswith("#") and len(el) == 0 \
                and (el.text or "").strip() in _ANCHOR_MARKS:
            removed.append(el)
            continue
        if "role" in keys and el.get("role") == _STATUS_ROLE and count_words(
                " ".join(el.itertext())) <= STATUS_MAX_WORDS:
            removed.append(el)
            continue
        if "id" in keys and ((ident := el.get("id")) in _CONSENT_ROOT_IDS
                             or ident.startswith(_CONSENT_ROOT_ID_PREFIX)):
            removed.append(el)
        elif "style" in keys or "hidden" in keys or "aria-hidden" in keys:
            maybe_hidden.append(el)
    return maybe_hidden, screen_reader_only, removed, classed_hidden


#: A list item's number drawn as an element of its own before the item's text (Quora's ``<div>1.</div><div>Online
#: aptitude tests ...</div>`` inside the ``<li>``): the list numbers its items itself (Markdown's ``1.``), and the
#: marker alone is a line of no text.
_DRAWN_MARKER = re.compile(r"\s*(?:\d{1,3}|[a-z])[.)]\s*")
_HAS_LETTER = re.compile(r"[^\W\d_]")


def _drop_drawn_markers(root: etree._Element) -> None:
    """Remove the number an ``<li>`` draws in a childless first element of its own (:data:`_DRAWN_MARKER`) when the
    item's text (a letter) follows in its next element."""
    for item in root.iter("li"):
        if not len(item) or (item.text and item.text.strip()):
            continue
        marker = item[0]
        after = marker.getnext()
        if not len(marker) and marker.text and _DRAWN_MARKER.fullmatch(marker.text) \
                and not (marker.tail and marker.tail.strip()) and after is not None \
                and _HAS_LETTER.search("".join(after.itertext())):
            drop_element(marker)


#: Where a custom element holding text alone runs inline: in a paragraph, a list item, a heading or a table cell, or
#: in an inline element there.
_RUNS_INLINE_IN = frozenset({"p", "li", "h1", "h2", "h3", "h4", "h5", "h6", "td", "th", "dd", "dt", "a", "span", "b",
                             "strong", "em", "i", "small", "label", "figcaption"})
_CUSTOM_ELEMENTS = etree.XPath("//*[contains(local-name(), '-')]")


def _inline_custom_elements(root: etree._Element) -> None:
    """Turn a custom element holding text alone inside a paragraph, a list item or an inline element into a
    ``<span>`` (a ``<time>``, one with a ``datetime``): a browser runs an element it does not know inline, so
    MarketWatch's quote chip (``<bg-quote>+2.1%`` in the link naming a stock) or GitHub's ``<g-emoji>`` does not break
    the sentence it sits in into blocks. Not a widget of a namespace (Facebook's ``<fb:comments-count>``), which its
    script replaces with a box of its own."""
    for el in _CUSTOM_ELEMENTS(root):
        parent = el.getparent()
        if not len(el) and parent is not None and parent.tag in _RUNS_INLINE_IN and ":" not in el.tag:
            el.tag = "time" if el.get("datetime") else "span"  # GitHub's <relative-time datetime=...> is a time


def _unwrap_rendered_templates(root: etree._Element) -> None:
    """Keep the text of a ``<template>`` that holds most of the page's words (:data:`REVEALED_SHARE`, at least
    :data:`REVEALED_MIN_WORDS`): the page a script renders from it once loaded (Wiki.js serves its article in
    ``<template slot="contents">``). Other templates are fragments of the interface and go. Called once the scripts
    and styles are gone, so that a page's hydration data does not count as its words."""
    templates = list(root.iter("template"))
    if not templates:
        return
    page_words = cache(partial(unlinked_words, root))  # all templates are weighed before any goes
    rendered = [el for el in templates if most_of_the_page(unlinked_words(el), page_words)]
    for el in templates:
        if el in rendered:
            _unwrap(el)
        else:
            drop_element(el)


#: What :func:`clean_tree` strips before it looks at the templates, which :func:`_unwrap_rendered_templates` weighs.
_STRIPPED_BEFORE_TEMPLATES = REMOVED_TAGS - {"template"}


def clean_tree(root: etree._Element) -> None:
    """Remove non-content subtrees in place, keeping the tail text of every removed element."""
    # libxml2 walks the tree once for the tags (and comments, processing instructions, entities), keeping tails
    # where drop_element() would put them; the attributes of possibly hidden elements are checked here.
    panels = open_accordions(root)
    etree.strip_elements(root, etree.Comment, etree.ProcessingInstruction, etree.Entity,
                         *_STRIPPED_BEFORE_TEMPLATES, with_tail=False)
    _unwrap_rendered_templates(root)
    maybe_hidden, screen_reader_only, removed, classed_hidden = _hiding_candidates(root)
    text: str | None = None  # the page's words, read once, and only when a paywalled part is weighed (paywalled)

    def page_text() -> str:
        nonlocal text
        if text is None:
            text = collapse_spaces("".join(root.itertext()))
        return text

    page_words = cache(partial(unlinked_words, root))  # counted once, and only for a revealed_by_script test
    comparable_words = cache(lambda: comparable(page_text()))  # read once, and only for a copy_of_shown_text test
    for el in maybe_hidden:
        if el.tag not in ("html", "body") and is_hidden(el) and el.get("id") not in panels \
                and not paywalled(el, page_text) and not revealed_by_script(el, page_words) \
                and not revealed_by_toggle(el):
            drop_element(el)
    for el in classed_hidden:
        if el.tag not in ("html", "body") and copy_of_shown_text(el, comparable_words):
            drop_element(el)
    for el in removed:
        if el.tag not in ("html", "body"):
            drop_element(el)
    for el in screen_reader_only:  # those inside a hidden element dropped above are out of the tree already
        if el.tag not in ("html", "body") and _READ_ALOUD.search("".join(el.itertext())):
            drop_element(el)
    _drop_drawn_markers(root)
    _inline_custom_elements(root)
    noscripts = list(root.iter("noscript"))
    total: int | None = None  # the page's text length, measured only if a <noscript> has text
    for el in noscripts:
        if el.getparent() is None:
            continue
        own = len(collapse_spaces("".join(el.itertext())))
        if own and total is None:
            total = max(1, len(collapse_spaces("".join(root.itertext()))))
        if own and total is not None and own / total > NOSCRIPT_MAX_SHARE:
            _unwrap(el)
        else:
            drop_element(el)


def drop_element(el: etree._Element) -> None:
    """Remove ``el`` and its subtree but keep its tail text in the document."""
    parent = el.getparent()
    if parent is None:
        return
    tail = el.tail
    if tail:
        prev = el.getprevious()
        if prev is not None:
            prev.tail = (prev.tail or "") + tail
        else:
            parent.text = (parent.text or "") + tail
    parent.remove(el)


def _unwrap(el: etree._Element) -> None:
    """Replace ``el`` by its children and text."""
    parent = el.getparent()
    if parent is None:
        return
    index = parent.index(el)
    prev = el.getprevious()
    lead = el.text or ""
    if lead:
        if prev is not None:
            prev.tail = (prev.tail or "") + lead
        else:
            parent.text = (parent.text or "") + lead
    children = list(el)
    tail = el.tail or ""
    if children:
        children[-1].tail = (children[-1].tail or "") + tail
    elif tail:
        if prev is not None:
            prev.tail = (prev.tail or "") + tail
        else:
            parent.text = (parent.text or "") + tail
    parent.remove(el)
    for offset, child in enumerate(children):
        parent.insert(index + offset, child)
