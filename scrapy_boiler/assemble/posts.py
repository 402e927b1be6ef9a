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
from scrapy_boiler.assemble.post_quotes import is_marked_quote, own_text, quotes_in_bodies, split_quotes
from scrapy_boiler.document import Post, QAPair
from scrapy_boiler.parse.normalize import collapse_spaces, count_words, word_bag, word_pairs
from scrapy_boiler.segment.blocks import Leaf, TextBlock
from scrapy_boiler.segment.post_bodies import body_owner
from scrapy_boiler.segment.post_groups import DeclaredPost, PostGroup
from scrapy_boiler.segment.post_marks import is_paid_slot

#: Lines of widgets, not prose, trimmed from the start and end of a post: vote counts, action links, an imageboard's
#: links to the posts a reply answers (">>104871262", ">>>/g/104860012"), or a board's, by their number ("#2"); the
#: place of a link hidden from visitors (WordPress.org's "The page I need help with: [log in to see the link]"); a
#: post's attachments, under their label (Invision's "Attached Files", "efi.txt 6.38KB 4 downloads").
_CHROME_LINE = re.compile(
    r"^(?:[-+−]?\d[\d,.]*\s*(?:votes?|points?|likes?|k)?|--|share|edit|follow|reply|quote|report|flag|like|"
    r"improve this (?:answer|question)|add a comment|permalink|cite|multi-?quote|(?:reply|quote) with quote|"
    r"antworten|zitieren|melden|teilen|répondre|citer|signaler|partager|回复|引用|举报|分享|"
    r"(?:share|edit|follow|flag|reply|quote|report)(?:\s+(?:share|edit|follow|flag|reply|quote|report))+"
    r"|(?:>>>?(?:/\w+/)?\d+(?:\s*\((?:OP|You)\))?\s*)+|(?:#\d+\s*)+|.{0,60}\[log in to see the link\]"
    r"|attached (?:files?|images?|thumbnails?)"
    r"|(?:attached (?:file|image)s?:\s*)?\S{1,60}\.\w{2,4}\s+\(?[\d.,]+\s?[kmg]i?b(?:,\s*\d+\s+views?)?\)?"
    r"(?:\s+\d+\s+downloads?)?)$",
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
    paid = {index for index, member in enumerate(group.members) if is_paid_slot(member)}
    quote_of = quotes_in_bodies(group)
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
        if member is None or member in paid or _in_vote_count(leaf.parent, widgets) or leaf.parent in in_fields:
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
    earlier: list[tuple[Counter[str], Counter[str]]] = []  # each post's words and pairs of words
    quoting = any(quote is not None for quotes in line_quotes for quote in quotes) or any(  # else they are never read
        is_marked_quote(part) for lines in texts for line in lines for part in line[:1])
    member_of = group.member_of()  # an element of a reply nested in a post maps to the reply
    # the later posts' own text, read where the opening post quotes anything (see
    # :func:`~scrapy_boiler.assemble.post_quotes.split_quotes`)
    later = [own_text(lines, quotes) for lines, quotes in zip(texts[1:], line_quotes[1:], strict=True)] \
        if line_quotes and any(quote is not None for quote in line_quotes[0]) else []
    for index, member in enumerate(group.members):
        lines, quoted = split_quotes(texts[index], line_quotes[index], earlier, () if index else later)
        if not lines and quoted:  # nothing of its own besides the quotation: the quotation is what it says
            lines, quoted = "\n".join(quoted).split("\n"), []
        lines = trim_chrome(lines)
        if not lines or (len(lines) == 1 and _DELETED.match(lines[0])):
            continue  # nothing left, or a deleted post's placeholder: no post
        if quoting:
            shown = "\n".join([*quoted, *lines])  # as shown: a reply may quote a quote
            earlier.append((word_bag(shown), word_pairs(shown)))
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


def trim_chrome(lines: list[str]) -> list[str]:
    """``lines`` without a board's notes (:data:`_BOARD_NOTE`) and post header (:data:`_MAIL_HEADER`), the widget
    lines and edit notes at their start and end (:data:`_CHROME_LINE`, :data:`_EDIT_NOTE`), a code block's label
    (:data:`_CODE_LABEL`) or a schematic editor's credit (:data:`_EDITOR_CREDIT`), a signature below its rule
    (:data:`_SIGNATURE_RULE`), a quoted mail (:data:`_MAIL_QUOTE`), a box of thanks at their end
    (:data:`_THANKS_BOX`), nor the separator after the poster's name the first one may start with."""
    if any("※" in line for line in lines):  # a line keeps its indentation (code) unless a note is cut from it
        lines = [line for line in (_BOARD_NOTE.sub("", line).strip() if _BOARD_NOTE.search(line) else line
                                   for line in lines) if line]
    lines = [line for line in lines if not (_CODE_LABEL.match(line) or _EDITOR_CREDIT.match(line))]
    if (mail := next((at for at in range(1, len(lines)) if _MAIL_QUOTE.match(lines[at])), None)) is not None:
        lines = lines[:mail]  # the message a reply sent by mail quotes
    if (thanks := next((at for at in range(len(lines)) if _THANKS_BOX.match(lines[at])), None)) is not None \
            and len(lines) - thanks <= THANKS_LINES:
        lines = lines[:thanks]  # who thanked the poster, and when
    start, end = 0, len(lines)
    rule = next((at for at in range(end - 1, 0, -1) if _SIGNATURE_RULE.match(lines[at])), end)
    if count_words(" ".join(lines[rule + 1:])) <= SIGNATURE_MAX_WORDS:
        end = rule
    if lines and _MAIL_HEADER.match(lines[0]):
        while start < end and _MAIL_HEADER.match(lines[start]):
            start += 1
    while start < end and (_CHROME_LINE.match(lines[start]) or _EDIT_NOTE.match(lines[start])):
        start += 1
    if end - start >= 2 and _EDIT_NOTE.match(lines[end - 2]) and count_words(lines[end - 1]) <= EDIT_REASON_MAX_WORDS:
        end -= 1  # the editor's reason under the note (Invision's "Edited April 8 by ann", then "added a file")
    while end > start and (_CHROME_LINE.match(lines[end - 1]) or _EDIT_NOTE.match(lines[end - 1])):
        end -= 1
    if start == end and [line.strip() for line in lines] == ["+1"]:
        return lines  # a reply saying "+1" (me too), the whole of its text: no vote count, which is beside a text
    lines = lines[start:end]
    if lines and (lead := _NAME_SEPARATOR.match(lines[0])):  # "alice: hi" shown as poster, then ": hi" (PTT)
        lines = [lines[0][lead.end():], *lines[1:]] if lead.end() < len(lines[0]) else lines[1:]
    return lines


#: The label a board writes over a code block in a post, with its "select all" link: phpBB's "Code: Select all",
#: "Code: Alles auswählen", "Kod: Zaznacz cały", vBulletin's "Code:", "Código:", Simple Machines Forum's and
#: ElkArte's "Code: [Select]", "Codice: [Seleziona]", SMF 2.1's "Code Select Expand" ("Kod Seç Genişlet") and, with
#: the block's language, "Code: Pascal [Select] [Show More]", MyBB's "PHP Code:", vBulletin 4's "Codice PHP:",
#: Discuz!'s "复制代码" (copy the code) under it; or the language the block is in, with a link that selects the code
#: (Cyberforum's highlighter: "C++Выделить код"; not "select all" after a word, a step of a how-to: "Then select
#: all").
_CODE_LABEL = re.compile(r"^(?:(?:(?:php|html|sql|xml|css|javascript|python|java)\s+)?"
                         r"(?:code|quellcode|código|codice|kod|kode|kód|код|代码|代碼|コード)\s*[:：]\s*"
                         r"(?:(?:[\w+#.-]{1,16}\s+)?\[?(?:select|seleziona|seleccionar|selecionar|auswählen"
                         r"|sélectionner|zaznacz|selecteer|seç|выделить)\]?"
                         r"(?:\s*\[(?:show more|expand)\])?|select all|alles auswählen"
                         r"|tout sélectionner|seleccionar todo|seleziona tutto|zaznacz (?:wszystko|cały)|выделить всё)?"
                         r"|(?:code|kod)\s+(?:select|seç)\s+(?:expand|genişlet)|复制代码|複製代碼"
                         # SMF's labels without a colon before their links ("Código[Seleccionar]", "Código
                         # [Seleccionar] [Expandir]")
                         r"|(?:code|código|codice|kod|код)\s*\[(?:select|seleccionar|selecionar|seleziona|zaznacz"
                         r"|выделить)\](?:\s*\[(?:expand|expandir|espandi|rozwiń|развернуть)\])?"
                         # vBulletin 4's label with the language after the word ("Codice PHP:", "Código HTML:")
                         r"|(?:code|código|codice|kod|код|quellcode)\s+(?:php|html|sql|xml|css|javascript)\s*[:：]"
                         r"|[\w+#.-]{1,16}\s*[:：]?\s*(?:select code|выделить код))$", re.I)
#: The line a Q&A site writes under a schematic drawn with its editor (Electrical Engineering Stack Exchange's
#: "simulate this circuit – Schematic created using CircuitLab").
_EDITOR_CREDIT = re.compile(r"^simulate this circuit\s*[–—-]\s*schematic created using circuitlab$", re.I)
#: The rule phpBB 2 (17 underscores) and vBulletin (18) draw between a post's text and its poster's signature, in the
#: same element; what follows is cut when it is a signature's length. A rule a writer draws between parts of a
#: post (bpdfamily's, futura-sciences') is longer or shorter, and the part below it longer.
_SIGNATURE_RULE = re.compile(r"^_{17,18}$")
SIGNATURE_MAX_WORDS = 60
#: A reply sent by mail quotes the message it answers below a header ("-----Original Message-----", Higher Logic's
#: "Original Message:" then "Sent:", "From:").
_MAIL_QUOTE = re.compile(r"^-*\s*(?:original message|ursprüngliche nachricht|message d'origine|mensaje original"
                         r"|messaggio originale|oorspronkelijk bericht)\s*-*:?$", re.I)
#: The box of a board's thanks under a post (vBulletin's "The following 3 users say Thank You to ann for this useful
#: post:", in Spanish "Los siguientes 3 usuarios agradecen a ann por este mensaje:"), and the line of names under it:
#: who thanked the poster, not what the post says.
_THANKS_BOX = re.compile(r"^(?:the following \d+ users? says? thank you to .{1,60} for this (?:useful )?post"
                         r"|(?:los|las) siguientes \d+ usuari[oa]s? agradecen? a .{1,60} por este (?:mensaje|aporte)"
                         r"|(?:die )?folgenden? \d+ benutzer sagen danke zu .{1,60} für diesen (?:nützlichen )?beitrag)"
                         r"\s*:?$", re.I)
#: Lines from the box's label to the post's end, at most: the label and the names under it.
THANKS_LINES = 2
#: A bulletin board's own notes in a post, after the "--" that closes its text (PTT's "※ 發信站: 批踢踢實業坊(ptt.cc),
#: 來自: 36.228.10.77 (臺灣)", "※ 文章網址: https://…", "※ 編輯: billy3321 (118.99.130.13), 01/22/2015 11:09:30";
#: 水木社区's "※ 来源:·水木社区 newsmth.net·[FROM: 123.118.*]"):
#: where and when it was posted or edited, not what it says; written in its lines, so cut from them.
_BOARD_NOTE = re.compile(
    r"(?:(?:^|\s)--\s+)?※\s*(?:(?:發信站|发信站)[:：]\s*[^,\s]+(?:,\s*(?:來自|来自)[:：]\s*\S+(?:\s*\([^)]*\))?)?"
    r"|(?:文章網址|文章网址)[:：]\s*\S+|(?:編輯|编辑)[:：]\s*\S+\s*\([^)]*\),\s*[\d/]+\s+[\d:]+"
    r"|(?:來源|来源|修改)[:：].{0,80}?\[FROM:[^\]]*\])")
#: The header a board in the BBS tradition writes over each post (水木社区's "发信人: ann (Ann), 信区: Cooking",
#: "标  题: Re: …", "发信站: 水木社区 (Sat Mar 15 21:07:33 2025), 站内"): who, where and when, as a mail's header.
_MAIL_HEADER = re.compile(r"^(?:(?:发信人|發信人)[:：].{0,80}(?:信区|信區|看板)[:：]\s*\S+"
                          r"|(?:标|標)\s*(?:题|題)[:：].{0,160}|(?:发信站|發信站)[:：].{0,80})$")
#: The separator between a poster's name and a one-line post, left at the start of the post's text.
_NAME_SEPARATOR = re.compile(r"[:：]\s+")


#: A board's note that the post was edited, by whom and when, on a line of its own ("Last edited by ann; 12-10-2011 at
#: 10:04.", "Last edited by a moderator: May 3, 2017", Invision's "Edited June 3, 2025 by ann", "Zuletzt bearbeitet: 5.
#: Mai 2024", 4PDA's "Сообщение отредактировал ann - 17.03.25, 22:48", PunBB's "Отредактировано ann (2024-11-19
#: 19:58:10)", Discuz's "本帖最后由 ann 于 2023-4-16 21:15 编辑", bbPress's "This reply was modified 3 weeks ago by
#: ann.", wpForo's "Dieser Beitrag wurde geändert vor 8 Monaten von ann", Something Awful's "ann fucked around with
#: this message at 21:22 on Mar 9, 2025", Oracle's "Oct 7 2025 — edited Oct 7 2025"): when it changed, not what it
#: says. It shows a date, so a line of prose starting "Edited by" without one stays.
_EDIT_NOTE = re.compile(
    r"^(?=.*\d)(?:last edited(?: by)?|edited by|edited\s.{1,40}?\sby|zuletzt bearbeitet(?: von)?"
    r"|dernière (?:édition|modification) par"
    r"|última edición por|ultima modifica di|последн\w+ раз редактировал\w*|сообщение отредактировал\w*|отредактировано"
    r"|message (?:édité|modifié) par|bearbeitet von|this (?:topic|reply|post) was modified"
    r"|dieser beitrag wurde (?:geändert|bearbeitet)|\S+ fucked around with this message at)\b.{0,80}$"
    r"|^(?:.{0,24}\s[—–-]\s)?edited\s+(?:on\s+)?(?:[a-z]{3,9}\.?\s+\d{1,2},?\s+\d{4}|\d{1,2}\.?\s+[a-z]{3,9}\s+\d{4}"
    r"|\d{4}-\d{2}-\d{2})$"
    r"|^本帖最[后後]由\s*\S.{0,40}[于於]\s*[\d/ :-]{8,20}\s*[编編][辑輯]$",
    re.I,
)

#: Words an editor's reason under an edit note at a post's end has at most (Invision's "added function file").
EDIT_REASON_MAX_WORDS = 8

#: The placeholder a board leaves where a post was deleted ("[deleted]", "This comment has been removed by the
#: author.", "Dieser Kommentar wurde gelöscht.", "Ce commentaire a été supprimé par l'équipe de modération.",
#: "Comentario eliminado por el autor", "삭제된 댓글입니다."): no one's words, so no post.
_DELETED = re.compile(
    r"^\[(?:deleted|removed)\]$"
    r"|^(?:this |the )?(?:comment|post|message|reply|answer)(?: has been| was| is)? (?:deleted|removed)"
    r"(?: by (?:the )?.{1,40})?\.?$"
    r"|^(?:dieser |der )?(?:kommentar|beitrag) wurde (?:.{1,40} )?gelöscht\.?$"
    r"|^(?:ce |le )?(?:commentaire|message) a été supprimé(?: par .{1,40})?\.?$"
    r"|^(?:este )?(?:comentario|mensaje) (?:ha sido )?(?:eliminado|borrado)(?: por .{1,40})?\.?$"
    r"|^(?:questo )?(?:commento|messaggio) (?:è stato )?(?:eliminato|rimosso|cancellato)(?: da .{1,40})?\.?$"
    r"|^(?:deze )?(?:reactie|bericht) is verwijderd(?: door .{1,40})?\.?$"
    r"|^(?:komentarz|wpis) (?:został )?usunięty(?: przez .{1,40})?\.?$"
    r"|^(?:комментарий|сообщение) удал[её]но?(?: .{1,40})?\.?$"
    r"|^삭제된 (?:댓글|글|게시물)입니다\.?$|^このコメントは削除されました。?$"
    r"|^(?:该|此)(?:评论|回复|帖子)已(?:被)?删除。?$",
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
