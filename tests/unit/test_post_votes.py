"""A neural model's labels on a thread are read post by post: the posts of the group share one label, and the opening
post is the thread's question (``extractors/post_votes.py``, applied by :class:`CommentsApart` to the pages its thread
weights label)."""

from __future__ import annotations

from collections.abc import Callable

from neural_pages import KeepsBlocks

from scrapy_boiler.assemble import assemble
from scrapy_boiler.extractors.post_votes import vote_posts
from scrapy_boiler.extractors.router import CommentsApart
from scrapy_boiler.parse.html import parse_html

URL = "https://forum.example.org/showthread.php?t=1234"
OPENING = "Since I replaced the rear wheel"
FIRST_REPLY = "A new chain on an old cassette"
LAST_REPLY = "Thanks! The wheel came with a different cassette"


def _thread(page_bytes, keep: Callable[[str], bool], edit: Callable[[str], str] = lambda html: html):
    """forum_thread.html (three posts of 33, 31 and 19 words), changed by ``edit``, read with thread weights that
    keep what ``keep`` accepts; the article weights keep every block of ten words or more (the posts), so the page
    settles a thread."""
    model = CommentsApart(KeepsBlocks(lambda text: len(text.split()) >= 10, "articles"),
                          threads=KeepsBlocks(keep, "net"))
    page = parse_html(edit(page_bytes("forum_thread.html").decode()).encode(), url=URL)
    return assemble(page, model.label_pages([page])[0], model.name)


def test_the_posts_of_a_group_most_of_whose_words_the_model_kept_are_all_kept(page_bytes):
    doc = _thread(page_bytes, lambda text: len(text.split()) >= 25)  # the two long posts, 64 of the 83 words
    assert doc.page_type == "forum"
    assert len(doc.posts) == 3
    assert all(post.text.startswith(start) for post, start in zip(doc.posts, [OPENING, FIRST_REPLY, LAST_REPLY],
                                                                  strict=True))
    assert LAST_REPLY in doc.text
    assert "Ride more, worry less" not in doc.text and "Who is online" not in doc.text  # a signature, the footer
    voted = [block.text for block in doc.blocks if any("one label for them" in r for r in block.reasons)]
    assert len(voted) == 1 and voted[0].startswith(LAST_REPLY)


def test_what_the_model_dropped_in_two_posts_or_more_stays_out(page_bytes):
    report = "Report this post to a moderator"

    def with_report_links(html: str) -> str:  # a line under each post's text, inside its body
        return html.replace("</div>\n      </div>\n      <dl",
                            f'</div>\n        <div class="content">{report}</div>\n      </div>\n      <dl')

    doc = _thread(page_bytes, lambda text: len(text.split()) >= 25, with_report_links)
    assert len(doc.posts) == 3 and LAST_REPLY in doc.text
    assert report not in doc.text  # the posts' template, as the model read it in the posts it kept


def test_the_opening_post_the_model_missed_is_kept_as_the_question(page_bytes):
    doc = _thread(page_bytes, lambda text: text.startswith("Thanks!"))  # the last reply alone: 19 of 83 words
    assert len(doc.posts) == 2
    assert doc.posts[0].text.startswith(OPENING) and doc.posts[1].text.startswith(LAST_REPLY)
    assert doc.question.splitlines()[-1].startswith(OPENING)  # not the reply
    assert FIRST_REPLY not in doc.text  # under half the posts' words: the group keeps the model's labels
    rescued = [block.text for block in doc.blocks if any("opening post" in r for r in block.reasons)]
    assert len(rescued) == 1 and rescued[0].startswith(OPENING)


def test_a_model_that_kept_most_of_the_opening_post_and_the_posts_is_left_alone(page_bytes):
    every_post = _thread(page_bytes, lambda text: len(text.split()) >= 10)
    assert len(every_post.posts) == 3
    voted = ("opening post", "one label for them")
    assert not any(why in r for block in every_post.blocks for r in block.reasons for why in voted)


def test_pages_not_typed_thread_are_not_voted(page_bytes):
    page = parse_html(page_bytes("forum_thread.html"), url=URL)
    labels = KeepsBlocks(lambda text: False, "net").label_pages([page])[0]  # typed article, no post group
    vote_posts(labels, "net")
    assert not any(block.is_content for block in labels.blocks)


def test_a_model_without_thread_weights_reads_a_settled_thread_as_one(page_bytes):
    """A user's ``KIND:PATH`` file has one set of weights: a page ``auto`` settles as a thread is one for it too,
    with its type, posts and the votes on its own labels."""
    page = parse_html(page_bytes("forum_thread.html"), url=URL)
    own = KeepsBlocks(lambda text: len(text.split()) >= 25, "net")  # the two long posts
    settled = CommentsApart(own, settle_with=KeepsBlocks(lambda text: len(text.split()) >= 10, "auto's"))
    doc = assemble(page, settled.label_pages([page])[0], settled.name)
    assert doc.page_type == "forum" and len(doc.posts) == 3 and LAST_REPLY in doc.text
    alone = CommentsApart(own)  # nothing settles the page: the model's labels, as an article
    doc = assemble(page, alone.label_pages([page])[0], alone.name)
    assert doc.page_type == "article" and not doc.posts and LAST_REPLY not in doc.text
