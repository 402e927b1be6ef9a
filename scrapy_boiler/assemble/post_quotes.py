"""Quotations in a thread's posts: which elements of a post's body quote, and which quotations repeat an earlier post.

A reply that quotes an earlier post shows that post's words again; they are the earlier post's, not the reply's, and
are taken out of it (:func:`split_quotes`), with the attribution that heads them ("X wrote:", "Quote from: X on
<date>"). A quotation from elsewhere (a manual, a law, a guideline) stays: it is part of what the reply says.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from lxml import etree

from scrapy_boiler.parse.mail_quotes import WROTE, WROTE_VERB
from scrapy_boiler.parse.normalize import comparable, count_words, word_bag, word_pairs
from scrapy_boiler.segment.post_bodies import signature_elements
from scrapy_boiler.segment.post_groups import PostGroup

#: An element quoting an earlier post: ``<blockquote>`` or a container named like a quote (BBCode renderers; an
#: e-mail client's ``gmail_quote``; Higher Logic's ``hl-original-message``, the message a reply by mail quoted).
_QUOTE_NAME = re.compile(r"quote|citation|original[-_]?message", re.I)
#: Share of a quotation's pairs of consecutive words (or words, when it is short) that an earlier post must hold for it
#: to be a quote of that post.
QUOTE_CONTAINMENT = 0.6
#: A ``<blockquote>`` named like a post's text is the post itself, and so is an element named like a quote as well
#: when it holds this share of the post's text.
_POST_TEXT_NAME = re.compile(r"content|message|body|text", re.I)
WHOLE_POST_SHARE = 0.9
#: A quotation's attribution ("Quote from: X on <date>", "X wrote:", "@X said in <the thread's title>:") has at most
#: this many words.
QUOTE_HEADER_WORDS = 20


def quotes_in_bodies(group: PostGroup) -> dict[etree._Element, etree._Element]:
    """Every element inside a quotation in a post body, mapped to its outermost quotation element (a body that is
    itself a ``<blockquote>``, as on XenForo, is not a quotation)."""
    found: dict[etree._Element, etree._Element] = {}
    for bodies in group.bodies:
        for body in bodies:
            whole = -1
            for el in body.iterdescendants():
                if el in found or not isinstance(el.tag, str):
                    continue
                named = _QUOTE_NAME.search(el.get("class") or "") or _labelled_quote(el)
                if el.tag == "blockquote" or named:
                    if _POST_TEXT_NAME.search(el.get("class") or ""):
                        if whole < 0:  # the post's text, its signature aside
                            signed = set(signature_elements(body))
                            whole = _text_length(body) - sum(
                                _text_length(s) for s in signed if s.getparent() not in signed)
                        if not named or _text_length(el) >= WHOLE_POST_SHARE * whole:
                            # the post itself: vBulletin's <blockquote class="postcontent">, XenForo 1's
                            # <blockquote class="messageText SelectQuoteContainer">
                            continue
                    for inner in el.iter():
                        found[inner] = el
    for quote in dict.fromkeys(found.values()):  # in page order
        header = quote.getprevious()  # SMF's "Quote from: X on <date>" box sits before the quotation, not in it
        if header is None and quote.tag == "td" and (row := quote.getparent()) is not None:
            header = row.getprevious()  # phpBB 2: a table's row "X hat folgendes geschrieben:" over the quoted cell
        if header is not None and header.tag != "blockquote" and (found.get(header) is header or _attributes(header)) \
                and count_words(" ".join(header.itertext())) <= QUOTE_HEADER_WORDS:
            for inner in header.iter():
                found[inner] = quote
    return found


def _attributes(element: etree._Element) -> bool:
    """Whether an unnamed element before a quotation is its attribution: a line ending with a colon that links to
    the poster or the post quoted (NodeBB's "@ann said in <a>the thread's title</a>:", "<a>bo</a> wrote:"), that
    says someone wrote (jeuxvideo.com's "Le 14 mars 2025 à 21:12:04 Khey_Silicium a écrit :"), or that is a label
    alone (Ru.Board's table row "Цитата:" over the quoted cell)."""
    text = "".join(element.itertext()).strip()
    return text.endswith((":", "：")) and (next(element.iter("a"), None) is not None or WROTE.search(text) is not None
                                         or _QUOTE_LABEL.fullmatch(text) is not None)


#: The label over a quotation that no name marks, in its first child (vBulletin 3: a ``div.smallfont`` "Quote:" over
#: a table holding "Originally Posted by X" and the quoted text).
_QUOTE_LABEL = re.compile(r"(?:quote|cita|citat|sitat|zitat|citation|citazione|citação|цитата|cytat|lainaus|idézet"
                          r"|citát|alıntı|引用)\s*[:：]?", re.IGNORECASE)


#: ... or its attribution, linking to the poster or the post (UBB.threads' "Originally Posted by: <a>ann</a>"), the
#: label first or not (vBulletin 3 in Russian: "Цитата Сообщение от <strong>ann</strong>", Cyberforum).
_QUOTE_ATTRIBUTION = re.compile(
    rf"(?:{_QUOTE_LABEL.pattern}\s*)?(?:originally posted by|quote from|zitat von|cita de|citation de|сообщение от"
    r"|originariamente inviato da|postado originalmente por|envoyé par|oorspronkelijk geplaatst door"
    r"|ursprungligen postat av|opprinnelig skrevet av|oprindeligt skrevet af)\s*:?\s*\S", re.I)


def _labelled_quote(element: etree._Element) -> bool:
    """Whether an element is a quotation its first child labels as one ("Quote:", "Cita:", "Zitat:") or attributes
    ("Originally Posted by: ann"), the quoted text following in its other children."""
    if len(element) < 2:
        return False
    label = element[0]
    if not isinstance(label.tag, str) or (element.text or "").strip():
        return False
    if len(label):  # the attribution in the label's own text, its links after (not a box holding a quotation)
        return _QUOTE_ATTRIBUTION.match(" ".join((label.text or "").split()) + " " + (label[0].text or "")) is not None
    return _QUOTE_LABEL.fullmatch((label.text or "").strip()) is not None


def _text_length(element: etree._Element) -> int:
    return len("".join("".join(element.itertext()).split()))


def split_quotes(
    texts: list[list[str]], quotes: list[etree._Element | None], earlier: Sequence[tuple[Counter[str], Counter[str]]],
    later: Sequence[str] = (),
) -> tuple[list[str], list[str]]:
    """A post's own lines, and the quotations of earlier posts taken out of them (a quotation from elsewhere, a
    manual or a law, stays in place: it is part of what the post says); in the opening post, a quotation of the
    start of a ``later`` post's text too: the answer it was solved by (Discourse's "Solved by ... in post #4" box
    under the question). A line marked as quoted with "> " (:func:`is_marked_quote`) is a quotation when it repeats
    an earlier post."""
    lines: list[str] = []
    quoted: list[str] = []
    run: list[str] = []
    for position, (parts, quote) in enumerate(zip(texts, quotes, strict=True)):
        line = parts[0] if len(parts) == 1 else " ".join(part for part in parts if part)  # parts are collapsed
        if quote is None:
            if is_marked_quote(line) and _quotes_earlier_post(line.lstrip("> "), earlier):
                quoted.append(line)  # a line quoted as plain text, marked "> " (Hacker News), from an earlier post
            elif line:
                lines.append(line)
            continue
        if line:
            run.append(line)
        if position + 1 == len(quotes) or quotes[position + 1] is not quote:  # the quotation ends here
            own = _after_attribution(run)
            cites = _cites_a_post(quote, run)  # a post on an earlier page of the thread, not here
            if run and (cites or _quotes_earlier_post("\n".join(run), earlier) or (  # with or without attribution
                    own is not None and _quotes_earlier_post("\n".join(own), earlier))
                        or any(_opens(quote_lines, text) for quote_lines in (run, own) if quote_lines
                               for text in later)):
                quoted.append("\n".join(run))
                if lines and WROTE.search(lines[-1]) and count_words(lines[-1]) <= QUOTE_HEADER_WORDS:
                    quoted.insert(-1, lines.pop())  # its attribution, a line of the post's own text (HyperKitty)
            else:
                lines.extend(run)
            run = []
    return lines, quoted


def is_marked_quote(line: str) -> bool:
    """Whether a line is quoted as plain text, after a "> " (Hacker News and mail): not an imageboard's link to a post
    (">>2"); its own words when it quotes no earlier post (an imageboard's greentext, ">be me")."""
    return line.startswith(">") and not line.startswith(">>")


#: A quotation element's attribute naming the post or poster it quotes (Discourse's ``data-username``, Invision's
#: ``data-ipsquote-username``, XenForo's ``data-quote``).
_SOURCE_ATTRIBUTE = re.compile(r"data-(?:[\w]+-)*(?:user(?:name|id)?|author|quote|post|source|member)")
#: An attribution naming who is quoted: "Cytat: ann, 14 October", "Originally Posted by bo", "Zitat von ann".
_CITES = re.compile(r"(?:quote|cita|zitat|citation|citazione|citação|цитата|cytat)\s*(?:[:：]|von|from|de|di)\s*\w"
                    r"|(?:originally |originalmente )?(?:posted by|escrito por|geschrieben von|scritto da|postado por"
                    r"|napisane przez|écrit par)\s+\w", re.IGNORECASE)


def _cites_a_post(quote: etree._Element, run: list[str]) -> bool:
    """Whether a quotation names the post or poster it quotes, in its attributes, a ``<cite>`` linking to it or its
    attribution line: another post of the thread, on an earlier page of it when no post here holds its words (a
    quotation from a manual or a law names none)."""
    if any(value.strip() and _SOURCE_ATTRIBUTE.fullmatch(name) for name, value in quote.attrib.items()):
        return True
    if (quote.get("cite") or "").strip() or any(len(cite) and cite[0].tag == "a" for cite in quote.iter("cite")):
        return True  # phpBB's and SMF's <cite> linking to the post quoted
    head = run[0] if run else ""
    return count_words(head) <= QUOTE_HEADER_WORDS and (
        WROTE.search(head) is not None or _CITES.match(head) is not None)


def own_text(lines: list[list[str]], quotes: list[etree._Element | None]) -> str:
    """A post's text outside its quotations."""
    return " ".join(" ".join(parts) for parts, quote in zip(lines, quotes, strict=True) if quote is None)


#: Words a quotation and a later post must start with alike for the quotation to repeat that post.
OPENING_WORDS = 8


def _opens(quote_lines: list[str], text: str) -> bool:
    """Whether a later post's text starts with the quotation's first :data:`OPENING_WORDS` words (or all of them)."""
    head = comparable(" ".join(quote_lines)).split()[:OPENING_WORDS]
    return len(head) >= 3 and comparable(text).split()[:len(head)] == head


def _quotes_earlier_post(quote: str, earlier: Sequence[tuple[Counter[str], Counter[str]]]) -> bool:
    """Whether most of the quotation's pairs of consecutive words are in one earlier post (``earlier``: each one's
    :func:`~scrapy_boiler.parse.normalize.word_bag` and :func:`~scrapy_boiler.parse.normalize.word_pairs`): it
    repeats that post, or part of it. Its words alone would not tell: a reply quoting a guideline or drafting a
    letter shares most of its common words with the question. A quotation of :data:`SHORT_QUOTE_WORDS` words or
    fewer is judged by its words ("KenT wrote:pyomxplayer uses pipes.", its attribution run into it; a Japanese
    sentence, one token or two): it has too few pairs, and too few words to share by chance."""
    bag = word_bag(quote)
    size = sum(bag.values())
    if size <= SHORT_QUOTE_WORDS:
        return size > 0 and any(sum((bag & words).values()) >= QUOTE_CONTAINMENT * size for words, _ in earlier)
    pairs = word_pairs(quote)
    size = sum(pairs.values())
    return any(sum((pairs & shown).values()) >= QUOTE_CONTAINMENT * size for _, shown in earlier)


#: Words a quotation has at most to be judged by its words rather than its pairs of words (see
#: :func:`_quotes_earlier_post`).
SHORT_QUOTE_WORDS = 8


#: An attribution run into the quotation's first line: MyBB's "(02-06-2025, 08:15 PM)ann escribió: Yo la pondría...".
_INLINE_ATTRIBUTION = re.compile(r"^.{0,80}?" + WROTE_VERB + r"\s*", re.IGNORECASE)


def _after_attribution(run: list[str]) -> list[str] | None:
    """A quotation's lines after its first when that one is short enough to be its attribution, and after the lines
    ending with a colon or attributing it that follow it ("quote:", then "Originally posted by Thomasn:"; Flashback's
    "Citat:", then "Ursprungligen postat av bo"); for a single line, what follows an attribution run into it
    (:data:`_INLINE_ATTRIBUTION`), else None."""
    if len(run) == 1:
        inline = _INLINE_ATTRIBUTION.match(run[0])
        return [run[0][inline.end():]] if inline is not None and inline.end() < len(run[0]) else None
    if count_words(run[0]) > QUOTE_HEADER_WORDS:
        return None
    lead = 1
    while lead < len(run) - 1 and count_words(run[lead]) <= QUOTE_HEADER_WORDS and (
            run[lead].rstrip().endswith((":", "：")) or _QUOTE_ATTRIBUTION.match(run[lead]) is not None):
        lead += 1
    return run[lead:]
