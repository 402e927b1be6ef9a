"""Element signatures on pages whose class names are generated style hashes (CSS-in-JS, utility classes)."""

from __future__ import annotations

import hashlib
import re
from concurrent.futures import ThreadPoolExecutor

from lxml import etree

from scrapy_boiler import extract
from scrapy_boiler.segment.signatures import class_tokens, same_striped_row, signature


def _style_hash(class_names: str) -> str:
    """An emotion-style generated name for a list of class names: ``css-`` and seven base-36 characters."""
    number = int(hashlib.md5(class_names.encode()).hexdigest(), 16)
    digits = ""
    for _ in range(7):
        number, rest = divmod(number, 36)
        digits += "0123456789abcdefghijklmnopqrstuvwxyz"[rest]
    return f"css-{digits}"


def _as_generated_styles(html: bytes) -> bytes:
    """The page as a CSS-in-JS build writes it: each element's class list replaced by one hash of it."""
    return re.sub(rb'(\sclass=")([^"]*)"',
                  lambda m: m.group(1) + _style_hash(" ".join(m.group(2).decode().split())).encode() + b'"',
                  html)


def test_style_hashes_a_page_repeats_are_kept_whole():
    """``css-1dbjc4n`` and ``css-7kp13n`` name two styles, not two posts: cut at their first digit they would both
    read ``css-``; a name written once (a post's own id) is still cut."""
    rows = "".join(f'<div class="css-1dbjc4n"><p class="css-7kp13n">reply {n}</p><span class="css-9x{n}q"/></div>'
                   for n in range(3))
    root = etree.fromstring(f"<html><body>{rows}</body></html>", etree.HTMLParser())
    row, para, own = root.find("body/div"), root.find("body/div/p"), root.find("body/div/span")
    assert signature(row) == "div.css-1dbjc4n#"
    assert signature(para) == "p.css-7kp13n#"
    assert class_tokens(own) == frozenset({"css-"})


def test_a_post_id_written_on_several_elements_of_its_post_is_still_cut():
    """New reddit writes a comment's ``t1_…`` on several elements of the comment and as the id of one: the
    comments still share one signature."""
    comments = "".join(f'<div id="t1_e{n}zq"><div class="Comment t1_e{n}zq"><p class="t1_e{n}zq">text</p></div></div>'
                       for n in range(3))
    root = etree.fromstring(f"<html><body>{comments}</body></html>", etree.HTMLParser())
    signatures = {signature(el) for el in root.iter("div") if el.get("class")}
    assert signatures == {"div.Comment t#"}


def test_a_message_id_that_is_a_hash_in_capitals_is_the_posts_own():
    """HyperKitty gives each message of a thread the base32 hash of its message id as id (``QDV3BUGJ...``): a
    template's prefix is no part of it, so the messages share one signature."""
    ids = ["QDV3BUGJOFPFRPLOZNFFY7FYY6LGPF3W", "3HCFHD4QK55VBFUMKHITP73XR3BFZUYY", "PDYYQC3C6P455RYIDMMUC7UQ6QC65FHS"]
    emails = "".join(f'<div class="email unfolded" id="{ident}"><p>text</p></div>' for ident in ids)
    root = etree.fromstring(f'<html><body>{emails}<div id="POST2024"></div></body></html>', etree.HTMLParser())
    assert {signature(el) for el in root.iter("div") if el.get("class")} == {"div.email unfolded#"}
    assert signature(root.find("body/div[@id='POST2024']")) == "div.#POST"


def _hyperkitty_thread() -> str:
    """A mailing list's thread as HyperKitty shows it: the first message, then each reply in a wrapper whose class
    alternates (``even``, ``odd``), every message with the hash of its message id as id."""
    said = [("Marta", "I'd like to propose that release 2.4 requires Python 3.9 or newer, since 3.8 reached its "
                      "end of life in October and two of our dependencies have already dropped it."),
            ("Daniel", "Plus one from me. Could we make sure installs on 3.8 fail loudly at install time instead of "
                       "letting people hit a syntax error on import?"),
            ("Marta", "Yes, the project file already declares the Python it requires, so it is a one-line change "
                      "and recent versions of pip respect it."),
            ("Ingrid", "Speaking for the packaging side: one long-term-support distribution still ships 3.8, but "
                       "I don't think that should block the change."),
            ("Tomas", "Late to the thread, but is there a reason not to go straight to 3.10 and skip one round?")]
    ids = ["B662CGL2MINX6FESQ52PU3ZSS56LAB73", "QDV3BUGJOFPFRPLOZNFFY7FYY6LGPF3W", "3HCFHD4QK55VBFUMKHITP73XR3BFZUYY",
           "PDYYQC3C6P455RYIDMMUC7UQ6QC65FHS", "DNX4PT4SDZAWKLQTOM5V3UPRFAWXOQ2I"]

    def email(n: int, extra: str = "") -> str:
        who, text = said[n]
        if n == 1:  # the first reply quotes the message it answers, under the mail's attribution line
            text = (f'On Mon, Jan 6, 2025 at 10:12 AM Marta &lt;marta(a)example.org&gt; wrote:<div class="quoted-'
                    f'switch"><a href="#">...</a></div><div class="quoted-text quoted-text-0">&gt; {said[0][1]}</div>'
                    f"{text}")
        return (f'<div class="email{extra}" id="{ids[n]}"><div id="{ids[n]}" class="email-header"><div class="email-'
                f'author"><span class="name"><a href="/archives/users/{n}/">{who}</a></span></div><div class="email-'
                f'date right"><span class="date">Mon, Jan {6 + n}, 2025</span></div></div><div class="email-body">'
                f'{text}</div><div class="email-info"><a class="reply" href="#">Reply</a></div></div>')

    replies = "".join(f'<div class="{"even" if n % 2 else "odd"}" data-level="1">{email(n, " unfolded")}</div>'
                      for n in range(1, len(said)))
    return (f"<html><head><title>[RFC] Drop Python 3.8 - Hackers - lists.example.org</title></head><body><div "
            f'id="thread-content"><h3>[RFC] Drop Python 3.8</h3>{email(0, " email-first")}<div class="replies">'
            f"{replies}</div></div></body></html>")


def test_a_mailing_lists_thread_whose_messages_have_hashes_as_ids_has_them_as_posts():
    """HyperKitty's thread: the messages are the posts, in page order (before, every message's id gave it a
    signature of its own, and the page was read as an article of its first message); a reply quoting the message
    it answers has its own text, without the quotation's attribution ("On <date> Marta wrote:")."""
    doc = extract(_hyperkitty_thread(), "https://lists.example.org/archives/list/hackers@lists.example.org/thread/B6/")
    assert doc.page_type == "forum"
    assert [post.author for post in doc.posts] == ["Marta", "Daniel", "Marta", "Ingrid", "Tomas"]
    assert doc.posts[1].text.startswith("Plus one from me.")  # the quotation and its attribution line left out


def test_a_thread_built_with_generated_style_names_reads_like_its_named_original(page_bytes):
    """The CareerCup-style page with every class list replaced by a ``css-…`` hash: the question and the answers
    are those of the page as written. Before the hashes a page repeats were kept whole, every ``div`` of it had
    one signature and its answers' bylines became posts of their own."""
    url = "https://careercup.com/question?id=881"
    written = extract(page_bytes("careercup_question.html"), url)
    generated = extract(_as_generated_styles(page_bytes("careercup_question.html")), url)
    assert generated.page_type == written.page_type
    assert generated.question == written.question
    assert [post.text for post in generated.posts] == [post.text for post in written.posts]
    assert len(generated.posts) == 5


def test_pages_read_in_several_threads_keep_their_own_style_names(page_bytes):
    """The style names are cached by page: pages read at once in a crawl's threads each get theirs."""
    url = "https://careercup.com/question?id=881"
    pages = [_as_generated_styles(page_bytes("careercup_question.html")), page_bytes("careercup_question.html"),
             page_bytes("forum_thread.html"), page_bytes("qa_thread.html")] * 6
    alone = [[post.text for post in extract(page, url).posts] for page in pages[:4]]
    with ThreadPoolExecutor(4) as pool:
        together = list(pool.map(lambda page: [post.text for post in extract(page, url).posts], pages))
    assert together == alone * 6


def test_zebra_stripes_are_not_part_of_a_signature():
    # WordPress alternates its comments' classes; a class that only contains the word stays
    even = etree.fromstring('<li class="comment even thread-even depth-1" id="comment-11"/>')
    odd = etree.fromstring('<li class="comment odd alt thread-odd thread-alt depth-1" id="comment-12"/>')
    assert signature(even) == signature(odd) == "li.comment depth-#comment-"
    assert signature(etree.fromstring('<div class="altitude row_odd"/>')) == "div.altitude#"


def test_zebra_striped_rows_differing_by_one_mark_are_one_template():
    """Rows alternating ``odd``/``even`` are one template's even where one is marked first or as the owner's ("odd
    first", "me even"); rows without a stripe, or differing by more than one name, are not made alike so."""
    def tokens(names: str) -> frozenset[str]:
        return frozenset(names.split())
    assert same_striped_row(tokens("odd first"), tokens("me even"))
    assert same_striped_row(tokens("even"), tokens("odd first"))
    assert not same_striped_row(tokens("me"), tokens("first"))
    assert not same_striped_row(tokens("odd promo banner"), tokens("even"))


def test_mixed_case_hash_ids_give_one_signature():
    """A comment's id of a prefix and a base-62 hash (``comment-r6yAq9c3Bh``) is the comment's own from the hash's first
    letter; a template's prefix and number (``post24027``, ``t1_ehzpcbo``) keeps its letters."""
    def sig(markup: str) -> str:
        return signature(etree.fromstring(markup))
    assert sig('<div class="c" id="comment-r6yAq9c3Bh"/>') == sig('<div class="c" id="comment-pX41uNe8Za"/>')
    assert sig('<div class="post" id="post24027"/>') == "div.post#post"
    assert sig('<div class="thing" id="t1_ehzpcbo"/>') == "div.thing#t"
