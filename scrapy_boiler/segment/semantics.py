"""What a page's markup says about its parts: class/id/itemprop names (its JSON-LD is read by
:mod:`scrapy_boiler.parse.structured`).

Modern article pages name their body (``articleBody``, ``article-body``, ``entry-content``, ``story-body``...) and
their chrome (``sidebar``, ``related``, ``newsletter``, ``comments``...) in class and id attributes, and most news
sites declare the article in JSON-LD (schema.org ``NewsArticle``, ``BlogPosting``... with ``articleBody``). These
are evidence, not verdicts: the boosted trees learn how far to trust each one (names lie, JSON-LD bodies are
sometimes a teaser or a different language version), so here they are only read and measured.
"""

from __future__ import annotations

import re
from functools import lru_cache

from lxml import etree

# The patterns are lower case and matched against lower-cased names (:func:`name_kinds`): three times faster than
# case-insensitive matching, with the same answers.


def _any_name(*alternatives: str) -> re.Pattern[str]:
    """A pattern matching any of ``alternatives`` (regex fragments), those that start with a letter grouped by it
    (``s(?:idebar|hare|ocial)``), and those that start at a word boundary grouped behind one ``\\b``: Python's ``re``
    tries every alternative at every position of the string, and these run on the names of every element of every
    page. Up to three times faster, the same matches."""
    bounded = [alternative[2:] for alternative in alternatives if alternative.startswith("\\b")]
    rest = [alternative for alternative in alternatives if not alternative.startswith("\\b")]
    parts = [f"\\b(?:{_by_first_letter(bounded)})"] if bounded else []
    return re.compile("|".join([*parts, _by_first_letter(rest)]) if rest else "|".join(parts))


def _by_first_letter(alternatives: list[str]) -> str:
    """``alternatives`` joined with ``|``, those that start with a plain letter grouped by it."""
    by_letter: dict[str, list[str]] = {}
    others: list[str] = []
    for alternative in alternatives:
        if alternative[:1].isalpha() and alternative[1:2] not in ("?", "*", "+", "{"):
            by_letter.setdefault(alternative[0], []).append(alternative[1:])
        else:
            others.append(alternative)
    grouped = [f"{letter}(?:{'|'.join(rests)})" if len(rests) > 1 else letter + rests[0]
               for letter, rests in by_letter.items()]
    return "|".join([*others, *grouped])


#: Names of an article body: ``articleBody``, ``article-body``, ``entry-content``, ``story__text``, ``post-copy``...
BODY_NAME = _any_name(
    r"article[-_]?body", "articlebody",
    *(rf"{part}[-_]{{0,2}}(?:body|content|text|copy|inner|container)" for part in (
        "article", "story", "entry", "post", "news", "blog", "body", "main", "page", "text", "detail", "rich")),
    "richtext", "prose", r"\bcontent\b", "bodytext", "paywall",
)
#: Names of a post's or an article's own body (``entry-content``, ``post-body``, ``articleBody``, ``story-text``): the
#: narrow part of :data:`BODY_NAME`, without the wrappers that hold a page's sidebars too (``content``,
#: ``main-content``, ``page-body``) or a sidebar box's text (``module-content``).
POST_BODY_NAME = re.compile(r"article[-_]?body"
                            r"|(?:article|story|entry|post|news|blog)[-_]{0,2}(?:body|content|text|copy)")
#: Names of a container that often holds the article with its chrome: ``article``, ``story``, ``post``, ``main``.
ARTICLE_NAME = _any_name("article", "story", r"\bpost\b", r"\bentry\b", r"\bmain\b", r"\bcontent")
#: Names of chrome: navigation, promotion, sharing, related links, comments, footers, captions, bylines. Not a layout
#: that says it has or lacks a sidebar (``has-sidebar``, ``without-sidebar``), nor a grid whose columns are the body
#: and a sidebar (Politico Europe's body is ``sidebar-grid__content``), nor a field whose label is hidden (Drupal's
#: ``field--label-hidden``, on nearly every field of a node, its body and paragraphs included) or a box that clips
#: what overflows it (Tailwind's ``overflow-hidden``, on any box).
CHROME_NAME = _any_name(
    r"(?<!has-)(?<!with-)(?<!without-)(?<!no-)sidebar(?![-_]*(?:grid|layout))",
    "side-bar", r"\baside", "related", "recommend", "teaser", "promo", "newsletter", "subscri", "share",
    "sharing", "social", "footer", r"\bfoot", r"\bnav", "menu", "breadcrumb", "banner", "advert", r"\bads?\b",
    r"\bad[-_]", "sponsor", "widget", "popup", "modal", "cookie", "consent", r"\btags?\b", "author", "byline",
    "caption", "credit", "read-?more", "more-?stories", "outbrain", "taboola", "trending", "most-?read", "popular",
    "login", "signup", "header", "masthead", "toolbar", "pagination", "comment", "disqus", r"meta\b", "skip",
    r"(?<!label[-_])(?<!overflow-)(?<!overflow-[xy]-)hidden", "visually",
)
#: Names of comments; "respond" (WordPress's comment form) and "response", not "responsive" (Bootstrap's
#: ``table-responsive``, WordPress's ``wp-embed-responsive``).
COMMENT_NAME = re.compile(r"comment|disqus|discussion|respond|response|reply|replies")
#: Names of an advertisement box: what such a box holds is never the article, however article-like its text.
AD_NAME = re.compile(r"\bads?\b|\bad[-_]|[-_]ads?(?![a-z0-9])|advert|sponsor|\bdfp\b|google_ad|adslot|ad-slot")
#: Names of a box that sells something of the site's own in the body: a newsletter sign-up, a subscription offer, an
#: invitation to its WhatsApp or Telegram channel, a promotion. Like an advert's, what it holds is never the article
#: ("subscriber" content is the article: not that).
PROMO_NAME = re.compile(r"newsletter|sign-?up|subscribe(?!r)|\bpromo(?:tion)?\b|[-_]promo\b|\bpromo[-_]|whatsapp"
                        r"|telegram")
#: Names of a call to action, a promotion too (9to5Mac's ``article__reading-cta``: "You're reading 9to5Mac ..." after
#: every article), unless the box is also named a lead (:func:`_calls_to_action`).
CTA_NAME = re.compile(r"(?<![a-z])cta(?![a-z])")
#: Names of a box asking the reader to pay for the journalism: a donation or contribution appeal (the Guardian's
#: ``contributions-epic`` and ``remote-epic-liveblog``, its word for the appeal; ``donate-box``, ``support-us``, The
#: Independent's ``support-banner``, TheJournal.ie's ``contribution-prompt``). Such a box is longer than an advert (a
#: heading, two or three paragraphs, a button), and what it holds is never the article.
APPEAL_NAME = re.compile(r"donat(?:e|ion)|(?:contributions?|support)[-_]+(?:ask|appeal|banner|box|prompt)"
                         r"|(?<![a-z])epic(?![a-z])|support[-_]?us\b")
#: Class names of a live blog's entries (``live-events__entry``, ``live-event-entry``, ``liveblog-post``,
#: ``live-update``): dated, signed by the site's reporters and most of the page's text, as a thread's posts are, but
#: one article, which a page declaring it (schema.org ``LiveBlogPosting``) would make an article. Not ``clive``.
LIVE_BLOG_NAME = re.compile(r"(?<![a-z])live[-_]?(?:blog|events?|updates?|entr|posts?|ticker|coverage)", re.I)
#: Names of an article's lead or summary, part of the body although often named like a teaser.
LEAD_NAME = _any_name(r"\blead", "intro", "standfirst", "summary", "teaser", "subtitle", "subline", "description",
                      "excerpt", "abstract", r"\bdek\b")
#: Page builders' word for *every* element, the article's paragraphs included (Elementor's ``elementor-widget``,
#: ``elementor-widget-text-editor``, ``elementor-widget-wrap``): there "widget" says nothing of chrome, so it is
#: dropped before the patterns run, keeping what follows it (``-share-buttons``, ``-theme-post-content``).
_BUILDER_WIDGET = ("elementor-widget", "elementor-")  #: (what, replaced by)
#: Names of the box of a best or accepted answer (``wgt-best``, ``best-answer``, ``accepted-answer``); not a bare
#: "accepted", which also marks a question whose answer was accepted (Sabai's ``sabai-questions-accepted``).
BEST_ANSWER_NAME = re.compile(r"best|accepted[-_ ]?answer|answer[-_ ]?accepted|accepted[-_ ]?solution", re.I)


def names_best_answer(el: etree._Element) -> bool:
    """Whether an element's class, id or component name (``data-testid="best-answer"``, where the class names are
    hashed) names it the box of a best or accepted answer."""
    return BEST_ANSWER_NAME.search(element_names(el)) is not None


#: Names that call an element or a group an answer and nothing a question: a group so named holds no question, and
#: a box so named above the replies is their accepted answer.
_ANSWER_NOT_QUESTION = re.compile(r"^(?!.*question).*answer", re.I)


def names_an_answer(names: str) -> bool:
    """Whether ``names`` (a signature, or an element's :func:`element_names`) call it an answer and not a question."""
    return _ANSWER_NOT_QUESTION.search(names) is not None


#: Names a forum gives the thread's opening post among the replies (FluxBB's ``blockpost firstpost``, Asgaros'
#: ``post-element first-post``, Mumsnet's ``original-first-post``, bbPress's ``type-topic`` among ``type-reply``,
#: Kakaku.com's ``resBox resBoxFirst``, a "res" being a post on Japanese boards; NodeBB's ``topic-owner-post``, on
#: the posts of the topic's owner, the first of whom opens it); not a bare "first", which list helpers set on any
#: first item.
_FIRST_POST_NAME = re.compile(r"(?<![a-z])(?:first[-_]?post|(?:post|res|msg|message)(?:[-_]?(?:box|item))?[-_]{0,2}"
                              r"first|type-topic|topic[-_]owner[-_]post)(?![a-z])", re.I)


def names_first_post(el: etree._Element) -> bool:
    """Whether an element's class names or id name it the opening post of its thread: a group whose first member is
    so named has no question above it (an announcement box over the posts is none)."""
    return _FIRST_POST_NAME.search(element_names(el)) is not None


#: A class name or id that makes an element a page's sidebar: ``sidebar``, ``sidebar-primary``, ``#secondary``
#: (not ``content-sidebar-wrap``, which holds the main column too, nor ``widget``: some themes build the article
#: itself of widgets; nor a layout's modifier that says where its sidebar goes, ``sidebar-on-right``, or that the
#: page has one: Jira's ``sidebar-page-container`` holds the whole page); the Slash engine's ``#slashboxes`` column
#: (Slashdot, SoylentNews: log-in, site news and funding boxes beside the story).
_SIDEBAR = re.compile(r"^(?:sidebar(?![-_](?:on|layout|wrap|open|closed|active|visible|collapsed|page)\b)|secondary$"
                      r"|slashboxes$)", re.I)
#: Elements whose class names describe the page's layout ("a page with a sidebar"), not a sidebar.
_PAGE_LEVEL = frozenset({"html", "body", "main", "article"})


def is_sidebar(el: etree._Element) -> bool:
    """Whether ``el`` is a sidebar: an ``<aside>``, or a class name or id of :data:`_SIDEBAR`, below the page level.
    A widget of recent posts repeats like a thread's posts, and an "about me" box reads like an article's prose, but
    neither is the page's main content. A box so named that holds a page title (``<h1>``) or the main landmark is the
    layout around the main column (Django's site: ``div.container.sidebar-right``)."""
    if el.tag in _PAGE_LEVEL:
        return False
    if el.tag == "aside":
        return True
    classes, ident = el.get("class") or "", el.get("id") or ""
    folded = f"{classes} {ident}".casefold()  # what the pattern's IGNORECASE matches ("ſidebar" too)
    if "sidebar" not in folded and "secondary" not in folded and "slashboxes" not in folded:  # most: spare the pattern
        return False
    return any(_SIDEBAR.match(name) for name in (*classes.split(), ident)) and next(el.iter("h1", "main"), None) is None


def tag_or_ancestor(el: etree._Element, *tags: str) -> etree._Element | None:
    """``el`` when it is one of ``tags``, else its nearest ancestor that is one, if any."""
    return el if el.tag in tags else next(el.iterancestors(*tags), None)


def list_item(el: etree._Element) -> etree._Element | None:
    """The ``<li>`` an element is, or is a child of (``<li><p>``: ProseMirror, Substack; ``<li><h2>``: elDiario.es)."""
    if el.tag == "li":
        return el
    parent = el.getparent()
    return parent if parent is not None and parent.tag == "li" else None


def in_link(el: etree._Element) -> bool:
    """Whether ``el`` is a link (``<a>``) or lies inside one."""
    return tag_or_ancestor(el, "a") is not None


def in_code(el: etree._Element) -> bool:
    """Whether ``el`` is a ``<pre>`` or lies inside one (Elementor writes its code in an ``<xmp>`` in the ``<pre>``)."""
    return tag_or_ancestor(el, "pre") is not None


def in_figure(el: etree._Element) -> bool:
    """Whether ``el`` is a ``<figure>`` or its ``<figcaption>``, or lies inside a figure."""
    return el.tag == "figcaption" or tag_or_ancestor(el, "figure") is not None


#: Names of a picture's box and its caption or credit, which sites use instead of (or inside) a ``<figure>``
#: ("div.c-article-caption", "div.newsitem-image > div.info", "p.wp-caption-text", "div.photo", Al-Masry's
#: "div.articleimg").
MEDIA_NAME = re.compile(r"caption|credit|copyright|image|img(?![a-z])|photo|picture|gallery|video|media",
                        re.I)
#: How far up a picture box's name is looked for: the element and its two nearest ancestors.
MEDIA_LEVELS = 3


def in_picture(el: etree._Element) -> bool:
    """Whether the element is part of a picture: inside a ``<figure>`` (:func:`in_figure`), or it or one of its nearest
    ancestors (:data:`MEDIA_LEVELS`) named as a picture's box, caption or credit."""
    if in_figure(el):
        return True
    node: etree._Element | None = el
    for _ in range(MEDIA_LEVELS):
        if node is None:
            return False
        if MEDIA_NAME.search(element_names(node)):
            return True
        node = node.getparent()
    return False


def is_main_landmark(el: etree._Element) -> bool:
    """Whether the element is the page's main content landmark: ``<main>`` or ``role="main"``."""
    return el.tag == "main" or el.get("role") == "main"


#: Attributes in which sites name their components besides class and id: test hooks (Testing Library's
#: ``data-testid``, Cypress's ``data-cy``, ``data-test``, ``data-qa``) and component names (``data-component``,
#: ``data-module``, Wix's ``data-hook``). CSS-in-JS sites (emotion's ``css-1dbjc4n``, CSS modules' ``body__17Yit``)
#: hash their class names, and these are then the only names left: Reuters' ``data-testid="Body"``, Bild's
#: ``data-qa="Article"``, Wix's ``data-hook="comment-list-item"``.
COMPONENT_ATTRIBUTES = ("data-testid", "data-test", "data-qa", "data-cy", "data-component", "data-module", "data-hook")
#: Elements whose names describe the whole page, not a part of it (WordPress's ``has-sidebar``, ``single-post`` on
#: ``<body>``): they mark no region and no chrome.
PAGE_TAGS = frozenset({"html", "body"})


def element_names(el: etree._Element) -> str:
    """The class, id, itemprop, role and component names (:data:`COMPONENT_ATTRIBUTES`) of an element, as one
    string to search."""
    attrib = el.attrib
    if not attrib:
        return ""
    get = attrib.get
    names = [v for v in (get("class"), get("id"), get("itemprop"), get("role")) if v]
    if len(attrib) > len(names):
        names += [v for v in map(get, COMPONENT_ATTRIBUTES) if v]
    return " ".join(names)


@lru_cache(maxsize=4096)
def name_kinds(names: str) -> tuple[int, int, int, int, int]:
    """(body, article, chrome, comment, lead) flags of a class/id/itemprop/role string (cached: pages repeat names)."""
    if not names:
        return 0, 0, 0, 0, 0
    names = names.lower().replace(*_BUILDER_WIDGET)
    return (int(bool(BODY_NAME.search(names))), int(bool(ARTICLE_NAME.search(names))),
            int(bool(CHROME_NAME.search(names))), int(bool(COMMENT_NAME.search(names))),
            int(bool(LEAD_NAME.search(names))))


#: Class names that file a post under a topic (WordPress's ``post_class``: ``tag-whatsapp``, ``category-newsletter``
#: on the ``<article>``): they say what the post is about, not what kind of box holds it.
_TOPIC_CLASS = re.compile(r"(?<!\S)(?:tag|category)-\S*")


#: Names of a consent manager's box: a cookie banner, or the placeholder it puts where an embed was (a post, a video)
#: that the reader's privacy settings block ("Externer Inhalt nicht verfügbar"), named in the site's words or after
#: the vendor (Business Insider's ``sourcepoint__social-placeholder``). Not "cookie": a recipe's box may be named so.
CONSENT_NAME = re.compile(r"consent|onetrust|sourcepoint|cookiebot|usercentrics|didomi|borlabs|brlbs|cmplz|iubenda"
                          r"|quantcast|trustarc|cookieyes|osano")


#: Names of a reader poll's box (``poll``, ``wp-polls``, ``Article_elementPoll__0I_DP``, ``pollQuestion``, German
#: ``umfrage``): a question and its answers to vote on, set between the body's paragraphs and never the article. Not
#: Apollo's names, nor pollution, pollen, polling, a pollster or a recipe's pollo.
POLL_NAME = re.compile(r"(?<!a)poll(?!ut|en|ing|ster|o(?![a-z]))|umfrage")

#: Names of a box with the author's short biography (XDA's ``author-bio-short`` under the byline, ``author_bio``,
#: ``writer-bio``, ``contributor-bio`` after the body) or card (freeCodeCamp's ``author-card`` over the body): the
#: site's words about its writer, never the article.
AUTHOR_BIO_NAME = re.compile(r"(?:author|writer|contributor)[-_]*(?:bio|card)")
#: The classes a social network's embed code gives the post it shows (X's ``blockquote.twitter-tweet``, Instagram's
#: ``instagram-media``, TikTok's, Bluesky's, Reddit's, Facebook's, Threads'): someone else's words, not the article's.
EMBEDDED_POST_NAME = re.compile(r"(?<![\w-])(?:twitter-tweet|instagram-media|tiktok-embed|bluesky-embed"
                                r"|reddit-embed-bq|fb-post|text-post-media)(?![\w-])")

#: Names of a box with the site's disclaimer (a financial article's "not investment advice" and conflicts of interest,
#: "The BBC is not responsible for the content of external sites", an affiliate links' note, the rules of a comment
#: section): the same words under every article, never the article.
DISCLAIMER_NAME = re.compile(r"disclaimer")


def is_poll(el: etree._Element) -> bool:
    """Whether an element's own class/id names it a reader poll's box (:data:`POLL_NAME`); a topic's class
    (``tag-polls``) names none."""
    return _box_named(el, POLL_NAME)


def is_consent_box(el: etree._Element) -> bool:
    """Whether an element's own class/id names it a consent manager's box (:data:`CONSENT_NAME`); a topic's class
    (``tag-consent``) names none."""
    return _box_named(el, CONSENT_NAME)


def is_promotion(el: etree._Element) -> bool:
    """Whether an element's own class/id names it an advert or a box promoting the site's own offers (newsletter,
    subscription, messaging channel); a topic's class (``tag-whatsapp``) names none."""
    names = _box_names(el)
    return bool(names) and (AD_NAME.search(names) is not None or PROMO_NAME.search(names) is not None
                            or _calls_to_action(names))


def _calls_to_action(names: str) -> bool:
    """Whether a box's ``names`` name it a call to action (:data:`CTA_NAME`) and not a lead (:data:`LEAD_NAME`): the
    Guardian marks its standfirst ``standfirst_cta`` for its click counts."""
    return CTA_NAME.search(names) is not None and LEAD_NAME.search(names) is None


#: Names of an entry set among a thread's posts in their template that is no post of the thread: a promoted one (an
#: advert drawn as an answer: Quora's ``dom_annotate_ad_promoted_answer``, reddit's ``promotedlink``), another
#: question's answer shown as related (Quora's ``dom_annotate_related_question_answer``), or the list of who thanked
#: the post above (vBulletin's thanks add-on: ``li.postbitlegacy#post_thanks_box_14488233``).
SLIPPED_IN_NAME = re.compile(r"promoted|related|thanks?[-_]?box")


def is_slipped_in(el: etree._Element) -> bool:
    """Whether an element's own class/id names it an advert (:data:`AD_NAME`) or an entry set among posts that is
    none of the thread's (:data:`SLIPPED_IN_NAME`); a topic's class (``tag-sponsored``) names none."""
    return _box_named(el, AD_NAME, SLIPPED_IN_NAME)


def box_kind(el: etree._Element) -> str:
    """What an element's own class/id names it (its names read once): ``"inset"`` for a box set into the body that is
    never the article (:data:`_INSET_NAMES`), ``"appeal"`` for a donation or contribution appeal
    (:data:`APPEAL_NAME`), else ``""``; a topic's class (``tag-donations``) names none."""
    names = _box_names(el)
    if not names:
        return ""
    if any(pattern.search(names) is not None for pattern in _INSET_NAMES) or _calls_to_action(names):
        return "inset"
    return "appeal" if APPEAL_NAME.search(names) is not None else ""


def is_dialog(el: etree._Element) -> bool:
    """Whether an element is a dialog laid over the page (``role="dialog"``, ``role="alertdialog"``,
    ``aria-modal="true"``): a cookie banner, a sign-up or log-in box, which the reader closes to read on."""
    return el.get("role") in _DIALOG_ROLES or el.get("aria-modal") == "true"


_DIALOG_ROLES = frozenset({"dialog", "alertdialog"})


#: A box set into the body that is never the article: an advert or promotion (:func:`is_promotion`; a call to action,
#: :func:`_calls_to_action`, too), a consent manager's box (:func:`is_consent_box`), a reader poll (:func:`is_poll`) or
#: the author's biography (:data:`AUTHOR_BIO_NAME`), an embedded social post (:data:`EMBEDDED_POST_NAME`), a
#: disclaimer (:data:`DISCLAIMER_NAME`).
_INSET_NAMES = (AD_NAME, PROMO_NAME, CONSENT_NAME, POLL_NAME, AUTHOR_BIO_NAME, EMBEDDED_POST_NAME, DISCLAIMER_NAME)


def _box_named(el: etree._Element, *patterns: re.Pattern[str]) -> bool:
    """Whether one of ``patterns`` finds a name of the element's own box (:func:`_box_names`)."""
    names = _box_names(el)
    return bool(names) and any(pattern.search(names) is not None for pattern in patterns)


def _box_names(el: etree._Element) -> str:
    """An element's names in lower case, without the topic classes (:data:`_TOPIC_CLASS`) that file a post."""
    return _TOPIC_CLASS.sub("", element_names(el).lower())


#: A post's own text named as such by its template (``td#postmessage_53888``, ``div.post-body``, FluxBB's
#: ``div.postmsg``, the Hardware.fr engine's ``div#para9712791`` on Doctissimo)...
POST_TEXT_NAME = re.compile(r"message|msg|body|content|text|(?<![a-z])para(?![a-z])", re.I)
#: ... and not a part beside it (``author-text``, ``user-info``, ``message-meta``); CSS's ``user-select`` utility
#: classes (GitHub's ``comment-body ... user-select-contain``) name no user.
BESIDE_POST_TEXT = re.compile(r"author|user(?!-?select)|sig|meta|info|head|foot|avatar|card|profile|title|date"
                              r"|action|tool|quote", re.I)


def names_post_text(names: str) -> bool:
    """Whether an element's names (:func:`element_names`) call it a post's text (``div.post_body``,
    ``div.message-content``) and not a part beside it (``div.author-info``)."""
    return bool(names and POST_TEXT_NAME.search(names) and not BESIDE_POST_TEXT.search(names))
