"""What each page of the demo site says: articles and Q&A threads, generated deterministically from their number.

The records here are the ground truth the tests check extraction against: ``Article.body_paragraphs``
is the main content of an article page; comments, related links, adverts and navigation are not.
"""

from __future__ import annotations

import datetime as dt
import random
import re
from dataclasses import dataclass

from demo_site import prose

FIRST_DAY = dt.date(2026, 11, 1)


def slugify(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:60]


def _rng(kind: str, number: int) -> random.Random:
    # str seeds are hashed with SHA-512 by random.seed: the same text on every run and platform.
    return random.Random(f"{kind}-{number}")


@dataclass(frozen=True)
class Comment:
    author: str
    date: dt.date
    text: str


@dataclass(frozen=True)
class Article:
    number: int
    headline: str
    section: str
    author: str
    date: dt.date
    standfirst: str
    paragraphs: tuple[str, ...]
    quote: str
    quote_by: str
    comments: tuple[Comment, ...]
    related: tuple[int, ...]
    layout: int

    @property
    def path(self) -> str:
        return f"/news/{self.number}-{slugify(self.headline)}.html"

    @property
    def body_paragraphs(self) -> tuple[str, ...]:
        """The article text proper, in page order (the quote is rendered between paragraphs 2 and 3)."""
        return self.paragraphs


@dataclass(frozen=True)
class Answer:
    author: str
    date: dt.date
    votes: int
    paragraphs: tuple[str, ...]
    comments: tuple[Comment, ...]
    accepted: bool


@dataclass(frozen=True)
class Thread:
    number: int
    title: str
    tags: tuple[str, ...]
    author: str
    date: dt.date
    votes: int
    paragraphs: tuple[str, ...]
    answers: tuple[Answer, ...]
    layout: int

    @property
    def path(self) -> str:
        return f"/qa/{self.number}-{slugify(self.title)}.html"


def article(number: int, total: int) -> Article:
    """Article ``number`` (1-based) of a site with ``total`` articles."""
    rng = _rng("article", number)
    topic = prose.TOPICS[rng.choice(sorted(prose.TOPICS))]
    section, subjects, headlines = topic
    town = rng.choice(prose.TOWNS)
    subject = rng.choice(subjects)
    headline = prose.fill(rng.choice(headlines), rng, town=town, subject=subject)
    body = prose.paragraphs(rng, prose.ARTICLE_SENTENCES, rng.randint(5, 8), (2, 4), town=town, subject=subject)
    # Every article names its number once, so that its text is unique on the site.
    body[0] = f"{body[0]} This is report number {number} from our {town} desk."
    comments = tuple(
        Comment(rng.choice(prose.COMMENTERS), FIRST_DAY - dt.timedelta(days=number % 300 - k),
                " ".join(prose.fill(p, rng, town=town) for p in rng.sample(prose.COMMENT_SENTENCES, rng.randint(1, 3))))
        for k in range(rng.randint(2, 6))
    )
    others = [n for n in range(1, total + 1) if n != number]
    related = tuple(rng.sample(others, min(5, len(others))))
    return Article(
        number=number,
        headline=headline,
        section=section,
        author=rng.choice(prose.PEOPLE),
        date=FIRST_DAY - dt.timedelta(days=number % 300),
        standfirst=prose.fill("Residents of {Town} have been waiting a long time for news about {subject}.", rng,
                              town=town, subject=subject),
        paragraphs=tuple(body),
        quote=rng.choice(prose.QUOTES),
        quote_by=rng.choice(prose.PEOPLE),
        comments=comments,
        related=related,
        layout=number % 3,
    )


def thread(number: int) -> Thread:
    """Q&A thread ``number`` (1-based)."""
    rng = _rng("thread", number)
    tags, title, question_pool, answer_pool = prose.QA_TOPICS[rng.choice(sorted(prose.QA_TOPICS))]
    prefix = rng.choice(("", "", "Beginner here: ", "Help please: ", "Quick question: "))
    title = f"{prefix}{title[0].lower()}{title[1:]}" if prefix else title
    question = prose.paragraphs(rng, question_pool, rng.randint(1, 2), (2, 3))
    answers = []
    for k in range(rng.randint(2, 4)):
        answers.append(Answer(
            author=rng.choice(prose.QA_USERS),
            date=FIRST_DAY - dt.timedelta(days=number % 200 - k - 1),
            votes=rng.randint(-1, 40),
            paragraphs=tuple(prose.paragraphs(rng, answer_pool, rng.randint(1, 2), (2, 3))),
            comments=tuple(Comment(rng.choice(prose.QA_USERS), FIRST_DAY, rng.choice(prose.QA_COMMENTS))
                           for _ in range(rng.randint(0, 2))),
            accepted=k == 0,
        ))
    return Thread(
        number=number,
        title=title,
        tags=tags,
        author=rng.choice(prose.QA_USERS),
        date=FIRST_DAY - dt.timedelta(days=number % 200),
        votes=rng.randint(0, 25),
        paragraphs=tuple(question),
        answers=tuple(answers),
        layout=number % 2,
    )
