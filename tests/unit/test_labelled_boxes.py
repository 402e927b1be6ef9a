"""Boxes side by side, each a short label over a list, set between the body's paragraphs, are the body's."""

from __future__ import annotations

from scrapy_boiler.extractors.blend.labelled_boxes import is_labelled_list, labelled_boxes
from scrapy_boiler.parse.html import parse_html
from scrapy_boiler.segment.blocks import annotate, segment

_TREATS = ("There are some things you can do to ease the symptoms and help the skin heal over the next weeks.")
_DO = ('<div class="nhsuk-do-dont-list"><h3 class="nhsuk-do-dont-list__label">Do</h3><ul role="list">'
       "<li>keep your whole body warm, including your hands and feet</li>"
       "<li>wear warm gloves and thick socks</li></ul></div>")
_DONT = ('<div class="nhsuk-do-dont-list"><h3 class="nhsuk-do-dont-list__label">Don’t</h3><ul role="list">'
         "<li>do not scratch the affected skin</li><li>do not smoke, it affects your circulation</li></ul></div>")
_NEXT = ("<section><h2>A pharmacist can help</h2><p>You can ask a pharmacist about creams and lotions that stop "
         "the itching, and about dressings that protect broken skin.</p></section>")


def _kept(body: str) -> list[str]:
    """The blocks content after :func:`labelled_boxes`, where the trees kept the body's headings and paragraphs
    (``h2`` and ``p`` not inside a ``div``)."""
    root = parse_html(f"<html><body><article>{body}</article><footer><p>Page last reviewed: 12 March 2025. Next "
                      "review due: 12 March 2028.</p></footer></body></html>").root
    blocks = segment(root).blocks
    annotate(blocks)
    for block in blocks:
        block.is_content = block.element.tag in ("h2", "p") and not any(
            el.tag in ("div", "footer") for el in block.element.iterancestors())
    labelled_boxes(blocks, "blend")
    return [block.text for block in blocks if block.is_content]


def test_do_and_dont_lists_side_by_side_between_a_paragraph_and_the_next_section_are_body():
    """The NHS's "Do" and "Don't" boxes follow a paragraph and end their section: the next section's heading frames
    them, and both boxes, labels and items, are kept."""
    kept = _kept(f"<section><h2>How you can treat chilblains yourself</h2><p>{_TREATS}</p>{_DO}{_DONT}</section>"
                 f"{_NEXT}")
    for line in ("Do", "keep your whole body warm, including your hands and feet", "Don’t",
                 "do not smoke, it affects your circulation", "A pharmacist can help"):
        assert line in kept
    assert not any(line.startswith("Page last reviewed") for line in kept)


def test_pros_and_cons_columns_past_an_advert_are_body_but_one_box_of_highlights_is_not():
    """Investopedia's "Pros" and "Cons" columns fill a box of their own, and an advert's slot between it and the next
    heading is passed over; one labelled list alone between paragraphs is a summary ("STORY HIGHLIGHTS", "Key
    Takeaways"), which articles' bodies leave out."""
    columns = ('<div class="pros-cons"><div class="pros"><div class="label">Pros</div><ul><li>Lower default risk'
               '</li><li>Lower borrowing costs</li></ul></div><div class="cons"><div class="label">Cons</div><ul>'
               "<li>Bonds may be called early</li><li>Capped upside</li></ul></div></div>")
    highlights = ('<div class="highlights"><h3>Key Takeaways</h3><div><ul><li>A sinking fund repays debt early</li>'
                  "<li>It lowers default risk</li></ul></div></div>")
    advert = '<div class="ad-slot"><div>Advertisement</div></div>'
    kept = _kept("<h2>Advantages and disadvantages</h2><p>Sinking funds shift the balance between borrower and "
                 f"lender, and both sides give something up.</p>{columns}{advert}<h2>Personal sinking funds</h2>"
                 f"<p>Households borrow the idea to avoid being caught off guard by irregular bills.</p>{highlights}"
                 "<p>On a balance sheet, money held in a sinking fund is usually a long-term asset.</p>")
    for line in ("Pros", "Lower default risk", "Cons", "Capped upside"):
        assert line in kept
    assert "Advertisement" not in kept and "Key Takeaways" not in kept and "It lowers default risk" not in kept


def test_linked_boxes_forms_and_boxes_after_the_body_stay_out():
    """Labels over links to other stories, labelled lists beside a newsletter's form, and labelled lists after the
    body's last paragraph (a sidebar's facts, the footer after them) are no part of the body."""
    related = ('<div class="related"><h3>More on health</h3><ul><li><a href="/a">Treating frostbite at home</a></li>'
               '<li><a href="/b">Raynaud’s phenomenon</a></li></ul></div>')
    signup = ('<div class="box"><h3>Daily tips</h3><ul><li>Every morning</li><li>Free</li></ul><form><input '
              'type="email"></form></div>')
    facts = ('<div class="facts"><h3>Fast facts</h3><ul><li>Most common in winter</li><li>Heals in 1 to 2 weeks'
             "</li></ul></div>")
    kept = _kept(f"<p>{_TREATS}</p>{related}{related}<p>Most chilblains heal on their own within one to two weeks."
                 f"</p>{signup}{signup}<p>See a GP if the symptoms are severe or do not improve after two weeks.</p>"
                 f"{facts}{facts}")
    assert kept == [_TREATS, "Most chilblains heal on their own within one to two weeks.",
                    "See a GP if the symptoms are severe or do not improve after two weeks."]


def test_a_box_is_a_label_and_one_list_alone():
    """The shape: a label of a few words and one list of two items or more (perhaps in a wrapper), nothing else with
    text beside them."""
    def box(html: str) -> bool:
        return is_labelled_list(parse_html(f"<html><body>{html}</body></html>").root.find(".//div"))

    assert box('<div><div class="title">Don’t</div><div><ul><li>One point</li><li>Another</li></ul></div></div>')
    assert not box("<div><h3>Do</h3><ul><li>One point</li></ul></div>")  # one item
    assert not box("<div><h3>A label much too long to be a label</h3><ul><li>a</li><li>b</li></ul></div>")
    assert not box("<div><h3>Read also</h3><ul><li>a</li><li>b</li></ul></div>")
    assert not box("<div><h3>Steps</h3><ul><li>a</li><li>b</li></ul><p>And a closing line.</p></div>")
    assert not box("<div><h3>Note</h3><div><p>Keep the receipt.</p></div></div>")  # a note, no list


def test_a_note_named_so_between_body_blocks_is_body():
    """Sphinx's admonition, Docusaurus' and Ghost's callout, Chip's hint between the body's paragraphs are the
    writer's notes; a box so named at the page's top (a site-wide alert, nothing before it), one holding a form, an
    advert named a callout, one whose lines the trees scored as no text (a firm's call to action) and one headed by a
    question to the reader ("Have You Been Sued by a Hospital? Help Us Report.") stay out."""
    from scrapy_boiler.extractors.blend.labelled_boxes import named_notes

    note = ('<div class="admonition warning"><p class="admonition-title">Warning</p><p>Do not retry operations that '
            "are not idempotent: a payment may be taken twice.</p></div>")
    callout = ('<div class="theme-admonition theme-admonition-tip"><div class="admonitionHeading_Gvgb">tip</div>'
               '<div class="admonitionContent_BuS1"><p>Set a maximum delay so that backoff stays bounded.</p></div>'
               "</div>")
    hint = ('<div class="InfoBox InfoBox--hint"><div class="InfoBox__Content"><p><strong>Hinweis:</strong> Keine '
            "Treiber deaktivieren.</p></div></div>")
    alert = '<div class="alert alert-info"><p>Version 3.0 is out: see what changed in the release notes.</p></div>'
    signup = ('<div class="callout"><p>Get the release notes by e-mail every month.</p><form><input type="email">'
              "</form></div>")
    advert = '<div class="ad-callout"><p>Try Quarrel Cloud free for thirty days, no card needed.</p></div>'
    pitch = '<div class="callout"><p>Questions about your contract? We check it within a day.</p></div>'
    asking = ('<div class="callout"><h3>Have You Been Sued by a Hospital? Help Us Report.</h3><p>We are looking into '
              "how hospitals collect from patients.</p></div>")
    body = ("<p>A retry policy describes how a failed job is retried, and how long the worker waits in between.</p>"
            f"{note}<p>Each attempt counts as a new delivery of the job to the worker.</p>{callout}"
            f"<p>The default policy retries three times with an exponential backoff.</p>{hint}"
            f"<p>A retry waits at least a second, however short the backoff says.</p>{signup}"
            f"<p>A policy may give up early on errors that no retry can mend.</p>{advert}"
            f"<p>Policies are immutable and can be shared between tasks.</p>{pitch}"
            f"<p>A job that gives up is moved to the dead letters.</p>{asking}"
            "<p>The dead letters can be replayed once the cause is mended.</p>")
    root = parse_html(f"<html><body>{alert}<article>{body}</article></body></html>").root
    blocks = segment(root).blocks
    annotate(blocks)
    for block in blocks:
        block.is_content = block.element.getparent().tag == "article"
        block.score = 0.9 if block.is_content else 0.05 if block.text.startswith("Questions about") else 0.3
    named_notes(blocks, "blend")
    kept = [block.text for block in blocks if block.is_content]
    assert "Warning" in kept and "Set a maximum delay so that backoff stays bounded." in kept
    assert any(line.endswith("Keine Treiber deaktivieren.") for line in kept)
    assert not any(line.startswith(("Version 3.0", "Get the release", "Try Quarrel", "Questions about", "Have You",
                                    "We are looking")) for line in kept)
