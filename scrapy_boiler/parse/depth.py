"""Keep absurdly deep pages parseable: flatten nesting beyond a depth, keeping every word.

Deep pages are mostly broken ones: thousands of unclosed ``<font>`` or ``<div>`` tags nest everything after
them. libxml2 gives up at 2048 levels and silently drops the rest of the page, so such markup is first
flattened textually (:func:`flatten_markup`); a parsed tree deeper than the limit has its deepest subtrees
collapsed into their text (:func:`flatten_tree`).
"""

from __future__ import annotations

import re

from lxml import etree

_TAG = re.compile(r"<(/?)([a-zA-Z][^\s/>]*)[^>]*>")
_HIDDEN_RAW = re.compile(r"<!--.*?-->|<(script|style)\b.*?</\1\s*>", re.IGNORECASE | re.DOTALL)
VOID_TAGS = frozenset(
    {"area", "base", "br", "col", "embed", "hr", "img", "input", "keygen", "link", "meta", "param", "source",
     "track", "wbr"}
)
#: Inline tags whose removal must not put a space between words.
_INLINE_TAGS = frozenset(
    {"a", "abbr", "b", "bdi", "bdo", "big", "cite", "code", "em", "font", "i", "kbd", "mark", "q", "s", "small",
     "span", "strike", "strong", "sub", "sup", "tt", "u", "var"}
)


def flatten_markup(text: str, max_depth: int) -> str:
    """``text`` without the tags that would open element number ``max_depth + 1`` or deeper on a path.

    Depth is counted the simple way (every non-void start tag opens, every end tag closes), which
    over-counts pages that leave ``<p>`` or ``<li>`` open; it only runs on pages the parser refused.
    Scripts, styles and comments are removed first: their ``<`` are not tags.
    """
    text = _HIDDEN_RAW.sub(" ", text)
    out: list[str] = []
    depth = 0
    last = 0
    for match in _TAG.finditer(text):
        closing, name = match.group(1), match.group(2).lower()
        if name in VOID_TAGS or match.group().endswith("/>"):
            continue
        if closing:
            drop = depth > max_depth
            depth = max(0, depth - 1)
        else:
            depth += 1
            drop = depth > max_depth
        if drop:
            out.append(text[last:match.start()])
            out.append("" if name in _INLINE_TAGS else " ")
            last = match.end()
    out.append(text[last:])
    return "".join(out)


def flatten_tree(root: etree._Element, max_depth: int) -> bool:
    """Replace the children of every element at depth ``max_depth`` by their text; True if any was."""
    deepest = root.xpath("/*" + "/*" * (max_depth - 1) + "[*]")
    for element in deepest:
        text = "".join(element.itertext())
        for child in list(element):
            element.remove(child)
        element.text = text
    return bool(deepest)
