"""The article body in zyte-common-items' ``articleBody`` sense: without its headline, byline, pictures' captions
or a dangling heading.

Models label what looks like content, and both ends of an article often do: the headline above the body (kept
apart, in ``Document.headline``, also where the page shows it with a bracketed label: "[속보] ..."), the short labels
above the headline (a kicker, a breadcrumb trail), the byline next to it or under the last paragraph ("By Ann Smith,
12 October 2026", "Von Eva Berg", "김민수 기자": metadata, which ``metadata.authors`` reads from the structured data
or the byline near the headline) and, below the body, the
heading of the related-links box ("Read more", "See also:", "Related stories") whose links were rightly dropped. A
heading or a colon-ended lead-in with no content after it introduces nothing of the article, so it goes too. Inside
the body, a picture's caption that ends with its credit ("… (Image: Getty)", "Bild: Maximilian von Lachner") in a
figure or a box named as a picture or caption, or any ``<figcaption>``, describes the picture, not the story
(unless the captions hold half the body's words: a gallery told in its captions). Nor is a paywall's notice where
it cuts the body short ("Il vous reste 60% de cet article à lire. La suite est réservée aux abonnés."), nor,
anywhere in it, a notice for browsers without JavaScript ("Please enable JavaScript in your browser settings.") or
an embed's notice in place of its content until the reader consents ("To see this content please enable targeting
cookies."), or a line that only credits the pictures ("Photo: Reuters", "ขอบคุณภาพ : กรมอุตุนิยมวิทยา"). Thread
pages keep their labels: a question's title is its post.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import islice

from lxml import etree

from scrapy_boiler.assemble.site_notes import (
    APPEAL_WORDS,
    CLOSING_APPEAL,
    FOLLOW_PROMPT,
    PAYWALL_NOTICE,
    SCRIPT_NOTICE,
    is_affiliate_notice,
)
from scrapy_boiler.parse.byline import BYLINE_WORDS, is_byline
from scrapy_boiler.parse.normalize import comparable, count_words
from scrapy_boiler.segment.blocks import HEADING_TAGS, TextBlock
from scrapy_boiler.segment.post_marks import has_date_text
from scrapy_boiler.segment.semantics import MEDIA_NAME, element_names, in_picture, tag_or_ancestor

#: A headline spans at most this many blocks (a kicker, the headline, a part number).
HEADLINE_BLOCKS = 3
#: A colon-ended block this short ("See also:", "Lesen Sie auch:") introduces what follows it.
LEAD_IN_WORDS = 6
#: A run of at least this many dangling blocks ending the body is a list of points rendered as headings (a listicle
#: whose points' embeds were dropped), when its headings are sentences of at least :data:`STATEMENT_WORDS` words:
#: only the short labels after the last of those go.
POINTS_RUN = 3
STATEMENT_WORDS = 8
#: Above the headline, a block this short is a label of the page's, not the story's first words: a kicker
#: ("Culture"), a breadcrumb trail ("Home › News › Science"), a section's name.
ABOVE_HEADLINE_WORDS = 6
#: A byline (:func:`~scrapy_boiler.parse.byline.is_byline`) is looked for among this many content blocks at each end
#: of the body.
BYLINE_REACH = 2
#: A paywall's notice ending a truncated body ("Il vous reste 60% de cet article à lire. La suite est réservée aux
#: abonnés.") is at most this many words, and is looked for among the last :data:`BYLINE_REACH` content blocks.
NOTICE_WORDS = 30
#: A note that the site earns from its links, or on how it tests what it recommends ("Engadget has been testing and
#: reviewing consumer tech since 2004. Our stories may include affiliate links..."), is at most this many words.
DISCLOSURE_WORDS = 50


def trim_article(blocks: Sequence[TextBlock], headline: str) -> list[int]:
    """Unlabel in place the headline, the short labels above it, a date line or a byline at either end of the body,
    pictures' credited captions, lines of credits alone, a paywall's notice or an appeal for support closing it, a
    note disclosing affiliate links at either end, a notice for browsers without JavaScript or without consent to an
    embed's cookies and the trailing headings/lead-ins; the positions in ``blocks`` changed."""
    changed: list[int] = []
    content = [(position, block) for position, block in enumerate(blocks) if block.is_content]
    wanted = comparable(headline) if headline else ""
    start = 0
    first_headline: int | None = None  # where the headline's first copy was among the content blocks
    while start < min(3, len(content)) and wanted:  # the headline sits above the body
        # a headline may span blocks: a kicker in a <div> of its own inside the <h1>, the rest another; and a page may
        # show it twice (a header for small screens and one for large ones): every copy up there goes
        joined = raw = ""
        found = 0
        for end in range(start, min(start + HEADLINE_BLOCKS, len(content))):
            raw = f"{raw} {content[end][1].text}"
            joined, untagged = comparable(raw), comparable(_untagged(raw))
            if wanted in (joined, untagged):
                found = end + 1 - start
                first_headline = start if first_headline is None else first_headline
                for position, block in content[start:end + 1]:
                    _drop(block, "headline (in Document.headline, not in the body)")
                    changed.append(position)
                break
            if not wanted.startswith(joined) and not wanted.startswith(untagged):
                break
        start += found or 1
    for position, block in content[:first_headline or 0]:
        if block.is_content and count_words(block.text) <= ABOVE_HEADLINE_WORDS:
            _drop(block, "above the headline (a kicker, a breadcrumb trail)")
            changed.append(position)
    content = [(position, block) for position, block in content if block.is_content]
    for end in (content, content[:0:-1]) if len(content) > 1 else ():
        others = 0  # date lines are looked for until BYLINE_REACH other blocks are passed (one per <time>: Hugo's)
        for position, block in end:
            if others == BYLINE_REACH:
                break
            if not block.is_content:
                continue  # a short body's date line, dropped from the top
            if is_dateline(block):
                _drop(block, "date line (metadata, not the body)")
                changed.append(position)
            else:
                others += 1
    content = [(position, block) for position, block in content if block.is_content]
    ends = content[:BYLINE_REACH] + content[max(BYLINE_REACH, len(content) - BYLINE_REACH):]
    for position, block in ends if len(content) > 1 else ():
        if is_byline(block.text) or _in_address(block):
            _drop(block, "byline (metadata, not the body)")
            changed.append(position)
    content = [(position, block) for position, block in content if block.is_content]
    last = {position for position, _ in content[max(1, len(content) - BYLINE_REACH):]}
    first = {position for position, _ in content[:BYLINE_REACH]}
    for position, block in content if len(content) > 1 else ():
        words = count_words(block.text)
        if words <= DISCLOSURE_WORDS and (position in first or position in last or _named_disclosure(block)) \
                and is_affiliate_notice(block.text):
            _drop(block, "a note that the site earns from the links (not the writer's text)")
            changed.append(position)
        elif position in last and words <= APPEAL_WORDS and CLOSING_APPEAL.search(block.text):
            _drop(block, "an appeal for the reader's support or a note on republishing closing the article (not the "
                         "writer's text)")
            changed.append(position)
        elif words > NOTICE_WORDS:
            continue
        elif position in last and PAYWALL_NOTICE.search(block.text):
            _drop(block, "a paywall's notice (the rest is for subscribers)")
            changed.append(position)
        elif SCRIPT_NOTICE.search(block.text) or FOLLOW_PROMPT.match(block.text):
            _drop(block, "a notice for browsers without JavaScript or an embed's consent, or a call to follow the site")
            changed.append(position)
        elif len(block.text) <= CREDIT_LINE_CHARS and CREDIT_LINE.match(block.text):
            _drop(block, "a picture's credit on a line of its own")
            changed.append(position)
    content = [(position, block) for position, block in content if block.is_content]
    captions = [(position, block) for position, block in content
                if is_credited_caption(block) or _inside(block, "figcaption")]
    caption_words = sum(count_words(block.text) for _, block in captions)
    if caption_words and caption_words * 2 < sum(count_words(block.text) for _, block in content):
        for position, block in captions:  # not where the captions are the body: a gallery told in its captions
            _drop(block, "a picture's caption (it ends with the picture's credit)")
            changed.append(position)
    content = [(position, block) for position, block in content if block.is_content]
    while len(content) > 1 and len(text := content[-1][1].text.strip()) <= NEWSROOM_LINE_CHARS \
            and NEWSROOM_LINE.match(text):
        position, block = content.pop()
        _drop(block, "the newsroom's crew or call for tips (not the story)")
        changed.append(position)
    run = 0
    while run + 1 < len(content) and _dangles(content[-1 - run][1]):
        run += 1
    points = run >= POINTS_RUN
    for position, block in reversed(content[len(content) - run:]):
        if points and count_words(block.text) >= STATEMENT_WORDS:
            break
        _drop(block, "heading with nothing after it (related links)")
        changed.append(position)
    return changed


#: A date line is at most this many words: "发表于 2025-08-17 更新于 2025-09-02 分类于 折腾 阅读时长 ≈ 4 分钟".
DATELINE_WORDS = 30
#: The box of an article's date line: a theme's post meta (Hexo's ``post-meta``, WordPress's ``entry-meta``), its
#: time (Hugo Stack's ``article-time``) or info (ČTK's ``box-article-info``: the agency, the time, when updated), a
#: ``dateline``, or its ``metadata`` (ZEIT ONLINE's news feed: the time and "Quelle: dpa").
_DATELINE_BOX = re.compile(r"(?<![a-z])(?:(?:post|entry|article)[-_]?(?:meta|time|date|info)|dateline|metadata)"
                           r"(?![a-z])", re.I)
#: The box of a date line that shows its date in words, no ``<time>``: a meta line's list (WeChat's
#: ``rich_media_meta_list``), or a box named for the time alone (China News Service's ``content_left_time``: the
#: time, the source, the share links). Not a post meta box so (a WordPress "Posted on" line: the older corpora's gold
#: keeps it, fundus-train's leaves it out).
_META_LIST = re.compile(r"(?<![a-z])meta[-_]?list(?![a-z])|[-_]time(?![a-z])", re.I)
#: Levels above a block looked at for a date line's box.
DATELINE_LEVELS = 3


def is_dateline(block: TextBlock) -> bool:
    """Whether a short block at either end of the body is its date line: all of its text in ``<time>`` elements
    (Hugo Stack's "Jul 03, 2025" and "6 minute read"), or a ``<time>`` in a box named as the post's meta line or its
    date (:data:`_DATELINE_BOX`), with the labels and counts beside it ("发表于 … 阅读次数"), or a date in words in a
    meta line's list (:data:`_META_LIST`)."""
    element = block.element
    if count_words(block.text) > DATELINE_WORDS:
        return False
    times = [element] if element.tag == "time" else list(element.iter("time"))
    if not times:
        return has_date_text(block.text) and _in_box(element, _META_LIST)
    if comparable(" ".join(" ".join(time.itertext()) for time in times)) == comparable(block.text):
        return True
    return _in_box(element, _DATELINE_BOX)


def _in_box(element: etree._Element, names: re.Pattern[str]) -> bool:
    """Whether ``element`` or a near ancestor (:data:`DATELINE_LEVELS`) has a class or id that ``names`` matches."""
    return any(names.search(el.get("class") or "") or names.search(el.get("id") or "")
               for el in (element, *islice(element.iterancestors(), DATELINE_LEVELS)))


def _in_address(block: TextBlock) -> bool:
    """Whether a short block is (in) an ``<address>``: the contact of the article's author, its byline (Telegraph
    repeats the author's name in one inside the article), at most :data:`BYLINE_WORDS` words."""
    return _inside(block, "address") and count_words(block.text) <= BYLINE_WORDS


#: The lines a Korean broadcaster ends a story with: its crew ("촬영기자:이상민/영상편집:정다은": camera, editing,
#: graphics) and its call for tips ("■ 제보하기", "▷ 전화 : ...", "▷ 이메일 : ...", SBS's "☞ 카카오톡 : ..."); a
#: Chinese story's editors and credits ("(责编：牛镛、岳弘彬)", People's Daily; WeChat's "文字 | 陈默", "编辑 | 小岛":
#: text, editing) and the label of the links after it ("往期推荐": earlier posts).
NEWSROOM_LINE = re.compile(r"(?:촬영기자|영상기자|영상편집|영상취재|그래픽|자료조사|화면제공)\s*[:：]"
                           r"|■\s*제보하기|[▷☞]\s*(?:전화|이메일|카카오톡|문자|페이스북|유튜브|인스타그램|홈페이지)"
                           r"|[(（]?(?:责编|責編|责任编辑|責任編輯|编辑|編輯|文字|撰文|摄影|攝影|排版|校对|校對|审核|審核|美编|美編)"
                           r"\s*[|｜:：]|(?:往期推荐|往期回顾|推荐阅读|相关阅读|延伸阅读)\s*[:：]?$")
NEWSROOM_LINE_CHARS = 120


#: A picture's credit ending its caption: "(Image: Getty)", "(Photo: Haitham Imad)", "Bild: Maximilian von Lachner",
#: "Photograph: Carl Court/AFP/Getty Images", "(AP Photo/Carolyn Kaster)", "(GettyImages.com)", "Nasa / Reuters",
#: "(Express Photo)", "(File Photo)", "(Representational Image)", Vietnamese's "Ảnh: Đoàn Nguyên." (its full stop
#: read too: not an English credit's, "Photo: AP.", a line Dragnet's gold keeps),
#: "© dpa": English, German, French, Spanish and Italian words for a picture, and the agencies most captions credit;
#: and the Chinese, Japanese and Korean forms: "新华社记者 摄" (photographed by), "（写真：共同）", "（出典：
#: トランジットラボ）" (source), "사진=연합뉴스", "그래픽=강준혁 기자" (graphic by), "박서연 기자" (the photographer).
PICTURE_CREDIT = re.compile(
    r"(?:\((?:images?|photos?|pictures?|pics?|fotos?|bild|bilder|credits?|photograph|illustration|imagen|immagine)"
    r"\s*:[^()]{1,80}\)"
    r"|\((?:Getty|(?:AP|AFP|Reuters|EPA|dpa|Keystone|ANSA|Kyodo|Jiji|Xinhua|Yonhap|Bernama|PTI|ANP|Belga|TASS"
    r"|Shutterstock|Alamy|iStock)\b)[^()]{0,60}\)"
    r"|\((?:fot|zdj|phot)\.\s*[^()]{1,80}\)|\((?-i:[A-Z])[\w.&-]*(?:\s[\w.&-]+){0,2}\s(?:photos?|images?|pics?)\)"
    r"|(?:^|[\s|·])(?:(?:images?|photos?|fotos?|bild|credits?|photograph|photographie|imagen)\s*:\s*\S[^.!?]{0,60}"
    r"|ảnh\s*:\s*\S[^.!?]{0,60}\.?)"
    r"|©\s*\S[^.!?]{0,60}|getty images|/ ?(?:reuters|afp|dpa|ap|epa)"
    r"|[\u4e00-\u9fff·]{1,12}\s*(?:摄|供图)[)）]?|图片来源[:：][^。]{1,30}|[(（](?:写真|出典|画像|提供)[:：][^)）]{1,20}[)）]"
    r"|(?:사진|그래픽)\s*=\s*[^\s.]{1,20}(?:\s*기자)?|(?<![가-힣])[가-힣]{2,4}\s*기자|[-–]\s*صور[ةه]\s*[أا]رشيفي[ةه])\s*$",
    re.IGNORECASE,
)


#: A Chinese caption's credit naming the photographer ("新华社记者 孙静怡 摄": photographed by Xinhua's reporter Sun
#: Jingyi; "（記者林佳穎攝）"; "澎湃新闻记者 李思源 图": a picture by the Paper's reporter) or saying it is a file photo
#: ("（資料照）"), or crediting the picture ("（圖／台中市農業局提供）", ETtoday's): no paragraph of a story ends so, so
#: it makes a caption wherever it sits (Xinhua's captions are centred paragraphs, in no figure nor box named for a
#: picture), and a Korean caption's credit of its graphic or picture in brackets ("(그래픽: 김소연)", KBS's, set in the
#: text's own box), or a WeChat caption's ("▲ 深夜的书店。摄影：陈默").
PHOTOGRAPHED_BY = re.compile(r"(?:[记記]者\s*[\u4e00-\u9fff·]{2,12}(?:\s+[\u4e00-\u9fff·]{2,12})*\s*[摄攝图圖]"
                             r"|[(（](?:資料照|资料照|資料圖|资料图)[^)）]{0,20}|[(（][圖图]\s*[/／][^)）]{1,30}"
                             r"|[(（](?:그래픽|사진)\s*[:：=]\s*[^)）]{1,20}|(?:摄影|攝影)\s*[:：]\s*[\u4e00-\u9fff·]{2,12})"
                             r"[)）]?$")


#: A line that only credits the pictures, wherever it sits in the body: "Photo: Reuters", "Fotos: dpa, Getty Images",
#: "Bild: Keystone", "(Image: Nasa)", "ขอบคุณภาพ : กรมอุตุนิยมวิทยา" (Thai: thanks for the pictures), "사진=연합뉴스",
#: "写真：共同", "图片来源：新华社", "Фото: ТАСС". A picture word and a colon open it; it is at most
#: :data:`CREDIT_LINE_CHARS` characters long. Not "Source:": a body may end with the source of its figures.
CREDIT_LINE = re.compile(
    r"\s*[(（\[]?\s*(?:images?|photos?|pictures?|pics?|fotos?|bild(?:er)?|photo ?credits?|credits?|photograph(?:s|ie)?"
    r"|illustrations?|imagen(?:es)?|immagin[ei]|fotograf(?:ie|ía|ia)|фото|ขอบคุณภาพ(?:จาก)?|ภาพ(?:จาก|ประกอบ)?"
    r"|사진|写真|图片来源|图片)\s*[:：=]\s*\S",
    re.IGNORECASE,
)
CREDIT_LINE_CHARS = 100


#: A box named for a site's note on its links ("affiliate-disclaimer", "disclosure").
_DISCLOSURE_NAME = re.compile(r"disclaimer|disclosure|affiliate", re.I)


def _named_disclosure(block: TextBlock) -> bool:
    """Whether a block's element or its parent is named for a site's note on its links (Tech Advisor's
    ``p.affiliate-disclaimer`` under a review's verdict, deeper than the body's first blocks)."""
    parent = block.element.getparent()
    return any(_DISCLOSURE_NAME.search(element_names(node)) for node in (block.element, parent) if node is not None)


def _inside(block: TextBlock, tag: str) -> bool:
    """Whether a block's element is a ``tag`` or lies in one (a ``<figcaption>``: a caption, credited or not)."""
    return tag_or_ancestor(block.element, tag) is not None


def is_credited_caption(block: TextBlock) -> bool:
    """Whether a block is a picture's caption: it ends with the picture's credit (:data:`PICTURE_CREDIT`) and sits in
    a figure or in a box named as a picture, caption or credit (``div.photo``, ``p.wp-caption-text``), or holds one
    (Baijiahao's ``<p><span class="bjh-image-caption">``). Either alone is not enough (a paragraph may end "(AP)",
    and a gallery's box may hold the story), but for a Chinese credit naming the photographer
    (:data:`PHOTOGRAPHED_BY`)."""
    text = block.text.rstrip()
    return (ends_with_credit(text) and (in_picture(block.element) or any(
        isinstance(child.tag, str) and MEDIA_NAME.search(element_names(child)) for child in block.element))) or \
        PHOTOGRAPHED_BY.search(text) is not None


#: How far from its end a text's picture credit starts at most (:data:`PICTURE_CREDIT`'s longest alternative is
#: about 100 characters), unless runs of white space stretch it.
CREDIT_REACH = 300
_SPACE_RUN = re.compile(r"\s\s")


def ends_with_credit(text: str) -> bool:
    """Whether ``text`` (stripped at its end) ends with a picture's credit (:data:`PICTURE_CREDIT`). Searched from
    every space of a long paragraph, the pattern cost a twentieth of an article's time; it is searched only in the
    last :data:`CREDIT_REACH` characters, which hold every credit unless white space runs there (a ``<pre>`` block's
    lines), when the whole text is. ``^`` is not matched at the search's start."""
    start = len(text) - CREDIT_REACH
    if start <= 0 or _SPACE_RUN.search(text, start):
        start = 0
    return PICTURE_CREDIT.search(text, start) is not None


#: A label in brackets at either end of a headline as the page shows it, not where it shares it: "[질문]", "[속보]",
#: "【速報】", "(종합)", "[VIDEO]" (a board's category, a news desk's "breaking", "exclusive", "updated").
_HEADLINE_TAG = re.compile(r"^\s*[\[【［〔(（][^\]】］〕)）]{1,12}[\]】］〕)）]"
                           r"|[\[【［〔(（][^\[【［〔(（]{1,12}[\]】］〕)）]\s*$")


def _untagged(text: str) -> str:
    """``text`` without a bracketed label at its start or end (:data:`_HEADLINE_TAG`)."""
    return _HEADLINE_TAG.sub("", text.strip(), count=1)


def _dangles(block: TextBlock) -> bool:
    if block.element.tag in HEADING_TAGS:
        return True
    text = block.text.rstrip()
    return text.endswith((":", "\uff1a")) and len(text.split()) <= LEAD_IN_WORDS  # "：", the colon of CJK text


def _drop(block: TextBlock, reason: str) -> None:
    block.is_content = False
    block.reasons.append(reason)
