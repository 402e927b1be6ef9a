"""A later page of a thread (written pages): its replies quote posts shown on earlier pages, which no post here holds;
a quotation naming the post or poster it quotes is left out of the reply all the same."""

from __future__ import annotations

import pytest

from scrapy_boiler import extract

QUOTED = "The snapshot approach feels faster but I have no idea if the data files are consistent at that moment."
REPLIES = [
    "They are not, unless you stop the container first or the snapshot is atomic across the whole data directory.",
    "I run pg_dump every night at three and keep a week of dumps; restoring one takes a couple of minutes at most.",
    "Whatever you pick, try a restore once a month, or you only believe you have backups until the day you need one.",
]


def _later_page(quotation: str) -> str:
    posts = "".join(
        f'<div class="post" id="p{n}"><div class="poster"><a href="/members/user{n}">user{n}</a></div>'
        f'<div class="date">Sep {n}, 2025</div><div class="post-body">{quotation if n == 1 else ""}{text}<br/>'
        "Hope that helps.</div></div>" for n, text in enumerate(REPLIES, 1))
    return ("<html><head><title>Nightly Postgres backups - page 2</title></head><body><h1>Nightly Postgres backups"
            f'</h1><div class="posts">{posts}</div></body></html>')


@pytest.mark.parametrize("quotation", [
    f'<aside class="quote" data-username="raven" data-post="19"><div class="title">raven:</div>'
    f"<blockquote>{QUOTED}</blockquote></aside>",  # Discourse
    f'<blockquote class="ipsQuote" data-ipsquote-username="raven"><div>{QUOTED}</div></blockquote>',  # Invision
    f'<blockquote data-quote="raven" class="bbCodeBlock--quote"><div>{QUOTED}</div></blockquote>',  # XenForo
    f'<blockquote cite="./viewtopic.php?p=4#p4"><div><cite><a href="#p4">raven</a> wrote:</cite>{QUOTED}</div>'
    "</blockquote>",  # phpBB
    f'<blockquote class="bbc_standard_quote"><cite><a href="?topic=1.msg4#msg4">Quote: raven, 14 October 2025'
    f"</a></cite>{QUOTED}</blockquote>",  # SMF
    f'<div class="bbcode_quote"><div class="bbcode_postedby">Originally Posted by <strong>raven</strong></div>'
    f'<div class="message">{QUOTED}</div></div>',  # vBulletin
])
def test_a_quotation_naming_a_post_of_an_earlier_page_is_no_part_of_the_reply(quotation):
    doc = extract(_later_page(quotation), "https://forum.example/t/nightly-postgres-backups/18342?page=2")
    assert doc.page_type == "forum"
    texts = [post.text for post in doc.posts]
    assert any(REPLIES[0] in text for text in texts) and not any(QUOTED in text for text in texts)


def test_a_quotation_naming_nothing_stays_in_the_reply():
    """A quotation from a manual names no poster: it is part of what the reply says."""
    doc = extract(_later_page(f"<blockquote><p>{QUOTED}</p></blockquote>"),
                  "https://forum.example/t/nightly-postgres-backups/18342?page=2")
    assert any(QUOTED in post.text and REPLIES[0] in post.text for post in doc.posts)
