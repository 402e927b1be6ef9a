"""Page-type detection, post grouping and Q&A pairs on small thread pages written for the tests."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import zlib
from collections.abc import Callable
from dataclasses import replace

import pytest
from lxml import etree

from scrapy_boiler import extract
from scrapy_boiler.assemble.post_byline import leading_fields, read_author, read_date, trailing_fields
from scrapy_boiler.extractors import registry
from scrapy_boiler.extractors.threads.opening_post import settle_thread
from scrapy_boiler.extractors.threads.page_type import detect
from scrapy_boiler.parse.html import parse_html
from scrapy_boiler.segment.blocks import annotate, segment
from scrapy_boiler.segment.post_groups import find_post_group
from scrapy_boiler.segment.post_marks import has_date_text
from scrapy_boiler.segment.poster_slots import poster_slot_members
from scrapy_boiler.segment.signatures import signature
from scrapy_boiler.segment.text_stats import text_stats


def test_qa_page_is_detected_and_keeps_question_and_answers(page_bytes):
    doc = extract(page_bytes("qa_thread.html"), "https://kitchen.example/questions/4821/keep-bread-fresh",
                  model="posts")
    assert doc.page_type == "qa" and doc.page_type_score > 0.9
    assert doc.model == "posts"
    assert len(doc.posts) == 4
    assert doc.posts[0].text.startswith("I bake a large sourdough loaf")
    assert doc.posts[0].author == "marta" and doc.posts[0].date == "2024-03-02T09:14:00"
    assert [p.author for p in doc.posts[1:]] == ["ben baker", "lin", "olek"]
    assert len(doc.qa_pairs) == 3
    question = doc.qa_pairs[0].question
    assert question.startswith("How do I keep bread fresh for a week?") and "sourdough" in question
    assert doc.qa_pairs[2].answer.startswith("Adding a little rye flour")
    for boilerplate in ("Related questions", "Why does bread go stale?", "trademarks", "3 Answers"):
        assert boilerplate not in doc.text
    assert "Slice the loaf" in doc.text and "linen bread bag" in doc.text and "rye flour" in doc.text


def test_forum_thread_posts_without_profile_boxes(page_bytes):
    doc = extract(page_bytes("forum_thread.html"), "https://bikes.example/viewtopic.php?t=9911", model="posts")
    assert doc.page_type == "forum"
    assert [p.text.split()[0] for p in doc.posts] == ["Since", "A", "Thanks!"]
    assert all("Joined" not in p.text and "Posts:" not in p.text for p in doc.posts)
    assert doc.posts[1].author is not None and "spokesman" in doc.posts[1].author
    assert [pair.answer.split()[0] for pair in doc.qa_pairs] == ["A", "Thanks!"]
    assert "Who is online" not in doc.text and "Board index" not in doc.text


@pytest.fixture
def rules_only(monkeypatch):
    """``auto`` without a trained type-2 model: thread pages go to the ``posts`` rules."""
    monkeypatch.setattr(registry, "_type2_model", lambda device: None)
    registry._build.cache_clear()
    yield
    registry._build.cache_clear()


def test_router_sends_threads_to_the_posts_rules(page_bytes):
    doc = extract(page_bytes("forum_thread.html"))
    assert doc.model == "posts" and doc.page_type == "forum" and len(doc.posts) == 3


def test_news_model_on_a_thread_is_what_the_router_avoids(page_bytes, rules_only):
    """The article rules keep the largest stretch; the router must keep every answer."""
    html = page_bytes("qa_thread.html")
    auto = extract(html)
    assert all(answer in auto.text for answer in ("Slice the loaf", "linen bread bag", "rye flour"))
    assert extract(html, model="news").page_type == "article"  # explicit models don't detect types


def test_article_stays_article_and_has_no_pairs(page_bytes):
    doc = extract(page_bytes("news_article.html"))
    assert doc.page_type == "article" and doc.model == "blend"
    assert doc.qa_pairs == []


def test_comment_thread_under_an_article_is_kept_apart():
    body = "<p>" + " ".join(["The council voted on the new harbour plan after a long debate."] * 12) + "</p>"
    comments = "".join(
        f'<li class="comment" id="comment-{i}"><div class="comment-author"><a href="/users/u{i}">user{i}</a></div>'
        f'<div class="comment-meta">March {i}, 2024 at 10:0{i} am</div>'
        f'<div class="comment-text"><p>Comment number {i} says the plan is fine but the budget is too high.</p></div>'
        "</li>"
        for i in range(1, 6)
    )
    html = f"<html><head><title>Harbour plan</title></head><body><article><h1>Harbour plan</h1>{body}</article>" \
           f'<ol class="commentlist">{comments}</ol></body></html>'
    doc = extract(html)
    assert doc.page_type == "article"
    assert "council voted" in doc.text and "Comment number" not in doc.text
    assert len(doc.posts) == 5 and doc.posts[0].text.startswith("Comment number 1")
    assert doc.qa_pairs == []


def _timeline(event: Callable[[int, str], str], comment: Callable[[int, str], str], events: list[str],
              sentences: list[str]) -> str:
    """An issue's timeline: three event entries (``events``) between four comments (``sentences``), numbered 1 to 7
    in page order: an event, a comment, an event, two comments, an event, a comment."""
    return (event(1, events[0]) + comment(2, sentences[0]) + event(3, events[1]) + comment(4, sentences[1])
            + comment(5, sentences[2]) + event(6, events[2]) + comment(7, sentences[3]))


def test_an_issues_metadata_updates_in_a_paragraph_are_no_posts():
    """Pagure writes the changes to an issue's fields as a paragraph ("Metadata Update from @ann: - Issue assigned to
    ann"), in a card shaped unlike the comments' (no header) in a box named for the issue's action: its activity, not
    a post, though it holds a paragraph."""
    def stamp(i: int) -> str:
        return f'<a href="#comment-{i}"><span title="2025-06-0{i} 09:12:47 UTC">a month ago</span></a>'

    def update(i: int, changes: str) -> str:
        return (f'<div class="card mb-3 clearfix bg-light" id="comment-{i}"><div class="card-body py-2 px-2"><div '
                f'class="issue_action comment_body small text-muted"><p><strong>Metadata Update from <a '
                f'href="/user/ann">@ann</a></strong>:<br>{changes}</p>{stamp(i)}</div></div></div>')

    def comment(i: int, words: str) -> str:
        return (f'<div class="card mb-3 clearfix" id="comment-{i}"><div class="card-header"><div><a href="/user/u{i}"'
                f' class="font-weight-bold">u{i}</a> <span class="text-muted">commented</span> {stamp(i)}</div></div>'
                f'<div class="card-body pt-2 pb-1"><div class="comment_body"><p>{words}</p></div></div></div>')

    sentences = ["The three mirrors at the top of your metalink are all in the same network block as your workers.",
                 "That did it: the metalink now starts with mirrors that carry today's repodata. Thanks a lot!",
                 "Out of curiosity, is there a way to see from the client side which mirror dnf actually used?",
                 "The mirror admins have fixed their routing, so I re-enabled all three of them. Closing this one."]
    changes = ["- Issue assigned to ann<br>- Issue priority set to: Waiting on Assignee<br>- Issue tagged with: ops",
               "- Issue status updated to: Closed (was: Open)", "- Issue close_status updated to: Fixed"]
    opening = "Since Tuesday, dnf on our IPv6-only build workers fails to download the metadata of updates-testing."
    timeline = comment(0, opening) + _timeline(update, comment, changes, sentences)
    html = ("<html><head><title>Issue #12487: mirrors behind - fedora-infrastructure - Pagure.io</title></head><body>"
            "<h4>#12487 Fedora 42 metalink points IPv6 clients to mirrors that are two days behind</h4>"
            f"<section id='comments' class='list-group'>{timeline}</section></body></html>")
    group = find_post_group(parse_html(html).root)
    assert group is not None
    assert ["".join(member.itertext()).split("a month ago")[-1] for member in group.members] == [opening, *sentences]


def test_an_issues_field_changes_written_as_comments_of_its_own_template_are_no_posts():
    """Pachno (The Bug Genie) writes a change to an issue's fields as a ``div.comment.syscomment`` among the comments,
    dated and signed like them, its words in a ``div.issue_changes`` ("The status has been updated, from New to
    Confirmed."), without the comments' container: the comments read 0.28 alike with them, and once they were left
    out as events, their bodies, named as the comments' are, came back as posts of another template."""
    def comment(i: int, words: str) -> str:
        return (f'<div class="comment" id="comment_{20313 + i}"><div id="comment_view_{20313 + i}" class="comment-'
                f'container"><div class="commentheader"><a href="#comment_{20313 + i}" class="comment_hash">#{i}</a>'
                f'<div class="commenttitle"><a href="/lumen/user/u{i}" class="userlink">user {i}</a></div><div class='
                f'"commentdate">Jan 9, 2025 0{i}:41</div></div><div class="commentbody article commentcontent" id='
                f'"comment_{20313 + i}_body"><p>{words}</p></div><div class="commentactions"><a class="button" href='
                f'"#">Reply</a></div></div></div>')

    def change(i: int, changes: str) -> str:
        return (f'<div class="comment syscomment" id="comment_{20313 + i}"><div class="commentheader"><a href="#comment'
                f'_{20313 + i}" class="comment_hash">#{i}</a><div class="commenttitle"><a href="/lumen/user/u9" class='
                f'"userlink">Lukas Brenner</a></div><div class="commentdate">Jan 9, 2025 0{i}:17</div></div><div class='
                f'"commentbody article commentcontent"><div class="issue_changes">{changes}</div></div></div>')

    sentences = ["Same here with a library on a Samba share, mounted via CIFS. Downgrading to 3.1.4 makes it go away.",
                 "In 3.2.0 the cache key takes the modification time with nanoseconds, which some shares round off.",
                 "That confirms it: when either timestamp has no sub-second part we now compare whole seconds only.",
                 "Tried the nightly on CIFS: the first start rebuilt the cache once, every start since has been quick."]
    changes = ["The status has been updated, from <strong>New</strong> to <strong>Confirmed</strong>.<br>The assignee "
               "has been changed to <strong>Lukas Brenner</strong>.", "The status has been updated, from "
               "<strong>Confirmed</strong> to <strong>Fixed</strong>.<br>The milestone has been changed to 3.2.1.",
               "The issue has been closed with the resolution <strong>Fixed</strong> by Lukas Brenner."]
    html = ("<html><head><title>Library rescans on every start - Lumen - Pachno</title></head><body><h1>Library "
            "rescans on every start</h1><div class='description'><p>Since 3.2.0 every start rescans the whole "
            "library on a network share, which takes twenty minutes.</p></div><div class='comments' id='comments_box'>"
            f"{_timeline(change, comment, changes, sentences)}</div></body></html>")
    doc = extract(html, "https://issues.lumen.example/lumen/issues/1187")
    assert [post.text for post in doc.posts][-4:] == sentences
    assert not any("status has been updated" in post.text for post in doc.posts)


def test_comments_in_a_timeline_whose_every_entry_is_named_an_event_stay_posts():
    """Phabricator names every entry of a task's timeline an event (``phui-timeline-event-view``), its comments too:
    a comment with a paragraph, shaped like the others, is a post; the one-line events between them are not."""
    def entry(i: int, inner: str) -> str:
        return (f'<div class="phui-timeline-shell"><div class="phui-timeline-event-view"><div class="phui-timeline-'
                f'title"><a href="/p/u{i}/">u{i}</a> {inner}<span class="date">Mar {i} 2025, 3:41 PM</span></div>')

    def event(i: int, words: str) -> str:
        return entry(i, words) + "</div></div>"

    def comment(i: int, words: str) -> str:
        content = f'<div class="phui-timeline-core-content"><p>{words}</p></div>'
        return entry(i, "added a comment.") + content + "</div></div>"

    sentences = ["The highlight colours disappear from the list when live updates are switched off again here.",
                 "I can reproduce this on the beta cluster with the same two filters and a fresh account too.",
                 "The rows are re-rendered without the classes that the highlight filters add to each of them.",
                 "Fixed in the next train: the classes are now applied again after each batch of new rows."]
    events = ["triaged this task as Medium priority.", "claimed this task.", "closed this task as Resolved."]
    group = find_post_group(parse_html(f"<html><body><div class='phui-timeline-view'>"
                                       f"{_timeline(event, comment, events, sentences)}</div></body></html>").root)
    assert group is not None
    texts = ["".join(member.itertext()) for member in group.members]
    assert [member.findtext(".//p") for member in group.members if member.find(".//p") is not None] == sentences
    assert not any(words in text for text in texts for words in events[1:])  # (the first one opens the task)


def test_an_issues_activity_entries_as_long_as_a_comment_are_no_posts():
    """Launchpad draws a bug's activity log between its comments, in entries shaped as the comments are above their
    box (who, when), the changes listed in a table named for the activity ("status: New → Confirmed"): as long as a
    short comment, no paragraph, no post."""
    def header(i: int) -> str:
        return (f'<div class="boardCommentDetails"><table><tr><td><a href="/~u{i}" class="person">Ann Ray</a> '
                f'(ann) on <time datetime="2025-05-0{i}T10:00:00">2025-05-0{i}</time></td></tr></table></div>')

    def activity(i: int, rows: str) -> str:
        return (f'<div class="boardComment">{header(i)}<div class="boardCommentActivity"><table class="bug-activity">'
                f"{rows}</table></div></div>")

    def comment(i: int, words: str) -> str:
        return (f'<div class="boardComment editable-message">{header(i)}<div class="boardCommentBody">'
                f'<div class="comment-text"><p>{words}</p></div></div></div>')

    changed = ('<tr><td colspan="2"><b>Changed in rsyslog (Ubuntu Plucky):</b></td></tr><tr><td class="key">status:'
               '</td><td class="value">Triaged → Fix Committed</td></tr>')
    sentences = ["Same on a fresh server install, so it is not only about upgrades of older releases.",
                 "Thanks for the report; the profile was switched to enforce mode on purpose this cycle.",
                 "Installed the proposed package on the log server and the remote logs are written again.",
                 "This bug was fixed in the package now published to the updates pocket of the release."]
    tags = '<tr><td class="key">tags:</td><td class="value">added: amd64 apport-bug plucky</td></tr>'
    timeline = _timeline(activity, comment, [tags, changed, changed], sentences)
    description = "<p>" + " ".join(["After the upgrade, rsyslog no longer writes the logs of remote hosts."] * 8)
    html = (f"<html><head><title>Bug #2110734 “rsyslog AppArmor profile blocks remote logs”</title></head><body>"
            f"<h1>rsyslog AppArmor profile blocks remote logs</h1><div id='bug-description'>{description}</p></div>"
            f"<div id='comments-container' class='conversation'>{timeline}</div></body></html>")
    doc = extract(html, "https://bugs.launchpad.example/ubuntu/+source/rsyslog/+bug/2110734")
    assert "rsyslog no longer writes" in doc.text
    assert [post.text for post in doc.posts if "rsyslog no longer" not in post.text] == sentences



def test_an_issues_journal_entries_listing_changed_fields_are_no_posts():
    """Redmine writes each change of an issue as a journal entry shaped as a note is, above its text (who, when); an
    entry that only changes fields lists them in ``ul.details`` ("Status changed from New to Confirmed") and holds
    no note: no post. A note that also changes fields is one."""
    def entry(i: int, inner: str, kind: str) -> str:
        return (f'<div id="change-{i}" class="journal {kind}"><div id="note-{i}"><div class="contextual">'
                f'<a href="#note-{i}" class="journal-link">#{i}</a></div><h4 class="note-header">'
                f'<a class="user active" href="/users/{i}">Katrin Lehmann</a> <a title="31.10.2025 09:0{i}" '
                f'href="/activity?from=2025-10-31">4 months ago</a> updated</h4>{inner}</div></div>')

    def changes(i: int, what: str) -> str:
        return entry(i, f'<ul class="details">{what}</ul>', "has-details")

    def note(i: int, words: str) -> str:
        return entry(i, f'<div id="journal-{i}-notes" class="wiki"><p>{words}</p></div>', "has-notes")

    field = "<li><strong>{0}</strong> changed from <i>New</i> to <i>Confirmed</i></li>"
    events = ["".join(field.format(name) for name in ("Status", "Assignee", "Category")), field.format("Status"),
              field.format("Target version") + field.format("% Done")]
    sentences = ["Thanks for the log, that is clear: the gateway sends the switching times in UTC to the thermostat.",
                 "Same here with two thermostats on 2.4.0; shifting every time by an hour works until a restart.",
                 "The fix is in 4e1a9c7: the gateway now sends the local wall time with the zone's rules for it.",
                 "The beta has been running for five days on all three devices and switched at the right times."]
    description = " ".join(["Since the change to winter time the weekly program switches an hour early."] * 6)
    html = (f"<html><head><title>Bug #4127: Weekly program switches an hour early - Thermostat</title></head><body>"
            f"<div class='issue'><h3>Weekly program switches an hour early</h3><p class='author'>Added by <a href="
            f"'/users/9'>Jonas Albrecht</a> 4 months ago</p><div class='description'><div class='wiki'><p>"
            f"{description}</p></div></div></div><div id='history'><h3>History</h3>"
            f"{note(1, sentences[0])}{changes(2, events[0])}{note(3, sentences[1])}{note(4, sentences[2])}"
            f"{changes(5, events[1])}{changes(6, events[2])}{note(7, sentences[3])}</div></body></html>")
    doc = extract(html, "https://tracker.example/issues/4127")
    assert [post.text for post in doc.posts if "winter time" not in post.text] == sentences

def test_an_issues_event_lines_between_its_comments_leave_the_comments_whole():
    """GitLab draws an issue's timeline as one list: short event lines ("Ann added the bug label · 3 weeks ago",
    shaped like no comment) between the comments. They are no posts, and do not make the comments look unlike."""
    def event(i: int, what: str) -> str:
        return (f'<li class="note system-note timeline-entry note-wrapper" id="note_{i}"><div class="timeline-icon">'
                f'<svg></svg></div><span class="system-note-message"><a class="author-link" href="/u{i}">Ann Ray</a> '
                f'{what} <a href="#note_{i}"><time datetime="2025-09-1{i}">3 weeks ago</time></a></span></li>')

    def comment(i: int, words: str) -> str:
        return (f'<li class="note note-wrapper timeline-entry note-comment" id="note_{i}"><div class="note-header">'
                f'<a class="js-user-link" href="/u{i}">Bo Lind</a> <a href="#note_{i}"><time datetime="2025-09-1{i}">'
                f'3 weeks ago</time></a></div><div class="note-body"><div class="note-text md"><p>{words}</p></div>'
                f'</div></li>')

    sentences = ["The compactor stalls as soon as a segment passes two gigabytes on our staging nodes.",
                 "Same here on ext4, so the filesystem does not matter for this one at all.",
                 "The offset is read as a signed int32 in the segment reader, which explains the negative value.",
                 "Deployed the patch release yesterday and the pending bytes have stayed flat since then."]
    timeline = _timeline(event, comment, ["added the <a href='/l'>bug</a> label and removed <a href='/t'>triage</a>",
                                          "changed the milestone to <a href='/m'>%1.2</a>",
                                          "closed this issue with <a href='/mr'>!194</a>"], sentences)
    description = "<p>" + " ".join(["After the upgrade, background compaction stops on two of five nodes."] * 8)
    html = (f"<html><head><title>Compaction stalls (#2418) · Issues</title></head><body><main><h1>Compaction "
            f"stalls</h1><div class='description'>{description}</p></div><ul class='notes main-notes-list'>"
            f"{timeline}</ul></main></body></html>")
    doc = extract(html, "https://gitlab.example/db/db/-/issues/2418")
    assert "background compaction" in doc.text
    assert doc.posts[0].text.startswith("After the upgrade")  # the issue's description opens the thread
    assert [post.text for post in doc.posts[1:]] == sentences
    # a short dated comment written in a paragraph is a comment, shaped unlike the others or not
    short = ('<li class="note note-wrapper timeline-entry note-comment" id="note_8"><div class="note-text"><p>Same '
             'here, fixed by the patch.</p></div><a href="#note_8"><time datetime="2025-09-18">2 weeks ago</time></a>'
             '</li>')
    doc = extract(html.replace("</ul>", short + "</ul>"), "https://gitlab.example/db/db/-/issues/2418")
    assert [post.text for post in doc.posts[1:]] == [*sentences, "Same here, fixed by the patch."]


def test_reply_rows_holding_the_comment_rows_class_and_more_are_comments_too():
    """Clien draws the poster's replies as siblings of the comments, "comment_row re by-author" among "comment_row"
    rows: a class list holding all of the group's first member's and more joins its group."""
    said = ["Eleven kilometres each way is easy with pedal assist, even with the hill near the office.",
            "Thanks, the hill was the reason I bought one; without the motor I arrived soaked every day.",
            "How heavy is the battery when you carry it up to the office every morning and evening?",
            "About three kilos, a bit heavy in a backpack but you get used to it after a week or two.",
            "Rain is the real problem here too, the brakes are much weaker on a wet road downhill.",
            "I gave up on rainy days and take the subway, it is not worth the risk on the wet tracks.",
            "Winter will tell, the battery loses range below zero according to everything I have read."]
    replies = {1, 3}

    def row(i: int) -> str:
        name = "comment_row re by-author" if i in replies else "comment_row "
        return (f'<div class="{name}" data-comment-sn="10182{i}"><div class="comment_info"><span class="nickname">'
                f'user{i}</span><span class="timestamp">2025-10-13 09:0{i}:48</span></div><div class="comment_content">'
                f'<div class="comment_view">{said[i]}</div></div><div class="comment_content_buttons"><button>Reply'
                f'</button></div></div>')

    post = "<p>" + " ".join(["I have been commuting eleven kilometres by electric bike since April."] * 9) + "</p>"
    html = (f"<html><head><title>Six months of e-bike commuting : Clien</title></head><body><div class='post_view'>"
            f"<h3 class='post_subject'>Six months of e-bike commuting</h3><div class='post_article'>{post}</div></div>"
            f"<div class='comment'>{''.join(row(i) for i in range(7))}</div></body></html>")
    doc = extract(html, "https://www.clien.example/service/board/park/19000001")
    assert [p.text for p in doc.posts][-7:] == said
    # rows whose classes hold a layout's ("row-fluid" of a phpBB theme's title row) and more stay apart from it
    from scrapy_boiler.segment.post_groups import _sibling_groups
    board = parse_html("<div class='container'><div class='row-fluid'>omxplayer playing from a pipe</div>"
                       + "".join(f"<div class='post row-fluid {'odd' if i % 2 else 'even'}' id='p2488{i}'><p>Reply {i}."
                                 "</p></div>" for i in range(4)) + "</div>")
    container = board.root.find(".//div[@class='container']")
    assert sorted(len(members) for members in _sibling_groups(container).values()) == [1, 4]


def test_signature_ignores_digits_and_keeps_generated_ids():
    el = etree.fromstring('<div class="post post-123 bg2" id="p1001"/>')
    assert signature(el) == "div.bg post post-#p"


def test_signature_drops_a_posts_own_id_from_class_names_and_ids():
    """Post ids that mix letters into the digits (``t1_ehzpcbo``, ``moreComments-t1_eiiix``) are cut at their
    first digit, so every post of a template has one signature; CSS-module hashes only lose their digits."""
    first = etree.fromstring('<div class="Comment t1_ehzpcbo _1YCqQVO-9r" id="moreComments-t1_eiiix"/>')
    second = etree.fromstring('<div class="Comment t1_abcdefg _1YCqQVO-9r" id="moreComments-t1_zz3"/>')
    assert signature(first) == signature(second) == "div.Comment _YCqQVO-r t#moreComments-t"


def test_more_replies_stubs_between_posts_neither_break_the_thread_nor_become_posts():
    """A "3 more replies" stub after each post is a sibling of another shape: the posts still make a group, and
    the stubs are not posts."""
    rows = []
    for n, text in enumerate([
        "Shorten the bulk ferment by an hour and bake it hotter, that fixed the same problem for me.",
        "Score it deeper, the loaf cannot expand when the cut is too shallow for the oven spring.",
        "Preheat the pot inside the oven for a full forty five minutes before the dough goes in.",
        "Check your starter first, a weak starter gives a loaf that rises and then falls flat.",
    ]):
        rows.append(f'<div><div class="c"><div class="head"><a href="/user/u{n}">u{n}</a> <span>{n} h ago</span>'
                    f'</div><div class="body"><p>{text}</p></div><div class="bar"><a href="#">Reply</a></div>'
                    '</div></div>')
        rows.append(f'<div><div class="more"><p>{n + 2} more replies</p></div></div>')
    root = etree.fromstring(f"<html><body><div>{''.join(rows)}</div></body></html>", etree.HTMLParser())
    group = find_post_group(root)
    assert group is not None
    assert len(group.members) == 4
    assert all("more replies" not in " ".join(m.itertext()) for m in group.members)


def test_post_bodies_are_found_past_a_modifier_class_and_a_long_byline():
    """Some posts carry one more class on their body (``collapsed``), and a byline can hold many words (a user,
    a score shown three times, a date): the body is still the text element of every post."""
    posts = "".join(
        f'<div class="comment"><p class="tagline"><a href="/user/u{n}">u{n}</a> {n} points {n + 1} points '
        f'{n + 2} points <time>3 hours ago</time> ({n} children)</p>'
        f'<div class="md{" collapsed" if n % 2 else ""}"><p>{body}</p></div></div>'
        for n, body in enumerate([
            "Short answer that works well for me every time I bake bread on a cold winter day at home.",
            "Try the other one instead of this, because the first recipe needs a much stronger starter.",
            "Neither of them is right for this case when your kitchen stays cold through the whole night.",
            "Use the manual method, it is simple enough and you learn how the dough should feel."])
    )
    root = etree.fromstring(f"<html><body><div class='comments'>{posts}</div></body></html>", etree.HTMLParser())
    group = find_post_group(root)
    assert group is not None and len(group.members) == 4
    for body in group.bodies:  # the text element (or the paragraph inside it), never the byline
        assert len(body) == 1
        assert any((el.get("class") or "").startswith("md") for el in (body[0], *body[0].iterancestors()))


def test_paragraphs_of_an_article_are_not_a_thread(page_bytes):
    page = parse_html(page_bytes("news_article.html"))
    decision = detect(page.root)
    assert decision.page_type == "article"


def test_a_live_blog_that_declares_nothing_is_an_article(page_bytes):
    """A live blog's entries are dated and signed like posts and hold most of the page's text; their class names
    (``liveblog-entry``) say what they are, where no ``LiveBlogPosting`` is declared. Its lead and entries are the
    text, and there are no posts."""
    raw = re.sub(rb'<script type="application/ld\+json">.*?</script>', b"", page_bytes("liveblog_article.html"),
                 flags=re.S)
    assert b"ld+json" not in raw
    doc = extract(raw, "https://www.nachrichtenwerk.de/inland/liveblog-sturmtief-quirin-norddeutschland-100.html")
    assert doc.page_type == "article" and doc.page_type_score < 0.5 and doc.posts == []
    assert "Sturmtief" in doc.text


@pytest.mark.parametrize("names, page_type", [
    ("liveblog-entry", "article"), ("live-events__entry", "article"), ("live-update", "article"),
    ("post-entry clive-fan", "forum"), ("post-entry", "forum"),
])
def test_a_group_named_as_live_blog_entries_is_an_article(names, page_type):
    posts = "".join(f'<div class="{names}"><span class="author"><a href="/user/{n}">user{n}</a></span>'
                    f'<time datetime="2024-03-0{n}T10:00">3 March, 10:0{n}</time><p>Reply number {n} says that the '
                    f'harbour bridge should stay closed to cars until the repairs are done, for safety.</p></div>'
                    for n in range(1, 6))
    page = parse_html(f"<html><body><div class='stream'>{posts}</div></body></html>")
    assert detect(page.root, "https://forum.example/thread/42").page_type == page_type


def test_group_finder_handles_pages_without_repeats():
    page = parse_html("<html><body><p>Just one paragraph of text here.</p></body></html>")
    assert find_post_group(page.root) is None
    assert detect(page.root).page_type == "article"


@pytest.mark.parametrize("html", ["", "   ", "<html></html>"])
def test_empty_pages_still_give_documents(html):
    doc = extract(html)
    assert doc.posts == [] and doc.qa_pairs == []


def test_navigation_and_log_in_boxes_shaped_like_posts_are_not_the_question():
    """Forum software draws every box with one skeleton (punBB: ``div.block > h2 + div.box > div.inbox``): the
    navigation box (mostly links, no heading) and the log-in box (a form with labels) above the posts are not a
    question."""
    links = " ".join(f'<a href="/{name.lower()}">{name}</a>' for name in ("Index", "Rules", "Search", "Register"))
    nav = (f'<div class="block"><div class="box"><div class="inbox"><p>{links}</p><p>You are not logged in.</p>'
           '<p>Topics: <a href="/active">Active</a> | <a href="/unanswered">Unanswered</a></p></div></div></div>')
    login = ('<div class="block"><h2><span>Log in</span></h2><div class="box"><div class="inbox">'
             '<form action="/login"><label>User Name</label> <label>Password</label> '
             '<label>Remember me on this computer</label></form></div></div></div>')
    posts = "".join(  # a second inbox (the signature) stops the body descent at div.box, as on the real board
        f'<div class="blockpost"><h2><span>#{n} <a href="?pid={n}">2020-03-1{n} 10:46</a></span></h2>'
        f'<div class="box"><div class="inbox"><div class="postleft"><a href="/profile.php?id={n}">user{n}</a></div>'
        f'<div class="postright"><p>{text}</p></div></div><div class="inbox"><p>My signature here</p></div></div>'
        '</div>'
        for n, text in enumerate([
            "My dock stops working after I unplug it and plug it back in, the LTS kernel works fine though.",
            "Check whether boltd authorizes the dock again when you plug it in, that was my problem too.",
            "Thanks, re-authorizing it with boltctl fixed it, the dock works after every replug now.",
        ]))
    root = etree.fromstring(f"<html><body><div id='wrap'>{nav}{login}{posts}</div></body></html>",
                            etree.HTMLParser())
    group = find_post_group(root)
    assert group is not None and not group.question_found
    assert len(group.members) == 3
    assert "My dock stops working" in " ".join(group.members[0].itertext())


def test_a_threads_header_with_its_title_and_tools_in_the_posts_tables_is_not_the_question():
    """UBB.threads draws the thread's header in the tables its posts are drawn in (``table.t_outer > ... >
    table.t_inner``): the thread's title as the ``<h1>``, "Threaded | Print Thread", the page count and views. A box
    whose heading is most of what it says is the thread's header, not a question above the posts."""
    def table(rows: str) -> str:
        return f'<table class="t_outer"><tr><td><table class="t_inner">{rows}</table></td></tr></table>'
    header = table('<tr><td class="tdheader"><h1>Tearout on curly maple no matter what I try</h1><a href="?mode=t">'
                   'Threaded</a> | <a href="?print">Print Thread</a></td></tr><tr><td class="alt-2 small">Page 1 of 1'
                   ' 1,937 views</td></tr>')
    posts = "".join(
        f'<div class="post-wrapper" id="number28451{n}">' + table(
            f'<tr><td class="subjecttable"><span class="date">Mar {n + 3}rd 2025</span></td></tr><tr><td class="'
            f'author-content"><a href="/users/{n}/user{n}">user{n}</a> Joined: Jun 2012</td><td class="post-content">'
            f'<div class="post-body">{text}</div></td></tr>') + "</div>"
        for n, text in enumerate([
            "The curly maple tears out on both faces whichever way I plane, with a freshly honed smoother.",
            "Close the chipbreaker right up to the edge and take the finest shaving the plane will give you.",
            "That did it, with the chipbreaker set close the board planed clean in both directions today.",
        ]))
    root = etree.fromstring(f"<html><body>{header}<div id='posts'>{posts}</div></body></html>", etree.HTMLParser())
    group = find_post_group(root)
    assert group is not None and not group.question_found
    assert "tears out on both faces" in " ".join(group.members[0].itertext())


def test_a_chosen_solutions_copy_above_the_answers_is_not_the_question():
    """Mozilla Support and Google's help communities show the chosen (or recommended) answer's body again between the
    question and the answers, without its byline: that box is no question, and the question above it is."""
    answers = ["The -wal file is normal while Firefox runs, it is the write-ahead log of the cookie database.",
               "Open about:profiles and check whether the profile folder is synced by a cloud backup tool.",
               "That was it, OneDrive restored an old cookies.sqlite every time Firefox was closed."]
    question = "Since last week every site logs me out when I close Firefox, even though history is kept."
    cards = "".join(f'<div class="answer"><a href="/user/u{i}">u{i}</a> <span>3/{i + 1}/24</span><div class="content">'
                    f"<p>{text}</p></div><a href='#helpful'>Helpful?</a></div>" for i, text in enumerate(answers))
    root = etree.fromstring(
        f'<html><body><section class="question-details"><div class="question"><h1>Firefox forgets my logins</h1>'
        f'<a href="/user/mark">Mark K.</a><div class="content"><p>{question}</p></div></div></section>'
        f'<section class="question-solution"><div class="solution"><h3>Chosen solution</h3><div class="content">'
        f'<p>{answers[1]}</p></div><a href="#a2">Read this answer in context</a></div></section>'
        f'<section class="answers-section"><div class="answers-list">{cards}</div></section></body></html>',
        etree.HTMLParser())
    group = find_post_group(root)
    assert group is not None and group.question_found
    assert question in " ".join(group.members[0].itertext()) and len(group.members) == 4


@pytest.mark.parametrize("greeting", [
    "Welcome, <b>Guest</b>. Please <a href='/login'>login</a> or <a href='/register'>register</a>. <form "
    "action='/index.php?action=login2'><span>Login with username, password and session length</span></form>",
    # its Spanish skin on elhacker.net, without the form: the two links alone
    "<span class='smalltext'>Bienvenido(a), <b>Visitante</b>. Por favor, <a href='/login.html'>ingresar</a> o "
    "<a href='/register.html'>registrarse</a><br>¿Perdiste tu <a href='/activate.html'>email de activación</a>?"
    "</span>",
])
def test_a_guests_greeting_above_the_posts_in_the_posts_cells_is_not_the_question(greeting):
    """SMF 1.1 (Bitcointalk) greets a guest at the top of every page in a cell of the class its posts are in
    (``td.windowbg2``), beside the log-in form; a box holding a form that logs the reader in is no question, nor a
    few words with links to log in and to register."""
    header = ('<div class="tborder"><table><tr><td class="catbg">Bitcoin Forum</td></tr><tr><td class="windowbg2">'
              f"{greeting}</td></tr></table></div>")
    posts = "".join(
        f'<tr><td class="windowbg{n % 2 + 1}"><table><tr><td><a href="/profile;u={n}">user{n}</a></td><td>'
        f'<div class="smalltext">April 1{n}, 2024</div><div class="post">{text}</div></td></tr></table></td></tr>'
        for n, text in enumerate([
            "I sent a payment from Electrum on Thursday with a low fee and it is still unconfirmed today.",
            "Use replace-by-fee to bump it, Electrum shows the option in the transaction's context menu.",
            "That worked, it confirmed in the next block after I raised the fee to twenty sat per vbyte.",
        ]))
    root = etree.fromstring(f"<html><body>{header}<div><form action='/quickmod'><table>{posts}</table></form></div>"
                            "</body></html>", etree.HTMLParser())
    group = find_post_group(root)
    assert group is not None and not group.question_found
    assert "I sent a payment" in " ".join(group.members[0].itertext())


def _discussion_page() -> str:
    """A long opening post in bare paragraphs, then a short comment tree of custom elements, replies nested."""
    post = "".join(f"<p>Paragraph {i} of my story: the chain slips on the smallest cog whenever I climb a steep hill "
                   f"out of the saddle, even after a new cassette and a careful cable adjustment.</p>"
                   for i in range(12))

    def comment(i: int, inner: str = "") -> str:
        return (f'<user-comment><div class="meta"><a href="/user/rider{i}/">rider{i}</a> '
                f'<time datetime="2024-05-0{i}T10:00:00Z">{i}d ago</time></div>'
                f'<div class="body"><p>Reply {i}: check the derailleur hanger alignment first.</p></div>{inner}'
                "</user-comment>")

    tree = comment(1, comment(2)) + comment(3) + comment(4, comment(5))
    return (f"<html><head><title>My chain slips</title></head><body><main><h1>My chain slips</h1>"
            f'<div class="post-body">{post}</div><comment-tree>{tree}</comment-tree></main></body></html>')


def test_a_page_of_comments_is_a_thread_even_when_the_post_outweighs_its_comments():
    doc = extract(_discussion_page(), "https://forum.example/r/bikes/comments/abc/my_chain_slips/")
    assert doc.page_type == "forum"
    assert doc.question.startswith("My chain slips") and "Paragraph 11 of my story" in doc.question
    replies = [post.text for post in doc.answers]
    assert replies == [f"Reply {i}: check the derailleur hanger alignment first." for i in range(1, 6)]
    assert [post.author for post in doc.answers] == [f"rider{i}" for i in range(1, 6)]


def test_the_same_layout_elsewhere_stays_an_article_with_comments():
    doc = extract(_discussion_page(), "https://news.example/2024/05/my-chain-slips")
    assert doc.page_type == "article" and "Paragraph 11 of my story" in doc.text
    assert "Reply 1" not in doc.text


DISCUSSION_URL = "https://links.example/item?id=39401234"


def test_a_discussion_in_table_rows_keeps_its_opening_post(page_bytes):
    """A link aggregator's discussion (``discussion_table_rows.html``: comments as table rows, the text that opens
    the discussion above them, signed by a member like every reply): a thread, whatever its URL says."""
    doc = extract(page_bytes("discussion_table_rows.html"), DISCUSSION_URL)
    assert doc.page_type == "forum"
    assert doc.question.startswith("Ask HN: How do you keep notes as a developer?")
    assert doc.question.endswith("how do you find them again later?")
    assert [post.author for post in doc.answers][:3] == ["alice", "bob_k", "alice"] and len(doc.answers) == 9
    assert doc.answers[0].text.startswith("I keep everything in plain Markdown files")
    assert doc.answers[0].date == "2024-02-16T14:20:01"  # the title attribute beside "9 months ago"
    assert len(doc.qa_pairs) == 9


def test_the_same_rows_under_a_staff_byline_stay_an_article_with_comments(page_bytes):
    """The same page with its opening text signed by a staff page instead of a member's: an article with comments."""
    html = page_bytes("discussion_table_rows.html").replace(b'href="user?id=jdoe"', b'href="about/staff"')
    doc = extract(html, DISCUSSION_URL)
    assert doc.page_type == "article" and "how do you find them again later?" in doc.text
    assert len(doc.posts) == 9 and "plain Markdown files" not in doc.text


_POST = ("Post {}: the chain slips on the small cog after cleaning, and a new chain did not help; the cassette is a "
         "year old.")


def test_an_announcement_signed_like_the_comments_stays_an_article(page_bytes):
    """Staff may be members of their site's forum: an opening text that asks nothing, signed like the comments
    below it, is an article with comments (a news post with its readers' comments)."""
    html = page_bytes("discussion_table_rows.html").replace(b"as a developer?", b"as a developer").replace(
        b"find them again later?", b"find them again later.")
    doc = extract(html, DISCUSSION_URL)
    assert doc.page_type == "article" and len(doc.posts) == 9


def _alternating_thread(sidebar_items: int) -> str:
    """A forum thread whose post wrappers alternate classes (the opening post's ``topic odd``, then ``reply even``,
    ``reply odd``...) beside a sidebar activity stream with more text than the posts."""
    posts = "".join(
        f'<li><div class="post-header"><span class="post-date">May {i + 1}, 2024</span></div>'
        f'<div class="loop-item user-id-{i} {"topic" if i == 0 else "reply"} {"odd" if i % 2 else "even"}">'
        f'<div class="post-author"><a href="/users/member{i}/">member{i}</a></div>'
        f'<div class="post-content"><p>{_POST.format(i)}</p></div></div></li>'
        for i in range(5))
    activity = "".join(
        f'<li class="activity-item"><a href="/members/fan{i}/">fan{i}</a> posted an update 2 days ago'
        f"<p>Update {i}: a long note about a bike show with plenty of words in it, more than any post above has, "
        f"and then some more words about the weather on the day of the show.</p></li>" for i in range(sidebar_items))
    return ("<html><head><title>Chain slips - Bike Forum</title></head><body><main><h1>Chain slips</h1>"
            f'<ul class="replies">{posts}</ul></main><aside class="widget"><ul class="stream">{activity}</ul>'
            "</aside></body></html>")


def test_posts_whose_wrappers_alternate_classes_beat_a_sidebar_stream():
    doc = extract(_alternating_thread(3), "https://bikes.example/forums/topic/chain-slips/")
    assert doc.page_type == "forum"
    assert len(doc.posts) == 5  # the wrappers' classes differ, so a post's header stays with its text
    assert all(post.text.endswith(_POST.format(i)) for i, post in enumerate(doc.posts))
    assert "Update 0" not in doc.text


def _header_and_body_rows(ad_row: bool) -> str:
    """A forum rendering each post as two table rows: a header (title, author, date), then the body; an advert row
    may sit between two posts."""
    rows = []
    for i in range(5):
        rows.append(f'<tr><td class="head"><a href="/thread/88#{i}">Re: Chain slips</a> by '
                    f'<a href="/members/rider{i}" class="user">rider{i}</a>: <span>10:1{i}am On Apr 24</span></td></tr>'
                    f'<tr><td class="body"><div class="narrow">{_POST.format(i)}</div></td></tr>')
        if ad_row and i == 2:
            rows.append('<tr><td class="advert">Buy new chains today at the bike shop near you, now on sale.</td></tr>')
    return ("<html><head><title>Chain slips - Bike Forum</title></head><body><h1>Chain slips</h1>"
            f'<table summary="posts">{"".join(rows)}</table></body></html>')


@pytest.mark.parametrize("ad_row", [False, True])
def test_posts_of_a_header_row_and_a_body_row(ad_row):
    doc = extract(_header_and_body_rows(ad_row), "https://bikes.example/88/chain-slips")
    assert doc.page_type == "forum"
    assert [post.text for post in doc.posts] == [_POST.format(i) for i in range(5)]
    assert [post.author for post in doc.posts] == [f"rider{i}" for i in range(5)]
    assert doc.posts[1].date == "10:11am On Apr 24"


def _opening_post_outside_the_replies(body_class: str) -> str:
    """A discussion whose opening post sits above the list of its replies, in a post body of class ``body_class``
    (the replies' ``post-text``); its URL names no thread and its replies are not named as such."""
    replies = "".join(
        f'<li><div class="post-by"><a href="/-/users/member{i}">member{i}</a></div>'
        f'<div class="post-text"><p>{_POST.format(i)} Then I swapped the derailleur and it held for a week.</p></div>'
        f"</li>" for i in range(1, 6))
    return ("<html><head><title>How do I stop my chain slipping?</title></head><body><main><article>"
            "<h1>How do I stop my chain slipping?</h1>"
            f'<div class="op"><div class="{body_class}"><p>My chain slips on the two smallest cogs whenever I climb '
            "out of the saddle. I replaced the chain and the cassette last month and adjusted the cable tension, "
            "but it still slips. What else should I check?</p></div></div>"
            f'<ol class="list">{replies}</ol></article></main></body></html>')


def test_an_opening_post_rendered_like_the_replies_but_above_them_is_the_question():
    """Its body's class is the replies' and a modifier of its own (``first-post``), as on Talkyard."""
    doc = extract(_opening_post_outside_the_replies("post-text first-post"), "https://bikes.example/-5/chain-slipping")
    assert doc.page_type == "forum"
    assert doc.question.startswith("How do I stop my chain slipping?") and "What else should I check?" in doc.question
    assert len(doc.answers) == 5 and doc.answers[0].text.startswith("Post 1:")
    # the same text in a box of its own kind (a notice above the posts) is not taken for a post
    other = extract(_opening_post_outside_the_replies("notice"), "https://bikes.example/-5/chain-slipping")
    assert "What else should I check?" not in other.question


def _user_card_thread() -> str:
    """A Discuz-style thread: each post a table row of a user card (name, counts, rank) and the post, whose text is
    in a cell the template names ``postmessage_<id>``, then a row of actions; replies are shorter than the cards."""
    posts = []
    for i, text in enumerate(["My chain slips on the two smallest cogs when I climb. I replaced the chain and the "
                              "cassette and adjusted the cable, but it still slips. What else can I check?",
                              "Check the hanger.", "New chainrings?", "Worn jockey wheels."]):
        card = (f'<td class="pls"><div class="pi"><a href="home.php?mod=space&uid=10{i}">rider{i}</a></div>'
                f'<dl><dt>Points</dt><dd><a href="home.php?mod=space&uid=10{i}&do=profile">5{i}</a></dd>'
                f"<dt>Joined:</dt><dd>Aug 3{i}, 2002</dd></dl>"
                f"<p>{i} threads {i + 3} posts {i + 50} points, registered member, rank two, send a message</p></td>")
        post = (f'<td class="plc"><div class="pi"><em>Posted on 2024-4-{i + 5} 23:20</em></div>'
                f'<div class="pct"><table><tr><td class="t_f" id="postmessage_5388{i}">{text}</td></tr></table>'
                "</div></td>")
        posts.append(f'<div id="post_5388{i}"><table id="pid5388{i}"><tr>{card}{post}</tr>'
                     '<tr><td class="plc"><a href="#">Reply</a> <a href="#">Report</a></td></tr></table></div>')
    return ("<html><head><title>Chain slips - Bike Board</title></head><body><h1>Chain slips</h1>"
            f'<div id="postlist">{"".join(posts)}</div></body></html>')


def test_posts_whose_user_cards_outweigh_them_keep_only_the_named_post_text():
    doc = extract(_user_card_thread(), "https://board.example/forum.php?mod=viewthread&tid=38672")
    assert doc.page_type == "forum"
    assert [post.text for post in doc.answers] == ["Check the hanger.", "New chainrings?", "Worn jockey wheels."]
    assert doc.question.endswith("What else can I check?") and "registered member" not in doc.question
    assert [post.author for post in doc.posts] == ["rider0", "rider1", "rider2", "rider3"]  # not the points
    assert [post.date for post in doc.posts] == [f"Posted on 2024-4-{i} 23:20" for i in range(5, 9)]  # not joined


def test_a_post_body_named_with_a_user_select_utility_class_is_the_posts_text():
    """GitHub Discussions names each comment's text ``comment-body markdown-body user-select-contain``: CSS's
    ``user-select`` names no user, so the body is that element, not the comment with its header ("Copy link", "Quote
    reply"). The comments differ inside (one holds nested replies), so the descent stops above the bodies."""
    def comment(user: str, day: int, text: str, nested: str = "") -> str:
        return (f'<div class="timeline-comment-group"><div class="timeline-comment"><div class="d-flex">'
                f'<h3><a class="author" href="/{user}">{user}</a></h3><a href="#c"><relative-time '
                f'datetime="2024-10-{day}T09:12:44Z">Oct {day}, 2024</relative-time></a>'
                '<details><summary>Options</summary><div>Copy link</div><a href="/login">Quote reply</a>'
                '<a href="/report">Report content</a></details></div><div class="d-flex flex-row"><div class="flex-1">'
                '<div class="edit-comment-hide"><div class="comment-body markdown-body user-select-contain">'
                f"<p>{text}</p></div></div></div></div></div>{nested}</div>")

    def reply(user: str, text: str) -> str:
        return (f'<div class="nested-comment"><div class="d-flex"><a class="author" href="/{user}">{user}</a> '
                '<relative-time datetime="2024-10-14T10:00:00Z">Oct 14, 2024</relative-time></div>'
                '<div class="d-flex flex-row"><div class="comment-body markdown-body user-select-contain">'
                f"<p>{text}</p></div></div></div>")
    texts = ["Is there a way to cap how many jobs of one queue run at once across all workers?",
             "Not in 2.3, but 2.4 added max_concurrency on the queue, enforced with a Redis semaphore.",
             "On Redis Cluster the semaphore keys need a hash tag, or the script fails."]
    items = (comment("ann", 14, texts[0])
             + comment("bo", 14, texts[1], reply("ann", "Thanks, upgrading is fine.") + reply("bo", "Set it there."))
             + comment("cy", 15, texts[2]))
    html = ("<html><head><title>Per-queue concurrency limit? · Discussion #1847</title></head><body>"
            f"<h1>Per-queue concurrency limit?</h1><div class='discussion-timeline'>{items}</div></body></html>")
    doc = extract(html, "https://github.example/org/repo/discussions/1847")
    assert doc.page_type == "forum"
    assert [post.text for post in doc.posts if "Copy link" in post.text] == []
    assert all(text in [post.text for post in doc.posts] for text in texts)


def _forum_post_texts(html: str, url: str) -> list[str]:
    """The texts of the posts ``extract`` finds on a page it types a forum thread (asserted)."""
    doc = extract(html, url)
    assert doc.page_type == "forum"
    return [post.text for post in doc.posts]


def test_a_reply_by_mail_quoting_the_original_message_has_its_own_text():
    """Higher Logic (IBM's community) shows a reply sent by mail with the message it answers under it, in
    ``div.hl-original-message``: the earlier post's text, quoted, is no part of the reply."""
    said = [("Gustavo", "Last weekend we moved our hub queue manager to a new server and upgraded it, and since then "
                        "the sender channel goes into retrying a few seconds after it starts."),
            ("Helen", "Yes, this is expected behaviour: that CipherSpec is a TLS 1.0 one, disabled by default in "
                      "current releases unless you re-enable it in the configuration file."),
            ("Gustavo", "Thanks Helen, that explains it. I found the old configuration in our backups and it had the "
                        "setting indeed."),
            ("Ravi", "Thanks for posting the follow-up, we are about to do the same migration next month.")]

    def post(n: int) -> str:
        who, text = said[n]
        quoted = "" if n == 0 else (
            f'<div class="hl-original-message"><p>-------------------------------------------<br>Original Message:'
            f'<br>From: {said[n - 1][0]}<br></p><div class="hl-original-message-body"><div>{said[n - 1][1]}</div>'
            "</div></div>")
        return (f'<div class="message-row"><div class="message-author"><a href="/profile/{who}">{who}</a></div>'
                f'<div class="message-date-time"><span class="DatePosted">04-1{n + 4}-2025 09:12</span></div>'
                f'<div class="msg-body"><div class="message-body"><p>{text}</p>{quoted}</div></div></div>')

    texts = _forum_post_texts("<html><body><h1>Sender channel stays in RETRYING</h1><div class='thread'>"
                              + "".join(post(n) for n in range(len(said))) + "</div></body></html>",
                              "https://community.example.com/discussion/sender-channel-stays-in-retrying")
    assert texts[-len(said):] == [text for _, text in said]


def test_a_named_post_text_inside_a_named_post_body_with_the_user_card_is_the_posts_text():
    """FluxBB (the Arch Linux forums) names ``div.postbody`` the box of the poster's card and ``div.postmsg``, the
    text; a post's header and footer are sibling boxes, so the descent stops above both. The text is the inner one,
    and the poster's rank ("Member", in ``usertitle``) is no author."""
    def post(number: int, user: str, text: str) -> str:
        who = f'<a href="profile.php?id=2{number}">{user}</a>' if user else "guest"
        return (f'<div id="p85{number}" class="blockpost rowodd"><h2><span><a href="viewtopic.php?pid=85{number}">'
                f"2014-11-0{number} 21:14:07</a></span></h2><div class='box'><div class='inbox'><div class='postbody'>"
                f"<div class='postleft'><dl><dt><strong>{who}</strong></dt><dd class='usertitle'><strong>Member"
                "</strong></dd><dd><span>From: Leeds, UK</span></dd><dd><span>Registered: 2012-06-19</span></dd>"
                "<dd><span>Posts: 143</span></dd></dl></div><div class='postright'><h3>Re: Wi-Fi drops every few "
                f"minutes since 3.17</h3><div class='postmsg'><p>{text}</p></div></div></div></div><div class='inbox'>"
                "<div class='postfoot clearb'><div class='postfootleft'><p><span>Offline</span></p></div>"
                "<div class='postfootright'><ul><li><a href='post.php?qid=1'>Quote</a></li></ul></div></div></div>"
                "</div></div>")
    texts = ["Since the upgrade to linux 3.17.1 last week my wireless connection drops every few minutes.",
             "Does the microcode package help? It fixed a similar problem on my 7260 last year.", "No change here.",
             "Try disabling power saving in iwlwifi with the power_save option, then reboot and watch the log."]
    items = "".join(post(i + 1, "" if i == 2 else f"user{i}", text) for i, text in enumerate(texts))
    html = ("<html><head><title>Wi-Fi drops every few minutes since 3.17 / Networking</title></head><body>"
            f"<h1>Wi-Fi drops every few minutes since 3.17</h1><div id='punviewtopic'>{items}</div></body></html>")
    doc = extract(html, "https://bbs.example.org/viewtopic.php?id=191")
    assert doc.page_type == "forum"
    assert [post.text for post in doc.posts] == texts
    assert [post.author for post in doc.posts] == ["user0", "user1", None, "user3"]


def test_a_post_whose_text_is_named_otherwise_keeps_it_by_their_shared_body_name():
    """Askbot names the question's text ``question-content post-body`` and each answer's ``answer-body post-body``,
    in wrappers named apart too (``question-table``, ``answer-table``): the question keeps its text by the name they
    share, instead of losing it as a row with no post body."""
    def post(kind: str, user: str, text: str) -> str:
        info = (f'<div class="post-update-info"><p class="tip">{"asked" if kind == "question" else "answered"} '
                f'2024-11-18 14:22:09 +0100</p><a href="/users/{len(user)}/{user}/">{user}</a> 33 ●3</div>')
        body = f'<p>{text}</p><a href="/question/76321/?sort=oldest">oldest</a>'
        inner = (f'<div class="question-table"><div class="question-body">{info}<div class="js-editable '
                 f'question-content post-body">{body}</div></div></div>' if kind == "question" else
                 f'<div class="answer-table">{info}<div class="js-editable answer-body post-body">{body}</div></div>')
        return (f'<div class="js-post post {kind}" id="post-id-791{len(user)}"><div class="vote-buttons">3</div>'
                f'{inner}<div class="comments"><a href="#">add a comment</a></div></div>')
    texts = ["I need all real solutions of cos(x) = x^2 - 2 on the interval [-3, 3]; solve just returns the equation.",
             "Sample the function on a fine grid, look for sign changes and call find_root on each bracket.",
             "Approximate the function by a Chebyshev interpolant and take the roots of the polynomial instead.",
             "Try solve with to_poly_solve=True first, though it rarely helps when trigonometric terms are mixed in."]
    items = post("question", "lkrause", texts[0]) + "".join(
        post("answer", user, text) for user, text in zip(("pmarchetti", "ddelacroix", "rmiller"), texts[1:],
                                                          strict=True))
    html = ("<html><head><title>How to find all real roots? - ASKSAGE</title></head><body><div class='question-page'>"
            "<h1>How to find all real roots?</h1><ul class='tags'><li><a href='/tags/find_root'>find_root</a></li>"
            f"<li><a href='/tags/solve'>solve</a></li></ul>{items}</div></body></html>")
    doc = extract(html, "https://ask.example.org/question/76321/how-to-find-all-real-roots/")
    assert doc.page_type == "qa"
    assert [post.text.split("\n")[0] for post in doc.posts] == texts


def test_a_post_whose_text_is_written_in_parts_keeps_all_of_them():
    """Naver's SmartEditor writes an answer's text as sibling components, each ``div.se-component se-text``, with an
    id in one answer and none in the others: the answer whose components the shared name finds several of keeps
    their holder, all its parts, not the first alone."""
    from scrapy_boiler.segment.post_bodies import member_bodies
    from scrapy_boiler.segment.text_stats import text_stats

    def answer(user: str, parts: list[str], ids: bool) -> str:
        components = "".join(f'<div class="se-component se-text"{f" id=SE-{n}f{n}c" if ids else ""}><p>{part}</p>'
                             "</div>" for n, part in enumerate(parts))
        return (f'<div class="answer"><div class="profile-card"><a href="/profile?u={user}">{user}</a> 수의사</div>'
                f'<div class="answer-content"><div class="se-main-container">{components}</div></div></div>')
    parts = ["말씀하신 상황은 이사 후 환경 변화로 인한 스트레스와 새벽 활동 습관이 겹친 경우가 많습니다.",
             "물을 평소보다 많이 마시거나 소변량이 늘었다면 혈액검사를 받아 보시는 것을 권합니다.",
             "자기 전 15분 정도 사냥 놀이를 해 주고 소량의 밥을 주는 방식이 도움이 됩니다."]
    others = [["저희 고양이도 이사 후 한 달 정도 새벽에 울다가 괜찮아졌어요. 기다려 보세요."],
              ["방에 보호자 냄새가 밴 담요를 두면 조금 덜 울더라고요. 한번 해 보세요."]]
    root = parse_html("<html><body><div class='answers'>" + answer("vet", parts, True) + answer("ann", others[0], False)
                      + answer("bo", others[1], False) + "</div></body></html>").root
    bodies, _ = member_bodies(root.xpath("//div[@class='answer']"), text_stats(root))
    texts = ["".join("".join(el.itertext()) for el in body) for body in bodies]
    assert texts == ["".join(parts), *map("".join, others)]


def test_a_google_groups_conversation_is_a_thread_though_its_posters_link_nowhere():
    """Google Groups shows each message's sender in a heading, with no link to a profile and hashed class names: its
    address tells the conversation apart from a page of dated entries."""
    def message(user: str, day: int, text: str) -> str:
        return (f'<section class="jzkRc"><div class="gJ6ce"><div class="LgTNRd"><h3>{user}</h3></div><div '
                f'class="zX2W9c">Mar {day}, 2022, 10:02:17 AM</div><div role="button">Reply all</div><div '
                f'role="button">Forward</div></div><div class="ptW7te"><html-blob><div>{text}</div></html-blob></div>'
                "</section>")
    texts = ["Tasks stay reserved after a worker restart with acks_late and the Redis broker. Is that expected?",
             "The visibility timeout only applies to messages still in the unacked hash; check it with HLEN.",
             "HLEN returns 37 right now, and staging shares the same Redis database.",
             "Give staging its own database number, or run the restore by hand after each deploy."]
    items = "".join(message(user, 14 + i, text) for i, (user, text) in
                    enumerate(zip(("Priya Raman", "Jonas Ekberg", "Priya Raman", "Marcus Obi"), texts, strict=True)))
    html = ("<html><head><title>Tasks stuck after restart - Google Groups</title></head><body><main><c-wiz>"
            f"<div><html-blob>Tasks stuck after restart</html-blob></div><div>4 views</div>{items}</c-wiz></main>"
            "</body></html>")
    assert _forum_post_texts(html, "https://groups.google.com/g/tidewater-users/c/8xQm3vT2pLk") == texts


def test_a_post_text_named_post_is_found_below_a_table_of_the_posters_card():
    """SMF 1 lays each post out as a table row of the poster's card and a cell holding the post's subject, its date
    and the text in ``div.post``: that element is the text."""
    def post(number: int, user: str, text: str) -> str:
        return ('<tr><td class="windowbg"><table width="100%"><tr><td width="16%" valign="top"><b><a href="index.php'
                f'?action=profile;u=1{number}">{user}</a></b><div class="smalltext">Jr. Member<br />Posts: 5{number}'
                '<br />Karma: +2/-0</div></td><td width="85%" valign="top"><table width="100%"><tr><td><b>Re: CB550 '
                f"won't idle</b><div class='smalltext'>« Reply #{number} on: March 03, 2009, 09:02:47 PM »</div></td>"
                f"<td><a href='#'>Quote</a></td></tr></table><hr /><div class='post'>{text}</div></td></tr><tr><td>"
                "<a href='#'>Report to moderator</a> Logged</td></tr></table></td></tr>")
    texts = ["My 1976 CB550 won't idle below 2,000 rpm after a carb rebuild. Plugs are white on 2 and 3.",
             "A high idle and white plugs mean lean: check the intake boots for cracks with carb cleaner.",
             "Found it, the boot on number 2 was split underneath.", "Glad you found it."]
    items = "".join(post(i, f"rider{i}", text) for i, text in enumerate(texts))
    html = ("<html><head><title>CB550 won't idle</title></head><body><h1>CB550 won't idle</h1>"
            f"<table id='posts'>{items}</table></body></html>")
    assert _forum_post_texts(html, "https://forum.example.net/index.php?topic=41822.0") == texts


@pytest.mark.parametrize("header", ["bahner0 hat folgendes geschrieben:", "Zitat:"])
def test_a_phpbb2_posts_text_split_around_a_quotation_is_one_body_without_the_quote_and_signature(header):
    """phpBB 2 lays each post out as a table row of the poster's card and a cell whose ``span.postbody`` closes before
    a quotation (a row "X hat folgendes geschrieben:" over the quoted cell, or a label alone, as Ru.Board's "Цитата:")
    and opens again after it; the poster's signature follows a rule of underscores in the same span."""
    def post(number: int, user: str, text: str, quote: bool = False) -> str:
        quoted = (f'</span><table width="90%" align="center"><tr><td><span class="genmed"><b>{header}</b></span></td>'
                  '</tr><tr><td class="quote">Meine Roco BR 218 ruckelt bei Langsamfahrt '
                  'bis Fahrstufe 6.</td></tr></table><span class="postbody">' if quote else "")
        return (f'<tr><td width="150" class="row1"><span class="name"><b>{user}</b></span><br />'
                f'<span class="postdetails">Stammgast<br />Anmeldedatum: 14.03.2006<br />Beiträge: 23{number}<br />'
                "Wohnort: Kassel</span></td>"
                f'<td class="row1"><table width="100%"><tr><td><span class="postdetails">Verfasst am: 12.10.2008, 19:4'
                f'{number} Titel: Lokdecoder ruckelt</span></td></tr><tr><td colspan="2"><span class="postbody">'
                f"{quoted}{text}<br />_________________<br />Gruß aus Nordhessen, {user}</span></td></tr></table></td>"
                "</tr>")
    texts = ["Meine Roco BR 218 mit ESU LokPilot ruckelt bei Langsamfahrt bis Fahrstufe 6. Hat jemand einen Tipp?",
             "Stell CV 9 auf 0 und miss die Motorkennlinie neu ein, dann läuft sie auch unten sauber.",
             "Danke, mit der neuen Kennlinie fährt sie jetzt ab Fahrstufe 1 butterweich.",
             "Bei mir war es die Schwungmasse, die Lok lief danach sofort ruhig."]
    items = "".join(post(i, f"bahner{i}", text, i == 1) for i, text in enumerate(texts))
    html = ("<html><head><title>Lokdecoder ruckelt - Modellbahnforum</title></head><body><h1>Lokdecoder ruckelt</h1>"
            f'<table class="forumline"><tr><th>Autor</th><th>Nachricht</th></tr>{items}</table></body></html>')
    assert _forum_post_texts(html, "https://www.modellbahn-forum.example/viewtopic.php?t=41822") == texts


def test_an_opening_post_whose_text_is_styled_apart_still_gives_the_body_path():
    """Mobile01 writes the opening post's text in ``article.l-publishArea`` and each reply's in
    ``article.c-articleLimit``, between a line of date and floor number and a toolbar: the opening post's article
    plays the replies' part, so the descent goes into it and the toolbar lines stay out of every post."""
    def floor(number: int, text: str) -> str:
        article = ('<article class="l-publishArea topic_article">' if number == 1 else
                   '<article class="u-gapBottom--max c-articleLimit">')
        return (f'<div class="l-articlePage"><div class="l-articlePage__author"><a href="/userinfo.php?id=6{number}">'
                f'車主{number}</a><span>Lv.{number}</span></div><div class="l-articlePage__publish"><div '
                f'class="l-navigation"><span>2025-01-12 21:0{number}</span><span>#{number}</span></div>{article}'
                f'<div>{text}</div></article><div class="l-toolBar"><span>{number + 2}</span> 引言回覆 檢舉</div>'
                "</div></div>")
    texts = ["小弟2022年底交車，Corolla Cross Hybrid 旗艦版，到這個月剛好滿兩年，里程四萬二千多公里，"
             "整理一下心得給大家參考。",
             "油耗數字很漂亮，市區開起來真的省。", "請問大大有遇到過小電瓶沒電的狀況嗎？",
             "我是2023年交車的豪華版，目前一萬八千公里，油耗大概19.5。"]
    html = ("<html><head><title>Corolla Cross Hybrid 兩年心得 - Mobile01</title></head><body><h1>Corolla Cross Hybrid "
            f"兩年心得</h1><div class='l-docking'>{''.join(floor(i + 1, t) for i, t in enumerate(texts))}</div>"
            "</body></html>")
    assert _forum_post_texts(html, "https://www.mobile01.com/topicdetail.php?f=640&t=7012345") == texts


def _flarum_thread() -> str:
    """A Flarum-style thread: every post a stream item whose header (poster, "Posted #2" and the full date) outweighs
    a short reply; the opening post shows the chosen best answer, body and all, below its own text; and an event row
    ("renamed the discussion") sits among the posts without a body."""
    def post(number: int, user: str, text: str, below: str = "") -> str:
        return (f'<div class="PostStream-item" data-number="{number}"><article class="CommentPost Post"><div>'
                f'<header class="Post-header"><ul><li class="item-user"><h3 class="PostUser-name">{user}</h3></li>'
                f'<li class="item-meta"><a href="/d/15648/{number}">12 days ago</a> Posted #{number} on 15 May '
                "2024</li></ul></header>"
                f'<div class="Post-body"><p>{text}</p></div>'
                f'<footer class="Post-footer"><ul><li class="item-replies">ana and 2 others replied to this</li>'
                f"{below}</ul></footer></div></article></div>")
    best = ('<li class="item-bestAnswerPost"><div class="CommentPost"><header>bo Posted #3 best answer chosen by ana'
            '</header><div class="Post-body"><p>Install the private facade extension.</p></div></div></li>')
    event = ('<div class="PostStream-item" data-number="2"><article class="EventPost Post"><div>ana renamed the '
             "discussion from Login to Forcing everyone to log in before reading</div></article></div>")
    texts = ["How can I make every visitor log in before reading anything on the forum?",
             "Install the private facade extension, then set it to send guests to the login page.",
             "Thanks, that works, and it was free when I installed it this morning.",
             "Same question here, but I only want some tags hidden from guests."]
    items = [post(1, "ana", texts[0], best), event, *(post(n, user, text) for n, user, text in
                                                        zip((3, 4, 5), ("bo", "ana", "cy"), texts[1:], strict=True))]
    return ("<html><head><title>Forcing login - Flarum forum</title></head><body><h1>Forcing login</h1>"
            f'<div class="PostStream" role="feed">{"".join(items)}</div></body></html>')


def test_a_flarum_thread_keeps_the_post_bodies_not_event_rows_or_the_best_answer_shown_with_the_question():
    doc = extract(_flarum_thread(), "https://discuss.example/d/15648-forcing-login")
    assert doc.page_type == "forum"
    assert [post.text.split(",")[0] for post in doc.posts] == [
        "How can I make every visitor log in before reading anything on the forum?",
        "Install the private facade extension", "Thanks", "Same question here"]
    assert "renamed" not in doc.text and "Posted #" not in doc.text and "replied to this" not in doc.text


def _signed_thread(deleted: bool = False) -> str:
    """A phpBB-style thread whose posts end with the poster's signature inside the post body; with ``deleted``, a
    reply is deleted: its row keeps the poster line but has no body."""
    rows = []
    for i, text in enumerate(["The fuel gauge reads empty after a refill. The sender was replaced last spring.",
                              "Check the ground wire behind the dashboard first.",
                              "Mine was the float arm, bent by a careless fitter.",
                              "A corroded connector at the tank did the same on my van."]):
        body = (f'<div class="content">{text}</div><div class="signature">Restoring a 1972 Land Rover Series III, '
                f"one rusty bolt at a time. Member of the club since 200{i}.</div>")
        rows.append(f'<div class="post" id="p10{i}"><p class="author">by <a href="/memberlist.php?u={i}">user{i}'
                    f"</a> on Mon Jun 0{i + 1}, 2010</p>"
                    f'<div class="postbody">{body}</div></div>')
        if deleted and i == 2:
            rows.append(f'<div class="post" id="p20{i}"><p class="author">[deleted] on Mon Jun 0{i + 1}, 2010</p>'
                        "</div>")
    return ("<html><head><title>Fuel gauge - Series forum</title></head><body><h1>Fuel gauge reads empty</h1>"
            f'<div id="page-body">{"".join(rows)}</div></body></html>')


def test_a_forum_signature_inside_the_post_body_is_not_post_text():
    doc = extract(_signed_thread(), "https://series.example/viewtopic.php?t=4431")
    assert doc.page_type == "forum" and len(doc.posts) == 4
    assert doc.posts[1].text == "Check the ground wire behind the dashboard first."
    assert "Restoring a 1972" not in doc.text and all("rusty bolt" not in post.text for post in doc.posts)


def test_a_deleted_reply_without_a_body_is_no_post():
    doc = extract(_signed_thread(deleted=True), "https://series.example/viewtopic.php?t=4431")
    assert [post.text.split()[0] for post in doc.posts] == ["The", "Check", "Mine", "A"]
    assert "[deleted]" not in doc.text


def test_a_thread_rendered_twice_gives_its_question_once():
    """The app's rendering of the whole thread, question and replies, above the plain rendering of the posts."""
    replies = ["Call the contracts team at the number on your bill.", "Thanks a lot, quick and efficient."]
    question = "My mother's subscription moved to the new provider and the pause option is gone. Can it come back?"
    app = ('<div class="App"><h2>Subscription pause missing</h2>'
           + "".join(f'<div class="Post"><span class="user">u{i}</span><div class="Post-body"><p>{text}</p></div></div>'
                     for i, text in enumerate([question, *replies])) + "</div>")
    plain = "".join(f'<article><p class="byline">u{i}, 2024-05-0{i + 1}</p><div class="Post-body"><p>{text}</p></div>'
                    "</article>" for i, text in enumerate([question, *replies]))
    page = (f"<html><head><title>Subscription pause missing</title></head><body><main>{app}"
            f'<div class="posts">{plain}</div></main></body></html>')
    doc = extract(page, "https://community.example/d/36387-subscription-pause-missing")
    assert doc.page_type == "forum"
    texts = [post.text for post in doc.posts]
    assert texts.count(question) == 1 and texts[1:] == replies


def test_a_sidebar_beside_the_main_content_is_not_the_opening_post():
    """An old-reddit link post: the sidebar's description of the community comes first in the markup, but sits
    outside the ``role="main"`` element that holds the thread. An article reading that keeps it (as the shipped
    model does on such a page) must not make it the opening post (the one-word title marks no start)."""
    comments = ["That dog looks happier than anyone I have ever met at work.",
                "Mine does the same thing whenever the postman walks past the gate.",
                "I needed this today, thank you for posting it here.",
                "The little hop at the end is the best part of the whole clip."]
    things = "".join(
        f'<div class="thing comment" id="thing_t1_a{i}"><p class="tagline"><a href="/user/u{i}">u{i}</a> {i + 3} '
        f'points {i + 1} hours ago</p><div class="usertext-body"><div class="md"><p>{text}</p></div></div></div>'
        for i, text in enumerate(comments))
    html = ("<html><head><title>Happiness : gifs</title></head><body>"
            '<div class="side"><div class="titlebox"><h1>gifs</h1><div class="usertext-body"><div class="md"><p>Links '
            "to amusing and funny gifs from the web. Reposts are removed by the moderators, so search before you post "
            "and read the rules first.</p></div></div></div></div>"
            '<div class="content" role="main"><div class="thing link"><p class="title"><a href="https://i.example/dog.gif">'
            'Happiness</a></p><p class="tagline">submitted 5 hours ago by <a href="/user/ann">ann</a></p></div>'
            f'<div class="commentarea"><div class="sitetable">{things}</div></div></div></body></html>')
    url = "https://www.reddit.example/r/gifs/comments/579km2/happiness/"
    page, decision, seg = _typed_forum(html, url)
    for block in seg.blocks:  # the article reading: the sidebar's description, the title and the comments
        block.is_content = block.text.startswith(("Links to", "Happiness", *comments))
    group = settle_thread(decision, url, seg.blocks, seg.leaves, title=page.title)
    assert group is not None
    assert all("Reposts are removed" not in " ".join(el.itertext()) for el in group.bodies[0])
    assert [" ".join(" ".join(el.itertext()).split()) for el in group.bodies[-1]] == [comments[-1]]


def test_a_reply_nested_in_an_unnamed_post_body_leaves_its_byline_out_of_that_post():
    """An Agreper- or Hacker-News-style thread: every comment is a byline, then an unnamed ``<div>`` holding its text,
    a "reply" link and the comments that answer it (a comment of two paragraphs keeps the body at that ``<div>``).
    The answers' bylines are in the body of the post they answer,
    but are no part of its text."""
    def comment(user: str, text: str, replies: str = "") -> str:
        return (f'<div class="comment"><span class="small"><i><a href="/user/{user}/">{user}</a> - 2 years ago</i> | '
                f'<a href="/thread/1/#">thread</a></span><div><p>{text}</p><sup><a href="/comment/{user}/">reply</a>'
                f"</sup>{replies}</div></div>")
    texts = ["Is there a way to run this forum without any database at all?",
             "It keeps everything in one SQLite file, which is close enough for me.",
             "Does that file survive a restart of the container?",
             "Only if you mount a volume for it, otherwise it is gone.",
             "Nice work, it loads instantly even on my old phone.</p><p>The threads read well at any depth."]
    thread = (comment("ann", texts[0], comment("bob", texts[1], comment("cy", texts[2], comment("bob", texts[3]))))
              + comment("dee", texts[4]))
    page = ("<html><head><title>No database - Agreper</title></head><body><h1>Minimal forum software</h1>"
            f'<div class="thread">{thread}</div></body></html>')
    doc = extract(page, "https://forum.example/thread/1/")
    assert doc.page_type == "forum"
    assert [post.text for post in doc.posts] == [text.replace("</p><p>", "\n") for text in texts]
    assert "2 years ago" not in doc.text


def test_posts_the_parser_nested_are_all_found_whatever_the_poster_classes():
    """XenForo 1 on an old template: a post left an element open, so the parser nests each post inside the one before;
    the posts share the generated id ``post-<n>`` but their classes mark the poster (``threadStarter``, ``staff``)."""
    posters = [("ann", "threadStarter"), ("doc", "staff admin"), ("ann", "threadStarter"), ("eve", ""),
               ("ann", "threadStarter")]
    texts = ["Is the normal acceleration always towards the center of the circle in this pulley problem?",
             "Yes, the radial acceleration points to the center; your answer matches the book's.",
             "Then why do my signs come out the other way round from the solution?",
             "Your diagram is drawn sideways compared with the figure in the problem.",
             "You are right, I drew the vectors on the wrong side of the pulley."]
    thread = ""
    for number, ((user, marks), text) in reversed(list(enumerate(zip(posters, texts, strict=True)))):
        thread = (f'<li class="message {marks}" id="post-12508{number}"><div class="messageUserInfo">'
                  f'<a class="username" href="/members/{user}.{number}/">{user}</a></div>'
                  '<div class="messageInfo primaryContent">'
                  f'<div class="messageContent"><blockquote class="messageText">{text}</blockquote></div>'
                  f'<div class="messageMeta">{user}, Feb 2{number}, 2007</div>{thread}</div></li>')
    page = ("<html><head><title>Normal acceleration | Physics Forums</title></head><body><h1>Normal acceleration</h1>"
            f'<ol class="messageList" id="messageList">{thread}</ol></body></html>')
    assert _forum_post_texts(page, "https://forums.example/threads/normal-acceleration.157291/") == texts


def test_a_page_wrapper_sharing_the_posts_generated_id_is_no_post_left_open():
    """A forum plugin inside a WordPress page whose theme wraps the page in ``div#post-964`` (no ``<article>``): the
    wrapper holds the plugin's ``div#post-134``... siblings, but it is no post whose markup was left open around them:
    the posts are the siblings, and the wrapper's menu and notes are no post."""
    users = ["elmer", "franz", "elmer", "ping"]
    texts = ["Misal started strong at the regional qualification and won his first two matches four games to one.",
             "It has been fun watching him so far; two years ago he had no chance against the top seed.",
             "Update: he is through to the semi-finals after beating the second seed in five games.",
             "Great news for the club, and he has improved a lot since the team event last year."]
    posts = "".join(
        f'<div id="post-{134 + n}" class="post-wrap wpfn-{n + 1} post-{134 + n}"><div class="author">'
        f'<a href="/participant/{user}/">{user}</a><span>Joined: 4 months ago</span></div>'
        f'<div class="post-content"><span class="date">09/05/2024 5:5{n} am</span><p>{text}</p></div></div>'
        for n, (user, text) in enumerate(zip(users, texts, strict=True))
    )
    menu = "".join(f'<li><a href="/{w.lower()}/">{w}</a></li>' for w in ["Forums", "Members", "Recent Posts", "Login"])
    page = ("<html><head><title>Misal started strong | Table Tennis Forum</title></head><body><div class='site-main'>"
            "<div id='post-964' class='post-964 page type-page status-publish has-post-thumbnail ast-article-single'>"
            f"<ul class='menu'>{menu}</ul><p class='notice'>Please read the forum rules before posting: be kind, stay "
            "on topic, no selling, and no links to betting sites in your posts or your signature.</p>"
            f"<div class='topic'><h1>Misal started strong</h1><div class='posts'>{posts}</div></div></div></div>"
            "</body></html>")
    doc = extract(page, "https://club.example/forum/events/misal-started-strong/")
    assert doc.page_type == "forum"
    assert [post.text for post in doc.posts] == texts
    assert "forum rules" not in doc.text and "Recent Posts" not in doc.text


def test_sibling_posts_sharing_a_generated_id_are_one_group_whatever_their_classes_mark():
    """SimplePress-style posts: ``div#post24026`` and its siblings carry the template's class and many naming the
    poster's role and the row's parity, so a moderator's post on an even row shares few class names with the first."""
    rows = [("spOdd spFirstPost spType-User spRank-member spUsergroup-members spUserPost spAuthorPost", "ann",
             "Unlocking the phone with a new SIM card fails with an error code. Has anyone seen this before?"),
            ("spEven spType-Moderator spRank-moderator spUsergroup-moderators spModeratorPost", "mod",
             "I have pinned this topic for now, since several people reported the same error."),
            ("spOdd spType-User spRank-member spUsergroup-members spUserPost", "bo",
             "Same here, the unlock code from the shop did not work either."),
            ("spEven spType-Admin spRank-admin spUsergroup-admins spAdminPost", "root",
             "The carrier confirmed a fix; restart the phone after inserting the new card."),
            ("spOdd spType-User spRank-member spUsergroup-members spUserPost spAuthorPost", "ann",
             "That worked, thanks to both of you.")]
    posts = "".join(
        f'<div class="spTopicPostSection {marks}" id="post2402{i}"><div class="spPostUser"><a href="/profile/{user}/">'
        f'{user}</a></div><div class="spPostContent" id="spPostIndexContent2402{i}"><p>{text}</p></div></div>'
        for i, (marks, user, text) in enumerate(rows))
    page = ("<html><head><title>SIM unlock error - Phone forum</title></head><body><h1>SIM unlock error</h1>"
            f'<div class="spTopicPostContainer" id="postlist6284">{posts}</div></body></html>')
    doc = extract(page, "https://phones.example/forum/general/sim-unlock-error/")
    assert doc.page_type == "forum"
    assert [post.text for post in doc.posts] == [text for _, _, text in rows]


def test_a_discourse_topic_as_crawlers_get_it(page_bytes):
    """Discourse serves crawlers a plain rendering: the topic a ``DiscussionForumPosting`` whose first post is not an
    item of its own, the replies ``Comment`` items, likes declared as a ``LikeAction`` interaction counter."""
    doc = extract(page_bytes("discourse_crawler_view.html"),
                  "https://community.example/t/backups-fail-after-upgrading-to-3-2/28731")
    assert doc.page_type == "forum"
    assert doc.question.startswith("Backups fail after upgrading to 3.2\nSince the upgrade to 3.2")
    assert [post.author for post in doc.posts] == ["ann", "bob", "ann", "system"]
    assert [post.votes for post in doc.posts] == [2, 5, None, None]
    assert doc.posts[1].date == "2024-03-04T10:02:10Z"
    assert doc.qa_pairs[0].answer.startswith("That error usually means")  # the most liked answer first
    for chrome in ("2 Likes", "Powered by", "Terms of Service", "Support"):
        assert chrome not in doc.text


def test_a_chinese_board_thread_gets_its_title_and_posters(page_bytes):
    """A Tieba-style thread: the ``<title>`` pieces are joined by underscores (``标题_吧名_百度贴吧``), and each
    poster's name is a link named ``p_author_name`` inside a ``p_author`` list that also holds the poster's badge."""
    doc = extract(page_bytes("tieba_thread.html"), "https://tieba.baidu.com/p/8912345678")
    assert doc.page_type == "forum"
    assert doc.headline == "【求助】电脑开机后黑屏怎么办"
    assert doc.question.startswith("【求助】电脑开机后黑屏怎么办\n昨天装了新显卡以后")
    assert [post.author for post in doc.posts] == ["小明", "老王", "阿强", "小明"]
    assert [post.date for post in doc.posts][:2] == ["2024-05-01 10:20", "2024-05-01 10:35"]
    assert doc.answers[-1].text == "果然是供电线没插，插上就好了，谢谢各位！"


def test_replies_nested_below_bare_wrappers_are_posts():
    """Talkyard-style threads: each top-level reply is a bare ``<li>`` around ``div.dw-t dw-depth-1``; the replies to
    it are ``li.dw-t dw-depth-2`` further down, without the bare wrapper, and must be posts of their own."""
    def reply(depth: int, number: int, user: str, text: str, nested: str = "") -> str:
        tag, marks = ("div", f"dw-t dw-depth-{depth} dw-id{number}") if depth == 1 else (
            "li", f"dw-t dw-depth-{depth} dw-id{number}")
        inner = (f'<{tag} class="{marks}"><div class="dw-p" id="post-{number}"><div class="dw-p-hd">'
                 f'<a href="/-/users/{user}">{user}</a> Sep {number}, 2017</div>'
                 f'<div class="dw-p-bd"><p>{text}</p></div></div>'
                 f'<div class="dw-single-and-multireplies"><ol class="dw-res">{nested}</ol></div></{tag}>')
        return f"<li>{inner}</li>" if depth == 1 else inner
    texts = ["Start with a rough guess from someone who has done this kind of task before.",
             "Plus one, that is the usual three-point estimate in disguise.",
             "Then double it, because the first guess always misses the unknown parts.",
             "Split the task into pieces small enough that each one can be guessed."]
    thread = (reply(1, 2, "kaj", texts[0], reply(2, 3, "lee", texts[1], reply(3, 4, "kaj", texts[2])))
              + reply(1, 5, "mo", texts[3]))
    page = ("<html><head><title>How to estimate an unfamiliar task - Talkyard</title></head><body>"
            "<h1>How to estimate an unfamiliar task</h1>"
            f'<div class="dw-single-and-multireplies"><ol class="dw-res dw-singlereplies">{thread}</ol></div>'
            "</body></html>")
    assert _forum_post_texts(page, "https://forum.example/-5/how-to-estimate-an-unfamiliar-task") == texts


def test_replies_listed_after_their_post_inside_its_bare_wrapper_are_posts():
    """Allura (SourceForge's forums) wraps each post in a bare ``<li>`` that also holds the list of the replies to
    it, each a bare ``<li>`` around the same ``div.discussion-post`` again: the replies two levels down were read as
    part of the top-level post's wrapper, outside its body, and left out."""
    def post(number: int, text: str, replies: str = "") -> str:
        listed = f"<ul>{replies}</ul>" if replies else ""
        return (f'<li><div class="discussion-post" id="p{number}"><div class="info"><a href="/u/user{number}/">'
                f'user{number}</a> <span title="2025-10-0{number}">2025-10-0{number}</span></div><div class='
                f'"display_post"><div class="markdown_content"><p>{text}</p></div></div></div>{listed}</li>')
    texts = ["Opening a very large image file makes the viewer hang for minutes before the first page is drawn.",
             "Does it still hang with the overview bar switched off in the view settings menu of the viewer?",
             "Confirmed, with the overview bar switched off the large image opens in a few seconds for me now.",
             "The overview bar reads the whole file up front, so the next release builds it in the background.",
             "Release 2.8.2 works perfectly here with the overview bar included, thanks for the quick fix!"]
    thread = post(1, texts[0], post(2, texts[1], post(3, texts[2])) + post(4, texts[3], post(5, texts[4])))
    page = ("<html><head><title>Viewer hangs on large files / Discussion / Hexplore</title></head><body>"
            f'<h1>Viewer hangs on large files</h1><ul class="comments-list">{thread}</ul></body></html>')
    assert _forum_post_texts(page, "https://sourceforge.net/p/hexplore/discussion/general/thread/5a1c9e7b2f/") \
        == texts


def test_replies_in_a_box_named_for_them_after_their_post_are_posts():
    """The Register's forums wrap each top comment in a ``div.thread``: the comment (``div.post``), then a
    ``div.replies`` box of the answers to it (``div.post reply depth_1``, a name more than the top comments'): the
    answers are posts of their own, not left out with the wrapper's rest."""
    def post(number: int, text: str, marks: str = "") -> str:
        return (f'<div class="post{marks}" id="c_49812{number}"><div class="post_header"><h4 class="title">Re: '
                f'Sounds about right</h4><div class="post_meta"><a class="author" href="/forum/user/8021{number}/">'
                f'user{number}</a> <span class="date">Thu 20 Nov 2025 // 08:1{number} UTC</span></div></div><div '
                f'class="body"><p>{text}</p></div><div class="post_footer"><a href="/forum/reply/{number}/">Reply</a>'
                "</div></div>")
    texts = ["To be fair to the chatbot, that is roughly how long the council takes when a human does the booking.",
             "Ours quoted me eleven weeks for a fridge. I would have taken 2052 if someone answered the phone.",
             "The real question is who signed off a date parser that happily accepts a year twenty-seven ahead.",
             "Nothing, except that a date picker does not get you a press release with the word AI in it.",
             "Somewhere a project manager is updating a risk register with the words low likelihood right now."]
    threads = (f'<div class="thread">{post(1, texts[0])}<div class="replies">{post(2, texts[1], " reply depth_1")}'
               f'</div></div><div class="thread">{post(3, texts[2])}<div class="replies">'
               f'{post(4, texts[3], " reply depth_1")}</div></div><div class="thread">{post(5, texts[4])}</div>')
    page = ("<html><head><title>Council chatbot books bulky waste pickups for 2052 - The Register Forums</title>"
            f'</head><body><h2>Council chatbot books pickups for 2052</h2><div id="forum_posts">{threads}</div>'
            "</body></html>")
    assert _forum_post_texts(page, "https://forums.theregister.example/forum/all/2025/11/20/chatbot_2052/") == texts


def test_replies_in_an_answer_list_after_their_post_inside_its_wrapper_are_posts():
    """Suomi24 wraps each comment in an ``li.CommentList__Item``: the comment (``article.CommentCard__Card``), then,
    for one with replies, a ``div.AnswerList__Wrapper`` ("1 vastaus": one answer) listing them, each an
    ``article.CommentCard__Card CommentCard__AnswerCard``. The replies are posts of their own: they were read as the
    end of the comment above them, with their posters' names and dates."""
    def card(number: int, text: str, marks: str = "") -> str:
        return (f'<article id="c{number}" class="CommentCard__Card-sc-1m2o3xv-0{marks} gVoNyr"><div class="Author__'
                f'Wrapper-sc-1o5hqz2-0"><span class="Author__Name-sc-1o5hqz2-1">nimimerkki{number}</span><span class='
                f'"Author__Status-sc-1o5hqz2-2">rekisteröitynyt</span><time datetime="2025-03-1{number}T15:22">'
                f'1{number}.3.2025 15:22</time></div><div class="CommentCard__Body-sc-1m2o3xv-2"><p>{text}</p></div>'
                '<div class="Actions__Row-sc-1wkd9x0-0"><button>Vastaa</button><button>Lainaa</button></div></article>')

    def comment(number: int, text: str, reply: tuple[int, str] | None = None) -> str:
        answers = ('<div class="AnswerList__Wrapper-sc-fh01mo-0"><span class="AnswerList__Count-sc-fh01mo-1">1 vastaus'
                   '</span><ul class="AnswerList__List-sc-fh01mo-2"><li class="AnswerList__Item-sc-fh01mo-3">'
                   f'{card(*reply, " CommentCard__AnswerCard-sc-1m2o3xv-1")}</li></ul></div>') if reply else ""
        return f'<li class="CommentList__Item-sc-1h4v1ai-1">{card(number, text)}{answers}</li>'
    texts = ["Talo on vuodelta 1976 ja öljykattila on elinkaarensa päässä. Kumpi kannattaa valita tilalle?",
             "Ilma-vesipumppu riittää kyllä, mutta kovilla pakkasilla sen hyötysuhde putoaa selvästi.",
             "Maalämpö ilman muuta. Meillä on ollut kaksitoista vuotta eikä mitään ongelmia.",
             "Tämä on vähän liioittelua, ulkoyksikkö kestää kyllä helposti viisitoista vuotta.",
             "Kiitos vastauksista! Soitin molemmille asentajille ja kysyin menoveden lämpötilasta.",
             "Pura vanha kattila heti, sen pitäminen varalla maksaa nuohouksina ja huoltoina."]
    comments = (comment(1, texts[1]) + comment(2, texts[2], (3, texts[3])) + comment(4, texts[4], (5, texts[5])))
    page = ("<html><head><title>Maalämpö vai ilma-vesilämpöpumppu? | Suomi24 Keskustelu</title></head><body>"
            '<article class="ThreadCard__Card-sc-1j8m1pg-0"><h1 class="ThreadCard__Title-sc-1j8m1pg-1">Maalämpö vai '
            'ilma-vesilämpöpumppu?</h1><div class="Author__Wrapper-sc-1o5hqz2-0"><span class="Author__Name-sc-1o5hqz2'
            '-1">öljystä.eroon</span><time datetime="2025-03-12T14:07">12.3.2025 14:07</time></div><div class='
            f'"ThreadCard__Body-sc-1j8m1pg-2"><p>{texts[0]}</p></div></article><section class="CommentSection__'
            f'Section-sc-1u9b6p4-0"><ul class="CommentList__List-sc-1h4v1ai-0">{comments}</ul></section></body></html>')
    posts = _forum_post_texts(page, "https://keskustelu.suomi24.fi/t/18934567/maalampo")
    assert posts[0].endswith(texts[0]) and posts[1:] == texts[1:]


def test_a_line_saying_which_post_a_reply_answers_and_a_paid_slot_among_the_posts_are_no_posts_text():
    """UKClimbing opens a reply with "In reply to <a>Rob</a>:" (a link to the post it answers) and sets a "Premier
    Post", paid for by an advertiser, among the posts in the posts' own card: the line is no words of the reply's,
    and the slot, linked as sponsored and to no poster, is no post."""
    def card(number: int, who: str, text: str, answers: str = "") -> str:
        to = f'<p class="reply_to small text-muted">In reply to <a href="#x{number - 1}">{answers}</a>:</p>' \
            if answers else ""
        return (f'<div class="forum_post card mb-2" id="x{number}"><div class="card-header fpost_head"><a class='
                f'"username" href="/user/profile.php?id={number}">{who}</a><span class="fpost_date"><a href="#x'
                f'{number}">- on 0{number} Dec 2025</a></span></div><div class="card-body fpost_body">{to}<p>{text}'
                '</p></div></div>')
    texts = ["My ice axe picks have taken a beating this season already. File them by hand or use a grinder?",
             "File by hand. A grinder heats the tip and softens the steel before you notice the colour change.",
             "A flat second cut file of six or eight inches is plenty, with a needle file for between the teeth."]
    paid = ('<div class="forum_post premier_post card mb-2"><div class="card-header small"><span class="badge">'
            'Premier Post</span> Paid for by <a href="/premierposts/redirect.php?id=3321" rel="sponsored">Glencoe '
            'Mountain Guides</a></div><div class="card-body small"><strong>Winter skills courses, Jan to March '
            "2026.</strong> Small groups, all technical kit provided.</div></div>")
    posts = card(1, "Rob Kettering", texts[0]) + paid + card(2, "Alison Moy", texts[1], "Rob Kettering") \
        + card(3, "Gareth Lloyd", texts[2], "Alison Moy")
    page = ("<html><head><title>Sharpening ice axe picks | UKClimbing</title></head><body><h1>Sharpening ice axe "
            f'picks</h1><div id="forum_posts">{posts}</div></body></html>')
    assert _forum_post_texts(page, "https://www.ukclimbing.com/forums/gear/sharpening_picks-790123") == texts


def _rows_in_turn() -> str:
    """A thread of table rows in turn, a short header row (poster, date) then a body row, starting and ending with a
    header: as many header-then-body pairs as body-then-header ones."""
    rows = []
    for i in range(4):
        rows.append(f'<tr><td class="head"><a href="/user/u{i}">u{i}</a> wrote on 2024-05-0{i + 1}</td></tr>')
        rows.append(f'<tr><td class="body">Reply number {i} says the pump needs a new seal, a clean filter and '
                    "an hour of patience before it runs quietly again.</td></tr>")
    rows.append('<tr><td class="head"><a href="/user/u9">u9</a> wrote on 2024-05-09</td></tr>')
    return ("<html><head><title>Noisy pump - Pond forum</title></head><body><h1>Noisy pump</h1>"
            f'<table class="thread">{"".join(rows)}</table></body></html>')


def test_header_and_body_rows_in_turn_pair_the_same_way_in_every_process(tmp_path):
    """With as many pairs each way, the pairing whose header rows are shorter wins, whatever the order of sets (the
    hash seed) in the process; it was left to that order."""
    page = tmp_path / "rows.html"
    page.write_text(_rows_in_turn())
    code = ("import sys; from scrapy_boiler import extract; "
            "d = extract(open(sys.argv[1], 'rb').read(), 'https://pond.example/viewtopic.php?t=5'); "
            "print(d.page_type, [p.author for p in d.posts], [p.text[:20] for p in d.posts])")
    outputs = {subprocess.run([sys.executable, "-c", code, str(page)], check=True, capture_output=True, text=True,
                              env={**os.environ, "PYTHONHASHSEED": str(seed)}).stdout for seed in range(6)}
    assert len(outputs) == 1
    assert "'u0'" in outputs.pop()  # the header row before each body row gives its poster


def test_an_smf_thread_gives_shown_dates_and_keeps_quote_attributions_with_their_quotations(page_bytes):
    doc = extract(page_bytes("smf_thread.html"), "https://forum.example.org/index.php?topic=501.0")
    assert doc.page_type == "forum"
    assert [p.author for p in doc.posts] == ["mike", "sarah_k", "mike", "oldtimer"]
    # "« on: <date> »" and "Reply #2 on: <date> »": the date as shown, without its label and arrows
    assert [p.date for p in doc.posts] == ["January 12, 2024, 08:15:22 PM", "January 12, 2024, 09:02:10 PM",
                                           "January 13, 2024, 10:40:01 AM", "January 13, 2024, 11:15:45 AM"]
    reply = doc.posts[2]
    assert reply.text.startswith("That was it!") and "Quote from" not in reply.text
    assert reply.quoted == ("Quote from: sarah_k on January 12, 2024, 09:02:10 PM\n"
                            "Nine times out of ten that is a gummed up carburettor from old fuel.",)
    assert doc.question.startswith("Engine won't start after winter\nMy old Honda lawnmower")


def test_an_unnamed_attribution_line_before_a_quotation_goes_with_it():
    """NodeBB writes "@ann said in <a>the thread's title</a>:" in a plain ``<p>`` before the ``<blockquote>`` of the
    post quoted: a line ending with a colon that links to the poster or the post is the quotation's attribution."""
    def post(index: int, user: str, body: str) -> str:
        return (f'<li component="post" class="post-row" data-index="{index}"><div class="post-header">'
                f'<a href="/user/{user}">{user}</a> <span class="timeago" title="2025-01-1{index}T10:00:00Z">'
                f'Jan 1{index}, 2025</span></div><div component="post/content" class="content">{body}</div>'
                '<div class="post-footer"><a href="#">Reply</a> <a href="#">Quote</a></div></li>')
    opening = ("After moving Zigbee2MQTT into a Proxmox container my sensors drop off every few hours. The dongle is "
               "passed through by id and the logs show nothing useful before they go.")
    attribution = ('<a class="plugin-mentions-user" href="/user/ann">@ann</a> said in <a href="/post/1">Zigbee devices '
                   "keep dropping off after moving to Proxmox</a>:")
    reply = "Same here until I changed the channel from 11 to 15. Wifi on channel 1 overlapped it."
    bodies = [f"<p>{opening}</p>", "<p>Is the dongle on a USB 3 port? USB 3 interference causes exactly this.</p>",
              f"<p>{attribution}</p><blockquote><p>{opening.split('. ')[0]}.</p></blockquote><p>{reply}</p>",
              "<p>The extension cable fixed it, thanks everyone. Three days without a single drop now.</p>"]
    html = ("<html><head><title>Zigbee devices keep dropping off after moving to Proxmox | Community</title></head>"
            "<body><h1>Zigbee devices keep dropping off after moving to Proxmox</h1><ul component='topic'>"
            + "".join(post(i, user, body)
                      for i, (user, body) in enumerate(zip(["ann", "bo", "cy", "ann"], bodies, strict=True)))
            + "</ul></body></html>")
    doc = extract(html, "https://community.example/topic/1834/zigbee-devices-keep-dropping-off")
    assert doc.page_type == "forum"
    assert doc.posts[2].text == reply
    assert doc.posts[2].quoted[0].startswith("@ann said in Zigbee devices")


def test_a_quotation_sharing_only_common_words_with_an_earlier_post_stays_in_the_reply():
    """Academia Stack Exchange: an answer drafts the response letter in a ``<blockquote>``, another quotes a journal's
    guideline. Most of their words (we, the, to, of, reviewer, references...) are in the question too, which made them
    read as quotations of it; they copy no stretch of it, and stay. A reply quoting a stretch of the question, with
    its attribution run into it, still leaves it out."""
    question = ("We received a major revision and reviewer two asks us to cite six recent papers from one group. We "
                "think two of the references are relevant to the work and four are not, and we suspect the reviewer "
                "is one of the authors. Should we add all of the references to the paper?")
    letter = ("We thank the reviewer for pointing us to this body of work. We have added two of the references to the "
              "introduction, where they inform the work, and we explain below why the other four are not relevant.")
    guideline = "Reviewers should not ask the authors to cite their own work unless it is essential to the paper."
    bodies = [f"<p>{question}</p>",
              f"<p>Cite the two that are relevant. In the letter, something like this works:</p><blockquote><p>{letter}"
              f"</p></blockquote><p>Then leave the rest to the editor.</p>",
              f"<p>Check the journal's guidelines for reviewers. Ours say:</p><blockquote><p>{guideline}</p>"
              f"</blockquote><p>Quote it in the confidential note to the editor.</p>",
              "<blockquote><p>ann wrote: we suspect the reviewer is one of the authors</p></blockquote><p>Guessing "
              "who the reviewer is in writing can sour things with the editor, so do not say it.</p>"]
    posts = "".join(
        f'<div class="post" id="post-{n}"><div class="post-header"><a href="/users/{user}">{user}</a> '
        f'<span class="date">2025-03-1{n}</span></div><div class="post-body">{body}</div></div>'
        for n, (user, body) in enumerate(zip(["ann", "bo", "cy", "dee"], bodies, strict=True)))
    html = ("<html><head><title>Reviewer asks us to cite six papers | Forum</title></head><body><h1>Reviewer asks "
            f"us to cite six papers</h1><div class='posts'>{posts}</div></body></html>")
    texts = _forum_post_texts(html, "https://forum.example/t/reviewer-asks-us-to-cite-six-papers/2231")
    assert letter in texts[1] and guideline in texts[2]
    assert texts[3].startswith("Guessing who the reviewer is") and "we suspect" not in texts[3]


def test_the_answer_an_opening_post_was_solved_by_quoted_under_it_is_no_part_of_it():
    """Discourse's solved plugin quotes the start of the accepted answer under the question ("Solved by bo in post
    #3"): a quotation in the opening post that a later post starts with is taken out; one whose words a later post
    only repeats further on (an error message quoted again) stays."""
    def post(index: int, user: str, body: str) -> str:
        return (f'<div class="topic-post" data-post-number="{index}"><article class="boxed onscreen-post" '
                f'id="post_{index}"><div class="topic-meta-data"><a href="/u/{user}">{user}</a> <span '
                f'class="relative-date">Mar {index}</span></div><div class="cooked">{body}</div></article></div>')
    error = ("Dataview: Error: Unrecognized query operation at line 2 near the folder name, expected a source such "
             "as a tag, a folder in quotes or a link to a note")
    answer = ("Classic. The file explorer trims the display, but the path does not lie. Rename the folder on the "
              "desktop (remove the space at its end) and the exclusion will start working. If you have links "
              "pointing into that folder, let Obsidian update them when it asks.")
    solved = (f'<aside class="quote accepted-answer"><div class="title">Solved by <a href="/u/bo">bo</a> in <a '
              f'href="/t/97412/3">post #3</a></div><blockquote><p>{answer}</p></blockquote></aside>')
    question = ("<p>My reading list table still lists the notes of my templates folder although I exclude it in the "
                "FROM line, and the same query works fine on my laptop with the very same vault synced.</p><p>I tried "
                "a trailing slash, moving the exclusion into the WHERE line and rebuilding the index, and nothing "
                f"changed at all. Sometimes I even get this error instead:</p><blockquote><p>{error}</p></blockquote>"
                "<p>Dataview 0.5.67 and Obsidian 1.8.9 on Windows 11, no other plugins touching the folder.</p>")
    bodies = [question + solved, f"<p>The message says {error}, so the query fails before it reads the folder.</p>",
              f"<p>{answer}</p>", "<p>That was it, the folder name ended with a space. Thanks a lot for the help!</p>"]
    html = ("<html><head><title>Dataview table lists my templates - Obsidian Forum</title></head><body><h1>Dataview"
            " table lists my templates</h1><div class='post-stream'>"
            + "".join(post(i, user, body) for i, (user, body) in enumerate(zip(["ann", "cy", "bo", "ann"], bodies,
                                                                                strict=True), start=1))
            + "</div></body></html>")
    doc = extract(html, "https://forum.example/t/dataview-table-lists-my-templates/97412")
    assert "Solved by" not in doc.posts[0].text and "Classic." not in doc.posts[0].text
    assert error in doc.posts[0].text and doc.posts[2].text == answer


def _vbulletin3_post(index: int, user: str, message: str) -> str:
    """A vBulletin 3 post: a table of its date and number over the poster's cell and the message's."""
    return (f'<div><table class="tborder" id="post{index}"><tr><td class="thead">{index + 10}-03-2025, 21:1{index} '
            f'<a href="showthread.php?p={index}">#{index + 1}</a></td></tr><tr><td class="alt2"><a '
            f'class="bigusername" href="member.php?u={index}">{user}</a><div class="smallfont">Forero</div></td>'
            f'<td class="alt1"><div id="post_message_{index}">{message}</div></td></tr></table></div>')


def _posts_page(title: str, users: list[str], messages: list[str], post: Callable[[int, str, str], str]) -> str:
    """A page of ``post``-built posts, one per user and message, in a ``div#posts`` under ``title``."""
    posts = "".join(post(i, user, message) for i, (user, message) in enumerate(zip(users, messages, strict=True)))
    return f"<html><head><title>{title}</title></head><body><div id='posts'>{posts}</div></body></html>"


def test_a_quotation_labelled_quote_and_an_attribution_saying_who_wrote_go_with_the_quotation():
    """vBulletin 3 marks a quotation by its label alone: a ``div.smallfont`` "Cita:" ("Quote:") over a table holding
    "Originalmente Escrito por ann" and the quoted text; jeuxvideo.com writes "Le 14 mars 2025 à 21:12:04 bo a
    écrit :" in a plain ``<p>`` before the ``<blockquote>``."""
    asked = "¿Y la etiqueta CERO compensa de verdad o es humo?"
    told = "Yo tengo un enchufable desde hace dos años y lo cargo en casa cada noche."
    quote = ('<div style="margin:20px; margin-top:5px; "><div class="smallfont" style="margin-bottom:2px">Cita:</div>'
             '<table cellpadding="6" width="100%"><tr><td class="alt2" style="border:1px inset"><div>Originalmente '
             f'Escrito por <strong>ann</strong></div><div style="font-style:italic">{asked}</div></td></tr></table>'
             "</div>")
    messages = [f"Dudo entre un híbrido enchufable y uno eléctrico puro. {asked}",
                f"{told} Casi no piso la gasolinera.",
                f"{quote}Depende totalmente de tu ayuntamiento.",
                f"<p>Le 14 mars 2025 à 21:12:04 bo a écrit :</p><blockquote><p>{told}</p></blockquote>"
                "<p>Lo mismo digo, compensa si tienes garaje.</p>"]
    html = _posts_page("Híbrido enchufable o eléctrico - ForoCoches", ["ann", "bo", "cy", "di"], messages,
                       _vbulletin3_post)
    doc = extract(html, "https://forocoches.example/foro/showthread.php?t=9876543")
    assert doc.page_type == "forum"
    assert [post.text for post in doc.posts[2:]] == ["Depende totalmente de tu ayuntamiento.",
                                                     "Lo mismo digo, compensa si tienes garaje."]
    assert doc.posts[2].quoted[0].startswith("Cita:") and doc.posts[3].quoted[0].endswith(told)


def test_a_quotation_its_first_child_attributes_goes_with_the_quotation():
    """UBB.threads sets a quotation in a ``div.ubbcode-block``, no name saying quote: its first child says "Originally
    Posted by: <a>ann</a>", the quoted text follows in a ``div.ubbcode-body``."""
    def post(index: int, user: str, message: str) -> str:
        return (f'<div class="post" id="Post28451{index}"><div class="post-header"><a href="/users/{index}/{user}">'
                f'{user}</a> <span class="date">11/0{index + 1}/25 09:1{index} AM</span></div><div class="post-body" '
                f'id="body{index}">{message}</div></div>')
    told = "On curly stock you want the chipbreaker set right up to the edge, about a sheet of paper back."
    quote = (f'<div class="ubbcode-block"><div class="ubbcode-header">Originally Posted by: <a href="/topics/2845#'
             f'Post284511">bo</a></div><div class="ubbcode-body">{told}</div></div>')
    messages = ["Whatever I do, the curly maple tears out on the planer and on the hand plane alike.", told,
                f"{quote}That did it, a tight chipbreaker and a fresh edge, and the board came out clean.",
                "A card scraper after the plane takes care of the last few spots on the figure."]
    html = _posts_page("Tearout on curly maple - Bench and Chisel", ["ann", "bo", "cy", "di"], messages, post)
    doc = extract(html, "https://forum.example/ubbthreads.php/topics/284512/tearout-on-curly-maple")
    assert doc.posts[2].text == "That did it, a tight chipbreaker and a fresh edge, and the board came out clean."


@pytest.mark.parametrize("label", ["Цитата Сообщение от", "Zitat von", "Originariamente inviato da",
                                   "Postado originalmente por", "Envoyé par", "Oorspronkelijk geplaatst door"])
def test_a_quotation_its_label_attributes_in_the_boards_language_goes_with_the_quotation(label: str):
    """vBulletin 3's quotation in another language: its ``div.smallfont`` label says who wrote it, "Цитата Сообщение
    от <strong>ann</strong>" (Cyberforum), "Zitat von", "Originariamente inviato da", the quoted text in the table
    after it."""
    told = "Element i + 1 moves to index i after the erase, and then the loop increments i anyway."
    quote = ('<div style="margin:20px; margin-top:5px; "><div class="smallfont" style="margin-bottom:2px">'
             f'{label} <strong>bo</strong> <a href="showthread.php?p=1#post1" rel="nofollow"><img class="inlineimg" '
             'src="/images/buttons/viewpost.gif" alt="View Post" /></a></div><table cellpadding="6" width="100%"><tr>'
             f'<td class="alt2" style="border:1px inset"><div style="font-style:italic">{told}</div></td></tr></table>'
             "</div>")
    messages = ["My loop over the vector skips every second element when I erase the even numbers in it.", told,
                f"{quote}Got it, so I should not increment i after an erase. The iterator version prints 1 3 5.",
                "Or use std::erase_if from C++20 and drop the loop entirely."]
    html = _posts_page("Erase in a loop skips elements", ["ann", "bo", "ann", "cy"], messages, _vbulletin3_post)
    doc = extract(html, "https://forum.example/showthread.php?t=3218847")
    assert doc.posts[2].text == "Got it, so I should not increment i after an erase. The iterator version prints 1 3 5."


@pytest.mark.parametrize(("label", "attribution"), [("Citat:", "Ursprungligen postat av"),
                                                   ("Sitat:", "Opprinnelig skrevet av"),
                                                   ("Citat:", "Oprindeligt skrevet af")])
def test_a_short_quotation_under_its_label_and_an_attribution_line_goes_with_the_quotation(label: str,
                                                                                          attribution: str):
    """Flashback (vBulletin in Swedish) labels a quotation "Citat:" in its cell's own text, then says who wrote it on
    a line of its own, "Ursprungligen postat av <strong>Ekorren.i.tallen</strong>", over the quoted words: a
    quotation of a sentence is hardly longer than its two header lines, which are not the quoted post's words."""
    told = "Read the last five annual reports first."
    quote = ('<div class="post-bbcode-quote-wrapper"><div class="post-bbcode-quote"><table><tr><td class="alt2 '
             f'post-bbcode-quote">{label}<div>{attribution} <strong>Ekorren.i.tallen</strong> <a href="/sp2" '
             'rel="nofollow"><i class="fa fa-arrow-circle-up"></i></a></div><div class="post-clamped-text">'
             f"{told}</div></td></tr>"
             "</table></div></div>")
    messages = ["The board wants to raise the monthly fee by a quarter from July, and I wonder whether that is fair.",
                f"{told} Look at the savings and the debt per square metre over those years.",
                f"{quote}Did it last night: the debt per square metre went up by half in five years.",
                "Then the raise is late rather than large, and the next one will come sooner than you think."]
    html = _posts_page("Höjd avgift i bostadsrättsföreningen - Flashback Forum", ["ann", "bo", "cy", "di"], messages,
                       _vbulletin3_post)
    doc = extract(html, "https://www.flashback.org/t3912345")
    assert doc.posts[2].text == "Did it last night: the debt per square metre went up by half in five years."


def test_a_post_body_named_as_such_keeps_the_code_between_its_named_text_parts():
    """Linen (a public archive of a Slack community) sets each message's text in ``div.Message_message``, a
    ``div.Text_text`` for each paragraph with the code blocks between them: where some messages hold several such parts
    right in their named body (two in eight here), that body is the text, not its first part."""
    from scrapy_boiler.segment.post_bodies import member_bodies
    from scrapy_boiler.segment.text_stats import text_stats

    def message(user: str, parts: list[str]) -> str:
        inner = "".join(f'<div class="Text_text__Qz5mW">{part}</div>' if not part.startswith("$") else
                        f'<pre class="Code_pre__x8MdS"><code>{part}</code></pre>' for part in parts)
        return (f'<li class="Thread_message__hQ7vB"><div class="Row_row__Yk1sE"><div class="Row_left__bV3Tq">'
                f'<div class="Avatar_avatar__0kH2r">{user[:2].upper()}</div></div><div class="Row_right__x1"><div>'
                f'<p class="Row_username__e4Rj1">{user}</p><time>Mar 3, 2025, 9:14 AM</time></div>'
                f'<div class="Message_message__sdX0p">{inner}</div><div class="Reactions_reactions__Tw1cN">'
                '<span>👀</span><span>2</span></div></div></div></li>')
    messages = [["After upgrading to 2.3, backfill re-runs tasks that already succeeded on every partition.",
                 "$ kestrel backfill daily_orders --skip-succeeded",
                 "And this is what the planner prints for a partition that succeeded last week:",
                 "$ planner partition=2025-01-14 prior_run=None action=schedule"],
                ["Which state backend are you on, and did you run the database upgrade yourself?"],
                ["Postgres 15. The chart ran the migration job and reports revision 0047."],
                ["The migration adds the new hash column but does not fill it for old runs. Fill it with:",
                 "$ kestrel state rehash --since 2024-10-01", "Pick a date that covers your oldest partition."],
                ["That did it, the next backfill skipped everything up to last Thursday."],
                ["Confirmed on MySQL too, dropping our workaround now."],
                ["Thanks both for reporting, the next release runs the rehash in its migration."],
                ["Good to know, we will wait for that one then."]]
    root = parse_html("<html><body><ul class='Thread_list'>"
                      + "".join(message(user, parts) for user, parts in zip(
                          ["Priya", "Jonas", "Priya", "Mara", "Priya", "Lee", "Mara", "Lee"], messages, strict=True))
                      + "</ul></body></html>").root
    bodies, _ = member_bodies(root.xpath("//li"), text_stats(root))
    texts = ["".join("".join(el.itertext()) for el in body) for body in bodies]
    assert texts == ["".join(parts) for parts in messages]


def test_a_xenforo_thread_whose_addresses_are_in_spanish_links_its_posters_by_their_ids(page_bytes):
    """XenForo in Spanish (a Forosperu thread) links each poster to ``/miembros/...``, no word of an address saying
    user or member, and declares only its first three replies in JSON-LD; every link to a poster carries
    ``data-user-id``: the page is a thread of seven posts, not an article with comments."""
    doc = extract(page_bytes("xenforo_spanish_thread.html"),
                  "https://www.forosperu.net/temas/mi-experiencia-sacando-el-brevete-a-i-en-2025-con-tips-para-que-no-"
                  "los-jalen.1428873/")
    assert doc.page_type == "forum"
    assert [post.author for post in doc.posts] == ["Kevin_Sotomayor", "chalaco_rider", "Kevin_Sotomayor",
                                                   "Luchito.pe", "MaríaFe_93", "el_tio_del_tico", "Andrea_Q"]
    assert doc.posts[2].text.startswith("Fue en el circuito de Conchán")
    assert "chalaco_rider dijo" not in doc.posts[2].text


def test_a_post_row_named_message_is_no_body_where_a_cell_holds_the_named_text():
    """The Hardware.fr forum engine (Doctissimo): each post a table whose row ``tr.message`` holds the poster's cell
    (``td.messCase1``: name, rank, "Inscrit le …", city) and the post's cell (``td.messCase2``: "Posté le …", "Citer",
    "Signaler", then ``div#para<id>``, the text). The two cells share a signature once digits go, so the descent
    stops at the row, whose name says "message": the text is the ``#para`` element inside it."""
    texts = ["Depuis trois semaines j'ai une douleur sous le talon le matin, au lever, qui passe un peu en marchant.",
             "Coucou, j'ai eu exactement la même chose l'an dernier : étirements matin et soir.",
             "Des semelles orthopédiques m'ont beaucoup aidée.", "Merci à toutes, je prends rendez-vous."]

    def post(index: int, user: str, text: str) -> str:
        return (f'<table class="messagetable md-post" id="post97{index}">'
                f'<tr class="message cBackCouleurTab{index % 2 + 1} "><td class="messCase1"><div>'
                f'<a href="/{user}/"><b>{user}</b></a></div><div>'
                f'<span class="rank">Membre</span><br/><span>Inscrit le 11/02/2021</span><br/><span>{index + 20} '
                f'messages</span><br/><span>Nantes</span></div></td><td class="messCase2"><div class="toolbar"><div '
                f'class="left">Posté le 02/03/2025 à 0{index}:48:21</div><div class="right"><a href="/q">Citer</a> '
                f'<a href="/a">Signaler</a></div></div><div id="para97{index}"><p>{text}</p></div></td></tr></table>')
    html = ("<html><head><title>Douleur au talon le matin - Forum Doctissimo</title></head><body>"
            "<h1>Douleur au talon le matin</h1><div id='topic'>"
            + "".join(post(i, user, text) for i, (user, text) in enumerate(zip(["lilou", "mam", "kine", "lilou"], texts,
                                                                               strict=True)))
            + "</div></body></html>")
    assert _forum_post_texts(html, "https://forum.doctissimo.example/sante/douleur-talon-sujet_158234_1.htm") == texts


def _vbulletin4_thread(body_class: str = "postcontent restore") -> str:
    """vBulletin 4: each post body is a ``<blockquote class="postcontent">`` inside the message ``<div>`` (XenForo 1:
    ``messageText SelectQuoteContainer``); a quotation of an earlier post is a ``bbcode_quote`` box with an
    "Originally Posted by" line."""
    texts = ["Has anyone tried the new trail above the lake? I heard the bridge at the far end is closed for repairs.",
             "I walked it on Sunday and the bridge was open again, though the path before it is still muddy.",
             None,
             "Good to know, I will take my boots and go next weekend."]
    posts = []
    for n, text in enumerate(texts):
        if text is None:  # a reply that quotes the reply before it, then says something of its own
            text = ('<div class="bbcode_container"><div class="bbcode_quote"><div class="quote_container">'
                    '<div class="bbcode_postedby">Originally Posted by <strong>walker</strong></div>'
                    f'<div class="message">{texts[1]}</div></div></div></div>Great, thanks for checking!')
        posts.append(f'<li class="postbitlegacy postcontainer" id="post_{700 + n}"><div class="posthead">'
                     f'<span class="date">03-0{n + 1}-2024, <span class="time">10:1{n} AM</span></span></div>'
                     f'<div class="userinfo"><a class="username" href="member.php/{40 + n}-user{n}">user{n}</a></div>'
                     f'<div class="postbody"><div class="content"><div id="post_message_{700 + n}">'
                     f'<blockquote class="{body_class}">{text}</blockquote></div></div>'
                     '<div class="after_content"><blockquote class="signature restore"><div class="signaturecontainer">'
                     f'Walking is cheaper than therapy; hill {n} has the views.</div></blockquote></div>'
                     '</div></li>')
    return ('<html><head><title>Lake trail open?</title></head><body><div id="postlist"><ol id="posts">'
            + "".join(posts) + "</ol></div></body></html>")


@pytest.mark.parametrize("body_class", ["postcontent restore", "messageText SelectQuoteContainer ugc baseHtml"])
def test_a_post_body_that_is_a_blockquote_is_not_taken_for_a_quotation(body_class):
    doc = extract(_vbulletin4_thread(body_class), "https://hikers.example/forum/showthread.php/88-Lake-trail-open")
    assert doc.page_type == "forum"
    assert [p.text for p in doc.posts] == [
        "Has anyone tried the new trail above the lake? I heard the bridge at the far end is closed for repairs.",
        "I walked it on Sunday and the bridge was open again, though the path before it is still muddy.",
        "Great, thanks for checking!",
        "Good to know, I will take my boots and go next weekend.",
    ]
    assert doc.posts[2].quoted[0].startswith("Originally Posted by walker\nI walked it on Sunday")


def test_a_question_above_the_answers_under_its_own_heading_keeps_its_byline_and_loses_its_vote_count(page_bytes):
    # Question2Answer without microdata: the title in a heading box of its own, the question's box (votes, "asked
    # <date> by tom (120 points)", text, tags) above the list of answers, the accepted one marked "answer-selected"
    doc = extract(page_bytes("q2a_thread.html"), "https://ask.example.com/123/bash-pipeline-exit-status")
    assert doc.page_type == "qa"
    question = doc.posts[0]
    assert question.author == "tom" and question.date == "2023-04-30T09:00:00+0000" and question.votes == 3
    assert "votes" not in question.text and "votes" not in doc.question
    assert doc.question.startswith("How do I make a bash pipeline fail when its first command fails?\nMy script runs")
    assert [(p.author, p.votes, p.accepted) for p in doc.qa_pairs] == [("ann", 5, True), ("raj", 2, False),
                                                                       ("lee", 0, False)]


def test_an_opening_post_above_the_replies_leaves_its_byline_and_breadcrumbs_out_of_its_text(page_bytes):
    # V2EX: breadcrumbs, the title and "alice · 1 天前 · 1234 次点击" share the topic's header box above its text
    doc = extract(page_bytes("v2ex_thread.html"), "https://www.v2ex.com/t/1001234")
    assert doc.page_type == "forum"
    opening = doc.posts[0]
    assert opening.author == "alice" and opening.date == "2024-03-01 09:30:00 +08:00"
    assert doc.question == ("如何在 Python 里优雅地处理超时？\n"
                            "有一个接口偶尔会卡住几十秒，整个程序就跟着卡住。"
                            "想给这个调用加一个超时，超过五秒就放弃，\n"
                            "大家一般怎么写比较优雅？同步和异步的写法都想了解一下。")
    assert [p.author for p in doc.posts[1:]] == ["bob", "carol", "dave", "alice"]
    assert doc.posts[1].date == "2024-03-01 10:05:00 +08:00"


def test_a_topic_declared_with_only_its_title_takes_its_first_comment_as_the_opening_post(page_bytes):
    # NodeBB: the topic is a DiscussionForumPosting whose text is a <meta> repeating its title, and every post, the
    # opening one included, a Comment inside it; the topic names the first comment's author and date
    doc = extract(page_bytes("nodebb_topic.html"), "https://community.example.org/topic/77/blank-plugin-page-after-upgrade")
    assert doc.page_type == "forum"
    assert [p.author for p in doc.posts] == ["alice", "bjorn", "alice", "chen"]
    assert doc.question.startswith("Blank plugin page after upgrade\nAfter upgrading to version 3.5")
    assert [(pair.author, pair.votes) for pair in doc.qa_pairs] == [("bjorn", 5), ("chen", 1), ("alice", 0)]  # by votes
    assert doc.posts[2].text == "That was it, thank you. Updating the widget plugin fixed it for good."
    assert doc.posts[2].quoted[0].startswith("@bjorn said in Blank plugin page after upgrade:")


def test_a_blog_post_with_longer_comments_stays_an_article_with_its_comments_apart(page_bytes):
    # WordPress: a four-paragraph post under six comments that hold more words than it; "Maria says:"
    doc = extract(page_bytes("blog_with_comments.html"), "https://breadblog.example/2019/03/easy-overnight-bread/")
    assert doc.page_type == "article" and doc.headline == "Easy overnight bread"
    assert "Bake it in the pot for 30 minutes" in doc.text and "whole wheat" not in doc.text
    assert [p.author for p in doc.posts] == ["Maria", "Tom Becker", "Anna", "Jules", "Sourdough Sam", "Priya"]
    assert doc.posts[1].date == "2019-03-11T09:11:00+00:00" and not doc.question and not doc.qa_pairs
    assert all("Reply" not in p.text for p in doc.posts)


def test_a_blog_post_read_at_another_address_stays_an_article(page_bytes):
    # its title links to the blog's own address, another site from a mirror's; a link shared for discussion has
    # comments signed by the site's users, and these commenters link to their own sites
    for url in ("https://mirror.example.net/2019/03/easy-overnight-bread/", "https://example.com/bread.html"):
        doc = extract(page_bytes("blog_with_comments.html"), url)
        assert doc.page_type == "article" and "Bake it in the pot for 30 minutes" in doc.text


def test_a_khoros_thread_reads_posts_inside_wrappers_that_mark_the_opening_post_and_the_solution(page_bytes):
    # Khoros (Lithium): every post is a wrapper around one MessageView whose classes tell the topic, the replies and
    # the accepted solution apart; kudos are its votes, the date sits after an invisible left-to-right mark, and the
    # opening post's "Solved! Go to Solution." link is no accepted-answer badge
    doc = extract(page_bytes("khoros_thread.html"),
                  "https://community.spotify.com/t5/Android/Playlist-stops-syncing-to-phone-after-update/td-p/5187410")
    assert doc.page_type == "forum"
    assert [(p.author, p.date, p.votes, p.accepted) for p in doc.posts] == [
        ("mbrandt", "2024-03-14", 7, False), ("kasperl", "2024-03-14", 2, False),
        ("Mikkel", "2024-03-15", 15, True), ("mbrandt", "2024-03-15", 1, False)]
    assert doc.posts[0].text.startswith("Plan\nPremium Family\nCountry")
    assert not any(chrome in post.text for post in doc.posts
                   for chrome in ("Options", "Mark as New", "Kudos", "Casual Listener", "Re: Playlist"))
    assert doc.qa_pairs[0].author == "Mikkel" and doc.qa_pairs[0].accepted


def test_an_opening_posts_column_styled_apart_beside_a_column_all_show_is_followed():
    """Kunena: each post is a row of a profile column and a message column sharing two class names; the opening
    post's message column is ``message-kunena_topic`` where the replies' is ``message-kunena``: the one column no
    reply shows is followed as theirs is, not the whole row (the poster's name, "Offline", rank and "Meer" were read as
    the opening post's text)."""
    said = ["Since a few weeks my inverter switches off on sunny afternoons, with a grid overvoltage warning.",
            "That voltage is still within the limits, but ask the grid operator to log it for a week or two.",
            "Your installer can also lower the reactive power setting, which helps on long cables like yours.",
            "I called them this morning and they will put a logger in the meter cupboard from next Monday."]

    def post(n: int, state: str, text: str) -> str:
        return (f'<div class="row message"><div class="col-md-2 shadow-lg rounded d-none d-sm-block"><ul class="'
                f'profilebox"><li><a class="kwho-user" href="/forum/user/u{n}">member{n}</a></li><li><span class="'
                f'badge">Offline</span></li><li><span class="badge">Junior Boarder</span></li><li>Meer</li></ul>'
                f'</div><div class="col-md-10 shadow-lg rounded message-{state}"><small><span class="kdate" title="'
                f'14 jun 2025 09:4{n}">5 maanden geleden</span><a href="#4821{n}">#4821{n}</a></small><div class="'
                f'kmessage"><div class="kmsg">{text}</div></div></div></div>')

    posts = "".join(post(n, "kunena_topic" if n == 0 else "kunena", text) for n, text in enumerate(said))
    html = (f"<html><head><title>Omvormer schakelt uit - Forum</title></head><body><h1>Omvormer schakelt uit</h1>"
            f'<div class="kunena-topic-item">{posts}</div></body></html>')
    doc = extract(html, "https://www.zonneforum.example/forum/omvormers/4821-omvormer-schakelt-uit")
    assert [post.text for post in doc.posts][-4:] == said  # (this bare page's <h1> reads as a question above)


def test_a_post_whose_template_part_is_in_another_state_reads_its_body_as_the_others_do():
    """Netgear's Khoros: where most posts' ``div.MessageView`` is ``lia-thread-reply``, the opening post's is
    ``lia-thread-topic`` and the solution's ``lia-thread-reply lia-accepted-solution`` (and two more names). The
    descent followed the replies' class names and left those two at the wrapper, where "message" in a class name
    below made the whole wrapper their body: their poster, rank, "Permalink" and date were read as their text. The
    part of the same tag whose class names mostly match is followed instead."""
    said = ["I have a mesh kit whose satellite loses its backhaul every night since the firmware update last week.",
            "Welcome to the forum. What firmware exactly is on the router and on the satellite right now?",
            "Both are on the same version, and I did the full power cycle in the order you described.",
            "Our team is aware of the reports, and the fixed firmware is now available for a manual update.",
            "Installed the fixed firmware on both units, three nights in a row now without a single disconnect."]
    states = ["lia-thread-topic lia-message-authored-by-you-not", "lia-thread-reply lia-message-authored-by-you-not",
              "lia-thread-reply lia-message-authored-by-you-not",
              "lia-thread-reply lia-list-row-thread-solved lia-accepted-solution lia-message-authored-by-moderator",
              "lia-thread-reply lia-message-authored-by-you-not"]
    posts = "".join(
        f'<div class="lia-linear-display-message-view" id="wrapper_{n}"><div class="lia-panel-message message-uid-'
        f'{2471836 + n}"><div class="MessageView lia-message-view-forum-message lia-message-view-display {state}">'
        f'<div class="lia-quilt lia-quilt-forum-message"><div class="lia-quilt-row lia-quilt-row-message-header">'
        f'<a class="lia-user-name-link" href="/t5/user/viewprofilepage/user-id/{n}">member{n}</a><span class='
        f'"lia-user-rank">Aspirant</span><span class="lia-menu-item">Permalink</span><span class="local-date">'
        f'\u200e10-1{n}-2025</span></div><div class="lia-quilt-row lia-quilt-row-message-main"><div class='
        f'"lia-message-body"><p>{text}</p></div></div></div></div></div></div>'
        for n, (state, text) in enumerate(zip(states, said, strict=True)))
    html = (f"<html><head><title>Satellite loses backhaul every night - NETGEAR Communities</title></head><body>"
            f'<h1>Satellite loses backhaul every night</h1><div class="linear-message-list message-list">{posts}'
            f"</div></body></html>")
    doc = extract(html, "https://community.netgear.com/t5/Orbi/Satellite-loses-backhaul/td-p/2471836")
    assert doc.page_type == "forum"
    assert [post.text for post in doc.posts] == said


def test_a_khoros_post_in_a_state_before_the_post_without_one_is_alike_all_the_same():
    """Esri's Khoros: the opening post's ``div.MessageView`` adds ``lia-thread-topic``, the accepted solution's adds
    ``lia-list-row-thread-solved lia-accepted-solution``, and the last reply has neither. The signature of the last
    reply's part was made the opening post's (one class fewer), but the solution's was seen before it and stayed
    unlike both, so the three messages read 0.2 alike and the question's paragraphs were taken for the posts."""
    said = ["I fill a count field on about 48,000 parcels from a related table of inspections, and the expression "
            "validates with a green check and works on one selected parcel, but every row gets NULL on the full "
            "table and the tool only warns that some rows failed.",
            "The warning is misleading: on the full table the relationship class is opened for every row, which "
            "fails silently while the table is being edited. Run Summary Statistics on the inspections with the "
            "parcel id as the case field, join the output to the parcels and calculate the field from its "
            "frequency; parcels without inspections need a second pass that sets zero.",
            "That did it, all parcels were filled in well under a minute. Thanks!"]
    states = ["lia-thread-topic", "lia-list-row-thread-solved lia-accepted-solution", ""]
    posts = "".join(
        f'<div class="lia-linear-display-message-view" id="lineardisplaymessageviewwrapper_{158941 + n}"><div class='
        f'"lia-message-view-wrapper lia-js-data-messageUid-{158941 + n}" id="messageview_{158941 + n}"><div class='
        f'"MessageView lia-message-view-forum-message lia-message-view-display lia-row-standard-unread {state}">'
        f'<div class="lia-quilt lia-quilt-forum-message"><div class="lia-quilt-row lia-quilt-row-header"><a class='
        f'"lia-user-name-link" href="/t5/user/viewprofilepage/user-id/{n}">member{n}</a><span class="lia-user-rank">'
        f'Occasional Contributor</span><span class="local-date">\u200e11-0{n + 4}-2025</span></div><div class='
        f'"lia-quilt-row lia-quilt-row-main"><div class="lia-message-body"><div class="lia-message-body-content">'
        f'<p>{text}</p></div></div></div><div class="lia-quilt-row lia-quilt-row-footer"><a class="lia-button '
        f'reply-action-link" href="/t5/forums/replypage/message-id/{n}">Reply</a></div></div></div></div></div>'
        for n, (state, text) in enumerate(zip(states, said, strict=True)))
    html = (f"<html><head><title>Calculate Field returns NULL for every row - Esri Community</title></head><body>"
            f'<h1>Calculate Field returns NULL for every row</h1><div class="lia-component-message-list">{posts}'
            f"</div></body></html>")
    doc = extract(html, "https://community.esri.com/t5/arcgis-pro-questions/calculate-field/td-p/158941")
    assert doc.page_type in {"forum", "qa"}
    assert [post.text for post in doc.posts] == said


def test_a_plain_answer_joins_the_accepted_one_rather_than_the_question_it_half_shares_names_with():
    """Quera's Q&A: the question is ``div.ui.segment.qbox-question``, the accepted answer ``div.ui.segment.qbox-answer
    .accepted``, the other ``div.ui.segment.qbox-answer``. The plain answer shares half its names with the question
    (``ui segment``) and three quarters with the accepted answer; it joined the first it half matched, the question,
    and the accepted answer was left alone, so the page read as an article. Then the question's text: the answers'
    path leads to ``qbox-answer-content``, read as an opening post's ``qbox-topic-content`` it stops short at the
    box holding the tags, poster and comments too, and as ``qbox-question-content`` it reaches the text."""
    question = ("I wrote a program that sums the digits of a number; it passes every sample on my machine but the "
                "judge says wrong answer on half of the tests.\nWhat could the judge's input have that mine has not?")
    answers = [("The input may be negative: the statement says an integer, so a minus sign is possible and int() "
                "fails on it.\nStrip the input and skip characters that are not digits, then try again."),
               ("Whenever it works locally and fails on the judge, try three kinds of input: negative or zero, the "
                "largest allowed, and input with extra spaces or blank lines.\nMost wrong answers of this kind are "
                "one of those three.")]

    def box(kind: str, extra: str, n: int, text: str, comment: str) -> str:
        paragraphs = "".join(f"<p>{line}</p>" for line in text.split("\n"))
        return (f'<div class="ui segment qbox-{kind}{extra}" id="{kind}-{n}"><div class="qbox-post"><div class='
                f'"qbox-vote"><div class="vote-count">{n % 7}</div></div><div class="qbox-post-body"><div class='
                f'"markdown-body qbox-{kind}-content">{paragraphs}</div><div class="qbox-post-footer"><div class='
                f'"qbox-author"><a href="/profile/user{n}">user{n}</a></div><div class="qbox-actions"><a href="#'
                f'{kind}-{n}" class="share-link">link</a> <a href="#" class="report-link">report</a></div></div><div '
                f'class="ui minimal comments qbox-comments"><div class="comment"><div class="content"><a class='
                f'"author" href="/profile/c{n}">c{n}</a><div class="text">{comment}</div></div></div></div></div></div>'
                f'</div>')

    html = ("<html><head><title>Wrong answer on the judge but right on my machine - Quera</title></head><body>"
            '<div class="ui stackable grid"><div class="eleven wide column">'
            + box("question", "", 41870, question, "Do the failing tests show a runtime error or only a wrong answer?")
            + '<h3 class="ui dividing header">2 answers</h3>'
            + box("answer", " accepted", 61233, answers[0], "That was it, the tests with a minus sign pass now.")
            + box("answer", "", 61240, answers[1], "Good list, I will keep it for the next problem.")
            + '<div class="ui segment qbox-your-answer"><h3 class="ui header">Your answer</h3><p>You have to <a href='
            '"/login">log in</a> to answer this question.</p></div></div></div></body></html>')
    doc = extract(html, "https://quera.org/qbox/view/41870/")
    assert doc.page_type == "qa"
    assert [post.text for post in doc.posts] == [question, *answers]


def test_a_post_keeps_its_list_and_code_where_the_other_posts_are_one_paragraph_each():
    """Vanilla (the Guild Wars 2 forums): each reply's ``div.Message`` holds its paragraphs, lists and code as bare
    children. Where most replies are one paragraph, the descent to the posts' text went on into that ``<p>``, and a
    reply that goes on in a list, or opens with one, or ends in code kept its paragraph alone."""
    replies = ["Welcome back! Get the Skyscale first, everything else can wait a week or two.",
               "Worth saying the collection got shorter. I would still start it early, because:\nIt makes map "
               "completion much less annoying\nIt is the most flexible mount for achievements",
               "Agreed with both of the above, and do the mastery tracks while you are at it.",
               "Unlock the first collection\nFeed it the ley-line energy\nThen the rest is the usual map currency "
               "grind over a few days.",
               "For the build question, paste your template code into chat and it loads all of it:\n[&DQEaKCE...]",
               "Thanks everyone, I started the collection last night and it is going fine."]
    bodies = ["<p>Welcome back! Get the Skyscale first, everything else can wait a week or two.</p>",
              "<p>Worth saying the collection got shorter. I would still start it early, because:</p><ul><li>It makes "
              "map completion much less annoying</li><li>It is the most flexible mount for achievements</li></ul>",
              "<p>Agreed with both of the above, and do the mastery tracks while you are at it.</p>",
              "<ol><li>Unlock the first collection</li><li>Feed it the ley-line energy</li></ol><p>Then the rest is "
              "the usual map currency grind over a few days.</p>",
              "<p>For the build question, paste your template code into chat and it loads all of it:</p>"
              "<pre>[&amp;DQEaKCE...]</pre>",
              "<p>Thanks everyone, I started the collection last night and it is going fine.</p>"]
    items = "".join(
        f'<li class="Item ItemComment" id="Comment_{2180450 + n}"><div class="Comment"><div class="Item-Header '
        f'CommentHeader"><a class="Username js-userCard" href="/profile/player{n}">player{n}</a> <time datetime='
        f'"2025-03-0{n + 3}T10:00:00+00:00">March {n + 3}</time></div><div class="Item-BodyWrap"><div class="Item-'
        f'Body"><div class="Message userContent">{body}</div></div></div></div></li>' for n, body in enumerate(bodies))
    html = ("<html><head><title>Is the Skyscale still first? - Guild Wars 2 Forums</title></head><body><h1>Is the "
            f'Skyscale still first?</h1><ul class="MessageList DataList Comments">{items}</ul></body></html>')
    doc = extract(html, "https://en-forum.guildwars2.com/discussion/151203/is-the-skyscale-still-first")
    assert [post.text for post in doc.posts][-6:] == replies


def test_a_github_discussion_finds_its_question_and_the_reply_nested_in_an_answer(page_bytes):
    # GitHub Discussions: each answer is a named wrapper around a comment whose generated id
    # (discussioncomment-#) the replies nested in it share; the accepted answer's wrapper has one more class, and
    # its badge says "Marked as answer" in words; dates are <relative-time datetime=...>
    doc = extract(page_bytes("github_discussion.html"), "https://github.com/apache/arrow-lite/discussions/4821")
    assert doc.page_type == "forum"
    assert doc.headline == "How do I stream rows from a large Parquet file without loading it all? #4821"
    assert [(p.author, p.date, p.accepted) for p in doc.posts] == [
        ("lkovacs", "2024-05-02T10:11:12Z", False), ("tmeier", "2024-05-03T08:40:00Z", True),
        ("lkovacs", "2024-05-03T12:02:41Z", False), ("rsaito", "2024-05-03T09:15:30Z", False)]
    question = doc.posts[0].text
    assert "What I tried:" in question and "    handle(row)" in question  # a short line and code kept whole
    assert doc.posts[2].text == "That did it, peak memory went from out-of-memory to about 600 MB. Thanks!"
    assert "That did it" not in doc.posts[1].text


def test_a_microsoft_qa_question_keeps_its_list_and_leaves_comments_under_answers_out(page_bytes):
    doc = extract(page_bytes("microsoft_qa.html"),
                  "https://learn.microsoft.com/en-us/answers/questions/1590011/scheduled-task-does-not-run")
    assert doc.page_type == "qa"
    assert [(p.author, p.date[:10], p.accepted) for p in doc.posts] == [
        ("Daniel Okafor", "2024-09-10", False), ("Hannah Lindqvist", "2024-09-10", True),
        ("Rahul Menon", "2024-09-10", False)]
    assert "Run with highest privileges: checked" in doc.question
    assert "I have the same question" not in doc.question
    assert doc.qa_pairs[0].author == "Hannah Lindqvist"
    assert "The drive letter was it" not in doc.text


def test_a_douban_topic_reads_the_opening_posts_byline_and_labelled_vote_counts(page_bytes):
    # Douban groups: the opening post sits above the replies under the title; its text and title are one word each
    # if Chinese is split on spaces, so its box is measured in pseudo-words; "赞 (8)" is a labelled vote count
    doc = extract(page_bytes("douban_group_topic.html"), "https://www.douban.com/group/topic/298765432/")
    assert doc.page_type == "forum"
    assert [(p.author, p.votes) for p in doc.posts] == [("小鹿乱撞", None), ("阿花不花", 8), ("Cedar", 15),
                                                        ("小鹿乱撞", None)]
    assert doc.posts[0].date == "2023-11-02 21:14:05"
    assert doc.question.startswith("租房时押金被扣了一半，该怎么维权？\n合同到期正常搬走")
    assert [pair.author for pair in doc.qa_pairs][:2] == ["Cedar", "阿花不花"]  # by votes
    assert all("赞" not in p.text and "回应" not in p.text for p in doc.posts)


def test_an_opening_post_above_the_comments_leaves_its_unlinked_header_lines_out():
    """Inven writes its post's header under the title (the poster's name, the date, views and votes, the IP), none of
    it linked to a user's page, in a box beside the one holding the text: those lines are not the post's, while a
    short line inside the text's box is."""
    comments = "".join(
        f'<li class="cmtReply depth0" id="cmt5120340{n}"><div class="cmtHead"><span class="nickname">유저{n}</span>'
        f'<span class="date">(10-12 18:3{n})</span></div><div class="cmtBody"><span class="cmtContent">{text}</span>'
        f"</div></li>"
        for n, text in enumerate(["복귀 이벤트 재료는 무조건 본캐에 몰아주세요 부캐는 나중에 챙겨도 됩니다",
                                  "평일 한 시간이면 본캐 숙제만 하셔도 충분합니다 무리하지 마세요",
                                  "파티는 요즘 깐부 구하는 게시판 쓰시면 금방 구해요 반갑습니다",
                                  "저도 얼마 전에 복귀했는데 천천히 하시면 금방 따라잡습니다"], 1))
    text = ["안녕하세요.",
            "작년 이맘때 회사 일 때문에 접었다가 이번에 다시 들어왔습니다 솔직히 어디서부터 손대야 할지 "
            "모르겠네요",
            "복귀 이벤트로 주는 재료들을 본캐에 몰아주는 게 맞는지 궁금합니다 조언 부탁드립니다"]
    written = "".join(f"<div>{line}</div>" for line in text)
    title = "1년 만에 복귀했는데 뭐부터 해야 할지"
    html = (f'<html><head><title>{title} - 인벤</title></head><body><div id="tbArticle" '
            f'class="articleMain"><div class="articleHead"><div class="articleTitle"><h1>{title}</h1>'
            '</div><div class="articleInfo"><div class="articleWriter"><span>모코코농장주</span></div><div '
            'class="articleDate">2025-10-12 18:22</div><div class="articleHit">조회: 1,645 추천: 4</div><div '
            'class="articleIp">IP: 121.134.***.***</div></div></div><div class="articleContent"><div id="content">'
            f'{written}</div></div></div><div id="comment"><ul class="cmtList">{comments}</ul></div></body></html>')
    doc = extract(html, "https://www.inven.co.kr/board/lostark/4811/9127453")
    assert doc.page_type == "forum"
    lines = doc.posts[0].text.split("\n")
    assert lines[lines.index(text[0]):] == text
    assert not any(said in doc.posts[0].text for said in ("모코코농장주", "2025-10-12", "조회", "IP:"))


def test_a_2channel_style_board_at_its_thread_reader_address_is_a_thread():
    """open2ch's posts are ``<dl>`` pairs (a header line with the number, the default name and the time, then the
    text) whose poster is the board's default name, in a ``<b>``, never linked nor classed: nothing but the address
    says they are posts, and ``/test/read.cgi/<board>/<id>/`` (the 2channel family's thread reader) did not."""
    said = ["玉ねぎ切ってたらスパッといったわ", "猫の手しとらんかったやろ", "三日目ならまだセーフや",
            "指を丸めて第一関節を包丁の腹に当てるんや", "包丁の切れ味が悪いと逆に危ないで", "何作ろうとしてたんや"]
    posts = "".join(
        f'<dl val="{n}" class="hd" id="r{n}"><dt class="mesg hd"><a class="num" href="/test/read.cgi/livejupiter/'
        f'1760433731/{n}">{n}</a> ：<font color="green"><b>風吹けば名無し</b></font>：2025/10/14(火)18:2{n}:11 '
        f'ID:xY7pQ{n}mN</dt><dd class="mesg body" val="{n}">{text}<br>{text}やで</dd></dl>'
        for n, text in enumerate(said, 1))
    html = (f'<html><head><title>自炊三日目で指を切る</title></head><body><div class="thread_nav"><a href="/">板一覧'
            f'</a></div><h1 class="thread_title">自炊三日目で指を切る</h1><div class="thread">{posts}</div>'
            f"</body></html>")
    doc = extract(html, "https://hayabusa.open2ch.net/test/read.cgi/livejupiter/1760433731/")
    assert doc.page_type == "forum"
    assert [post.text.split("\n")[0] for post in doc.posts] == said


def test_a_5ch_thread_in_shift_jis_names_its_anonymous_posters(page_bytes):
    # 5ch: no accounts, so no profile links; the poster's name is in span.name and the page is Shift_JIS
    doc = extract(page_bytes("5ch_thread.html"), "https://mevius.5ch.net/test/read.cgi/bicycle/1696476896/")
    assert doc.page_type == "forum" and len(doc.posts) == 4
    assert {p.author for p in doc.posts} == {"ツール・ド・名無しさん"}
    assert doc.posts[2].date == "2023/10/05(木) 13:02:47.90"
    assert doc.question.startswith("自転車のチェーンが外れやすい件について\n通勤用のクロスバイク")
    assert doc.posts[3].text.endswith("チェーンも一応測ったけどまだ大丈夫だった。")


def test_a_lemmy_post_is_a_discussion_with_nested_replies_read_like_the_others(page_bytes):
    # Lemmy: a link aggregator's /post/<id> page is a discussion even though its posts are named comments; a nested
    # reply's wrapper has two more classes (indent and OP highlight) and is still read like the others
    doc = extract(page_bytes("lemmy_post.html"), "https://lemmy.world/post/11223344")
    assert doc.page_type == "forum"
    assert [p.author for p in doc.posts] == ["mira_k", "oskar", "mira_k", "sundew"]
    assert doc.posts[2].text == ("Good point, the TV in the living room is a few years old but the other one is new. "
                                 "I will check what they can play.")
    assert doc.question.startswith("Is a Raspberry Pi 5 enough for Jellyfin with two users?\nI want to move")
    assert doc.posts[1].text.startswith("Direct play is no problem at all.")


def test_the_same_layout_on_a_slugged_post_url_stays_an_article_with_comments(page_bytes):
    doc = extract(page_bytes("lemmy_post.html"), "https://blog.example.org/post/11223344/raspberry-pi-jellyfin")
    assert doc.page_type == "article" and not doc.qa_pairs


def test_a_quora_question_in_utility_classes_gives_one_post_per_answer(page_bytes):
    # Quora: every box is a "q-box qu-..." utility-class div, so an answer's byline box overlaps the answer's own
    # class names; it comes before the answer's words, so it is no nested reply. The page declares a QAPage.
    doc = extract(page_bytes("quora_question.html"),
                  "https://www.quora.com/Why-does-bread-go-stale-faster-in-the-fridge-than-on-the-counter")
    assert doc.page_type == "qa"
    assert [p.author for p in doc.posts[1:]] == ["Marta Nowak", "Daniel Reyes", "Aiko Tanaka"]
    assert doc.posts[1].text.startswith("Staling is not drying out.") and "food scientist" not in doc.posts[1].text
    # votes only the JSON-LD declares, matched to the posts by their text; the date the page shows is kept
    assert [(p.votes, p.date) for p in doc.posts[1:]] == [(312, "2021-02-11"), (45, "2022-07-30"), (8, "2023-01-05")]
    assert [pair.votes for pair in doc.qa_pairs] == [312, 45, 8]


def test_a_blog_post_keeps_its_whole_list_and_finds_two_comments_outweighed_by_its_paragraphs(page_bytes):
    # WordPress with Jetpack: the first item of a list after "What worked for me:" scores lower than the others; the
    # list is kept whole. Two short comments are not the page's largest repeated group (its paragraphs are), and
    # are still its comments. Sharing, likes, related posts, the author box and post navigation stay out.
    doc = extract(page_bytes("wordpress_jetpack_post.html"), "https://smallgarden.example/2025/03/02/chillies/")
    assert doc.page_type == "article"
    assert "- a tomato feed every week from the first flowers\n- watering in the morning" in doc.markdown
    for chrome in ("Share this", "Like this", "Related", "Hanna grows", "Previous:", "Blossom end rot", "Great tips"):
        assert chrome not in doc.text
    assert [(p.author, p.date) for p in doc.posts] == [("Tobias", "2025-03-03T18:02:11+00:00"),
                                                       ("Hanna Lindgren", "2025-03-03T20:40:00+00:00")]
    assert not doc.question and not doc.qa_pairs


def test_a_best_answer_shown_under_the_question_in_its_own_box_is_an_answer(page_bytes):
    # Baidu Zhidao: the best answer ("最佳答案") sits in div.wgt-best between the question and the other answers,
    # unlike them, so the text above the repeated answers holds the question and the best answer together
    doc = extract(page_bytes("zhidao_question.html"), "https://zhidao.baidu.com/question/1234567890123456789.html")
    assert doc.page_type == "qa"
    assert doc.question == ("绿萝叶子发黄是什么原因？\n"
                            "家里的绿萝放在客厅，最近下面的老叶子一片一片地发黄，新叶子倒是正常。浇水一般一周一次，需要施肥吗？")
    assert [(p.author, p.accepted) for p in doc.posts[1:]] == [("园艺小能手", True), ("叶子飘飘", False),
                                                               ("花草控", False)]
    assert doc.qa_pairs[0].answer.startswith("老叶发黄、新叶正常") and doc.qa_pairs[0].accepted


def test_a_best_answer_box_between_the_question_and_the_answers_is_the_first_answer(page_bytes):
    """Yahoo! Chiebukuro: the question in an ``<h1>``, the best answer in ``section#ba`` under it, unlike the answers
    below; the best answer is neither taken for the question nor lost."""
    doc = extract(page_bytes("chiebukuro_question.html"),
                  "https://detail.chiebukuro.yahoo.co.jp/qa/question_detail/q14293817462")
    assert doc.page_type == "qa"
    assert doc.question.startswith("賃貸マンションを6年住んで退去したところ") and "残存価値" not in doc.question
    answers = [(p.author, p.votes, p.accepted) for p in doc.posts[1:]]
    assert answers == [("wal********さん", 23, True), ("tom********さん", 8, False), ("ねこまんまさん", 2, False),
                       ("sak********さん", 0, False)]
    assert doc.posts[1].text.startswith("6年住んでいるならクロスの残存価値はほぼゼロなので")
    assert doc.qa_pairs[0].accepted and doc.qa_pairs[0].answer == doc.posts[1].text


def test_a_best_answer_box_named_by_its_test_id_is_the_first_answer(page_bytes):
    """Otvet@Mail.Ru hashes its class names ("bstnswr_K7cQ"): the best answer's box is named only by its
    ``data-testid="best-answer"``, and was taken for the question, which was lost."""
    doc = extract(page_bytes("otvet_question.html"), "https://otvet.mail.ru/question/238451207")
    assert doc.page_type == "qa"
    assert "Чайник стеклянный, ему года два." in doc.posts[0].text and "лимонная" not in doc.posts[0].text
    assert doc.posts[0].author == "Марина Светлова"
    assert [(post.author, post.accepted) for post in doc.posts[1:3]] == [("Дед Архип", True), ("Ольга К.", False)]
    assert len(doc.posts) == 6 and doc.posts[1].text.startswith("Самый простой способ")


def test_a_naver_kin_question_above_its_answers_is_the_opening_post_and_the_adopted_answer_is_accepted(page_bytes):
    """Answers answer a question: the text above posts named answers is the question, though it ends in "요." and
    not "?" and the URL names no thread; "질문자 채택" marks the accepted answer."""
    doc = extract(page_bytes("naver_kin_question.html"),
                  "https://kin.naver.com/qna/detail.naver?d1id=1&dirId=10104&docId=468215539")
    assert doc.page_type == "qa"
    assert "하루 종일 충전기에 꽂아둔 채로 사용하고 있습니다" in doc.question
    assert [(p.author, p.accepted) for p in doc.posts] == [
        ("hoon****", False), ("노트북수리왕", True), ("전기공학과재학중", False), ("한빛", False), ("바람소리", False)]
    assert doc.posts[-1].text == "그냥 꽂아두고 쓰셔도 됩니다."


def test_a_mybb_thread_reads_post_dates_not_the_posters_join_dates(page_bytes):
    """MyBB's user card labels the join date in one element and shows it in the next ("Registriert seit:" | "Sep
    2022"); a relative date ("Gestern") keeps its day in a ``title``."""
    doc = extract(page_bytes("mybb_thread.html"), "https://forum.raspberry-treff.de/showthread.php?tid=5731")
    assert doc.page_type == "forum"
    assert [(p.author, p.date[:10]) for p in doc.posts] == [
        ("Kalle_HH", "03.03.2024"), ("tux_micha", "03.03.2024"), ("Kalle_HH", "04.03.2024"),
        ("Bastelbernd", "04.03.2024"), ("Kalle_HH", "05.03.2024")]


def test_an_invision_topic_marks_the_solution_in_page_order(page_bytes):
    doc = extract(page_bytes("invision_topic.html"),
                  "https://forum.homebrewhideout.com/topic/18842-stuck-at-1030-after-a-week-%E2%80%94-repitch-or-wait/")
    assert doc.page_type == "forum"
    assert [(p.author, p.accepted) for p in doc.posts] == [
        ("HopHead77", False), ("Brewmaster_Dee", True), ("HopHead77", False), ("yeastwhisperer", False),
        ("HopHead77", False)]
    assert doc.posts[3].text == "Oats always leave my stouts a bit sweet too."


def test_a_date_in_a_posts_heading_needs_a_day_or_a_time():
    """A heading is often the post's title: its year is no date ("Re: Production thread - 2020"), while a comment's
    "Ann on 30.10.2012 at 11:02" in a heading is."""
    posts = "".join(
        f'<div class="post"><h3>Re: Production thread - 2020</h3><p class="author">by <a href="/memberlist.php?u={n}">'
        f'user{n}</a> » Tue Dec 31, 2019 {n}:22 pm</p><div class="content">Reply number {n} says the rollout of '
        f'the new jet slipped again, and the test fleet needs another season of flying.</div></div>'
        for n in range(1, 5))
    doc = extract(f"<html><body><div class='topic'>{posts}</div></body></html>".encode(),
                  "https://forum.example.com/viewtopic.php?t=1")
    assert [p.date for p in doc.posts] == [f"Tue Dec 31, 2019 {n}:22 pm" for n in range(1, 5)]
    comments = "".join(
        f'<li class="comment"><h4 class="comment-author">Ann{n} <span>on 30.10.2012 at 11:0{n}</span></h4>'
        f'<p>Comment {n}: the recipe worked for us too, though we baked it ten minutes longer than written.</p></li>'
        for n in range(1, 5))
    doc = extract(f"<html><body><ol class='comments'>{comments}</ol></body></html>".encode(),
                  "https://blog.example.com/thread/1")
    assert [p.date for p in doc.posts] == [f"30.10.2012 at 11:0{n}" for n in range(1, 5)]  # "on" is the byline's word


def test_a_question_declared_alone_is_a_thread_of_one_post():
    """An unanswered Stack Exchange question declares its ``Question`` item and no ``Answer``: it is a Q&A page whose
    one post is the question, not an article with the short comments under it as its posts."""
    question = ("For the last two weeks my desktop has been waking itself up from sleep almost every night, usually "
                "between three and five past three. The monitor stays off, but the fans spin up and the machine sits "
                "there awake until the idle timer sends it back to sleep. How do I find out what wakes it?")
    comments = "".join(
        f'<li class="comment js-comment"><div class="comment-body"><span class="comment-copy">{text}</span> - '
        f'<a class="comment-user" href="/users/{n}/u{n}">u{n}</a> <span class="comment-date"><span title="2025-11-2'
        f'{n}T10:00:00">Nov 2{n}, 2025 at 10:00</span></span></div></li>'
        for n, text in enumerate(["Does it still happen with the UPS cable unplugged for a night or two?",
                                  "Good idea, I pulled the cable tonight and will report back tomorrow."]))
    html = ("<html><head><title>PC wakes from sleep at 3am every night - Super User</title></head><body><main>"
            '<div id="question" class="question" itemprop="mainEntity" itemscope itemtype="https://schema.org/'
            'Question"><h1 itemprop="name">PC wakes from sleep at 3am every night</h1><div class="votecell"><div '
            'itemprop="upvoteCount">2</div></div><div class="s-prose js-post-body" itemprop="text"><p>'
            f'{question}</p></div><div class="comments"><ul class="comments-list">{comments}</ul></div></div>'
            '<h2>Your Answer</h2><form><textarea></textarea></form></main></body></html>')
    doc = extract(html, "https://superuser.com/questions/1890001/pc-wakes-from-sleep-at-3am-every-night")
    assert doc.page_type == "qa"
    assert [post.text for post in doc.posts] == [question]


@pytest.mark.parametrize(("text", "is_date"), [
    ("2024年04月24日", True), ("2019 年 1 月 5 日 12:30", True), ("1 月前", True), ("3 小時前", True),
    ("5分前", True), ("2일 전", True), ("刚刚", True), ("年前的事了", False), ("前面那位说得对", False),
])
def test_chinese_japanese_and_korean_dates_are_dates(text, is_date):
    # Ruby China shows "1 月前" (a month ago) under a reply; boards write days as "2024年04月24日"
    assert has_date_text(text) is is_date


@pytest.mark.parametrize(("text", "is_date"), [
    ("vor 3 Tagen", True), ("il y a 2 heures", True), ("hace 5 días", True), ("há 2 dias", True),
    ("3 giorni fa", True), ("2 uur geleden", True), ("5 minut temu", True), ("3 дня назад", True),
    ("2 дні тому", True), ("3 gün önce", True), ("vor allem", False), ("hace frío", False), ("Tutto fa bene", False),
    ("منذ 3 ساعات", True), ("منذ ساعتين", True), ("לפני 5 דקות", True), ("před 2 dny", True), ("acum 3 ore", True),
    ("πριν 4 ώρες", True), ("3 timmar sedan", True), ("2 timer siden", True), ("5 tuntia sitten", True),
    ("3 ساعت پیش", True), ("2 घंटे पहले", True), ("4 giờ trước", True), ("3 jam yang lalu", True),
    ("منذ أن بدأ", False), ("acum este", False), ("sedan dess", False),
])
def test_how_long_ago_in_other_languages_is_a_date(text, is_date):
    # Wix shows "vor 3 Tagen" under a German comment; the number tells the phrase from the same words' other uses
    assert has_date_text(text) is is_date


def test_comments_named_by_a_component_attribute_under_hashed_classes_are_the_articles():
    """Wix hashes its class names and names its parts in ``data-hook`` ("comment-list-item"): the comments, dated
    "vor 3 Tagen", go to ``posts`` and the article stays."""
    said = ["Danke für den Beitrag! Das Stehenbleiben probieren wir seit einer Woche mit unserer Hündin.",
            "Was halten Sie von einem Geschirr statt Halsband? Unser Tierarzt meinte, das sei schonender.",
            "Wir üben seit zwei Wochen und merken schon einen deutlichen Unterschied beim Spaziergang."]
    comments = "".join(
        f'<li class="Yt4fcR" data-hook="comment-list-item"><div class="nnQkEz" data-hook="comment"><div '
        f'class="QUzoyk" data-hook="comment-header"><span class="yyCW1P" data-hook="author-name">Leser {n}</span>'
        f'<span class="sVdEBH" data-hook="comment-time">vor {n + 2} Tagen</span></div><div class="tK0Zzs" '
        f'data-hook="comment-content"><p>{text}</p></div></div></li>' for n, text in enumerate(said))
    body = "".join(f"<p>Absatz {n}: Leinenführigkeit lässt sich lernen, in jedem Alter, mit etwas Geduld und "
                   f"vielen kleinen Übungen im Alltag.</p>" for n in range(6))
    html = (f"<html><head><title>Leinenführigkeit | Hundeschule</title></head><body><article class='X1a2b'><h1>"
            f"Leinenführigkeit</h1>{body}</article><div class='hLt2Zs' id='comments'><h2>Kommentare</h2><ul "
            f"class='mGyKka' data-hook='comment-list'>{comments}</ul></div></body></html>")
    doc = extract(html, "https://www.hundeschule.example/post/leinenfuehrigkeit")
    assert doc.page_type == "article" and "Absatz 5" in doc.text
    assert [post.text for post in doc.posts] == said


def test_comments_in_a_box_named_in_german_under_their_heading_are_the_articles():
    """Krone names its comment section ``id="kommentare"`` and each comment a ``forum-post``: in a box named as
    comments in the reader's language, under a comment section's heading, dated members showing their poster are
    the article's comments; the same rows in a box named so without that heading are left alone."""
    said = ["Endlich! Ich wohne in der Annenstraße und stolpere jeden Morgen über zwei, drei Roller vor der Haustür.",
            "Und wer kontrolliert das Tempolimit bei den privaten Scootern? Die fahren genauso auf dem Gehsteig.",
            "Wien hat das schon vor Jahren gemacht und es funktioniert halbwegs. Warum braucht Graz so lange?"]
    comments = "".join(
        f'<div class="forum-post" id="posting-8841230{n}"><div class="forum-post__header"><a class="forum-post__user" '
        f'href="/community/user/leser{n}">Leser {n}</a><time datetime="2026-02-09T07:1{n}:00+01:00">09.02.2026 07:1{n}'
        f'</time></div><div class="forum-post__body"><p>{text}</p></div><div class="forum-post__footer"><button>'
        f'Antworten</button><button>Melden</button></div></div>' for n, text in enumerate(said))
    body = "".join(f"<p>Absatz {n}: Die Stadt Graz halbiert die Zahl der Leihroller und richtet feste Abstellzonen "
                   f"in der Innenstadt ein, wie der Gemeinderat beschlossen hat.</p>" for n in range(6))

    def page(heading: str) -> str:
        return (f"<html><head><title>Graz zieht bei E-Scootern die Notbremse | krone.at</title></head><body><article>"
                f"<h1>Graz zieht bei E-Scootern die Notbremse</h1>{body}</article><section class='c_forum' "
                f"id='kommentare'>{heading}<div class='c_forum__sort'><button>Neueste</button><button>Älteste"
                f"</button></div><div class='c_forum__list'>{comments}</div></section></body></html>")

    doc = extract(page("<h3>Kommentare</h3>"), "https://www.krone.at/3998214")
    assert doc.page_type == "article" and "Absatz 5" in doc.text
    assert [post.text for post in doc.posts] == said
    assert extract(page(""), "https://www.krone.at/3998214").posts == []



@pytest.mark.parametrize(("box", "item", "heading"), [
    ("dn-comentarios", "dn-comentario", "Comentarios (3)"),  # Diario de Navarra's, in Spanish
    ("comentarios-lista", "comentario", "Comentários"),  # ... in Portuguese
    ("reactions", "reaction", "Réactions (3)"),  # Le Dauphiné's, in French
    ("reacties", "reactie", "Reacties"),  # in Dutch
    ("comment_area", "cmt_item", "댓글 8"),  # OhmyNews', named short
])
def test_comments_named_in_spanish_french_or_dutch_are_the_articles(box: str, item: str, heading: str):
    """Spanish and Portuguese sites name their comments ``comentario``, French ones ``réaction`` and Dutch ones
    ``reactie``, Korean ones often ``cmt``: dated entries so named, in a box so named below the article, are its
    comments, their posters shown without a link to their page, however far below its heading (the rules, a sort
    menu) they start."""
    said = ["Lo uso todos los días para ir a trabajar y la diferencia es enorme con el carril nuevo.",
            "A ver si arreglan también el cruce de la avenida, que sigue siendo peligroso por las tardes.",
            "Muy bien, pero faltan aparcamientos para bicis en el centro y cerca de la estación."]
    comments = "".join(
        f'<li class="{item}" id="c-33452{n}"><div class="{item}__header"><span class="{item}__author">lector{n}'
        f'</span> <span class="{item}__date">06/02/2026 08:2{n}</span></div><div class="{item}__text"><p>{text}</p>'
        f'</div></li>' for n, text in enumerate(said))
    body = "".join(f"<p>Párrafo {n}: El Ayuntamiento abre el nuevo carril bici entre el centro y la universidad, "
                   f"con dos kilómetros separados del tráfico y semáforos propios.</p>" for n in range(6))
    html = (f"<html><head><title>Pamplona estrena carril bici</title></head><body><article><h1>Pamplona estrena "
            f"carril bici</h1>{body}</article><section class='{box}' id='{box}'><h3>{heading}</h3><p>Las opiniones "
            f"son de los lectores. Consulta las <a href='/normas/'>normas</a>.</p><div class='orden'><span>Más antiguos"
            f"</span> <span>Más recientes</span> <span>Más valorados</span></div><ul>{comments}</ul></section>"
            f"</body></html>")
    doc = extract(html, "https://www.diario.example/noticias/2026/02/06/pamplona-carril-bici.html")
    assert doc.page_type == "article" and "Párrafo 5" in doc.text
    assert [post.text for post in doc.posts] == said


@pytest.mark.parametrize(("text", "is_date"), [
    ("Mar 4", True), ("March 4th", True), ("Apr. 3", True), ("4. März", True), ("4 mars", True),
    ("4 de marzo", True), ("12 décembre", True), ("May the best win", False), ("Mayor 2", False),
    ("marketing 4", False), ("Like (12)", False), ("5 listopada", False),
])
def test_a_day_and_a_named_month_without_the_year_is_a_date(text, is_date):
    # a recent comment shows "Mar 4" (Substack, Medium); the month's name must stand whole or as its first three letters
    assert has_date_text(text) is is_date


def test_comments_dated_by_day_and_month_alone_under_a_newsletter_post_are_its_posts(page_bytes):
    """Substack dates its comments "Mar 4": the comments are found and kept apart from the body, and the post's
    author answering, marked with an "Author" badge before the date, is still named."""
    doc = extract(page_bytes("substack_post.html"), "https://crumb.substack.com/p/why-small-towns-lose-their-bakeries")
    assert doc.page_type == "article"
    assert "Seven of the nine said the lease ended them." in doc.text and "Our village" not in doc.text
    assert [(post.author, post.date) for post in doc.posts] == [
        ("Peter Holm", "Mar 4"), ("Nora Field", "Mar 4"), ("Ines Okafor", "Mar 5"), ("Tom Ruiz", "Mar 5"),
        ("Sara Lind", "Mar 6")]
    assert doc.posts[0].text.startswith("Our village lost its bakery")


def test_reddits_comment_elements_are_its_posts_whatever_each_one_shows(page_bytes):
    """New reddit draws every comment as a ``<shreddit-comment>``, with or without an avatar, a flair, an "Edited"
    note or replies nested inside: one template by its name, though their insides overlap too little to pass as
    alike. The post and its comments are the thread; a deleted comment's stub is no post."""
    doc = extract(page_bytes("reddit_shreddit_post.html"),
                  "https://www.reddit.com/r/castiron/comments/1b7xq2k/is_it_worth_reseasoning/")
    assert doc.page_type == "forum"
    authors = [post.author for post in doc.posts]
    assert authors[:6] == ["marmalade_cartographer", "marmalade_cartographer", "ferric_oxide_enjoyer",
                           "marmalade_cartographer", "ferric_oxide_enjoyer", "GriswoldGhost"]
    assert doc.posts[0].text.startswith("Is it worth re-seasoning")
    assert doc.posts[2].text.startswith("That crusty flaking layer") and "Does a sunny porch" not in doc.posts[2].text
    assert not any("Comment deleted by user" in post.text for post in doc.posts)


def test_a_declared_discussion_whose_best_group_is_its_posts_lines_finds_its_dated_replies(page_bytes):
    """Dcard declares a ``DiscussionForumPosting`` and writes its post one ``<span>`` per line, with hashed class
    names: those lines were the best repeated group, which shows no date nor poster, so the page stayed an article
    with its replies in the text. The group whose members mostly show a date (the floors B1, B2, ...) is weighed
    instead."""
    doc = extract(page_bytes("dcard_post.html"), "https://www.dcard.tw/f/job/p/255184309")
    assert doc.page_type == "forum"
    assert doc.posts[0].text.startswith("大家好，我是今年剛畢業的社會新鮮人")
    assert doc.posts[1].text.startswith("試用期本身在勞基法裡沒有明文規定")
    assert doc.posts[1].date == "2024-03-12T14:31:52.004Z"


def test_a_layout_class_naming_where_its_sidebar_goes_is_no_sidebar(page_bytes):
    """Mozilla Support's ``div.sumo-l-two-col.sidebar-on-right`` holds the whole thread: a layout's modifier, not a
    sidebar whose repeated boxes are never the thread."""
    doc = extract(page_bytes("mozilla_support_question.html"), "https://support.mozilla.org/en-US/questions/1502318")
    assert doc.page_type == "qa"
    assert doc.question.endswith("Any idea what's causing this?")
    assert [(p.author, p.accepted) for p in doc.posts] == [
        ("owenpark", False), ("ruthvol", False), ("Gregor P.", True), ("owenpark", False), ("Gregor P.", False)]


def test_a_layout_named_after_its_sidebar_that_holds_most_of_the_page_is_no_sidebar():
    """Django's site lays its pages out in ``div.container.sidebar-right``: it holds the ticket and its comments, most
    of the page's words, and is the page's main column (before, the comments were never looked for in it and the
    ticket read as an article without them). A sidebar named alike beside the thread is still passed over."""
    said = ["I'd like to pick this up if nobody else is working on it, the fix looks small enough for a first patch.",
            "Thanks for the report. I agree that an explicit error is nicer than whatever the database says here.",
            "Updated the pull request, all three review points are addressed and the new test uses a small model.",
            "Sorry, this doesn't qualify for a backport under our supported versions policy, it is no regression.",
            "Thanks everyone! Any chance of this being backported? We will stay on that release for a while."]
    changes = "".join(
        f'<div class="change" id="trac-change-{n}-17274457711{n}"><h3 class="change">Changed {n + 2} days ago by '
        f'<a class="trac-author" href="/user/u{n}">user{n}</a></h3><div class="comment searchable"><p>{text}</p>'
        f"</div></div>" for n, text in enumerate(said, 1))
    recent = "".join(f'<div class="news-item"><a href="/n/{n}">Release note {n}</a><p>Short blurb number {n} about '
                     f"a release.</p></div>" for n in range(4))
    html = (f'<html><body><div class="container sidebar-right"><main><div id="ticket"><h1>#35794 bulk_update() '
            f"crashes on generated fields</h1><div class='description'><p>Calling bulk_update() with a generated "
            f"field in fields gives a database error instead of a clear message, on every backend we tried."
            f'</p></div></div><div id="changelog">{changes}</div></main><div class="sidebar-right">{recent}</div>'
            f"</div></body></html>")
    doc = extract(html, "https://code.djangoproject.com/ticket/35794")
    assert [post.author for post in doc.posts][-5:] == ["user1", "user2", "user3", "user4", "user5"]


def test_a_question_declared_by_its_first_paragraph_keeps_all_of_them_and_its_details(page_bytes):
    """Apple's Community declares the question's first paragraph only: the paragraphs after it are the question's
    too, and the declared author and date still fill it. The poster's points in the user card are no votes."""
    doc = extract(page_bytes("apple_community_thread.html"), "https://discussions.apple.com/thread/255987412")
    assert doc.question.endswith("Is anyone else seeing this, or is there a setting I'm missing?")
    assert "Both are signed in to the same Apple Account" in doc.question
    assert (doc.posts[0].author, doc.posts[0].date) == ("kbarrow_22", "2025-03-03T20:14:00-08:00")
    assert [p.votes for p in doc.posts] == [None] * 5
    assert [p.accepted for p in doc.posts] == [False, False, True, False, False]


def _discourse_crawler_page(title: str, declared_text: str, opening: str, replies: list[str]) -> str:
    """A Discourse topic as its crawler view serves it: the opening post (``opening``, its body's HTML) declared in
    JSON-LD (``declared_text``), the replies marked ``itemprop="comment"``."""
    posts = "".join(
        f'<div id="post_{n}" itemprop="comment" itemscope itemtype="http://schema.org/Comment" class="topic-body '
        f'crawler-post"><div class="crawler-post-meta"><span class="creator" itemprop="author"><a href="/u/user{n}">'
        f'<span itemprop="name">user{n}</span></a></span><time datetime="2025-03-1{n}T10:00:00Z" class="post-time">'
        f'March 1{n}, 2025</time></div><div class="post" itemprop="text"><p>{text}</p></div></div>'
        for n, text in enumerate(replies, 2))
    declared = json.dumps({"@context": "http://schema.org", "@type": "DiscussionForumPosting", "headline": title,
                           "text": declared_text})
    return (f'<html><head><script type="application/ld+json">{declared}</script></head><body><div id="main-outlet" '
            f'class="wrap"><h1>{title}</h1><div id="post_1" class="topic-body crawler-post"><div class="crawler-post-'
            f'meta"><span class="creator" itemprop="author"><a href="/u/asker"><span itemprop="name">asker</span></a>'
            f'</span><time datetime="2025-03-11T09:14:27Z" class="post-time">March 11, 2025</time></div><div '
            f'class="post" itemprop="text">{opening}</div></div>{posts}</div></body></html>')


def test_a_question_declared_by_its_cut_off_excerpt_keeps_its_greeting_code_and_list():
    """Discourse's crawler view declares the opening post's first sentences only (an excerpt), and its replies, not
    it, are ``itemprop="comment"``: the declared text was found in two paragraphs, and the greeting before them (too
    short to look up), the code, the list and the closing question after them were left out."""
    excerpt = ("Hi all, I am fine-tuning a small causal language model on a chat dataset with the Trainer API, "
               "and since the upgrade the eval loss is reported as nan at every evaluation step.")
    replies = ["Eval batches without any label token give a division of zero by zero, which is nan in the log.",
               "Truncating from the left keeps the final assistant turn, so every example keeps something to learn.",
               "Thanks both, the filter on the eval set fixed it and the numbers match the old baseline again."]
    opening = ("<p>Hi all,</p><p>I am fine-tuning a small causal language model on a chat dataset with the Trainer "
               "API, and since the upgrade the eval loss is reported as <code>nan</code> at every evaluation step.</p>"
               "<p>My training arguments:</p><pre><code>args = TrainingArguments(bf16=True, eval_steps=200)</code>"
               "</pre><p>Things I already tried:</p><ul><li>switching bf16 off</li><li>a smaller eval set</li></ul>"
               "<p>Is this a known regression?</p>")
    html = _discourse_crawler_page("Eval loss is nan after the upgrade", excerpt, opening, replies)
    doc = extract(html, "https://discuss.example.org/t/eval-loss-is-nan-after-the-upgrade/142871")
    assert doc.page_type == "forum"
    question = doc.posts[0].text
    assert question.startswith("Hi all,\nI am fine-tuning") and question.endswith("Is this a known regression?")
    assert "args = TrainingArguments" in question and "a smaller eval set" in question
    assert [post.text for post in doc.posts[1:]] == replies


def test_a_declared_question_keeps_the_short_lines_between_the_lines_found():
    """The declared question is found by its lines long enough to look up; a line between them too short to look up
    ("Setup:" over a list whose items are found) is the question's too (Ubiquiti's community)."""
    intro = ("Since the upgrade to the zone based firewall, devices on my IoT network can no longer reach the home "
             "server on the servers network, even though that was allowed before.")
    items = ["Gateway on network release nine point four", "Old rule allowed the IoT network to the server address"]
    replies = ["Check the zone matrix: the migration puts custom networks in a zone that blocks the others.",
               "Add a policy from the IoT zone to the internal zone for those two ports and it works again.",
               "That was it, the new policy fixed it and the old rule can go."]
    listed = "".join(f"<li><p>{item}</p></li>" for item in items)
    html = _discourse_crawler_page("IoT devices blocked after the firewall migration",
                                   f"{intro}\n\nSetup:\n\n" + "\n".join(items),
                                   f"<p>{intro}</p><p>Setup:</p><ul>{listed}</ul>", replies)
    doc = extract(html, "https://community.example.com/questions/iot-devices-blocked/4711")
    assert doc.posts[0].text == "\n".join([intro, "Setup:", *items])


def test_a_microdata_author_named_in_a_link_is_its_text_not_its_href(page_bytes):
    """Habr Q&A: ``<a itemprop="name" href="/user/x">Name</a>``: the microdata value of a link is its href, but a
    name is what it says."""
    doc = extract(page_bytes("habr_qna_question.html"), "https://qna.habr.com/q/1387214")
    assert [(p.author, p.votes, p.accepted) for p in doc.posts[1:]] == [
        ("Виталий Коржов", 7, True), ("fearless_max", 3, False), ("Сергей Лапин", 1, False), ("Анна Гусева", 2, False)]


def test_a_help_centre_community_post_with_its_comments_is_a_thread(page_bytes):
    """Zendesk's community posts name their replies comments, under a long opening post: an article's shape, but a
    ``/community/posts/`` URL names a discussion."""
    doc = extract(page_bytes("zendesk_community_post.html"), "https://help.brightwellapp.com/hc/en-us/community/posts/"
                  "29815533217043-Recurring-shifts-disappear-after-editing-a-single-occurrence")
    assert doc.page_type == "forum"
    assert [p.author for p in doc.posts] == ["Marta Lindqvist", "Jonas Feld", "Priya Raman", "Tom Achterberg",
                                             "Marta Lindqvist", "Jonas Feld"]
    assert doc.question.split("\n")[1].startswith("When I edit one occurrence of a recurring shift")


def test_a_recommended_answer_badge_marks_the_accepted_answer(page_bytes):
    doc = extract(page_bytes("google_help_community_thread.html"),
                  "https://support.google.com/mail/thread/318264517/gmail-keeps-asking-me-to-verify-it-s-me")
    assert [p.accepted for p in doc.posts] == [False, False, False, True, False, False]


def test_a_question_whose_title_is_its_first_words_cut_is_the_opening_post_even_linked(page_bytes):
    """CareerCup: the ``<title>`` is the question's first 30 characters, cut mid-word, and the question's text is a
    link to itself (the article model drops it as a link); the block starting with the title is the opening post."""
    doc = extract(page_bytes("careercup_question.html"), "https://careercup.com/question?id=881")
    assert doc.page_type == "forum"
    assert doc.question.startswith("Given two people in a social network, write a function")
    assert [post.votes for post in doc.answers] == [3, 2, 1, 0]
    assert doc.answers[0].text.startswith("Sort both friend lists by id")


def test_comments_with_short_hash_ids_nested_in_each_other_are_one_group():
    """Lobsters and Tildes give each comment a short id of letters and digits (``c_a1b2c3``): the letter before the
    first digit is the comment's own, not the template's, so comments nested several levels deep still read alike."""
    def comment(short: str, user: str, text: str, replies: str = "") -> str:
        return (f'<li class="comments_subtree" id="{short}"><div id="c_{short}" class="comment">'
                f'<div class="byline"><a href="/~{user}">{user}</a> <time>2 days ago</time></div>'
                f'<div class="comment_text"><p>{text}</p></div></div>'
                f'{f"<ol class=comments>{replies}</ol>" if replies else ""}</li>')
    texts = ["The copying across the boundary surprised me; did you measure how much of the overhead it is?",
             "Roughly sixty forty on short strings, flipping once the input gets past a few kilobytes.",
             "Would love to see the flame graphs, an appendix to the post would be great.",
             "We went the other way and kept the extension native, but signed every build we ship.",
             "Signing helps with provenance but not with a buggy extension scribbling over memory."]
    thread = (comment("a1b2c3", "mtrx", texts[0], comment("d4e5f6", "hjal", texts[1], comment("g7h8i9", "mtrx",
                                                                                              texts[2])))
              + comment("j1k2l3", "pene", texts[3], comment("m4n5o6", "corw", texts[4])))
    page = (f'<html><body><div class="story"><h1>Shipping an extension as one blob</h1></div>'
            f'<ol class="comments comments1">{thread}</ol></body></html>')
    group = detect(etree.fromstring(page, etree.HTMLParser())).group
    assert group is not None
    assert [" ".join("".join(body.itertext()).strip() for body in bodies) for bodies in group.bodies] == texts


#: Posts of a short gardening thread, for the tests of how a page typed thread is settled.
BEAN_POSTS = ["Has anyone tried sowing broad beans in late autumn on heavy clay? Mine rotted last year.",
              "Clay holds water all winter. I sow in modules in the greenhouse and plant out in March.",
              "Raised beds helped me more than anything else: the beans sit above the wet.",
              "Thanks both. I will try modules this year and dig some grit into one bed to compare."]


def _typed_forum(html: str, url: str):
    """The parsed page, its page-type decision (asserted forum, with a post group) and its annotated blocks, for an
    article reading to be written on them."""
    page = parse_html(html, url=url)
    decision = detect(page.root, url)
    assert decision.page_type == "forum" and decision.group is not None
    seg = segment(page.root)
    annotate(seg.blocks)
    return page, decision, seg


def test_article_text_in_a_sidebar_outside_the_main_landmark_does_not_unmake_a_thread():
    """The article model may read a long promotion in a sidebar as content (a WordPress widget beside a bbPress
    topic); outside the ``<main>`` that holds the posts, it is no evidence that the page is an article."""
    posts = BEAN_POSTS
    replies = "".join(
        f'<li class="post" id="post-{i}"><div class="meta"><a href="/members/u{i}/">u{i}</a> <span>2024-03-0{i + 1} '
        f'09:1{i}</span></div><div class="post-content"><p>{text}</p></div></li>' for i, text in enumerate(posts))
    promo = ("The spring plant fair returns to the walled garden on the first weekend of May, with forty nurseries, "
             "talks every hour, a seed swap and cream teas in the orangery; tickets bought online are half price. ")
    html = (f'<html><body><main><h1>Broad beans on clay</h1><ul class="replies">{replies}</ul></main>'
            f'<aside class="widget"><p>{promo * 4}</p></aside></body></html>')
    url = "https://allotments.example/forums/topic/broad-beans-on-clay/"
    page, decision, seg = _typed_forum(html, url)
    for block in seg.blocks:  # the article reading: the promotion (most of the words) and the first post
        block.is_content = block.text.startswith(("The spring plant fair", posts[0][:20]))
    group = settle_thread(decision, url, seg.blocks, seg.leaves, title=page.title)
    assert group is not None and len(group.members) == 4


def test_short_posts_beside_author_cards_of_as_many_words_keep_their_text_alone():
    """XenForo with its class names hashed: each post is an author card (labels and values: "Registriert seit:",
    "Beiträge:", the poster's equipment) beside a text of about as many words. No child holds most of the words and
    no name tells the body, so the labels every card shows are taken as the template's and the text wins."""
    posts = [("nordfreak", "Seit gestern zeigt der Receiver kein Bild mehr, nur noch schwarz. Ton ist da, das Menü "
              "erscheint aber nicht. Ich habe schon alle Kabel geprüft. Hat jemand eine Idee, woran es liegen könnte?",
              "MR 401, Magenta TV Stick, SkyQ Sat"),
             ("ingo78", "Einmal komplett vom Strom nehmen und nach fünf Minuten neu starten, das hilft meistens. Wenn "
              "nicht, im Menü die Auflösung zurücksetzen, das geht auch blind über die Fernbedienung mit einer "
              "Tastenfolge.", "Schüssel drehbar mit Motor, Digicorder HDS2 Plus"),
             ("sunday2", "Bei mir war es das HDMI-Kabel, obwohl es neu war. Probier ein anderes Kabel und einen "
              "anderen Eingang am Fernseher, dann weißt du schnell, ob es am Receiver liegt.",
              "Technisat HD S2 und Sony Fernseher mit Soundbar"),
             ("nordfreak", "Danke euch, der Neustart hat geholfen. Das Bild ist wieder da, und die Auflösung stimmt "
              "auch. Falls es wieder passiert, probiere ich zuerst das Kabel und dann die Tastenfolge.",
              "MR 401, Magenta TV Stick, SkyQ Sat")]
    items = "".join(
        f'<li class="kx"><div class="kq"><h3><a href="/members/{user}.{i}/">{user}</a></h3><dl><dt>Registriert seit:'
        f'</dt><dd>{i + 2}. Mai 2016</dd></dl><dl><dt>Beiträge:</dt><dd>{380 + 7 * i}</dd></dl><dl><dt>Zustimmungen:'
        f'</dt><dd>{40 + i}</dd></dl><dl><dt>Technisches Equipment:</dt><dd>{gear}</dd></dl></div><div class="kw">'
        f'<div class="kt">{text}</div><div class="kz"><a href="/posts/{i}/">{user}, 1{i}. April 2020</a> '
        f'<a href="/posts/{i}/#">#{i + 1}</a></div></div></li>'
        for i, (user, text, gear) in enumerate(posts))
    html = (f"<html><head><title>Receiver ohne Bild | Forum</title></head><body><h1>Receiver ohne Bild</h1>"
            f'<ol class="kp">{items}</ol></body></html>')
    doc = extract(html, "https://forum.example.de/threads/receiver-ohne-bild.4167/")
    assert doc.page_type == "forum"
    assert [post.text for post in doc.posts] == [text for _, text, _ in posts]
    assert [post.author for post in doc.posts] == [user for user, _, _ in posts]
    assert "Registriert seit" not in doc.text and "Soundbar" not in doc.text


def test_a_copy_of_the_posts_outside_them_does_not_unmake_a_thread():
    """A forum that renders its thread twice (Flarum: the post stream, and a plain copy for crawlers without
    scripts): the article model's text in the copy repeats the posts' blocks, so it is no article beside them."""
    posts = BEAN_POSTS
    stream = "".join(
        f'<div class="PostStream-item"><article class="Post"><header><a href="/u/u{i}">u{i}</a> '
        f'<time>2024-03-0{i + 1} 09:1{i}</time></header><div class="Post-body"><p>{text}</p></div></article></div>'
        for i, text in enumerate(posts))
    copy = "".join(f'<article><h3>u{i}</h3><div class="Post-body"><p>{text}</p></div></article>'
                   for i, text in enumerate(posts))
    html = (f'<html><body><h1>Broad beans on clay</h1><div class="PostStream">{stream}</div>'
            f'<main><div class="container">{copy}</div></main></body></html>')
    url = "https://allotments.example/d/1234-broad-beans-on-clay"
    page, decision, seg = _typed_forum(html, url)
    members = decision.group.member_of()
    for block in seg.blocks:  # the article reading: the copy, and the first post in the stream
        block.is_content = block.text in posts and (block.element not in members or block.text == posts[0])
    group = settle_thread(decision, url, seg.blocks, seg.leaves, title=page.title)
    assert group is not None and len(group.members) == 4


def test_an_article_model_that_kept_next_to_nothing_does_not_unmake_a_thread():
    """An article model that kept a modal's heading and none of the posts (a short thread whose class names say
    nothing) missed the page; a blog post whose comments show only who wrote them and when stays an article."""
    posts = BEAN_POSTS[:2]
    replies = "".join(
        f'<div class="qx"><div class="rv"><a href="/members/u{i}/">u{i}</a> <span>2024-03-0{i + 1} 09:1{i}</span>'
        f'</div><div class="tz"><p>{text}</p></div></div>' for i, text in enumerate(posts))
    html = (f'<html><body><h1>Broad beans on clay</h1><div class="wk">{replies}</div>'
            '<div class="jm"><h5>Markdown Cheatsheet</h5></div></body></html>')
    url = "https://allotments.example/forums/topic/broad-beans-on-clay/"
    page, decision, seg = _typed_forum(html, url)
    for block in seg.blocks:  # the article reading: the modal's heading alone
        block.is_content = block.text == "Markdown Cheatsheet"
    group = settle_thread(decision, url, seg.blocks, seg.leaves, title=page.title)
    assert group is not None and len(group.members) == 2
    for block in seg.blocks:  # posts without words of their own: the heading is all the page has to say
        if block.element in group.member_of():
            block.features = replace(block.features, num_linked_words=block.features.num_words)
    assert settle_thread(decision, url, seg.blocks, seg.leaves, title=page.title) is None


def test_a_bulletin_board_post_with_one_line_pushes_is_a_thread(page_bytes):
    # PTT: the post is loose text in the element that holds its pushes (one-line replies signed in a span, not a user
    # link), and its author answers between them in the same element, outside any push
    doc = extract(page_bytes("bbs_board_post.html"), "https://www.ptt.cc/bbs/Gossiping/M.1710204089.A.3F2.html")
    assert doc.page_type == "forum"
    assert doc.question.startswith("[問卦] 有沒有騎腳踏車通勤的八卦？")
    assert "最近公司搬到河濱附近" in doc.question and "謝謝大家的建議" in doc.question
    assert [(post.author, post.date) for post in doc.answers] == [
        ("mountainbiker", "03/12 08:45"), ("taipeirain", "03/12 08:47"), ("greenlane88", "03/12 08:52"),
        ("greenlane88", "03/12 08:53"), ("oldcommuter", "03/12 09:31"), ("rivercyclist", "03/12 09:40")]
    assert doc.answers[0].text == "早上騎慢一點就不會那麼多汗，到公司先吹冷氣十分鐘"  # no ": " after the poster
    assert not any("mountainbiker" in post.text or post.text.startswith("推") for post in doc.answers)


def _bulletin_board_essay(page: bytes) -> bytes:
    """The PTT page with a long essay (forty lines, about 1,900 characters) in place of its six-line post."""
    essay = "\n".join(f"第{day}天騎車通勤的紀錄：出門時氣溫{20 + day % 10}度，河濱自行車道上遇到{day * 3}位騎士，"
                      f"到公司花了{35 + day % 9}分鐘。" for day in range(1, 41))
    text = page.decode("utf-8")
    start = text.index("最近公司搬到河濱附近")
    end = text.index("停車會不會被偷？") + len("停車會不會被偷？")
    return (text[:start] + essay + text[end:]).encode("utf-8")


@pytest.mark.parametrize(("url", "page_type"), [
    ("https://www.ptt.cc/bbs/Gossiping/M.1710204089.A.3F2.html", "forum"),
    ("https://www.example.com/2024/03/12/cycling-to-work.html", "article"),
])
def test_a_long_bulletin_board_essay_above_one_line_pushes_is_a_thread_at_a_boards_address(page_bytes, url, page_type):
    # The essay outweighs its pushes, as an article outweighs short comments under it: the board's address (a
    # thread's URL path) tells them apart
    doc = extract(_bulletin_board_essay(page_bytes("bbs_board_post.html")), url)
    assert doc.page_type == page_type
    if page_type == "forum":
        assert "第1天騎車通勤的紀錄" in doc.question and "第40天騎車通勤的紀錄" in doc.question
        assert len(doc.answers) == 6
    else:
        assert "第40天騎車通勤的紀錄" in doc.text and not doc.question


def test_a_post_written_in_the_element_holding_its_pushes_is_the_opening_post(page_bytes):
    """A PTT reply ("Re: ...") under 38 pushes: its words, bare text in ``div#main-content`` after a quotation of the
    post it answers, were outweighed by the pushes after them in the same element, and were lost."""
    doc = extract(page_bytes("ptt_reply_article.html"), "https://www.ptt.cc/bbs/Gossiping/M.1741866273.A.1C4.html")
    assert doc.page_type == "forum"
    assert "我自己就是那種看到來電會先讓它響完的人" in doc.posts[0].text
    assert doc.posts[1].text.startswith("不認識的號碼一律不接") and len(doc.posts) == 39


def test_a_bulletin_board_whose_class_names_say_nothing_still_signs_its_pushes(page_bytes):
    # The same PTT page with every class name replaced by an opaque token (as CSS modules hash them, or a board
    # names its elements in its own words): no class says "user", and no poster links to a user page, but each push
    # shows a name in the same place, beside a date
    opaque = re.sub(rb'class="([^"]*)"', lambda m: b'class="%s"' % b" ".join(
        b"k%x" % zlib.crc32(token) for token in m.group(1).split()), page_bytes("bbs_board_post.html"))
    doc = extract(opaque, "https://www.ptt.cc/bbs/Gossiping/M.1710204089.A.3F2.html")
    assert doc.page_type == "forum"
    assert "最近公司搬到河濱附近" in doc.question
    assert [post.text for post in doc.answers] == [
        "早上騎慢一點就不會那麼多汗，到公司先吹冷氣十分鐘", "台北一年有一半在下雨，撐不了多久的啦",
        "買一台二手的平把公路車就好，鎖要買好一點的U型鎖", "停在公司大樓的地下室比較不會被偷",
        "騎了五年了，最重要的是準備一套備用衣服放在公司", "河濱早上風很大，逆風的時候會騎到懷疑人生"]


def test_a_column_of_short_texts_in_table_rows_or_in_paragraphs_is_no_poster():
    # product names in a table's rows, and a link in each paragraph of a story, change from member to member like
    # posters' names: they are not bylines
    rows = "".join(f"<tr><td>{n}</td><td>Brand {chr(65 + n)} Sauce</td><td>Recalled on 0{n % 9 + 1}/05/2005 after "
                   f"a dye was found in its paprika, the agency said today</td></tr>" for n in range(8))
    paragraphs = "".join(f"<p>As <a href='/p/{n}'>Reporter {chr(65 + n)}</a> wrote on 0{n % 9 + 1}/05/2005, the "
                         f"council met again to discuss the plan for the river and its banks.</p>" for n in range(8))
    for body in (f"<table>{rows}</table>", f"<div>{paragraphs}</div>"):
        root = parse_html(f"<html><body>{body}</body></html>").root
        members = list(root.iter("tr")) or list(root.iter("p"))
        assert not any(poster_slot_members(members, text_stats(root)))


def test_a_bulletin_board_posts_header_lines_and_notes_are_its_byline_not_its_text(page_bytes):
    # PTT writes the author, board, title and time as labelled lines at the top of the post's body, and its own
    # notes ("※ 發信站: …", "※ 文章網址: …", "※ 編輯: …") after a "--" in its text
    doc = extract(page_bytes("bbs_board_post.html"), "https://www.ptt.cc/bbs/Gossiping/M.1710204089.A.3F2.html")
    opening = doc.posts[0]
    assert (opening.author, opening.date) == ("windrider (追風的人)", "Tue Mar 12 08:41:27 2024")
    assert opening.text.startswith("最近公司搬到河濱附近")
    assert opening.text.endswith("反正也不是每天都要騎。")
    assert not any(mark in doc.question for mark in ("作者", "看板", "時間", "※", "--", "ptt.cc"))


def _blog_comments_as(page: str, comment: str, wrapper: str = '<ol class="comment-list">{}</ol>') -> str:
    """The blog page with its six comments written by another comment template (``{name}``, ``{date}``,
    ``{text}``, ``{n}``), as older themes wrote them."""
    found = re.findall(r'<b class="fn">([^<]+)</b>.*?<time [^>]*>([^<]+)</time>.*?<div class="comment-content"><p>'
                       r"(.*?)</p>", page)
    assert len(found) == 6
    comments = "".join(comment.format(name=name, date=date, text=text, n=n) for n, (name, date, text)
                       in enumerate(found))
    return re.sub(r'<ol class="comment-list">.*?</ol>', lambda _: wrapper.format(comments), page, flags=re.S)


_FEED_LINK = "/2019/03/bread/?utm_source=feed&amp;utm_campaign=Feed%3A+The+Blog+of+Author+Jo&amp;replytocom={n}"


@pytest.mark.parametrize("template", [
    # the byline below the text, inside the comment's body: "by <a>name</a> on date. Reply #"
    '<li class="comment depth-1" id="comment-{n}"><div class="comment-body"><p>{text}</p><p class="comment-meta">by '
    '<a href="https://site{n}.example/" rel="external nofollow" class="url">{name}</a> on {date}. '
    '<a class="comment-reply-link" href="' + _FEED_LINK + '">Reply</a> <a href="#comment-{n}">#</a></p></div></li>',
    # a definition list: who and when in the term, what in the description
    '<dt class="comment" id="comment-{n}"><span class="comment_author">{name}</span> <span class="comment_time">'
    '{date}</span></dt><dd class="comment"><div class="format_text"><p>{text}</p><p class="reply"><a '
    'class="comment-reply-link" href="' + _FEED_LINK + '">Reply</a></p></div></dd>',
    # the byline as one line of text above the body
    '<div class="comment-entry" id="pc_{n}"><span class="small">written by {name}, {date}</span><br>'
    '<div class="comment-text"><p>{text}</p></div></div>',
    # the body's first line, named meta, as long as a byline gets: "Tom Becker — March 11, 2019 at 9:11 am"
    '<li class="comment" id="comment-{n}"><div id="div-comment-{n}"><div class="comment_meta"><img alt="" '
    'src="/avatar.png"></div><div class="comment_entry"><p class="cm-meta"><a href="https://site{n}.example/" '
    'rel="external nofollow" class="url">{name}</a> — <a href="#comment-{n}" class="comment-meta-time">{date}</a></p>'
    '<p>{text}</p><a class="comment-reply-link" href="' + _FEED_LINK + '">Reply</a></div></div></li>',
    # TypePad: the text, then a footer line "Posted by: name | date" (a colon after "by")
    '<div class="comment" id="c{n}"><div class="comment-content"><p>{text}</p></div><p class="comment-footer">'
    'Posted by: {name} | <a href="#c{n}">{date}</a></p></div>',
    # the body's first line, an unnamed heading: the name, then the date in an element of its own
    '<div class="comment depth-1" id="comment-{n}"><img alt="" class="avatar" src="/avatar.png"><div '
    'class="comment-text"><h4>{name} <span>On {date}</span></h4><p>{text}</p><a class="comment-reply-link" href="'
    + _FEED_LINK + '">Reply</a></div></div>',
])
def test_a_blog_comments_byline_gives_its_author_and_date_and_stays_out_of_its_text(page_bytes, template):
    page = page_bytes("blog_with_comments.html").decode("utf-8")
    plain = extract(page, "https://breadblog.example/2019/03/easy-overnight-bread/")
    wrapper = '<dl class="commentlist">{}</dl>' if template.startswith("<dt") else '<ol class="comment-list">{}</ol>'
    doc = extract(_blog_comments_as(page, template, wrapper), "https://breadblog.example/2019/03/easy-overnight-bread/")
    assert doc.page_type == "article" and doc.text == plain.text
    assert [p.author for p in doc.posts] == ["Maria", "Tom Becker", "Anna", "Jules", "Sourdough Sam", "Priya"]
    assert doc.posts[1].date == "March 11, 2019 at 9:11 am" + ("." if 'class="comment-meta"' in template else "")
    assert [p.text for p in doc.posts] == [p.text for p in plain.posts]


@pytest.mark.parametrize("avatar", ["", '<img alt="" src="/avatar.png" class="avatar avatar-40 photo"/> '])
def test_a_comment_bodys_leading_author_and_meta_lines_are_its_byline(avatar):
    # WordPress's comment template where the post body found is the whole comment: the author's and the date's
    # lines come first (after the avatar, in some themes), then the text
    body = etree.fromstring(
        f'<div class="comment-body">{avatar}<div class="comment-author vcard"><cite class="fn"><a '
        'href="https://becky.example/" rel="external nofollow" class="url">Becky</a></cite> <span class="says">says:'
        '</span></div><div class="comment-meta commentmetadata"><a href="#comment-1">November 12, 2012 at 10:07 am'
        "</a></div>"
        "<p>I liked the page long ago.</p></div>")
    fields = leading_fields(body)
    assert [field.get("class") for field in fields] == ["comment-author vcard", "comment-meta commentmetadata"]
    member = etree.Element("li")
    member.append(body)
    text = set(body.iter()).difference(*(field.iter() for field in fields))
    assert read_author(member, text) == "Becky" and read_date(member, text) == "November 12, 2012 at 10:07 am"


@pytest.mark.parametrize(("byline", "author", "date"), [
    ('<p class="cm-meta"><a href="https://chef.example/" rel="external nofollow" class="url">Chef Mark Garcia</a> — '
     '<a href="#comment-1" class="comment-meta-time">July 17th, 2012, 6:18 pm</a></p>',
     "Chef Mark Garcia", "July 17th, 2012, 6:18 pm"),
    ("<h4>GreatAunt <span>On Friday, November 2 at 12:14 pm</span></h4>",
     "GreatAunt", "Friday, November 2 at 12:14 pm"),
])
def test_a_comment_bodys_long_meta_line_or_dated_heading_is_its_byline(byline, author, date):
    # the body found is the whole comment (its text is several paragraphs), so its byline line is in it: a line named
    # meta as long as a name, a dash and a date with its time, or an unnamed heading with the name and then the date
    body = etree.fromstring(f'<div class="comment_entry">{byline}<p>Tim,</p><p>You continue to impress me.</p></div>')
    assert leading_fields(body) == [body[0]]
    member = etree.Element("li")
    member.append(body)
    text = set(body.iter()).difference(body[0].iter())
    assert read_author(member, text) == author and read_date(member, text) == date


@pytest.mark.parametrize(("line", "date"), [
    ("The Keeper - October 26, 2012", "October 26, 2012"),
    ("James Cannon - Runcorn Trekkie UK - October 26, 2012", "October 26, 2012"),
    ("ann_k · 3 hours ago", "3 hours ago"),
    ("12 May 2024 - 10:32", "12 May 2024 - 10:32"),
])
def test_a_date_after_the_posters_name_and_a_separator_is_read_alone(line, date):
    """A comment header that writes the poster's name, a dash and the date as one text (Trekmovie's ``<dt>``) gives
    the date without the name; a date and its time so separated stay together."""
    member = etree.fromstring(f'<div><div class="head"><a href="#c1">1.</a> {line}</div><p>Nice work.</p></div>')
    assert read_date(member, set(member[1].iter())) == date


def test_a_profile_links_first_line_is_the_posters_name():
    """A review site's profile link holds the reviewer's card: the name, then lines with the country and the count of
    reviews (Trustpilot's ``<a href="/users/..."><span>Name</span><div><div>GB</div><span>3 reviews</span></div>``):
    the name is its first line; a link whose parts run on one line keeps them all."""
    member = etree.fromstring(
        '<article><aside><a href="/users/6512d0a1"><span>Priya Raman</span><div><div><span>GB</span></div>'
        '<span>3 reviews</span></div></a></aside><p>Booked a collection at 9am and the driver came at 2.</p></article>')
    assert read_author(member, set(member[1].iter())) == "Priya Raman"
    member = etree.fromstring('<div><a href="/u/ann"><b>Ann</b> <i>Lee</i></a><p>Thanks, that worked.</p></div>')
    assert read_author(member, set(member[1].iter())) == "Ann Lee"


def test_a_comments_footer_line_is_its_byline():
    """GeenStijl ends each comment with a ``<footer>`` line (name, date and time, score, "Report"), named for nothing:
    the comment's byline, not its text. A longer closing paragraph is the comment's."""
    body = etree.fromstring('<article class="comment"><p>Eerst iedereen op de fiets en dan de fiets belasten.</p>'
                            '<footer><span class="username">Domtoren_Dave</span> | <a href="#c1" class="time">'
                            '15-04-25 | 13:42</a> | <span class="score">+156</span> | <a href="#">Report</a></footer>'
                            '</article>')
    assert trailing_fields(body) == [body[1]]
    long_end = " ".join(["Dat zei ik vorig jaar ook al tegen de gemeente."] * 3)
    body = etree.fromstring(f"<article><p>Klassiek Utrechts.</p><footer>{long_end}</footer></article>")
    assert trailing_fields(body) == []


def test_a_comments_closing_posted_by_line_is_its_byline():
    """MetaFilter ends each comment's text with "posted by <a>name</a> at <a>time</a> on date [favorites]" in a span
    named for its small type only: a line that reads as a byline is the post's byline, not its text; a closing line
    that reads otherwise stays, and so does the last of several such lines (quotations with their authors)."""
    body = etree.fromstring(
        '<div class="comments">Waterproof trousers. Not just a jacket, trousers.<br/><span class="smallcopy">posted by '
        '<a href="https://www.metafilter.com/user/50331">Fiddlefish</a> at <a href="/381974/x#8129440">10:58 AM</a> '
        'on September 2, 2025 [<a href="/favorited/2/8129440">6 favorites</a>] <span class="flagbutton">[<a href="'
        '/contribute/flag.mefi?id=8129440">!</a>]</span></span></div>')
    assert trailing_fields(body) == [body[-1]]
    member = etree.Element("div")
    member.append(body)
    text = set(body.iter()).difference(body[-1].iter())
    assert read_author(member, text) == "Fiddlefish"
    other = etree.fromstring('<div class="comments">Bring trousers.<br/><span class="smallcopy">by the way, the '
                             "ferry leaves at nine</span></div>")
    assert trailing_fields(other) == []
    quotes = etree.fromstring('<div class="sig"><p>I honestly would not mind</p><p>by Sean O on May 17, 2012 5:11 PM'
                              "</p><p>You are a true American</p><p>by Landlord on Jul 4, 2012 12:57 PM PDT</p></div>")
    assert trailing_fields(quotes) == []  # a signature's quotations, each with its author's line


def test_a_quoted_posts_byline_and_a_profile_link_do_not_name_the_poster():
    # fannation-style comments: a reply quotes an earlier comment with its byline, and the user card links
    # "Profile" to the poster's page before their name
    names = ["Flea Biscuit", "Debbie Does", "mhwings", "HtownTexans"]
    quote = ('<blockquote><div class="quote_byline">Originally posted by <a href="/users/view_user_profile/1">Flea '
             "Biscuit</a></div><p>Dobbin's should sit out next week's game, hand in hand with the rest of them.</p>"
             "</blockquote>")
    comments = "".join(
        f'<div class="comment-wrap" id="comment_{n}"><div class="comment-content"><div class="comment-date">November '
        f'12, 2012 01:{10 + n} PM ET</div><div class="comment-body">{quote if n else ""}<p>Comment {n} on the game: '
        "the defence held for three quarters and then fell apart in the last one.</p></div></div><div "
        f'class="comment-user_info"><ul><li><a href="/users/view_user_profile/{n + 1}">Profile</a></li></ul><p '
        f'class="username"><a href="/users/view_user_profile/{n + 1}">{name}</a></p></div></div>'
        for n, name in enumerate(names))
    doc = extract(f"<html><body><article><h1>Bears at 49ers</h1><p>{'The game report went on. ' * 30}</p></article>"
                  f"<div id='comments' class='comments'><h2>Comments</h2>{comments}</div></body></html>".encode(),
                  "https://www.example.com/story/1")
    assert doc.page_type == "article"
    assert [p.author for p in doc.posts] == names


def test_a_user_cards_profile_and_message_links_in_russian_do_not_name_the_poster():
    """Ru.Board's user card puts the poster's name in ``b.nick`` and links "Профиль" (profile) and "Сообщение"
    (message) to pages that carry the name in their addresses: the links' labels are no names."""
    names = ["Vostok_73", "Barmaley_SPb", "kvazar", "Vostok_73"]
    texts = ["После выхода из сна пропадает системный диск, помогает только полное отключение питания.",
             "Обнови прошивку SSD и отключи управление питанием PCI Express в схеме электропитания.",
             "В BIOS у этой платы есть пункт ASPM, его тоже лучше выключить, с ним диск иногда не просыпается.",
             "Спасибо всем, две недели без вылетов, тема для меня закрыта."]
    rows = "".join(
        f'<table width="100%"><tr><td class="dats" width="180"><a name="{n}"></a><b class="nick">{name}</b><br>'
        f'<span class="tiny">Member</span><br><span class="tiny"><a href="profile.cgi?action=show&member={name}">'
        f'Профиль</a> | <a href="private.cgi?action=new&touser={name}">Сообщение</a> | <a href="post.cgi?action='
        f'reply&topic=41873&quote={n}">Цитировать</a></span></td><td class="dats"><span class="tiny">Отправлено: '
        f'1{n}:37 0{n + 3}-03-2025</span><hr><table width="100%"><tr><td class="post">{text}</td></tr></table></td>'
        "</tr></table>" for n, (name, text) in enumerate(zip(names, texts, strict=True)))
    doc = extract(f"<html><head><title>SSD пропадает из BIOS</title></head><body><h1>SSD пропадает из BIOS</h1>"
                  f"{rows}</body></html>", "https://forum.ru-board.com/topic.cgi?forum=62&topic=41873")
    assert [post.author for post in doc.posts] == names


def _says_comments(count: int) -> str:
    """A blog's comments as WordPress's old default theme wrote them: a number, "Name Says:", the date, the text;
    the commenters are visitors (no link to a user page, no element naming them)."""
    names = ["Marrije", "Jeff", "Anna", "Tom", "Priya", "Lena", "Omar", "Kees"]
    return "".join(
        f'<li class="alt" id="comment-{i}"><span class="num">{i}</span> <cite>{names[i % len(names)]}</cite> Says:'
        f'<br><small class="commentmetadata">November {i}th, 2012 at 9:4{i % 10} pm</small>'
        f"<p>Congratulations on the news, what a lovely thing to share with all of us here, number {i}.</p></li>"
        for i in range(1, count + 1)
    )


def test_a_short_blog_post_under_many_visitors_comments_stays_an_article():
    # two lines of post (too short to count as an article's lead) under twenty comments: the comments hold nearly
    # all the words, but they are visitors' comments on a page whose URL names no discussion
    html = ("<html><head><title>My new project</title></head><body><div class='post'><h2>My New Project</h2>"
            "<p>Max Jacob Newport. Born 11/6/12.</p><p>Future study hacker.</p></div>"
            f"<h3>20 Responses</h3><ol class='commentlist'>{_says_comments(20)}</ol></body></html>")
    doc = extract(html, "https://blog.example/2012/11/07/my-new-project/")
    assert doc.page_type == "article"
    assert "Max Jacob Newport" in doc.text and "Congratulations" not in doc.text
    assert len(doc.posts) == 20
    # "<cite>Jeff</cite> Says:" names the commenter
    assert [p.author for p in doc.posts[:3]] == ["Jeff", "Anna", "Tom"] and not doc.posts[0].text.startswith("1")


def _gallery_page(shots: int = 12) -> str:
    """A photo blog's entry: its pictures, each in the same box with its notes, a caption and the same "add comment"
    prompt; no box shows a date or who took it."""
    captions = ["the stage before the doors open", "the crowd at noon on the first day", "our team building the booth",
                "a cosplayer posing with the mascot", "the queue for the signing session", "lanterns over the hall",
                "the mascot's new costume up close", "a sketch artist drawing visitors", "the raffle prizes on a table",
                "sunset over the harbour after the show", "the last visitors leaving at night", "packing everything up"]
    boxes = "".join(
        f'<div class="image-wrapper"><div class="entry-photo"><a href="/p/{i}.jpg"><img src="/p/{i}.jpg"></a></div>'
        f'<div class="notes"><span class="hint">Mouseover photo to load notes or <a href="#c">add comment</a></span>'
        f'</div><div class="entry-caption"><p>Shot {i} of the festival: <b>{caption}</b>, taken by our '
        f"<i>photographer</i> with the small camera this weekend.</p></div>"
        f'<ul class="tags"><li><a href="/t/booth">booth</a></li><li><a href="/t/festival">festival</a></li></ul></div>'
        for i, caption in enumerate(captions[:shots], 1)
    )
    return f"<html><body><h1>Festival preview</h1><p>Short note.</p><div class='gallery'>{boxes}</div></body></html>"


def _table_layout_page() -> str:
    """A 2007 portal: menu, story and sidebar are three cells of one table row, built alike (a heading, a date, text,
    links), two of them dated."""
    def cell(heading: str, date: str, text: str, links: list[str]) -> str:
        items = "".join(f'<li><a href="/{link.lower()}">{link}</a></li>' for link in links)
        return f"<td><div class='box'><b>{heading}</b> <i>{date}</i><div>{text}</div><ul>{items}</ul></div></td>"

    story = "<br>".join(f"The Bears closed the season with a win over the Saints in part {i}, as Devin Hester "
                        "returned a punt for a score and the defence held late in the fourth quarter."
                        for i in range(6))
    return ("<html><body><table><tr>"
            + cell("Local teams", "", "Pix and flix: check out this great photo in the sports album, want to see your "
                   "picture here? Try submitting one today to our editors.", ["Raiders", "Giants", "Sharks"])
            + cell("Hester runs Bears to win in season finale", "Posted: 6:12 PM Dec 30, 2007", story,
                   ["Email", "Print"])
            + cell("Games and scores", "Last updated Dec 31, 2007", "Right now: sports ticket poll, who will win the "
                   "championship this year? Click here to see the current results of the poll.", ["Packers", "Giants"])
            + "</tr></table></body></html>")


def test_boxes_that_show_no_date_and_no_poster_are_no_thread():
    doc = extract(_gallery_page(), "https://photos.example/2012/11/festival-preview")
    assert doc.page_type == "article"
    assert "Shot 1 of the festival" in doc.text and not doc.posts and not doc.question


def test_the_columns_of_a_table_layout_are_no_thread():
    doc = extract(_table_layout_page(), "https://sports.example/story/hester-runs-bears")
    assert doc.page_type == "article"
    assert "Devin Hester" in doc.text


def _stacked_tables_page() -> str:
    """A 2007 news page laid out as two tables one above the other, built alike (a heading, a date, text, links):
    the site's menu with its scores, then the story. Neither names a poster."""
    def table(heading: str, date: str, text: str, links: list[str]) -> str:
        rows = "".join(f'<tr class="row"><td class="icon"><img src="/i/{link.lower()}.gif" alt=""></td><td '
                       f'class="name"><a href="/{link.lower()}">{link}</a></td><td class="sep"><span>|</span></td>'
                       "</tr>" for link in links)
        return (f"<table><tr class='head'><td colspan=3><b>{heading}</b></td></tr><tr class='date'><td colspan=3><i>"
                f"{date}</i></td></tr><tr class='body'><td colspan=3>{text}</td></tr>{rows}</table>")

    story = "<br>".join(f"The Bears closed the season with a win over the Saints in part {i}, as Devin Hester "
                        "returned a punt for a score and the defence held late in the fourth quarter."
                        for i in range(6))
    return ("<html><body>"
            + table("Local teams", "Last updated Dec 31, 2007", "Pix and flix: check out this great photo in the "
                    "sports album, want to see your picture here? Try submitting one today to our editors.",
                    ["Raiders", "Giants", "Sharks", "Warriors"])
            + table("Hester runs Bears to win in season finale", "Dec 30, 2007 6:12 PM", story,
                    ["Email", "Print", "Share", "Archive"])
            + "</body></html>")


def test_two_layout_tables_that_name_no_poster_are_no_thread():
    # two or three boxes alike, dated, on a page whose URL and names say nothing of a discussion: a thread this short
    # would show who wrote each post
    doc = extract(_stacked_tables_page(), "https://sports.example/story/hester-runs-bears")
    assert doc.page_type == "article"
    assert "Devin Hester" in doc.text


def _header_and_story_page() -> str:
    """A news site's page laid out as two rows alike (``div.line``, each a column of boxes): the masthead, with today's
    date, a menu and a link to the reader's profile, then the main row, with the story (its date and a link to its
    author's profile) and a sidebar. Neither row is named a post."""
    story = "<br><br>".join(f"The investigation found in part {i} that the security firm had copied the visitors' "
                            "passports and recorded their meetings, and passed the files to a contact abroad."
                            for i in range(8))
    menu = "".join(f'<li><a href="/{name.lower()}">{name}</a></li>' for name in ("World", "Science", "Health", "Earth"))
    boxes = "".join(f'<div class="sidebar-box"><h3>{name}</h3><p><a href="/{name.lower()}">{text}</a></p></div>'
                    for name, text in (("Donate", "Support independent reading today"),
                                       ("Picture of the day", "Sunset over the bay, by a reader"),
                                       ("Quote of the day", "Truth is stranger than fiction")))
    return ("<html><body>"
            '<div class="line" id="header-cont"><div id="header"><div class="item"><div class="sap-content">'
            f'<a href="/">Daily Wire</a><div id="top-menu"><ul>{menu}</ul></div></div></div></div>'
            '<div id="text-bar"><div class="item"><div class="sap-content"><div class="bar">Mon, 25 Dec 2023</div>'
            '<div class="bar">News for people who read</div><div class="bar"><a href="/user/profile">My profile</a>'
            "</div></div></div></div></div>"
            '<div class="line" id="main-cont"><div id="main"><div class="item" id="column-center"><div '
            'class="sap-content"><h2 class="hbar">Investigations</h2><div class="article"><h1>Files expose the '
            'spying operation</h1><div class="meta"><a href="/user/maxb">Max B.</a> <span class="when">Thu, 14 May '
            f'2020 17:55 UTC</span></div><div class="text">{story}</div></div></div></div>'
            f'<div class="item" id="column-right"><div class="sap-content">{boxes}</div></div></div></div>'
            "</body></html>")


def test_a_masthead_and_a_story_built_alike_are_no_thread():
    # two boxes alike, each dated and linking to a profile, on a page whose URL and names say nothing of posts or a
    # discussion: a thread of two posts names them or sits at a thread's address
    doc = extract(_header_and_story_page(), "https://news.example/article/417-files-expose-the-spying-operation")
    assert doc.page_type == "article"
    assert "passports" in doc.text and "My profile" not in doc.text and not doc.posts
    thread = extract(_header_and_story_page(), "https://forum.example/viewtopic.php?t=417")
    assert thread.page_type == "forum"


_STORY = ("Nicole Kidman and her husband are expecting their first child together, her spokeswoman said on Monday. "
          "The actress, who is 41, has two adopted children from her earlier marriage, and the couple married in June.")
_REPLY = "I think this is great news for them and wish the family all the best in the coming months ahead"


def _story_with_dated_entries(user_links: bool) -> str:
    """A short story in short paragraphs, then twenty entries as bare ``<span>``s with a date each (SFGate, 2008), each
    signed with a link to its poster's page if ``user_links``."""
    lead = "".join(f"<p>{sentence.strip()}.</p>" for sentence in _STORY.split(". "))
    reply = _REPLY.split()
    entries = "".join(
        f'<span id="c{n}"><p>{" ".join(reply[n % 5:] + reply[:n % 5])}</p><p>'
        + (f'<a href="/users/reader{n}">reader{n}</a> | ' if user_links else "")
        + f"January {n + 1}, 2008 10:0{n % 10} AM</p></span>" for n in range(20))
    return (f"<html><head><title>Nicole Kidman is pregnant - Celebrity news</title></head><body><div id='main'>"
            f"<h1>Nicole Kidman is pregnant</h1>{lead}<div id='talk'>{entries}</div></div></body></html>")


def test_dated_entries_that_show_no_poster_on_a_page_called_no_discussion_are_no_thread():
    # nothing names the entries posts or comments, none shows who wrote it, the URL is a story's: an article (before,
    # the entries were typed a forum's posts and the story left out); signed with links to posters, they are posts
    url = "https://celebs.example/2008/07/kidman-pregnant.html"
    doc = extract(_story_with_dated_entries(user_links=False), url)
    assert doc.page_type == "article" and doc.text.startswith("Nicole Kidman and her husband are expecting")
    assert extract(_story_with_dated_entries(user_links=True), url).page_type == "forum"


def test_a_threads_alternating_and_state_classes_leave_its_comments_one_group(page_bytes):
    # WordPress alternates even/odd (and alt) on its comments and adds state classes: "parent" on a comment with
    # replies, "bypostauthor" on the author's own (and this theme writes no comment ids): all six comments are
    # still one thread
    page = page_bytes("blog_with_comments.html").decode("utf-8")
    states = ["parent", "", "bypostauthor", "", "parent bypostauthor", ""]
    stripes = ["even thread-even", "odd alt thread-odd thread-alt"]
    template = ('<li class="comment {stripe} depth-1 {state}"><div class="comment-body">'
                '<div class="comment-author"><b class="fn">{name}</b> says:</div><div class="comment-meta">'
                '<time datetime="2019-03-1{n}">{date}</time></div><div class="comment-content"><p>{text}</p></div>'
                "</div></li>")
    found = re.findall(r'<b class="fn">([^<]+)</b>.*?<time [^>]*>([^<]+)</time>.*?<div class="comment-content"><p>'
                       r"(.*?)</p>", page)
    comments = "".join(template.format(stripe=stripes[n % 2], state=states[n], name=name, date=date, text=text, n=n)
                       for n, (name, date, text) in enumerate(found))
    page = re.sub(r'<ol class="comment-list">.*?</ol>', lambda _: f'<ol class="comment-list">{comments}</ol>', page,
                  flags=re.S)
    doc = extract(page, "https://breadblog.example/2019/03/easy-overnight-bread/")
    assert doc.page_type == "article" and "Bake it in the pot for 30 minutes" in doc.text
    assert [p.author for p in doc.posts] == ["Maria", "Tom Becker", "Anna", "Jules", "Sourdough Sam", "Priya"]
    assert not any(text in doc.text for _, _, text in found)


def test_an_opinion_columns_paragraphs_named_commentary_stay_its_body():
    # "commentary" is the column, not comments on it: its paragraphs are the body, never moved out to posts
    paragraphs = "".join(
        f'<div class="commentary-paragraph"><p>{sentence} The council still has to say how it will pay for the '
        f"harbour, and the column argues it should ask the port's users first.</p></div>"
        for sentence in ("Harbours are built for a century.", "The plan is larger than the town.",
                         "Ferries will need the new quay.", "Fishermen were not asked.", "Costs have doubled.",
                         "A smaller quay would do."))
    html = ("<html><head><title>Build the harbour for the town we are</title></head><body><article><h1>Build the "
            "harbour for the town we are</h1><p class='standfirst'>The council's plan is too big for a town of "
            f"four thousand people, our columnist writes.</p>{paragraphs}</article></body></html>")
    doc = extract(html, "https://news.example/opinion/2024/03/harbour-plan")
    assert doc.page_type == "article" and not doc.posts
    assert "Fishermen were not asked" in doc.text and "A smaller quay would do" in doc.text


@pytest.mark.parametrize(("line", "author"), [
    ("By the way, the rye was from the market, cheaper than online.", None),
    ("by now, everyone has seen the new oven, see above", None),
    ("By The Editors, March 3, 2019", "The Editors"),
    ("posted by mike, March 3, 2019", "mike"),
    ("by a german fan, March 3, 2019", "a german fan"),  # a name a visitor typed
])
def test_a_line_starting_with_by_is_a_byline_only_when_a_name_follows(line, author):
    # "by the way, ..." in a short line beside the post's text is a phrase, not a byline naming "the way"
    member = etree.fromstring(f'<li class="comment"><p class="note">{line}</p><div class="comment-content"><p>Baked '
                              "it twice this week and both loaves rose well.</p></div></li>")
    body = set(member[1].iter())
    assert read_author(member, body) == author


def test_an_issues_timeline_keeps_its_event_lines_out_when_one_of_them_is_long():
    """GitHub's React issue view sets comments and event lines ("added the bug label", "linked a pull request that
    will close this issue") in one run of timeline elements. The short dated lines are events, not posts, though a
    long event line is shaped like them: the posts they are measured against are the members with a paragraph (the
    long line itself stays, for its words)."""
    def comment(who: str, text: str) -> str:
        return (f'<div class="LayoutHelpers-module__timelineElement--Isj"><div class="CommentViewer-module__box--T '
                f'react-issue-comment"><div class="ActivityHeader-module__header--L3q"><a href="/{who}">{who}</a> '
                f'<relative-time datetime="2025-11-03T10:00:00Z">on Nov 3, 2025</relative-time></div><div '
                f'class="markdown-body"><p>{text}</p></div></div></div>')

    def event(text: str) -> str:
        return (f'<div class="LayoutHelpers-module__timelineElement--Isj"><section class="Row-module__row--Yf">'
                f'<div class="Row-module__content--Xd"><a href="/jonas">jonas</a> {text} <a href="#e"><relative-time '
                'datetime="2025-11-04T10:00:00Z">on Nov 4, 2025</relative-time></a></div></section></div>')
    timeline = "".join([
        comment("jonas", "Thanks for the clear reproduction, I can confirm this on main as well as on the release."),
        event("added this to the 3.4.1 milestone"),
        comment("priya", "We ran into the same thing in our documentation build last Friday, with nested lists."),
        comment("jonas", "A temporary workaround is to switch back to the old block parser until the fix is out."),
        event("added a commit that references this issue"),
        event("linked a pull request that will close this issue Merged Keep ordered list start in blockquotes"),
        comment("tamsin", "I installed the branch and both my original snippet and the nested case render right."),
        event("closed this as completed in #1847"),
    ])
    page = f"""<html><head><title>Ordered lists in blockquotes restart at 1 · Issue #1842</title></head><body>
    <div data-testid="issue-viewer-container"><h1>Ordered lists in blockquotes restart at 1</h1>
    <div data-testid="issue-body"><div class="markdown-body"><p>After upgrading to 3.4.0, ordered lists that live
    inside a blockquote always start at 1, even when the source says otherwise.</p><p>With 3.3.2 the list is
    rendered with its start attribute inside the blockquote, as expected.</p></div></div>
    <div data-testid="issue-timeline">{timeline}</div></div></body></html>"""
    doc = extract(page.encode(), "https://github.com/corvid-labs/inkwell/issues/1842")
    assert doc.page_type == "forum"
    texts = [post.text[:12] for post in doc.posts]
    assert texts[0] == "After upgrad"
    assert {"Thanks for t", "We ran into ", "A temporary ", "I installed "} <= set(texts)
    assert not any("milestone" in post.text or "references this issue" in post.text for post in doc.posts)


def _merge_request() -> bytes:
    """A merge request's page: its description (two paragraphs) under the title, then four discussion notes."""
    notes = "".join(
        f'<li class="note note-discussion timeline-entry" id="note_{n}"><div class="timeline-entry-inner">'
        f'<div class="note-header"><a class="author-name-link" href="/{who}">{who.title()}</a> <span>@{who}</span> '
        f'<time datetime="2025-10-1{n}T10:00:00Z">2 weeks ago</time> <span class="role">{role}</span></div>'
        f'<div class="note-body"><div class="note-text md"><p>{text}</p></div></div></div></li>'
        for n, (who, role, text) in enumerate([
            ("eobi", "Developer", "Thanks for picking this up! Will the retry settings also be available as flags?"),
            ("tpiatek", "Owner", "The power of two will overflow once the attempt counter reaches thirty two."),
            ("jnovak", "Author", "Good catch, I capped the exponent and added a test for the largest attempt count."),
            ("eobi", "Developer", "Tested it against our throttling proxy: a two gigabyte upload now survives."),
        ]))
    desc = "".join(f"<p>{t}</p>" for t in (
        "Failed chunk uploads are currently retried immediately and at most twice, which makes large uploads fail "
        "as soon as the storage backend throttles us for a few seconds.",
        "This merge request retries them with exponential backoff and jitter, up to six attempts, and only for "
        "errors worth retrying: timeouts, connection resets and responses with status 429 or 5xx."))
    return f"""<html><head><title>Retry failed chunk uploads with backoff (!348) · Merge requests · kestrel</title>
    </head><body><header><a href="/">GitLab</a> <a href="/explore">Explore</a></header><main>
    <h1 class="title">Retry failed chunk uploads with backoff</h1><div class="detail-page-description">
    <div class="description md">{desc}</div></div><ul class="notes main-notes-list timeline">{notes}</ul></main>
    </body></html>""".encode()


@pytest.mark.parametrize(("url", "page_type", "posts"), [
    ("https://gitlab.example/kestrel/kestrel-cli/-/merge_requests/348", "forum", 5),
    ("https://github.com/kestrel/kestrel-cli/pull/348", "forum", 5),
    ("https://bugzilla.example.org/show_bug.cgi?id=1941287", "forum", 5),
    ("https://blog.example/2025/10/retries", "article", 4),  # the same layout at no thread's address
])
def test_an_issue_trackers_address_makes_the_description_above_the_notes_the_opening_post(url, page_type, posts):
    """An issue, a pull or merge request: the article model keeps the description and none of the notes under
    it, as it would an article's and its comments. At an issue tracker's address (``/issues/N``, ``/pull/N``,
    ``/merge_requests/N``, ``show_bug.cgi``) the page is a thread, and the description its opening post."""
    doc = extract(_merge_request(), url)
    assert (doc.page_type, len(doc.posts)) == (page_type, posts)


def _forum_topic_with_comments() -> bytes:
    """A forum topic in the style of Linux.org.ru: the opening post in a box of its own under the title, then the
    replies, each named a comment (``article.msg#comment-N``)."""
    replies = "".join(
        f'<article class="msg" id="comment-{n}"><div class="msg-container"><div class="userpic"><img class="photo" '
        f'src="/avatar/{who}.png"></div><div class="msg_body"><div class="message-text"><p>{text}</p></div>'
        f'<div class="sign"><a href="/people/{who}/profile">{who}</a> <time datetime="2025-10-1{n}T10:00:00">'
        f'1{n}.10.25 10:00:00</time></div><div class="reply"><ul><li><a href="/comment-message.jsp?replyto={n}">'
        f'Reply to this message</a></li><li><a href="/forum/admin/17934512?cid={n}">Link</a></li></ul></div></div>'
        f"</div></article>"
        for n, (who, text) in enumerate([
            ("vasya", "Check the kernel changelog first: there was a change to the btrfs tree checker in that "
                      "release, and it now refuses some leaves that older kernels read without a word."),
            ("anon_admin", "Boot the old kernel and run a read-only check before you try to repair anything at all, "
                           "and make a copy of the data you care about while it still mounts."),
            ("petrov", "Same here after the update on two machines. A scrub on the old kernel found nothing, and "
                       "the mount works there, so the data itself looks fine to me."),
            ("vasya", "Then it is the new checker being stricter than the old one. Report it to the mailing list "
                      "with the whole dmesg output and the output of the read-only check."),
        ]))
    question = "".join(f"<p>{t}</p>" for t in (
        "Good afternoon. Debian 13 with a separate data disk on btrfs, mounted by UUID from fstab; yesterday a kernel "
        "update came and after the reboot the data partition no longer mounts at all.",
        "With the previous kernel from the boot menu everything mounts and works, and a scrub shows no errors. What "
        "could this be, and is it safe to keep using the disk with the old kernel for now?"))
    return f"""<html><head><title>After a kernel update the btrfs data partition does not mount</title></head>
    <body><header><a href="/">LOR</a> <a href="/forum/">Forum</a></header><main>
    <article class="msg" id="topic-17934512"><header><h1><a href="/forum/admin/17934512">After a kernel update the
    btrfs data partition does not mount</a></h1></header><div class="msg-container"><div class="msg_body">
    <div itemprop="articleBody">{question}</div><div class="sign"><a href="/people/ivan/profile">ivan</a>
    <time datetime="2025-10-09T09:00:00">09.10.25 09:00:00</time></div></div></div></article>
    <div class="comments">{replies}</div></main></body></html>""".encode()


@pytest.mark.parametrize(("url", "page_type", "posts"), [
    ("https://www.linux.org.ru/forum/admin/17934512", "forum", 5),
    ("https://blog.example/2025/10/btrfs-after-update", "article", 4),  # the same layout at no thread's address
])
def test_replies_named_comments_under_a_post_at_a_forums_address_make_it_a_thread(url, page_type, posts):
    """Replies named comments below a post make an article with its comments, but not at a forum's address
    (``/forum/<board>/<id>``): there the post above them is the topic's opening post."""
    doc = extract(_forum_topic_with_comments(), url)
    assert (doc.page_type, len(doc.posts)) == (page_type, posts)


def test_answers_a_page_does_not_declare_under_the_question_it_declares_are_its_answers():
    """Ответы Mail.ru marks its question up as a schema.org ``Question`` item and its answers as nothing: the
    declared posts are the question alone, which read as a question nobody answered; the answers the layout shows
    below it are its answers."""
    answers = [("Марина", "Это нормальное поведение для молодого кота: днём ему нечем заняться, и он копит энергию "
                          "до ночи. Играйте с ним перед сном и кормите сразу после игры."),
               ("Алексей", "Кастрирован? Если нет, то скорее всего в этом и причина, в полтора года гормоны "
                           "бушуют и никакие игрушки тут не помогут."),
               ("Ольга", "Обратите внимание ещё и на здоровье: если кот раньше спал ночью, а потом резко начал "
                         "кричать, стоит показать его ветеринару.")]
    shown = "".join(
        f'<div class="YtGX1" data-testid="answer"><div class="Ag7xs"><a class="b3rvT" href="/profile/id{n}/">{who}'
        f'</a><time class="k2cMc" datetime="2025-02-1{n}T08:17:52+03:00">1{n} февраля 2025</time></div>'
        f'<div class="ywJ8d">{text}</div><button class="Y5ZbT">Ответить</button></div>'
        for n, (who, text) in enumerate(answers))
    question = ("Коту полтора года, живём вдвоём в однушке. Днём он спит, а ночью носится по квартире, скидывает "
                "вещи со стола и орёт под дверью спальни. Как это прекратить?")
    html = (f'<html><body><main><article class="p3oNY" itemscope itemtype="https://schema.org/Question">'
            f'<h1 itemprop="name">Почему кот по ночам носится по квартире?</h1><a href="/profile/id7/" '
            f'itemprop="author">Юлия</a><time itemprop="dateCreated" datetime="2025-02-13T23:40:00+03:00">13 '
            f'февраля</time><div class="Ld62b" itemprop="text">{question}</div><div class="share">Поделиться ВК ОК'
            f'</div></article><section class="NsT2b"><h2>Ответы</h2>{shown}</section></main></body></html>')
    doc = extract(html, "https://otvet.mail.ru/question/241583067")
    assert doc.page_type == "qa"
    assert [post.text for post in doc.posts] == [question, *(text for _, text in answers)]


def test_a_named_body_holding_the_posts_title_and_byline_gives_the_text_named_inside_it():
    """Forumactif's phpBB theme writes each post's title ("Re: ...") and byline above its text in ``div.postbody``,
    the text in ``div.content clearfix``, a spacer ``div.clearfix`` and a signature under it: the descent stops at
    ``div.postbody`` (the spacer reads as the text's box in another state, so the step is not one per post); the body
    named inside it, holding most of its words, is the post's text."""
    title = "Re: Tomates qui éclatent après l'orage : arrosage ou fatalité ?"
    texts = ["Bonjour à tous, mes tomates éclatent toutes après chaque gros orage, alors qu'elles étaient belles la "
             "veille au soir. Est-ce l'arrosage, la variété ou une fatalité de l'été ? Que faire cette année ?",
             "C'est très classique : la plante pompe d'un coup beaucoup d'eau et la peau, durcie par la période "
             "sèche, n'arrive pas à suivre. Arrosez régulièrement et paillez le pied, le fruit ne fendra plus.",
             "Même chose chez moi les années passées. Le paillage de paille épaisse a tout changé depuis deux étés, "
             "et je cueille aussi un peu plus tôt quand un orage est annoncé pour la nuit.",
             "Merci à vous deux pour ces conseils, je paille ce soir même avec les tontes du gazon et je vous redis "
             "dans quinze jours si les prochaines tomates tiennent le coup après l'orage."]
    posts = "".join(
        f'<div id="p{n}" class="post row{n % 2 + 1}"><div class="inner"><div class="postbody"><ul class="profile-'
        f'icons"><li><a href="/post?p={n}&amp;mode=quote"><img src="/quote.gif" alt=""></a></li></ul><h2 class="topic-'
        f'title"><a href="/t2345-tomates#{n}">{title}</a></h2><p class="author">par <strong><a href="/u{n}">'
        f"Jardinier{n}</a></strong> Mar {n + 8} Juil 2025 - 9:47</p><div class=\"content clearfix\"><div>{text}</div>"
        f'</div><div class="clearfix"></div><div class="signature_div">Le jardin, c\'est la patience récompensée.'
        f"</div></div>"
        f'<dl class="postprofile"><dt><a href="/u{n}">Jardinier{n}</a></dt><dd>Messages : {40 + n}</dd></dl></div>'
        f"</div>" for n, text in enumerate(texts))
    doc = extract(f'<html><body><div id="page-body"><h1>{title[4:]}</h1>{posts}</div></body></html>',
                  "https://jardinage.forumactif.com/t2345-tomates-qui-eclatent")
    assert [post.text for post in doc.posts] == texts


def test_a_questions_text_named_inside_the_box_the_answers_path_reaches_is_its_body(page_bytes):
    """PieFed renders the opening post as a ``div.col-12`` holding its votes, the title, a "submitted ... by" line and
    the ``div.post_body``; the answers' path (``div.comment_body > div.col-12``) reaches that box only, and the text
    the box names is the post's body."""
    doc = extract(page_bytes("piefed_post.html"), "https://piefed.social/post/51234")
    assert doc.page_type == "forum" and len(doc.posts) == 7
    assert doc.posts[0].text.startswith("I make stock every couple of weeks") and "submitted" not in doc.posts[0].text
    assert doc.posts[0].text.endswith("What am I missing?")


def test_a_question_item_holding_the_conversation_keeps_the_replies_its_layout_shows(page_bytes):
    """JustAnswer declares the whole column a ``Question`` item, with the question's text and one ``Answer`` item
    without text; its layout shows the conversation below, the expert's answers and the customer's replies as one
    component with two BEM modifiers (``c-message--expert``, ``c-message--customer``)."""
    doc = extract(page_bytes("justanswer_conversation.html"),
                  "https://www.justanswer.com/appliance/r8kq2-bosch-dishwasher-shows-e24-water-left-bottom.html")
    assert doc.page_type == "qa" and len(doc.posts) == 6
    assert doc.posts[0].text.startswith("My Bosch dishwasher") and doc.posts[1].text.startswith("Hello, thanks")
    assert doc.posts[2].text.startswith("I found the cover")


def test_a_question_declared_by_its_opening_sentence_is_found_above_the_answers(page_bytes):
    """360问答's JSON-LD gives the question's first sentence as its ``text``; the paragraph holding it, and the one
    after it, are the question above the answers."""
    doc = extract(page_bytes("wenda360_question.html"), "https://wenda.so.com/q/1736402918305472")
    assert doc.page_type == "qa" and len(doc.posts) == 5
    opening = doc.posts[0].text
    assert opening.startswith("去年秋天从菜市场买了一小盆薄荷") and "我一般两三天浇一次水" in opening


def test_comments_written_as_a_striped_definition_list_are_the_articles_comments(page_bytes):
    """Dotclear writes each comment as a ``<dt>`` (number, date, poster) and a ``<dd>`` (the text), zebra-striped and
    marked "first" and "me" (the blog's owner): the five ``<dd>`` are one group, dated by their ``<dt>``."""
    doc = extract(page_bytes("dotclear_comments.html"), "https://carnet.example.fr/post/2025/01/12/Un-hiver-sans-chauffage")
    assert doc.page_type == "article" and doc.text.startswith("Cet hiver, j'ai décidé")
    assert [post.text[:12] for post in doc.posts] == [
        "Pour la coll", "@Lucie : mer", "Chez moi c'e", "Je travaille", "@Hervé : oui"]


def test_sections_named_comments_that_show_no_date_nor_poster_stay_the_articles_text():
    """Curated names a newsletter issue's sections of notes ``section.category.category--comment``: a group named like
    comments, on a page typed article, was taken for its comment thread and left out of its text, which kept the
    issue's date alone. Comments show when or by whom they were written; these sections show neither."""
    notes = ["Hello from a very wet Rotterdam, where I spent the week walking the new water squares in the rain.",
             "A short study of what happens when a city gives people on foot a head start of a few seconds.",
             "My own piece this week: a square that floods on purpose is a surprisingly hard thing to design well.",
             "An essay arguing that the courtyard block, long out of fashion, is coming back in mid-sized cities.",
             "A flood map that people can actually read, drawn by a city that stopped using colours for depth."]
    sections = "".join(f'<section class="category category--comment"><div class="item item--text item--comment"><div '
                       f'class="item__body"><p>{note}</p></div></div></section>' for note in notes)
    html = ('<html><head><title>Plazas that flood on purpose - Field Notes</title></head><body><article class="issue">'
            '<header><h1 class="issue__title">Plazas that flood on purpose</h1><p class="issue__date"><time datetime='
            f'"2025-10-17">October 17th, 2025</time></p></header><div class="issue__body">{sections}</div></article>'
            "</body></html>")
    doc = extract(html, "https://fieldnotes.example.com/issues/214")
    assert doc.page_type == "article" and not doc.posts
    # (the last section is still left out of the text: the article model reads a last box named a comment as one)
    assert all(note in doc.text for note in notes[:4])


def test_comments_with_ids_naming_them_comments_stay_the_articles_without_a_date_or_poster_shown():
    """Disqus's static copy of a blog's comments (Dragnet's R371): ``li#dsq-comment-N``, the poster in a ``span`` named
    by its id only and no date. A group named like comments on an article needs a date or a poster shown, or an id of
    each comment's own naming it one, to be its comment thread; these are."""
    said = ["So true! After the big networks, people cannot get enough of pictures as well as pins.",
            "That is awesome. I love the graphics too, we use the same style of shot for our own project.",
            "The same goes for the other network: the new timeline puts a focus on images and videos."]
    comments = "".join(
        f'<li id="dsq-comment-768{n}"><div id="dsq-comment-header-768{n}" class="dsq-comment-header"><cite id="dsq-'
        f'cite-768{n}"><span id="dsq-author-user-768{n}">Reader {n}</span></cite></div><div id="dsq-comment-body-768'
        f'{n}" class="dsq-comment-body"><div id="dsq-comment-message-768{n}" class="dsq-comment-message"><p>{text}</p>'
        "</div></div></li>" for n, text in enumerate(said))
    html = ("<html><head><title>How to spot a picture junkie</title></head><body><div class='post'><h1>How to spot a "
            "picture junkie</h1><p>by Jennifer on May 3, 2012</p><p><img src='/infographic.png' alt=''></p></div>"
            f"<div id='disqus_thread'><div id='dsq-content'><ul id='dsq-comments'>{comments}</ul></div></div>"
            "</body></html>")
    doc = extract(html, "https://blog.example.com/2012/05/03/how-to-spot-a-picture-junkie/")
    assert doc.page_type == "article"
    assert [post.text for post in doc.posts] == said


def test_comments_in_bare_list_items_around_a_named_box_are_the_articles_comments():
    """A WordPress theme (Dragnet's R149) writes each comment as a bare ``<li>`` around one ``div.comment``, its
    poster's name a link to their own blog, not a profile: the group of ``<li>`` was named nothing and its posters
    were not shown as users, so the comments were not taken for the article's."""
    said = ["Wonderful food! So comforting and delicious. Good luck with the storm and stay safe!",
            "It has been raining here since Saturday night, a new experience for someone from the desert.",
            "OK, which of these do I cook first? The soup looks like the right thing for a cold evening.",
            "Thinking of you all on the coast and hoping the power stays on through the night."]
    comments = "".join(
        f'<li><div class="comment {"even" if n % 2 == 0 else "odd alt"} depth-1" id="comment-23423{n}"><div class='
        f'"text"><div class="inner"><p class="info">On October 29, 2012 at {n + 2}:35am, <cite><a href="http://'
        f'blog{n}.example.com" class="url">Reader {n}</a></cite> said...</p><p>{text}</p></div></div><div class='
        f'"reply"><a class="comment-reply-link" href="?replytocom=23423{n}#respond">Reply</a></div></div></li>'
        for n, text in enumerate(said))
    body = "".join(f"<p>Paragraph {n} of the recipe post, about soups and stews to keep warm while the storm passes "
                   "over the coast this week.</p>" for n in range(8))
    html = (f"<html><head><title>Food to weather storms by</title></head><body><div class=\"post\"><h1>Food to "
            f'weather storms by</h1><div class="entry">{body}</div></div><div class="section comments" id="comments">'
            f'<h3>4 Comments</h3><ol class="comments">{comments}</ol></div></body></html>')
    doc = extract(html, "https://soupblog.example.com/2012/10/28/food-to-weather-storms-by/")
    assert doc.page_type == "article" and doc.text.startswith("Paragraph 0 of the recipe post")
    assert [post.text.rpartition("\n")[2] for post in doc.posts] == said


def test_a_work_packages_description_above_its_activity_is_the_opening_post(page_bytes):
    """OpenProject shows a work package's description above its activity tab (comments and change entries): at an
    issue tracker's address (``/work_packages/48213``, as ``/issues/N`` or Jira's ``/browse/KEY-N``), the text above the
    replies is the thread's opening post, not an article with comments."""
    doc = extract(page_bytes("openproject_work_package.html"),
                  "https://projekte.wetteraukreis-digital.de/work_packages/48213/activity")
    assert doc.page_type == "forum"
    assert "Beim Export der monatlichen Stundenzettel" in doc.posts[0].text
    assert any(post.text.startswith("Der CSV-Export hat für den Januar gereicht") for post in doc.posts)


def test_comments_with_mixed_case_hash_ids_are_one_thread(page_bytes):
    """Indie Hackers ids its comments with base-62 hashes (``comment-r6yAq9c3Bh``): the letters before the hash's first
    digit are the comment's own, so the top-level comments, each with its replies, are alike and all seven posts are
    found."""
    doc = extract(page_bytes("indiehackers_post.html"), "https://www.indiehackers.com/post/i-moved-my-saas-off-usage-"
                  "based-pricing-after-14-months-heres-what-happened-to-churn-8c1f2e9a7b")
    assert len(doc.posts) == 7 and "For a little over a year, Tallyroom charged" in doc.posts[0].text
    assert doc.posts[3].text.startswith("Counterpoint from the infra side")


def test_a_topic_above_replies_named_res_is_the_opening_post(page_bytes):
    """Hatsugen Komachi writes the topic in ``article.topicDetail`` and its replies as ``article.resItem`` (レス, "res",
    Japanese boards' word for a reply): the topic is the thread's opening post, though the replies hold most of the
    page's text."""
    doc = extract(page_bytes("komachi_topic.html"), "https://komachi.yomiuri.co.jp/topics/id/1046218/")
    assert doc.page_type == "forum" and len(doc.posts) == 8
    assert "結婚して三年目" in doc.posts[0].text and doc.posts[1].text.startswith("片道四時間で年二回")


def test_a_link_into_a_mailing_list_named_for_its_users_is_no_posters_page():
    """A mailing list's archive names the list for its users (``/groups/pebblefs-users/``, ``python-users``): the
    message's permalink and its "View source" link go there, not to the sender's page; the sender's name box is read."""
    member = etree.fromstring(
        '<li class="v-Message"><div class="v-Message-header"><span class="v-Message-fromName">Eirik Kvam</span> '
        '<a class="v-Message-date" href="https://pebblefs.topicbox.com/groups/pebblefs-users/T8a41-M3d1">Jun 2</a> '
        '<a href="https://pebblefs.topicbox.com/groups/pebblefs-users/T8a41-M3d1/raw">View source</a></div>'
        '<div class="v-Message-body">Hi all, the monthly scrub went from about 11 hours to a bit over 22.</div></li>')
    assert read_author(member, set(member[1].iter())) == "Eirik Kvam"
    member = etree.fromstring('<li><a href="/users/eirik">Eirik Kvam</a><div>Same here on 2.3.1.</div></li>')
    assert read_author(member, set(member[1].iter())) == "Eirik Kvam"
