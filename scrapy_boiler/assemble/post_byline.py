"""What a post shows around its text: who wrote it, when, its votes, whether it is the accepted answer, its link.

Read from the post's member element outside its body (:mod:`~scrapy_boiler.assemble.posts` builds the posts): a link
to a user profile or an element named like ``author``/``username`` gives the author; a ``<time>`` (or a custom element
with a ``datetime``), a machine-readable ``title`` or a date-like string the date; an element named like a vote count
showing a number the votes; a class, label or badge saying "accepted" the accepted flag; a link to the member's own
anchor or named like a permalink the post's URL.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from collections.abc import Set as AbstractSet

from lxml import etree

from scrapy_boiler.parse.dates import names_day_and_month
from scrapy_boiler.parse.normalize import collapse_spaces
from scrapy_boiler.segment.blocks import HEADING_TAGS
from scrapy_boiler.segment.post_marks import is_user_card, is_user_href

_COUNT = re.compile(r"[\d\s.,+]+")
#: Names of the element showing a post's author (``autor`` in Czech, German, Polish, Spanish...); ``fn`` is the hCard
#: name (WordPress: ``b.fn`` beside "says:"), and a class that is ``name`` alone the poster's name on boards without
#: accounts (5ch's ``span.name``); a mail archive's sender (Topicbox's ``span.v-Message-fromName``).
_AUTHOR_NAME = re.compile(r"author|autor|user|poster|username|member|byline|nick|\bfn\b|^name(?:\s|$)|from[-_]?name",
                          re.I)
#: ... but not the poster's rank shown under it (FluxBB's and vBulletin's ``usertitle``: "Member", "Senior Member";
#: a ``user-rank``).
_AUTHOR_RANK = re.compile(r"(?:user|member|author)[-_]?(?:title|rank)", re.I)
#: The verb a name box may end with ("Lisa says:", "ann wrote:").
_SAYS_VERBS = r"(?:says|said|wrote|writes|schreibt|schrieb|a écrit|escribió|dice|scrive|zegt)"
_SAYS = re.compile(rf"\s+{_SAYS_VERBS}\s*:?\s*$", re.I)
#: ... or follow it, after the element holding the name: WordPress's old default theme writes
#: ``<cite>Marrije</cite> Says:``.
_SAYS_AFTER = re.compile(rf"^\s*{_SAYS_VERBS}\s*:", re.I)
#: A machine-readable date in a ``title`` attribute (``<abbr class="timeago" title="2008-05-04T16:08:38Z">``,
#: ``<span class="age" title="2024-02-16T14:20:01 1708093201">``) beside a relative one ("9 months ago").
_TITLE_DATE = re.compile(
    r"^\s*(\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:\s?(?:Z|[+-]\d{2}:?\d{2}))?)?)(?:\s|$)"
)
#: A day in numbers or a time: what a date needs to be read from a heading (see :func:`read_date`).
_DAY_OR_TIME_PATTERN = r"\d{1,2}[./-]\d{1,2}[./-]\d{2,4}|\d{4}-\d{2}-\d{2}|\d{1,2}:\d{2}"
_DATE_TEXT = re.compile(_DAY_OR_TIME_PATTERN + r"|\b(?:19|20)\d{2}\b|\bago\b|yesterday|today", re.I)
#: A title attribute that is a day and nothing else, as numbers ("05.03.2024", "5/3/2024"): a relative date's
#: day ("Yesterday").
_DAY_IN_TITLE = re.compile(r"\d{1,2}[./-]\d{1,2}[./-](?:19|20)?\d{2}")
_DAY_OR_TIME = re.compile(_DAY_OR_TIME_PATTERN)
#: The label of a user card's date, not the post's: "Joined: Jun 2004", "Registered: ...", "Mitglied seit: ...".
_JOINED = re.compile(r"(?:joined|registered|member since|mitglied seit|registriert|dabei seit|inscrit|inscrito|"
                     r"iscritto|lid sinds|注册|註冊|加入)\b", re.I)
#: The word a byline puts before its date ("by ann on February 8, 2012").
_ON = re.compile(r"^on\s+(?=\S)", re.I)
#: Arrows, bars and spaces around a shown date ("« on: 12 May 2024 »").
_DATE_FRAME = " «»|•·‹›-–—\u200e\u200f"
#: Author names and dates are short; longer texts are prose.
MAX_META_WORDS = 8

#: What a vote count shows: a number, maybe with its unit or a one-word label ("3 votes", "1.2k", "赞 (8)",
#: "Like (3)").
VOTE_NUMBER = re.compile(
    r"^(?:[^\d\s()+\-−]{1,8}\s*)?\(?([-+−]?\d[\d,.]*\s*[kK]?)\)?(?:\s*(?:points?|votes?|likes?))?$", re.I)
#: Names of an element showing a post's votes (Khoros calls them kudos), and of the poster's own tallies in their
#: user card (Apple's ``author-points``, a ``user-karma``): those are no votes of the post.
VOTE_NAME = re.compile(r"vote|score|points|karma|upvote|likes?-?count|reaction|kudos", re.I)
_POSTER_STAT = re.compile(r"author|user|member|profile|poster", re.I)
_ACCEPTED = re.compile(r"accepted|solution|best-?answer|is-?answer|answer-?selected|selected-?answer|comment_solved"
                       r"|is-?adopted", re.I)
#: A badge that says so in words ("Accepted answer", "Marked as answer", "Answer selected by ann", "最佳答案", Naver's
#: "질문자 채택", Brainly's "Melhor resposta", gutefrage's "Hilfreichste Antwort").
_ACCEPTED_TEXT = re.compile(r"^[✓✔]?\s*(?:accepted (?:answer|solution)|marked as (?:the )?answer|best answer|"
                            r"selected answer|recommended answer|answer selected by\b.{0,40}"
                            r"|最佳答案|最佳回答|满意回答|ベストアンサー"
                            r"|질문자 채택|채택된 답변|melhor resposta|mejor respuesta|meilleure réponse"
                            r"|hilfreichste antwort|beste antwort|лучший ответ)$",
                            re.I)
_PERMALINK_NAME = re.compile(r"permalink|post-?link|share-?link|postcount|post-?number", re.I)

#: An element named like a post's metadata (PTT's ``div.article-metaline``, a ``post-byline``, a WordPress comment's
#: ``div.comment-author.vcard`` and ``div.comment-meta`` where the comment's body is all of it).
_META_NAME = re.compile(r"meta|byline|author|vcard", re.I)
#: ... and the post's own header and footer lines, whatever their names.
_FIELD_TAGS = frozenset({"header", "footer"})
#: The label of a labelled author field ("作者" | "billy3321 (雨蒼)", "Author:" | "ann").
_AUTHOR_LABEL = re.compile(r"^(?:作者|发信人|發信人|投稿者|author|autor|auteur|autore|posted by|by)\s*[:：]?$", re.I)
#: The label of a user card's profile link, not the poster's name ("Profile", "Send PM", "Профиль", "Сообщение").
_PROFILE_LABEL = re.compile(r"(?:view |my )?(?:profile|profil|perfil|profilo|профиль|профіль)|个人资料|個人資料|contact"
                            r"|プロフィール|send (?:pm|message)|pm|сообщение|website|homepage|www|e-?mail", re.I)
#: The text right before a link that makes it the author's: "by <a>Kris</a> on ...", "written by <a>Best Man</a>"
#: (the whole text: "Answer selected by <a>ann</a>", "Last edited by <a>ann</a>" name someone else).
_BY = re.compile(r"^\s*(?:(?:posted|written|submitted)\s+)?(?:by|von|par|por|door|av|przez)\s*[:：]?\s*$", re.I)
#: A byline written as one line of text, the author's name between "by" and the date: "posted by Chris @ 10:02 PM",
#: "written by mike, October 19, 2012", "by Kris Roadruck on February 8, 2012", "Posted By: hawaiian | January 16 2008".
#: Not the English phrases that start with "by" ("by the way, ...", "by now", "by email"), in lower case: "By The
#: Editors" and a commenter's "by a german fan" are bylines.
_BY_LINE = re.compile(
    r"^(?:(?:posted|written|submitted)\s+)?by\s*:?\s+"
    r"(?!(?-i:the\s+(?:way|time|end|same|looks)|far|now|then|default|all\s+means|no\s+means|design|hand|mistake"
    r"|accident|chance|e-?mail|phone|mail)\b)"
    r"([^\s@,|:][^@,|]{0,38}?)\s*(?:@|,|\||\s(?:on|at)\s)", re.I)
#: A byline's metadata line may hold the author, the date and a "Reply" link: longer than a name.
MAX_FIELD_WORDS = 16
#: A name written before its date in a byline heading ("GreatAunt <span>On Friday, November 2 at 12:14 pm</span>").
MAX_NAME_WORDS = 4


def leading_fields(body: etree._Element) -> list[etree._Element]:
    """The short elements named like metadata that a post body starts with, before any of its text, and a short
    heading showing a day or a time there: the post's byline written into its body (PTT's author, board, title and
    time lines above the post; a blog comment's "Chef Mark — July 17th, 2012, 6:18 pm" in a ``p.cm-meta``, or its
    "<h4>GreatAunt <span>On Friday, November 2 at 12:14 pm</span></h4>"), or the line saying which post it answers
    ("In reply to <a>Rob</a>:"), not what it says."""
    fields: list[etree._Element] = []
    if (body.text or "").strip():
        return fields
    last = -1
    for position, child in enumerate(body):
        if not isinstance(child.tag, str):
            break
        if not (child.tail or "").strip() and not "".join(child.itertext()).strip():
            continue  # an avatar or an anchor before the byline: nothing of what the post says
        if not (_is_field(child, MAX_FIELD_WORDS) or _is_dated_heading(child) or _answers_a_post(child)):
            break
        fields.append(child)
        last = position
        if (child.tail or "").strip():
            break
    if not fields:
        return fields
    text_follows = last + 1 < len(body) or bool((fields[-1].tail or "").strip())
    return fields if text_follows else []  # a body of such lines alone is all the post shows


def trailing_fields(body: etree._Element) -> list[etree._Element]:
    """The metadata line a post body ends with, after its text: the byline a blog's comment template writes below
    the comment ("by <a>Kris</a> on February 8, 2012 at 1:26 pm. Reply #"), named so or reading so (MetaFilter's
    ``span.smallcopy``: "posted by <a>Fiddlefish</a> at 10:58 AM on September 2, 2025"), not what it says."""
    children = [child for child in body if isinstance(child.tag, str)]
    if len(children) < 2 or (children[-1].tail or "").strip():
        return []
    last = children[-1]
    if _is_field(last, MAX_FIELD_WORDS):
        return [last]
    # the only line that reads so: several are quotations, each with its author's line (a signature's collection)
    bylines = [child for child in children if _reads_as_byline(child)]
    return [last] if bylines == [last] else []


#: The line a post opens with to say which post it answers, linking to it: UKClimbing's "In reply to <a>Rob</a>:".
_IN_REPLY_TO = re.compile(r"^(?:in reply to|replying to|antwort auf|en réponse à|en respuesta a|in risposta a"
                          r"|als antwoord op|svar på|w odpowiedzi na)\s+\S.{0,40}:?$", re.I)


def _answers_a_post(el: etree._Element) -> bool:
    """Whether an element is a line saying which post the post answers (:data:`_IN_REPLY_TO`), with its link."""
    text = collapse_spaces("".join(el.itertext()))
    return next(el.iter("a"), None) is not None and _IN_REPLY_TO.match(text) is not None


def _reads_as_byline(el: etree._Element) -> bool:
    """Whether an element's text is a byline line: "by NAME on/at DATE", short (:data:`MAX_FIELD_WORDS` words)."""
    text = collapse_spaces("".join(el.itertext()))
    return len(text.split()) <= MAX_FIELD_WORDS and _BY_LINE.match(text) is not None


def _is_field(el: etree._Element, max_words: int) -> bool:
    """Whether an element is named like a post's metadata, or is the post's ``<header>`` or ``<footer>`` (GeenStijl's
    comment footer: "name | 15-04-25 | 13:36 | +214 | Report"), and short enough to be it."""
    return (el.tag in _FIELD_TAGS or bool(_META_NAME.search(el.get("class") or ""))) \
        and len(collapse_spaces(" ".join(el.itertext())).split()) <= max_words


def _is_dated_heading(el: etree._Element) -> bool:
    """Whether an element is a short heading showing a day in numbers or a time (a year alone is a title's)."""
    if el.tag not in HEADING_TAGS:
        return False
    text = collapse_spaces(" ".join(el.itertext()))
    return len(text.split()) <= MAX_FIELD_WORDS and _DAY_OR_TIME.search(text) is not None


def _is_date_text(text: str) -> bool:
    """Whether a text shows a date or a time (:data:`_DATE_TEXT`), or a day and a named month without the year."""
    return _DATE_TEXT.search(text) is not None or names_day_and_month(text)


def _name_before_date(heading: etree._Element) -> str | None:
    """The name a byline heading starts with, when its first child shows the date: "GreatAunt" of
    "<h4>GreatAunt <span>On Friday, November 2 at 12:14 pm</span></h4>"."""
    name = collapse_spaces(heading.text or "").strip(_DATE_FRAME + ",:")
    if not name or len(name.split()) > MAX_NAME_WORDS or _is_date_text(name) or not len(heading):
        return None
    first = heading[0]
    shown = collapse_spaces("".join(first.itertext())) if isinstance(first.tag, str) else ""
    return name if _DAY_OR_TIME.search(shown) else None


def read_author(member: etree._Element, body: set[etree._Element]) -> str | None:
    """A link to a user profile with a short text, else a short element named like ``author``/``username`` that is
    not a date ("asked 2 hours ago" sits in ``user-action-time``), the innermost of nested ones (Tieba's
    ``a.p_author_name`` in ``ul.p_author``, which also holds the poster's badge)."""
    named = None
    named_el: etree._Element | None = None
    for el in member.iter():
        if el in body or not isinstance(el.tag, str):
            continue
        own = el.text
        if named is None and own and (by := _BY_LINE.match(own.strip())) and len(own.split()) <= MAX_FIELD_WORDS:
            return by.group(1)  # "posted by Chris @ 10:02 PM", "written by mike, October 19, 2012"
        if named is None and el.tag in HEADING_TAGS and (name := _name_before_date(el)):
            named, named_el = name, el  # a link to the poster's user page further in still names them
        text = collapse_spaces("".join(el.itertext()))
        if not text or len(text.split()) > MAX_META_WORDS or _is_date_text(text):
            continue
        if el.tag == "a" and (is_user_href(el.get("href") or "") or is_user_card(el)) \
                and not _COUNT.fullmatch(text) and not (len(text) == 1 and text.isascii()) \
                and not _PROFILE_LABEL.fullmatch(text):
            # a user's name; a number (points, posts) or an avatar's initial links to the profile too, and the
            # initial may sit in the same link as the name (Flarum's "<span class=Avatar>E</span>Ester")
            return _without_avatar(el) or text
        if named is None and el.tail and _SAYS_AFTER.match(el.tail) and len(text.split()) <= MAX_NAME_WORDS:
            return _without_avatar(el) if el.tag == "a" else text  # "<cite>Marrije</cite> Says:"
        label = el.getprevious()
        if label is not None and _AUTHOR_LABEL.match(collapse_spaces("".join(label.itertext()))):
            return text  # a labelled field: "作者" | "billy3321 (雨蒼)"
        if named is None and el.tag == "a" and (_BY.search(_text_before(el, label)) or _is_commenters_site(el)):
            return text  # "by <a>Kris</a>", a blog commenter's name linking to their site (after a name box: a reply's)
        names = " ".join((el.get("class") or "", el.get("id") or "", el.get("itemprop") or ""))
        if (named_el is None or named_el in el.iterancestors()) and _AUTHOR_NAME.search(names) \
                and not _AUTHOR_RANK.search(names):
            named, named_el = _SAYS.sub("", text) or text, el
    return named


def _text_before(el: etree._Element, previous: etree._Element | None) -> str:
    """The text right before an element: its previous sibling's tail, else its parent's text."""
    if previous is not None:
        return previous.tail or ""
    parent = el.getparent()
    return (parent.text or "") if parent is not None else ""


def _is_commenters_site(link: etree._Element) -> bool:
    """Whether a link is a blog commenter's name linking to their own site: WordPress writes it ``a.url`` with
    ``rel="external nofollow"``, the one link of a comment's byline going away from the blog."""
    return "url" in (link.get("class") or "").split() and "external" in (link.get("rel") or "").split()


#: Elements that start a line of their own inside a link: a profile link's card shows the name on its first line, then
#: the poster's country and count of posts (Trustpilot's "Priya Raman" / "GB" / "3 reviews").
_LINE_TAGS = frozenset({"div", "p", "br", "ul", "ol", "li", "dl", "dt", "dd", *HEADING_TAGS})


def _without_avatar(link: etree._Element) -> str:
    """A link's text without the text of an avatar inside it (a letter drawn in place of a picture), its first line
    only where elements inside it start lines of their own."""
    pieces = [link.text or ""]
    for child in link:
        if isinstance(child.tag, str) and "avatar" not in (child.get("class") or "").lower():
            line = child.tag in _LINE_TAGS
            pieces.append(f"\n{''.join(child.itertext())}\n" if line else "".join(child.itertext()))
        pieces.append(child.tail or "")
    return next((shown for line in "".join(pieces).split("\n") if (shown := collapse_spaces(line))), "")


def read_date(member: etree._Element, body: set[etree._Element],
              replies: AbstractSet[etree._Element] = frozenset()) -> str | None:
    """The post's date: a ``<time>`` anywhere in it but in ``replies`` (the posts nested inside it), else a date
    shown outside its body."""
    for el in member.iter():  # <time>, or a custom element with a datetime (GitHub's <relative-time>)
        if el.tag != "time" and not (isinstance(el.tag, str) and "-" in el.tag and el.get("datetime")):
            continue
        if el in replies:
            continue
        value = el.get("datetime") or collapse_spaces("".join(el.itertext()))
        if value:
            return value
    profile = {el for field in member.iter("dd") if _labelled(field) for el in field.iter()}  # "Joined: Aug 31, 2002"
    for label in member.iter():  # a label and its value in two elements: MyBB's "Registriert seit:" | "Sep 2022"
        if isinstance(label.tag, str) and _JOINED.match(collapse_spaces(label.text or "")) \
                and (value := label.getnext()) is not None:
            profile.update(value.iter())
    # a heading is often the post's title, and a year or a "yesterday" there is the title's ("Re: Boeing 777X
    # Production Thread - 2020"): a date in a heading (a comment's "Ann on October 30, 2012 at 11:02 am") needs a day
    # in numbers or a time
    headings = {el for heading in member.iter(*HEADING_TAGS) for el in heading.iter()}
    for el in member.iter():
        if el in body or el in profile or not isinstance(el.tag, str):
            continue
        title = el.get("title") or ""
        if (stamp := _TITLE_DATE.match(title)) is not None:
            return stamp.group(1)
        if _DAY_IN_TITLE.fullmatch(title.strip()):  # MyBB: <span title="05.03.2024">Gestern</span>, 21:12
            return title.strip()
        for text, titled in ((el.text, el in headings), (el.tail, el in headings and el.tag not in HEADING_TAGS)):
            text = collapse_spaces(text or "")
            if _JOINED.match(text):
                continue  # the poster's user card: "Joined: Jun 26, 2004"
            text = _shown_date(text)
            if text and len(text.split()) <= MAX_META_WORDS and (
                    _DAY_OR_TIME.search(text) if titled else _is_date_text(text)):
                return text
    return None


#: What separates a poster's name from the date after it on one line ("The Keeper - October 26, 2012").
_SEPARATORS = (" - ", " – ", " — ", " | ", " · ", " • ")


def _shown_date(text: str) -> str:
    """A date as shown, without the label before it ("Reply #3 on: ", "Posted: "), the name it follows after a
    separator ("The Keeper - October 26, 2012") or the arrows around it."""
    label, colon, rest = text.partition(": ")
    if colon and _is_date_text(rest) and not _is_date_text(label):
        text = rest
    for separator in _SEPARATORS:
        name, cut, rest = text.rpartition(separator)
        if cut and _is_date_text(rest) and not _is_date_text(name):
            text = rest
            break
    if (by := _BY_LINE.match(text.strip())) is not None:
        text = text.strip()[by.end():]
    return _ON.sub("", text.strip(_DATE_FRAME))


def _labelled(value: etree._Element) -> bool:
    """Whether a ``<dd>`` is a labelled field of a user card: its ``<dt>`` ends with a colon ("Joined:")."""
    label = value.getprevious()
    return label is not None and label.tag == "dt" and "".join(label.itertext()).strip().endswith(":")


def first_found(read: Callable[[etree._Element, set[etree._Element]], str | None], elements: Sequence[etree._Element],
           body: set[etree._Element]) -> str | None:
    """What ``read`` finds in the first of ``elements`` where it finds anything."""
    return next((found for el in elements if (found := read(el, body))), None)



def _outside(member: etree._Element, body: set[etree._Element]) -> list[etree._Element]:
    return [el for el in member.iter() if isinstance(el.tag, str) and el not in body]



def read_votes(member: etree._Element, replies: AbstractSet[etree._Element] = frozenset()) -> int | None:
    """The number the first element named like a vote count shows (its own text, or its ``data-value``), in the
    body too (a question found above the answers has its vote count kept with its text), not in ``replies`` (the
    elements of the posts nested inside it)."""
    for el in member.iter():
        if not isinstance(el.tag, str) or el in replies:
            continue
        names = " ".join((el.get("class") or "", el.get("id") or "", el.get("itemprop") or ""))
        if not VOTE_NAME.search(names) or _POSTER_STAT.search(names):
            continue
        text = collapse_spaces("".join(el.itertext()))
        for value in (el.get("data-value"), el.get("data-score"), text):
            shown = VOTE_NUMBER.match(value.strip()) if value else None
            if shown:
                number = shown.group(1).replace(" ", "").replace("−", "-").replace(",", "")
                if number[-1] in "kK":
                    return int(float(number[:-1]) * 1000)
                try:
                    return int(float(number))
                except ValueError:
                    continue
    return None


def is_accepted(member: etree._Element, body: set[etree._Element]) -> bool:
    """Whether the member (or a badge in it) is marked as the accepted answer or the solution. A link named so is
    the question's way to its solution ("Solved! Go to Solution."), not a badge."""
    if _ACCEPTED.search(member.get("class") or ""):
        return True
    for el in _outside(member, body):
        label = " ".join((el.get("class") or "", el.get("title") or "", el.get("aria-label") or ""))
        if _ACCEPTED.search(label) and "accepted" in label.lower() and not _is_link(el):
            return True
        if el.text and _ACCEPTED_TEXT.match(collapse_spaces("".join(el.itertext()))):
            return True
    return False


def _is_link(el: etree._Element) -> bool:
    """Whether ``el`` is a link, or shows nothing but one."""
    links = [a for a in el.iter("a") if a.get("href")]
    return bool(links) and collapse_spaces("".join(el.itertext())) == collapse_spaces(
        " ".join("".join(a.itertext()) for a in links))


def read_permalink(member: etree._Element, body: set[etree._Element]) -> str | None:
    """A link to the post itself: to the member's own anchor, or named like a permalink."""
    ident = member.get("id") or ""
    for el in _outside(member, body):
        if el.tag != "a":
            continue
        href = el.get("href") or ""
        names = " ".join((el.get("class") or "", el.get("rel") or "", el.get("title") or ""))
        text = (el.text or "").strip().lower()
        if href and ((ident and href.endswith("#" + ident)) or _PERMALINK_NAME.search(names) or text == "permalink"):
            return href
    return None
