"""Lines that point away from the article or label what is not its text, inside the body: "read also" lines and
headings, lines of links in capitals, an advert's label, a call to follow the site.

The trees keep such a line when it sits among the body's paragraphs; :func:`pointers_and_labels` unlabels it, and
:func:`is_pointer_line` lets the structure rules pass over one between a lead-in line and its list.
"""

from __future__ import annotations

import re

from scrapy_boiler.segment.blocks import TextBlock

#: A line that sends the reader to another article ("Leggi anche: <a>…</a>", "Lesen Sie (dazu) auch", "MIRA: <a>…</a>",
#: "READ | <a>…</a>", The Atlantic's "Read: <a>…</a>", La Presse's "Lisez « <a>…</a> »", ABC News's "MORE: <a>…</a>"
#: (not "More: http://…", a source's address), ZDNET's "Also: <a>…</a>", Mongabay's "See related: <a>…</a>", "اقرأ
#: أيضا", Navbharat Times' "पढ़ें: <a>…</a>", Malay's "BACA:", Swahili's "SOMA PIA:", Filipino's "BASAHIN:" and the
#: Indian languages' and Nepali's "also read", BBC News Mundo's "También te puede interesar", Hungarian's "Olvasd el
#: ezt is"), and an advert's label alone on
#: its line ("- Pubblicità -", "Anzeige", Lrytas' "Reklama").
_POINTER = re.compile(
    r"^\W{0,3}(?:read (?:also|more|next)|read(?=\s*[|:])|more(?=\s*:(?!\s*(?:https?:|www\.)))|see (?:also|related)"
    r"|related|also read|also(?=\s*:)|leggi anche|potrebbe interessarti"
    r"|lesen sie (?:\w+ ){0,2}(?:auch|mehr)|lies auch|auch interessant|weiterlesen|mehr zum thema|lire aussi"
    r"|lire également|lisez(?=\s)"
    r"|à lire (?:aussi|également)|a lire aussi|voir aussi|lee también|lea también|(?:también )?te puede interesar"
    r"|mira(?=\s*:)"
    r"|leia também"
    r"|leia mais|veja também|saiba mais|читайте также|смотрите также|czytaj (?:też|także)|zobacz (?:też|także)"
    r"|čtěte (?:také|též)|les også|læs også|läs också|lue myös|lees (?:ook|meer)|ilgili haber|ayrıca okuyun"
    r"|citește și|olvassa el|olvasd el|διαβάστε (?:επίσης|ακόμη)|читайте також|прочетете още|pročitajte (?:i|još)"
    r"|preberite tudi"
    r"|prečítajte si aj|baca juga|baca(?=\s*:)|soma (?:pia|zaidi)|basahin(?: din)?(?=\s*:)"
    r"|xem thêm|đọc thêm|อ่านเพิ่มเติม|อ่านข่าวที่เกี่ยวข้อง|اقرأ أيضاً?|اقرأ أيضًا|بیشتر بخوانید"
    r"|یہ بھی پڑھیں|קראו גם"
    r"|(?:ये|यह|इसे) भी पढ़ें|पढ़ें(?=\s*:)|हेही वाचा|ఇదీ చదవండి|ఇవి కూడా చదవండి|இதையும் படிக்க|ഇതും വായിക്കുക"
    r"|આ પણ વાંચો|ಇದನ್ನೂ ಓದಿ|ਇਹ ਵੀ ਪੜ੍ਹੋ|আরও পড়ুন|यो पनि पढ्नुहोस्"
    r"|관련 ?기사|関連記事|あわせて読みたい|相关阅读|相關閱讀|延伸阅读|延伸閱讀|推荐阅读"
    r"|推薦閱讀)(?=\s|[:\-–—|»›：.…]|$)",
    re.IGNORECASE)
_AD_LABEL = re.compile(
    r"^\W{0,3}(?:advertisement|advertising|anzeige|werbung|pubblicità|publicidad|publicité|publicidade|реклама|إعلان"
    r"|reklama|reklam|reklāma|mainos|annons|annonse|hirdetés|publicitate|oglas|διαφήμιση|iklan|quảng cáo"
    r"|広告|广告|sponsored"
    # ... and the line that says the story goes on past an advert or a video ("Story continues below advertisement")
    r"|(?:the )?(?:story|article) continues (?:below|after)(?: (?:the |this )?(?:advertisement|ad|video))?"
    r"|dalszy ciąg materiału pod (?:wideo|reklamą)|la suite après (?:cette|la) publicité"
    r"|(?:der )?artikel (?:geht|wird) (?:nach|unter) der (?:anzeige|werbung) (?:weiter|fortgesetzt)"
    r"|el artículo continúa (?:debajo|después) de la publicidad|請繼續往下閱讀|请继续往下阅读"
    r"|haberin devamı)\W{0,3}$", re.IGNORECASE)  # (Milliyet's and Hürriyet's "the story goes on", over an advert)
#: A short line asking the reader to follow, scan or share, never the story's: "Follow us on Twitter and Facebook",
#: "Folgen Sie uns auf Instagram", "Sigue a MILENIO en Google News, mantente informado…", "Ακολουθήστε το
#: protothema.gr στο Google News", "Подписывайтесь на наш канал в Telegram" (a network named near its
#: start), and a WeChat account's fixtures ("点击上方蓝字关注我们": tap the blue name above to follow us;
#: "长按识别二维码": press to scan the QR code; "点个在看": tap "Wow"; a closing "END"), or to subscribe to a newsletter
#: ("Want more health and science stories in your inbox? Subscribe to Salon's weekly newsletter Lab Notes.", BBC News
#: Mundo's "Suscríbete aquí a nuestro nuevo newsletter ..."), to click for more stories ("Haz clic aquí para leer más
#: historias de BBC News Mundo.") or to turn on an app's notifications, at most :data:`CALL_LINE_CHARS` characters.
_CALL_LINE = re.compile(
    r"^\W{0,3}(?:(?:follow|like|join) us|folgen sie uns|folge uns|síguenos|sigue a \S+|suivez-nous|siga-nos"
    r"|siga (?:o|a) \S+|seguici|volg ons|ακολουθήστε|подписывайтесь|підписуйтесь|obserwuj nas|sledujte nás"
    r"|följ oss|følg (?:os|oss)|seuraa meitä)\b"
    r".{0,40}\b(?:twitter|x|facebook|instagram|linkedin|tiktok|youtube|threads|bluesky|mastodon|telegram|whatsapp"
    r"|google news|flipboard|pinterest|snapchat|line)\b"
    r"|^\W{0,3}ติดตาม.{0,40}(?:\b(?:line|facebook|tiktok|youtube|x)\b|ไลน์)"
    r"|点击(?:上方|上面|下方|标题下)?.{0,6}关注|长按(?:识别|扫描|扫码)?.{0,4}二维码|扫码关注|扫描二维码.{0,6}关注"
    r"|点(?:个|一下)?[「“\"]?在看|^\W{0,3}(?-i:-?END-?)\W{0,3}$"
    r"|^\W{0,3}(?:(?:want [^?]{0,80}\?\s*)?(?:sign up|subscribe) (?:for|to) .{0,60}\bnewsletters?\b"
    r"|(?:y )?suscr[ií]bete(?: aquí)? a .{0,40}\b(?:newsletter|bolet[ií]n)\b"
    r"|haz (?:clic|click) aquí para (?:leer|ver) más|(?:y )?recuerda que puedes recibir notificaciones)",
    re.IGNORECASE)  # (the anchored calls in one branch: a search tries the anchor once per place, not per call)
CALL_LINE_CHARS = 140
#: A page's marker between the parts of an article the site shows on one page: "2 dari 3 halaman" (Liputan6),
#: "Page 2 of 3", "Seite 2 von 3", "Página 2 de 3"; a word for a page is in it (a table's cell "3 of 12" is no marker).
_PAGE_MARKER = re.compile(r"^\W{0,3}(?:(?:page|seite|página|pagina|halaman|strona)\s+\d{1,3}\s+"
                          r"(?:of|von|de|di|dari|z|sur)\s+\d{1,3}|\d{1,3}\s+(?:of|von|de|di|dari|z|sur)\s+\d{1,3}\s+"
                          r"(?:pages?|seiten|páginas|pagine|halaman|stron))\W{0,3}$", re.IGNORECASE)
#: Share of a pointer line's words that are its link's.
POINTER_LINKS = 0.5


def is_pointer_line(text: str) -> bool:
    """Whether a line begins by sending the reader to another article (:data:`_POINTER`: "Read also: ...")."""
    return _POINTER.match(text.strip()) is not None


def is_advert_label(text: str) -> bool:
    """Whether a line is an advert's label alone ("Publicité", "Anzeige", "Advertisement"): :data:`_AD_LABEL`."""
    return _AD_LABEL.match(text.strip()) is not None


def pointers_and_labels(blocks: list[TextBlock], name: str) -> None:
    """Unlabel a "read also" line whose words are mostly its link, a line of links in capitals (Fox News's "CLICK HERE
    TO GET THE FOX NEWS APP" and other stories' titles: body text is not shouted), a "read also" heading alone on its
    line with the lines of links under it ("相关阅读：" over two stories' titles), an advert's label on its own line,
    a short line asking the reader to follow, scan or share (:data:`_CALL_LINE`) and a marker between the parts of
    an article (:data:`_PAGE_MARKER`): the trees keep them when they sit among the body's paragraphs."""
    under_pointer = False  # after a "read also" heading, on the lines of links it introduces
    for position, block in enumerate(blocks):
        if not block.is_content:
            continue
        text = block.text.strip()
        linked = _mostly_linked(block)
        pointer = _POINTER.match(text) or (_POINTER.match(_label_apart(text)) if linked else None)
        # a heading "Related" over prose titles a section of the body
        # (the links under it may be left out already: the next block, kept or not)
        heading = (not linked and pointer is not None and _heading_rest(text[pointer.end():])
                   and _mostly_linked(blocks[position + 1] if position + 1 < len(blocks) else None))
        if (linked and (pointer or under_pointer or _shouted(text))) or heading or _AD_LABEL.match(text) \
                or (len(text) <= CALL_LINE_CHARS and _CALL_LINE.search(text)) or _PAGE_MARKER.match(text):
            block.is_content = False
            block.reasons.append(f"{name}:a pointer to another article or an advert's label")
            under_pointer = heading or under_pointer
        else:
            under_pointer = False


#: How far into a line a label may run into the link after it.
LABEL_CHARS = 40


def _label_apart(text: str) -> str:
    """``text`` with a space where, in its first :data:`LABEL_CHARS` characters, a lower-case letter runs into a
    capital: a label and the link after it, each in an element of its own with no space between ("Citește
    șiPoiana Brașov a deschis...": Adevărul's ``span.read-also__label`` then ``a.read-also__link``)."""
    for index in range(1, min(len(text), LABEL_CHARS)):
        if text[index].isupper() and text[index - 1].islower():
            return f"{text[:index]} {text[index:]}"
    return text


#: Words a "read also" heading may have after its pointer: the site's name ("Read more from Sky News:").
HEADING_REST_WORDS = 4


def _heading_rest(rest: str) -> bool:
    """Whether what follows a pointer makes the line a heading: nothing, or a few words ending with a colon."""
    rest = rest.strip()
    return not rest.strip(" :：-–—|»›.…") or (rest.endswith((":", "：")) and len(rest.split()) <= HEADING_REST_WORDS)


def _shouted(text: str) -> bool:
    """Whether a line is written in capitals: :data:`SHOUTED_WORDS` words or more, and no lower-case letter."""
    return len(text.split()) >= SHOUTED_WORDS and not any(char.islower() for char in text) and any(
        char.isupper() for char in text)


#: Words of a line in capitals that makes it a call or another story's title rather than an acronym or a label.
SHOUTED_WORDS = 4


def _mostly_linked(block: TextBlock | None) -> bool:
    """Whether a block's words are mostly its links' (:data:`POINTER_LINKS`)."""
    return block is not None and block.features is not None and block.features.link_density >= POINTER_LINKS
