"""Posts a page declares in JSON-LD, found in its DOM: the question and answers of a Q&A page whose markup says
nothing of them.

Q&A sites built as single-page apps (Brainly, Quora-like sites) render each answer in a box of buttons, badges and
counters with no date, whose profile links and class names vary by site, and declare the thread in a JSON-LD
``QAPage`` instead (:mod:`~scrapy_boiler.parse.json_ld_posts`). Where the layout gives no clear group, the answers'
declared texts still tell where the posts are: :func:`json_ld_post_group` looks each text up in the DOM (the
element whose words it shares most both ways), and the post is that element's highest ancestor holding no other
post, as for posts declared in microdata (:mod:`~scrapy_boiler.segment.declared_posts`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from lxml import etree

from scrapy_boiler.parse.json_ld_posts import OPENING_CHARS, JsonLdPost
from scrapy_boiler.parse.normalize import word_bag
from scrapy_boiler.segment.declared_posts import members_of
from scrapy_boiler.segment.post_groups import MIN_MEMBERS, DeclaredPost, PostGroup, common_ancestor
from scrapy_boiler.segment.text_stats import TextStats

#: Share of the declared text's words an element must hold, and of the element's words the declared text must hold,
#: for the element to show the post.
MATCH_SHARE = 0.6
#: Declared texts shorter than this are not looked for: a one-line reply matches any line saying the same.
MIN_WORDS = 5
#: At most this many declared posts are looked up, which bounds the time a page takes (each lookup reads the
#: elements of a comparable length); a thread declaring more keeps its first ones only.
MAX_POSTS = 60
#: Children of the element showing a post with at most this many words, none of them declared, are left out of it.
CHROME_WORDS = 12


def json_ld_post_group(root: etree._Element, stats: TextStats, posts: Sequence[JsonLdPost]) -> PostGroup | None:
    """The declared posts the page shows, as a post group whose ``declared`` says what each declares; None when
    fewer than two are shown or none of them is a reply, unless the page declares one question or forum post only and
    shows it (:func:`_alone`)."""
    sized = [(el, count) for el, count in stats.words.items() if count >= MIN_WORDS]
    texts: dict[etree._Element, Counter[str]] = {}
    found: list[tuple[etree._Element, JsonLdPost]] = []
    cut_short: list[int] = []
    for post in posts[:MAX_POSTS]:
        if post.size < MIN_WORDS:
            continue
        element = _shown_at(post, sized, texts)
        if element is None:  # a declared text cut short (teratail's): the element whose text it begins
            element = _begun_by(post, sized)
        if element is not None and all(element is not el for el, _ in found):
            if post.cut_short:
                cut_short.append(len(found))
            found.append((element, post))
    shown = {el for el, _ in found}
    for index in cut_short:  # once every post is placed: as far up as it reaches no other
        element, post = found[index]
        shown.discard(element)
        element = _whole_post(element, post, shown, stats)
        shown.add(element)
        found[index] = (element, post)
    found = [(el, post) for el, post in found if not any(a in shown for a in el.iterancestors())]  # a quoted post
    whole = {el: holder for el, _ in found if (holder := _paragraphs_holder(el, shown)) is not None}
    found = [(whole.get(el, el), post) for el, post in found]
    if not _alone(found, posts) and (len(found) < MIN_MEMBERS or all(post.question for _, post in found)):
        return None
    order = {el: index for index, el in enumerate(root.iter())}
    found.sort(key=lambda pair: order[pair[0]])
    shown_at = [el for el, _ in found]
    members = members_of(shown_at, [None] * len(shown_at))
    parent = common_ancestor(members)
    if parent is None:
        parent = root
    kinds = sorted({post.kind for _, post in found})
    declared = tuple(DeclaredPost(post.kind, post.votes, post.accepted, post.date, post.author) for _, post in found)
    return PostGroup(parent, "json-ld:" + "+".join(kinds), members,
                     [[el] if el in whole.values() else _body_parts(el, post.words, texts) for el, post in found],
                     sum(stats.text_words(m) for m in members), 1.0, True, declared)


#: Elements a post's text is written in, one per paragraph.
_PARAGRAPHS = frozenset({"p", "ul", "ol", "blockquote", "pre"})


def _paragraphs_holder(element: etree._Element, shown: set[etree._Element]) -> etree._Element | None:
    """The element holding the post's paragraphs when a declared text showed one of them only (an excerpt: Flarum
    declares a reply's first sentence, or its opening post cut short after its greeting), so the post is all of
    them: a ``<p>`` among other paragraphs, in a holder showing no other post. None otherwise."""
    parent = element.getparent()
    if element.tag != "p" or parent is None or any(other in shown for other in parent.iter() if other is not element):
        return None
    paragraphs = [child for child in parent if child.tag in _PARAGRAPHS and "".join(child.itertext()).strip()]
    return parent if len(paragraphs) > 1 else None


#: Types of a thread's opening post.
_OPENING_KINDS = frozenset({"question", "discussionforumposting"})


def _alone(found: list[tuple[etree._Element, JsonLdPost]], posts: Sequence[JsonLdPost]) -> bool:
    """Whether the page declares one post only, a question or a forum post, and shows it: a thread nobody has answered
    yet, of one post (a page declaring answers it does not show is no thread: they are elsewhere)."""
    return len(found) == 1 and len(posts) == 1 and found[0][1].kind in _OPENING_KINDS


def _body_parts(shown_at: etree._Element, declared: Counter[str],
                texts: dict[etree._Element, Counter[str]]) -> list[etree._Element]:
    """The element showing a post, without its short children that say nothing declared (a question's card holds
    its title and text, and beside them its poster, tags and buttons). Longer children stay whatever they say: a
    declared text may leave out a post's code or quotes."""
    own_text = (shown_at.text or "").strip() or any((child.tail or "").strip() for child in shown_at)
    children = [child for child in shown_at if isinstance(child.tag, str)]
    if own_text or not children:
        return [shown_at]
    parts = []
    for child in children:
        words = _words_of(child, texts)
        size = sum(words.values())
        if size > CHROME_WORDS or sum((words & declared).values()) >= MATCH_SHARE * max(1, size):
            parts.append(child)
    return [shown_at] if len(parts) in (0, len(children)) else parts


def _shown_at(post: JsonLdPost, sized: list[tuple[etree._Element, int]],
              texts: dict[etree._Element, Counter[str]]) -> etree._Element | None:
    """The element whose words the post's declared text shares most both ways (the deepest on a tie), if that share
    reaches :data:`MATCH_SHARE`; only elements of a comparable length are read."""
    low, high = MATCH_SHARE * post.size, post.size / MATCH_SHARE
    total = sum(post.words.values())
    best, best_share = None, 0.0
    for el, count in sized:
        if not low <= count <= high:
            continue
        words = _words_of(el, texts)
        size = sum(words.values())
        if not size:
            continue
        shared = sum((words & post.words).values())
        share = min(shared / size, shared / total)
        if share >= MATCH_SHARE and share > best_share:  # children come first in ``sized``
            best, best_share = el, share
    return best


#: Words an element begun by a declared text cut short may hold, per declared word: the rest of the post.
CUT_SHORT_GROWTH = 10


def _begun_by(post: JsonLdPost, sized: list[tuple[etree._Element, int]]) -> etree._Element | None:
    """The smallest element whose text begins with the declared text's opening and holds at least
    :data:`MATCH_SHARE` of its words (and at most :data:`CUT_SHORT_GROWTH` times as many): where a site cuts the
    declared text short, the element showing the post holds more than it, and no other element starts as it does."""
    if len(post.opening) < OPENING_CHARS:
        return None
    low, high = MATCH_SHARE * post.size, CUT_SHORT_GROWTH * post.size
    best, best_count = None, 0
    for el, count in sized:
        if low <= count <= high and (best is None or count < best_count) and _opens_with(el, post.opening):
            best, best_count = el, count
    return best


def _whole_post(element: etree._Element, post: JsonLdPost, shown: set[etree._Element],
                stats: TextStats) -> etree._Element:
    """The largest ancestor of the smallest element a declared text cut short begins (:func:`_begun_by`) that
    still begins with it, holds no other post and at most :data:`CUT_SHORT_GROWTH` times the declared words: the
    post's whole text, of which the declared text showed its first paragraph."""
    high = CUT_SHORT_GROWTH * post.size
    for parent in element.iterancestors():
        if stats.words.get(parent, 0) > high or not _opens_with(parent, post.opening) \
                or any(other in shown for other in parent.iterdescendants()):
            break
        element = parent
    return element


def _opens_with(el: etree._Element, opening: str) -> bool:
    """Whether the element's text, white space aside, begins with ``opening`` (only its first text is read)."""
    read = ""
    for piece in el.itertext():
        read += "".join(piece.split())
        if len(read) >= len(opening):
            break
    return read.startswith(opening)


def _words_of(el: etree._Element, texts: dict[etree._Element, Counter[str]]) -> Counter[str]:
    """The element's text as a bag of words, read once per page (``texts`` keeps them)."""
    words = texts.get(el)
    if words is None:
        words = texts[el] = word_bag(" ".join(el.itertext()))
    return words
