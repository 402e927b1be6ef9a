"""The thread's title where it repeats above the replies: the opening post of a thread starts there.

A thread repeats its ``<title>`` (without the site's name) at the top of its opening post; a link shared for
discussion shows only that title, with the site the link goes to after it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from lxml import etree

from scrapy_boiler.parse.html import ParsedPage
from scrapy_boiler.parse.normalize import collapse_spaces, comparable, title_parts
from scrapy_boiler.parse.urls import join_url, split_url
from scrapy_boiler.segment.blocks import TextBlock
from scrapy_boiler.segment.post_bodies import MIN_POST_WORDS
from scrapy_boiler.segment.post_groups import PostGroup
from scrapy_boiler.segment.signatures import class_tokens

#: A piece of the ``<title>`` with at least this many words can be the thread's title (see :func:`from_title`),
#: and so can the title without its first or last piece with at least :data:`TITLE_END_WORDS` (not a lone site name).
TITLE_PIECE_WORDS = 3
TITLE_END_WORDS = 2
#: Words a heading may add after the title (``How we built it (example.com)``, ``... was created by ann``) and still
#: repeat it.
TITLE_NOTE_WORDS = 4
#: A title of this many words that a block starts with is that block's first words, cut (CareerCup's questions).
CUT_TITLE_WORDS = 6


def page_titles(page: ParsedPage) -> tuple[str, str]:
    """The page's ``<title>`` and the title it gives for sharing (``og:title``, else ``twitter:title``)."""
    return page.title, page.meta.get("og:title") or page.meta.get("twitter:title") or ""


def page_address(page: ParsedPage) -> str | None:
    """The page's URL, else the address it declares for itself (``<link rel=canonical>``, ``og:url``): a page read
    from a file is typed by its URL as a fetched one is (``/comments/``, ``/thread/``)."""
    if page.url:
        return page.url
    for declared in (page.links.get("canonical"), page.meta.get("og:url")):
        parts = split_url(declared)
        if parts is not None and parts.scheme in ("http", "https"):
            return declared
    return None


def titled(member: etree._Element, blocks: Sequence[TextBlock], forms: set[str]) -> bool:
    """Whether a block inside ``member`` repeats the page's title."""
    inside = set(member.iter())
    return any(block.element in inside and repeats(comparable(block.text), forms) for block in blocks)


def title_forms(title: str, shared: str = "") -> set[str]:
    """The comparable forms a heading repeating the page's ``<title>`` may take: the whole title, the title
    without the site's name at one end, a piece of it of several words, or its first piece when the title the page
    shares (``shared``) starts with that piece too (two sources agree it is the thread's title, not a site name)."""
    parts = title_parts(title)
    pieces = [" ".join(parts[:-1]), " ".join(parts[1:])]
    pieces = [piece for piece in pieces if len(piece.split()) >= TITLE_END_WORDS]
    pieces += [part for part in parts if len(part.split()) >= TITLE_PIECE_WORDS]
    if len(parts) > 1 and f"{comparable(shared)} ".startswith(f"{comparable(parts[0])} "):
        pieces.append(parts[0])
    forms = {comparable(title), *(comparable(piece) for piece in pieces)}
    forms.discard("")
    return forms


def from_title(above: list[TextBlock], lead: list[TextBlock], forms: set[str]) -> list[TextBlock]:
    """The opening post above the posts: the last block above them that repeats the page's title (one of
    :func:`title_forms`), and the lead after it; an empty list when no block does. A thread repeats its title
    at the top of its opening post, and what comes before it is page chrome the article model kept (keyboard hints,
    a community's name and rules); the title itself may be what the article model dropped."""
    starts = [i for i, block in enumerate(above) if repeats(comparable(block.text), forms)]
    if not starts:
        return []
    heading = above[starts[-1]]
    after = {id(block) for block in above[starts[-1] + 1:]}
    return [heading, *(block for block in lead if id(block) in after)]


def classes_half_carry(element_sets: Iterable[Iterable[etree._Element]], posts: int) -> set[str]:
    """The class names carried somewhere in the element sets (one per post: its body, or its body and the boxes
    around it) of at least half the ``posts``, but the layout's utilities (:data:`LAYOUT_UTILITIES`)."""
    counts = Counter(token for elements in element_sets
                     for token in frozenset().union(*(class_tokens(el) for el in elements)))
    return {token for token, count in counts.items() if 2 * count >= posts} - LAYOUT_UTILITIES


#: Class names that clear floats or lay boxes out, carried by boxes of every kind (IP.Board 3 gives its posts,
#: its thread's header and its "16 replies" line ``clear clearfix``): they name no template of the posts.
LAYOUT_UTILITIES = frozenset({"clear", "clearfix", "cf", "group", "left", "right", "row", "container"})


def under_title_like_posts(above: Sequence[TextBlock], heading: TextBlock, group: PostGroup) -> list[TextBlock]:
    """The blocks after the title ``heading`` (in ``above``, the page's blocks above the first post) that the page
    renders as it renders the posts' text: in, or holding, an element below the title's boxes that carries a class
    name half the posts' body elements carry (Zhihu writes its question under the title in ``span.RichText
    ztext``, its answers in ``span.RichText ztext CopyrightRichText-richText``). The question a Q&A page writes
    under its title, in a header box the article model reads as chrome; a link shared for discussion has none."""
    common = classes_half_carry(group.bodies, len(group.members))
    start = next((i for i, block in enumerate(above) if block is heading), None)
    if not common or start is None:
        return []
    boxes = {heading.element, *heading.element.iterancestors()}  # the title's own elements and the boxes around it
    found = []
    for block in above[start + 1:]:
        features = block.features
        if (features is None or features.num_words - features.num_linked_words < MIN_POST_WORDS
                or block.element in boxes):
            continue
        inside = (el for el in block.element.iterdescendants() if isinstance(el.tag, str))
        for el in (*inside, block.element, *block.element.iterancestors()):
            if el in boxes:
                break
            if common & class_tokens(el):
                found.append(block)
                break
    return found


def repeats(text: str, wanted: set[str]) -> bool:
    """``text`` is one of ``wanted``, or one and a short note after it (the site a shared link goes to), or starts
    with a long one (:data:`CUT_TITLE_WORDS`)."""
    return text in wanted or any(
        (text.startswith(f"{piece} ") and len(text[len(piece):].split()) <= TITLE_NOTE_WORDS)
        or (text.startswith(piece) and len(piece.split()) >= CUT_TITLE_WORDS) for piece in wanted)


def title_links_away(root: etree._Element, url: str | None, title: str, shared: str = "") -> bool:
    """Whether a link on the page repeats its ``title`` (one of :func:`title_forms`; ``shared`` is ``og:title``)
    and goes to another site: the page is a link shared for discussion. An article's headline links to the article
    itself, if anywhere: on another host of the same site (``m.``, ``blog.``) or, for a page served from a mirror or
    a new domain, at the same path."""
    page = split_url(url)
    forms = _story_forms(title, shared) if title else set()
    if page is None or not page.hostname or not forms:
        return False
    for anchor in root.iter("a"):
        if comparable(collapse_spaces("".join(anchor.itertext()))) in forms:
            target = split_url(join_url(url, anchor.get("href") or ""))
            if (target is not None and target.hostname and site_of(target.hostname) != site_of(page.hostname)
                    and target.path.rstrip("/") != page.path.rstrip("/")):
                return True
    return False


def _story_forms(title: str, shared: str) -> set[str]:
    """The forms of the title that name the story, not the site: those ``shared`` (``og:title``) starts with, or
    without it, those at least as long as the title's longest piece ("CBS News", "TED Blog" link to the site's
    pages elsewhere, on Facebook or a feed proxy)."""
    forms = title_forms(title, shared)
    if shared:
        told = f"{comparable(shared)} "
        return {form for form in forms if told.startswith(f"{form} ")}
    longest = max((len(part.split()) for part in title_parts(title)), default=0)
    return {form for form in forms if len(form.split()) >= longest}


def site_of(host: str) -> str:
    """The site a host belongs to: its last two labels, three under a country's second level (``bbc.co.uk``)."""
    labels = host.lower().rstrip(".").split(".")
    keep = 3 if len(labels) > 2 and len(labels[-1]) == 2 and labels[-2] in _SECOND_LEVEL else 2
    return ".".join(labels[-keep:])


#: Second-level labels under which country domains register sites (``co.uk``, ``com.au``, ``ne.jp``).
_SECOND_LEVEL = frozenset({"co", "com", "net", "org", "ac", "gov", "edu", "ne", "or", "go", "gob", "nic"})


def title_element(block: etree._Element, forms: set[str]) -> etree._Element:
    """The link or heading inside a title block that is the title alone; the block when none is."""
    for el in block.iter("a", "h1", "h2", "h3", "span"):
        if comparable(collapse_spaces("".join(el.itertext()))) in forms:
            return el
    return block
