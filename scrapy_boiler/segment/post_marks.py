"""Marks of a post beside its text: a link to its poster's page, an element naming the poster, a date or time.

They tell a run of posts from a run of teasers (:mod:`~scrapy_boiler.extractors.threads.page_type`), a byline from a
rival body (:mod:`~scrapy_boiler.segment.post_bodies`) and where a post says who wrote it and when.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from lxml import etree

from scrapy_boiler.parse.dates import names_day_and_month
from scrapy_boiler.segment.semantics import POST_TEXT_NAME

#: A link to a user's page (``/members/``, ``?u=``, Discuz's ``&uid=``, ``/profile/``, Lobsters' and Slashdot's
#: ``/~ann``: the root of a tilde path, not a personal home page's files such as ``/~ann/tutorial/``...). Not a
#: mailing list named for its users (``/groups/pebblefs-users/``: every message's permalink goes there).
_USER_HREF = re.compile(
    r"member|(?<!-)user|profile|author|/u/|/~[\w.-]+/?(?:$|[?#])|[?&;]u(?:id)?=|showuser|people"
    # "people" or "user" in other languages, as a path's step: Czech, German, French, Spanish and Portuguese,
    # Italian, Dutch, Polish, Turkish, Hungarian, Croatian and Serbian, Romanian, Norwegian, Finnish, Swedish
    r"|/(?:lide|uzivatel[eéi]?|benutzer|utilisateurs?|usuarios?|utent[ei]|gebruikers?|uzytkownik|kullanici|"
    r"felhasznalo|korisni[kc]|utilizator|brukere?|kayttaja|anvandare)(?:[/?#=]|$)",
    re.I,
)
#: A campaign-tracking parameter of a link (``utm_campaign=Feed: The Blog of Author Tim Ferriss``): its words are a
#: feed's, not where the link goes.
_TRACKING = re.compile(r"[?&;]utm_\w+=[^&#]*", re.I)


def is_user_href(href: str) -> bool:
    """Whether a link goes to a user's profile (``/members/``, ``?u=``, ``/profile/``...), its tracking parameters
    left out (a blog's "Reply" link carries ``utm_campaign=...Author...``)."""
    return _USER_HREF.search(_TRACKING.sub("", href) if "utm_" in href else href) is not None


_DATE = re.compile(
    r"\b(?:\d{1,2}[./-]\d{1,2}[./-]\d{2,4}|\d{4}-\d{2}-\d{2}|\d{1,2}:\d{2}|(?:19|20)\d{2}\b"
    r"|ago\b|yesterday|today|gestern|heute|hier|aujourd)"
    # how long ago in other languages, with its number: "vor 3 Tagen", "il y a 2 heures", "hace 5 días", "há 2 dias",
    # "منذ 3 ساعات", "לפני 5 דקות", "před 2 dny", "acum 3 ore", "πριν 4 ώρες"; "3 giorni fa", "2 uur geleden", "5 minut
    # temu", "3 дня назад", "2 дні тому", "3 gün önce", "3 timmar sedan", "2 timer siden", "5 tuntia sitten", "3 ساعت
    # پیش", "2 घंटे पहले", "4 giờ trước", "3 jam yang lalu"; and Arabic's two hours, a day ("منذ ساعتين", "منذ يوم")
    r"|\b(?:vor|il y a|hace|há|منذ|לפני|před|acum|πριν)\s+\d+\s+\w"
    r"|\b\d+\s+[^\s\d]+\s+(?:fa|geleden|temu|назад|тому|önce|sedan|siden|sitten|پیش|पहले|trước|(?:yang )?lalu)(?!\w)"
    r"|منذ\s+(?:ساعة|ساعتين|يوم|يومين|دقيقة|دقيقتين|أسبوع|أسبوعين|شهر|شهرين|سنة)(?!\w)"
    # Chinese, Japanese and Korean: "2024年04月24日", "1 月前" (a month ago), "3 小時前", "5分前", "2일 전", "刚刚"
    r"|(?:19|20)\d{2}\s*年\s*\d{1,2}\s*月|\d+\s*(?:秒|分钟|分鐘|分|小时|小時|時間|天|日|周|週|个月|個月|ヶ月|か月|月|年)\s*前"
    r"|\d+\s*(?:초|분|시간|일|주|개월|달|년)\s*전|刚刚|剛剛|昨天|今天|昨日|今日|어제|오늘",
    re.I,
)


def has_user_link(member: etree._Element) -> bool:
    """Whether the member links to a user profile (``/members/``, ``?u=``, ``/profile/``...), or by a link whose card
    says it is a user's (GitHub links ``/ann``, its hover card ``data-hovercard-type="user"``)."""
    return any(is_user_href(a.get("href") or "") or is_user_card(a) for a in member.iter("a"))


def is_paid_slot(member: etree._Element) -> bool:
    """Whether a member of a post group is an advertiser's slot made like a post (UKClimbing's "Premier Post Paid for
    by <a rel="sponsored">..."): it links as sponsored, and not to a poster's profile as a post does. A post whose
    links the board marks sponsored (a deals forum's) links to its poster's profile too."""
    return not has_user_link(member) and any("sponsored" in (a.get("rel") or "").lower().split()
                                             for a in member.iter("a"))


def is_user_card(link: etree._Element) -> bool:
    """Whether a link's hover card is a user's (``data-hovercard-type="user"``, ``data-hovercard-url="/users/..."``),
    or the link carries the user's id (XenForo's ``data-user-id``, whatever words its addresses use: "/miembros/")."""
    return link.get("data-hovercard-type") == "user" or "/users/" in (link.get("data-hovercard-url") or "") \
        or link.get("data-user-id") is not None


#: A class naming the element that shows a post's poster (``push-userid``, ``comment-author``, ``user-name``,
#: ``authorname``, Flarum's camel-cased ``PostUser-name``; the Czech, German, Polish, Spanish and Portuguese
#: ``autor``: AbcLinuxu's ``ds_autor``).
_POSTER_CLASS = re.compile(
    r"(?:^|[-_ ]|(?-i:(?<=[a-z])(?=[A-Z])))(?:user-?(?:id|name)?|author(?:-?name)?|autor|poster|nick(?:name)?|uname"
    r"|username)(?:$|[-_ ])", re.I)


def names_poster(member: etree._Element) -> bool:
    """Whether the member shows its poster's name in an element named for it: boards that link to no user page
    (PTT's ``<span class="push-userid">``) sign their posts this way; or in the link WordPress writes to a commenter's
    own site (:func:`_commenter_link`)."""
    return any(isinstance(el.tag, str) and bool((el.text or "").strip()) and (
        _POSTER_CLASS.search(el.get("class") or "") or _commenter_link(el)) for el in member.iter())


#: Words of a heading that names a post's poster, at most ("tomaszr", "Anna K.").
POSTER_HEADING_WORDS = 3
_POSTER_HEADINGS = frozenset({"h2", "h3", "h4", "h5", "h6"})


def signed_in_headings(members: list[etree._Element]) -> set[etree._Element]:
    """The members that open with a heading of a name's few words right over a body named so, where one such name
    heads two members or more: Flarum's page for browsers without scripts signs each post ``<div><h3>tomaszr</h3>
    <div class="Post-body">``, with no date nor link, and a thread's posters post again. An article's sections under
    their headings ("Overview", "Symptoms and Causes") name each a different thing."""
    names: dict[etree._Element, str] = {}
    for member in members:
        children = [child for child in member if isinstance(child.tag, str)]
        if len(children) >= 2 and children[0].tag in _POSTER_HEADINGS and POST_TEXT_NAME.search(
                children[1].get("class") or "") is not None:  # Flarum's ``Post-body``
            name = " ".join("".join(children[0].itertext()).split())
            if 0 < len(name.split()) <= POSTER_HEADING_WORDS:
                names[member] = name.casefold()
    return set(names) if len(set(names.values())) < len(names) else set()


def _commenter_link(el: etree._Element) -> bool:
    """Whether a link is WordPress's to a commenter's own site: ``a.url`` with ``rel="external nofollow"``."""
    return el.tag == "a" and "url" in (el.get("class") or "").split() and "external" in (el.get("rel") or "").split()


def has_date(member: etree._Element) -> bool:
    """Whether the member shows a date or time (a ``<time>`` element or a date-like string); a ``<dd>`` shows it in its
    ``<dt>`` (comments written as a definition list: who and when, then what)."""
    if shows_when(member, has_date_text):
        return True
    term = term_of(member)
    return term is not None and shows_when(term, has_date_text)


def mostly_dated(members: list[etree._Element], rows_before: bool = False) -> bool:
    """Whether most members show a date (:func:`has_date`); with ``rows_before``, in themselves or in the element
    right before each (a header row: AbcLinuxu's ``ds_hlavicka`` over its ``ds_text``)."""
    dated = sum(has_date(member) or (rows_before and (head := member.getprevious()) is not None
                                     and isinstance(head.tag, str) and has_date(head)) for member in members)
    return 2 * dated > len(members)


def term_of(member: etree._Element) -> etree._Element | None:
    """The ``<dt>`` right before a ``<dd>`` member, or before the ``<dd>`` a member is the only child of (Thesis's
    ``dd > div.format_text``): where comments written as a definition list say who and when."""
    while member.tag != "dd":
        parent = member.getparent()
        if parent is None or len(parent) != 1:
            return None
        member = parent
    term = member.getprevious()
    return term if term is not None and term.tag == "dt" else None


#: Texts of a member at most this long are where it shows when it was written (a paragraph is not).
WHEN_TEXT_CHARS = 80


def shows_when(member: etree._Element, is_when: Callable[[str], object]) -> bool:
    """Whether the member holds a ``<time>`` element, or a short text (under :data:`WHEN_TEXT_CHARS` characters)
    that ``is_when`` holds for (a pattern's ``search``): where a post shows when it was written."""
    if next(member.iter("time"), None) is not None:
        return True
    return any(is_when(text) for text in member.itertext() if len(text) < WHEN_TEXT_CHARS)


#: How long ago, written short and alone in its element, as social sites date posts and comments ("1w", "3d", "5h",
#: "2mo", "1yr").
_SHORT_AGO = re.compile(r"\s*\d{1,2}\s?(?:s|m|min|h|hr|d|w|wk|mo|y|yr)\.?\s*")


def has_date_text(text: str) -> bool:
    """Whether a short text reads like a date or time ("03/12 08:45", "2 hours ago", "Mar 12, 2024", "Mar 4", "1w")."""
    return _DATE.search(text) is not None or names_day_and_month(text) or _SHORT_AGO.fullmatch(text) is not None
