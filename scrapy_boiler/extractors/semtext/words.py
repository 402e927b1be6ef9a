"""Word replacement of SemText (Zhang & Wang §III.B, §III.D): every block becomes three word strings.

* **tags** — each group-3 tag on the block's path replaced by what it means in words, after the W3C
  HTML5 element descriptions (``h1`` → "primary headline", ``div`` → "division", ``td`` → "table
  data cell");
* **classes** — each id/class name split on hyphens, underscores, dots, camel case and digits
  (digits dropped), common web abbreviations expanded (``nav`` → "navigation", ``btn`` → "button");
  a name that doesn't split into words is kept as it is;
* **text** — the block's words, lower-cased.

Stop words are removed from all three and each string is cut to ``n`` = 50 words: the text to its
first 50 words (as in the paper), the tag and class paths to their *last* 50, the part nearest the
block (the paper never saw a path longer than 50 words; ours, from deeper pages, can be).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from scrapy_boiler.extractors.semtext.scs import SCSBlock, SCSPage

#: Words kept per string (Zhang & Wang §IV.B: n = 50).
MAX_WORDS = 50
#: The word strings of a block, in the order the model reads them (Zhang & Wang §III.B).
FIELDS: tuple[str, ...] = ("tags", "classes", "text")

#: Meaning of every group-3 tag (and a few others that may appear), from the HTML5 element index.
TAG_WORDS: dict[str, str] = {
    "html": "root document", "body": "document body", "article": "article", "section": "section",
    "nav": "navigation", "aside": "aside sidebar", "h1": "primary headline", "h2": "secondary headline",
    "h3": "tertiary headline", "h4": "quaternary headline", "h5": "quinary headline", "h6": "senary headline",
    "hgroup": "heading group", "header": "header", "footer": "footer", "address": "contact address",
    "main": "main content", "p": "paragraph", "hr": "thematic break", "pre": "preformatted text",
    "blockquote": "block quotation", "ol": "ordered list", "ul": "unordered list", "menu": "menu list",
    "li": "list item", "dl": "description list", "dt": "description term", "dd": "description details",
    "figure": "figure", "figcaption": "figure caption", "div": "division", "table": "table",
    "caption": "table caption", "td": "table data cell", "th": "table header cell", "form": "form",
    "details": "disclosure details", "summary": "disclosure summary", "search": "search",
    "center": "centered block", "dir": "directory list", "listing": "preformatted listing",
    "xmp": "preformatted example", "plaintext": "plain text", "tr": "table row", "tbody": "table body",
    "thead": "table head", "tfoot": "table foot", "span": "span", "a": "hyperlink anchor",
    "font": "font", "label": "label", "noscript": "no script", "iframe": "inline frame",
}

#: Abbreviations common in class and id names, expanded to words.
ABBREVIATIONS: dict[str, str] = {
    "nav": "navigation", "navbar": "navigation bar", "btn": "button", "hdr": "header", "hd": "header",
    "ftr": "footer", "ft": "footer", "bd": "body", "img": "image", "pic": "picture", "thumb": "thumbnail",
    "msg": "message", "txt": "text", "desc": "description", "ctn": "container", "cnt": "content",
    "wrap": "wrapper", "bg": "background", "col": "column", "cols": "columns", "lg": "large", "md": "medium",
    "sm": "small", "xs": "extra small", "xl": "extra large", "auth": "author", "sec": "section",
    "para": "paragraph", "lbl": "label", "usr": "user", "pg": "page", "ad": "advertisement",
    "ads": "advertisements", "advert": "advertisement", "promo": "promotion", "tbl": "table",
    "info": "information", "cmt": "comment", "cmts": "comments", "sb": "sidebar", "lnk": "link",
    "lnks": "links", "ttl": "title", "hdln": "headline", "hl": "headline",
    "dt": "date", "tm": "time", "ts": "timestamp", "num": "number", "cat": "category", "cats": "categories",
    "soc": "social", "fb": "facebook", "tw": "twitter", "rel": "related",
    "prev": "previous", "nxt": "next", "pagin": "pagination", "pager": "pagination",
    "cont": "content", "ctr": "center", "ctrl": "control", "dd": "dropdown",
    "dropdn": "dropdown", "mnu": "menu", "lst": "list", "itm": "item", "li": "list item",
    "ul": "list", "h": "heading", "fn": "function", "js": "javascript", "ui": "user interface",
    "av": "avatar", "avt": "avatar", "sig": "signature", "topnav": "top navigation",
    "subnav": "sub navigation", "breadcrumb": "breadcrumb", "breadcrumbs": "breadcrumbs",
}

#: English stop words (articles, pronouns, auxiliaries, prepositions, conjunctions).
STOP_WORDS: frozenset[str] = frozenset(
    {
        "a", "about", "above", "after", "again", "against", "all", "am", "an", "and", "any", "are", "as",
        "at", "be", "because", "been", "before", "being", "below", "between", "both", "but", "by", "can",
        "could", "did", "do", "does", "doing", "down", "during", "each", "few", "for", "from", "further",
        "had", "has", "have", "having", "he", "her", "here", "hers", "herself", "him", "himself", "his",
        "how", "i", "if", "in", "into", "is", "it", "its", "itself", "just", "me", "more", "most", "my",
        "myself", "no", "nor", "not", "now", "of", "off", "on", "once", "only", "or", "other", "our",
        "ours", "ourselves", "out", "over", "own", "same", "she", "should", "so", "some", "such", "than",
        "that", "the", "their", "theirs", "them", "themselves", "then", "there", "these", "they", "this",
        "those", "through", "to", "too", "under", "until", "up", "very", "was", "we", "were", "what",
        "when", "where", "which", "while", "who", "whom", "why", "will", "with", "would", "you", "your",
        "yours", "yourself", "yourselves", "also", "may", "might", "must", "shall", "s", "t", "d", "ll",
        "m", "o", "re", "ve", "y",
    }
)

_CAMEL = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+")
_TOKEN = re.compile(r"\w+", re.UNICODE)
_DIGITS_ONLY = re.compile(r"^\d+$")


def tag_words(tags: Iterable[str]) -> list[str]:
    """Tag path → words (unknown tags stay as their name)."""
    out: list[str] = []
    for tag in tags:
        out.extend(TAG_WORDS.get(tag, tag).split())
    return out


def split_name(name: str) -> list[str]:
    """One class/id name → lower-case words: delimiters, camel case and digits split; abbreviations expanded."""
    words: list[str] = []
    for part in re.split(r"[^A-Za-z0-9]+|\d+", name):
        if not part:
            continue
        pieces = _CAMEL.findall(part) or [part]
        for piece in pieces:
            low = piece.lower()
            words.extend(ABBREVIATIONS.get(low, low).split())
    if not words and name.strip():
        return [name.strip().lower()]  # nothing word-like: keep the name (the paper keeps such names)
    return words


def class_words(names: Iterable[str]) -> list[str]:
    """Class/id path → words."""
    out: list[str] = []
    for name in names:
        out.extend(split_name(name))
    return out


def text_words(text: str) -> list[str]:
    """Block text → lower-case word tokens."""
    return [token.lower() for token in _TOKEN.findall(text)]


def clean(words: Iterable[str], limit: int = MAX_WORDS, *, keep_last: bool = False) -> list[str]:
    """Drop stop words and pure numbers, keep the first (or last) ``limit`` words."""
    out: list[str] = []
    for word in words:
        if word in STOP_WORDS or _DIGITS_ONLY.match(word):
            continue
        out.append(word)
        if len(out) >= limit and not keep_last:
            break
    return out[-limit:] if keep_last else out


def block_strings(block: SCSBlock, limit: int = MAX_WORDS) -> tuple[list[str], list[str], list[str]]:
    """The three word strings (tags, classes, text) SemText reads for one block."""
    return (
        clean(tag_words(block.tags), limit, keep_last=True),
        clean(class_words(block.classes), limit, keep_last=True),
        clean(text_words(block.text), limit),
    )


Strings = tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]


def page_strings(page: SCSPage) -> list[Strings]:
    """The (tags, classes, text) word strings of every SCS block of a page."""
    out = []
    for block in page.blocks:
        tags, classes, text = block_strings(block)
        out.append((tuple(tags), tuple(classes), tuple(text)))
    return out
