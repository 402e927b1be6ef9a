"""Thread scores for corpora with gold posts (``webforum-train``, ``threads-train``): posts, question, Q&A pairs.

A predicted post *matches* a gold post when their bag-of-words F1 is at least :data:`MATCH_F1`; posts are matched
one-to-one, best pairs first. Reported, pooled over the threads of a dataset:

- post precision (matched / predicted), recall (matched / gold) and F1;
- *question found*: the question the tool states (our ``Document.question``, else its first post) matches the gold
  question (the gold's first post: title and opening post on threads-train);
- *question in text*: at least :data:`IN_TEXT_RECALL` of the gold question's words are in the tool's text, the one
  question measure a text-only tool (trafilatura with comments) can be given;
- Q&A pairs: a predicted (question, answer) pair matches a gold pair when both sides match; precision and recall
  as for posts.

Models without a thread structure of their own (``news``, ``semtext`` called by name) are scored on the posts their
content labels give: :func:`posts_from_labels` takes the page's post group and keeps, per post, the leaves the model
kept.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from scrapy_boiler.assemble.posts import build_posts
from scrapy_boiler.document import Document
from scrapy_boiler.extractors.threads.page_type import detect
from scrapy_boiler.metrics import f1_of, tokens
from scrapy_boiler.parse.html import ParseError, parse_html
from scrapy_boiler.segment.blocks import segment

#: Bag-of-words F1 at which a predicted post counts as the gold post.
MATCH_F1 = 0.5
#: Share of the gold question's words a text must hold for "question in text".
IN_TEXT_RECALL = 0.8


@dataclass
class ThreadOutput:
    """What a tool gave for one thread: its text, and its posts, question and pairs when it has a structure."""

    text: str
    posts: list[str] | None = None  #: None: a text-only tool
    question: str | None = None
    pairs: list[tuple[str, str]] | None = None


def _f1(a: Counter[str], b: Counter[str]) -> float:
    overlap = sum((a & b).values())
    if not overlap:
        return 0.0
    p, r = overlap / sum(a.values()), overlap / sum(b.values())
    return 2 * p * r / (p + r)


def _match(predicted: Sequence[Counter[str]], gold: Sequence[Counter[str]]) -> list[tuple[int, int]]:
    """One-to-one (predicted, gold) index pairs at bag-of-words F1 >= :data:`MATCH_F1`, best first."""
    candidates = []
    for i, p in enumerate(predicted):
        for j, g in enumerate(gold):
            if p and g and (score := _f1(p, g)) >= MATCH_F1:
                candidates.append((score, i, j))
    used_p: set[int] = set()
    used_g: set[int] = set()
    out = []
    for _, i, j in sorted(candidates, key=lambda c: (-c[0], c[1], c[2])):
        if i not in used_p and j not in used_g:
            used_p.add(i)
            used_g.add(j)
            out.append((i, j))
    return out


@dataclass
class PostCounts:
    """Pooled thread matches over the pages of a dataset."""

    threads: int = 0
    structured: int = 0  #: threads for which the tool gave posts
    gold: int = 0
    predicted: int = 0
    matched: int = 0
    questions: int = 0
    questions_in_text: int = 0
    gold_pairs: int = 0
    predicted_pairs: int = 0
    matched_pairs: int = 0
    missed_questions: list[str] = field(default_factory=list)  #: page ids whose question was not found

    def add(self, output: ThreadOutput, gold: Sequence[str], page_id: str = "") -> None:
        self.threads += 1
        gold_bags = [tokens(text) for text in gold]
        question_bag = gold_bags[0] if gold_bags else Counter()
        text_bag = tokens(output.text)
        if question_bag and sum((question_bag & text_bag).values()) >= IN_TEXT_RECALL * sum(question_bag.values()):
            self.questions_in_text += 1
        self.gold_pairs += max(0, len(gold) - 1)
        if output.posts is None:
            return
        self.structured += 1
        self.gold += len(gold)
        self.predicted += len(output.posts)
        self.matched += len(_match([tokens(text) for text in output.posts], gold_bags))
        question = output.question if output.question is not None else (output.posts[0] if output.posts else "")
        found = bool(question_bag) and _f1(tokens(question), question_bag) >= MATCH_F1
        self.questions += found
        if not found:
            self.missed_questions.append(page_id)
        pairs = output.pairs or []
        self.predicted_pairs += len(pairs)
        if pairs and found:
            answers = _match([tokens(answer) for _, answer in pairs], gold_bags[1:])
            self.matched_pairs += sum(1 for i, _ in answers if _f1(tokens(pairs[i][0]), question_bag) >= MATCH_F1)

    def as_dict(self) -> dict[str, object]:
        def ratio(a: int, b: int) -> float:
            return a / b if b else 0.0

        p, r = ratio(self.matched, self.predicted), ratio(self.matched, self.gold)
        pair_p, pair_r = ratio(self.matched_pairs, self.predicted_pairs), ratio(self.matched_pairs, self.gold_pairs)
        return {
            "threads": self.threads, "structured": self.structured,
            "gold_posts": self.gold, "predicted_posts": self.predicted,
            "precision": p, "recall": r, "f1": f1_of(p, r),
            "question_found": ratio(self.questions, self.structured),
            "question_in_text": ratio(self.questions_in_text, self.threads),
            "gold_pairs": self.gold_pairs, "predicted_pairs": self.predicted_pairs,
            "pair_precision": pair_p, "pair_recall": pair_r,
            "missed_questions": list(self.missed_questions),
        }


def document_output(html: bytes, url: str | None, doc: Document) -> ThreadOutput:
    """A :class:`Document` as a thread: its posts, question and pairs (posts from labels when it has none).

    The gold of both thread corpora keeps the earlier posts a reply quotes inside the reply (their READMEs list it as
    a weakness); ``Post.text`` leaves them out and ``Post.quoted`` holds them, so a post is scored with its
    quotations put back, on the gold's convention."""
    posts = ["\n".join([*post.quoted, post.text]) for post in doc.posts] or posts_from_labels(html, url, doc)
    question = doc.question or None
    quoted = {post.text: post.quoted for post in doc.posts}
    pairs = [(pair.question, "\n".join([*quoted.get(pair.answer, ()), pair.answer])) for pair in doc.qa_pairs]
    return ThreadOutput(doc.text, posts, question, pairs)


def posts_from_labels(html: bytes, url: str | None, doc: Document) -> list[str]:
    """The thread's posts as the document's content labels give them (see module docstring)."""
    if doc.posts:
        return [post.text for post in doc.posts]
    try:
        page = parse_html(html, url=url)
    except ParseError:
        return []
    decision = detect(page.root, url)
    if decision.group is None:
        return []
    leaves = segment(page.root).leaves
    content = doc.leaf_labels()
    if len(content) != len(leaves):
        return []
    return [post.text for post in build_posts(decision.group, leaves, content)]
