"""A post's header written as the sibling before it (who wrote it, when) is read as its header row."""

from __future__ import annotations

from scrapy_boiler import extract
from scrapy_boiler.parse.html import parse_html
from scrapy_boiler.segment.post_groups import find_post_group

_REPLIES = [
    "Thanks for the detailed report. The reboot check reads the logged-in users from utmp, and mosh sessions do not "
    "write to utmp, so the check sees nobody and reboots the machine at the configured time.",
    "It was not installed, I removed it with a few other recommends when I set up the box. After installing it again "
    "the check works and the machine stays up while I am connected.",
    "I ran into the same problem with detached tmux sessions and have been using the change below for a few weeks: it "
    "asks logind for the sessions instead of reading utmp, with a timeout.",
    "Done: the call now has a timeout of five seconds, and any failure falls back to the old check.",
]


def _message(n: int, text: str) -> str:
    """A message as Debian's bug tracker shows it: a box of header lines, then the text in a ``<pre>``."""
    return (f'<div class="headers"><div class="header"><span class="headerfield">From:</span> Person {n} '
            f'&lt;p{n}@example.org&gt;</div><div class="header"><span class="headerfield">Date:</span> Tue, 0{n} Apr '
            f'2024 10:47:31 +0200</div></div><pre class="message">{text}</pre>')


def test_a_posts_header_in_the_sibling_before_it_is_its_header_row():
    """Debian's bug tracker: each message's header box (From, Date) precedes its ``<pre>``; they are the posts' header
    rows, so the page is a thread of dated posts."""
    html = ("<html><head><title>#1068421 - reboots although a session is active</title></head><body>"
            "<h1>Debian Bug report logs - #1068421</h1>" + "".join(_message(n, text) for n, text in
                                                                   enumerate(_REPLIES, start=1)) + "</body></html>")
    group = find_post_group(parse_html(html).root)
    assert group is not None and len(group.members) == 4
    assert [" ".join(" ".join(group.heads[member].itertext()).split()[:3]) for member in group.members] == [
        f"From: Person {n}" for n in range(1, 5)]
    doc = extract(html, "https://bugs.debian.org/cgi-bin/bugreport.cgi?bug=1068421")
    assert doc.page_type == "forum"
    assert [post.text for post in doc.posts] == _REPLIES


def test_siblings_before_that_are_long_or_unlike_are_no_header_rows():
    """A sibling before each post that is long (an article's paragraph before each quotation), or of another make for
    one post, is no header row; nor is a comment's ``<dt>`` over its ``<dd>`` (a blog's comments, no thread's
    evidence)."""
    long = " ".join(["word"] * 70)
    html = "".join(f'<div class="headers">{long}</div><pre class="message">{text}</pre>' for text in _REPLIES)
    group = find_post_group(parse_html(f"<html><body>{html}</body></html>").root)
    assert group is not None and not group.heads
    parts = [_message(n, text) for n, text in enumerate(_REPLIES, start=1)]
    parts[2] = parts[2].replace('class="headers"', 'class="notice"')
    group = find_post_group(parse_html(f"<html><body>{''.join(parts)}</body></html>").root)
    assert group is not None and not group.heads
    comments = "".join(f"<dt>Person {n} on July 2{n}, 2012</dt><dd class='comment'>{text}</dd>"
                       for n, text in enumerate(_REPLIES, start=1))
    group = find_post_group(parse_html(f"<html><body><dl>{comments}</dl></body></html>").root)
    assert group is not None and not group.heads


def test_a_conversations_short_turns_between_the_answers_are_posts_not_header_rows():
    """A shared ChatGPT conversation alternates a user's short question and a long answer, each an ``<article>`` of
    one class around a box of another class each (``pt-3``, ``pb-10``): the questions say neither who wrote nor when,
    so they are posts, not the answers' header rows; a forum's header rows (a poster and a date over each post,
    GameFAQs') still are."""
    questions = ["how do I rename my photos by the date they were taken?", "what about files without EXIF data?",
                 "can I sort them into folders by month too?"]
    turn = '<article class="turn"><div class="text-base {0}"><div class="message"><p>{1}</p></div></div></article>'
    turns = "".join(turn.format("pt-3", question) + turn.format("pb-10", answer)
                    for question, answer in zip(questions, _REPLIES, strict=False))
    group = find_post_group(parse_html(f"<html><body><main>{turns}</main></body></html>").root)
    assert group is not None and not group.heads and len(group.members) == 6
    rows = "".join(
        f'<tr><td class="author"><a href="/users/u{n}">user{n}</a> Posted 4/{n}/2025 10:1{n}:00 AM</td></tr>'
        f'<tr><td class="msg"><div class="body">{text}</div></td></tr>' for n, text in enumerate(_REPLIES, start=1))
    group = find_post_group(parse_html(f"<html><body><table>{rows}</table></body></html>").root)
    assert group is not None and len(group.heads) == 4
