"""Threads of one or two posts (written pages): a list of other threads under a post of its own is no group of
posts, and a post answered once keeps its one comment apart."""

from __future__ import annotations

import pytest

from scrapy_boiler import extract
from scrapy_boiler.extractors.threads.thread_title import classes_half_carry
from scrapy_boiler.parse.html import parse_html
from scrapy_boiler.segment.post_marks import has_date_text
from scrapy_boiler.segment.teasers import is_teaser

OPENING_POST = (
    "Last weekend I cleaned the filter far more thoroughly than usual, and since then the nitrite reading has climbed "
    "every day. The fish still eat and swim normally, but I would like to know whether a large water change now "
    "helps or only delays the problem. I have not added new fish or changed the food.")

TOPICS = [
    ("Nitrite rises after a water change: measuring error?", "Fadenalge", "12 Jun 2025, 08:13", 7),
    ("Filter sponges: how often and with what to clean them?", "Guppyfan", "18 Feb 2025, 21:30", 14),
    ("Corydoras keep swimming up to the surface", "Moosball", "9 Aug 2025, 14:55", 5),
    ("Seeded filter media from a neighbour: worth it?", "Schwerttraeger", "6 Nov 2024, 17:40", 9),
]


def _topic_row(title: str, poster: str, when: str, replies: int, number: int) -> str:
    return (f'<li class="row"><dl class="row-item"><dt><div class="list-inner">'
            f'<a href="./viewtopic.php?t={number}" class="topictitle">{title}</a><br/>'
            f'<div>by <a href="./memberlist.php?mode=viewprofile&amp;u={number}" class="username">{poster}</a>'
            f' &raquo; {when} &raquo; in <a href="./viewforum.php?f=3">Water chemistry</a></div></div></dt>'
            f'<dd class="posts">{replies} Replies</dd><dd class="views">{40 * replies} Views</dd>'
            f'<dd class="lastpost"><span>Last post by <a href="./memberlist.php?mode=viewprofile&amp;u=7">Wurzel</a>'
            f'<br/>{when}</span></dd></dl></li>')


def _one_post_topic() -> str:
    rows = "".join(_topic_row(*topic, 22000 + index) for index, topic in enumerate(TOPICS))
    return (
        "<html><head><title>Nitrite peak after cleaning the filter - Aquarium Forum</title></head><body>"
        '<div id="page-body"><h2 class="topic-title"><a href="./viewtopic.php?t=22100">Nitrite peak after cleaning '
        'the filter</a></h2><div id="p1" class="post has-profile bg2"><div class="inner">'
        '<dl class="postprofile"><dt><a href="./memberlist.php?mode=viewprofile&amp;u=5" class="username">Jana</a>'
        '</dt><dd>Posts: 12</dd></dl><div class="postbody"><h3><a href="#p1">Nitrite peak after cleaning the filter'
        '</a></h3><p class="author">by <a href="./memberlist.php?mode=viewprofile&amp;u=5">Jana</a> &raquo; '
        f'2 Nov 2025, 18:41</p><div class="content">{OPENING_POST}</div></div></div></div>'
        '<div class="forabg similar-topics"><ul class="topiclist"><li class="header">Similar topics</li></ul>'
        f'<ul class="topiclist topics">{rows}</ul></div></div></body></html>')


def test_a_topic_of_one_post_above_a_list_of_similar_topics_is_that_post_alone():
    doc = extract(_one_post_topic(), "https://aquarium.example/forum/viewtopic.php?t=22100")
    assert not doc.posts
    assert OPENING_POST in doc.text
    assert not any(title in doc.text for title, *_ in TOPICS)


def _member(html: str):
    return parse_html(f"<html><body><ul>{html}</ul></body></html>").root.find(".//li")


@pytest.mark.parametrize(("html", "teaser"), [
    (_topic_row(*TOPICS[0], 1), True),
    # a reply's title links to the reply itself, within the page
    ('<li><a href="#p2">Re: Nitrite peak after cleaning the filter</a> <span>2 Nov 2025</span> Thanks!</li>', False),
    # a mailing list's message: its subject links to its own page, its text says something
    ('<li><a href="/msg/123">Re: Nitrite peak after cleaning the filter</a><p>I had the same last spring; it '
     'settled after a week of small daily water changes and no feeding for two days.</p></li>', False),
    # a comment's permalink reads as a date
    ('<li><a href="/u/ann">ann</a> <a href="/item?id=9">3 hours ago</a> Same here.</li>', False),
    # a commenter's name linking to their blog, above the comment in a box of its own
    ('<li><a href="https://kristy.example" rel="external nofollow" class="url">Kristy @ Kristy\'s Health Revolution'
     '</a> <span>November 12, 2012 at 10:31 am</span></li>', False),
    # a box opening with words of its own
    ('<li>Posted in reply to <a href="/t/9">the earlier question about filters</a></li>', False),
])
def test_a_teaser_opens_with_a_title_linking_to_another_page_and_says_little_else(html, teaser):
    assert is_teaser(_member(html)) is teaser


POST = ("Nach knapp drei Jahren auf einem Raspberry Pi ist meine Nextcloud letzte Woche auf einen gebrauchten Mini-PC "
        "umgezogen. Die Datenbank ging zuerst, danach die Dateien per rsync, und der Stromverbrauch liegt im Leerlauf "
        "bei etwa sieben Watt. Der Unterschied ist enorm, die Vorschaubilder laden jetzt fast sofort.")
COMMENT = ("Guter Bericht, danke! Richte direkt Redis für das File Locking ein, gerade bei vielen kleinen Dateien "
           "merkt man den Unterschied.")


def _post_answered(comments: int) -> str:
    items = "".join(
        f'<li class="comment"><article id="comment-{n}" class="comment-node"><div class="small">'
        f'<a class="person-listing" href="/u/reader{n}">reader{n}</a> <span>vor {n} Stunden</span></div>'
        f'<div class="md-div"><p>{COMMENT}</p></div></article></li>' for n in range(1, comments + 1))
    return ('<html><body><main><article class="post-listing"><h1>Nextcloud umgezogen</h1><div class="small">'
            '<a href="/u/kaffee">kaffee</a> <span>vor 6 Stunden</span></div><div id="postContent" class="md-div">'
            f'<p>{POST}</p></div></article><div class="comments"><ul class="comments">{items}</ul></div></main>'
            '<aside><p>Gemeinschaft für alle, die zu Hause Server und Bastelprojekte betreiben.</p></aside>'
            "</body></html>")


def test_a_post_answered_once_is_a_thread_of_two_posts_as_one_answered_twice():
    """At a link aggregator's post address (``/post/21983417``, a discussion's), the post named a post above its one
    comment opens the thread, as it does above two: the page's shape does not flip with the number of comments."""
    doc = extract(_post_answered(1), "https://feddit.example/post/21983417")
    assert doc.page_type == "forum"
    assert [(post.author, post.text) for post in doc.posts] == [("kaffee", POST), ("reader1", COMMENT)]


def test_a_post_answered_twice_is_a_thread():
    doc = extract(_post_answered(2), "https://feddit.example/post/21983417")
    assert doc.page_type == "forum"
    assert [post.text for post in doc.posts] == [POST, COMMENT, COMMENT]


ISSUE = ("After reloading a style through the admin endpoint, the server keeps returning tiles rendered with the old "
         "style for as long as the Redis cache keeps them; with the memory cache the reload works at once.")
ANSWER = ("Yes, the cache key leaves out the style's revision, so the Redis entries outlive the reload. Adding the "
          "revision to the key fixes it; I will open a pull request this week.")


def test_an_issue_answered_once_keeps_its_comment_whose_poster_links_by_a_user_card():
    """GitHub links a commenter as ``/lenapark``, which names no user page; its hover card says it is a user's."""
    html = ('<html><body><main><h1>Stale tiles after a style reload</h1><div class="issue-body"><p>' + ISSUE
            + '</p></div><div class="timeline"><div class="row">mk added the bug label</div>'
            '<div class="react-issue-comment" id="issuecomment-3467128731"><div class="header">'
            '<a href="/lenapark" data-hovercard-type="user" data-hovercard-url="/users/lenapark/hovercard">lenapark</a>'
            ' <a href="#issuecomment-3467128731"><relative-time datetime="2025-10-30T12:21:56Z">on Oct 30, 2025'
            f'</relative-time></a></div><div class="comment-body"><p>{ANSWER}</p></div></div></div></main>'
            "</body></html>")
    doc = extract(html, "https://github.com/fernbrook/tileserver-rs/issues/812")
    assert ISSUE in doc.text and ANSWER not in doc.text
    assert [(post.author, post.text) for post in doc.posts] == [("lenapark", ANSWER)]


BLOG_POST = "".join(f"<p>Paragraph {n} of a post about editorial guidelines for a blog: what gets published, how "
                    "sources are credited and when an old post is corrected.</p>" for n in range(6))
BLOG_COMMENT = ("This list is inspiring, and your example is pushing me to do something with my own blog, which lies "
                "sad and abandoned for now.")


@pytest.mark.parametrize("poster", [
    '<p class="comment-meta">by <a href="https://reader.example.net" rel="external nofollow ugc" class="url">Gianluca'
    "</a> on November 8, 2010 at 4:14 pm</p>",  # WordPress's link to a commenter's own site
    '<div class="comment-author vcard"><span class="authorname">Ted Wilson</span></div><div class="comment-meta">'
    "October 14th, 2012 at 4:51 pm</div>",  # a theme's name of the commenter, linked to nothing
])
def test_a_blog_post_commented_once_keeps_its_comment_whose_poster_links_to_no_profile(poster):
    """Dragnet's 488 and R134: the one comment under a blog post names its poster by a link to their own site, or in
    a ``span.authorname``; neither was read as showing a poster, and the lone comment was left in no thread."""
    html = (f'<html><body><div class="post"><h1>Editorial guidelines for this blog</h1>{BLOG_POST}</div><div class='
            f'"post-comments" id="comments"><h2>One comment</h2><div class="comment even thread-even depth-1" id='
            f'"comment-15"><div class="comment-body"><p>{BLOG_COMMENT}</p>{poster}</div></div></div></body></html>')
    doc = extract(html, "https://blog.example.com/blog/14/editorial-guidelines-for-this-blog")
    assert BLOG_COMMENT not in doc.text and doc.text.startswith("Paragraph 0")
    assert [post.text for post in doc.posts] == [BLOG_COMMENT]


@pytest.mark.parametrize(("text", "is_date"), [
    ("1w", True), ("3d", True), ("5h", True), (" 2mo ", True), ("1yr", True), ("12 min", True),
    ("5 km", False), ("4x4", False), ("Top 10", False), ("3D", False),  # a print, not three days
])
def test_how_long_ago_written_short_and_alone_is_a_date(text, is_date):
    """LinkedIn, X and Mastodon date a comment "1w" or "5h", alone in its element."""
    assert has_date_text(text) is is_date


def test_comments_dated_how_long_ago_written_short_are_an_articles_comments():
    comments = "".join(
        f'<section class="comment"><a class="comment__author" href="https://www.example.com/in/reader-{n}">Reader {n}'
        f'</a><span class="comment__duration-since">{n}w</span><p class="comment__text">{text}</p></section>'
        for n, text in enumerate([
            "We went through the same thing with a two o'clock cut-off, and the error curve looked just like yours.",
            "Did you measure how long the pickers waited at the packing stations once the new batches started?",
            "Great write-up. Sharing this with our operations team, who have argued about cut-offs for a year.",
        ], 1))
    article = "".join(f"<p>{line}</p>" for line in [
        "When we moved our order cut-off from four to two in the afternoon, we expected fewer late trucks and calmer "
        "evenings in the warehouse, and that is what we got in the first week.",
        "What we did not expect was the shape of the mistakes: most mis-picks now fall in the last hour before the "
        "cut-off, when the pickers rush to clear the queue.",
        "So we split the last hour into two smaller waves, and the mis-picks went back to where they were before."])
    html = (f"<html><body><main><article><h1>What a two o'clock cut-off taught us</h1>{article}</article>"
            f'<section class="comments"><h2>3 Comments</h2>{comments}</section></main></body></html>')
    doc = extract(html, "https://www.example.com/pulse/cut-off-taught-us")
    assert doc.page_type == "article" and "two smaller waves" in doc.text and "Reader" not in doc.text
    assert len(doc.posts) == 3 and doc.posts[0].text.startswith("We went through the same thing")


def test_a_forums_page_for_browsers_without_scripts_signs_its_posts_in_a_heading():
    """Flarum serves browsers without scripts its posts in a ``<noscript>``, each ``<div><h3>poster</h3><div
    class="Post-body">`` with no date nor link to the poster: the headings name who wrote each post, and the page is a
    thread of its posts."""
    said = ["After the update the nightly job sends nothing, though the cron container runs.",
            "Run the migrations by hand: the new image runs them only when the container may write to the database.",
            "That was it, three migrations were pending and the invoices went out.",
            "Same problem here, and the same fix worked for me as well, thank you both.",
            "Is there a reason the migrations did not run on their own after the update?",
            "An old compose file that overrides the start script: compare yours with the current one."]
    posters = ["tomaszr", "ninja_mod", "tomaszr", "lena.k", "greg_ops", "ninja_mod"]
    posts = "<hr>".join(f'<div><h3>{who}</h3><div class="Post-body"><p>{text}</p></div></div>'
                        for who, text in zip(posters, said, strict=True))
    page = (f'<html><body><main><noscript id="flarum-content"><div class="container"><h1>Recurring invoices '
            f'stopped sending</h1><div>{posts}</div></div></noscript></main></body></html>')
    doc = extract(page, "https://forum.example.com/d/19874-recurring-invoices-stopped-sending")
    assert doc.page_type in ("forum", "qa")
    assert [post.text for post in doc.posts] == said
    # an article's sections, each under a heading of a word or three over a body named so, name each another thing
    sections = "".join(f'<div><h3>{heading}</h3><div class="section-content"><p>{text}</p></div></div>'
                       for heading, text in zip(["Overview", "Symptoms and causes", "Diagnosis", "Treatment",
                                                 "Prevention", "Outlook"], said, strict=True))
    doc = extract(f"<html><body><main><h1>Shin splints</h1>{sections}</main></body></html>",
                  "https://health.example.org/diseases/shin-splints")
    assert doc.page_type == "article"



def test_float_clearing_classes_name_no_template_of_the_posts():
    """IP.Board 3 gives its posts, its thread's header and its "16 replies to this topic" line the same ``clear
    clearfix`` classes: classes that lay boxes out name no template of the posts, so text above the posts in a box
    carrying them is not read as written in a post's body (an opening post of its own)."""
    root = parse_html("<html><body>" + "".join(
        f"<div class='post_block hentry clear clearfix'><div class='post entry-content'>Post {n}</div></div>"
        for n in range(4)) + "</body></html>").root
    sets = [[post, *post.iterdescendants()] for post in root.iter() if "post_block" in (post.get("class") or "")]
    assert classes_half_carry(sets, len(sets)) == {"post_block", "hentry", "post", "entry-content"}
