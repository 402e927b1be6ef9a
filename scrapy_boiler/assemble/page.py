"""Assemble a labelled page into its :class:`~scrapy_boiler.Document`: the last stage every page goes through.

Whatever model labelled the blocks, the Document is built the same way: the content blocks give ``text``
(:mod:`~scrapy_boiler.assemble.render`) and ``html``, their text nodes in the page's tree give ``markdown``
(:mod:`~scrapy_boiler.assemble.kept`, :mod:`~scrapy_boiler.assemble.markdown`), every block becomes a public
:class:`~scrapy_boiler.Block` with its tag, class and XPath paths, the headline is the heading that repeats the
``<title>`` (:mod:`~scrapy_boiler.assemble.headline`) and stays out of an article's text with any dangling heading at
its end (:mod:`~scrapy_boiler.assemble.body`), and on a thread the post group gives ``posts`` and ``qa_pairs``
(:mod:`~scrapy_boiler.assemble.posts`). On an article, a comment thread under it lands in ``posts`` and stays out of
``text``.
"""

from __future__ import annotations

from dataclasses import replace

from lxml import etree

from scrapy_boiler.assemble.body import trim_article
from scrapy_boiler.assemble.declared_answers import with_declared_details
from scrapy_boiler.assemble.declared_body import hidden_declared_body
from scrapy_boiler.assemble.headline import find_headline
from scrapy_boiler.assemble.kept import KeptText, block_text, kept_text
from scrapy_boiler.assemble.markdown import to_markdown
from scrapy_boiler.assemble.metadata import page_metadata
from scrapy_boiler.assemble.posts import build_posts, qa_pairs, question_text
from scrapy_boiler.assemble.render import lines_html, to_html, to_text
from scrapy_boiler.document import BOILERPLATE, CONTENT, THREAD_TYPES, Block, Document, Post, QAPair, defer
from scrapy_boiler.extractors.base import PageLabels
from scrapy_boiler.parse.dates import normalise_date
from scrapy_boiler.parse.html import ParsedPage
from scrapy_boiler.segment.blocks import TextBlock
from scrapy_boiler.segment.paths import ElementPaths
from scrapy_boiler.segment.post_groups import PostGroup


def assemble(page: ParsedPage, labels: PageLabels, model_name: str) -> Document:
    """The Document of a page from the labels a model gave its blocks; ``model_name`` is the name asked for.

    Its ``blocks``, ``markdown`` and ``metadata`` are left to be computed on first read (see
    :class:`~scrapy_boiler.Document`)."""
    shared_title = page.meta.get("og:title") or page.meta.get("twitter:title") or ""
    headline = find_headline(labels.blocks, page.title, shared_title)
    if labels.page_type not in THREAD_TYPES:
        trim_article(labels.blocks, headline)
    kept = kept_text(page.root, labels.leaves, labels.blocks, labels.runs)
    # soft hyphens are hyphenation hints for the body's layout, not for a headline shown alone ("Ver\xadfas\xadsung")
    at, spaced = _spaced_headline(headline, labels.blocks, kept)
    headline = spaced.replace("\xad", "")
    posts: list[Post] = []
    pairs: list[QAPair] = []
    question = ""
    group = labels.post_group
    thread = group is not None and labels.page_type in THREAD_TYPES
    if thread:
        content = [False] * len(labels.leaves)
        for block in labels.blocks:
            if block.is_content:
                content[block.leaf_start:block.leaf_end] = [True] * (block.leaf_end - block.leaf_start)
        posts = build_posts(group, labels.leaves, content, labels.blocks, kept)
    elif group is not None and (comments := _comment_thread(labels)) is not None:
        # an article's comments, kept apart from its text
        posts = build_posts(comments, labels.leaves, blocks=labels.blocks, kept=kept)
    if posts and page.json_ld:
        posts = with_declared_details(posts, page.json_ld)
    posts = [replace(post, date_iso=normalise_date(post.date)) if post.date else post for post in posts]
    if thread:
        pairs = qa_pairs(headline or page.title, posts)
        question = question_text(headline or page.title, posts)
    text, html = to_text(labels.blocks, kept), to_html(labels.blocks)
    markdown: str | None = None
    warnings = list(page.warnings)
    if labels.page_type not in THREAD_TYPES and page.json_ld:
        declared = hidden_declared_body(page, [block_text(block, kept) for block in labels.blocks if block.is_content])
        if declared is not None:
            text, html, markdown = "\n".join(declared), lines_html(declared), "\n\n".join(declared)
            warnings.append("declared_body")
    doc = Document(
        text=text,
        title=page.title,
        html=html,
        blocks=[],
        model=labels.model or model_name,
        headline=headline,
        page_type=labels.page_type,
        page_type_score=labels.page_type_score,
        url=page.url,
        encoding=page.encoding,
        num_leaves=len(labels.leaves),
        warnings=warnings,
        posts=posts,
        question=question,
        qa_pairs=pairs,
    )
    texts = {at: spaced} if at is not None else {}
    defer(doc, "blocks", lambda: public_blocks(labels.blocks, page.root, texts))
    if markdown is None:
        defer(doc, "markdown", lambda: to_markdown(kept, base_url=page.url))
    else:
        doc.markdown = markdown
    defer(doc, "metadata", lambda: page_metadata(page, labels, text, headline))
    return doc


def _spaced_headline(headline: str, labelled: list[TextBlock], kept: KeptText) -> tuple[int | None, str]:
    """The position of the headline's block and its text with the spaces between its inline elements
    (``<span>Title</span> <span>#42</span>``, joined without one in the block's ``text`` the models read)."""
    for position, block in enumerate(labelled):
        if headline and block.text == headline:
            return position, block_text(block, kept)
    return None, headline


def _comment_thread(labels: PageLabels) -> PostGroup | None:
    """On an article page, the members of its post group that hold none of its content: the comment thread under
    the article (the group may start with the article itself, found above the comments as a thread's question)."""
    group = labels.post_group
    if group is None or not (group.keyword or group.comments_heading or group.stamped_comments):
        return None
    members = group.member_of()
    holding = {members[block.element] for block in labels.blocks if block.is_content and block.element in members}
    keep = [i for i in range(len(group.members)) if i not in holding]
    if not keep or (holding and min(holding) != 0) or len(holding) > 1:  # only the first member may be the article
        return None
    if not holding:
        return group
    return replace(group, members=[group.members[i] for i in keep], bodies=[group.bodies[i] for i in keep],
                   declared=tuple(group.declared[i] for i in keep) if group.declared else None, question_found=False)


def public_blocks(blocks: list[TextBlock], root: etree._Element, texts: dict[int, str] | None = None) -> list[Block]:
    """The labelled blocks as :class:`~scrapy_boiler.Block` records, with their paths in the tree; ``texts`` gives the
    text of some blocks by position (the headline's, with the spaces between its inline elements)."""
    paths = ElementPaths(root)
    texts = texts or {}
    out: list[Block] = []
    for position, block in enumerate(blocks):
        tag_path, class_path = paths.of(block.element)
        xpath = paths.xpath(block.element)
        features = block.features
        out.append(
            Block(
                index=block.index,
                text=texts.get(position, block.text),
                label=CONTENT if block.is_content else BOILERPLATE,
                score=block.score,
                tag_path=tag_path,
                class_path=class_path,
                xpath=xpath,
                leaf_start=block.leaf_start,
                leaf_end=block.leaf_end,
                num_words=features.num_words if features else 0,
                link_density=features.link_density if features else 0.0,
                text_density=features.text_density if features else 0.0,
                reasons=tuple(block.reasons),
            )
        )
    return out
