"""Notes a site writes into an article's body, not the writer's text: a paywall's notice where it cuts the body
short, an appeal for the reader's support or a newsletter's note closing it, a disclosure that the site earns from
its links, a notice for browsers without JavaScript or in place of an embed until the reader consents, a call to
follow the site. :func:`~scrapy_boiler.assemble.body.trim_article` drops them where they sit.
"""

from __future__ import annotations

import re

#: What a paywall says where it cuts an article short, in English, French, German, Spanish, Italian, Portuguese and
#: Dutch: the rest is for subscribers, subscribe (or log in) to read on, unlock the full story, so much of the
#: article is left to read.
PAYWALL_NOTICE = re.compile(
    r"(?:article|story|content|rest of (?:this|the) \w+) is (?:only )?(?:available |reserved |exclusive(?:ly)? )?"
    r"(?:only )?(?:to|for) (?:our )?(?:subscribers|members|premium)|subscribe (?:now )?to (?:continue|keep) reading"
    r"|to (?:continue|keep) reading,? (?:please )?(?:subscribe|sign in|log in)|il vous reste \d[\d.,]*\s?%"
    r"|unlock (?:the )?(?:full|whole|rest of the) (?:story|article)"
    r"|(?:suite|article) est réservée? aux abonnés|(?:artikel|beitrag|inhalt) ist (?:nur |exklusiv )?für abonnent"
    r"|(?:jetzt )?(?:abonnieren|abo abschließen|freischalten) und weiterlesen|mit \S+\+? weiterlesen"
    r"|exclusiv[oa] para (?:suscriptores|socios|assinantes)|suscríbete para (?:seguir|continuar) leyendo"
    r"|riservato agli abbonati|(?:artikel|verhaal) is (?:alleen )?voor abonnees",
    re.IGNORECASE,
)


#: What a nonprofit's closing appeal asks of the reader, after the story: "If you would like to support our work, you
#: can do so here" (Bellingcat), "Please consider making a donation", "Become a member today", "keep HKFP free for all
#: readers by supporting our team", "buy me a coffee"; the site's notes on where else the story runs, a newsletter's
#: note on why the reader got it ("You received this email because you signed up") and a Chinese site's notes on
#: reprints and complaints: a paragraph of at most :data:`APPEAL_WORDS` words among the body's last. A story about
#: donors or a fundraiser reports no such ask.
CLOSING_APPEAL = re.compile(
    r"\bif you (?:would like|want|wish|value|enjoy(?:ed)?|appreciate)\b[^.]{0,80}"
    r"\bsupport (?:us|our work|our journalism|our reporting|this work|this journalism)\b"
    r"|\b(?:please|consider) (?:consider )?(?:support(?:ing)? (?:us|our)|donat(?:e|ing) (?:to us|today)"
    r"|making a (?:donation|contribution)|becoming a (?:member|supporter|patron))\b"
    r"|\bbecome a (?:member|supporter|patron) (?:today|now)\b"
    r"|\bby supporting (?:us|our (?:team|work|journalism|reporting))\b|\bbuy (?:me|us) a coffee\b"
    r"|\byou (?:received|are receiving|(?:are )?get(?:ting)?) this (?:e-?mail|newsletter|message) because\b"
    # a note on where else the story runs: in print ("This article appears in print in the April 2025 issue of
    # Maclean's"), or that it may be republished ("You may republish this article, so long as you credit...")
    r"|\b(?:this|the|a version of this) (?:article|story|piece|essay|review|column) (?:also )?"
    r"(?:appears|appeared|was published|ran) in (?:the )?(?:print\b|[\w’'. ]{1,40}?(?:print )?(?:edition|issue)\b)"
    r"|\byou (?:may|can|are free to|are welcome to) republish (?:this|our)\b"
    # a Chinese site's notes closing an article: no reprint without leave, the views are the writer's, where to
    # complain ("未经允许不得转载", "本内容为作者独立观点，不代表虎嗅立场", "如对本稿件有异议或投诉，请联系")
    r"|未经(?:允许|授权|许可)[，,]?(?:不得|禁止|请勿)转载|转载请(?:注明|联系)|不代表\S{0,12}(?:立场|观点)"
    r"|有异议或投诉",
    re.IGNORECASE,
)
APPEAL_WORDS = 80


#: What a note disclosing affiliate links speaks of: the links, or the commission earned from them ("affiliate links",
#: "partner links", "earn a commission", "we may receive compensation", "eine kleine Provision", "liens affiliés",
#: "percevoir une rémunération", "ganamos una comisión"), or how the site tests what it recommends ("Read more about
#: how we test", the link to its method) ...
_AFFILIATE = re.compile(
    r"affiliate[- ]?(?:links?|partners?|programs?|commissions?)|partner links|earns? (?:us )?(?:a )?(?:small )?"
    r"(?:commission|compensation)|(?:may|might|can|could) (?:receive|get) compensation|commissions? (?:do|does) not"
    r"|(?:eine|kleine|keine) provision|provisionslinks?|liens? affiliés|liens? d'affiliation"
    r"|(?:percevoir|percevons|toucher|touchons|recevoir|recevons) une (?:petite )?commission"
    r"|(?:peut|peuvent|pouvons|pourrait|pourrions) (?:percevoir|toucher|recevoir) une (?:petite )?rémunération"
    r"|enlaces? (?:de )?afiliad|(?:recibir|recibimos|ganar|ganamos|obtener|obtenemos) una (?:pequeña )?comisión"
    r"|link affiliat|(?:ricevere|riceviamo|guadagnare|guadagniamo) una (?:piccola )?commissione"
    r"|(?:ontvangen|krijgen) (?:we|wij|ik) (?:een )?(?:kleine )?commissie"
    r"|(?:read|learn) more about how we (?:test|evaluate|review|rate)",
    re.IGNORECASE,
)
#: ... and how it says it is the site's own: in the first person, opening with a label ("Disclosure:",
#: "Werbehinweis:", "Editorial Note:") or naming the page ("This post contains", "Cet article contient").
_DISCLOSED = re.compile(
    r"\b(?:we|i|us|our|ich|wir|uns|nous|je|podemos|puedo|ganamos|recibimos|possiamo|potremmo|riceviamo|wij)\b"
    r"|^\W*(?:disclosure|werbehinweis|editorial note|transparenz\w*|hinweis|avertissement|aviso|nota)\b"
    r"|\b(?:this|cet(?:te)?|dieser|diese|este|esta|questo|questa|deze|dit) (?:article|post|page|artikel|beitrag"
    r"|seite|artículo|entrada|articolo|pagina|bericht)\b",
    re.IGNORECASE,
)


def is_affiliate_notice(text: str) -> bool:
    """Whether a short line is a site's note that it earns from the links on the page ("Editorial Note: We earn a
    commission from partner links on Forbes Advisor.", "Werbehinweis: Links mit * sind Affiliate-Links."): a story
    about affiliate links speaks of them in no first person and names no page of its own."""
    return _AFFILIATE.search(text) is not None and _DISCLOSED.search(text) is not None


#: What a page tells a browser that runs no script, wherever it sits in the body: "Please enable JavaScript in your
#: browser settings.", "JavaScript is disabled", "Bitte aktivieren Sie JavaScript", and The New York Times' "We are
#: having trouble retrieving the article content." and "Thank you for your patience while we verify access.".
SCRIPT_NOTICE = re.compile(
    r"(?:enable|activate|turn on|switch on)\s+(?:your\s+)?javascript|javascript\s+(?:is|must be|needs to be)\s+"
    r"(?:disabled|required|enabled|turned off)|aktivieren sie (?:bitte )?javascript|javascript aktivieren"
    r"|activer (?:le )?javascript|activa(?:r)? (?:el )?javascript|trouble retrieving the article content"
    r"|patience while we verify access"
    # ... and what an embed blocked until the reader consents says in its place: Eurogamer's "To see this content
    # please enable targeting cookies.", "Accept cookies to watch this video", "Wir benötigen Ihre Zustimmung, um ..."
    r"|to (?:see|view|watch|display|load) this (?:content|video|post|embed|media)\W{0,3}(?:\w+\W+){0,6}?"
    r"(?:enable|accept|allow)\s+(?:\w+\s+){0,2}cookies|(?:enable|accept|allow)\s+(?:\w+\s+){0,2}cookies to "
    r"(?:see|view|watch|display|load)\b|wir benötigen ihre zustimmung,? um|pour (?:voir|afficher) ce contenu[^.]{0,60}"
    r"cookies",
    re.IGNORECASE,
)
#: A WeChat account's call to follow it, at the top of its articles: "点击上方蓝字“岛屿书房”，关注我们" (tap the blue
#: words above to follow us).
FOLLOW_PROMPT = re.compile(r"^(?:点击|點擊)(?:上方|下方|蓝字|藍字)[^。]{0,40}(?:关注|關注)")
