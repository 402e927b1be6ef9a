"""A question answered once, each in a template of its own: a thread of two posts, not an article."""

from __future__ import annotations

import pytest
from lxml import etree

from scrapy_boiler import extract
from scrapy_boiler.parse.html import parse_html
from scrapy_boiler.segment.lone_reply import _names_reply
from scrapy_boiler.segment.question_above import body_inside
from scrapy_boiler.segment.text_stats import text_stats

QUESTION = ("In a microflow I loop over a list of orders and retrieve the order lines of each one over the "
            "association. For the first order this works, but for every later order the list comes back empty, "
            "although the lines are there in the database. What am I missing here?")
ANSWER = ("The before-commit event on the order line commits the order again, and the platform then serves the "
          "next order from its cached state, which has no lines yet. Move the total calculation out of the event "
          "handler and commit the changed orders once after the loop.")
NOTE = ("Answers are written by the mentors of the course and by other students. Please keep to the topic of the "
        "question, be kind to beginners, and mark the answer that solved your problem so that others who search for "
        "the same error later can find it quickly.")
COMMENT = ("Thanks, moving the calculation after the loop fixed it and the whole microflow runs much faster now "
           "than it did before.")


def _qa_page(answer_class: str, question_class: str = "question-card", comments: str = "") -> str:
    return (
        "<html><head><title>Retrieve over association returns an empty list</title></head><body>"
        '<nav><a href="/questions">Forum</a> <a href="/ideas">Ideas</a> <a href="/docs">Docs</a></nav>'
        f'<div class="content"><div class="{question_class}"><h1 class="title">Retrieve over association returns an '
        'empty list inside a loop</h1><div class="userblock"><a class="name" href="/link/profile/priya">Priya</a> '
        f'<span class="date">14 May 2025</span></div><div class="question-body richtext"><p>{QUESTION}</p></div>'
        f'{comments}</div><h2 class="answers-heading">1 answer</h2><div class="{answer_class}">'
        '<div class="userblock"><a class="name" href="/link/profile/joris">Joris</a> <span class="date">14 May '
        f'2025</span></div><div class="answer-body richtext"><p>{ANSWER}</p></div></div>'
        '<div class="login-callout"><p>Log in to answer this question.</p></div></div>'
        "<footer><a href='/legal'>Legal</a> <a href='/privacy'>Privacy</a></footer></body></html>")


def test_a_question_answered_once_is_a_thread_of_the_question_and_its_answer():
    """The question's box and the answer's are no group (one of each), so the page read as an article of the
    question; the answer named so below a question found above it makes them the thread."""
    doc = extract(_qa_page("answer-card"), "https://forum.example.com/questions/130123/retrieve-over-association")
    assert doc.page_type == "qa"
    assert [post.text for post in doc.posts] == [QUESTION, ANSWER]
    title = "Retrieve over association returns an empty list inside a loop"
    assert [(pair.question, pair.answer, pair.author) for pair in doc.qa_pairs] \
        == [(f"{title}\n{QUESTION}", ANSWER, "Joris")]


def test_a_reply_named_a_comment_needs_a_box_named_the_discussion_above_it():
    """Vanilla draws a discussion's opening post in a ``DataBox-Discussion`` and each reply as an ``ItemComment``:
    named so, the one reply below the discussion is its thread's; below a box named nothing of the kind, a comment
    is an article's (a blog's post and its reader's comment)."""
    thread = _qa_page("Item ItemComment", question_class="DataBox DataBox-Discussion")
    doc = extract(thread, "https://community.example.com/discussion/8841/retrieve-over-association")
    assert doc.page_type in {"qa", "forum"}
    assert [post.text for post in doc.posts] == [QUESTION, ANSWER]
    article = _qa_page("comment", question_class="entry")
    doc = extract(article, "https://blog.example.com/2025/05/retrieve-over-association")
    assert doc.page_type == "article"
    assert QUESTION in doc.text


def test_the_question_with_comments_of_its_own_still_opens_the_thread():
    """A comment under the question may say more than nothing: the answer, named an answer, is the reply, not the
    comment named a comment."""
    comments = (f'<ul class="comment-list"><li class="comment"><div class="comment-text">{COMMENT}</div>'
                '<a href="/link/profile/tobias">Tobias</a> <span>15 May 2025</span></li></ul>')
    doc = extract(_qa_page("answer-card", comments=comments),
                  "https://forum.example.com/questions/130123/retrieve-over-association")
    assert doc.page_type == "qa"
    assert [post.text for post in doc.posts] == [QUESTION, ANSWER]


def test_a_reply_beside_others_of_its_template_is_no_lone_reply():
    """Two replies of one template are a group of their own; the one with more words is not answered by the other."""
    page = _qa_page("answer-card").replace(
        '<div class="login-callout">', f'<div class="answer-card"><div class="userblock"><a class="name" '
        f'href="/link/profile/emma">Emma</a> <span class="date">15 May 2025</span></div><div class="answer-body '
        f'richtext"><p>{COMMENT}</p></div></div><div class="login-callout">')
    doc = extract(page, "https://forum.example.com/questions/130123/retrieve-over-association")
    assert doc.page_type == "qa"
    assert [post.text for post in doc.posts] == [QUESTION, ANSWER, COMMENT]


@pytest.mark.parametrize("url", [
    "https://community.example.com/link/questions/130123",
    # an address naming a discussion types the comments' group a thread: they still lie in the two posts
    "https://community.example.com/discussions/130123",
])
def test_comments_under_a_question_and_its_one_answer_are_neither_posts(url):
    """Mendix's forum shows three comments under the question and one under its answer, a group of four that
    outnumbers the two posts; the answer's body (``answer-card__body mx-name-htmlAnswer``) is named like the
    question's (``question-card__body``) only where it names the answer."""
    def comments(texts: list[str]) -> str:
        return '<div class="comment-list"><ul>' + "".join(
            f'<li class="comment mx-listview-item"><div class="comment__text">{text}</div><div class="comment__meta">'
            f'<a href="/link/profile/u{n}">U{n}</a> <span>14 May 2025</span></div></li>'
            for n, text in enumerate(texts)) + "</ul></div>"
    under_question = comments(["Does the order line list on the first iteration contain all of the lines?",
                               "All of them, I logged the count of the list on every single iteration.",
                               "Sounds like the orders in your list are stale after the commit in between."])
    page = ("<html><head><title>Retrieve over association returns an empty list</title></head><body><main>"
            '<div class="question-card mx-dataview"><h1>Retrieve over association returns an empty list</h1>'
            '<a class="userblock__name" href="/link/profile/priya">Priya</a> <span>14 May 2025</span>'
            f'<div class="question-card__body"><p>{QUESTION}</p></div>{under_question}</div>'
            '<h2>1 answer</h2><div class="answer-card mx-listview-item"><div class="answer-card__content">'
            '<a class="userblock__name" href="/link/profile/joris">Joris</a> <span>14 May 2025</span>'
            f'<div class="answer-card__body mx-name-htmlAnswer richtext-content"><p>{ANSWER}</p></div>'
            f'{comments([COMMENT])}</div></div></main></body></html>')
    doc = extract(page, url)
    assert doc.page_type == "qa"
    assert [post.text for post in doc.posts] == [QUESTION, ANSWER]


def test_one_comment_under_a_help_centres_community_post_is_its_reply():
    """A help centre's community post (``div.post``) and its one comment (``li.comment`` below, in a template of its
    own): at an address naming a discussion (``/community/posts/``), the post named a post before it is the opening
    post, though nothing in the comment's template is renamed for it; the box holding both is neither."""
    page = ("<html><head><title>Drive keeps files waiting to upload</title></head><body><main>"
            '<div class="community-post-container"><div class="post-container"><div class="post">'
            '<h1 class="post-title">Drive keeps files waiting to upload</h1><div class="post-header">'
            '<a href="/hc/en-us/profiles/381-Priya">Priya</a> <time datetime="2025-05-14">May 14, 2025</time></div>'
            f'<div class="post-body"><p>{QUESTION}</p></div></div><div class="post-comments"><ul class="comment-list">'
            '<li class="comment"><div class="comment-info"><a href="/hc/en-us/profiles/77-Joris">Joris</a> '
            f'<time datetime="2025-05-15">May 15, 2025</time><section class="comment-body"><p>{ANSWER}</p></section>'
            "</div></li></ul></div></div></div></main></body></html>")
    doc = extract(page, "https://support.example.com/hc/en-us/community/posts/3471822-drive-keeps-files-waiting")
    assert doc.page_type in {"qa", "forum"}
    assert [post.text for post in doc.posts][1:] == [ANSWER]
    assert QUESTION in doc.posts[0].text
    blog = extract(page, "https://blog.example.com/2025/05/drive-keeps-files-waiting")
    assert blog.page_type == "article"


def test_the_questions_body_is_found_by_the_answers_class_names_renamed_and_sorted_again():
    """Samurai Terakoya names the answer's text ``answer-card__body markdown-body`` and the question's
    ``question-card__body markdown-body``: renamed, the class names sort the other way round in a signature, and the
    question's text is that element, not the whole card with its title, status, date and the notice below it."""
    card = parse_html(
        '<html><body><article class="question-card"><span class="question-card__status">回答受付中</span><h1 class='
        '"question-card__title">form_with sends POST instead of PATCH</h1><div class="question-card__meta"><a href='
        '"/users/takenoko">takenoko</a> <span class="question-card__date">2025/06/18 22:41</span></div><div class="'
        f'question-card__body markdown-body"><p>{QUESTION}</p></div><div class="question-card__footer"><p>{NOTE}</p>'
        "</div></article></body></html>".encode()).root.find(".//article")
    body = body_inside(card, "/div.answer-card__body markdown-body#", text_stats(card))
    assert [el.get("class") for el in body] == ["question-card__body markdown-body"]


@pytest.mark.parametrize(("question_class", "body_path"), [
    ("question-content text-break", "/div.card-body#/div.answer-content mt- text-break#"),  # Doctoralia
    ("q_desc", "/div.a_desc#"),  # HiDoc: "A" for the answer, "Q" for the question
    ("question-con", "/div.replay-info#/div.answer_con replay-info-txt#"),  # Sogou Wenwen: "-" for "_"
])
def test_the_questions_body_is_found_by_its_renamed_class_where_the_rest_of_the_path_differs(question_class,
                                                                                                body_path):
    """Doctoralia's answer text is ``div.answer-content text-break mt-2`` in a ``card-body``, the question's
    ``div.question-content text-break`` with no margin class, beside its title and byline; HiDoc's are ``a_desc``
    and ``q_desc``; Sogou Wenwen's ``answer_con`` and ``question-con``. The answers' path followed from the question
    box matches nothing, but the class naming the answer's text, renamed for the question (a hyphen and an underscore
    alike), names the question's text, not the box with its title and byline."""
    card = parse_html(
        '<html><body><div class="question-box"><div class="card-body"><div class="q_head"><h1 class="title">Is jaw '
        'pain normal after a root '
        'canal?</h1><p class="byline"><span class="question-author">Anonymous</span> · 6 May 2025 · 412 views</p>'
        f'</div><div class="{question_class}"><p>{QUESTION}</p></div><div class="actions"><button>Follow</button>'
        "</div></div></div></body></html>".encode()).root.find(".//div")
    body = body_inside(card, body_path, text_stats(card))
    assert [el.get("class") for el in body] == [question_class]


@pytest.mark.parametrize("question_box", ["question-detail", "detail-q-wrap"])
def test_replies_under_the_one_answer_are_neither_posts_nor_the_thread(question_box):
    """imooc's Q&A draws the replies to an answer as ``li.reply-item``s inside the answer's box: they repeat, dated and
    signed, and score a thread of their own; but they all lie in the one answer (``div.ques-answer``), so the thread is
    the question (in a box named so, or by its letter: imooc's ``detail-q-wrap``) and that answer, and the replies
    are neither."""
    replies = "".join(
        f'<li class="reply-item" data-id="8823{n}"><a href="/u/41209{n}" class="reply-user">{who}</a><span '
        f'class="reply-content">{text}</span><div class="reply-meta"><span class="reply-time">2025-05-1{n}</span>'
        '<a href="javascript:;" class="reply-btn">回复</a></div></li>'
        for n, (who, text) in enumerate([("frontend_cabbage", "Got it, the first way fixed it for me, thanks a lot!"),
                                         ("coder_fei", "One more note: since 3.5 deep takes a number of levels, but "
                                                       "the old and new values are still the same object.")]))
    page = ("<html><head><title>Why are watch's old and new values the same?</title></head><body>"
            '<div class="nav"><a href="/">Home</a> <a href="/wenda">Q&amp;A</a></div><div class="wenda-main">'
            f'<div class="{question_box}"><div class="detail-q-title"><h1 class="js-qa-wenda-title">Why are watch\'s '
            'old and new values the same?</h1></div><div class="detail-q-info"><a href="/u/5001" class="detail-name">'
            f'asker</a> <span>2025-05-10</span></div><div class="qa-disscus rich-text"><p>{QUESTION}</p></div></div>'
            '<div class="answer-list-wrap"><div class='
            '"answer-num-tab"><em>1</em> answer</div><div class="ques-answer" id="answer-2938841"><div class='
            '"answer-con"><a href="/u/6734019" class="detail-name">mentor</a><span class="answer-time">2025-05-11'
            f'</span><div class="answer-content rich-text"><p>{ANSWER}</p></div><div class="ctrl-bar"><span class='
            '"agree-with"><em>6</em></span><span class="reply-btn">reply 2</span></div><div class="reply-con"><ul '
            f'class="reply-list">{replies}</ul></div></div></div></div></div></body></html>')
    doc = extract(page, "https://www.example.com/wenda/detail/1093527")
    assert doc.page_type == "qa"
    assert [post.text for post in doc.posts] == [QUESTION, ANSWER]


def test_a_shops_reviews_are_not_set_aside_for_the_one_question_answered_below_them():
    """A product page shows its reviews (each with its reviewer and date), then the one question a buyer asked and
    its answer: the reviews, posts of their own, are not read as the question's thread."""
    reviews = "".join(
        f'<li class="review-item"><div class="review-meta"><a href="/profile/r{n}">reviewer{n}</a> '
        f'<time datetime="2025-03-0{n}">Mar {n}, 2025</time></div><p class="review-text">{text}</p></li>'
        for n, text in enumerate([COMMENT, NOTE], start=1))
    page = ("<html><head><title>Robot vacuum R7</title></head><body><main><h1>Robot vacuum R7</h1>"
            f'<section class="reviews"><ul class="review-list">{reviews}</ul></section><section class="qna"><ul>'
            '<li class="question-item"><a href="/profile/q">asker</a> <time datetime="2025-04-01">Apr 1, 2025</time>'
            f'<p class="body-copy">{QUESTION}</p></li><li class="answer-item"><a href="/profile/a">owner</a> '
            f'<time datetime="2025-04-02">Apr 2, 2025</time><div class="answer-body"><p class="body-copy">{ANSWER}'
            "</p></div></li></ul></section></main></body></html>")
    doc = extract(page, "https://shop.example.com/site/robot-vacuum-r7/6571234.p")
    assert doc.page_type != "qa"
    assert COMMENT in doc.text + " ".join(post.text for post in doc.posts)


@pytest.mark.parametrize(("names", "reply"), [
    ("ItemComment", True), ("mx-name-htmlAnswer", True), ("answer-card", True), ("qa-reply", True),
    ("blogpost", False), ("signpost", False), ("list-answer", False), ("answer-body", False),
])
def test_a_reply_is_named_by_a_word_of_its_own_not_the_end_of_another(names, reply):
    """A reply's name starts a class name, follows a separator or starts a capitalised word in it (Vanilla's
    ``ItemComment``); the end of another word (``blogpost``) names none, nor does the box of all (``list-answer``)
    or a part of one (``answer-body``)."""
    assert _names_reply(etree.Element("div", {"class": names})) is reply
