"""Threaded discussions: replies indented under the post they answer, so the posts sit at many depths of the page."""

from __future__ import annotations

from scrapy_boiler import extract
from scrapy_boiler.parse.html import parse_html
from scrapy_boiler.segment.post_groups import find_post_group

TEXTS = [
    "Interesting article, but I miss a comparison with the other file system that I have used for snapshots for years.",
    "Mostly the parity layout, which is considered stable there, unlike the same mode in the other file system.",
    "Thanks, I only have a mirror, so I will probably keep the setup I have and not change anything for now.",
    "I would add that the licence is still the reason why the module is not part of the kernel tree itself.",
    "That is why I keep the distribution kernel on servers and skip the backported modules for the new features.",
    "Sensible. It only bit me once, when new hardware needed a newer kernel than the distribution shipped then.",
    "Nicely written for beginners. I would welcome a follow-up on encrypted datasets and on off-site backups.",
]
AUTHORS = ["petr", "jirka", "petr", "ondrej", "mimo", "ondrej", "lenka"]


def _comment(number: int, level: int, replies: str = "") -> str:
    """A Root.cz-style comment: header, title, text, actions, then a box of the replies nested in it."""
    reply = " discussion-comment--reply" if level > 1 else ""
    box = f'<div class="discussion-comment__replies">{replies}</div>' if replies else ""
    return (f'<div class="discussion-comment{reply}" id="k{2251800 + number}" data-level="{level}">'
            f'<div class="discussion-comment__header"><span class="discussion-comment__author">{AUTHORS[number]}'
            f'</span> <time datetime="2025-02-1{number}T08:00:00+01:00">1{number}. 2. 2025 08:00</time></div>'
            f'<div class="discussion-comment__title"><a href="/diskuse/nazor-{number}/">Re: snapshots</a></div>'
            f'<div class="discussion-comment__text"><p>{TEXTS[number]}</p></div>'
            f'<div class="discussion-comment__actions"><a href="/reagovat/{number}/">Reply</a></div>{box}</div>')


def test_a_top_level_comment_holding_most_replies_does_not_hide_the_next_top_level_comment():
    """Two top-level comments, the first holding five replies nested in it (two of them with replies again), the
    second alone: the first holds most of the words, yet the top-level pair is the thread, every reply its own post
    (the replies under the first comment, more evenly sized, are not the thread with the first one above them). The
    title above comments alone is the opening post, as on a link shared for discussion."""
    tree = (_comment(0, 1, _comment(1, 2, _comment(2, 3)) + _comment(3, 2, _comment(4, 3, _comment(5, 4))))
            + _comment(6, 1))
    page = ("<html><head><title>Discussion: file systems on a home server</title></head><body>"
            "<h1>Discussion: file systems on a home server</h1>"
            f'<div class="discussion">{tree}</div></body></html>')
    doc = extract(page, "https://forum.example/diskuse/file-systems-on-a-home-server/")
    assert [post.text for post in doc.posts] == ["Discussion: file systems on a home server", *TEXTS]
    assert [post.author for post in doc.posts[1:]] == AUTHORS


def _message(number: int, user: str, root: bool = False) -> str:
    """A SELFHTML-style message: ``article.cf-thread-message`` (the first one marked ``-root`` too)."""
    marks = "cf-thread-message cf-thread-message-root" if root else "cf-thread-message"
    return (f'<article class="{marks}" id="m{number}"><header><h3><a href="#m{number}">Re: anchors</a></h3>'
            f'<span class="author"><a href="/users/{user}">{user}</a></span> '
            f'<time datetime="2025-03-04T1{number}:00:00+01:00">04.03.25, 1{number}:00</time></header>'
            f'<div class="cf-posting-content"><p>{TEXTS[number]}</p></div>'
            f'<div class="posting-footer"><a href="/m{number}/new">Reply</a></div></article>')


def test_messages_each_followed_by_the_list_of_its_replies_are_one_thread():
    """SELFHTML's nested view: each message is followed by an ``<ol>`` of the replies to it, each in a bare ``<li>``;
    only the second reply's list holds two of them, one of which holds the other three in its list: the messages are
    found across levels (the first one's extra class name too), in page order."""
    def item(number: int, replies: str = "") -> str:
        listed = f'<ol class="cf-thread-list">{replies}</ol>' if replies else ""
        return f"<li>{_message(number, AUTHORS[number], root=number == 0)}{listed}</li>"
    tree = item(0, item(1, item(2, item(3, item(4))) + item(5)))
    page = ("<html><head><title>Sticky header hides anchors - SELFHTML Forum</title></head><body><main>"
            "<h1>Sticky header hides anchors</h1>"
            f'<ol class="cf-thread-list cf-thread-nested">{tree}</ol></main></body></html>')
    doc = extract(page, "https://forum.example/self/2025/mar/04/sticky-header-hides-anchors/1890400")
    assert doc.page_type == "forum"
    assert [post.text for post in doc.posts] == TEXTS[:6]
    assert [post.author for post in doc.posts] == AUTHORS[:6]


def test_header_and_body_rows_indented_under_the_post_they_answer_are_one_thread():
    """AbcLinuxu's discussions: each post is a header row (a link to the poster's page under ``/lide/``, Czech for
    "people", or an anonymous poster's name in ``span.ds_autor``) and a body row, then a ``div.ds_odsazeni`` (an
    indent) holding the replies; the header rows carry a modifier over the question and over the solving answer."""
    def post(number: int, replies: str = "", modifier: str = "") -> str:
        poster = (f'<span class="ds_autor ds_autor_anonym">{AUTHORS[number]}</span>' if number == 4
                  else f'<a href="/lide/{AUTHORS[number]}" class="ds_autor">{AUTHORS[number]}</a>')
        indent = f'<div class="ds_odsazeni">{replies}</div>' if replies else ""
        return (f'<div class="ds_hlavicka{modifier}" id="{number}">{poster} | 1{number}.2.2024 18:4{number} | '
                f'<a href="#{number}">Link</a></div><div class="ds_text" id="text-{number}"><p>{TEXTS[number]}</p>'
                f"</div>{indent}")
    tree = post(0, post(1, post(2, post(3, modifier=" ds_hlavicka_reseni"))) + post(4, post(5)), " ds_hlavicka_dotaz")
    page = ("<html><head><title>Printer stopped after the upgrade - Poradna</title></head><body>"
            f'<h1 class="st_nadpis">Printer stopped after the upgrade</h1><div class="ds">{tree}</div></body></html>')
    doc = extract(page, "https://forum.example/poradna/linux/show/512978")
    assert [post.text for post in doc.posts] == TEXTS[:6]
    assert [post.author for post in doc.posts] == AUTHORS[:6]


def test_comments_in_indent_wrappers_with_their_replies_after_them_are_the_comment_thread():
    """Coral's comment stream: each comment sits in a ``div.coral-indent-<level>`` wrapper, the replies to it in a
    ``div.coral-reply-list`` after it, each in a deeper indent wrapper; under an article, they are its comments."""
    def comment(number: int, level: int, replies: str = "") -> str:
        listed = f'<div class="coral coral-reply-list">{replies}</div>' if replies else ""
        return (f'<div class="coral coral-indent coral-indent-{level}"><div role="article" class="coral '
                f'coral-comment coral-comment-c{number}" id="comment-c{number}"><div class="coral-comment-topBar">'
                f'<time datetime="2025-04-16T1{number}:00:00Z">{number + 1} hours ago</time></div><div class="coral '
                f'coral-content coral-comment-content"><p>{TEXTS[number]}</p></div></div>{listed}</div>')
    stream = comment(0, 0, comment(1, 1) + comment(2, 1)) + comment(3, 0) + comment(4, 0, comment(5, 1))
    body = " ".join(["The council voted five to four on Tuesday night to build protected bike lanes along the"
                     " harbour street, removing seventy parking spaces between the bridge and the market."] * 3)
    page = ("<html><head><title>Council backs bike lanes - Tribune</title></head><body><article>"
            f"<h1>Council backs bike lanes</h1><div class='article-body'><p>{body}</p><p>{body}</p></div></article>"
            f'<section id="comments"><div class="coral coral-comments">{stream}</div></section></body></html>')
    doc = extract(page, "https://news.example/local/council-backs-bike-lanes/article_7f3c2a90.html")
    assert doc.page_type == "article"
    assert [post.text for post in doc.posts] == TEXTS[:6]


def test_a_threaded_list_in_a_sidebar_is_not_the_thread():
    """A sidebar's tree of recent replies, each followed by the box of the replies to it, is left out as the sibling
    groups in a sidebar are: the posts are the page's own, though fewer words."""
    def reply(number: int, replies: str = "") -> str:
        listed = f'<div class="reply-list">{replies}</div>' if replies else ""
        return (f'<div class="recent-comment" id="rc{number}"><time datetime="2025-04-1{number}">Apr 1{number}'
                f"</time> {TEXTS[number]} {TEXTS[number]}</div>{listed}")
    side = reply(0, reply(1, reply(2)) + reply(3)) + reply(4, reply(5))
    posts = "".join(f'<div class="post" id="post-{n}"><a href="/users/{user}">{user}</a> <time>Mar {n + 1}, 2025'
                    f"</time><p>{text}</p></div>" for n, (user, text) in enumerate([
                        ("ana", "The boiler loses pressure overnight, about half a bar, and no radiator is wet."),
                        ("ben", "Check the expansion vessel's charge with the system drained: it may be flat."),
                        ("ana", "It was flat; pumped to one bar and the pressure has held for three days now.")]))
    page = parse_html("<html><body><main><h1>Boiler loses pressure</h1><div class='posts'>" + posts + "</div></main>"
                      f"<aside class='sidebar'><h2>Recent replies</h2>{side}</aside></body></html>")
    group = find_post_group(page.root)
    assert group is not None and [member.get("id") for member in group.members] == ["post-0", "post-1", "post-2"]
