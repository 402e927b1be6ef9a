"""An article written in sections (``<section>`` per heading, as reStructuredText and Markdown renderers emit them)
is no thread, even at a blog's ``/posts/<slug>/`` address."""

from __future__ import annotations

from scrapy_boiler import extract

SECTIONS = [
    ("Read in chunks", "The classic answer is not to load the whole file but to walk through it in blocks of a few "
     "hundred thousand rows, keeping only the running totals that the report needs at the end of the day."),
    ("Choose the types", "Before splitting anything it pays to ask why the file takes so much memory at all: "
     "columns read as generic objects cost many times what a category or a small integer costs."),
    ("Let someone else do it", "The third option was not to use the data frame library for the heavy part: an "
     "embedded analytical database queries the file in place and hands back only the small result."),
    ("Comparison", "None of this is a serious benchmark: one file, one machine, one run of each. But the gap is wide "
     "enough that from now on my first step with any large file is to open it with the embedded database."),
]
TIMES = [("chunks", "11 min 20 s"), ("with types", "2 min 10 s"), ("database", "40 s")]


def test_a_blog_post_in_sections_at_a_posts_address_is_an_article():
    """Four alike sections, none saying who wrote it and one holding a table of durations, one of which reads like a
    time ("40 s", as "2 h" reads "2 hours ago"): not posts, which show when they were written (most of them) or who
    wrote them."""
    rows = "".join(f"<tr><td><p>{way}</p></td><td><p>{time}</p></td></tr>" for way, time in TIMES)
    sections = "".join(f'<section id="s{index}"><h2><a class="toc-backref" href="#toc-{index}">{title}</a></h2>'
                       + (f"<table><tbody>{rows}</tbody></table>" if index == 3 else "")
                       + f"<p>{text}</p><p>{text}</p></section>" for index, (title, text) in enumerate(SECTIONS))
    page = ("<html><head><title>Huge CSV files in Python</title></head><body><div class='container'><article>"
            "<header><h1>Huge CSV files in Python</h1><p class='byline'>Lucía Ferrer · 3 March 2024</p></header>"
            f"<div class='e-content entry-content'><div>{sections}</div></div></article></div></body></html>")
    doc = extract(page, "https://lucia.example/posts/huge-csv-files-in-python/")
    assert doc.page_type == "article"
    assert not doc.posts
    assert all(text in doc.text for _, text in SECTIONS)


def test_posts_named_so_showing_a_posters_name_and_no_date_stay_a_thread():
    """Flarum's page for browsers without scripts: each post an ``<article>`` with the poster's name in
    ``h3.PostUser-name`` (camel-cased) over ``div.Post-body``, no dates, one post quoting a time in its text. The
    rule above (sections showing neither who nor, mostly, when are no posts) leaves them a thread."""
    said = [("kobayashi", "My two-disk box never sleeps at night even with every package stopped, and the fans run."),
            ("zhou", "Turn on the hibernation debug mode in the support centre and leave the box alone overnight."),
            ("kobayashi", "The log shows a process writing every minute, for example at 02:13 and again at 02:14."),
            ("jie", "That is a container writing its database on the hard disks; move it or stop it at night.")]
    posts = "<hr>".join(f'<article><div class="PostUser"><h3 class="PostUser-name">{user}</h3></div>'
                        f'<div class="Post-body"><p>{text}</p></div></article>' for user, text in said)
    page = ("<html><head><title>Disks never sleep - NAS forum</title></head><body><div id='flarum-loading'>"
            f"</div><main><h1>Disks never sleep</h1><div class='container'><div>{posts}</div></div></main>"
            "</body></html>")
    doc = extract(page, "https://bbs.example.cn/d/3157")
    assert doc.page_type in ("forum", "qa")
    assert [post.text for post in doc.posts] == [text for _, text in said]
    assert [post.author for post in doc.posts] == [user for user, _ in said]
