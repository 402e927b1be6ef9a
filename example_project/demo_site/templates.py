"""HTML of the demo site's pages: three article layouts, two Q&A layouts, listings, the home page.

The layouts differ the way real sites do (semantic HTML5, a div soup with in-body ads, an old table
layout; a Q&A site and a table-based forum) so that extraction is not one template learned by heart.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape

from demo_site import prose
from demo_site.content import Article, Comment, Thread

SITE_NAME = "The Vale Courier"
QA_NAME = "Fix It Together"


def _page(title: str, body: str, *, lang: str = "en") -> str:
    return (f'<!DOCTYPE html>\n<html lang="{lang}"><head><meta charset="utf-8">\n'
            f"<title>{escape(title)}</title>\n"
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            '<style>body{font-family:serif;margin:0} .ad{background:#eee}</style>\n'
            "<script>window.dataLayer = window.dataLayer || [];</script>\n"
            f"</head>\n<body>\n{body}\n</body></html>\n")


def _link_list(items: Sequence[tuple[str, str]], css: str = "") -> str:
    cls = f' class="{css}"' if css else ""
    lis = "".join(f'<li><a href="{escape(href)}">{escape(text)}</a></li>' for href, text in items)
    return f"<ul{cls}>{lis}</ul>"


def news_header(active: str) -> str:
    nav = "".join(
        f'<li{" class=active" if name == active else ""}><a href="/news/?section={name.lower()}">{name}</a></li>'
        for name in prose.NAV_SECTIONS)
    return (f'<header class="masthead"><a class="logo" href="/">{SITE_NAME}</a>'
            '<form class="search" action="/search"><input name="q" placeholder="Search"></form>'
            f'<nav class="sections"><ul>{nav}</ul></nav>'
            '<div class="ticker">Breaking: road closures announced for the Harrowgate Cross fun run on Sunday'
            "</div></header>")


def news_footer() -> str:
    links = [(f"/about/{i}", text) for i, text in enumerate(prose.FOOTER_LINKS)]
    return (f'<footer class="site-footer">{_link_list(links)}'
            f"<p>© 2026 {SITE_NAME}. All rights reserved. Registered in Ashford Vale.</p></footer>")


def advert(index: int, css: str = "ad") -> str:
    title, copy = prose.ADVERTS[index % len(prose.ADVERTS)]
    return (f'<div class="{css}"><span class="ad-label">Advertisement</span>'
            f'<a href="/ads/click?id={index}" rel="sponsored"><b>{escape(title)}</b> {escape(copy)}</a></div>')


def _comments_html(comments: Sequence[Comment], style: str) -> str:
    if style == "list":
        items = "".join(f'<li class="comment"><span class="who">{escape(c.author)}</span> '
                        f'<time>{c.date.isoformat()}</time><p>{escape(c.text)}</p>'
                        '<a href="#reply" class="reply">Reply</a></li>' for c in comments)
        return (f'<section id="comments"><h2>Comments ({len(comments)})</h2><ol class="comment-list">{items}</ol>'
                '<form class="comment-form"><textarea name="c"></textarea><button>Post comment</button></form>'
                "</section>")
    if style == "divs":
        items = "".join(f'<div class="comment"><div class="comment-meta">{escape(c.author)} wrote on '
                        f'{c.date:%d %B %Y}:</div><div class="comment-body">{escape(c.text)}</div></div>'
                        for c in comments)
        return f'<div class="comment-thread"><h3>Reader comments</h3>{items}</div>'
    rows = "".join(f"<tr><td><b>{escape(c.author)}</b><br><small>{c.date.isoformat()}</small></td>"
                   f"<td>{escape(c.text)}</td></tr>" for c in comments)
    return f'<h4>Your views</h4><table class="comments" border="0">{rows}</table>'


def _related(related: Sequence[Article]) -> list[tuple[str, str]]:
    return [(a.path, a.headline) for a in related]


def article_page(a: Article, related: Sequence[Article]) -> str:
    """One of three layouts, picked by ``a.layout``."""
    render: Callable[[Article, Sequence[Article]], str] = (_article_semantic, _article_divs, _article_tables)[a.layout]
    return _page(f"{a.headline} | {a.section} | {SITE_NAME}", render(a, related))


def _byline(a: Article) -> str:
    return f"By {a.author}, {a.date:%d %B %Y}"


def _article_semantic(a: Article, related: Sequence[Article]) -> str:
    paras = [f"<p>{escape(p)}</p>" for p in a.paragraphs]
    paras.insert(2, f"<blockquote><p>{escape(a.quote)}</p><cite>{escape(a.quote_by)}</cite></blockquote>")
    return (news_header(a.section)
            + '<main><article class="story">'
            f'<header><p class="kicker">{escape(a.section)}</p><h1>{escape(a.headline)}</h1>'
            f'<p class="standfirst">{escape(a.standfirst)}</p>'
            f'<p class="byline">{escape(_byline(a))}</p></header>'
            f'<div class="share"><a href="/share?to=mail">Email</a> <a href="/share?to=print">Print</a></div>'
            + "".join(paras)
            + "</article>"
            + f'<aside class="related"><h2>Related stories</h2>{_link_list(_related(related))}</aside>'
            + _comments_html(a.comments, "list")
            + f'</main><aside class="sidebar">{advert(a.number)}<h3>Most read</h3>'
            f"{_link_list(_related(related[:3]), 'most-read')}</aside>"
            + news_footer())


def _article_divs(a: Article, related: Sequence[Article]) -> str:
    paras = [f'<div class="para">{escape(p)}</div>' for p in a.paragraphs]
    paras.insert(3, advert(a.number + 1, "ad inline-ad"))
    paras.insert(2, f'<div class="pullquote">“{escape(a.quote)}” — {escape(a.quote_by)}</div>')
    cards = "".join(f'<div class="card"><a href="{escape(r.path)}"><h3>{escape(r.headline)}</h3></a>'
                    f'<span class="card-section">{escape(r.section)}</span></div>' for r in related)
    return (news_header(a.section)
            + '<div id="wrapper"><div id="content"><div class="breadcrumbs"><a href="/">Home</a> › '
            f'<a href="/news/">News</a> › {escape(a.section)}</div>'
            f'<div class="headline"><h1 class="title">{escape(a.headline)}</h1></div>'
            f'<div class="meta">{escape(_byline(a))} · <a href="#comments">{len(a.comments)} comments</a></div>'
            f'<div class="story-body">{"".join(paras)}</div>'
            '<div class="newsletter">Get the morning briefing in your inbox. '
            '<a href="/newsletter">Sign up free</a></div>'
            f'<div class="read-more"><h2>Read more</h2>{cards}</div>'
            + _comments_html(a.comments, "divs")
            + f'</div><div id="right-rail">{advert(a.number + 2)}{advert(a.number + 3)}</div></div>'
            + news_footer())


def _article_tables(a: Article, related: Sequence[Article]) -> str:
    text = "<br><br>\n".join(escape(p) for p in a.paragraphs[:2])
    text += f"<br><br>\n<i>&quot;{escape(a.quote)}&quot;</i> said {escape(a.quote_by)}.<br><br>\n"
    text += "<br><br>\n".join(escape(p) for p in a.paragraphs[2:])
    left = _link_list([(f"/news/?section={s.lower()}", s) for s in prose.NAV_SECTIONS], "leftnav")
    return (f'<table width="100%" cellpadding="4"><tr><td colspan="3" class="top"><a href="/"><b>{SITE_NAME}</b>'
            '</a> | <a href="/news/">Latest news</a> | <a href="/qa/">Ask the readers</a></td></tr>'
            f'<tr><td valign="top" width="150">{left}</td>'
            f'<td valign="top" class="main"><font size="5"><b>{escape(a.headline)}</b></font><br>'
            f"<small>{escape(_byline(a))}</small><br><br>\n{text}\n<br><br>"
            f'<b>See also:</b> {_link_list(_related(related))}{_comments_html(a.comments, "table")}</td>'
            f'<td valign="top" width="200">{advert(a.number)}</td></tr>'
            f'<tr><td colspan="3">{news_footer()}</td></tr></table>')


def news_listing(page: int, pages: int, articles: Sequence[Article], *, extra_links: str = "") -> str:
    """Listing page ``page`` of ``pages``: teasers, numbered pagination (a window around the page)."""
    teasers = "".join(f'<div class="teaser"><h2><a href="{escape(a.path)}">{escape(a.headline)}</a></h2>'
                      f'<p>{escape(a.standfirst)}</p><span class="section">{escape(a.section)}</span></div>'
                      for a in articles)
    window = page_window(page, pages)
    links = "".join(f'<li><a href="{listing_path("news", n)}">{n}</a></li>' if n != page else f"<li>{n}</li>"
                    for n in window)
    body = (news_header("Home") + f'<main class="front"><h1>Latest news</h1>{extra_links}{teasers}'
            f'<nav class="pagination"><ul>{links}</ul></nav></main>'
            f'<aside class="sidebar">{advert(page)}</aside>' + news_footer())
    return _page(f"Latest news, page {page} | {SITE_NAME}", body)


def page_window(page: int, pages: int, around: int = 3) -> list[int]:
    """The page numbers a paginator shows: the first, the last and ``around`` on each side of ``page``."""
    return sorted({1, pages, *range(max(1, page - around), min(pages, page + around) + 1)})


def listing_path(section: str, page: int) -> str:
    return f"/{section}/" if page == 1 else f"/{section}/page/{page}.html"


def qa_header() -> str:
    return (f'<div class="topbar"><a class="logo" href="/qa/">{QA_NAME}</a>'
            '<a href="/qa/ask">Ask a question</a> <a href="/qa/tags">Tags</a> <a href="/qa/users">Users</a>'
            '<a href="/login">Log in</a></div>')


def qa_footer() -> str:
    return (f'<div class="footer">{QA_NAME} is a community of home tinkerers. '
            '<a href="/qa/help">Help</a> <a href="/qa/rules">House rules</a> <a href="/about/6">Terms</a></div>')


def thread_page(t: Thread, hot: Sequence[Thread]) -> str:
    render = (_thread_qa, _thread_forum)[t.layout]
    return _page(f"{t.title} - {QA_NAME}", render(t, hot))


def _thread_qa(t: Thread, hot: Sequence[Thread]) -> str:
    def post(kind: str, votes: int, paragraphs: Sequence[str], author: str, date: str, accepted: bool,
             comments: Sequence[Comment]) -> str:
        verb = "asked" if kind == "question" else "answered"
        mark = '<span class="accepted" title="accepted answer">✔</span>' if accepted else ""
        notes = "".join(f'<li class="note">{escape(c.text)} – <a href="/qa/users/{escape(c.author)}">'
                        f"{escape(c.author)}</a></li>" for c in comments)
        return (f'<div class="{kind}"><div class="votecell"><span class="vote-count">{votes}</span>{mark}</div>'
                f'<div class="postcell"><div class="post-text">{"".join(f"<p>{escape(p)}</p>" for p in paragraphs)}'
                f'</div><div class="user-info">{verb} {date} by <a href="/qa/users/{escape(author)}">'
                f"{escape(author)}</a></div><ul class=\"post-notes\">{notes}</ul></div></div>")

    tags = "".join(f'<a class="tag" href="/qa/tags/{tag}">{tag}</a>' for tag in t.tags)
    answers = "".join(post("answer", a.votes, a.paragraphs, a.author, a.date.isoformat(), a.accepted, a.comments)
                      for a in t.answers)
    hot_links = _link_list([(h.path, h.title) for h in hot], "hot")
    return (qa_header()
            + f'<div id="mainbar"><h1 class="question-title">{escape(t.title)}</h1>'
            + post("question", t.votes, t.paragraphs, t.author, t.date.isoformat(), False, ())
            + f'<div class="tags">{tags}</div>'
            + f'<div id="answers"><h2>{len(t.answers)} Answers</h2>{answers}</div>'
            + '<div class="your-answer"><h2>Your answer</h2><textarea></textarea></div></div>'
            + f'<div id="sidebar"><div class="hot-questions"><h4>Hot questions</h4>{hot_links}</div>'
            + f"{advert(t.number, 'ad sidebar-ad')}</div>"
            + qa_footer())


def _thread_forum(t: Thread, hot: Sequence[Thread]) -> str:
    def row(author: str, date: str, paragraphs: Sequence[str], number: int) -> str:
        signature = prose.SIGNATURES[(number + len(author)) % len(prose.SIGNATURES)]
        return (f'<tr class="post" id="p{number}"><td class="author" valign="top"><b>{escape(author)}</b><br>'
                f"<small>Member</small><br><small>Posts: {17 * (number + 3)}</small></td>"
                f'<td class="message" valign="top"><div class="postdate">#{number} Posted {date}</div>'
                f'<div class="postbody">{"<br><br>".join(escape(p) for p in paragraphs)}</div>'
                f'<div class="signature">{escape(signature)}</div></td></tr>')

    rows = [row(t.author, t.date.isoformat(), t.paragraphs, 1)]
    rows += [row(a.author, a.date.isoformat(), a.paragraphs, k + 2) for k, a in enumerate(t.answers)]
    hot_links = _link_list([(h.path, h.title) for h in hot], "active-topics")
    return (qa_header()
            + '<div class="breadcrumb"><a href="/qa/">Forum index</a> » Help and advice</div>'
            + f'<h1 class="topic-title">{escape(t.title)}</h1>'
            + f'<table class="posts" width="100%">{"".join(rows)}</table>'
            + f'<div class="pager">Page 1 of 1 · {len(t.answers) + 1} posts</div>'
            + f'<div class="active"><h3>Active topics</h3>{hot_links}</div>'
            + qa_footer())


def qa_listing(page: int, pages: int, threads: Sequence[Thread]) -> str:
    rows = "".join(f'<div class="question-summary"><span class="votes">{t.votes} votes</span> '
                   f'<span class="answers">{len(t.answers)} answers</span> '
                   f'<h3><a href="{escape(t.path)}">{escape(t.title)}</a></h3></div>' for t in threads)
    window = page_window(page, pages)
    links = " ".join(f'<a href="{listing_path("qa", n)}">{n}</a>' if n != page else f"<b>{n}</b>" for n in window)
    body = (qa_header() + f'<div id="mainbar"><h1>Newest questions</h1>{rows}<div class="pager">{links}</div></div>'
            + qa_footer())
    return _page(f"Newest questions, page {page} - {QA_NAME}", body)


def home_page() -> str:
    body = (news_header("Home")
            + "<main><h1>Welcome</h1><p>This site is made up for the scrapy-boiler demo: a local newspaper and a "
            "questions-and-answers forum, generated from a few hundred sentences written for it.</p>"
            f'<ul><li><a href="/news/">{SITE_NAME}: latest news</a></li>'
            f'<li><a href="/qa/">{QA_NAME}: questions and answers</a></li></ul></main>' + news_footer())
    return _page(SITE_NAME, body)


def info_page(path: str) -> str:
    """The page behind a chrome link (footer, tags, users, share, ads): real sites have one, so links resolve."""
    name = path.strip("/").replace("/", " › ")
    body = (news_header("Home") + f"<main><h1>{escape(name)}</h1><p>There is not much to see here: this page "
            "exists so that every link of the demo site leads somewhere.</p></main>" + news_footer())
    return _page(f"{name} | {SITE_NAME}", body)


def error_page(status: int, message: str) -> str:
    return _page(f"{status} {message}", f"<h1>{status} {escape(message)}</h1><p>Sorry about that.</p>")
