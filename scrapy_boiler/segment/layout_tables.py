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
    """Whether the members are rows of tables marked for layout (``role="presentation"``), or the one cell of such a
    row: an e-mail's blocks (a newsletter's last blocks, its footer, may sit in a table of their own)."""
    for member in members:
        row = member
        if member.tag in ("td", "th"):
            row = member.getparent()
            if row is None or row.tag != "tr" or len(row) != 1:
                return False
        elif member.tag != "tr":
            return False
        table = next(row.iterancestors("table"), None)
        if table is None or (table.get("role") or "").strip().lower() not in _LAYOUT_ROLES:
            return False
    return True
