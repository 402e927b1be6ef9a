"""Tables that lay a page out are no thread: an e-mail newsletter's rows (Mailchimp's campaign archive)."""

from __future__ import annotations

from scrapy_boiler import extract
from scrapy_boiler.extractors.threads.page_type import detect
from scrapy_boiler.parse.html import parse_html
from scrapy_boiler.segment.layout_tables import presentation_rows

BLOCKS = [
    ("Field Notes from Harbor Lane", "Moving day, poetry month, and three books we cannot stop talking about this "
     "spring at the shop."),
    ("Dear readers", "Spring arrived on Water Street the way it always does, sideways and soaked, with a week of rain "
     "and one perfect afternoon."),
    ("Events this month", "April 12, 2025 · 7 pm: a reading with three local poets in the back room, free and open to "
     "everyone who brings a chair."),
    ("Staff picks", "Every month three of us pick one book we cannot stop pressing into people's hands, and this "
     "month two of them are debuts."),
    ("A note on the book club", "Our monthly book club has outgrown the reading nook, so on April 24, 2025 we meet "
     "upstairs in the new loft."),
    ("Gift cards", "Our gift cards never expire and work at the new shop too: buy one online and we will post it "
     "the same day, wrapped."),
]


def _newsletter(role: str) -> str:
    rows = "".join(f'<tr><td class="mceBlockContainer"><div class="mceText"><h2>{title}</h2><p>{text}</p></div>'
                   "</td></tr>" for title, text in BLOCKS)
    return (f"<html><head><title>Field Notes from Harbor Lane</title></head><body><table {role} width='100%'>"
            f"<tbody>{rows}</tbody></table></body></html>")


def test_the_rows_of_a_table_marked_for_layout_are_no_posts():
    """A newsletter's web version stacks its blocks in the rows of a table marked ``role="presentation"``, two of
    them showing a date: the rows are a layout (the evidence a table layout's columns give against a thread), as the
    same rows of a table not so marked are not; the page is an article."""
    marked = detect(parse_html(_newsletter('role="presentation"')).root)
    plain = detect(parse_html(_newsletter("")).root)
    assert marked.features is not None and plain.features is not None
    assert marked.features.columns and not plain.features.columns
    assert presentation_rows(marked.group.members) and not presentation_rows(plain.group.members)
    doc = extract(_newsletter('role="presentation"'), "https://us5.campaign-archive.com/?u=abc&id=def")
    assert doc.page_type == "article" and "Our monthly book club has outgrown the reading nook" in doc.text


def _newsletter_in_tables() -> str:
    """Mailchimp's newer template: each block a cell of its own in a row of a table marked for layout, holding more
    such tables, the footer in a table of its own; every link a click-tracking one carrying the account in ``?u=``
    (read as a user's id)."""
    def layout(inner: str) -> str:
        return f'<table role="presentation"><tbody><tr class="mceRow"><td>{inner}</td></tr></tbody></table>'

    def block(n: int, title: str, text: str) -> str:
        return (f'<h2>{title}</h2><p>{text} <a href="https://x.us21.list-manage.com/track/click?u=8f3a&amp;id={n}">'
                "Read more</a></p>")

    def rows(blocks: list[tuple[str, str]]) -> str:
        return "".join(f'<tr><td class="mceLayoutContainer">{layout(block(n, *pair))}</td></tr>'
                       for n, pair in enumerate(blocks))
    return ("<html><head><title>Field Notes from Harbor Lane</title></head><body><table id='root'><tbody><tr><td>"
            f"<table role='presentation'><tbody>{rows(BLOCKS[:5])}</tbody></table>"
            f"<table role='presentation'><tbody>{rows(BLOCKS[5:])}</tbody></table>"
            "</td></tr></tbody></table></body></html>")


def test_a_newsletters_blocks_each_the_one_cell_of_a_layout_tables_row_are_its_rows():
    """A block may be taken as the one cell of its row rather than the row, and the footer's in a table of its own:
    they are a layout's rows still; cells of a table not so marked, or sharing their row, are not."""
    root = parse_html(_newsletter_in_tables()).root
    cells = root.xpath("//td[@class='mceLayoutContainer']")
    assert len(cells) == 6 and presentation_rows(cells)
    plain = parse_html(_newsletter_in_tables().replace("role='presentation'", "")).root
    assert not presentation_rows(plain.xpath("//td[@class='mceLayoutContainer']"))
    shared = parse_html("<table role='presentation'><tr><td>menu</td><td>story</td></tr></table>").root
    assert not presentation_rows(shared.xpath("//td"))
