"""The article body in ``articleBody`` sense: the headline, the byline, pictures' credited captions and a dangling
related-links heading leave it."""

from __future__ import annotations

import pytest

from scrapy_boiler.assemble.body import PICTURE_CREDIT, ends_with_credit, trim_article
from scrapy_boiler.parse.html import parse_html
from scrapy_boiler.segment.blocks import annotate, segment


def _kept_after_trim(html: str) -> list[str]:
    """The blocks left after :func:`trim_article` on a page whose every block the model kept."""
    blocks = segment(parse_html(html).root).blocks
    annotate(blocks)
    for block in blocks:
        block.is_content = True
    trim_article(blocks, "Six figures on the collapse")
    return [block.text for block in blocks if block.is_content]


def _trimmed(tail: str) -> list[str]:
    """:func:`_kept_after_trim` of an article whose headline and first paragraph ``tail`` follows."""
    return _kept_after_trim("<html><body><article><h1>Six figures on the collapse</h1><p>The developer owed more than "
                            f"any other company in the world when the court ordered it wound up on Monday.</p>{tail}"
                            "</article></body></html>")


def test_a_related_links_heading_ending_the_body_goes():
    kept = _trimmed("<h3>Related stories</h3><h4>Read more:</h4>")
    assert kept == ["The developer owed more than any other company in the world when the court ordered it wound "
                    "up on Monday."]


def test_points_rendered_as_headings_ending_the_body_stay():
    """A listicle whose points are headings (their charts, embeds, were dropped): a run of sentence headings at the
    end is the article; only the short label after them goes."""
    points = ["1. It owned more than 1,300 housing projects in 280 cities.",
              "2. It owed 300 billion dollars to banks, suppliers and buyers.",
              "3. At least twelve million owners lived in homes it had built."]
    kept = _trimmed("".join(f"<h3>{point}</h3>" for point in points) + "<h3>Read more</h3>")
    assert kept[1:] == points


_SENTENCE = ("The harbour board met on Tuesday evening and agreed, after a long debate about costs, to keep the old "
             "ferry running through the winter months while the new one is built.")
_TOPICS = ("fares", "timetables", "engines", "crews", "harbour fees", "winter storms", "tourism", "the mainland",
           "island schools", "fuel prices")
#: Ten paragraphs, each with words of its own (a hidden body shares few word pairs with the shown page).
_HIDDEN = " ".join(f"Paragraph {n} is about {topic}: {' '.join(f'{topic.split()[-1]}{n}x{k}' for k in range(12))}."
                   for n, topic in enumerate(_TOPICS, start=2))


def _paywalled(declared: str, shown_rest: str = "") -> bytes:
    import json

    ld = json.dumps({"@context": "https://schema.org", "@type": "NewsArticle", "headline": "Ferry kept for winter",
                     "isAccessibleForFree": False, "articleBody": f"Paragraph 1 says that {_SENTENCE} {declared}"})
    return (f'<html><head><title>Ferry kept for winter</title><script type="application/ld+json">{ld}</script>'
            '</head><body><nav><a href="/">Home</a> <a href="/news">News</a></nav><main><article>'
            '<h1>Ferry kept for winter</h1><p class="standfirst">The council found the money after all.</p>'
            f'<p>Paragraph 1 says that {_SENTENCE}</p>{shown_rest}'
            '<div class="paywall">Subscribe to read the whole article.</div></article></main>'
            '<footer>Contact us. Privacy.</footer></body></html>').encode()


def test_a_paywalled_article_gives_the_body_its_structured_data_declares():
    from scrapy_boiler import extract

    doc = extract(_paywalled(_HIDDEN), url="https://news.example/ferry")
    assert doc.warnings == ["declared_body"]
    assert all("Paragraph 11 is about" in output for output in (doc.text, doc.html, doc.markdown))
    assert doc.text.startswith("The council found the money after all.\nParagraph 1 says")
    assert doc.text.count("Paragraph 1 says") == 1


def test_a_declared_body_the_page_also_shows_is_not_used():
    from scrapy_boiler.assemble.declared_body import hidden_declared_body

    teaser = [f"Paragraph 1 says that {_SENTENCE}"]
    hidden = parse_html(_paywalled(_HIDDEN))
    assert hidden_declared_body(hidden, teaser) is not None
    shown = "".join(f"<p>{paragraph}.</p>" for paragraph in _HIDDEN.split(". "))
    # the model kept only the first paragraph, but the page shows the rest: the blocks stay the evidence
    assert hidden_declared_body(parse_html(_paywalled(_HIDDEN, shown)), teaser) is None
    # a declared body of another article (no kept block in it) is not used either
    assert hidden_declared_body(hidden, ["The weather stays mild until the weekend, forecasters said today."]) is None


def test_a_lead_in_ending_with_a_cjk_colon_goes():
    # "阅读下一篇：" (read the next story:) above a list of other stories, written with the full-width colon
    kept = _trimmed("<div>阅读下一篇：</div>")
    assert kept == ["The developer owed more than any other company in the world when the court ordered it wound "
                    "up on Monday."]


def test_every_copy_of_the_headline_above_the_body_goes():
    # a page with a header for small screens and one for large ones shows the headline twice above the story
    kept = _kept_after_trim("<html><body><div class='mobile-head'><h1>Six figures on the collapse</h1></div><div "
                            "class='desk-head'><h1>Six figures on the collapse</h1><div>2023-11-17 20:52</div></div>"
                            "<p>The developer owed more than any other company in the world when the court ordered it "
                            "wound up on Monday.</p></body></html>")
    assert kept == [
        "2023-11-17 20:52", "The developer owed more than any other company in the world when the court ordered it "
        "wound up on Monday."]


_FIRST = ("The developer owed more than any other company in the world when the court ordered it wound up on "
          "Monday.")


def test_the_headline_shown_with_a_bracketed_label_goes():
    """A board's category or a news desk's label in brackets before or after the headline it shares without it
    ("[질문] ...", "【速報】...", "... (종합)") is still the headline; a labelled heading that says less is not."""
    for shown in ("[질문] Six figures on the collapse", "【速報】Six figures on the collapse",
                  "Six figures on the collapse (종합)", "Six figures on the collapse [VIDEO]"):
        kept = _kept_after_trim(f"<html><body><article><h3>{shown}</h3><p>{_FIRST}</p></article></body></html>")
        assert kept == [_FIRST], shown
    kept = _kept_after_trim(f"<html><body><article><h3>[Analysis] Six figures</h3><p>{_FIRST}</p></article>"
                            "</body></html>")
    assert kept == ["[Analysis] Six figures", _FIRST]


def test_the_byline_under_the_headline_and_at_the_end_leaves_the_body():
    kept = _kept_after_trim("<html><body><article><h1>Six figures on the collapse</h1>"
                            "<div class='meta'>By Ann Smith and Bo Lee, 12 October 2026 · 2 comments</div>"
                            f"<p>{_FIRST}</p><p>{_SENTENCE}</p><p>Von Eva Kirchner-Rätsch</p></article></body></html>")
    assert kept == [_FIRST, _SENTENCE]


def test_a_blogs_posted_by_line_naming_its_writers_and_their_roles_is_a_byline():
    """Blogger's "Posted by" opens a byline too, and a writer's role may follow the name after a dash (the Android
    Developers Blog: two writers, 15 words); a sentence that starts "Posted by" and names no one stays."""
    byline = ("Posted by Tomás Ferreira – Developer Relations Engineer, and Aiko Nakamura – Software Engineer, "
              "Android System UI")
    kept = _kept_after_trim("<html><body><article><h1>Six figures on the collapse</h1>"
                            f"<p>{byline}</p><p>{_FIRST}</p><p>{_SENTENCE}</p>"
                            "<p>Posted by mail to every owner, the notice arrived late.</p></article></body></html>")
    assert kept == [_FIRST, _SENTENCE, "Posted by mail to every owner, the notice arrived late."]


def test_the_authors_address_at_either_end_of_the_body_is_a_byline():
    """Telegraph repeats the author's name in an ``<address>`` at the top of the article: the author's contact is
    metadata, whatever it says; a longer ``<address>`` (a shop's directions in the body) stays."""
    kept = _kept_after_trim(f"<html><body><article><h1>Six figures on the collapse</h1><address>Север и горы<br>"
                            f"</address><p>{_FIRST}</p><p>{_SENTENCE}</p></article></body></html>")
    assert kept == [_FIRST, _SENTENCE]


def test_korean_and_chinese_reporters_bylines_leave_the_body():
    """A Korean byline names the reporter before the title ("김민수 기자", with an address or a news agency's
    dateline, in brackets or not: "상주=", where the reporter filed from), a Chinese one after it ("记者 张三"), and
    a German desk signs off with initials and agencies ("jre/dpa/AFP"); sentences that start with the word stay, and
    so does the source of a body's figures."""
    for byline in ("김민수 기자 minsu@news.example", "[서울=뉴시스] 김민수 기자 =", "상주=김서연 기자 syk@news.example",
                   "（本报记者 张三 李四）", "記者陳俊宏／台中報導", "（大津支局　森下遥）",
                   "By LI JINGWEN in Pu'er, Yunnan | China Daily | Updated: 2025-10-14 07:23"):
        kept = _kept_after_trim("<html><body><article><h1>Six figures on the collapse</h1>"
                                f"<p>{_FIRST}</p><p>{_SENTENCE}</p><p>{byline}</p></article></body></html>")
        assert kept == [_FIRST, _SENTENCE], byline
    sentences = ["기자회견에서 시장은 요금 인상을 발표했다.", "记者从市政府获悉，新政策将于下月实施。"]
    for sign_off in ("Quelle: ntv.de, jre/dpa/AFP", "ala/dpa/Reuters"):
        kept = _kept_after_trim("<html><body><article><h1>Six figures on the collapse</h1>"
                                f"<p>{_FIRST}</p><p>{_SENTENCE}</p><p>{sign_off}</p></article></body></html>")
        assert kept == [_FIRST, _SENTENCE], sign_off
    assert "Quelle: Statistisches Bundesamt" in _trimmed(f"<p>{_SENTENCE}</p><p>Quelle: Statistisches Bundesamt</p>")
    assert _trimmed("".join(f"<p>{text}</p>" for text in sentences))[1:] == sentences


def test_an_arabic_byline_and_a_file_photos_caption_leave_the_body():
    """Egyptian and Gulf papers open with "كتب: ..." (wrote:) or "بقلم ..." (by the pen of) and the writers' names,
    often with the date; their captions end "- صورة أرشيفية" (file photo). A sentence opening with the verb, with no
    colon after it, stays."""
    for byline in ("كتب: محمد عبد العاطي، هالة سليمان الأربعاء 24-09-2025 11:42", "كتبت - سارة منصور",
                   "بقلم د. أحمد فؤاد"):
        kept = _kept_after_trim("<html><body><article><h1>Six figures on the collapse</h1>"
                                f"<p>{byline}</p><p>{_FIRST}</p><p>{_SENTENCE}</p></article></body></html>")
        assert kept == [_FIRST, _SENTENCE], byline
    caption = ("<div class='articleimg'><img src='a.jpg'><span class='img_caption'>ارتفاع أسعار الطماطم في أسواق "
               "القاهرة - صورة أرشيفية</span></div>")
    assert _trimmed(f"{caption}<p>{_SENTENCE}</p>")[1:] == [_SENTENCE]
    said = "كتب الوزير في رسالته إلى النواب أن الحكومة ستعيد النظر في الأسعار."
    assert _trimmed(f"<p>{said}</p><p>{_SENTENCE}</p>")[1:] == [said, _SENTENCE]


def test_a_paywalls_notice_ending_the_body_leaves_it():
    """Le Monde ends a subscriber's article, for others, with "Il vous reste 60.42% de cet article à lire. La suite
    est réservée aux abonnés."; the same words inside the body, or a long paragraph about subscribers, stay."""
    for notice in ("Il vous reste 60.42% de cet article à lire. La suite est réservée aux abonnés.",
                   "This article is only available to subscribers.", "Jetzt abonnieren und weiterlesen",
                   "Unlock the full story, plus expert analysis of the markets and companies that move the world "
                   "economy."):  # Bloomberg's
        assert _trimmed(f"<p>{_SENTENCE}</p><p>{notice}</p>")[1:] == [_SENTENCE], notice
    inside = "Il vous reste 60% de cet article à lire, disait le bandeau, et les lecteurs ont protesté."
    assert _trimmed(f"<p>{inside}</p><p>{_SENTENCE}</p><p>{_SENTENCE} {_SENTENCE}</p>")[1] == inside


def test_a_notice_for_browsers_without_javascript_leaves_the_body_wherever_it_sits():
    """The New York Times serves its gateway's notices between the body's first paragraphs: "We are having trouble
    retrieving the article content." and "Please enable JavaScript in your browser settings."."""
    notices = ("We are having trouble retrieving the article content.",
               "Please enable JavaScript in your browser settings.", "Bitte aktivieren Sie JavaScript.")
    kept = _trimmed("".join(f"<p>{notice}</p>" for notice in notices) + f"<p>{_SENTENCE}</p><p>{_SENTENCE}</p>")
    assert kept[1:] == [_SENTENCE, _SENTENCE]
    about = "The app needs JavaScript, which some readers turn off."
    assert about in _trimmed(f"<p>{about}</p><p>{_SENTENCE}</p>")


def test_an_embeds_notice_asking_for_consent_to_its_cookies_leaves_the_body():
    """Eurogamer shows "To see this content please enable targeting cookies. Manage cookie settings" in place of an
    embedded video until the reader consents; German sites "Wir benötigen Ihre Zustimmung, um den Inhalt zu laden".
    A sentence about cookies stays."""
    notices = ("To see this content please enable targeting cookies. Manage cookie settings",
               "Accept functional cookies to watch this video.",
               "Wir benötigen Ihre Zustimmung, um den von YouTube bereitgestellten Inhalt zu laden.")
    for notice in notices:
        kept = _trimmed(f"<p>{_SENTENCE}</p><p>{notice}</p><p>{_SENTENCE}</p><p>{_SENTENCE}</p>")
        assert kept[1:] == [_SENTENCE] * 3, notice
    about = "Regulators want sites to let readers refuse targeting cookies as easily as they accept them."
    assert about in _trimmed(f"<p>{_SENTENCE}</p><p>{about}</p><p>{_SENTENCE}</p>")


def test_a_line_that_only_credits_the_pictures_leaves_the_body_wherever_it_sits():
    """Thai news ends its body with "ขอบคุณภาพ : …" (thanks for the pictures: …); other sites put "Photo: Reuters" or
    "Fotos: dpa" in a paragraph of its own. A sentence about a photo, or a long line opening so, stays."""
    credits = ("ขอบคุณภาพ : กรมอุตุนิยมวิทยา, ปภ.เชียงราย", "Photo: Reuters", "Fotos: dpa, Getty Images", "사진=연합뉴스")
    for credit in credits:
        assert _trimmed(f"<p>{_SENTENCE}</p><p>{credit}</p><p>{_SENTENCE} {_SENTENCE}</p>")[1:] == [
            _SENTENCE, f"{_SENTENCE} {_SENTENCE}"], credit
    sentences = ["The photo shows the harbour before the storm.",
                 "Photos: these were taken by residents, who sent more than four hundred of them to the council in "
                 "the week after the flood."]
    assert _trimmed("".join(f"<p>{text}</p>" for text in sentences))[1:] == sentences


def test_an_affiliate_disclosure_at_either_end_of_the_body_goes():
    """Review and advice pages open or close the body with a note that they earn from the links in it (Forbes
    Advisor's "Editorial Note", a German blog's "Werbehinweis"), or on how it tests what it recommends (Engadget's
    and ZDNET's, linking to their method): the site's, not the writer's; deeper in, when its box is named for it. A
    sentence about affiliate links in the middle of the story stays, as does a longer paragraph."""
    notes = ["Editorial Note: We earn a commission from partner links on Forbes Advisor. Commissions do not affect our "
             "editors' opinions or evaluations.",
             "Werbehinweis: Links mit * sind Affiliate-Links. Kaufst du darüber, erhalte ich eine kleine Provision, "
             "für dich ändert sich der Preis nicht.",
             "This post contains affiliate links, which means we may earn a small commission at no cost to you.",
             "Cet article contient des liens affiliés.",
             "Notre site peut percevoir une rémunération lorsque vous achetez via les liens de cette page.",
             "We may receive compensation when you click on links to products on this page.",
             "Engadget has been testing and reviewing consumer tech since 2004. Our stories may include affiliate "
             "links; if you buy something through a link, we may earn a commission. Read more about how we evaluate "
             "products.",
             "ZDNET's recommendations are based on many hours of testing, research, and comparison shopping. We "
             "gather data from the best available sources, including vendor and retailer listings as well as other "
             "relevant and independent reviews sites. Read more about how we test."]
    for note in notes:
        assert _trimmed(f"<p>{note}</p><p>{_SENTENCE}</p><p>{_SENTENCE}</p><p>{_SENTENCE}</p>")[1:] == [_SENTENCE] * 3
        assert _trimmed(f"<p>{_SENTENCE}</p><p>{_SENTENCE}</p><p>{_SENTENCE}</p><p>{note}</p>")[1:] == [_SENTENCE] * 3
    middle = "Regulators said the affiliate links in such reviews earn the sites a commission on every sale."
    kept = _trimmed(f"<p>{_SENTENCE}</p><p>{_SENTENCE}</p><p>{middle}</p><p>{_SENTENCE}</p><p>{_SENTENCE}</p>")
    assert middle in kept
    # deeper in, in a box of its own named for it (Tech Advisor's p.affiliate-disclaimer under the verdict)
    note = notes[2]
    assert _trimmed(f"<p>{_SENTENCE}</p><p>{_SENTENCE}</p><p class='affiliate-disclaimer'>{note}</p><p>{_SENTENCE}"
                    f"</p><p>{_SENTENCE}</p>")[1:] == [_SENTENCE] * 4
    # a story's last line on a commission, or on the station that helped, is no disclosure
    endings = ["\"We will act,\" the commission said in a statement on Monday.",
               "Our affiliate station KXYZ contributed to this report.",
               "We welcome the provision of new funds, the mayor said.",
               "The families will receive compensation from the state, the court ruled.",
               "\"We want to receive compensation for every day we lost,\" she said."]
    for ending in endings:
        assert ending in _trimmed(f"<p>{_SENTENCE}</p><p>{_SENTENCE}</p><p>{ending}</p>")


def test_an_appeal_for_support_closing_the_article_goes():
    """A nonprofit closes its stories with an appeal for the reader's support (Bellingcat's "If you would like to
    support our work, you can do so here", "Please consider making a donation"): the site's, not the writer's. A
    story's last line on a fundraiser or on donors, and an appeal above the body's end, stay. A newsletter's
    note on why the reader got it ("You received this email because ...") goes as an appeal does."""
    appeals = ["Bellingcat is a non-profit and the ability to carry out our work is dependent on the kind support of "
               "individual donors. If you would like to support our work, you can do so here. You can also subscribe "
               "to our Patreon channel here.",
               "If you value this reporting, please consider making a donation.",
               "Become a member today and get the newsletter first.",
               "Safeguard press freedom; keep the Harbour Press free for all readers by supporting our team.",
               "This article appears in print in the April 2025 issue of the magazine. Subscribe to it here.",
               "A version of this story appeared in the Sunday edition of the Herald.",
               "You may republish this article, so long as you credit the authors and do not change the text.",
               "The Understory is free and always will be. If this issue helped, you can buy me a coffee.",
               "You received this email because you signed up on our website or came on one of our tree walks.",
               "本内容为作者独立观点，不代表本站立场。未经允许不得转载。", "如对本稿件有异议或投诉，请联系本站编辑部。"]
    for appeal in appeals:
        assert _trimmed(f"<p>{_SENTENCE}</p><p>{_SENTENCE}</p><p>{_SENTENCE}</p><p>{appeal}</p>")[1:] == [_SENTENCE] * 3
    endings = ["If you would like to donate to the family, a fundraiser has been set up at the town hall.",
               "The museum relies on individual donors and on the support of its friends, its director said.",
               "The report appeared in print last spring, and the council has not answered it since.",
               "We stopped to buy a coffee in the square before the last climb to the pass.",
               "专家认为，这一观点不代表多数居民的看法。"]
    for ending in endings:
        assert ending in _trimmed(f"<p>{_SENTENCE}</p><p>{_SENTENCE}</p><p>{ending}</p>")
    early = "If you would like to support our work, you can do so here."
    assert early in _trimmed(f"<p>{_SENTENCE}</p><p>{early}</p><p>{_SENTENCE}</p><p>{_SENTENCE}</p><p>{_SENTENCE}</p>")


def test_a_paragraph_opening_with_by_stays():
    """"By the end of the year...", "Par ailleurs...", "Di Maio ha detto...": a sentence, not a byline."""
    openings = ["By the end of the year, prices rose.", "Par ailleurs, le gouvernement a cédé.",
                "Di Maio ha detto di no."]
    kept = _trimmed("".join(f"<p>{text}</p>" for text in openings))
    assert kept[1:] == openings


def test_a_kicker_and_a_breadcrumb_trail_above_the_headline_leave_the_body():
    kept = _kept_after_trim("<html><body><article><div class='crumbs'><a href='/'>Home</a> › <a href='/n'>News</a>"
                            "</div><p class='kicker'>Business</p><h1>Six figures on the collapse</h1>"
                            f"<p>{_FIRST}</p></article></body></html>")
    assert kept == [_FIRST]


def test_a_pictures_credited_caption_leaves_the_body():
    """A caption ending with the picture's credit, in a ``<figure>`` or in a box named as a picture or caption, goes
    (fundus-train's gold leaves captions out); the paragraphs around it stay."""
    kept = _trimmed("<figure><img src='a.jpg'><figcaption>The empty towers in Guangzhou (Image: Getty)</figcaption>"
                    f"</figure><p>{_SENTENCE}</p><div class='photo'><img src='b.jpg'><span>Staff outside the "
                    "court on Monday. Bild: Maximilian von Lachner</span></div><p class='wp-caption-text'>The "
                    "liquidator at work (AP Photo/Carolyn Kaster)</p>")
    assert kept == [_FIRST, _SENTENCE]


def test_a_paragraph_holding_a_credited_caption_leaves_the_body():
    """Baijiahao sets each picture's caption in a ``span.bjh-image-caption`` inside a plain ``<p>``, ending with the
    picture's source ("图片来源：作者拍摄": picture source, taken by the author); a paragraph holding a span of
    another name that ends so stays."""
    caption = "老街上的一家咖啡馆，门口摆着几张木桌。图片来源：作者拍摄"
    kept = _trimmed(f"<p>{_SENTENCE}</p><p><span class='bjh-image-caption'>{caption}</span></p><p>{_SENTENCE}</p>")
    assert kept == [_FIRST, _SENTENCE, _SENTENCE]
    assert caption in _trimmed(f"<p>{_SENTENCE}</p><p><span class='bjh-p'>{caption}</span></p><p>{_SENTENCE}</p>")


def test_captions_credited_to_asian_wire_services_leave_the_body():
    """Kyodo's and Xinhua's captions end with the agency in brackets, "(Kyodo)", "(Xinhua/Li Ming)", as AP's and
    Reuters' do with theirs: in a picture's box, they are captions."""
    kept = _trimmed(f"<p>{_SENTENCE}</p><div class='photo-slide'><img src='a.jpg'><p>File photo shows a bus driver "
                    "checking a timetable at a depot in Sendai. (Kyodo)</p></div><div class='image'><img src='b.jpg'>"
                    "<p>Workers sort seedling trays in Nanchang on April 7. (Xinhua/Li Ming)</p></div>")
    assert kept[1:] == [_SENTENCE]


def test_korean_captions_crediting_the_photographer_or_the_graphic_leave_the_body():
    """Hankook Ilbo's captions end with the photographer's name and title ("박서연 기자") or the graphic's maker
    ("그래픽=강준혁 기자"): in a picture's box, they are captions."""
    box = "<div class='editor-img-box'><img src='a.jpg'><p class='img-desc'>{}</p></div>"
    captions = box.format("지난 17일 경북 청송군의 한 사과 과수원에 설치된 토양 수분 센서. 박서연 기자") \
        + box.format("과수 스마트팜 도입 농가 추이. 그래픽=강준혁 기자")
    assert _trimmed(f"<p>{_SENTENCE}</p>{captions}<p>{_SENTENCE}</p>")[1:] == [_SENTENCE, _SENTENCE]


def test_a_korean_broadcasters_crew_credits_and_call_for_tips_leave_the_end_of_the_body():
    """KBS ends a story with its crew ("촬영기자:이상민/영상편집:정다은": camera, editing) and its call for tips ("■
    제보하기", then "▷ 전화 : ...", "▷ 이메일 : ..."); its captions credit the graphic in brackets ("(그래픽: 김소연)"),
    in the text's own box. A paragraph mentioning a tip stays."""
    tail = ["촬영기자:이상민/영상편집:정다은/그래픽:김소연", "■ 제보하기", "▷ 전화 : 02-781-1234, 4444",
            "▷ 이메일 : kbs1234@kbs.co.kr", "▷ 카카오톡 : 'KBS제보' 검색, 채널 추가"]
    said = "경찰은 시민의 제보를 받아 사고 경위를 조사하고 있다고 밝혔습니다."
    body = (f"<div class='detail-body'>{_SENTENCE}<br><br><span class='img-center'><img src='a.jpg'><span "
            f"class='img-caption'>가을철 산악사고 원인 (그래픽: 김소연)</span></span><br><br>{said}<br><br>"
            + "<br><br>".join(tail) + "</div>")
    assert _trimmed(body)[1:] == [_SENTENCE, said]


def test_a_chinese_storys_editor_and_credits_and_its_more_to_read_label_leave_the_end_of_the_body():
    """People's Daily ends a story with its editors in brackets ("(责编：牛镛、岳弘彬)"); a WeChat article with its
    credits ("文字 | 陈默": text, photographs, editing) and the label of the links after it ("往期推荐": earlier
    posts), and its call to follow the account at the top ("点击上方蓝字…关注我们"). A sentence about an editor
    stays."""
    meeting = "编辑部在周一的会议上决定，明年继续出版这份县城小报。"
    said = f"<p>{meeting}</p>"
    tail = ("<div class='edit'>(责编：牛镛、岳弘彬)</div><p>文字 | 陈默</p><p>摄影 | 陈默</p><p>编辑 | 小岛</p>"
            "<p>往期推荐</p>")
    follow = "<p><span>点击上方蓝字“岛屿书房”，关注我们</span></p>"
    assert _trimmed(f"{follow}<p>{_SENTENCE}</p>{said}{tail}")[1:] == [_SENTENCE, meeting]


def test_a_date_line_in_a_box_named_as_the_meta_line_leaves_the_top_of_the_body():
    """WeChat shows the writer, the account, the date and the province between the headline and the text, in
    ``div#meta_content.rich_media_meta_list``, no ``<time>`` in it: a short line with a date in a box so named."""
    meta = ("<div id='meta_content' class='rich_media_meta_list'><span class='rich_media_meta'>陈默</span> "
            "<span class='rich_media_meta_nickname'><a href='#'>岛屿书房</a></span> <em id='publish_time' "
            "class='rich_media_meta'>2025年12月2日 21:30</em> <em>浙江</em></div>")
    kept = _kept_after_trim("<html><body><h1>Six figures on the collapse</h1>" + meta
                            + f"<div id='js_content'><p>{_SENTENCE}</p><p>{_SENTENCE}</p></div></body></html>")
    assert kept == [_SENTENCE, _SENTENCE]


@pytest.mark.parametrize("line", [
    # ČTK: the agency, the time, when it was updated, in the article's info box
    '<div class="box-article-info"><span class="source">ČTK</span> <time datetime="2025-01-21T10:47">21. 1. 2025 '
    '10:47</time> <span class="updated">Aktualizováno 21. 1. 2025 12:15</span></div>',
    # ZEIT ONLINE's dpa feed: the time and the source in the story's metadata
    '<div class="metadata"><time class="metadata__date" datetime="2025-11-27T11:02">Aktualisiert am 27. November '
    '2025, 11:02 Uhr</time> <span class="metadata__source">Quelle: dpa Nordrhein-Westfalen</span></div>',
    # China News Service: the time, the source and the share links in a box named for the time, no <time>
    '<div class="content_left_time">2025年01月08日 15:21 来源：中国新闻网 <span class="share_btns">分享到：<a '
    'href="javascript:void(0)">微信</a><a href="javascript:void(0)">微博</a></span></div>',
])
def test_an_agencys_date_line_in_its_info_metadata_or_time_box_leaves_the_top_of_the_body(line):
    """News agencies set the time of a story, its source and when it was updated in a box of their own between the
    headline and the text: named the article's info, its metadata, or for the time alone."""
    kept = _kept_after_trim(f"<html><body><h1>Six figures on the collapse</h1>{line}"
                            f"<div class='text'><p>{_SENTENCE}</p><p>{_SENTENCE}</p></div></body></html>")
    assert kept == [_SENTENCE, _SENTENCE]


def test_a_polish_credit_and_a_chinese_photographers_credit_make_captions():
    """Wyborcza credits "(Fot. Łukasz Cynalewski / Agencja Wyborcza.pl)" in a ``p.art-image-desc``; Xinhua's caption
    is a centred paragraph in no picture box, but ends "新华社记者 孙静怡 摄" (photographed by Xinhua's reporter; the
    Paper's "... 图", a picture by; ETtoday's "（圖／...提供）", a picture from), which no paragraph of a story does."""
    polish = ("<p class='art-image-desc'>Nasadzenia drzew przy ul. Głogowskiej w Poznaniu <span>(Fot. Łukasz "
              "Cynalewski / Agencja Wyborcza.pl)</span></p>")
    chinese = ("<p style='text-align: center'>4月7日，工作人员在整理秧盘。新华社记者 孙静怡 摄</p>"
               "<p>台北市信義區一處完成改善的路口。（記者林佳穎攝）</p><p>增設行人庇護島。（資料照）</p>")
    assert _trimmed(f"<p>{_SENTENCE}</p>{polish}<p>{_SENTENCE}</p>{chinese}<p>{_SENTENCE}</p>")[1:] == [_SENTENCE] * 3
    paper = ("<p class='image_desc'>志愿者将分装好的午餐送往独居老人家中。澎湃新闻记者 李思源 图</p>"
             "<p><strong>▲新社花海延長展期，並首度推出夜間點燈。（圖／台中市農業局提供）</strong></p>")
    assert _trimmed(f"<p>{_SENTENCE}</p>{paper}<p>{_SENTENCE}</p>")[1:] == [_SENTENCE] * 2
    wechat = "<p style='text-align: center'><span>▲ 深夜的“山下”书店。摄影：陈默</span></p>"
    assert _trimmed(f"<p>{_SENTENCE}</p>{wechat}<p>{_SENTENCE}</p>")[1:] == [_SENTENCE] * 2
    said = "<p>记者孙静怡说，今年的育秧工作比往年提前了一周。</p>"
    assert "记者孙静怡说，今年的育秧工作比往年提前了一周。" in _trimmed(f"<p>{_SENTENCE}</p>{said}")


def test_a_caption_ending_with_its_sources_photo_in_brackets_leaves_the_body():
    """The Indian Express group credits a picture "(Express Photo)", others "(PTI Photo)", "(File Photo)",
    "(Representational Image)": in a caption's box (Jansatta's ``span.custom-caption`` beside the ``<img>``), a
    caption. A paragraph that talks of a photo in brackets stays."""
    caption = ("<span class='custom-caption'><img src='a.jpg'><span>दिल्ली में बिजली की मांग तेजी से बढ़ रही है। "
               "(Express Photo)</span></span>")
    assert _trimmed(f"{caption}<p>{_SENTENCE}</p>")[1:] == [_SENTENCE]
    said = "<p>The council published the plan with a map of the new lines (see the second photo).</p>"
    assert len(_trimmed(f"<p>{_SENTENCE}</p>{said}")) == 3


def test_a_vietnamese_caption_crediting_the_photographer_leaves_the_body():
    """A Vietnamese caption ends with the photographer, "Ảnh: <name>." (a picture: ...), its full stop after the
    name: in a picture's box (Znews' ``td.pCaption`` in a ``table.picture``), a caption. An English one's credit
    with a full stop, "Photo: AP.", is not read as one: Dragnet's gold keeps such lines."""
    caption = ("<table class='picture'><tr><td><img src='a.jpg'></td></tr><tr><td class='pCaption caption'><p>Bà Nở gỡ"
               " những gốc cải bị phù sa vùi lấp sau lũ. Ảnh: Đoàn Nguyên.</p></td></tr></table>")
    assert _trimmed(f"<p>{_SENTENCE}</p>{caption}<p>{_SENTENCE}</p>")[1:] == [_SENTENCE] * 2
    english = "The suspect made his first court appearance on Monday morning. Photo: AP."
    kept = _trimmed(f"<p>{_SENTENCE}</p><div class='photo'><img src='a.jpg'><p>{english}</p></div><p>{_SENTENCE}</p>")
    assert english in kept


def test_a_japanese_caption_crediting_its_source_leaves_the_body():
    """A Japanese caption ends with the picture's source, "（出典：...）", as with its photographer, "（写真：...）":
    in a picture's box, it is a caption; a paragraph of the body ending with the source of its figures stays."""
    caption = ("<div class='photo'><img src='a.jpg'><small>AIが作成した乗務割の候補を比較する画面"
               "（出典：トランジットラボ）</small></div>")
    cited = "同省が発表した統計では、利用者は前年から2割増えた（出典：総務省）"
    assert _trimmed(f"<p>{_SENTENCE}</p>{caption}<p>{cited}</p>")[1:] == [_SENTENCE, cited]


def test_a_credit_outside_a_picture_box_and_a_caption_without_credit_stay():
    """A paragraph of the body may end like a credit, and a picture box's text without a credit is left to the model:
    only both signs together make a caption, or a ``<figcaption>``, which says it is one (Micro.blog's, uncredited)."""
    paragraph = "SHENZHEN, China — The court heard the last creditors on Monday (AP Photo/Carolyn Kaster)"
    caption = "The empty towers in Guangzhou, seen from the river"
    kept = _trimmed(f"<p>{paragraph}</p><div class='photo'><img src='a.jpg'><p>{caption}</p></div>"
                    f"<figure><img src='b.jpg'><figcaption>The liquidator's office on Monday</figcaption></figure>"
                    f"<p>{_SENTENCE}</p>")
    assert kept[1:] == [paragraph, caption, _SENTENCE]


def test_a_gallery_told_in_its_credited_captions_keeps_them():
    """Where the captions hold half the body's words or more, they are the body (a photo story)."""
    captions = [f"Day {n}: the crew hauls the nets in before the storm reaches the harbour (Photo: Ann Smith)"
                for n in range(1, 4)]
    kept = _trimmed("".join(f"<figure><img src='{n}.jpg'><figcaption>{text}</figcaption></figure>"
                            for n, text in enumerate(captions)))
    assert kept[1:] == captions


def test_date_lines_at_the_top_of_the_body_go():
    """A theme's date line under the headline is metadata: Hugo Stack's two ``<time>`` lines (the date, the reading
    time), Hexo's ``post-meta`` line of labels around its ``<time>`` s; a paragraph that merely holds a date stays."""
    kept = _trimmed('<div class="article-time"><div><time>Jul 03, 2025</time></div><div><time>6 minute read</time>'
                    '</div></div><div class="post-meta"><span>发表于</span><time>2025-08-17</time>'
                    '<span>阅读次数：</span><span>本文字数：2.1k</span></div>'
                    '<p>The hearing of <time>12 May</time> set the date for the sale of its assets.</p>')
    assert kept == ["The developer owed more than any other company in the world when the court ordered it wound "
                    "up on Monday.", "The hearing of 12 May set the date for the sale of its assets."]


def test_a_credit_is_found_at_the_end_of_a_long_caption_only_where_the_whole_search_finds_it():
    """The credit's pattern is searched in a long text's last characters only; what it finds there is what a search
    of the whole text finds: a credit after a long caption, none where a long text's start only looks like one, and
    a credit stretched by a run of spaces (a ``<pre>`` block's lines) beyond the characters searched first."""
    long_caption = f"{_SENTENCE} " * 12
    texts = [f"{long_caption}(Image: Getty)", f"Photo: {long_caption}",
             f"{long_caption}©{' ' * 400}Agence Example", f"{long_caption}AFP", "(Foto: dpa)"]
    for text in texts:
        assert ends_with_credit(text) is (PICTURE_CREDIT.search(text) is not None), text[-40:]
    assert [ends_with_credit(text) for text in texts] == [True, False, True, False, True]
