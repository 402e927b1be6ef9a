"""Hidden elements: which go as never shown, and which hold text the reader sees after all (a spoiler's contents,
an article's paywalled part, the page a script lays out, an accordion's panel, a post's "read more" cut), or copy text
shown elsewhere (a class-hidden copy, which goes). :func:`~scrapy_boiler.parse.clean.clean_tree` asks."""

from __future__ import annotations

import re
from collections.abc import Callable

from lxml import etree

from scrapy_boiler.parse.normalize import comparable, count_words

_NOT_DISPLAYED = re.compile(r"display\s*:\s*none", re.IGNORECASE)
#: ``visibility: hidden`` keeps the element's place in the layout (see :func:`revealed_by_script`).
_INVISIBLE = re.compile(r"visibility\s*:\s*hidden", re.IGNORECASE)
_HIDDEN_STYLE = re.compile(f"{_NOT_DISPLAYED.pattern}|{_INVISIBLE.pattern}", re.IGNORECASE)
#: A hidden element named as a spoiler is text the reader reveals with a click (a puzzle's answer in a forum post).
SPOILER = re.compile(r"spoiler", re.IGNORECASE)
#: A hidden element named as the paywalled part of an article (ABC's ``div.paywall[hidden]``) holds the rest of the
#: body, which a subscriber reads once the script shows it. Not ``paywallBottomAdvert`` (an advert's box).
_PAYWALLED = re.compile(r"(?:^|[\s_-])paywall(?:ed)?(?:$|[\s_-])", re.IGNORECASE)
#: Words the paywalled part must hold: a subscription prompt hidden until it is needed is a few lines.
PAYWALLED_MIN_WORDS = 100
#: Opening words of the paywalled part looked for elsewhere on the page (a copy of text shown is no paywalled part).
PAYWALLED_OPENING_WORDS = 12


def is_hidden(el: etree._Element) -> bool:
    """Hidden by an attribute or an inline style, and not a spoiler's contents."""
    if SPOILER.search(el.get("class") or ""):
        return False
    if el.get("hidden") is not None or el.get("aria-hidden") == "true":
        return True
    style = el.get("style")
    return bool(style and _HIDDEN_STYLE.search(style))


#: Share of the page's words outside links that an element hidden so must hold to be the text a script reveals, and
#: the words it must hold at least.
REVEALED_SHARE = 0.5
REVEALED_MIN_WORDS = 50


def revealed_by_script(el: etree._Element, page_words: Callable[[], int]) -> bool:
    """Whether hidden ``el`` is the page's text that a script shows once it is laid out: hidden by ``visibility:
    hidden`` alone (no ``display: none``, no ``hidden`` attribute) and holding more than :data:`REVEALED_SHARE` of
    the page's words outside links (``page_words``). WeChat serves every article so (``div#js_content``); a hidden
    menu or dialog holds links, or a small share of the words."""
    style = el.get("style") or ""
    if (el.get("hidden") is not None or el.get("aria-hidden") == "true" or not _INVISIBLE.search(style)
            or _NOT_DISPLAYED.search(style)):
        return False
    return most_of_the_page(unlinked_words(el), page_words)


#: Words outside links a hidden element shown by the link or button before it must hold, and the share of its words
#: they are: a menu or a reply form a button opens holds links or a few labels.
TOGGLED_MIN_WORDS = 30
TOGGLED_SHARE = 2 / 3


def revealed_by_toggle(el: etree._Element) -> bool:
    """Whether hidden ``el`` is text the reader shows with a click on the link or button just before it (a script's
    ``onclick``, a ``javascript:`` address): a blog post's "read more" cut (Diary.ru's ``a.LinkMore`` "читать
    дальше" over ``span.MoreText``, hidden until clicked), as long as a text (:data:`TOGGLED_MIN_WORDS`) and
    mostly outside links."""
    toggle = el.getprevious()
    if toggle is None or toggle.tag not in ("a", "button") or (toggle.tail or "").strip():
        return False
    if not (toggle.get("onclick") or (toggle.get("href") or "").lstrip().lower().startswith("javascript:")):
        return False
    words = unlinked_words(el)
    return words >= TOGGLED_MIN_WORDS and words >= TOGGLED_SHARE * count_words(" ".join(el.itertext()))


def most_of_the_page(words: int, page_words: Callable[[], int]) -> bool:
    """Whether an element holding ``words`` words outside links holds most of the page's (``page_words``, counted
    only when the element holds :data:`REVEALED_MIN_WORDS`: most hidden elements and templates hold a few words or
    links, a tooltip or a menu)."""
    return words >= REVEALED_MIN_WORDS and words > REVEALED_SHARE * page_words()


def unlinked_words(el: etree._Element) -> int:
    """Words under ``el`` outside links, a run of Chinese or Japanese counted in pseudo-words (:func:`count_words`)."""
    return count_words(" ".join(el.itertext())) - sum(count_words(" ".join(a.itertext())) for a in el.iter("a"))


def paywalled(el: etree._Element, page_text: Callable[[], str]) -> bool:
    """Whether hidden ``el`` is an article's paywalled part: named so, as long as one (:data:`PAYWALLED_MIN_WORDS`),
    and saying what the page (``page_text``: its words, one space apart) shows nowhere else. der Freitag also hides a
    copy of the whole text it shows (one block, for its paywall script), which would double the body."""
    if not _PAYWALLED.search(f"{el.get('class') or ''} {el.get('id') or ''}"):
        return False
    words = "".join(el.itertext()).split()
    if len(words) < PAYWALLED_MIN_WORDS:
        return False
    return page_text().count(" ".join(words[:PAYWALLED_OPENING_WORDS])) < 2


#: An element hidden by a class is a copy when runs of this many words, taken at this many places spread from its
#: start to its end, are found elsewhere on the page, outside it, at least this share of them (a Markdown source
#: differs from its rendering at a code fence's language or a link's address; a collapsed comment's byline and
#: buttons are every comment's, at its start and end, but its text is its own).
COPY_WINDOW_WORDS = 8
COPY_WINDOWS = 5
COPY_FOUND_SHARE = 0.8
#: ... and holds this many words at least: a short hidden copy (a comment's preview in a tooltip) is left to the
#: models, which weigh it with what it sits in.
COPY_MIN_WORDS = 20


def copy_of_shown_text(el: etree._Element, page_words: Callable[[], str]) -> bool:
    """Whether an element hidden by a class says what the page (``page_words``: its words in
    :func:`~scrapy_boiler.parse.normalize.comparable` form, Markdown's marks and case aside) says elsewhere, outside
    it (:data:`COPY_WINDOWS` runs of its words)."""
    own = comparable("".join(el.itertext()))
    words = own.split()
    if len(words) < COPY_MIN_WORDS:
        return False
    shown = page_words()
    last = len(words) - COPY_WINDOW_WORDS
    starts = sorted({round(last * step / (COPY_WINDOWS - 1)) for step in range(COPY_WINDOWS)})
    found = sum(shown.count(part) > own.count(part)
                for part in (" ".join(words[start:start + COPY_WINDOW_WORDS]) for start in starts))
    return found >= COPY_FOUND_SHARE * len(starts)


#: Headings, where the WAI-ARIA accordion puts the button that opens each panel.
_HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})


def open_accordions(root: etree._Element) -> frozenset[str]:
    """Unwrap each heading's button that opens a panel below it (the WAI-ARIA accordion: ``<h3><button
    aria-expanded="false" aria-controls="faq-1">Question?</button></h3>`` over ``<div id="faq-1" hidden>``), so that
    its text stays the heading's when buttons go, and return the ids of the panels those buttons open: text the reader
    opens with a click, as a spoiler's (an explainer's FAQ). Buttons elsewhere (a menu's toggle) are left to go."""
    panels: set[str] = set()
    for button in list(root.iter("button")):
        controls = button.get("aria-controls")
        parent = button.getparent()
        if controls and button.get("aria-expanded") is not None and parent is not None and parent.tag in _HEADINGS:
            panels.update(controls.split())
            etree.strip_tags(parent, "button")
    return frozenset(panels)
