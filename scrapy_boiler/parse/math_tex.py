"""Formulas a page typesets from TeX: their source is their text.

MathJax 2 keeps each formula's TeX in a ``<script type="math/tex">`` beside the glyphs it draws, which are hidden
from screen readers (``aria-hidden``) and come with a MathML copy for them: a page saved after MathJax ran (Math
Stack Exchange, a physics blog) shows its formulas nowhere in its text once scripts and hidden elements go. The TeX
source, written ``$...$`` inline and ``$$...$$`` on a line of its own, is what the page served to a crawler reads.
"""

from __future__ import annotations

from lxml import etree

#: What a page holds when it keeps formulas so; looked for in its text before any element is read.
MARK = "math/tex"


def show_tex_sources(root: etree._Element) -> None:
    """Replace each ``<script type="math/tex">`` with an element showing its TeX: a ``<span>`` reading ``$tex$``, or
    a ``<div>`` reading ``$$tex$$`` for a displayed formula (``mode=display``)."""
    for script in list(root.iter("script")):
        kind = (script.get("type") or "").lower()
        if not kind.startswith(MARK):
            continue
        tex = (script.text or "").strip()
        shown = etree.Element("div" if "mode=display" in kind.replace(" ", "") else "span")
        shown.text = (f"$${tex}$$" if shown.tag == "div" else f"${tex}$") if tex else ""
        shown.tail = script.tail
        parent = script.getparent()
        if parent is not None:
            parent.replace(script, shown)
