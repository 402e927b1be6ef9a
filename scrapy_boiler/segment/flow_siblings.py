"""The rest of a post's text beside the paragraph its body was found in.

Where most posts of a thread are one paragraph each (``div.Message > p``), the descent to the posts' text
(:func:`~scrapy_boiler.segment.post_bodies.member_bodies`) goes on into that ``<p>``. A post that also holds a list,
code or a quotation beside its paragraph, as bare children of the same box, would keep its paragraph alone.
"""

from __future__ import annotations

from collections import Counter

from lxml import etree

from scrapy_boiler.segment.signatures import signature
from scrapy_boiler.segment.text_stats import TextStats

#: Blocks a post's text is written in, beside its paragraphs (not headings: a post's title above its text is a
#: template part where it is written).
FLOW_TAGS = frozenset({"p", "ul", "ol", "pre", "blockquote", "table", "dl"})


def with_flow_siblings(bodies: list[list[etree._Element]], path: str,
                       stats: TextStats) -> list[list[etree._Element]]:
    """``bodies`` where the body path's last step is a text block (``p``; not a body the template names, ``//``):
    each body with the text blocks beside it in its box, in page order, except those of a signature the boxes of half
    the posts show (the template's own: a bare ``<p>`` of "Reply · Quote" links under every post)."""
    above, _, step = path.rpartition("/")
    if above.endswith("/") or step.partition(".")[0].partition("#")[0] not in FLOW_TAGS or len(bodies) < 2:
        return bodies
    boxes = [els[0].getparent() if els and len({el.getparent() for el in els}) == 1 else None for els in bodies]
    shown = Counter(sig for box in boxes if box is not None
                    for sig in {signature(child) for child in box if isinstance(child.tag, str)})
    template = {sig for sig, count in shown.items() if 2 * count >= len(bodies)}
    extended = []
    for els, box in zip(bodies, boxes, strict=True):
        if box is None:
            extended.append(els)
            continue
        kept = set(els)
        extended.append([child for child in box if child in kept or (
            isinstance(child.tag, str) and child.tag in FLOW_TAGS and stats.text_words(child) > 0
            and signature(child) not in template)])
    return extended
