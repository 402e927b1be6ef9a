"""An article's metadata (dates, authors, language, description, images, canonical URL, breadcrumbs) from what the
page declares, then from what it shows.

Sources, in order: the JSON-LD article object (``NewsArticle``... the one that names this page, else the fullest),
microdata and ``<meta>`` tags (Open Graph ``article:published_time``, ``og:image``, ``author``, ``description``,
``itemprop`` values), ``<link rel=canonical>`` and ``<html lang>``; then the DOM near the headline
(:mod:`~scrapy_boiler.parse.byline`). A declared value that cannot be right (a date that does not parse or lies in
the future, an author that is a URL) counts as missing, so the next source is read.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from typing import Any

from lxml import etree

from scrapy_boiler.document import Breadcrumb, Metadata
from scrapy_boiler.parse.byline import BYLINE_PREFIX, is_name, read_dom
from scrapy_boiler.parse.dates import normalise_date
from scrapy_boiler.parse.html import ParsedPage
from scrapy_boiler.parse.language import pick_language
from scrapy_boiler.parse.normalize import collapse_spaces, comparable, count_words, title_parts
from scrapy_boiler.parse.structured import ARTICLE_TYPES, json_ld_objects, objects_by_id, type_names
from scrapy_boiler.parse.urls import host_of, join_url

_PUBLISHED = ("article:published_time", "og:article:published_time", "datepublished", "article.published",
              "publishdate", "publish-date", "publish_date", "pubdate", "published_time", "dc.date.issued",
              "dcterms.issued", "dc.date", "dcterms.date", "date", "sailthru.date", "parsely-pub-date",
              "cxenseparse:recs:publishtime", "og:published_time", "datecreated", "article:published")
_MODIFIED = ("article:modified_time", "og:updated_time", "datemodified", "dcterms.modified", "article.updated",
             "og:modified_time", "last-modified", "article:modified")
_AUTHORS = ("author", "article:author", "dc.creator", "dcterms.creator", "parsely-author", "sailthru.author", "byl",
            "cxenseparse:author", "og:article:author", "article:author_name")
_DESCRIPTIONS = ("description", "og:description", "twitter:description", "dc.description")
_IMAGES = ("og:image", "og:image:url", "og:image:secure_url", "twitter:image", "twitter:image:src", "thumbnailurl")
_LANGUAGES = ("og:locale", "dc.language", "language", "inlanguage")
#: Page types whose dates and language stand in for the article's when no article object is declared.
_PAGE_TYPES = frozenset({"webpage", "itempage"})
_CONNECTORS = re.compile(r"\s*(?:,|;|\s&\s|\s+(?:and|und|og|och|y|et|e|en)\s+)\s*", re.IGNORECASE)
_URLISH = re.compile(r"^(?:https?:)?//|^www\.|\.(?:com|org|net|de)/", re.IGNORECASE)


def read_metadata(page: ParsedPage, text: str = "", shown_headline: str = "") -> Metadata:
    """The page's :class:`~scrapy_boiler.Metadata`, except the body images and the probability (the assembly adds
    them: ``probability`` is 1.0 here when the JSON-LD declares an article, else None); ``text`` is the extracted
    article text, for the language guess; ``shown_headline`` the heading the page shows above it, if known."""
    objects = json_ld_objects(page.json_ld) if page.json_ld else []
    article = _article_object(objects, page)
    by_id = objects_by_id(objects)
    pages = [node for node in objects if type_names(node) & _PAGE_TYPES]
    meta = page.meta
    base = page.url or ""

    published_raw, published = _first_date([_get(article, "datePublished"), _get(article, "dateCreated"),
                                            *(_get(node, "datePublished") for node in pages),
                                            *(meta.get(key) for key in _PUBLISHED)])
    modified_raw, modified = _first_date([_get(article, "dateModified"),
                                          *(_get(node, "dateModified") for node in pages),
                                          *(meta.get(key) for key in _MODIFIED)])
    authors = author_names(_get(article, "author") or _get(article, "creator"), by_id)
    if not authors:
        keys = [*_AUTHORS, *(key for key in meta if "author" in key and key not in _AUTHORS)]
        authors = next((found for key in keys if meta.get(key) and (found := author_names(meta[key], by_id))), [])
    house = _is_house(authors, meta.get("og:site_name"), page.url)
    crumbs = _json_ld_crumbs(objects, by_id)
    need_dom = not authors or house or published is None or not crumbs
    dom = read_dom(page.root, authors=not authors or house, date=published is None, breadcrumbs=not crumbs) \
        if need_dom else None
    language = pick_language([_language(_get(article, "inLanguage")), *(_language(_get(node, "inLanguage"))
                              for node in pages), page.lang, *(meta.get(key) for key in _LANGUAGES)], text)
    if dom is not None:
        authors = dom.authors if dom.authors and (house or not authors) else authors
        if published is None and dom.date:
            published_raw, published = dom.date, normalise_date(dom.date)
            published_raw = published_raw if published else None
        if not crumbs:
            crumbs = [Breadcrumb(name, join_url(base, url) if url else None) for name, url in dom.breadcrumbs]
    canonical = page.links.get("canonical") or _url(_get(article, "url")) or meta.get("og:url")
    canonical_url = join_url(base, canonical) if canonical else None
    return Metadata(
        headline=_headline(_get(article, "headline"), meta, (page.url, canonical_url), shown_headline,
                           shows=lambda: _shows(page, shown_headline)),
        canonical_url=canonical_url,
        date_published=published,
        date_published_raw=published_raw,
        date_modified=modified,
        date_modified_raw=modified_raw,
        authors=tuple(authors),
        language=language,
        description=_text(_get(article, "description")) or _first_text(meta, _DESCRIPTIONS),
        main_image=_image(_get(article, "image"), base) or _image(_first_text(meta, _IMAGES), base),
        breadcrumbs=tuple(crumbs),
        probability=1.0 if article else None,  # declared an article; the assembly weighs it with the page typing
    )


def _headline(declared: Any, meta: dict[str, str], urls: tuple[str | None, ...] = (), shown: str = "", *,
              shows: Callable[[], bool] = lambda: False) -> str | None:
    """JSON-LD ``headline`` (entities decoded: some CMSs escape it twice) unless cut short with an ellipsis, else
    ``og:title``; without a trailing site name (``og:site_name``, or the host of the page's URL or canonical URL,
    e.g. "- Golem.de"). A JSON-LD headline that only puts a kicker before the headline both shown and shared
    ("«Kicker»: Headline" where the ``<h1>`` and ``og:title`` say "Headline") gives way to that headline. One cut
    short whose words the shown heading starts with gives way to that heading: the headline it was cut from. Without
    a JSON-LD headline, an ``og:title`` that opens with the heading shown (``shows``: an element of the page reads
    it, not only the title) gives that heading, the rest being the site's or board's name; so does one holding the
    heading with less around it (an issue's number and project)."""
    site = collapse_spaces(meta.get("og:site_name") or "")
    hosts = frozenset().union(*(_host_names(url) for url in urls))
    text = html.unescape(collapse_spaces(declared)) if isinstance(declared, str) else ""
    title = html.unescape(collapse_spaces(meta.get("og:title") or meta.get("twitter:title") or ""))
    shared = _without_site(title, site, guess=True, hosts=hosts)
    if text.endswith(("...", "…")) and _completes(shown, text):
        return collapse_spaces(shown)
    if text and not text.endswith(("...", "…")):
        text = _without_site(text, site, guess=False, hosts=hosts)
        if _describes(text, shared, shown):
            return collapse_spaces(shown)
        return shared if _only_adds_a_kicker(text, shared, shown) else text
    if shared and shown and comparable(shared) != comparable(shown) \
            and (_opens(shown, shared) or _holds(shown, shared)) and shows():
        return collapse_spaces(shown)
    return shared or text or None


def _opens(shown: str, shared: str) -> bool:
    """Whether the heading shown is the first piece of ``og:title`` ("Concurrency | Laravel 12.x - The clean stack
    for Artisans and agents", "Crash to desktop after patch 1.4 :: General Discussions")."""
    pieces = title_parts(shared)
    return len(pieces) > 1 and comparable(pieces[0]) == comparable(shown)


#: Words a heading shown needs before an ``og:title`` holding it is read as that heading with additions.
_HELD_WORDS = 3


def _holds(shown: str, shared: str) -> bool:
    """Whether ``og:title`` holds the heading shown whole, with fewer characters around it than in it: an issue
    tracker adds the issue's number and the project's names ("... (#2418) · Issues · group / project", "1941287 -
    ...", "Bug #2098413 “...” : Bugs : package")."""
    heading, title = comparable(shown), comparable(shared)
    if count_words(shown) < _HELD_WORDS or f" {heading} " not in f" {title} " or 2 * len(heading) < len(title):
        return False
    found = re.search(r"\W*".join(map(re.escape, heading.split())), shared, re.IGNORECASE)
    if found is None:
        return False
    after = shared[found.end():].lstrip(_CLOSING)
    return not after or _SEPARATED.match(after) is not None


#: Marks that close a heading quoted or asked in a title ("Bug #2098 “...” : Bugs", "...？ @board").
_CLOSING = "\"'”’»)]】」』?？!！.。"
#: What follows a heading inside a title before the site's or project's part: a spaced mark (" · Issues", " (#24)",
#: " @board"). Not an unspaced colon: "Kingdom Of Style: Stud Love" names a blog (its banner, shown in an ``<h1>``)
#: and then the post.
_SEPARATED = re.compile(r"\s+[^\w\s]")


#: Levels above a text holding a headline's first word searched for the element that reads the whole headline.
_SHOWN_LEVELS = 3
_TEXTS_WITH = etree.XPath("//body//text()[contains(., $word)]")


def _shows(page: ParsedPage, shown: str) -> bool:
    """Whether an element of the page's body reads ``shown`` whole (not only a piece of the title the assembly fell
    back to: a forum's "C64 black screen after recap – where to start?" shows no heading of that first piece)."""
    wanted = comparable(shown)
    if not wanted:
        return False
    for text in _TEXTS_WITH(page.root, word=shown.split()[0]):
        element = text.getparent()
        for _ in range(_SHOWN_LEVELS):
            if element is None:
                break
            if comparable(" ".join("".join(element.itertext()).split())) == wanted:
                return True
            element = element.getparent()
    return False


def _only_adds_a_kicker(declared: str, shared: str, shown: str) -> bool:
    """Whether ``declared`` is ``shared`` with words put before it, and the page shows ``shared`` as its heading."""
    declared, shared = comparable(declared), comparable(shared)
    return bool(shared) and comparable(shown) == shared and declared.endswith(" " + shared)


def _describes(declared: str, shared: str, shown: str) -> bool:
    """Whether ``declared`` shares no word with the heading the page shows, which ``shared`` (``og:title``) starts
    with: a description declared as the headline (Wikipedia's JSON-LD carries the article's short description
    there, its ``og:title`` is "Hedge laying - Wikipedia")."""
    heading, title = comparable(shown), comparable(shared)
    words = set(heading.split())
    return (bool(words) and f"{title} ".startswith(f"{heading} ")
            and not words & set(comparable(declared).split()))


def _completes(shown: str, cut: str) -> bool:
    """Whether ``shown`` starts with the words of ``cut``, a headline cut short with an ellipsis (possibly in a word),
    at least four of them: a few words would match other headings by chance."""
    head = comparable(cut.rstrip(".… "))
    return len(head.split()) >= 4 and comparable(shown).startswith(head)


def _host_names(url: str | None) -> frozenset[str]:
    """How a site's name may be written from its host: ``golem.de`` and ``golem`` for ``https://www.golem.de/x``."""
    host = host_of(url)
    host = host.removeprefix("www.")
    return frozenset({host, host.split(".")[0]} - {""}) if "." in host else frozenset()


def _without_site(title: str, site: str, *, guess: bool, hosts: frozenset[str] = frozenset()) -> str:
    """``title`` without " - Site name" at its end: the ``og:site_name``, the host's name or (``guess``) a short
    last piece."""
    for separator in (" - ", " | ", " – ", " — ", " · ", " * ", " :: "):
        head, _, tail = title.rpartition(separator)
        if head and ((site and tail.lower() == site.lower()) or tail.replace(" ", "").lower() in hosts
                     or (guess and not site and len(tail.split()) <= 3 < len(head.split()))):
            return head
    return title


def _article_object(objects: list[dict[str, Any]], page: ParsedPage) -> dict[str, Any]:
    """The JSON-LD object of this page's article: among the article-typed ones, the one whose URL is the page's,
    else the one declaring most of headline, date and author (a page may list related articles too)."""
    own = {page.url, page.links.get("canonical"), page.meta.get("og:url")} - {None, ""}
    best: dict[str, Any] = {}
    best_score = -1
    for node in objects:
        if not type_names(node) & ARTICLE_TYPES:
            continue
        score = sum(2 for key in ("headline", "datePublished", "author") if node.get(key))
        urls = {_url(node.get("url")), _url(node.get("mainEntityOfPage"))}
        score += 5 if urls & own else 0
        if score > best_score:
            best, best_score = node, score
    return best


def _get(node: dict[str, Any], key: str) -> Any:
    return node.get(key) if node else None


def _first_date(candidates: list[Any]) -> tuple[str | None, str | None]:
    """(raw, ISO) of the first candidate that reads as a plausible date."""
    for raw in candidates:
        if isinstance(raw, list) and raw:
            raw = raw[0]
        if isinstance(raw, str) and raw.strip():
            value = normalise_date(raw)
            if value is not None:
                return raw.strip(), value
    return None, None


def author_names(value: Any, by_id: dict[str, dict[str, Any]]) -> list[str]:
    """Person (or organisation) names of a JSON-LD ``author`` or a ``<meta name=author>``: strings, objects with a
    ``name``, references to the graph's objects by ``@id``, lists of these; URLs and handles are left out."""
    out: list[str] = []
    for item in value if isinstance(value, list) else [value]:
        if isinstance(item, dict):
            if "name" not in item and isinstance(item.get("@id"), str):
                item = by_id.get(item["@id"], item)
            name = item.get("name")
            raw = " ".join(n for n in name if isinstance(n, str)) if isinstance(name, list) else name
        else:
            raw = item
        if not isinstance(raw, str):
            continue
        for name in _split_names(raw):
            if name.lower() not in {n.lower() for n in out}:
                out.append(name)
    return out


def _is_house(authors: list[str], site_name: str | None, url: str | None) -> bool:
    """Whether the declared author is the publication itself (its ``og:site_name`` or its domain), which news
    sites declare when the byline names the journalist."""
    if len(authors) != 1:
        return False
    name = authors[0].lower().replace(" ", "")
    host = host_of(url)
    return bool(name) and (name == (site_name or "").lower().replace(" ", "") or f".{name}." in f".{host}")


def _split_names(raw: str) -> list[str]:
    text = BYLINE_PREFIX.sub("", collapse_spaces(raw))
    if not text or _URLISH.search(text) or text.startswith("@") or not re.search(r"[^\W\d_]", text):
        return []
    parts = [part.strip() for part in _CONNECTORS.split(text) if part.strip()]
    if len(parts) > 1 and all(is_name(part) for part in parts):
        return parts
    return [text] if len(text.split()) <= 8 else []


def _json_ld_crumbs(objects: list[dict[str, Any]], by_id: dict[str, dict[str, Any]]) -> list[Breadcrumb]:
    for node in objects:
        if "breadcrumblist" not in type_names(node):
            continue
        items = node.get("itemListElement")
        entries = [item for item in (items if isinstance(items, list) else [items]) if isinstance(item, dict)]
        entries.sort(key=lambda item: item.get("position") if isinstance(item.get("position"), int) else 0)
        crumbs = []
        for entry in entries:
            target = entry.get("item")
            if isinstance(target, dict) and "name" not in target and isinstance(target.get("@id"), str):
                target = by_id.get(target["@id"], target)
            name = entry.get("name") or (target.get("name") if isinstance(target, dict) else None)
            url = target if isinstance(target, str) else _url(target)
            if isinstance(name, str) and name.strip():
                crumbs.append(Breadcrumb(collapse_spaces(name), url if isinstance(url, str) else None))
        if crumbs:
            return crumbs
    return []


def _url(value: Any) -> str | None:
    if isinstance(value, list):
        value = value[0] if value else None
    if isinstance(value, dict):
        value = value.get("url") or value.get("contentUrl") or value.get("@id")
    return value.strip() if isinstance(value, str) and value.strip() else None


def _image(value: Any, base: str) -> str | None:
    url = _url(value)
    return join_url(base, url) if url and not url.startswith("data:") else None


def _text(value: Any) -> str | None:
    if isinstance(value, list):
        value = next((item for item in value if isinstance(item, str)), None)
    return collapse_spaces(value) or None if isinstance(value, str) else None


def _first_text(meta: dict[str, str], keys: tuple[str, ...]) -> str | None:
    return next((collapse_spaces(meta[key]) for key in keys if meta.get(key)), None)


def _language(value: Any) -> str | None:
    if isinstance(value, dict):
        value = value.get("alternateName") or value.get("name")
    return value if isinstance(value, str) else None
