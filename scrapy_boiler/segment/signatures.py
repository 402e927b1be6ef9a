"""Element signatures: an element's tag and class names as the template that rendered it repeats them.

The posts of one template share a signature once each post's own id is cut from its class names (``post-123``,
``t1_ehzpcbo``, ``comment-5f3a2b``). Generated style names have the same shape, a prefix and then a hash
(styled-components' ``sc-99b3a5c-2``, emotion's ``css-1dbjc4n``, Tailwind's ``h-[72px]``), but they name a style
the template reuses, not one post. Cutting them too would give every ``div`` of such a page one signature. The two
are told apart by the page itself: a post's id is written on one element or a few, and is often some element's
``id`` too; a style's name is written on every element drawn with it.
"""

from __future__ import annotations

import re
from collections import Counter
from functools import lru_cache
from threading import Lock

from lxml import etree

#: A generated style name is kept whole when the page writes it on at least this many elements...
STYLE_REPEATS = 3
#: ... unless an element's id holds its hash (new reddit writes a comment's ``t1_ehznnqc`` on several elements of
#: the comment, and as the id of one), or its family (the names sharing its cut prefix) is ids: at least this many
#: names, nearly all written once (old reddit's ``id-t2_…`` names the poster of each comment, so a prolific poster's
#: repeats).
ID_FAMILY_SIZE = 10
ID_FAMILY_ONCE = 0.8

#: Class-name overlap (Jaccard) at which two elements with different class lists are made alike (post groups).
MIN_CLASS_OVERLAP = 0.5
_DIGITS = re.compile(r"\d+")
#: Zebra striping: class names a template alternates between the rows it repeats (WordPress's comments are "comment
#: even thread-even" and "comment odd alt thread-odd thread-alt"), which no more tell one row's template from the
#: next than a post's id does.
_STRIPE = re.compile(r"(?:.*[-_])?(?:odd|even|alt)")
#: What follows a lower-case name's first digit, when it holds a letter: a hash (``1dbjc4n``, ``5f3a2b``) or a
#: size (``72px]``), as opposed to a number (``post-123``, ``depth-2``: cut, whatever the page repeats).
_HASH_TAIL = re.compile(r"\d[\w\[\].#-]*[a-z]")
#: A letter or two before an id's first digit, at its start or after a separator, begin the post's own hash when
#: letters and digits mix after it (``c_a1b2c3``: Lobsters' short ids; ``comment-r6yAq9c3Bh``: Indie Hackers' base-62
#: ones), not the template's prefix (``p24027``, ``post24027``, ``t1_ehzpcbo``).
_HASH_START = re.compile(r"(?:^|(?<=[-_:.]))[A-Za-z]{1,2}$")
_HASH_REST = re.compile(r"(?=[A-Za-z0-9]*[A-Za-z])[A-Za-z0-9]+")
#: An id that is a hash in capitals and digits from end to end (HyperKitty's message ids, ``QDV3BUGJOFPFRPLOZNF...``,
#: the base32 hash of the message): the post's own, not a template's prefix and number.
_UPPER_HASH = re.compile(r"(?=[A-Z]*\d)[A-Z\d]{16,}")

_NONE: frozenset[str] = frozenset()
#: The style names of the last few pages looked at, by their root (held, so its id is not reused meanwhile).
_STYLE_NAMES: dict[int, tuple[etree._Element, frozenset[str]]] = {}
_PAGES_HELD = 4
_STYLE_NAMES_LOCK = Lock()


def signature(el: etree._Element) -> str:
    """Tag and class names as a template repeats them, without zebra stripes (``odd``, ``even``, ``alt``); a generated
    id (one with digits) joins as ``#prefix``."""
    class_names = el.get("class") or ""
    return _signature(el.tag if isinstance(el.tag, str) else "", class_names, el.get("id") or "",
                      _kept_whole(el, class_names))


def class_tokens(el: etree._Element) -> frozenset[str]:
    """The element's class names as a template repeats them (see :func:`template_name`)."""
    class_names = el.get("class") or ""
    return _class_tokens(class_names, _kept_whole(el, class_names))


def class_overlap(tokens: frozenset[str], others: frozenset[str], *, stripes: bool = True) -> float:
    """Jaccard overlap of two elements' class tokens (0 when either has none); without ``stripes``, the zebra stripes
    a template alternates between rows (``odd``, ``thread-even``...) are set aside."""
    if not stripes:
        tokens, others = _without_stripes(tokens), _without_stripes(others)
    return len(tokens & others) / len(tokens | others) if tokens and others else 0.0


def rows_alike(tokens: frozenset[str], first_tokens: frozenset[str]) -> bool:
    """Whether two class lists that share too few names are still rows of one template: one component with
    different modifiers (:func:`same_block`), or zebra-striped rows (:func:`same_striped_row`)."""
    return same_block(tokens, first_tokens) or same_striped_row(tokens, first_tokens)


def same_block(tokens: frozenset[str], first_tokens: frozenset[str]) -> bool:
    """Whether two class lists name one component with different BEM modifiers, once each modifier is set aside
    where the component's own name is there too: JustAnswer's "c-message c-message--expert" among "c-message
    c-message--customer" (the expert's answers and the customer's replies, one conversation)."""
    own, first_own = _unmodified(tokens), _unmodified(first_tokens)
    return bool(own) and own == first_own and (own != tokens or first_own != first_tokens)


#: Where a row stands among its siblings, a mark the template adds to the first or last row ("odd first").
_POSITION = frozenset({"first", "last"})


def same_striped_row(tokens: frozenset[str], first_tokens: frozenset[str]) -> bool:
    """Whether two zebra-striped class lists are rows of one template: both carry a stripe, and once stripes and
    position marks (``first``, ``last``) are set aside, one holds at most one name the other lacks (Dotclear's
    comments: "odd first", "me even", "odd", "even", where ``me`` marks the blog's owner)."""
    own, first_own = _without_stripes(tokens), _without_stripes(first_tokens)
    if own == tokens or first_own == first_tokens:
        return False
    return len((own ^ first_own) - _POSITION) <= 1


def _unmodified(tokens: frozenset[str]) -> frozenset[str]:
    """Class tokens without the BEM modifiers (``block--modifier``) of a block also named."""
    return frozenset(token for token in tokens if not ("--" in token and token.partition("--")[0] in tokens))


@lru_cache(maxsize=8192)
def _without_stripes(tokens: frozenset[str]) -> frozenset[str]:
    """``tokens`` without zebra stripes (cached: the group search compares the same few class lists over and over)."""
    return frozenset(token for token in tokens if not _STRIPE.fullmatch(token))


def id_template(el: etree._Element) -> str:
    """The element's id with its digit runs as ``#`` (``post-#`` of ``post-1251884``), or "" for an id without
    digits: posts a template renders share it, its other parts (``-comments``) included."""
    ident = el.get("id") or ""
    return _DIGITS.sub("#", ident) if _DIGITS.search(ident) else ""


def template_name(name: str) -> str:
    """The part of a class name that a template repeats: a lower-case name is cut at its first digit, since
    what follows is the post's own id (``post-123``, ``t1_ehzpcbo``, ``comment-5f3a2b``); a mixed-case name
    (a CSS-module hash such as ``_1YCqQVO-9r``) only loses its digits. :func:`signature` and
    :func:`class_tokens` keep the page's style names whole instead (:func:`style_names`)."""
    if name.islower() or not any(ch.isalpha() for ch in name):
        match = _DIGITS.search(name)
        return name[: match.start()] if match else name
    return _DIGITS.sub("", name)


def style_names(root: etree._Element) -> frozenset[str]:
    """The generated style names of the page under ``root`` (cached for the last few pages): lower-case names with
    a hash after their first digit, written on :data:`STYLE_REPEATS` elements or more, outside id families."""
    held = _STYLE_NAMES.get(id(root))
    if held is not None and held[0] is root:
        return held[1]
    counts = Counter(name for value in root.xpath("//@class") for name in value.split() if _hash_cut(name))
    families: dict[str, list[int]] = {}
    for name, count in counts.items():
        families.setdefault(template_name(name), []).append(count)
    ids = {prefix for prefix, family in families.items()
           if len(family) >= ID_FAMILY_SIZE and family.count(1) >= ID_FAMILY_ONCE * len(family)}
    repeated = [name for name, count in counts.items() if count >= STYLE_REPEATS and template_name(name) not in ids]
    if repeated:  # a hash that an element's id also holds is that element's own (new reddit's ``t1_ehznnqc``)
        written_ids = "\n".join(root.xpath("//@id"))
        repeated = [name for name in repeated if name[_DIGITS.search(name).start():] not in written_ids]
    cached = frozenset(repeated) or _NONE
    with _STYLE_NAMES_LOCK:  # pages may be read in several threads
        while len(_STYLE_NAMES) >= _PAGES_HELD:
            _STYLE_NAMES.pop(next(iter(_STYLE_NAMES)))
        _STYLE_NAMES[id(root)] = (root, cached)
    return cached


def _kept_whole(el: etree._Element, class_names: str) -> frozenset[str]:
    """The element's style names the page repeats; the page is only looked at when one could be."""
    hashes = _hashes_in(class_names) if class_names else _NONE
    if not hashes:
        return _NONE
    return hashes & style_names(el.getroottree().getroot()) or _NONE


@lru_cache(maxsize=8192)
def _hashes_in(class_names: str) -> frozenset[str]:
    """The names that :func:`template_name` would cut before a hash."""
    return frozenset(name for name in class_names.split() if _hash_cut(name))


def _hash_cut(name: str) -> bool:
    """Whether :func:`template_name` cuts ``name`` before a hash (not before a number)."""
    if not (name.islower() or not any(ch.isalpha() for ch in name)):
        return False
    match = _DIGITS.search(name)
    return bool(match and _HASH_TAIL.match(name, match.start()))


@lru_cache(maxsize=8192)
def _signature(tag: str, class_names: str, ident: str, kept: frozenset[str]) -> str:
    """:func:`signature` of the attribute values (cached: a page repeats a few templates many times)."""
    classes = " ".join(sorted(name if name in kept else template_name(name) for name in class_names.split()
                              if not _STRIPE.fullmatch(name)))
    match = _DIGITS.search(ident)  # an id is unique: what follows its first digit is the post's own
    generated = ident[: match.start()] if match else ""
    if match and _UPPER_HASH.fullmatch(ident):
        generated = ""
    elif match and _HASH_REST.fullmatch(ident, match.start()):
        generated = _HASH_START.sub("", generated)
    return f"{tag}.{classes}#{generated}"


@lru_cache(maxsize=8192)
def _class_tokens(class_names: str, kept: frozenset[str]) -> frozenset[str]:
    return frozenset(name if name in kept else template_name(name) for name in class_names.split())


class SignatureAliases:
    """Signatures of near-equal elements mapped to the first one seen: same tag and id prefix, and one more class
    name on one of them (``Comment t1`` and ``Comment t1 _collapsed``), or two more on top of at least
    :data:`SHARED_FOR_TWO_MORE` (a nested reply's indent and highlight: Lemmy's ``ms-1 mark``). Utility-class pages
    (``flex mb-2 ...``) give a body and its author box overlapping class lists, so nothing looser is merged.

    Two states of one template met before the plain one (Khoros's opening post, ``lia-thread-topic``, and accepted
    solution, ``lia-accepted-solution``, before a reply with neither) are each near the plain one but not near each
    other. When the plain one, with :data:`SHARED_FOR_TWO_MORE` names or more, comes near both, the later state is
    mapped to the first from then on, and :attr:`rejoined` says so: what was read with the two apart is read again."""

    def __init__(self) -> None:
        self._seen: dict[str, str] = {}
        self._keys: dict[str, list[tuple[frozenset[str], str]]] = {}  #: by tag and id prefix
        self.rejoined = False

    def __call__(self, sig: str) -> str:
        known = self._seen.get(sig)
        if known is not None:
            return known
        head, _, ident = sig.rpartition("#")
        tag, _, classes = head.partition(".")
        tokens = frozenset(classes.split())
        shaped = self._keys.setdefault(f"{tag}#{ident}", [])
        near = [i for i, (first_tokens, _) in enumerate(shaped)
                if tokens and first_tokens and _one_more(tokens, first_tokens)]
        if not near:
            shaped.append((tokens, sig))
            self._seen[sig] = sig
            return sig
        key = shaped[near[0]][1]
        self._seen[sig] = key
        if len(tokens) >= SHARED_FOR_TWO_MORE:
            for i in near[1:]:
                if tokens < shaped[i][0] and shaped[i][1] != key:
                    self._rejoin(shaped[i][1], key)
                    shaped[i] = (shaped[i][0], key)
        return key

    def _rejoin(self, old: str, key: str) -> None:
        for sig, mapped in self._seen.items():
            if mapped == old:
                self._seen[sig] = key
        self.rejoined = True

    def join(self, sig: str, key: str) -> None:
        """Map ``sig`` to ``key`` from now on (an element known to play the part ``key``'s play elsewhere)."""
        self._seen[sig] = key


#: Class names two near-equal elements must share before two more on one of them still make them one template.
SHARED_FOR_TWO_MORE = 4


def _one_more(tokens: frozenset[str], other: frozenset[str]) -> bool:
    """Whether one class list is the other plus one name, or plus two on :data:`SHARED_FOR_TWO_MORE` shared ones."""
    if not (tokens <= other or other <= tokens):
        return False
    extra = len(tokens ^ other)
    return extra == 1 or (extra == 2 and len(tokens & other) >= SHARED_FOR_TWO_MORE)
