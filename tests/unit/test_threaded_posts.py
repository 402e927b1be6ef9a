"""Threaded discussions: replies indented under the post they answer, so the posts sit at many depths of the page."""

from __future__ import annotations

from scrapy_boiler import extract

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
