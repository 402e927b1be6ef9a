"""A comment section's heading: "29 Responses to “Title”", "Comments (15)", "12 Kommentare".

Under an article, the page announces its comment thread with a heading in the reader's language. Most sites also
name the comments' containers so (``li.comment``), and the page typing reads those names; this reads the words the
page shows instead, for the sites whose names say nothing (hashed CSS-in-JS names, a plugin's ``div.jomentry``).

A heading counts when it is one of the nearest few texts above the thread's first member, stands alone (a heading
element, or a block whose whole text it is: "| 1 Comment" at the end of a byline is a count, not a heading), and is
no link (a "15 comments" link beside a byline points to the comments; it does not head them).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from lxml import etree

from scrapy_boiler.parse.normalize import collapse_spaces, comparable
from scrapy_boiler.segment.blocks import HEADING_TAGS, INLINE_TAGS
from scrapy_boiler.segment.semantics import in_link

#: How many of the nearest non-blank texts above the first comment are read (a heading may be followed by a sort
#: menu, a count or a "subscribe" line).
NEAREST_TEXTS = 5
#: Longer texts are no heading ("Responses to" plus the title fits).
MAX_HEADING_WORDS = 25

_COMMENT_WORD = (r"(?:comments?|responses?|kommentare?|leserkommentare|kommentarer|commentaires?|comentarios?"
                 r"|coment[aá]rios|commenti|reacties|r[ée]actions|komentarze|komentáře|kommentit|комментари[иейя]"
                 r"|yorumlar)")
#: ``comparable`` text (lower case, punctuation as spaces) of a comment section's heading: a count and the word, or
#: the word and a count ("comments 15", from "Comments (15)"; not 0: what follows is something else), optionally
#: "to/on <the title>"; "12 thoughts on <title>", "12 thoughts" and "29 replies to <title>" (WordPress themes). Not a
#: comment form's heading ("Leave a Reply"): the form mostly comes after the comments, and what follows it is the
#: sidebar.
COMMENTS_HEADING = re.compile(
    rf"^(?:(?:0*[1-9]\d*|one)\s+)?(?:(?:reader|readers|user|your)\s+)?{_COMMENT_WORD}(?:\s+0*[1-9]\d*)?"
    r"(?:\s+(?:to|on|for|zu|zum|zur|sur|à|a|para|per|op|do|til|på)\s.*)?$"
    r"|^(?:0*[1-9]\d*|one)\s+(?:thoughts?|repl(?:y|ies))\s+(?:to|on)\s.*$"
    r"|^(?:0*[1-9]\d*|one)\s+thoughts?$",
)


def introduced_as_comments(first: etree._Element) -> bool:
    """Whether a comment section's heading (:data:`COMMENTS_HEADING`) is among the nearest texts above ``first``."""
    seen: set[etree._Element] = set()
    for count, (_, holder) in enumerate(_texts_before(first)):
        if count == NEAREST_TEXTS:
            break
        if in_link(holder):
            continue
        heading = _standing_alone(holder)
        if heading in seen:
            continue
        seen.add(heading)
        shown = _short_text(heading)
        if shown is not None and COMMENTS_HEADING.match(comparable(shown)):
            return True
    return False


def _short_text(element: etree._Element) -> str | None:
    """The text of ``element``, or None when it runs over :data:`MAX_HEADING_WORDS` (read no further then: the
    holder of a text may be a long article's container)."""
    pieces: list[str] = []
    words = 0
    for piece in element.itertext():
        words += len(piece.split())
        if words > MAX_HEADING_WORDS:
            return None
        pieces.append(piece)
    return collapse_spaces("".join(pieces))


def _texts_before(first: etree._Element) -> Iterator[tuple[str, etree._Element]]:
    """The non-blank texts before ``first`` in the document, nearest first, each with the element it sits in (walked
    lazily and without recursion: only the few nearest are read, however long or deep the page above)."""
    node = first
    while (parent := node.getparent()) is not None:
        yield from _texts_within(parent, node.itersiblings(preceding=True))
        node = parent


def _texts_within(element: etree._Element, children: Iterator[etree._Element]) -> Iterator[tuple[str, etree._Element]]:
    """The non-blank texts inside ``element`` from ``children`` (its children, last first) back to its own text."""
    stack = [(element, children)]
    while stack:
        current, rest = stack[-1]
        child = next(rest, None)
        if child is None:
            stack.pop()
            if current.text and current.text.strip():
                yield current.text, current
            continue
        if child.tail and child.tail.strip():
            yield child.tail, current
        if isinstance(child.tag, str):
            stack.append((child, reversed(child)))


def _standing_alone(holder: etree._Element) -> etree._Element:
    """The element whose whole text is read as the heading: the heading element around ``holder``, else the nearest
    block around it (``holder`` itself unless it is inline, as the segmentation's
    :data:`~scrapy_boiler.segment.blocks.INLINE_TAGS` say: a text in one stands alone only if its block says nothing
    else)."""
    for el in (holder, *holder.iterancestors()):
        if el.tag in HEADING_TAGS:
            return el
    block = holder
    while block.tag in INLINE_TAGS and (parent := block.getparent()) is not None:
        block = parent
    return block
