"""A neural article model asked for by name leaves an article's comments out of its text, as ``auto`` does
(``extractors/router.py``, :class:`CommentsApart`)."""

from __future__ import annotations

from collections.abc import Sequence

from neural_pages import KeepsBlocks

from scrapy_boiler.assemble import assemble
from scrapy_boiler.extractors.base import PageLabels
from scrapy_boiler.extractors.router import CommentsApart
from scrapy_boiler.parse.html import ParsedPage, parse_html
from scrapy_boiler.segment.blocks import annotate, segment

URL = "https://breadblog.example/2019/03/easy-overnight-bread/"


def keeps_prose() -> KeepsBlocks:
    """Stands for a network that reads comments as prose: every block of ten words or more is content."""
    return KeepsBlocks(lambda text: len(text.split()) >= 10, "keeps-prose")


def _document(model, html: bytes, url: str = URL):
    page = parse_html(html, url=url)
    return assemble(page, model.label_pages([page])[0], model.name)


def test_the_comments_go_to_posts_and_the_article_stays(page_bytes):
    html = page_bytes("blog_with_comments.html")
    alone = _document(keeps_prose(), html)
    assert "whole wheat" in alone.text and not alone.posts  # the model alone keeps the comments in the text
    doc = _document(CommentsApart(keeps_prose()), html)
    assert doc.model == "keeps-prose" and doc.page_type == "article"
    assert "Bake it in the pot for 30 minutes" in doc.text and "whole wheat" not in doc.text
    assert [post.author for post in doc.posts] == ["Maria", "Tom Becker", "Anna", "Jules", "Sourdough Sam", "Priya"]
    left_out = [block for block in doc.blocks if any("an article's comments" in r for r in block.reasons)]
    assert len(left_out) == 6


def test_a_thread_keeps_the_models_labels(page_bytes):
    # a Lemmy post: typed a forum, its replies named comments (li.comment); the named model was asked for
    html = page_bytes("lemmy_post.html")
    url = "https://lemmy.world/post/11223344"
    alone, apart = _document(keeps_prose(), html, url), _document(CommentsApart(keeps_prose()), html, url)
    assert apart.page_type == "article" and apart.text == alone.text and not apart.posts


class KeepsNothing:
    """Stands for a model trained for threads that reads nothing as content, so that which model labelled a page
    shows in its text."""

    name = "keeps-prose"

    def __init__(self) -> None:
        self.seen: list[str | None] = []

    def label_pages(self, pages: Sequence[ParsedPage]) -> list[PageLabels]:
        self.seen += [page.url for page in pages]
        out = []
        for page in pages:
            seg = segment(page.root)
            annotate(seg.blocks)
            out.append(PageLabels(seg.leaves, seg.blocks, runs=seg.runs))
        return out


def test_a_thread_goes_to_the_familys_thread_model_with_its_type_and_posts(page_bytes):
    threads = KeepsNothing()
    url = "https://forum.example.org/showthread.php?t=1234"
    doc = _document(CommentsApart(keeps_prose(), threads=threads), page_bytes("forum_thread.html"), url)
    assert threads.seen == [url]
    assert doc.page_type == "forum" and doc.page_type_score is not None and doc.page_type_score > 0.5
    # the thread model's labels, not the article model's: of the three posts, only the opening post, which the
    # thread is about (extractors/post_votes.py)
    assert doc.text.startswith("Since I replaced the rear wheel") and len(doc.posts) == 1


def test_an_article_stays_with_the_article_model_when_a_thread_model_is_there(page_bytes):
    threads = KeepsNothing()
    doc = _document(CommentsApart(keeps_prose(), threads=threads), page_bytes("blog_with_comments.html"))
    assert threads.seen == [] and doc.page_type == "article"
    assert "Bake it in the pot for 30 minutes" in doc.text and "whole wheat" not in doc.text


def test_a_thread_is_settled_on_the_text_of_the_model_given_to_settle_it(page_bytes):
    """With ``settle_with`` (``auto``'s article model, for ``semtext`` and ``web2text``), that model's text, not the
    article weights', says whether a page typed thread stays one: every model then gives a page ``auto``'s type."""
    url = "https://forum.example.org/showthread.php?t=1234"
    notice = ("<p>The workshop evenings move to Thursdays from May: bring your own bike, the club provides stands, "
              "tools and tea, and a mechanic answers questions about wheels, gears and brakes from seven to nine.</p>")
    html = page_bytes("forum_thread.html").replace(b'<div class="forum-stats">',
                                                    notice.encode() + b'<div class="forum-stats">')
    outside = KeepsBlocks(lambda text: "workshop evenings" in text, "outside-posts")  # a notice below the posts
    threads = KeepsNothing()
    doc = _document(CommentsApart(keeps_prose(), threads=threads, settle_with=outside), html, url)
    assert threads.seen == [] and doc.page_type == "article"  # the settling model's text lies outside the posts
    inside = KeepsBlocks(lambda text: "cassette" in text, "in-posts")
    doc = _document(CommentsApart(KeepsBlocks(lambda text: False, "keeps-nothing"), threads=threads,
                                  settle_with=inside), html, url)
    assert threads.seen == [url] and doc.page_type == "forum"  # though the article weights kept nothing
