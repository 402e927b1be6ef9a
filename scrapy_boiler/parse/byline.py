"""Article metadata the page only shows: the byline, the date and the breadcrumb trail near the headline.

Read when structured data leaves a field empty (or gives one that cannot be right). One pass over the cleaned tree
collects the candidates (``itemprop`` author/date, ``rel=author`` links, ``<time datetime>``, class and id names
such as ``byline``, ``author``, ``date``, ``breadcrumb``); the one closest after the first ``<h1>`` wins, since
"related articles" lists further down carry their own authors and dates. :func:`is_byline` tells a byline's line of
text from a sentence, for the body's trimming.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TypeVar

from lxml import etree

from scrapy_boiler.parse.dates import normalise_date
from scrapy_boiler.parse.normalize import collapse_spaces, count_words

_T = TypeVar("_T")
_AUTHOR_NAME = re.compile(r"author|byline|byl\b|writer|autor|verfasser|journalist|reporter|redakt", re.IGNORECASE)
_NOT_AUTHOR = re.compile(r"bio|avatar|image|img|photo|picture|social|share|follow|more|about|comment|date|time"
                         r"|description|desc\b|title|label|wrapper|list|related", re.IGNORECASE)
_DATE_NAME = re.compile(r"date|time|publish|datum|fecha|data\b|posted|dateline", re.IGNORECASE)
_NOT_DATE = re.compile(r"update|modif|timeline|timer|runtime", re.IGNORECASE)
_CRUMB_NAME = re.compile(r"breadcrumb", re.IGNORECASE)
#: Words that introduce a byline, in the languages of the news corpora.
BYLINE_PREFIX = re.compile(
    r"^(?:(?:written|reported|reporting|text|story|words|photos?|posted|published)\s+(?:by|von)"
    r"|by|von|por|par|di|da|av|af|door|"
    r"autor(?:in|a)?|author|authors|text|texto|auteur|redakcja|napisał[a]?|av)\s*[:\-–]?\s+",
    re.IGNORECASE,
)
_SPLIT = re.compile(r"\s*(?:,|;|\||•|·|/|\band\b|\bund\b|\by\b|\bet\b|\be\b|\bog\b|\boch\b|\ben\b|&|\bmit\b)\s*",
                    re.IGNORECASE)
#: Words a byline's text nodes hold besides names.
NOT_NAMES = frozenset({
    "by", "von", "por", "par", "di", "da", "av", "af", "door", "and", "und", "og", "och", "y", "et", "e", "en", "mit",
    "author", "authors", "autor", "autorin", "text", "twitter", "facebook", "x", "instagram", "linkedin", "email",
    "e-mail", "mail", "rss", "whatsapp", "threads", "bluesky", "mastodon", "more", "follow", "share", "updated",
})
_DIGIT = re.compile(r"\d")
_UPPER_START = re.compile(r"^[^\W\d_]")
#: A name has at most this many words (and a byline at most this many characters).
MAX_NAME_WORDS = 5
MAX_BYLINE_CHARS = 160
#: Candidates this many elements after the first ``<h1>`` are too far to be its byline.
NEAR = 400
#: The ``<h1>``'s parent is the story's header (its kicker, byline and date around the headline) when it holds at
#: most this many words.
HEADER_WORDS = 60


@dataclass
class PageDom:
    """What the page's DOM shows: author names, a date string and a breadcrumb trail (name, URL)."""

    authors: list[str] = field(default_factory=list)
    date: str | None = None
    breadcrumbs: list[tuple[str, str | None]] = field(default_factory=list)


def read_dom(root: etree._Element, *, authors: bool = True, date: bool = True, breadcrumbs: bool = True) -> PageDom:
    """The byline, date and breadcrumbs of a cleaned page, only those asked for (the pass stops when all are found)."""
    h1_at: int | None = None
    headline_box: etree._Element | None = None  # the first <h1>'s parent: the story's header
    author_hits: list[tuple[int, list[str]]] = []
    date_hits: list[tuple[int, str]] = []
    dated: list[etree._Element] = []  # the element of each date hit
    crumbs: list[tuple[str, str | None]] = []
    for position, el in enumerate(root.iter("*")):
        tag = el.tag
        if tag == "h1" and h1_at is None:
            h1_at, headline_box = position, el.getparent()
        elif h1_at is not None and position > h1_at + NEAR and (author_hits or not authors) and (
                date_hits or not date) and (crumbs or not breadcrumbs):
            break  # every answer is settled: later hits are neither near the <h1> nor first (see _nearest)
        attrs = el.attrib
        if not attrs:
            continue
        itemprop = (attrs.get("itemprop") or "").lower()
        names = f"{attrs.get('class', '')} {attrs.get('id', '')}"
        author_name, not_date, date_name, crumb_name = _name_kinds(names)
        if authors and (itemprop == "author" or "author" in (attrs.get("rel") or "").lower() or author_name):
            found = byline_names(el)
            if found:
                author_hits.append((position, found))
        if date:
            stamp = _date_of(el, tag, itemprop, not_date, date_name)
            if stamp:
                date_hits.append((position, stamp))
                dated.append(el)
        if breadcrumbs and not crumbs and (crumb_name or _CRUMB_NAME.search(attrs.get("aria-label", ""))
                                           or "breadcrumblist" in (attrs.get("itemtype") or "").lower()):
            crumbs = _crumbs(el)
    if headline_box is not None and count_words(" ".join(headline_box.itertext())) > HEADER_WORDS:
        headline_box = None  # the <h1> stands in the story or the page, not in a header of its own
    boxed = [hit for hit, el in zip(date_hits, dated, strict=True) if headline_box is not None
             and headline_box in el.iterancestors() and normalise_date(hit[1]) is not None]
    date_found = _nearest(boxed or date_hits, h1_at, either_side=bool(boxed))
    return PageDom(_nearest(author_hits, h1_at) or [], date_found, crumbs)


def byline_names(el: etree._Element) -> list[str]:
    """The person names of a byline element: its ``itemprop=name`` texts when it has them, else its text nodes (one
    per ``<span>`` or link) split at commas and "and", with "By", "Von"..., social links and anything with digits
    (dates, times) left out."""
    text = collapse_spaces("".join(el.itertext()))
    if not text or len(text) > MAX_BYLINE_CHARS:
        return []
    named = [collapse_spaces("".join(child.itertext())) for child in el.xpath(".//*[@itemprop='name']")]
    pieces = named or [piece for piece in (collapse_spaces(t) for t in el.itertext()) if piece]
    names: list[str] = []
    for piece in pieces:
        for name in _SPLIT.split(BYLINE_PREFIX.sub("", piece)):
            name = BYLINE_PREFIX.sub("", name.strip(" .:-–—()")).strip(" .:-–—()")
            if is_name(name) and name.lower() not in {n.lower() for n in names}:
                names.append(name)
    return names


def is_name(text: str) -> bool:
    """Whether ``text`` can be a person's (or agency's) name: a few capitalised words, no digits, no handle, not a
    byline's connecting word or a share button."""
    words = text.split()
    return (0 < len(words) <= MAX_NAME_WORDS and text.lower() not in NOT_NAMES and not _DIGIT.search(text)
            and "@" not in text and bool(_UPPER_START.match(text)) and (text[0].isupper() or not text[0].isalpha()))


@lru_cache(maxsize=4096)
def _name_kinds(names: str) -> tuple[bool, bool, bool, bool]:
    """(author, not a date, date, breadcrumb) readings of an element's class and id (cached: pages repeat names)."""
    return (bool(_AUTHOR_NAME.search(names) and not _NOT_AUTHOR.search(names)), bool(_NOT_DATE.search(names)),
            bool(_DATE_NAME.search(names)), bool(_CRUMB_NAME.search(names)))


def _date_of(el: etree._Element, tag: str, itemprop: str, not_date: bool, date_name: bool) -> str | None:
    """The date an element shows: ``datetime``/``content`` of a ``<time>`` or ``itemprop`` date, else the short text
    of an element named like a date (``not_date``, ``date_name``: what its class and id say, :func:`_name_kinds`)."""
    if itemprop in ("datemodified", "dateupdated") or not_date:
        return None
    if tag == "time" or itemprop in ("datepublished", "datecreated", "dateline"):
        value = el.get("datetime") or el.get("content")
        if value and _DIGIT.search(value):
            return value.strip()
    if tag == "time" or itemprop == "datepublished" or date_name:
        text = collapse_spaces("".join(el.itertext()))
        if 6 <= len(text) <= 60 and _DIGIT.search(text):
            return text
    return None


def _crumbs(el: etree._Element) -> list[tuple[str, str | None]]:
    trail: list[tuple[str, str | None]] = []
    for link in el.iter("a"):
        name = collapse_spaces("".join(link.itertext()))
        if name and len(name) <= 80:
            trail.append((name, link.get("href")))
    return trail


def _nearest(hits: list[tuple[int, _T]], anchor: int | None, either_side: bool = False) -> _T | None:
    """The first hit after ``anchor`` (the first ``<h1>``) and near it, else the first hit of the page; with
    ``either_side`` (the hits inside the headline's own box, when there are any), the first one after it, else the
    last one before it: a story's header may show its date above the headline, and the first date after the header
    may be a comment's."""
    if not hits:
        return None
    if anchor is not None and either_side:
        after = [value for position, value in hits if position >= anchor]
        return after[0] if after else hits[-1][1]
    if anchor is not None:
        for position, value in hits:
            if anchor <= position <= anchor + NEAR:
                return value
    return hits[0][1]


#: A byline ("By Ann Smith and Bo Lee, 12 October 2026 · 2 comments") is at most this many words.
BYLINE_WORDS = 20


def is_byline(text: str) -> bool:
    """Whether a block's ``text`` is a byline: at most :data:`BYLINE_WORDS` words, opening with a byline's word ("By",
    "Von", "Par", "Por", "Autor:"...) followed by a person's name, up to the first comma, "and", date or separator
    ("By Ann Smith, 12 October 2026"; not "By the end of the year" nor "Par ailleurs")."""
    if count_words(text) > BYLINE_WORDS:
        return False
    text = text.strip()
    if _EAST_ASIAN_BYLINE.match(text) or _DESK_SIGN_OFF.match(text) or _ARABIC_BYLINE.match(text):
        return True
    prefix = BYLINE_PREFIX.match(text)
    if prefix is None:
        return False
    name = _NAME_END.split(text[prefix.end():], maxsplit=1)[0].strip(" .:-–—()")
    return is_name(name) and all(word[0].isupper() or not word[0].isalpha() or word.lower() in _NAME_PARTICLES
                                 for word in name.split())


#: A Korean reporter's byline, the name before the title ("김민수 기자", "[서울=뉴시스] 김민수 기자 =", "김민수 기자
#: minsu@news.example", "상주=김서연 기자": filed from Sangju), and a Chinese one, the title before the name ("记者
#: 张三", "（本报记者 张三 李四）", Taiwan's "記者陳俊宏／台中報導": reporting from Taichung), and a Japanese paper's,
#: the bureau and the name in brackets after the story ("（大津支局　森下遥）").
_EAST_ASIAN_BYLINE = re.compile(
    r"(?:[\[(（【][^\])）】]{1,24}[\])）】]\s*|[가-힣]{1,8}\s*=\s*)?"
    r"[가-힣]{2,4}\s*(?:기자|특파원|선임기자|객원기자|논설위원)(?:\s*=)?"
    r"(?:\s*\(?[\w.+-]+@[\w.-]+\)?)?\s*\Z"
    r"|[(（]?(?:本报|本台|新华社|央视)?[记記]者\s*[\u4e00-\u9fff]{2,4}(?:[\s、]+[\u4e00-\u9fff]{2,4})*"
    r"(?:\s*[/／]\s*[\u4e00-\u9fff]{1,8}[报報][道導])?\s*[)）]?\Z"
    r"|[(（][\u4e00-\u9fff]{1,6}(?:支局|総局|支社|本社|通信部|部)[\s\u3000]*[\u4e00-\u9fff\u3040-\u30ff]{2,8}[)）]\Z"
)


#: An Arabic byline: "كتب:" or "كتبت -" (he, she wrote) and the writers' names (the date may follow), "بقلم" (by the
#: pen of), "إعداد:" (prepared by), Persian "نویسنده:" (writer). The verb without a colon opens sentences.
_ARABIC_BYLINE = re.compile(r"(?:(?:كتب|كتبت|إعداد|اعداد|نویسنده)\s*[:：\-–]|بقلم\s*:?)\s*[\u0600-\u06ff]")


#: A German desk's sign-off: the writer's initials and the agencies the story draws on, after the site's name
#: ("Quelle: ntv.de, jre/dpa/AFP"; Spiegel's "ala/dpa/Reuters").
_DESK_SIGN_OFF = re.compile(r"(?:(?:quelle|source)\s*:\s*[\w.-]+,\s*)?[a-zäöü]{2,5}(?:/[a-zäöü]{2,8})+\Z", re.I)


#: Lower-case words inside a person's name ("Ursula von der Leyen", "José da Silva"); any other lower-case word
#: makes the text a sentence ("Di Maio ha detto").
_NAME_PARTICLES = frozenset({"von", "van", "der", "den", "de", "del", "della", "di", "da", "do", "dos", "das", "du",
                             "la", "le", "bin", "ibn", "al", "el", "ter", "zu"})


#: Where a byline's first name ends: a comma, a separator, "and" and its like, "in" before the place it was filed
#: from (China Daily's "By LI JINGWEN in Pu'er, Yunnan | China Daily"), a digit (a date or a time).
_NAME_END = re.compile(r"\s*(?:[,;|•·/]|\s[-–—]\s|\s(?:and|und|et|y|e|og|och|en|&|on|in|am|le|el|il)\s|\d)",
                       re.IGNORECASE)
