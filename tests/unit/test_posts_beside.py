"""Posts drawn in another template than the group's: GitHub's reviews between its comments, bbPress's lead topic."""

from __future__ import annotations

from scrapy_boiler import extract
from scrapy_boiler.parse.html import parse_html
from scrapy_boiler.segment.post_groups import find_post_group

BODY = "comment-body markdown-body js-comment-body"


def _comment(who: str, text: str) -> str:
    return (f'<div class="TimelineItem js-comment-container"><div class="timeline-comment-header"><a class="author" '
            f'href="/{who}">{who}</a> commented <relative-time datetime="2025-03-12T10:00:00Z">Mar 12</relative-time>'
            f'</div><table><tbody><tr><td class="d-block {BODY}"><p>{text}</p></td></tr></tbody></table></div>')


def _review(summary: str, inline: list[str]) -> str:
    comments = "".join(f'<div class="review-comment"><a class="author" href="/dv">dv</a><div class="{BODY} '
                       f'soft-wrap user-select-contain d-block"><p>{text}</p></div></div>' for text in inline)
    return (f'<div class="js-timeline-item js-timeline-progressive-focus-container"><div class="review-head">'
            f'<a href="/dv">dv</a> requested changes</div><table><tbody><tr><td class="d-block {BODY}"><p>{summary}'
            f'</p></td></tr></tbody></table><details class="review-thread"><summary>src/cache.py</summary>'
            f'<pre>- ttl = base</pre>{comments}</details></div>')


EVENT = '<div class="TimelineItem js-targetable-element"><a href="/dv">dv</a> added the enhancement label</div>'
TEXTS = [
    "This pull request adds optional jitter to the time to live of cache entries so that keys do not expire at once.",
    "Thanks, this is a feature people have asked for several times. A few things before we merge, see below.",
    "If the jitter is a fraction and the time to live is very small, this can produce a time to live of zero.",
    "Using the module level random here means anyone who seeds it in their application changes our behaviour.",
    "Good point about the lower bound. I will clamp it to one second and add a test for the smallest value.",
    "Released in version 2.7.0 together with the documentation of both forms of the new argument.",
]


def _page() -> str:
    timeline = (_comment("noor", TEXTS[0]) + EVENT + _review(TEXTS[1], TEXTS[2:4]) + _comment("noor", TEXTS[4])
                + EVENT + _comment("dv", TEXTS[5]))
    return (f"<html><head><title>Add TTL jitter · Pull Request #412</title></head><body><main>"
            f'<div class="js-discussion">{timeline}</div></main></body></html>')


def test_a_review_between_the_comments_gives_its_summary_and_inline_comments_as_posts():
    """The comments are the group; the review between them is another template, whose summary and comments on lines
    of code have bodies named as the comments' are: they are posts too, in page order; the events are none."""
    group = find_post_group(parse_html(_page()).root)
    assert group is not None
    assert [" ".join(word for body in bodies for word in "".join(body.itertext()).split())
            for bodies in group.bodies] == TEXTS
    doc = extract(_page(), "https://github.com/acme/cachex/pull/412")
    assert [post.text for post in doc.posts] == TEXTS


def test_a_box_named_otherwise_beside_the_comments_is_no_post():
    """A sibling whose text is not in an element named as the bodies (a review without a summary, an event) adds
    nothing; nor does an advert or a related entry set among the posts, its text rendered as theirs (Quora's)."""
    page = _page().replace(_review(TEXTS[1], TEXTS[2:4]), EVENT)
    group = find_post_group(parse_html(page).root)
    assert group is not None and len(group.members) == 3
    advert = ('<div class="TimelineItem sponsored-entry"><table><tbody><tr><td class="d-block comment-body '
              'markdown-body js-comment-body"><p>Book a free discovery flight at one of our twelve campuses and see '
              "if flying is for you.</p></td></tr></tbody></table></div>")
    group = find_post_group(parse_html(page.replace(EVENT, advert, 1)).root)
    assert group is not None and len(group.members) == 3


def _bbpress(kind: str, who: str, text: str, position: int) -> str:
    extra = f" bbp-reply-position-{position}" if kind == "reply" else ""
    return (f'<div id="post-{1000 + position}" class="loop-item-0 {kind}{extra} type-{kind} post-{1000 + position} '
            f'hentry"><div class="bbp-{kind}-author"><a class="bbp-author-link" href="/users/{who}/">{who}</a>'
            f'<p class="bbp-{kind}-post-date">2 weeks ago</p></div><div class="bbp-{kind}-content"><p>{text}</p>'
            f"</div></div>")


def test_a_lead_topic_named_as_a_topic_above_replies_named_as_replies_is_the_opening_post():
    """bbPress (WordPress.org's support forums) shows the topic above the replies in a list of its own, its boxes
    named ``bbp-topic-*`` where the replies' are ``bbp-reply-*``: it is the opening post, its body the topic's
    content box, without the poster's box beside it."""
    opening = "Since updating the plugin yesterday my site no longer serves WebP files to any browser at all."
    replies = ["Version 3.2.0 changed the naming of the generated files, so your rewrite rule needs a change.",
               "That fixed it for most images, thanks! About a third of the older ones are still served as JPEG.",
               "The background migration renames those in batches through cron, so it may not have finished yet."]
    items = "".join(f"<li>{_bbpress('reply', who, text, i + 2)}</li>"
                    for i, (who, text) in enumerate(zip(["kasia", "bjorn", "kasia"], replies, strict=True)))
    page = (f'<html><head><title>WebP images not served | WordPress.org</title></head><body><main><div id="bbpress-'
            f'forums"><div class="bbp-topic-wrapper"><ul class="bbp-lead-topic"><li class="bbp-body">'
            f'{_bbpress("topic", "bjorn", opening, 1)}</li></ul><ul class="forums bbp-replies">{items}</ul></div>'
            "</div></main></body></html>")
    group = find_post_group(parse_html(page).root)
    assert group is not None and group.question_found
    doc = extract(page, "https://wordpress.org/support/topic/webp-images-not-served/")
    assert [post.text for post in doc.posts] == [opening, *replies]


def test_a_lead_topic_under_its_header_row_reads_its_text_not_the_column_label():
    """WordPress.org's lead topic starts with a header row whose "Topic" column label is a ``div.bbp-topic-content``
    too: the first box named like the topic's text, under another parent than the text's, was read as the opening
    post (the whole post "Topic"). A label too short to be a post is passed over. The replies are the boxes of one
    ``li.bbp-body``, each of two paragraphs, as there."""
    opening = "Since updating the plugin yesterday my site no longer serves WebP files to any browser at all."
    replies = ["Version 3.2.0 changed the naming of the generated files.\nSo your rewrite rule needs a change.",
               "That fixed it for most images, thanks!\nAbout a third of the older ones are still served as JPEG."]
    items = "".join(_bbpress("reply", who, text.replace("\n", "</p><p>"), i + 2)  # paragraphs, as there
                    for i, (who, text) in enumerate(zip(["kasia", "bjorn"], replies, strict=True)))
    header = ('<li class="bbp-header"><div class="bbp-topic-author">Author</div><div class="bbp-topic-content">Topic'
              "</div></li>")
    page = (f'<html><head><title>WebP images not served | WordPress.org</title></head><body><main><div id="bbpress-'
            f'forums"><div class="bbp-topic-wrapper"><ul class="bbp-lead-topic">{header}<li class="bbp-body">'
            f'{_bbpress("topic", "bjorn", opening, 1)}</li></ul><ul class="forums bbp-replies"><li class="bbp-body">'
            f"{items}</li></ul></div></div></main></body></html>")
    doc = extract(page, "https://wordpress.org/support/topic/webp-images-not-served/")
    assert [post.text for post in doc.posts] == [opening, *replies]


def test_a_topic_listed_first_among_its_replies_is_the_opening_post_not_its_title():
    """Backpacking Light lists the topic as the first of the replies' boxes (``bbp-reply-*`` inside, ``type-topic``
    on it where the replies say ``type-reply``), under the page's ``<h1>``: the title alone was made an opening post
    above it, as for a link shared for discussion."""
    title = "20°F quilt for late-September Wind Rivers: enough, or am I kidding myself?"
    texts = ["Planning a five-night loop out of Big Sandy in late September, camping high. Is my quilt enough?",
             "Your pad is doing a lot of the work here and it is a good one, so wear everything and you will be fine.",
             "Bring the warmer bag. A cold night at ten thousand feet is long, and the extra pound is worth it."]

    def box(position: int, kind: str, who: str, text: str) -> str:
        return (f'<div id="post-{9000 + position}" class="bbp-reply-header"><div class="bbp-meta"><span class='
                f'"bbp-reply-post-date">September {position + 1}, 2025 at 9:14 pm</span></div></div><div class='
                f'"loop-item-{position} bbp-reply-position-{position + 1} post-{9000 + position} {kind} type-{kind} '
                f'hentry"><div class="bbp-reply-author"><a class="bbp-author-link" href="/forums/users/{who}/">{who}'
                f'</a></div><div class="bbp-reply-content"><p>{text}</p></div></div>')
    boxes = "".join(box(i, "topic" if i == 0 else "reply", who, text)
                    for i, (who, text) in enumerate(zip(["nate", "kasia", "bjorn"], texts, strict=True)))
    page = (f"<html><head><title>{title} - Backpacking Light</title></head><body><main><header class='entry-header'>"
            f"<h1 class='entry-title'>{title}</h1></header><div class='entry-content'><div id='bbpress-forums'><ul "
            f"class='forums bbp-replies'><li class='bbp-body'>{boxes}</li></ul></div></div></main></body></html>")
    doc = extract(page, "https://backpackinglight.com/forums/topic/20f-quilt-for-late-september-wind-rivers/")
    assert [post.text for post in doc.posts] == texts
