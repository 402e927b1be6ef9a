"""Tables that lay a page out: their cells and rows hold the page's parts, not a thread's posts.

Old sites set the menu, the body and a sidebar in the cells of one table row. E-mails, and the web versions of
newsletters sent as e-mails (Mailchimp's campaign archive), stack every block of the message in the rows of tables
marked ``role="presentation"``, the ARIA role saying that a table lays things out and holds no data. Such cells or
rows repeat, and a few of them show a date (an events block), but they are no posts.
"""

from __future__ import annotations

from lxml import etree

#: ARIA roles of a table used for layout only.
_LAYOUT_ROLES = frozenset({"presentation", "none"})


def row_cells(members: list[etree._Element]) -> bool:
    """Whether the members are cells (``td``, ``th``) of one table row: a layout's columns."""
    parent = members[0].getparent()
    return parent is not None and parent.tag == "tr" and all(
        m.tag in ("td", "th") and m.getparent() is parent for m in members)


def presentation_rows(members: list[etree._Element]) -> bool:
    """Whether the members are rows of a table marked for layout (``role="presentation"``): an e-mail's blocks."""
    table = next(members[0].iterancestors("table"), None)
    return table is not None and (table.get("role") or "").strip().lower() in _LAYOUT_ROLES and all(
        m.tag == "tr" and next(m.iterancestors("table"), None) is table for m in members)
