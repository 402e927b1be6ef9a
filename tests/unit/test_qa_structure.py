"""Q&A structure on a Stack-Exchange-style page: the question is found, chrome stays out, metadata and pairs.

``stackexchange_style.html`` is written by hand after the shape of a Stack Exchange question page: the question in
a ``postcell``, the answers in ``answercell``s of another container, vote counts, "Share / Improve / Follow" bars,
user cards, comments under the question, a "Related" and a "Hot Network Questions" sidebar, and schema.org
``QAPage`` microdata. The same page with its microdata stripped must give the same thread from the layout alone.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from scrapy_boiler import extract
from scrapy_boiler.assemble.posts import trim_chrome
from scrapy_boiler.document import Document, Post, QAPair
from scrapy_boiler.extractors.threads.copied_answer import without_copied_posts
from scrapy_boiler.parse.html import parse_html
from scrapy_boiler.segment.blocks import annotate, segment
from scrapy_boiler.segment.post_groups import find_post_group

PAGE = Path(__file__).resolve().parents[1] / "pages" / "stackexchange_style.html"
URL = "https://garden.example/questions/5512/why-do-my-tomato-leaves-curl-upwards-in-july"
_MICRODATA = re.compile(rb'\s(?:itemprop|itemscope|itemtype)(?:="[^"]*")?')


def _doc(microdata: bool = True) -> Document:
    html = PAGE.read_bytes()
    return extract(html if microdata else _MICRODATA.sub(b"", html), URL)


@pytest.mark.parametrize("microdata", [True, False], ids=["microdata", "layout only"])
def test_question_and_answers_are_found(microdata):
    doc = _doc(microdata)
    assert doc.page_type == "qa"
    assert doc.question.startswith("Why do my tomato leaves curl upwards in July?\nEvery summer")
    assert "Should I change how I water?" in doc.question
    assert [post.text.split()[0] for post in doc.answers] == ["What", "Check", "Black"]
    for post in doc.posts:  # no vote counts, buttons, user cards, tags or comments inside a post
        assert not re.search(r"^\d+$|Share|Follow|Improve this|reputation|rosa pergola|heirlooms", post.text, re.M)
    assert "Hot Network Questions" not in doc.text and "sourdough starter" not in doc.text
    assert "Why are the bottoms of my tomatoes turning black?" not in doc.text


def test_microdata_and_layout_agree():
    declared, layout = _doc(True), _doc(False)
    assert [p.text for p in declared.posts] == [p.text for p in layout.posts]
    meta = [[(p.votes, p.accepted, p.url) for p in doc.posts] for doc in (declared, layout)]
    assert meta[0] == meta[1]


def test_answer_metadata_and_pair_order():
    doc = _doc()
    question, *answers = doc.posts
    assert (question.votes, question.accepted, question.author) == (31, False, "rosa pergola")
    assert [(a.votes, a.accepted, a.author, a.url) for a in answers] == [
        (44, True, "old grower", "/a/5513"), (3, False, "fern", "/a/5520"), (9, False, "tansy", "/a/5531"),
    ]
    assert answers[0].date == "2023-07-18T10:31:05"
    assert [(pair.votes, pair.accepted) for pair in doc.qa_pairs] == [(44, True), (9, False), (3, False)]
    assert all(pair.question == doc.question for pair in doc.qa_pairs)
    assert [pair.votes for pair in doc.select_pairs("accepted")] == [44]
    assert [pair.votes for pair in doc.select_pairs(2)] == [44, 9]
    with pytest.raises(ValueError):
        doc.select_pairs("best")


def test_qa_jsonl_writes_one_pair_a_line(tmp_path):
    out = tmp_path / "pairs.jsonl"
    subprocess.run([sys.executable, "-m", "scrapy.cmdline", "boiler-extract", str(PAGE), "-f", "qa-jsonl",
                    "--pairs", "2", "-o", str(out)], check=True, capture_output=True, cwd=tmp_path)
    lines = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [(line["votes"], line["accepted"]) for line in lines] == [(44, True), (9, False)]
    assert lines[0]["question"].startswith("Why do my tomato leaves") and lines[0]["page_type"] == "qa"
    assert lines[0]["answer"].startswith("What you describe is physiological leaf roll")


def test_article_pages_write_no_pairs():
    doc = Document(text="body", title="t", html="", blocks=[], model="m")
    assert doc.answers == [] and doc.select_pairs() == []
    thread = Document(text="", title="", html="", blocks=[], model="m", page_type="forum",
                      posts=[Post("q"), Post("a")], qa_pairs=[QAPair("q", "a")])
    assert [post.text for post in thread.answers] == ["a"]


def test_widget_lines_are_trimmed_from_the_ends_only():
    lines = ["154", "Share", "I tried the fix.", "Edit: it works now.", "Reply Quote", "Report"]
    assert trim_chrome(lines) == ["I tried the fix.", "Edit: it works now."]
    assert trim_chrome(["12 apples are enough"]) == ["12 apples are enough"]
    # a reply whose whole text is "+1" says "me too"; a vote count is beside a post's text
    assert trim_chrome(["+1"]) == ["+1"]
    assert trim_chrome(["+1", "I tried the fix."]) == ["I tried the fix."]


@pytest.mark.parametrize("note", [
    "Last edited by mickice; 12-10-2011 at 10:04.", "Last edited by a moderator: May 3, 2017",
    "Zuletzt bearbeitet: 5. Mai 2024", "本帖最后由 北窗小番茄 于 2023-4-16 21:15 编辑",
    "Сообщение отредактировал Sergey_Krd - 17.03.25, 22:48", "Message édité par Lilou_44 le 02-03-2025 à 08:02:11",
    "Отредактировано Михалыч (2024-11-19 19:58:10)",
    "Bearbeitet von Anna am 3. Mai 2024", "Edited June 3, 2025 by Harrowfell", "Edited 3 hours ago by ann",
    "This reply was modified 3 weeks, 2 days ago by Jonas Berglund. Reason: fixed menu path",
    "Dieser Beitrag wurde geändert vor 8 Monaten von Nils",
    "SaltyBaguette fucked around with this message at 21:22 on Mar 9, 2025", "Oct 7 2025 — edited Oct 7 2025",
])
def test_a_boards_edit_note_at_either_end_of_a_post_is_trimmed(note):
    assert trim_chrome([note, "I tried the fix.", note]) == ["I tried the fix."]


def test_an_edit_note_and_its_reason_below_it_at_a_posts_end_are_trimmed():
    """Invision writes the editor's reason on the line under "Edited April 8, 2025 by ann", at the post's end: why the
    post changed, not what it says. A line of the post's own after an edit note in its middle stays."""
    assert trim_chrome(["I tried the fix.", "Edited April 8, 2025 by Sgt_Korvin", "added function file"]) == [
        "I tried the fix."]
    long_after = ["I tried the fix.", "Edited April 8, 2025 by ann",
                  "Since then the server has run for three days without a single crash, so I call it solved."]
    assert trim_chrome(long_after) == long_after


def test_a_bbs_posts_header_and_origin_note_are_trimmed():
    """水木社区 writes each post as a mail: a header of who, where and the title, and a note of where it came from
    after the text. A line of the text that starts like a header word stays."""
    lines = ["发信人: lvchuang88 (绿窗), 信区: HomeDecoration", "标  题: Re: 老房卫生间改造，防水到底刷几遍？",
             "发信站: 水木社区 (Sat Mar 15 21:07:33 2025), 站内", "墙面防水要刷到一米八，地面刷两遍。",
             "--", "※ 来源:·水木社区 newsmth.net·[FROM: 123.118.*]"]
    assert trim_chrome(lines) == ["墙面防水要刷到一米八，地面刷两遍。"]
    assert trim_chrome(["标题要写清楚：墙面防水要刷到一米八。"]) == ["标题要写清楚：墙面防水要刷到一米八。"]


def test_a_boards_box_of_thanks_under_a_post_is_trimmed():
    """vBulletin lists who thanked the poster under a post ("The following 3 users say Thank You to ann for this
    useful post:", then their names and dates); the box alone, set out as a post of its own, leaves nothing."""
    for label in ("The following 2 users say Thank You to chema for this useful post:",
                  "Los siguientes 2 usuarios agradecen a chema por este mensaje:"):
        names = "PatrolZGZ (25/01/2025), Ruben_GR (26/01/2025)"
        assert trim_chrome(["Cambié las dos crucetas y el golpe ha desaparecido.", label, names]) == [
            "Cambié las dos crucetas y el golpe ha desaparecido."]
        assert trim_chrome([label, names]) == []
    said = ["The following 3 users say thank you to the council for this useful post: it is a joke, I think.",
            "Nobody thanked anyone."]
    assert trim_chrome(said) == said


def test_an_imageboards_links_to_the_posts_a_reply_answers_are_trimmed():
    """4chan-style boards open a reply with the numbers of the posts it answers (">>104871305"); greentext (">not
    gdu") is the reply's own words."""
    assert trim_chrome([">>104871305", ">not gdu", "enjoy waiting"]) == [">not gdu", "enjoy waiting"]
    assert trim_chrome([">>1 >>2 (OP)", ">>>/g/104860012", "same"]) == ["same"]


def test_a_boards_links_to_the_posts_a_reply_answers_by_number_are_trimmed():
    """Mediavida opens a reply with links to the posts it answers, by their number on the page ("#2 #5"); a hashtag
    or a line that goes on after the number is the writer's."""
    assert trim_chrome(["#2", "Ojo con la excedencia.", "#14 #15"]) == ["Ojo con la excedencia."]
    assert trim_chrome(["#2 is the one", "#dev"]) == ["#2 is the one", "#dev"]


def test_a_line_quoted_with_a_marker_from_an_earlier_post_is_a_quotation():
    """Hacker News has no quotation element: a reply quotes an earlier comment on a line starting "> ". That line is
    a quotation of the earlier post, not the reply's own words; a marked line quoting no post (an imageboard's
    greentext, ">be me") stays."""
    from scrapy_boiler.assemble.post_quotes import split_quotes
    from scrapy_boiler.parse.normalize import word_bag, word_pairs

    earlier = "We page only for one question: did a human need to do something within the hour?"
    texts = [["> did a human need to do something within the hour?"], ["That rule cut our pages by half."],
             [">be me, on call for the first time"]]
    lines, quoted = split_quotes(texts, [None] * 3, [(word_bag(earlier), word_pairs(earlier))])
    assert lines == ["That rule cut our pages by half.", ">be me, on call for the first time"]
    assert quoted == ["> did a human need to do something within the hour?"]


def test_a_quotation_with_its_attribution_run_into_its_line_is_judged_without_it():
    """MyBB writes a quotation's attribution and text on one line, "(02-06-2025, 08:15 PM)ann escribió: ...": what
    follows the attribution repeats the earlier post, so the line is a quotation; a quotation of something else
    stays in the reply."""
    from lxml import etree

    from scrapy_boiler.assemble.post_quotes import split_quotes
    from scrapy_boiler.parse.normalize import word_bag, word_pairs

    earlier = "Yo la pondría al 60 % y con un fotoperiodo de 7 horas, así las algas no se disparan."
    quote, other = etree.Element("blockquote"), etree.Element("blockquote")
    texts = [["(02-06-2025, 08:15 PM)Acuarista_Sevilla escribió: Yo la pondría al 60 % y con un fotoperiodo de 7 "
              "horas."], ["Probé con 6 horas y funciona."], ["El manual dice: no superar las 8 horas de luz al día."]]
    lines, quoted = split_quotes(texts, [quote, None, other], [(word_bag(earlier), word_pairs(earlier))])
    assert lines == ["Probé con 6 horas y funciona.", "El manual dice: no superar las 8 horas de luz al día."]
    assert quoted == [texts[0][0]]


@pytest.mark.parametrize("verb", ["Menulis:", "napsal(a):", "írta:", "a scris:"])
def test_a_quotation_attributed_in_more_languages_is_judged_without_its_attribution(verb: str):
    """MyBB in Indonesian writes "(21-10-2025, 08:16)rizky_dev Menulis: ..." over a short quotation; phpBB in Czech
    "napsal(a):", in Hungarian "írta:", in Romanian "a scris:". Read with its attribution, a quotation of one short
    sentence shared too few words with the post it repeats."""
    from lxml import etree

    from scrapy_boiler.assemble.post_quotes import split_quotes
    from scrapy_boiler.parse.normalize import word_bag, word_pairs

    earlier = "Saya tidak bisa upgrade paket dalam waktu dekat, jadi cron di shared hosting saja."
    texts = [[f"(21-10-2025, 08:16)rizky_dev {verb} Saya tidak bisa upgrade paket dalam waktu dekat."],
             ["Kalau begitu pakai --stop-when-empty saja."]]
    lines, quoted = split_quotes(texts, [etree.Element("blockquote"), None], [(word_bag(earlier), word_pairs(earlier))])
    assert lines == ["Kalau begitu pakai --stop-when-empty saja."] and quoted == [texts[0][0]]


def test_a_posts_attachments_under_their_label_are_trimmed():
    """Invision lists a post's attachments under "Attached Files": file names, sizes and download counts, not the
    poster's words (UBB.threads on one line: "Attached File: a.jpg (142.3 KB, 38 views)"); a line naming a file in a
    sentence stays."""
    lines = ["Here is the log from the EFI partition check.", "Attached Files", "efi.txt 6.38KB 4 downloads",
             "setupact.log (212 KB)"]
    assert trim_chrome(lines) == lines[:1]
    assert trim_chrome(["I attached setup.log, 212 KB in all."]) == ["I attached setup.log, 212 KB in all."]
    # UBB.threads: the label, the file, its size and views on one line
    assert trim_chrome([lines[0], "Attached File: maple_tearout.jpg (142.3 KB, 38 views)"]) == lines[:1]


def test_the_place_of_a_link_hidden_from_visitors_is_trimmed():
    """WordPress.org's support forum ends an opening post with "The page I need help with: [log in to see the link]"
    for visitors: the site's words, not the poster's."""
    lines = ["The menu stays open on phones.", "The page I need help with: [log in to see the link]"]
    assert trim_chrome(lines) == lines[:1]


def test_a_code_blocks_label_and_a_signature_below_its_rule_are_trimmed():
    """phpBB writes "Code: Select all" over each code block in a post (in Polish "Kod: Zaznacz cały"; SMF "Code:
    [Select]", SMF 2.1 in Turkish "Kod Seç Genişlet", ElkArte in Italian "Codice: [Seleziona]", MyBB in Indonesian
    "Kode:", Discuz! "复制代码" under it), and phpBB 2 the poster's signature below a rule of 17 underscores; a lead-in
    line ending "code:" is the writer's, and so is a rule between parts of a post."""
    lines = ["Try this crontab line:", "Code: Select all", "*/5 * * * * /usr/local/bin/backup.sh", "Here is my code:",
             "Code:", "echo $PATH", "Code: [Select]", "v = data[:, 1]", "Codice: [Seleziona]", "x = 1",
             "Kod: Zaznacz cały", "y = 2", "Kod Seç Genişlet", "z = 3", "Kode:", "php artisan queue:work",
             "import resource", "复制代码", "_________________", "Gruß aus Nordhessen"]
    assert trim_chrome(lines) == ["Try this crontab line:", "*/5 * * * * /usr/local/bin/backup.sh",
                                  "Here is my code:", "echo $PATH", "v = data[:, 1]", "x = 1", "y = 2", "z = 3",
                                  "php artisan queue:work", "import resource"]
    # a rule the writer draws between two parts of a long post is no signature's
    story = ["I don't even know where to start.", "_" * 60, *["I started a new job in the summer at a firm."] * 10]
    assert trim_chrome(story) == story


def test_a_code_blocks_label_with_its_language_is_trimmed():
    """MyBB heads a PHP block "PHP Code:", SMF 2.1 a highlighted one "Code: Pascal [Select] [Show More]" (the language
    a link, then the select and expand links), SMF 1.1's Spanish skin "Código[Seleccionar]" (no colon before its
    link); a writer's "PHP code below:" and a line naming code alone stay."""
    lines = ["My rule:", "PHP Code:", "$rules = [];", "Minimal example:", "Code: Pascal [Select] [Show More]",
             "SL.Sorted := True;", "Código[Seleccionar]", "import re", "PHP code below:", "echo 1;", "Código"]
    assert trim_chrome(lines) == ["My rule:", "$rules = [];", "Minimal example:", "SL.Sorted := True;", "import re",
                                  "PHP code below:", "echo 1;", "Código"]
    # vBulletin 4 in Italian names the language after the word ("Codice PHP:"); SMF 2.x in Spanish writes its
    # select and expand links after the word without a colon ("Código [Seleccionar] [Expandir]"), in Russian with
    # one ("Код: [Выделить]")
    lines = ["La query:", "Codice PHP:", "$stmt->execute();", "Mi código:", "Código [Seleccionar] [Expandir]",
             "U1CON1 = 0x80;", "Codice PHP: funziona solo così", "Код: [Выделить]", "sudo mount -a"]
    assert trim_chrome(lines) == ["La query:", "$stmt->execute();", "Mi código:", "U1CON1 = 0x80;",
                                  "Codice PHP: funziona solo così", "sudo mount -a"]


def test_a_code_blocks_language_over_its_select_link_is_trimmed():
    """A code highlighter heads each block with its language and a "select code" link, read as one line ("C++Выделить
    код" on Cyberforum); a step of a how-to saying to select all stays, and so does a line naming a language in
    prose."""
    lines = ["Вот так работает:", "C++Выделить код", "v.erase(v.begin() + i);", "Then select all",
             "Python select all the rows first, then filter them."]
    assert trim_chrome(lines) == [lines[0], *lines[2:]]


def test_a_mail_replys_quoted_message_is_trimmed():
    """Higher Logic's communities show a reply sent by mail with, below it, the message it answers ("Original
    Message:", "Sent:", "From:"; Outlook's "-----Original Message-----"); a sentence about the original message
    stays."""
    lines = ["We hold potassium above an index of 100 and append a comment below it.", "Original Message:",
             "Sent: 10-02-2025 09:14", "From: Denise Harwood", "We're rewriting our autoverification rules."]
    assert trim_chrome(lines) == lines[:1]
    assert trim_chrome(["Thanks.", "-----Original Message-----", "From: ann"]) == ["Thanks."]
    kept = ["The original message was lost when the server restarted.", "I resent it this morning."]
    assert trim_chrome(kept) == kept


def test_a_schematics_editor_credit_is_trimmed():
    """Electrical Engineering Stack Exchange writes "simulate this circuit – Schematic created using CircuitLab" under
    each schematic drawn with its editor: the site's words, wherever in the post; a sentence about CircuitLab stays."""
    lines = ["The gate is driven from the GPIO.", "simulate this circuit – Schematic created using CircuitLab",
             "At 50 % duty cycle it gets hot.", "I drew the schematic using CircuitLab, then built it."]
    assert trim_chrome(lines) == [lines[0], *lines[2:]]


def test_a_line_of_prose_starting_like_an_edit_note_stays():
    lines = ["Edited by hand, the photo looks better.", "I tried the fix."]
    assert trim_chrome(lines) == lines


def test_nested_replies_are_posts_of_their_own():
    """Replies nested inside the comment they answer (reddit's old layout, Disqus) each become a post, in page
    order, with their own words only; at a URL that is not a discussion's, the post above them is the article
    text, not a comment."""
    page = PAGE.with_name("nested_comments.html").read_bytes()
    doc = extract(page, "https://breadtalk.example/r/Breadmaking/9xq2la/best_way/")
    assert doc.page_type == "article"
    assert [(post.author, post.votes) for post in doc.posts] == [
        ("levain_lou", 208), ("crumbshot", 41), ("levain_lou", 67), ("oven_spring", 95), ("rye_guy", 12),
        ("bannetons", 30),
    ]
    assert doc.posts[1].text.startswith("How do I know when the bulk ferment is done?")
    assert "straight-sided" not in doc.posts[1].text  # the nested reply is not repeated in its parent
    assert doc.posts[0].url == "/r/Breadmaking/comments/9xq2la/best_way/e9k1aa/"
    assert "every loaf comes out flat and dense" in doc.text and "Weigh everything" not in doc.text


def test_a_comment_without_a_byline_is_not_signed_by_a_reply_nested_in_it():
    """A deleted user's comment shows no name, score or time; the replies nested inside it show theirs, which are
    not its own."""
    page = PAGE.with_name("nested_comments.html").read_text("utf-8")
    own = ('<div class="midcol"><div class="score">208 points</div></div>\n    <div class="entry"><p class="tagline">'
           '<a href="/user/levain_lou" class="author">levain_lou</a> <span class="score unvoted">208 points</span> '
           '<time datetime="2019-11-20T09:12:00+00:00">4 years ago</time></p>')
    assert own in page
    page = page.replace(own, '<div class="entry"><p class="tagline">[deleted]</p>').replace(
        'data-author="levain_lou">\n    <div class="entry">', '>\n    <div class="entry">')
    doc = extract(page, "https://breadtalk.example/r/Breadmaking/9xq2la/best_way/")
    first, reply = doc.posts[:2]
    assert first.text.startswith("Bake the same simple recipe")
    assert (first.author, first.votes, first.date) == (None, None, None)
    assert (reply.author, reply.votes) == ("crumbshot", 41)


def test_comments_named_replies_at_a_discussion_url_make_a_thread():
    """The same page at a URL naming it a discussion (``/comments/``): the comments are the page's main content
    and the submission above them is the opening post, so the thread keeps its question."""
    page = PAGE.with_name("nested_comments.html").read_bytes()
    doc = extract(page, "https://breadtalk.example/r/Breadmaking/comments/9xq2la/best_way/")
    assert doc.page_type == "forum"
    assert doc.question.startswith("Best way to learn sourdough baking at home?")
    assert "every loaf comes out flat and dense" in doc.question
    assert [(post.author, post.votes) for post in doc.posts][:3] == [
        ("crumbshot", 412), ("levain_lou", 208), ("crumbshot", 41)]
    assert len(doc.posts) == 7 and "Weigh everything" in doc.text


def test_an_opening_post_above_the_replies_starts_at_the_title():
    """Chrome the article model keeps above a thread (keyboard hints, the community's rules) is not the opening
    post: that starts where the page repeats its ``<title>``."""
    replies = "".join(
        f'<div class="cmt"><a href="/user/{who}">{who}</a> <span>{n} hours ago</span><p>{text}</p></div>'
        for n, (who, text) in enumerate([
            ("levain", "Your dough is over-proofed: shorten the bulk ferment by an hour and bake it hotter."),
            ("rye_guy", "Score it deeper, the loaf cannot expand when the cut is too shallow for the oven spring."),
            ("oven", "A cold oven does it too, so preheat it with the pot inside for a full forty five minutes."),
            ("crumb", "Check your starter first, a weak starter gives a loaf that rises and then falls flat."),
        ], start=1))
    page = f"""<html><head><title>Why does my bread collapse in the oven? : r/Breadmaking</title></head><body>
    <div class="top"><p>Press J to jump to the feed. Press question mark to learn the rest of the keyboard
    shortcuts and the rules of this community before you post anything here.</p></div>
    <div class="submission"><h1>Why does my bread collapse in the oven?</h1>
    <p>Every loaf rises well in the basket and then collapses as soon as it goes into the oven. I bake at 230
    degrees in a cast iron pot with the lid on for twenty minutes.</p></div>
    <div class="commentarea">{replies}</div></body></html>"""
    doc = extract(page.encode(), "https://breadtalk.example/r/Breadmaking/comments/9xq3/why_collapse/")
    assert doc.page_type == "forum"
    assert doc.question.startswith("Why does my bread collapse in the oven?\nEvery loaf rises well")
    assert "Press J" not in doc.question
    assert [post.author for post in doc.answers] == ["levain", "rye_guy", "oven", "crumb"]


def test_a_link_shared_for_discussion_has_its_title_as_the_question():
    """A shared link has no opening text: at a discussion URL, the heading repeating the page's title is the whole
    question (even where the article model dropped it), and every comment is an answer."""
    replies = "".join(
        f'<div class="cmt"><a href="/user/{who}">{who}</a> <span>{n} hours ago</span><p>{text}</p></div>'
        for n, (who, text) in enumerate([
            ("levain", "This is the best thing I have read all week, thanks for sharing it with all of us here."),
            ("rye_guy", "The second half of the article is much better than the first, do read it to the end."),
            ("oven", "I tried the method from the article this weekend and my loaf finally rose properly."),
        ], start=1))
    page = f"""<html><head><title>A baker explains why bread collapses : Breadmaking</title></head><body>
    <div class="top"><a href="/">home</a> <a href="/r/Breadmaking">r/Breadmaking</a></div>
    <div class="submission"><h1>A baker explains why bread collapses</h1>
    <a href="https://bakery.example/why-bread-collapses">bakery.example</a></div>
    <div class="commentarea">{replies}</div></body></html>"""
    doc = extract(page.encode(), "https://breadtalk.example/r/Breadmaking/comments/9xq4/a_baker_explains/")
    assert doc.page_type == "forum"
    assert doc.question == "A baker explains why bread collapses"
    assert [post.author for post in doc.answers] == ["levain", "rye_guy", "oven"]



def test_a_link_post_with_a_one_word_title_has_that_title_as_its_question():
    """Old Reddit's link post: "Happiness : gifs" names the post, then its community, whose ``<h1>`` ("gifs") sits in
    a sidebar before the content. The post has no text: its one-word title, which ``og:title`` starts with too, is
    the question, shown without the site the link goes to, and its submitter is the asker; every comment answers."""
    replies = "".join(
        f'<div class="thing comment"><p class="tagline"><a href="/user/{who}">{who}</a> {n} points '
        f'<time datetime="2016-10-13T0{n}:00:00">{n} hours ago</time></p><div class="md"><p>{text}</p></div>'
        f'<ul class="buttons"><li><a href="#">permalink</a></li><li><a href="#">reply</a></li></ul></div>'
        for n, (who, text) in enumerate([
            ("mrhelton", "I wish I had the power to make people that happy with only a signature and a minute."),
            ("feral_ghoul", "Sign me a check and I will be the happiest boy in the whole world, I promise you."),
            ("cheesemacher", "Surely it depends on the amount written on the check, but the smile says it all."),
        ], start=1))
    page = f"""<html><head><title>Happiness : gifs</title>
    <meta property="og:title" content="Happiness • /r/gifs"></head><body>
    <div class="side"><div class="titlebox"><h1 class="redditname"><a href="/r/gifs">gifs</a></h1>
    <p>Funny, animated GIFs: your favorite computer file type!</p></div>
    <div class="sidecontentbox"><h1>Moderators</h1><ul><li><a href="/user/mod1">mod1</a></li></ul></div></div>
    <div class="content"><div class="sitetable linklisting"><div class="thing link">
    <p class="title"><a class="title" href="https://i.imgur.com/qqQHdMZ.gifv">Happiness</a>
    <span class="domain">(<a href="/domain/i.imgur.com/">i.imgur.com</a>)</span></p>
    <p class="tagline">submitted <time datetime="2016-10-13T00:00:00">5 hours ago</time> by
    <a href="/user/Ms_Virtualizza">Ms_Virtualizza</a></p>
    <ul class="buttons"><li><a href="#">782 comments</a></li><li><a href="#">share</a></li></ul></div></div>
    <div class="commentarea">{replies}</div></div></body></html>"""
    doc = extract(page.encode(), "https://www.reddit.com/r/gifs/comments/579km2/happiness/")
    assert doc.page_type == "forum"
    assert doc.headline == "Happiness"
    assert doc.question == "Happiness"
    assert doc.posts[0].author == "Ms_Virtualizza"
    assert [post.author for post in doc.answers] == ["mrhelton", "feral_ghoul", "cheesemacher"]

def test_a_self_post_with_one_comment_at_a_comments_url_is_a_thread_of_two():
    """Old Reddit's self-post answered once: at a URL naming the page a page of comments, the one comment, dated and
    signed, is the thread's reply (no group of two shows posters), and the post it answers is the question."""
    page = """<html><head><title>Laptop gets hot while charging : techsupport</title></head><body>
    <div class="side"><div class="titlebox"><h1 class="redditname"><a href="/r/techsupport">techsupport</a></h1>
    <p>Welcome to the community for help with computers, phones and the networks between them.</p>
    <ul><li>Describe your problem in detail, with your device and what you already tried.</li>
    <li>No piracy and no requests to get around licences, whatever the reason.</li></ul></div></div>
    <div class="content"><div class="sitetable linklisting"><div class="thing link self">
    <p class="title"><a class="title" href="/r/techsupport/comments/1kq7x3m/laptop_hot/">Laptop gets hot while
    charging</a></p><p class="tagline">submitted <time datetime="2025-05-16T08:00:00">4 hours ago</time> by
    <a href="/user/quiet_duck">quiet_duck</a></p>
    <div class="expando"><div class="usertext-body"><div class="md"><p>Since two weeks my laptop gets very hot at the
    bottom left as soon as the charger is plugged in and the battery is under eighty percent, and then the clock
    drops to four hundred megahertz.</p><p>I updated the BIOS and cleaned the fans. Is it the battery or the
    board?</p></div></div></div></div></div>
    <div class="commentarea"><div class="sitetable nestedlisting"><div class="thing comment noncollapsed">
    <p class="tagline"><a href="/user/battery_doc">battery_doc</a> 11 points
    <time datetime="2025-05-16T09:00:00">3 hours ago</time></p><div class="usertext-body"><div class="md"><p>Sounds
    like the battery: as the cells age their resistance rises and they get hot while charging, so the BIOS throttles
    the processor to protect them.</p></div></div>
    <ul class="buttons"><li><a href="#">permalink</a></li><li><a href="#">reply</a></li></ul></div></div></div>
    </div></body></html>"""
    doc = extract(page.encode(), "https://old.reddit.com/r/techsupport/comments/1kq7x3m/laptop_hot/")
    assert doc.page_type == "forum"
    assert "Since two weeks my laptop" in doc.question and "Is it the battery" in doc.question
    assert [post.author for post in doc.answers] == ["battery_doc"]
    assert doc.answers[0].text.startswith("Sounds like the battery")


def _link_story(href: str) -> bytes:
    """A link aggregator's story page in the style of Lobsters: the title links to the story, a short note by its
    submitter, then comments named as such, as an article's would be."""
    comments = "".join(
        f'<li class="comments_subtree"><div class="comment"><div class="byline"><a href="/~{who}">{who}</a> '
        f'<span title="2025-01-14 1{n}:00:00">{n} hours ago</span> | <a href="#">link</a> | <a href="#">reply</a>'
        f'</div><div class="comment_text"><p>{text}</p></div></div></li>'
        for n, (who, text) in enumerate([
            ("mtrx", "The part about copying the page cache across the boundary on every call surprised me here."),
            ("penelope", "You could keep a small arena inside the module for inputs and copy only large values."),
            ("kestrel", "We shipped a plugin system the same way last year and the loader shim was the hard part."),
            ("ondrej", "Did you measure the start-up cost of instantiating the module once per connection too?"),
        ], start=1))
    return f"""<html><head><title>Shipping a SQLite extension as a single WASM blob | Lobsters</title></head>
    <body><header><a href="/">Lobsters</a> <a href="/active">Active</a> <a href="/recent">Recent</a></header>
    <ol class="stories"><li class="story"><span class="link"><a class="u-url" href="{href}">Shipping a SQLite
    extension as a single WASM blob</a></span> <a class="tag" href="/t/wasm">wasm</a>
    <div class="byline">authored by <a href="/~hjalmar">hjalmar</a> <span title="2025-01-14 09:12:33">2 days
    ago</span> | <a href="#">9 comments</a></div></li></ol>
    <div class="story_text"><p>Author here. This started as a weekend experiment to avoid shipping four native
    builds of a small full-text tokenizer extension; the write-up covers the loader shim and the memory model.</p>
    </div><section class="comments"><ol class="comments">{comments}</ol></section></body></html>""".encode()


def test_comments_on_a_link_shared_for_discussion_make_a_thread():
    """Comments named as such under a short text are an article's, unless the page's title links to another site:
    then the page is a link shared for discussion, and the comments are its main content."""
    doc = extract(_link_story("https://notes.example.dev/2025/01/sqlite-wasm/"),
                  "https://lobste.rs/s/k3vq9x/shipping_sqlite_extension_as_single_wasm")
    assert doc.page_type == "forum"
    assert doc.question.startswith("Shipping a SQLite extension as a single WASM blob")
    assert "Author here." in doc.question
    assert [post.text.split("\n")[-1].split()[:2] for post in doc.answers] == [
        ["The", "part"], ["You", "could"], ["We", "shipped"], ["Did", "you"]]
    same_site = extract(_link_story("/s/k3vq9x/shipping_sqlite_extension_as_single_wasm"),
                        "https://lobste.rs/s/k3vq9x/shipping_sqlite_extension_as_single_wasm")
    assert same_site.page_type == "article"

def test_a_site_name_linking_to_the_sites_social_page_is_no_shared_link():
    """The title's site name ("Bright Side Of The Sun") links to the site's Facebook page: the story's title does not
    link away, so the comments stay an article's (the title's forms that name the story are those og:title starts
    with)."""
    page = _link_story("/s/k3vq9x/shipping_sqlite_extension_as_single_wasm").decode()
    page = page.replace("| Lobsters</title>", '| Bright Side Of The Sun</title><meta property="og:title" '
                        'content="Shipping a SQLite extension as a single WASM blob">')
    page = page.replace("</section>", '</section><footer><a href="https://www.facebook.com/brightside">Bright Side Of '
                        "The Sun</a></footer>")
    doc = extract(page.encode(), "https://lobste.rs/s/k3vq9x/shipping_sqlite_extension_as_single_wasm")
    assert doc.page_type == "article"


def test_a_thread_read_without_its_url_is_typed_by_the_address_it_declares(page_bytes):
    # V2EX's /t/ URL is what tells its replies from an article's comments; read from a file, its canonical link says it
    doc = extract(page_bytes("v2ex_thread.html"))
    assert doc.page_type == "forum" and doc.question


def test_posts_nested_by_an_unclosed_element_are_still_one_post_each():
    """A post that leaves a ``<div>`` open makes the parser nest every later post inside it (seen on XenForo 1
    boards): the posts are found along the chain, each with its own text."""
    # post 1 does not close its div.messageInfo, so posts 2 and 3 end up inside it
    posts = "".join(
        f'<li class="message" id="post-{n}"><div class="messageUserInfo"><a href="/members/{who}.{n}/">{who}</a>'
        f'</div><div class="messageInfo"><div class="messageContent"><blockquote class="messageText">{text}'
        f'</blockquote></div><div class="messageMeta"><span class="DateTime">Jun {n}, 2012</span>'
        f'<a href="#post-{n}">#{n}</a></div>{"" if n == 1 else "</div>"}</li>'
        for n, who, text in [
            (1, "ail", "Is the big bang an explosion in space or of space? The book says both on two pages."),
            (2, "phinds", "Of space. Nothing is moving away from a centre; distances themselves grow everywhere."),
            (3, "kenG", "A raisin bread rising in the oven is the usual picture, without an outside crust."),
        ]
    )
    html = (f"<html><head><title>Big bang question | Physics Forum</title></head><body><h1>Big bang question</h1>"
            f'<ol class="messageList">{posts}</ol></body></html>').encode()
    doc = extract(html, "https://forum.example/threads/big-bang-question.4021/")
    assert doc.page_type == "forum"
    assert [post.author for post in doc.answers] == ["phinds", "kenG"]
    assert len(doc.posts) == 3
    assert doc.posts[0].text.startswith("Is the big bang") and "raisin" not in doc.posts[0].text
    assert doc.question.startswith("Big bang question\nIs the big bang")


def test_a_quoted_earlier_post_is_marked_not_repeated():
    """A reply quoting an earlier post keeps the quotation in ``quoted``, out of its own text; a quotation of
    something else (a manual) stays in the text, in place."""
    posts = [
        ("anna", "My dough tears when I stretch it. I knead for five minutes by hand and rest it for an hour."),
        ("ben", '<blockquote class="bbCodeQuote"><div>anna said:</div><div>My dough tears when I stretch it. '
                "I knead for five minutes by hand</div></blockquote><p>Five minutes is too short; knead until a thin "
                "window of dough lets light through.</p>"),
        ("cleo", "<p>The mixer manual puts it well:</p><blockquote>Knead on speed two for eight to ten minutes, "
                 "until the dough clears the bowl.</blockquote><p>That works for me every time.</p>"),
    ]
    items = "".join(
        f'<div class="post" id="p{n}"><div class="author"><a href="/members/{who}">{who}</a></div>'
        f'<div class="post-body">{text}</div><div class="date">Mar {n}, 2024</div></div>'
        for n, (who, text) in enumerate(posts, 1)
    )
    html = (f"<html><head><title>Dough tears - Baking Forum</title></head><body><h1>Dough tears</h1>"
            f'<div class="thread">{items}</div></body></html>').encode()
    doc = extract(html, "https://forum.example/threads/dough-tears.77/")
    assert doc.page_type == "forum"
    reply, other = doc.posts[1], doc.posts[2]
    assert reply.text == "Five minutes is too short; knead until a thin window of dough lets light through."
    assert reply.quoted == ("anna said:\nMy dough tears when I stretch it. I knead for five minutes by hand",)
    assert other.quoted == () and other.text.splitlines()[1].startswith("Knead on speed two")


def test_json_ld_declares_the_opening_post():
    """A forum page declaring ``DiscussionForumPosting`` in JSON-LD: its opening post, in a container of its own
    above the replies, is the one the declaration repeats (not the notice box above it)."""
    opening = ("Our allotment floods every winter and the beds stay soaked until April. Would raised beds on "
               "sleepers fix it, or do we need proper drainage under the paths first?")
    replies = "".join(
        f'<div class="comment-item" id="c{n}"><a class="user" href="/profile/{who}">{who}</a> '
        f'<span class="when">Jan {n}, 2024</span><div class="comment-body"><p>{text}</p></div></div>'
        for n, (who, text) in enumerate([
            ("dig", "Raised beds help the roots, but the paths will still be a swamp without a French drain."),
            ("mole", "Test first: dig a hole a spade deep, fill it with water and see how long it takes to drain."),
            ("rowan", "Sleepers treated with creosote are not allowed on most allotments, check your rules."),
        ], 1)
    )
    ld = json.dumps({"@context": "https://schema.org", "@type": "DiscussionForumPosting",
                     "headline": "Flooded allotment", "text": opening, "author": {"name": "plotholder"}})
    html = (f'<html><head><title>Flooded allotment - Grow Forum</title><script type="application/ld+json">{ld}'
            f'</script></head><body><h1>Flooded allotment</h1><div class="notice">This topic is more than a year '
            f'old; replies may be out of date, so please start a new topic for new questions.</div>'
            f'<div class="topic-start"><div class="op-meta">plotholder, Jan 1, 2024</div><div class="op-text">'
            f"<p>{opening}</p></div></div><div class=\"comments\">{replies}</div></body></html>").encode()
    doc = extract(html, "https://grow.example/community/flooded-allotment-123")
    assert doc.page_type == "forum"
    assert doc.question == f"Flooded allotment\n{opening}"
    assert [post.author for post in doc.answers] == ["dig", "mole", "rowan"]
    assert "more than a year old" not in " ".join(post.text for post in doc.posts)


def test_comments_at_a_thread_url_are_the_replies_of_a_thread():
    """Posts named "comment" under a long opening post look like an article's comments, but at a thread's URL
    (``/thread/1/``) they are the thread's replies and the text above them is its question."""
    replies = "".join(
        f'<div class="comment"><a href="/user/{who}">{who}</a> <span>{n} years ago</span><p>{text}</p></div>'
        for n, (who, text) in enumerate([
            ("anna", "Great work! Thanks for making this open source, I always wondered how it would look."),
            ("bo", "Which hosting are you using for the demo? It loads very fast from here in Europe."),
            ("cy", "I want to run my own forum with this, is there a guide for setting it up on a server?"),
        ], start=1))
    page = f"""<html><head><title>Minimal forum software without scripts</title></head><body>
    <nav><a href="/">Home</a> <a href="/login">Log in</a></nav>
    <div class="post"><h1>Minimal forum software without scripts</h1><p>demindiro - 2 years ago</p>
    <p>This is a minimal forum board with a focus on ease of management. I originally made it to learn SQL, but at
    the same time I wanted to make something that would be useful in the long term for small communities.</p></div>
    <div class="replies">{replies}</div></body></html>"""
    doc = extract(page.encode(), "https://forum.example.org/thread/1/")
    assert doc.page_type == "forum"
    assert "minimal forum board with a focus on ease of management" in doc.question
    assert [post.author for post in doc.answers] == ["anna", "bo", "cy"]


def test_a_title_linking_to_another_site_makes_every_post_an_answer():
    """A link aggregator's item page (written in the style of Hacker News): the title links away to the story, so
    the posts under it all answer it and the question is the title alone."""
    page = PAGE.with_name("link_discussion.html").read_bytes()
    doc = extract(page, "https://news.example.org/item?id=3999")
    assert doc.page_type == "forum"
    assert doc.question.startswith("How we built a faster compiler")
    assert "reproducible" not in doc.question
    assert [post.author for post in doc.answers] == ["pg", "dang", "tptacek", "jacquesm", "pg", "patio11"]


def test_a_first_post_repeating_the_title_is_the_opening_post_not_a_notice_above_it():
    """A board's notice box above the posts is no question when the first post repeats the topic's title (Kunena:
    "<title> was created by ann"): the posts already start with the opening post."""
    posts = "".join(
        f'<div class="message"><div class="user"><a href="/profile/{who}">{who}</a></div>'
        f'<div class="meta">2 weeks ago #{n} by {who}</div><h2>{head}</h2><div class="kmsg">{text}</div></div>'
        for n, (who, head, text) in enumerate([
            ("ann", "Statistics page fails after the update was created by ann",
             "Hi, the statistics page fails with an error since the last update. Any tips and solutions?"),
            ("bob", "Replied by bob on topic Statistics page fails after the update",
             "I will check it, but I only have the older version of the profile plugin installed here."),
            ("bob", "Replied by bob on topic Statistics page fails after the update",
             "I cannot reproduce this issue; if you can, please test the fix from the development branch."),
        ], start=1))
    notice = ("<div class='notice'><p>The team has announced the arrival of version 6.3.1 in stable, which is now "
              "available for download as a native extension. This version addresses most of the issues that were "
              "reported since the last release, so please update before you report a problem.</p></div>")
    page = f"""<html><head><title>Statistics page fails after the update - Forum - Support</title></head><body>
    <h1>Statistics page fails after the update</h1>{notice}<div class="topic">{posts}</div></body></html>"""
    doc = extract(page.encode(), "https://forum.example.org/forum/support/12345-statistics-page-fails")
    assert doc.page_type == "forum"
    assert "Hi, the statistics page fails" in doc.question
    assert "announced the arrival" not in doc.question
    assert len(doc.answers) == 2 and "I will check it" in doc.answers[0].text


def test_a_best_answer_box_repeating_a_reply_is_neither_the_question_nor_another_answer():
    # Vanilla's Q&A plugin shows the accepted reply again in a "Best Answer" box between the opening post (four
    # levels above the replies) and the replies.
    html = (PAGE.parent / "vanilla_qna_discussion.html").read_text(encoding="utf-8")
    doc = extract(html, url="https://community.orchard.example/discussion/7731/nvme-boot-stopped-working-after-update")
    assert doc.page_type == "forum"
    assert [p.author for p in doc.posts] == ["nadia_r", "marta_k", "orchard_staff_jo", "pk_tinkers", "lukas_b"]
    assert doc.posts[0].text.startswith("After the last update my Orchard Pi 4 refuses to boot")
    assert [p.accepted for p in doc.posts] == [False, False, True, False, False]


def _thread_page(first: int, numbers: list[int] | None = None, ordinal: str = "#{}") -> bytes:
    """A XenForo-style thread page whose posts show their ordinals (``ordinal``: ``#21``), starting at ``first``."""
    texts = ["Swapped the cassette last week and the chain still jumps on the two smallest cogs under load.",
             "Check the derailleur hanger first, a bent one gives exactly that and a new cassette will not help.",
             "Mine did the same until I replaced the chain as well, a worn chain skips on fresh teeth.",
             "Cable tension is my guess, give the barrel adjuster a quarter turn and try again on a hill.",
             "Thanks all, it was the hanger, bent about two millimetres after a fall in the spring."]
    numbers = numbers or list(range(first, first + len(texts)))
    posts = "".join(
        f'<article class="message message--post" id="js-post-{9000 + n}"><div class="message-cell--user">'
        f'<a href="/members/rider{i}.{300 + i}/" class="username">rider{i}</a></div><div class="message-main">'
        f'<ul class="message-attribution"><li><time datetime="2024-05-0{i + 1}T10:00:00">May {i + 1}, 2024</time></li>'
        f'<li><a href="/threads/chain-skips.4411/post-{9000 + n}">{ordinal.format(n)}</a></li></ul>'
        f'<div class="message-body"><div class="bbWrapper">{text}</div></div></div></article>'
        for i, (n, text) in enumerate(zip(numbers, texts, strict=True)))
    return f"""<html><head><title>Chain skips on the smallest cogs | Page 3 | Cycling Forum</title></head><body>
    <nav><a href="/">Forums</a> <a href="/forums/mechanics.12/">Mechanics</a></nav>
    <div class="p-title"><h1 class="p-title-value">Chain skips on the smallest cogs</h1></div>
    <nav class="pageNav"><a href="/threads/chain-skips.4411/">1</a> <a href="/threads/chain-skips.4411/page-2">2</a>
    <a class="pageNav-page--current">3</a></nav>
    <div class="block-body js-replyNewMessageContainer">{posts}</div></body></html>""".encode()


def test_a_later_page_of_a_thread_has_its_title_as_the_question_and_every_post_as_an_answer():
    """Page 3 of a thread starts at post #21, a reply: the opening post is on page 1, and the title is all the page
    shows of the question (pairing the replies with post #21 would make every pair wrong)."""
    url = "https://forum.example.org/threads/chain-skips.4411/page-3"
    doc = extract(_thread_page(21), url)
    assert doc.page_type == "forum"
    assert doc.question == "Chain skips on the smallest cogs"
    assert [post.text.split()[:2] for post in doc.answers] == [
        ["Swapped", "the"], ["Check", "the"], ["Mine", "did"], ["Cable", "tension"], ["Thanks", "all,"]]
    assert {pair.question for pair in doc.qa_pairs} == {"Chain skips on the smallest cogs"}
    for floor in ("{}楼", "<em>{}</em><sup>#</sup>"):  # a Chinese board's floors: Tieba, Discuz
        assert extract(_thread_page(21, ordinal=floor), url).question == "Chain skips on the smallest cogs"
    first_page = extract(_thread_page(1), url)  # post #1 is the opening post
    assert first_page.question.startswith("Chain skips on the smallest cogs\nSwapped the cassette")
    ids = extract(_thread_page(0, [833702, 833703, 833705, 840938, 840939]), url)  # post ids, not ordinals
    assert ids.question.startswith("Chain skips on the smallest cogs\nSwapped the cassette")


def test_a_link_aggregators_story_has_its_title_and_note_as_question_and_nested_comments_as_answers(page_bytes):
    """Lobsters: the title's line also holds the story's tags and domain, and its byline sits in the same details box;
    the question is the title and the submitter's note alone (its author read from that byline), and the comments
    (replies nested in the ones they answer) are the answers with their author, date and score."""
    doc = extract(page_bytes("lobsters_story.html"), "https://lobste.rs/s/k3vq9x/shipping_sqlite_extension_as_single_wasm")
    assert doc.page_type == "forum"
    assert doc.question == ("Shipping a SQLite extension as a single WASM blob\nAuthor here. This started as a weekend "
                            "experiment to avoid shipping four native builds of a small full-text tokenizer extension; "
                            "the write-up covers the loader shim and the memory model.")
    assert [(post.author, post.votes) for post in doc.answers] == [
        ("mtrx", 12), ("hjalmar", 5), ("penelope", 7), ("kestrel", 3), ("ondrej", 2)]
    assert all(post.date == "2025-01-14 11:00:00 -0600" for post in doc.answers)
    assert doc.answers[1].text.startswith("It is a shared buffer") and "reply" not in doc.answers[0].text
    # the submitter's byline sits between the title and the note's box
    assert (doc.posts[0].author, doc.posts[0].date) == ("hjalmar", "2025-01-14 09:12:33 -0600")


def test_a_later_page_of_an_smf_topic_is_told_by_its_reply_numbers(page_bytes):
    # SMF leads each reply's date line with its number ("Reply #16 on: January 12, 2024"); the opening post has none
    html = page_bytes("smf_thread.html").decode()
    later = html.replace(">January 12, 2024, 08:15:22 PM »<", ">Reply #15 on: January 12, 2024, 08:15:22 PM »<")
    for n in (3, 2, 1):
        later = later.replace(f">Reply #{n} on:", f">Reply #{15 + n} on:")
    url = "https://forum.example.org/index.php?topic=77.15"
    assert extract(later.encode(), url).question == "Engine won't start after winter"
    assert len(extract(later.encode(), url).answers) == 4
    assert extract(html.encode(), url).question.startswith("Engine won't start after winter\nMy old Honda")


def test_a_hacker_news_item_is_a_link_shared_for_discussion_with_its_comments_as_answers(page_bytes):
    """Hacker News: the story is a table row whose title links to another site, the comments are rows of one table
    nested only by an indent image; the question is the title alone, submitted by the story's poster, and every
    comment is an answer with its author and the date in its age's title."""
    doc = extract(page_bytes("hn_item.html"), "https://news.ycombinator.com/item?id=41234567")
    assert doc.page_type == "forum"
    assert doc.question == "How we cut p99 latency in half with per-request arenas"
    assert (doc.posts[0].author, doc.posts[0].date) == ("arenafan", "2024-11-02T11:02:33")
    assert [(post.author, post.date) for post in doc.answers] == [
        ("tptacek", "2024-11-02T13:01:00"), ("pcwalton", "2024-11-02T13:55:00"), ("jsnell", "2024-11-02T14:12:00"),
        ("dang", "2024-11-02T15:08:00"), ("kragen", "2024-11-02T15:20:00")]
    assert doc.answers[0].text.startswith("The interesting part") and "reply" not in doc.answers[0].text


def test_a_thread_title_linking_to_the_www_host_of_the_same_forum_does_not_link_away():
    """The thread's heading links to the thread on ``www.`` of the page's host: the same site, so its first post is
    the opening post (a title linking to another site would make every post a reply to a shared link)."""
    page = _thread_page(1).decode().replace(
        '<h1 class="p-title-value">Chain skips on the smallest cogs</h1>',
        '<h1 class="p-title-value"><a href="https://www.forum.example.org/threads/chain-skips.4411/">Chain skips on '
        'the smallest cogs</a></h1>')
    doc = extract(page.encode(), "https://forum.example.org/threads/chain-skips.4411/")
    assert doc.question.startswith("Chain skips on the smallest cogs\nSwapped the cassette")
    assert len(doc.answers) == 4


def test_a_question_written_under_its_title_in_a_header_box_is_part_of_the_question(page_bytes):
    """Zhihu: the question's text sits under its title in the page's ``QuestionHeader`` (a name the article model
    reads as chrome), rendered in ``span.RichText ztext`` as the answers are in ``span.RichText ztext
    CopyrightRichText-richText``. The question is the title and that text; the follower counts and buttons beside
    them, and the "128 个回答" heading above the answers, stay out."""
    doc = extract(page_bytes("zhihu_question.html"), "https://www.zhihu.com/question/591824703")
    assert doc.page_type == "qa"
    assert doc.question == ("如何评价新发布的编程语言 Mojo？\nMojo 号称是 Python 的超集，速度比 Python 快三万五千倍。"
                            "它真的能取代 Python 在人工智能领域的地位吗？大家怎么看这门语言的前景和设计？")
    assert [post.author for post in doc.answers] == ["张三", "李四", "王五"]
    assert doc.answers[0].text.startswith("先说结论")


def test_a_best_answer_in_a_named_box_around_an_answer_like_the_others_is_the_accepted_answer(page_bytes):
    """Baidu Zhidao rendered with the best answer as a ``div.answer`` like the other answers, inside a ``div.wgt-best``
    box of its own with its "最佳答案" heading, between the question and the other answers (``zhidao_question.html``
    has the best answer's text straight in its box). It is no question: the question is the one above it (its title
    and text), the best answer is the first answer, accepted, with its text alone (in ``div.best-text``, the others'
    in ``div.answer-text``), signed by its author and dated."""
    doc = extract(page_bytes("zhidao_best_answer_box.html"), "https://zhidao.baidu.com/question/1234567890.html")
    assert doc.page_type == "qa"
    assert doc.question.startswith("为什么冬天开车窗户会起雾？怎么快速去除？\n每天早上开车出门")
    best, *others = doc.answers
    assert (best.author, best.date, best.accepted) == ("汽车老司机88", "2021-01-12 08:44", True)
    assert best.text.startswith("起雾是因为") and best.text.endswith("有没有漏水的地方。")
    assert [(post.author, post.accepted) for post in others] == [("小雨点点", False), ("修车的老王", False)]


def _khoros_page(comment_class: str) -> str:
    """A Q&A page whose comments are drawn as siblings of the answers, in their template (Atlassian Community's
    Khoros), each named by ``comment_class``."""
    said = [("Hana", "answer", "Your Epic and your Story each have their own Cost Center field, so copy it by its name "
                               "in the rule's Additional fields as JSON."),
            ("Daniel", comment_class, "You were right, with the JSON in Additional fields the value is copied now."),
            ("Pieter", "answer", "In a company-managed project both issue types share one field and the rule is "
                                 "simpler to write."),
            ("Mei", "answer", "The JQL branch with portfolioChildIssuesOf also reaches the sub-tasks of each story.")]
    messages = "".join(
        f'<div class="lia-message-view lia-message-view-display lia-thread-reply {kind}">'
        f'<div class="lia-message-author"><a href="/t5/user/{who}">{who}</a> '
        f'<span class="local-date">Feb 1{n}, 2025</span></div><div class="lia-message-body"><p>{text}</p></div></div>'
        for n, (who, kind, text) in enumerate(said))
    question = ("We have a single-select custom field Cost Center on our Epics and want every child issue to get "
                "the same value whenever the Epic changes.")
    json_ld = json.dumps({"@context": "https://schema.org", "@type": "QAPage", "mainEntity": {
        "@type": "Question", "name": "Copy a custom field from an Epic to its children", "answerCount": 3}})
    return (f'<html><head><title>Copy a custom field from an Epic to its children</title><script type="application/'
            f'ld+json">{json_ld}</script></head><body><main><h1>Copy a custom field from an Epic to its children</h1>'
            f'<div class="lia-message-view question"><div class="lia-message-author"><a href="/t5/user/Daniel">Daniel'
            f'</a> <span class="local-date">Feb 9, 2025</span></div><div class="lia-message-body"><p>{question}</p>'
            f"</div></div><div class='lia-thread-replies'>{messages}</div></main></body></html>")


@pytest.mark.parametrize("kind", ["dom_annotate_ad_promoted_answer", "dom_annotate_related_question_answer",
                                  "answer promotedlink"])
def test_an_advert_or_a_related_questions_answer_drawn_among_the_answers_is_no_post(kind):
    """Quora draws a sponsored answer, and another question's answer under "Related", in its answers' template and
    among them, named for what they are: the posts are the question and the thread's answers."""
    doc = extract(_khoros_page(kind), "https://community.example/t5/Jira-questions/qaq-p/2893417")
    assert doc.page_type == "qa"
    assert [post.author for post in doc.posts] == ["Daniel", "Hana", "Pieter", "Mei"]


def test_the_list_of_who_thanked_a_post_drawn_among_the_posts_is_no_post():
    """vBulletin's thanks add-on draws, after a thanked post, a box in the posts' template (``li.postbitlegacy
    postbitim#post_thanks_box_<id>``) saying "2 users thanked ali for this useful post:" and linking them: no post."""
    said = [("mohsen", "Since the last cumulative update my download speed dropped from ninety to five megabits."),
            ("ali", "Run these commands in an elevated prompt, restart, and tell us what the speed test says."),
            ("sara", "Also check whether delivery optimisation is uploading updates to other computers."),
            ("mohsen", "Solved: the wireless card's power saving mode came back on after the update, now off.")]

    def post(n: int, user: str, text: str) -> str:
        thanks = ("" if n != 1 else f'<li class="postbitlegacy postbitim" id="post_thanks_box_5{n}"><div class="'
                  f'thanks_postbit"><div class="title">2 users thanked {user} for this useful post, saying it '
                  'helped them with their own problem:</div><div class="content"><a href="member.php?u=1">mohsen'
                  '</a>, <a href="member.php?u=2">reza</a></div></div></li>')
        return (f'<li class="postbitlegacy postbitim postcontainer old" id="post_5{n}"><div class="posthead"><span '
                f'class="date">01-0{n + 2}-2025, 10:1{n}</span></div><div class="userinfo"><a class="username" '
                f'href="member.php?u={n}">{user}</a></div><div class="postbody"><div id="post_message_5{n}">'
                f'<blockquote class="postcontent restore">{text}</blockquote></div></div></li>{thanks}')
    posts = "".join(post(n, user, text) for n, (user, text) in enumerate(said))
    page = parse_html("<html><head><title>Slow downloads after the update - Forums</title></head><body><h1>Slow "
                      f'downloads after the update</h1><ol id="posts" class="posts">{posts}</ol></body></html>')
    group = find_post_group(page.root)
    assert group is not None and [member.get("id") for member in group.members] == ["post_50", "post_51", "post_52",
                                                                                    "post_53"]

def test_comments_declared_under_the_question_and_answers_are_no_posts_however_many():
    """MATLAB Answers declares the comments under its question and answers as ``Comment`` items in its microdata,
    more of them than answers: the question and the two answers are the posts."""
    def comment(n: int, text: str) -> str:
        return (f'<div class="comment" id="comment_{n}" itemprop="comment" itemscope itemtype="https://schema.org/'
                f'Comment"><span class="comment_author" itemprop="author" itemscope itemtype="https://schema.org/'
                f'Person"><span itemprop="name">user{n}</span></span><div class="comment_body" itemprop="text">'
                f"<p>{text}</p></div></div>")

    def answer(n: int, text: str, accepted: bool) -> str:
        prop = "acceptedAnswer" if accepted else "suggestedAnswer"
        comments = "".join(comment(10 * n + k, f"Comment {k} on answer {n}: thanks, that works on R2024b as well.")
                           for k in range(3))
        return (f'<div class="answer" itemprop="{prop}" itemscope itemtype="https://schema.org/Answer"><span '
                f'itemprop="author" itemscope itemtype="https://schema.org/Person"><span itemprop="name">answerer{n}'
                f'</span></span><div class="answer_body" itemprop="text"><p>{text}</p></div>'
                f'<div class="comments">{comments}</div></div>')

    question = comment(1, "Do you have the Statistics and Machine Learning Toolbox installed?") + comment(
        2, "Yes, R2024b with the Statistics and Machine Learning Toolbox.")
    html = ('<html><head><title>How can I speed up a double for loop?</title></head><body><div itemscope itemtype='
            '"https://schema.org/QAPage"><div itemprop="mainEntity" itemscope itemtype="https://schema.org/Question">'
            '<h1 itemprop="name">How can I speed up a double for loop?</h1><span itemprop="author" itemscope '
            'itemtype="https://schema.org/Person"><span itemprop="name">asker</span></span><div itemprop="text"><p>I '
            "compute the distance from every point of A to every point of B in two nested loops and it takes ninety "
            f'seconds per frame.</p></div><div class="comments">{question}</div>'
            + answer(1, "Use knnsearch from the toolbox: it builds a tree once and answers every query quickly.",
                     True)
            + answer(2, "Without the toolbox, compute the squared distances with implicit expansion in one line.",
                     False)
            + "</div></div></body></html>")
    doc = extract(html, "https://www.mathworks.com/matlabcentral/answers/2171234-how-can-i-speed-up")
    assert doc.page_type == "qa"
    assert [post.author for post in doc.posts] == ["asker", "answerer1", "answerer2"]


def test_an_item_declared_as_an_answer_is_one_whatever_its_type():
    """ServiceNow's community (Khoros) declares its replies with ``itemprop="suggestedAnswer"`` on items typed
    ``Comment``: the property says what they are to the question, so they are answers, not comments to leave out."""
    def reply(n: int, prop: str, kind: str, text: str) -> str:
        return (f'<div class="lia-message" itemprop="{prop}" itemscope itemtype="https://schema.org/{kind}"><span '
                f'itemprop="author" itemscope itemtype="https://schema.org/Person"><span itemprop="name">user{n}</span>'
                f'</span><div class="lia-message-body" itemprop="text"><p>{text}</p></div></div>')

    replies = (reply(1, "suggestedAnswer", "Comment", "Check whether the business rule runs before the insert.")
               + reply(2, "acceptedAnswer", "Answer", "The producer script runs first: set the group there instead.")
               + reply(3, "suggestedAnswer", "Comment", "Thanks, moving it into the producer script fixed it.")
               + reply(4, "suggestedAnswer", "Comment", "Glad it works. Mark the solution so others find it."))
    html = ('<html><head><title>Assignment group empty on portal incidents</title></head><body><div itemscope '
            'itemtype="https://schema.org/QAPage"><div itemprop="mainEntity" itemscope itemtype="https://schema.org/'
            'Question"><h1 itemprop="name">Assignment group empty on portal incidents</h1><span itemprop="author" '
            'itemscope itemtype="https://schema.org/Person"><span itemprop="name">asker</span></span><div '
            'itemprop="text"><p>My business rule sets the assignment group, but incidents from the portal have none.'
            f"</p></div>{replies}</div></div></body></html>")
    doc = extract(html, "https://www.servicenow.com/community/itsm-forum/assignment-group/m-p/3012345")
    assert doc.page_type == "qa"
    assert [post.author for post in doc.posts] == ["asker", "user1", "user2", "user3", "user4"]


def test_comments_drawn_among_the_answers_are_no_posts_of_a_qa_page():
    """Khoros names a comment under an answer ``lia-message-view-qanda-comment`` and draws it among the answers: the
    question and the answers are the posts. Where every reply is so named, they are the answers."""
    doc = extract(_khoros_page("lia-comment"), "https://community.example/t5/Jira-questions/qaq-p/2893417")
    assert doc.page_type == "qa"
    assert [post.author for post in doc.posts] == ["Daniel", "Hana", "Pieter", "Mei"]
    assert len(doc.qa_pairs) == 3
    doc = extract(_khoros_page("answer").replace("answer", "comment"),
                  "https://community.example/t5/Jira-questions/qaq-p/2893417")
    assert [post.author for post in doc.posts][1:] == ["Hana", "Daniel", "Pieter", "Mei"]


def test_comments_marked_with_the_posts_text_property_are_no_posts():
    """Habr Q&A marks each comment's text ``itemprop="text"`` inside the question's or answer's item, with no item of
    its own: the question and the answers are the posts."""
    question = "Nginx serves the React build, but every nested route returns 404 after a reload. What is wrong?"
    answers = ["Add try_files $uri /index.html to the location block, so nginx falls back to the app's index page.",
               "Also check the base option of your Vite config: a relative base breaks the asset paths on nested "
               "routes."]
    comment = '<div class="comment"><div class="comment__text" itemprop="text">{}</div></div>'
    html = ('<html><body><div class="question" itemscope itemtype="https://schema.org/Question"><h1 itemprop="name">'
            f'Nested routes 404</h1><div class="question__text" itemprop="text">{question}</div>'
            + comment.format("What does the error log say about these 404 responses on reload?")
            + "</div>" + "".join(
                '<div class="answer" itemprop="suggestedAnswer" itemscope itemtype="https://schema.org/Answer">'
                f'<div class="answer__text" itemprop="text">{text}</div>'
                + comment.format("Thanks, that fixed it for me after a restart of the container.") + "</div>"
                for text in answers) + "</body></html>")
    doc = extract(html, "https://qna.example/q/1402917")
    assert doc.page_type == "qa"
    assert [post.text for post in doc.posts] == [question, *answers]


_ANNOUNCEMENT = ("Avant de poster, merci de lire comment bien poser une question et d'indiquer votre distribution "
                 "et sa version.")


@pytest.mark.parametrize("announcement", [
    # FluxBB's: a heading and a box of its own, text above the posts
    f'<div class="hd"><h2><span>Annonce</span></h2></div><div class="box"><div class="inbox"><div class="usercontent">'
    f'<p>{_ANNOUNCEMENT}</p></div></div></div>',
    # set in a post's template: shaped like the posts
    f'<h2><span>Annonce</span></h2><div class="box"><div class="inbox"><div class="postbody"><div class="postright">'
    f'<div class="postmsg"><p>{_ANNOUNCEMENT}</p></div></div></div></div></div>',
])
def test_an_announcement_above_a_thread_opened_by_its_first_post_is_no_question(announcement):
    """A board's announcement sits above the posts, in a box of its own or shaped like a post; the group's first
    member names itself the thread's first post (FluxBB's ``blockpost firstpost``), so neither a question nor an
    opening post is looked for above it."""
    posts = "".join(
        f'<div id="p{n}" class="blockpost {"rowodd" if n % 2 else "roweven"}{" firstpost" if n == 1 else ""}">'
        f'<h2><span>{n} novembre 2025</span></h2><div class="box"><div class="inbox"><div class="postbody">'
        f'<div class="postleft"><dl><dt><strong><a href="profile.php?id={n}">{who}</a></strong></dt></dl></div>'
        f'<div class="postright"><div class="postmsg"><p>{text}</p></div></div></div></div></div></div>'
        for n, (who, text) in enumerate([
            ("lumiere", "Depuis la mise à jour de dimanche, je n'ai plus de son sur la télé branchée en HDMI."),
            ("tux_fr", "Vérifie d'abord que la sortie HDMI est bien détectée avec aplay -l dans un terminal."),
            ("lumiere", "Elle est détectée, mais le profil de la carte était sur off après la mise à jour."),
        ], start=1))
    page = f"""<html><head><title>Plus de son en HDMI / Matériel</title></head><body><div id="punviewtopic">
    <div id="announce" class="block">{announcement}</div>
    <div id="brdmain">{posts}</div></div></body></html>"""
    doc = extract(page.encode(), "https://forum.example.fr/viewtopic.php?id=30011")
    assert doc.page_type == "forum"
    assert [post.text[:14] for post in doc.posts] == ["Depuis la mise", "Vérifie d'abor", "Elle est détec"]


def test_a_boards_first_res_named_so_is_the_opening_post_under_the_threads_title():
    """Kakaku.com's board draws the thread's title and its status ("解決済 返信数：4件", solved, 4 replies) above the
    posts, and names the first of them ``resBox resBoxFirst`` (a "res" is a post on Japanese boards): the opening
    post is in the group, and the title box above is not another."""
    texts = ["先週購入しました。静かな部屋でノイズキャンセリングをONにすると"
             "小さなホワイトノイズが聞こえます。これは個体差でしょうか。",
             "仕様の範囲だと思います。完全な無音環境だとどうしても微小なノイズが"
             "出ます。NC最適化を一度やり直してみてください。",
             "やってみたところ、少しだけ小さくなった気がします。ただ、左側の方が"
             "右より大きく聞こえるのが気になります。"]
    posts = "".join(
        f'<div class="resBox{" resBoxFirst" if n == 1 else ""}" id="res2601284{n}"><div class="resTop">'
        f'<span class="resNum">No.{n}</span><a class="userName" href="/user/u{n}/">u{n}</a>さん</div>'
        f'<div class="resBody"><p>{text}</p></div><p class="resDate">2025/03/0{n} 21:14</p></div>'
        for n, text in enumerate(texts, start=1))
    page = ("<html><head><title>『ノイキャンONで「サー」というホワイトノイズが気になります』"
            " のクチコミ掲示板</title></head>"
            '<body><div id="bbsDetail"><div class="bbsTitle"><h1 class="bbsTtl">ノイキャンONで「サー」というホワイト'
            'ノイズが気になります</h1><p class="bbsStatus"><span class="iconSolved">解決済</span> 返信数：2件</p></div>'
            f'<div class="bbsContents">{posts}</div></div></body></html>')
    doc = extract(page.encode(), "https://bbs.kakaku.com/bbs/K0001447391/SortID=26012847/")
    assert doc.page_type == "forum"
    assert [post.text for post in doc.posts] == texts


def test_an_answer_box_between_the_question_and_the_replies_is_an_answer():
    """The Microsoft Community shows the accepted answer in a box of its own (``answer-container``, shaped like the
    replies) between the question and the replies: named an answer and not a question, it is the first answer, and
    the question is looked for above it."""
    def message(kind: str, who: str, text: str, n: int) -> str:
        return (f'<div class="thread-message-container {kind}-container"><div class="thread-message-header">'
                f'<a class="user-name" href="/profile/{who}">{who}</a><span class="date-text">March {n}, 2025</span>'
                f'</div><div class="thread-message-content"><div class="thread-message-content-body-text"><p>{text}'
                '</p></div></div></div>')
    replies = "".join(message("reply", who, text, n) for n, (who, text) in enumerate([
        ("ruth", "Same thing here on two machines since Tuesday, one desktop and one laptop with a dock."),
        ("dana", "Thank you Tomasz, that worked: I had to run the delete command twice but the icons are back."),
        ("jens", "The cache fix worked for me as well, but only until the next restart of the computer."),
    ], start=10))
    page = f"""<html><head><title>Pinned taskbar icons turn blank - Microsoft Community</title></head><body>
    <div id="thread-container"><div id="threadQuestion" class="thread-message-container question-container">
    <h1 id="threadQuestionTitle">Pinned taskbar icons turn blank</h1><a class="user-name" href="/profile/dana">dana
    </a><span class="date-text">March 8, 2025</span><div class="thread-message-content"><div
    class="thread-message-content-body-text"><p>Since installing last week's update most of the apps pinned to my
    taskbar show as blank white squares instead of their icons.</p></div></div></div>
    <div class="answer-section">{message("answer", "tomasz", "Delete the icon cache in the local app data folder "
                                        "and restart the explorer process, then the icons come back.", 9)}</div>
    <div class="thread-replies-container">{replies}</div></div></body></html>"""
    doc = extract(page.encode(), "https://answers.example.com/en-us/windows/forum/all/pinned-taskbar/8e2b61f4")
    assert doc.page_type == "qa"
    assert "Since installing last week's update" in doc.question
    assert [post.author for post in doc.answers] == ["tomasz", "ruth", "dana", "jens"]


def test_comments_listed_inside_each_post_are_not_answers(page_bytes):
    """Biostars lists each post's comments (``div.ui.comment.segment``) inside the post: they are half the members
    found, yet they are comments under the question and answers, not answers."""
    doc = extract(page_bytes("biostars_question.html"), "https://www.biostars.org/p/9603417/")
    assert doc.page_type == "qa" and len(doc.posts) == 4
    assert doc.posts[0].text.startswith("I have a coordinate-sorted")
    assert doc.posts[1].text.startswith("Recent samtools")



#: Three answers to a question: (poster, text; a newline between paragraphs).
_ANSWERS = [
    ("Daniel", "Multiple imputation is realistic with that many participants, as long as the imputation model is "
               "kept small.\nImpute in wide format, with one row per participant and each wave a column."),
    ("Helena", "A mixed model fitted by maximum likelihood already uses every observed outcome, so try that first "
               "and compare the estimates with the imputed ones."),
    ("Rajesh", "Report how many values are missing at each wave before anything else, in a table, so that readers "
               "can judge the pattern of dropout."),
]


def _answer_card(who: str, text: str, n: int) -> str:
    body = "".join(f"<p>{line}</p>" for line in text.split("\n"))
    return (f'<div class="item"><div class="card answer" id="a{n}"><div class="who"><a href="/profile/{who}">{who}'
            f'</a></div><div class="when">Mar 28, 2024</div><div class="text">{body}</div></div></div>')


def _question_page(popular: str) -> str:
    """A question, ``popular`` (a box between it and its answers), and three answers."""
    answers = "".join(_answer_card(who, text, n) for n, (who, text) in enumerate(_ANSWERS))
    return f"""<html><head><title>How should missing covariate data be handled?</title></head><body><main>
    <div class="header"><h1>How should missing covariate data be handled?</h1>
    <div class="asker"><a href="/profile/Marta">Marta</a></div></div>
    <div class="middle"><div class="question-text"><p>I am analysing a cohort of 118 older adults followed over
    four waves, and a fifth of them miss a covariate at some wave. Is multiple imputation realistic with such a
    sample, or is maximum likelihood safer?</p></div></div>{popular}
    <div class="answers"><div class="item"><h2>All answers (3)</h2></div>{answers}</div></main></body></html>"""



@pytest.mark.parametrize(("popular", "left_out"), [
    (f'<div class="popular"><div class="item"><h2>Popular answers</h2></div>{_answer_card(*_ANSWERS[0], 9)}</div>',
     2),  # a copy of the first answer's two paragraphs
    (f'<div class="popular"><p>{_ANSWERS[1][1]}</p></div>', 1),  # of the second's one
    (f'<div class="popular"><p>{_ANSWERS[0][1].split(chr(10))[0]}</p></div>', 0),  # half an answer: quoted by it
    ('<div class="popular"><p>Thanks!</p></div>', 0),
])
def test_a_copy_of_an_answer_above_the_answers_is_not_the_questions(popular: str, left_out: int):
    """A "Popular answers" box between a question and its answers (ResearchGate's) shows one answer again, whole;
    the article model keeps it with the question above the answers, but it is that answer's copy, not the question's
    text. A paragraph of the question that an answer quotes stays the question's."""
    page = parse_html(_question_page(popular))
    blocks = segment(page.root).blocks
    annotate(blocks)
    group = find_post_group(page.root)
    assert group is not None and len(group.members) == 3
    first = next(index for index, block in enumerate(blocks) if block.element in set(group.members[0].iter()))
    above = [block for block in blocks[:first] if not block.text.startswith(("Popular", "All answers"))]
    kept = without_copied_posts(above, blocks, group)
    assert len(above) - len(kept) == left_out
    assert kept[:3] == above[:3]  # the title, the asker, the question


def test_answers_named_opinions_find_the_question_named_as_one_above_them():
    """Kızlar Soruyor calls its answers opinions (``article.opinion-item`` holding a ``div.opinion-body``) and renders
    the question above them in a box of its own (``section.question-detail`` holding a ``div.question-body``), an
    advert between: the question's body is named as the answers' is, with "question" for "opinion"."""
    question = ("Merhaba, yazılım firmasında junior olarak çalışıyorum ve altıncı ayımı doldurdum. Sizce zam istemek "
                "için erken mi, yoksa yılı doldurmayı mı beklemeliyim?")
    opinions = ["Erken değil, özellikle somut bir başarın varken. Yöneticinden kısa bir görüşme iste ve katkını "
                "rakamlarla anlat.",
                "Şirketine göre değişir. Bazı firmalarda zamlar sadece yıllık değerlendirmede yapılır, bütçe ona göre "
                "ayrılır.",
                "Ben olsam yılı beklerdim. Altı ay junior için hâlâ öğrenme dönemi sayılıyor, acele etmemek lazım."]
    items = "".join(
        f'<article class="opinion-item" id="o9110{n}"><header class="opinion-header"><a class="username" '
        f'href="/kullanici/uye{n}">uye{n}</a><span class="opinion-date">5 Kas 2025</span></header><div '
        f'class="opinion-body"><p>{text}</p></div><footer class="opinion-footer">Beğen</footer></article>'
        for n, text in enumerate(opinions))
    page = ("<html><head><title>İlk işimde 6 ay oldu, zam istemek için erken mi? - Kızlar Soruyor</title></head><body>"
            "<main><section class='question-detail' id='q11842307'><header class='question-header'><span "
            "class='username'>Anonim</span><span class='question-date'>5 Kas 2025</span></header><h1 "
            "class='question-title'>İlk işimde 6 ay oldu, zam istemek için erken mi?</h1><div class='question-body'>"
            f"<p>{question}</p></div></section><div class='ad-container'><span>Reklam</span></div><section "
            f"class='opinions'><h2>Görüşler (3)</h2>{items}</section></main></body></html>")
    doc = extract(page.encode(), "https://www.kizlarsoruyor.com/is-ve-kariyer/q11842307-ilk-isimde-6-ay-oldu")
    assert doc.question == f"İlk işimde 6 ay oldu, zam istemek için erken mi?\n{question}"
    assert [post.text for post in doc.answers] == opinions


def test_a_post_by_the_topics_owner_first_among_declared_comments_is_the_opening_post():
    """NodeBB declares every post of a topic a schema.org ``Comment``, the opening post too, and names the posts of
    the topic's owner ``topic-owner-post``: the first post so named is the opening post, and the title above is not
    a post of its own (as it is over comments on a link shared for discussion)."""
    texts = [("lukas_k", "Hallo zusammen, mein eigenes Modell meldet neue Messwerte mit dataChanged, aber die "
                         "ListView in QML zeigt erst nach dem Scrollen die neuen Werte an. Was mache ich falsch?"),
             ("fkoenig", "Dein Delegate liest nicht die DisplayRole, sondern eine eigene Rolle. Gib beim Signal "
                         "die richtige Rolle an oder lass den Parameter weg, dann gelten alle Rollen als geändert.")]
    posts = "".join(
        f'<li component="post" class="{"topic-owner-post" if n == 0 else ""}" data-index="{n}" itemscope '
        f'itemtype="http://schema.org/Comment"><meta itemprop="datePublished" content="2025-02-2{n + 1}T14:03:18Z">'
        f'<div class="post-header"><a itemprop="author" href="/user/{who}">{who}</a> <span class="timeago">'
        f'vor {n + 2} Tagen</span></div><div class="content" component="post/content" itemprop="text"><p>{text}</p>'
        '</div><div class="post-footer"><a href="#">Antworten</a> <a href="#">Zitieren</a></div></li>'
        for n, (who, text) in enumerate(texts))
    page = ("<html><head><title>ListView aktualisiert sich nicht nach dataChanged() | Qt Forum</title></head><body>"
            '<main><div class="topic"><h1 component="post/header" itemprop="name"><span class="topic-title">ListView '
            'aktualisiert sich nicht nach dataChanged()</span></h1><div class="topic-info">2 Beiträge 146 Aufrufe'
            f'</div><ul component="topic" class="posts timeline">{posts}</ul></div></main></body></html>')
    doc = extract(page.encode(), "https://forum.example.io/topic/160912/listview-aktualisiert-sich-nicht")
    assert doc.page_type == "forum"
    assert [post.text for post in doc.posts] == [text for _, text in texts]



#: A knowledge base's question (MariaDB's) and its answers, each named ``answer`` with its body a ``comment_body``.
KB_QUESTION = ("We run a three node cluster. After a planned reboot of node three it never rejoins and stays a joiner "
               "for hours, while the error log repeats that no donor can be selected. What should I check?")
KB_ANSWERS = [("tomas", "That message means no donor accepted the request. The state transfer user may lack "
                        "privileges on the donor, the transfer tool may be missing there, or the ports between the "
                        "nodes may be blocked after the reboot. Read the donor's log, not only the joiner's."),
              ("mirela", "In our case it was the firewall. The port check from node three timed out, and adding "
                         "the ports permanently fixed it within minutes."),
              ("henrik", "Thanks, it was the second point: the transfer tool had been removed as an orphan package "
                         "on both donors after an upgrade. Reinstalled it and node three synced in twenty minutes.")]


def _kb_page(between: str = "", after: str = "") -> bytes:
    """The question page, with ``between`` the question and its answers and ``after`` them."""
    posts = "".join(
        f'<div class="answer{" accepted-answer" if n == 0 else ""}" id="answer-{n + 1}"><div class="comment_header">'
        f'<span class="comment_author"><a href="/kb/en/users/{who}/">{who}</a></span> <span class="comment_date">'
        f'2024-09-1{n + 3}</span></div><div class="comment_body"><p>{text}</p></div><div class="comment_footer"><a '
        f'href="#comment_680{n}">Permalink</a> · <a href="/kb/en/+comment/reply/680{n}/">Reply</a></div></div>'
        for n, (who, text) in enumerate(KB_ANSWERS))
    return ("<html><head><title>Why does my node stay a joiner? - Knowledge Base</title></head><body>"
            '<div id="content" class="question"><div class="question_actions"><a href="/ask/">Ask a question</a> <a '
            'href="/login/">Log in</a></div><h1>Why does my node stay a joiner?</h1><div class="node_info">Asked by '
            '<a href="/kb/en/users/henrik/">henrik</a> · 2024-09-12</div><div id="question_body" class="node_body">'
            f'<p>{KB_QUESTION}</p></div>{between}<div id="answers"><h2>Answers</h2>{posts}</div>{after}</div>'
            "</body></html>").encode()


def test_a_notice_below_the_answers_does_not_make_the_question_an_article():
    """A knowledge base's question page at an address naming no thread: the question above three answers named so,
    and below them a notice on who owns the content, longer than the article model's share of the answers it kept
    (their bodies are named ``comment_body``). Text below the last post is the page's, not an article's the posts
    sit under, when it says less than the posts do."""
    notice = ("Content reproduced on this site is the property of its respective owners, and this content is not "
              "reviewed in advance by the company. The views, information and opinions expressed by this content do "
              "not necessarily represent those of the company or any other party.")
    page = _kb_page(after=f'<div class="answer_prompt"><p>{notice}</p><a href="/login/">Log in to answer</a></div>')
    doc = extract(page, "https://kb.example.com/kb/en/why-does-my-node-stay-a-joiner-after-restart/")
    assert doc.page_type == "qa"
    assert [post.text for post in doc.posts] == [KB_QUESTION, *(text for _, text in KB_ANSWERS)]


def test_the_questions_comments_above_answers_named_so_are_not_the_question():
    """MariaDB's knowledge base draws the comments under a question (``div.question_comments``, each body a
    ``comment_body``) between the question (``div#question_body``) and its answers, whose bodies are named
    ``comment_body`` too: the box holding a body of the answers' class nearest above them is a comment, and the
    question is the box named so above it."""
    comments = "".join(
        f'<div class="comment"><span class="comment_author">{who}</span> <span class="comment_date">2024-09-12</span>'
        f'<div class="comment_body"><p>{text}</p></div></div>'
        for who, text in [("ines", "Which operating system and which package version are you on?"),
                          ("henrik", "Rocky Linux nine with the packages from the vendor's own repository.")])
    page = _kb_page(between=f'<div class="question_comments"><h3>Comments</h3>{comments}</div>')
    doc = extract(page, "https://kb.example.com/kb/en/why-does-my-node-stay-a-joiner/")
    assert doc.page_type == "qa"
    assert [post.text for post in doc.posts] == [KB_QUESTION, *(text for _, text in KB_ANSWERS)]


@pytest.mark.parametrize("placeholder", [
    "[deleted]", "This comment has been removed by the author.", "Dieser Kommentar wurde gelöscht.",
    "Ce commentaire a été supprimé par l’équipe de modération.", "Comentario eliminado por el autor",
    "삭제된 댓글입니다.",
])
def test_a_deleted_posts_placeholder_is_no_post(placeholder):
    """A board leaves a placeholder where a post was deleted: no one's words, so no post; a reply that talks about a
    deleted post is one."""
    said = ["The pump stopped again after the storm last night, and the fuse looks fine to me.",
            "Check the float switch first: it sticks when leaves get into the sump after heavy rain."]
    posts = "".join(f"<div class='comment' id='c{n}'><div class='comment-author'><a href='/u/{who}'>{who}</a>"
                    f"</div><time>2 March 2025</time><div class='comment-body'><p>{text}</p></div></div>"
                    for n, (who, text) in enumerate(zip(["ann", "bob", "cid", "dee"],
                                                        [said[0], placeholder, said[1], "I deleted the post."],
                                                        strict=True)))
    doc = extract(f"<html><body><div class='comments'>{posts}</div></body></html>",
                  "https://forum.example.com/thread/42")
    assert [post.text for post in doc.posts] == [said[0], said[1], "I deleted the post."]
