"""Posts a page declares in JSON-LD only: a Q&A page whose answer boxes show no date and no markup is found from
its ``QAPage``, and a ``FAQPage`` (an article's own questions and answers) is no thread."""

from __future__ import annotations

import json
import re
from pathlib import Path

from scrapy_boiler import extract
from scrapy_boiler.parse.html import parse_html
from scrapy_boiler.parse.json_ld_posts import json_ld_posts
from scrapy_boiler.segment.declared_json_ld import json_ld_post_group
from scrapy_boiler.segment.text_stats import text_stats

PAGES = Path(__file__).parent.parent / "pages"
QUESTION_URL = "https://entraide-devoirs.example/question/88213"
_JSON_LD = re.compile(r'<script type="application/ld\+json">.*?</script>', re.S)


def _page() -> str:
    return (PAGES / "homework_help_question.html").read_text(encoding="utf-8")


def test_declared_question_and_answers_are_found_in_the_page():
    doc = extract(_page(), url=QUESTION_URL)
    assert doc.page_type == "qa"
    question, *answers = doc.posts
    assert question.text == ("Pourquoi la glace flotte-t-elle sur l'eau alors que c'est de l'eau ?\nMa prof de "
                             "physique dit que c'est une exception mais je ne comprends pas pourquoi le solide serait "
                             "moins dense que le liquide.")
    assert [a.author for a in answers] == ["prof_hugo", "samir.b", "capucine"]
    assert [(a.votes, a.accepted) for a in answers] == [(41, True), (12, False), (5, False)]
    assert answers[0].text.startswith("Quand l'eau gèle") and answers[0].text.endswith("la fait flotter.")
    assert len(doc.qa_pairs) == 3
    for chrome in ("Meilleure réponse", "Questions similaires", "Poser ma question", "Merci"):
        assert chrome not in doc.text


def test_the_answers_are_the_boxes_holding_the_declared_texts():
    page = parse_html(_page(), url=QUESTION_URL)
    group = json_ld_post_group(page.root, text_stats(page.root), json_ld_posts(page.json_ld))
    assert group is not None
    assert [m.get("class") for m in group.members] == ["q-card", "a-card a-card--best", "a-card", "a-card"]
    assert [b.get("class") for b in group.bodies[0]] == ["q-card__title", "q-card__body"]  # no poster, no buttons
    for bodies in group.bodies[1:]:  # the text, not the badges, poster and buttons around it
        assert [b.xpath("boolean(ancestor-or-self::div[contains(@class, 'a-card__content')])") for b in bodies] == [
            True]
    assert [d.kind for d in group.declared or ()] == ["question", "answer", "answer", "answer"]


def test_an_answer_whose_declared_text_is_cut_short_is_found_whole():
    """A site may declare only the first characters of a post (teratail cuts its answers' texts short): the answer is
    the element whose text begins as the declared text does, as far up as it holds no other post."""
    full = ("Quand l'eau gèle, ses molécules se rangent dans un réseau hexagonal tenu par des liaisons hydrogène. Ce "
            "réseau laisse beaucoup de vide entre les molécules")
    html = _page()
    start = html.index(full)
    end = html.index('"', start + len(full))
    page = parse_html(html[:start] + full[:90] + html[end:], url=QUESTION_URL)
    group = json_ld_post_group(page.root, text_stats(page.root), json_ld_posts(page.json_ld))
    assert group is not None
    assert [m.get("class") for m in group.members] == ["q-card", "a-card a-card--best", "a-card", "a-card"]
    best = " ".join(" ".join(body.itertext()) for body in group.bodies[1])
    assert "hexagonal" in best and best.rstrip().endswith("la fait flotter.")
    assert group.declared is not None and group.declared[1].accepted


def test_a_question_shown_without_its_answers_is_no_thread():
    html = _page()
    start, end = html.index('<div class="answers">'), html.index('<div class="cta-box">')
    page = parse_html(html[:start] + html[end:], url=QUESTION_URL)
    assert json_ld_post_group(page.root, text_stats(page.root), json_ld_posts(page.json_ld)) is None


def test_a_faq_declared_by_an_article_is_no_thread():
    faq = [("Combien de temps faut-il pour dessaler une morue entière ?",
            "Comptez au moins trente-six heures dans une eau froide changée toutes les huit heures environ."),
           ("Peut-on congeler la morue après l'avoir dessalée ?",
            "Oui, égouttée et bien emballée, elle se garde trois mois au congélateur sans perdre sa texture."),
           ("Quel vin servir avec une brandade de morue maison ?",
            "Un blanc sec et minéral de Provence ou du Languedoc accompagne très bien la brandade.")]
    declared = {"@context": "https://schema.org", "@type": "FAQPage", "mainEntity": [
        {"@type": "Question", "name": q, "acceptedAnswer": {"@type": "Answer", "text": a}} for q, a in faq]}
    body = "".join(f"<h3>{q}</h3><div class='faq-answer'><p>{a}</p></div>" for q, a in faq)
    html = (f'<html><head><script type="application/ld+json">{json.dumps(declared)}</script></head><body>'
            "<h1>Brandade de morue : la recette de ma grand-mère</h1>"
            "<p>La brandade se prépare la veille : la morue doit d'abord perdre son sel, puis cuire doucement avant "
            "d'être montée à l'huile d'olive et au lait chaud, comme une mayonnaise tiède.</p>"
            f"<h2>Questions fréquentes</h2>{body}</body></html>")
    assert json_ld_posts([json.dumps(declared)]) == []
    doc = extract(html, url="https://cuisine.example/brandade-de-morue")
    assert doc.page_type == "article"
    assert all(a in doc.text for _, a in faq)


def _excerpt_forum() -> str:
    """A forum declaring each post by an excerpt: the opening post's second paragraph cut short, a reply's first
    sentence; the page shows posts of a few paragraphs under bare headings of their posters."""
    opening = ["Hello everyone,",
               "I ride about twenty kilometres to work every day, mostly on bike lanes covered in broken glass and "
               "gravel, and I have had three punctures since September.",
               "Is sealant worth it on a cheap gravel bike, or should I just buy tougher tyres and be done with it?"]
    reply = ["I switched to tubeless two years ago on a similar commute and would not go back. To answer you in order:",
             "I top up the sealant every three months or so, a bit more often in summer when it dries faster.",
             "Keep a plug kit in your bag: it fixes most cuts in a minute without taking the wheel off."]
    declared = {"@context": "https://schema.org", "@type": "DiscussionForumPosting", "headline": "Tubeless or not?",
                "text": opening[1][:80] + "...", "author": {"@type": "Person", "name": "claire"},
                "comment": [{"@type": "Comment", "text": reply[0].split(".")[0] + ".",
                             "author": {"@type": "Person", "name": "manu"}}]}
    posts = "".join(f'<div><h3>{name}</h3><div class="Post-body">{"".join(f"<p>{p}</p>" for p in paragraphs)}</div>'
                    "</div><hr/>" for name, paragraphs in (("claire", opening), ("manu", reply)))
    return (f'<html><head><script type="application/ld+json">{json.dumps(declared)}</script></head><body>'
            f"<main><h1>Tubeless or not?</h1><div>{posts}</div></main></body></html>"), opening, reply


def test_posts_declared_by_excerpts_are_the_whole_posts_showing_them():
    html, opening, reply = _excerpt_forum()
    doc = extract(html, url="https://velo.example/d/1432-tubeless-or-not")
    assert [post.text for post in doc.posts] == ["\n".join(opening), "\n".join(reply)]


def test_a_forum_post_declared_alone_and_shown_is_a_thread_of_one_post():
    """A topic nobody has answered yet: the page declares its one post, and its best repeated group is the list of
    similar topics below, which is no thread."""
    text = ("I picked up an old fifty millimetre lens at a flea market last weekend. There is a faint haze across the "
            "rear group and a small spidery patch near the edge of a middle element. Is it worth opening it myself?")
    declared = {"@context": "https://schema.org", "@type": "DiscussionForumPosting", "headline": "Haze or fungus?",
                "text": text, "author": {"@type": "Person", "name": "grain"}, "datePublished": "2025-06-03"}
    similar = "".join(f'<li class="row"><a href="/topic/{n}-lens-question-number-{n}/">Another lens question number '
                      f'{n}</a> <span>By <a href="/profile/{n}-ann/">ann</a>, June {n}</span> <span>{n} replies</span>'
                      "</li>" for n in range(1, 6))
    html = (f'<html><head><script type="application/ld+json">{json.dumps(declared)}</script></head><body><main>'
            '<h1>Haze or fungus?</h1><div class="post"><aside><a href="/profile/9-grain/">grain</a> Members 214'
            '</aside>'
            f'<div class="post-content"><p>{text}</p></div></div><h2>Similar content</h2><ul>{similar}</ul>'
            "</main></body></html>")
    doc = extract(html, url="https://forum.example/topic/48213-haze-or-fungus/")
    assert doc.page_type == "forum"
    assert [post.text for post in doc.posts] == [text]


def test_a_question_shown_as_the_pages_heading_above_answers_restating_it_is_the_opening_post():
    """Brainly shows the question as the page's ``<h1>`` and declares it in a ``QAPage``; its answers, in boxes named
    answers, restate the question's figures. The first answer holds most of the question's words, yet it is an
    answer: the question is the heading above."""
    question = ("A ladder 10 m long leans against a wall. Its foot is 6 m from the wall. How high up the wall does the "
                "top of the ladder reach?")
    answers = [f"A ladder 10 m long leans against a wall with its foot 6 m from the wall: how high up the wall does "
               f"the top reach? {step} b squared is 10 squared minus 6 squared, which is 64, so b is 8 m." for step in (
                   "The ladder, the wall and the ground make a right triangle.", "Use Pythagoras.")]
    declared = {"@context": "https://schema.org", "@type": "QAPage", "mainEntity": {
        "@type": "Question", "name": question, "text": question, "answerCount": 2,
        "suggestedAnswer": [{"@type": "Answer", "text": text} for text in answers]}}
    boxes = "".join(f'<div class="answer-box js-answer"><div class="author"><a href="/app/profile/{n}">helper{n}</a>'
                    f'</div><div class="answer-text"><p>{text}</p></div></div>' for n, text in enumerate(answers))
    html = (f'<html><head><title>{question[:60]} - Homework</title><script type="application/ld+json">'
            f'{json.dumps(declared)}</script></head><body><main><h1>{question}</h1><div class="answers">{boxes}</div>'
            "</main></body></html>")
    doc = extract(html, url="https://homework.example/task/48213377")
    assert doc.page_type == "qa"
    assert [post.text for post in doc.posts] == [question, *answers]
