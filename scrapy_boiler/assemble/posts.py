"""Turn the post group of a type-2 page into :class:`~scrapy_boiler.document.Post` objects and Q&A pairs.

A post's text is the text of its body (see :mod:`scrapy_boiler.segment.post_groups`), one Boilerpipe block per
line, with the widget lines a body often starts or ends with trimmed (a bare vote count, "Share", "Reply",
"Quote"...). What the page's schema.org markup declares of a post (votes, accepted, date, author, permalink) comes
first; otherwise they are read from the rest of the member (:mod:`~scrapy_boiler.assemble.post_byline`). The first
post, with the page title, is the question; every following post is an answer, and the Q&A pairs put the accepted
answer first, then the others by votes.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from functools import partial

from lxml import etree

from scrapy_boiler.assemble.kept import KeptText, block_text
from scrapy_boiler.assemble.post_byline import (
    VOTE_NAME,
    VOTE_NUMBER,
    first_found,
    is_accepted,
    leading_fields,
    read_author,
    read_date,
    read_permalink,
    read_votes,
    trailing_fields,
)
from scrapy_boiler.document import Post, QAPair
from scrapy_boiler.parse.mail_quotes import WROTE
from scrapy_boiler.parse.normalize import collapse_spaces, comparable, count_words, word_bag
from scrapy_boiler.segment.blocks import Leaf, TextBlock
from scrapy_boiler.segment.post_bodies import body_owner, signature_elements
from scrapy_boiler.segment.post_groups import DeclaredPost, PostGroup

#: Lines of widgets, not prose, trimmed from the start and end of a post: vote counts, action links, an imageboard's
#: links to the posts a reply answers (">>104871262", ">>>/g/104860012").
_CHROME_LINE = re.compile(
    r"^(?:[-+−]?\d[\d,.]*\s*(?:votes?|points?|likes?|k)?|--|share|edit|follow|reply|quote|report|flag|like|"
    r"improve this (?:answer|question)|add a comment|permalink|cite|multi-?quote|(?:reply|quote) with quote|"
    r"antworten|zitieren|melden|teilen|répondre|citer|signaler|partager|回复|引用|举报|分享|"
    r"(?:share|edit|follow|flag|reply|quote|report)(?:\s+(?:share|edit|follow|flag|reply|quote|report))+"
    r"|(?:>>>?(?:/\w+/)?\d+(?:\s*\((?:OP|You)\))?\s*)+)$",
    re.I,
)


def build_posts(group: PostGroup, leaves: Sequence[Leaf], content: Sequence[bool] | None = None,
                blocks: Sequence[TextBlock] = (), kept: KeptText | None = None) -> list[Post]:
    """One :class:`Post` per group member with body text, in page order.

    ``content`` (one flag per leaf) restricts the text to leaves the model kept, and drops members
    where it kept nothing; without it the whole body is taken (the rules fallback). With ``blocks`` and ``kept``,
    a line holding a whole block is that block's text as written (the space before the full stop after an inline
    ``<code>`` left out, a ``<pre>``'s lines kept), not its leaves joined with spaces.
    """
    owners = group.body_of()
    quote_of = _quotes(group)
    widgets: dict[etree._Element, bool] = {}
    texts: list[list[list[str]]] = [[] for _ in group.members]  # per member: lines (per block) of leaf texts
    line_quotes: list[list[etree._Element | None]] = [[] for _ in group.members]  # per line: its quotation
    last_block: list[int] = [-1] * len(group.members)
    member_blocks: list[list[int]] = [[] for _ in group.members]
    line_leaves: list[list[int]] = [[] for _ in group.members]  # per line: how many leaves it holds
    block_of: list[TextBlock | None] = [None] * len(leaves)  # the model's block of each leaf
    for block in blocks:
        block_of[block.leaf_start:block.leaf_end] = [block] * (block.leaf_end - block.leaf_start)
    fields = [[field for b in bodies for field in (*leading_fields(b), *trailing_fields(b))]
              for bodies in group.bodies]
    in_fields = {el for member_fields in fields for field in member_fields for el in field.iter()}
    for index, leaf in enumerate(leaves):
        if content is not None and not content[index]:
            continue
        member = body_owner(leaf.parent, owners)
        if member is None or _in_vote_count(leaf.parent, widgets) or leaf.parent in in_fields:
            continue
        quote = quote_of.get(leaf.parent)
        if leaf.block != last_block[member] or not texts[member] or line_quotes[member][-1] is not quote:
            texts[member].append([])
            line_quotes[member].append(quote)
            line_leaves[member].append(0)
            if leaf.block != last_block[member] and leaf.block >= 0:
                member_blocks[member].append(leaf.block)
            last_block[member] = leaf.block
        texts[member][-1].append(collapse_spaces(leaf.text))
        line_leaves[member][-1] += 1
        block = block_of[index]
        # a line that is one whole block of the model's: that block's own text
        if block is not None and kept is not None and block.index in kept.raw and index == block.leaf_end - 1 \
                and line_leaves[member][-1] == block.leaf_end - block.leaf_start:
            texts[member][-1] = [block_text(block, kept)]
    posts = []
    earlier: list[Counter[str]] = []
    member_of = group.member_of()  # an element of a reply nested in a post maps to the reply
    # the later posts' own text, read where the opening post quotes anything (see _split_quotes)
    later = [_own_text(lines, quotes) for lines, quotes in zip(texts[1:], line_quotes[1:], strict=True)] \
        if line_quotes and any(quote is not None for quote in line_quotes[0]) else []
    for index, member in enumerate(group.members):
        lines, quoted = _split_quotes(texts[index], line_quotes[index], earlier, () if index else later)
        if not lines and quoted:  # nothing of its own besides the quotation: the quotation is what it says
            lines, quoted = "\n".join(quoted).split("\n"), []
        lines = trim_chrome(lines)
        if not lines:
            continue
        earlier.append(word_bag("\n".join([*quoted, *lines])))  # as shown: a reply may quote a quote
        body = {el for b in group.bodies[index] for el in b.iter()}.difference(
            *(field.iter() for field in fields[index]))  # the byline fields a body starts or ends with are read as such
        for quote in member.iter("blockquote"):  # a quoted post's byline, not a post written in a blockquote
            if body.isdisjoint(quote.iter()):
                body.update(quote.iter())
        replies = {el for el in member.iter() if member_of[el] != index}
        body.update(replies)  # a reply nested inside the post shows its own byline and votes
        declared = group.declared[index] if group.declared else DeclaredPost("")
        bylines = group.bylines(member)  # a header row above the post's body row holds its byline
        posts.append(Post(
            "\n".join(lines),
            declared.author or first_found(read_author, bylines, body),
            declared.date or first_found(partial(read_date, replies=replies), bylines, body),
            tuple(member_blocks[index]),
            declared.votes if declared.votes is not None else read_votes(member, replies),
            declared.accepted or is_accepted(member, body),
            declared.url or first_found(read_permalink, bylines, body),
            tuple(quoted),
        ))
    return posts


#: An element quoting an earlier post: ``<blockquote>`` or a container named like a quote (BBCode renderers; an
#: e-mail client's ``gmail_quote``; Higher Logic's ``hl-original-message``, the message a reply by mail quoted).
_QUOTE_NAME = re.compile(r"quote|citation|original[-_]?message", re.I)
#: Share of a quotation's words that an earlier post must hold for it to be a quote of that post.
QUOTE_CONTAINMENT = 0.6
#: A ``<blockquote>`` named like a post's text is the post itself, and so is an element named like a quote as well
#: when it holds this share of the post's text.
_POST_TEXT_NAME = re.compile(r"content|message|body|text", re.I)
WHOLE_POST_SHARE = 0.9
#: A quotation's attribution ("Quote from: X on <date>", "X wrote:", "@X said in <the thread's title>:") has at most
#: this many words.
QUOTE_HEADER_WORDS = 20


def _quotes(group: PostGroup) -> dict[etree._Element, etree._Element]:
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
    the poster or the post quoted (NodeBB's "@ann said in <a>the thread's title</a>:", "<a>bo</a> wrote:"), or that
    says someone wrote (jeuxvideo.com's "Le 14 mars 2025 à 21:12:04 Khey_Silicium a écrit :")."""
    text = "".join(element.itertext()).rstrip()
    return text.endswith((":", "：")) and (next(element.iter("a"), None) is not None or WROTE.search(text) is not None)


#: The label over a quotation that no name marks, in its first child (vBulletin 3: a ``div.smallfont`` "Quote:" over
#: a table holding "Originally Posted by X" and the quoted text).
_QUOTE_LABEL = re.compile(r"(?:quote|cita|zitat|citation|citazione|citação|цитата|cytat|lainaus|idézet|citát|alıntı"
                          r"|引用)\s*[:：]?", re.IGNORECASE)


def _labelled_quote(element: etree._Element) -> bool:
    """Whether an element is a quotation its first child labels as one ("Quote:", "Cita:", "Zitat:"), the quoted
    text following in its other children."""
    if len(element) < 2:
        return False
    label = element[0]
    if not isinstance(label.tag, str) or len(label) or (element.text or "").strip():
        return False
    return _QUOTE_LABEL.fullmatch((label.text or "").strip()) is not None


def _text_length(element: etree._Element) -> int:
    return len("".join("".join(element.itertext()).split()))


def _split_quotes(
    texts: list[list[str]], quotes: list[etree._Element | None], earlier: Sequence[Counter[str]],
    later: Sequence[str] = (),
) -> tuple[list[str], list[str]]:
    """A post's own lines, and the quotations of earlier posts taken out of them (a quotation from elsewhere, a
    manual or a law, stays in place: it is part of what the post says); in the opening post, a quotation of the
    start of a ``later`` post's text too: the answer it was solved by (Discourse's "Solved by ... in post #4" box
    under the question)."""
    lines: list[str] = []
    quoted: list[str] = []
    run: list[str] = []
    for position, (parts, quote) in enumerate(zip(texts, quotes, strict=True)):
        line = parts[0] if len(parts) == 1 else " ".join(part for part in parts if part)  # parts are collapsed
        if quote is None:
            if line:
                lines.append(line)
            continue
        if line:
            run.append(line)
        if position + 1 == len(quotes) or quotes[position + 1] is not quote:  # the quotation ends here
            own = run[1:] if len(run) > 1 and count_words(run[0]) <= QUOTE_HEADER_WORDS else None
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


def _own_text(lines: list[list[str]], quotes: list[etree._Element | None]) -> str:
    """A post's text outside its quotations."""
    return " ".join(" ".join(parts) for parts, quote in zip(lines, quotes, strict=True) if quote is None)


#: Words a quotation and a later post must start with alike for the quotation to repeat that post.
OPENING_WORDS = 8


def _opens(quote_lines: list[str], text: str) -> bool:
    """Whether a later post's text starts with the quotation's first :data:`OPENING_WORDS` words (or all of them)."""
    head = comparable(" ".join(quote_lines)).split()[:OPENING_WORDS]
    return len(head) >= 3 and comparable(text).split()[:len(head)] == head


def _quotes_earlier_post(quote: str, earlier: Sequence[Counter[str]]) -> bool:
    """Whether most of the quotation's words are in one earlier post (it repeats that post, or part of it)."""
    bag = word_bag(quote)
    size = sum(bag.values())
    return size > 0 and any(sum((bag & post).values()) >= QUOTE_CONTAINMENT * size for post in earlier)


def trim_chrome(lines: list[str]) -> list[str]:
    """``lines`` without a board's notes (:data:`_BOARD_NOTE`), the widget lines and edit notes at their start and
    end (:data:`_CHROME_LINE`, :data:`_EDIT_NOTE`), a code block's label (:data:`_CODE_LABEL`), a signature below
    its rule (:data:`_SIGNATURE_RULE`), nor the separator after the poster's name the first one may start with."""
    if any("※" in line for line in lines):  # a line keeps its indentation (code) unless a note is cut from it
        lines = [line for line in (_BOARD_NOTE.sub("", line).strip() if _BOARD_NOTE.search(line) else line
                                   for line in lines) if line]
    if any(_CODE_LABEL.match(line) for line in lines):
        lines = [line for line in lines if not _CODE_LABEL.match(line)]
    start, end = 0, len(lines)
    rule = next((at for at in range(end - 1, 0, -1) if _SIGNATURE_RULE.match(lines[at])), end)
    if count_words(" ".join(lines[rule + 1:])) <= SIGNATURE_MAX_WORDS:
        end = rule
    while start < end and (_CHROME_LINE.match(lines[start]) or _EDIT_NOTE.match(lines[start])):
        start += 1
    while end > start and (_CHROME_LINE.match(lines[end - 1]) or _EDIT_NOTE.match(lines[end - 1])):
        end -= 1
    lines = lines[start:end]
    if lines and (lead := _NAME_SEPARATOR.match(lines[0])):  # "alice: hi" shown as poster, then ": hi" (PTT)
        lines = [lines[0][lead.end():], *lines[1:]] if lead.end() < len(lines[0]) else lines[1:]
    return lines


#: The label a board writes over a code block in a post, with its "select all" link: phpBB's "Code: Select all",
#: "Code: Alles auswählen", vBulletin's "Code:", "Código:".
_CODE_LABEL = re.compile(r"^(?:code|quellcode|código|codice|kod|код|代码|代碼|コード)\s*[:：]\s*"
                         r"(?:select all|alles auswählen|tout sélectionner|seleccionar todo|seleziona tutto"
                         r"|zaznacz wszystko|выделить всё)?$", re.I)
#: The rule phpBB 2 (17 underscores) and vBulletin (18) draw between a post's text and its poster's signature, in the
#: same element; what follows is cut when it is a signature's length. A rule a writer draws between parts of a
#: post (bpdfamily's, futura-sciences') is longer or shorter, and the part below it longer.
_SIGNATURE_RULE = re.compile(r"^_{17,18}$")
SIGNATURE_MAX_WORDS = 60
#: A bulletin board's own notes in a post, after the "--" that closes its text (PTT's "※ 發信站: 批踢踢實業坊(ptt.cc),
#: 來自: 36.228.10.77 (臺灣)", "※ 文章網址: https://…", "※ 編輯: billy3321 (118.99.130.13), 01/22/2015 11:09:30"):
#: where and when it was posted or edited, not what it says; written in its lines, so cut from them.
_BOARD_NOTE = re.compile(
    r"(?:(?:^|\s)--\s+)?※\s*(?:(?:發信站|发信站)[:：]\s*[^,\s]+(?:,\s*(?:來自|来自)[:：]\s*\S+(?:\s*\([^)]*\))?)?"
    r"|(?:文章網址|文章网址)[:：]\s*\S+|(?:編輯|编辑)[:：]\s*\S+\s*\([^)]*\),\s*[\d/]+\s+[\d:]+)")
#: The separator between a poster's name and a one-line post, left at the start of the post's text.
_NAME_SEPARATOR = re.compile(r"[:：]\s+")


#: A board's note that the post was edited, by whom and when, on a line of its own ("Last edited by ann; 12-10-2011 at
#: 10:04.", "Last edited by a moderator: May 3, 2017", Invision's "Edited June 3, 2025 by ann", "Zuletzt bearbeitet: 5.
#: Mai 2024", 4PDA's "Сообщение отредактировал ann - 17.03.25, 22:48", Discuz's "本帖最后由 ann 于 2023-4-16
#: 21:15 编辑"): when it changed, not what it says. It shows a date, so a line of prose starting "Edited by" without
#: one stays.
_EDIT_NOTE = re.compile(
    r"^(?=.*\d)(?:last edited(?: by)?|edited by|edited\s.{1,40}?\sby|zuletzt bearbeitet(?: von)?"
    r"|dernière (?:édition|modification) par"
    r"|última edición por|ultima modifica di|последн\w+ раз редактировал\w*|сообщение отредактировал\w*"
    r"|message (?:édité|modifié) par|bearbeitet von)\b.{0,80}$"
    r"|^本帖最[后後]由\s*\S.{0,40}[于於]\s*[\d/ :-]{8,20}\s*[编編][辑輯]$",
    re.I,
)

#: Levels above a text node looked at for a vote count it belongs to.
VOTE_COUNT_DEPTH = 3


def _in_vote_count(el: etree._Element, memo: dict[etree._Element, bool]) -> bool:
    """Whether ``el`` lies in a vote count ("3 votes": an element named like one, showing only a number), which is
    never post text, even where it was kept with a question found above the answers."""
    for _ in range(VOTE_COUNT_DEPTH):
        if el is None:
            return False
        found = memo.get(el)
        if found is None:
            names = " ".join((el.get("class") or "", el.get("id") or ""))
            found = memo[el] = bool(VOTE_NAME.search(names)) and bool(
                VOTE_NUMBER.match(collapse_spaces("".join(el.itertext()))))
        if found:
            return True
        el = el.getparent()
    return False


def question_text(title: str, posts: Sequence[Post]) -> str:
    """The thread's title, a newline and its opening post (the title once, when the post starts with it)."""
    if not posts:
        return ""
    question = posts[0].text
    title = collapse_spaces(title)
    if title and not question.startswith(title):
        question = f"{title}\n{question}"
    return question


def qa_pairs(title: str, posts: Sequence[Post]) -> list[QAPair]:
    """The question against each answer, with the answer's metadata: accepted first, then by votes (answers
    without a count after those with one), then in page order."""
    if not posts:
        return []
    question = question_text(title, posts)
    answers = sorted(posts[1:], key=lambda p: (not p.accepted, p.votes is None, -(p.votes or 0)))
    return [QAPair(question, p.text, p.author, p.date, p.votes, p.accepted, p.url) for p in answers]
