"""An article's comment thread told by its layout alone, where its names and headings say nothing we read.

Page typing reads a comment section's class names (``li.comment``) and the heading above it ("29 Responses to …",
:mod:`~scrapy_boiler.segment.comment_headings`). Hashed names (CSS-in-JS), names in a language we do not list
(``kommentar``, ``reactie``) and a section without a heading leave a third sign, the layout: below the article's body,
entries that each show the minute they were written, none under a title of its own. A list of other stories or of
a forum's threads opens each entry with its title's link, a live blog's entries and a blog's front page carry
headings, and an archive shows the day only.
"""

from __future__ import annotations

import re

from lxml import etree

from scrapy_boiler.segment.blocks import HEADING_TAGS
from scrapy_boiler.segment.post_groups import PostGroup
from scrapy_boiler.segment.post_marks import shows_when
from scrapy_boiler.segment.text_stats import words

#: Words of running text above the group (page typing's ``lead``: the article's body) at least.
STAMPED_LEAD = 100
#: Members at least.
STAMPED_MEMBERS = 4
#: Share of the members, at least, showing the minute they were written.
STAMPED_SHARE = 0.9
#: Share of the members, at most, that are entries under a title (:func:`_titled`).
STAMPED_TITLED = 0.25
#: Words of a link opening a member that make it the member's title.
TITLE_LINK_WORDS = 4

#: A member's first text that is not blank (:func:`_titled`).
_FIRST_TEXT = etree.XPath("(.//text()[normalize-space()])[1]")
#: A time of day, or a time ago in a few languages (:func:`has_time`).
_TIME = re.compile(r"\b\d{1,2}:\d{2}\b|\bago\b|\bvor\s+\d+\s+(?:min|std|stunde|tag)|\bil y a\b|\bhace\s+\d", re.I)


def stamped_under_body(group: PostGroup, lead: int) -> bool:
    """Whether an article's post group is its comment thread by its layout alone, for the sites whose names and
    headings say nothing we read (hashed names, names and headings in a language we do not list): the group follows
    a body of at least :data:`STAMPED_LEAD` words (``lead``), holds :data:`STAMPED_MEMBERS` members or more, nearly
    all of which show the minute they were written (:func:`has_time`, in the member or where its byline is read: a
    ``<dd>``'s ``<dt>``), and few of which are entries under a title (:func:`_titled`). A blog's front page lists its
    posts under their titles, and so do lists of stories and of a forum's threads, timed or not; a live blog's
    entries are its body, above which only a summary stands, and carry headings. Where the article was found above
    the comments as a thread's question (the group's first member), its words count as the body's."""
    members = group.members
    if group.question_found:  # the article itself, found above the comments as a thread's question
        lead += words(" ".join(members[0].itertext()))
        members = members[1:]
    if lead < STAMPED_LEAD or len(members) < STAMPED_MEMBERS:
        return False
    return (sum(map(_titled, members)) <= STAMPED_TITLED * len(members)
            and sum(any(map(has_time, group.bylines(member))) for member in members) >= STAMPED_SHARE * len(members))


def _titled(member: etree._Element) -> bool:
    """Whether the member is an entry under a title: it holds a heading, or its first words are a link of at least
    :data:`TITLE_LINK_WORDS` words (a story's or a thread's title; a comment opens with its poster's name)."""
    if member.tag in HEADING_TAGS or next(member.iter(*HEADING_TAGS), None) is not None:
        return True
    first = _FIRST_TEXT(member)
    if not first:
        return False
    holder = first[0].getparent()
    if first[0].is_tail:  # the text after an element is its parent's
        holder = holder.getparent()
    for el in (holder, *holder.iterancestors()):
        if el.tag == "a":
            return words(" ".join(el.itertext())) >= TITLE_LINK_WORDS
        if el is member:
            break
    return False


def has_time(member: etree._Element) -> bool:
    """Whether the member shows when it was written to the minute: a ``<time>`` element, a time of day ("1:38 pm",
    "12:06 PM EDT") or a time ago ("3 hours ago", "vor 14 Minuten"). Comments do; the entries of an archive or a
    list of stories show a date at most."""
    return shows_when(member, _TIME.search)
