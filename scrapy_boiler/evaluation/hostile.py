"""The catalogue of hostile inputs: every kind of broken page a crawler meets, each with its defined result.

Each :class:`Case` builds its body (deterministically, in memory) and says what :func:`scrapy_boiler.extract`
must give for it: the refusal ``reason``, or a phrase the extracted text must contain (and the warnings
it must carry). The tests check every case, the demo site serves them to load runs, and

    python -m scrapy_boiler.evaluation.hostile [--model NAME] [--repeat N]

prints the time each case takes under the default limits, worst case last, and flags a case whose outcome
(refused with which reason, or extracted) is not the catalogued one. Whether the extracted text holds the
expected phrase is shown too; the tests require it of the default model, ``auto``.
"""

from __future__ import annotations

import argparse
import gzip
import json
import time
import zlib
from collections.abc import Callable
from dataclasses import dataclass

#: A phrase of the catalogue's article, which the extracted text of readable cases must contain.
MARKER = "the harbour committee approved the new ferry timetable"

_SENTENCES = (
    f"On Tuesday evening {MARKER} after a long debate in the town hall.",
    "Residents had asked for earlier departures on weekdays, and the operator agreed to add two crossings.",
    "The changes take effect next month, when the summer season begins and visitor numbers rise again.",
    "Several speakers warned that the pier needs repairs before the busier schedule can run safely.",
    "The council promised to publish an inspection report and a budget for the work before autumn.",
)


def article_body(sentences: tuple[str, ...] = _SENTENCES) -> str:
    """Five paragraphs of plain news prose: the content the catalogue's readable pages carry."""
    return "".join(f"<p>{' '.join(sentences[i:] + sentences[:i])}</p>\n" for i in range(len(sentences)))


def article_page(body: str | None = None, *, head: str = "", lang: str = "en") -> str:
    """A small news page: navigation, the article, a footer."""
    nav = "".join(f'<li><a href="/{name}">{name.title()}</a></li>' for name in ("home", "news", "sport", "contact"))
    return (
        f'<!DOCTYPE html><html lang="{lang}"><head><meta charset="utf-8">{head}<title>Ferry timetable</title></head>'
        f"<body><ul class=\"nav\">{nav}</ul><article><h1>New ferry timetable approved</h1>\n"
        f"{body if body is not None else article_body()}</article>"
        '<div class="footer"><a href="/privacy">Privacy</a> | <a href="/terms">Terms</a></div></body></html>'
    )


@dataclass(frozen=True)
class Case:
    """One hostile input: how to build it, how it is served, what extraction must give."""

    name: str
    description: str
    make: Callable[[], bytes]
    reason: str | None = None  # expected Document.reason; None: readable, text must contain ``contains``
    contains: str = MARKER
    warnings: tuple[str, ...] = ()
    content_type: str = "text/html"  # as served by the demo site and the tests' server
    header_charset: str | None = None  # the charset the HTTP header declares, passed to extract

    @property
    def readable(self) -> bool:
        return self.reason is None


def _utf8(text: str) -> bytes:
    return text.encode("utf-8")


def _gzip_bomb(inflated: int = 64 * 1024 * 1024) -> bytes:
    """A gzip stream of ``inflated`` zero bytes (about 64 KB on the wire), built without holding it inflated."""
    compressor = zlib.compressobj(9, zlib.DEFLATED, 16 + zlib.MAX_WBITS)
    chunk = b"\0" * (1024 * 1024)
    parts = [compressor.compress(chunk) for _ in range(inflated // len(chunk))]
    return b"".join(parts) + compressor.flush()


def _png() -> bytes:
    raw = b"".join(b"\x00" + bytes((x * y) % 256 for x in range(64)) for y in range(64))
    return b"\x89PNG\r\n\x1a\n" + zlib.compress(raw) + b"IEND\xaeB`\x82"


def _pdf() -> bytes:
    stream = zlib.compress(_utf8(article_body()))
    header = f"1 0 obj\n<< /Length {len(stream)} /Filter /FlateDecode >>\nstream\n".encode("ascii")
    return b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n" + header + stream + b"\nendstream\nendobj\n%%EOF\n"


def _random_bytes(size: int = 200_000) -> bytes:
    state = 2463534242
    out = bytearray()
    for _ in range(size):
        state ^= (state << 13) & 0xFFFFFFFF
        state ^= state >> 17
        state ^= (state << 5) & 0xFFFFFFFF
        out.append(state & 0xFF)
    return bytes(out)


def _with_nuls() -> bytes:
    page = _utf8(article_page())
    return page.replace(b"<p>", b"<p>\x00", 3).replace(b". ", b".\x00 ", 7)


def _mixed_encodings() -> bytes:
    utf8_part = _utf8(article_page(article_body() + "<p>Café naïve résumé, written in UTF-8.</p>"))
    latin_part = "<p>Ein Straßencafé in Köln, aber in Latin-1 geschrieben.</p>".encode("cp1252")
    return utf8_part.replace(b"</article>", latin_part + b"</article>")


def _lying_header() -> bytes:
    return article_page(article_body() + "<p>Le café du port ouvre à sept heures.</p>").encode("cp1252")


def _lying_meta() -> bytes:
    head = '<meta http-equiv="Content-Type" content="text/html; charset=iso-8859-1">'
    return _utf8(article_page(article_body() + "<p>Le café du port ouvre à sept heures.</p>", head=head))


def _unknown_meta() -> bytes:
    page = article_page(article_body() + "<p>Le café du port ouvre à sept heures.</p>")
    return page.replace('<meta charset="utf-8">', '<meta charset="x-no-such-charset">').encode("cp1252")


def _deep(levels: int) -> bytes:
    return _utf8(article_page("<div>" * levels + article_body() + "</div>" * levels))


def _unclosed(levels: int) -> bytes:
    return _utf8(article_page("<font><b>x " * levels + article_body()))


def _many_blocks(count: int = 1_000_000) -> bytes:
    return _utf8(article_page(article_body() + "<p>a</p>" * count))


def _many_entries(count: int = 8000) -> bytes:
    """Readers' letters after the article, each an entry of a run rendered alike (a heading and a line, two levels
    down): the entry rules must look at the run once, not once per entry."""
    entries = "".join(f'<div class="entry"><div class="entry-inner"><h3>Reader letter {i}</h3><p>Letter {i}: the '
                      f"pier needs repairs.</p></div></div>" for i in range(count))
    return _utf8(article_page(f'{article_body()}<div class="letters">{entries}</div>'))


def _huge_attributes() -> bytes:
    classes = " ".join(f"c{i}" for i in range(200_000))
    body = f'<div class="{classes}" data-blob="{"x" * 2_000_000}">{article_body()}</div>'
    return _utf8(article_page(body))


def _paywall() -> bytes:
    """A paywalled article: one paragraph shown, the whole body only in the JSON-LD ``articleBody``."""
    paragraphs = [" ".join(_SENTENCES[i:] + _SENTENCES[:i]) for i in range(len(_SENTENCES))]
    declared = {"@context": "https://schema.org", "@type": "NewsArticle", "headline": "New ferry timetable approved",
                "isAccessibleForFree": False, "articleBody": "\n".join([_SENTENCES[1], *paragraphs])}
    head = f'<script type="application/ld+json">{json.dumps(declared)}</script>'
    return _utf8(article_page(f"<p>{_SENTENCES[1]}</p><div class=\"paywall\">Subscribe to read on.</div>", head=head))


def _hidden_paywalled_parts(count: int = 4000) -> bytes:
    """An article followed by thousands of hidden parts named as its paywalled rest, each just long enough to be one
    (100 words): each is weighed against the page's text, which must be read once, not once per part."""
    words = " ".join(" ".join(_SENTENCES * 2).split()[:94])
    parts = "".join(f'<div class="paywall" hidden><p>Part {i} of the subscribers\' story: {words}</p></div>'
                    for i in range(count))
    return _utf8(article_page(article_body() + parts))


def _xhtml() -> bytes:
    return _utf8(
        '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.1//EN" '
        '"http://www.w3.org/TR/xhtml11/DTD/xhtml11.dtd">\n'
        '<html xmlns="http://www.w3.org/1999/xhtml" xmlns:svg="http://www.w3.org/2000/svg" '
        'xmlns:dc="http://purl.org/dc/elements/1.1/"><head><title>Ferry</title></head><body>'
        "<dc:creator>Harbour desk</dc:creator><svg:svg><svg:text>logo</svg:text></svg:svg>"
        f"<div xml:lang=\"en\"><h1>New ferry timetable approved</h1>{article_body()}<br/><hr/></div>"
        "<![CDATA[ raw cdata ]]></body></html>"
    )


_RTL = (
    "وافقت لجنة الميناء مساء الثلاثاء على جدول جديد للعبّارات بعد نقاش طويل في قاعة البلدية. "
    "وكان السكان قد طلبوا رحلات أبكر في أيام العمل، ووافقت الشركة المشغلة على إضافة رحلتين. "
    "وتبدأ التغييرات الشهر المقبل مع بداية موسم الصيف وارتفاع أعداد الزوار من جديد. "
)
_CJK = (
    "港口委员会星期二晚上在市政厅经过长时间辩论后批准了新的渡轮时刻表。"
    "居民们曾要求在工作日提供更早的班次，运营商同意增加两个航次。"
    "这些变化将从下个月开始生效，届时夏季旅游旺季开始，游客人数将再次上升。"
)

CATALOGUE: tuple[Case, ...] = (
    Case("empty", "an empty body", lambda: b"", reason="empty"),
    Case("whitespace", "only spaces, tabs and newlines", lambda: b" \t\r\n" * 5000, reason="empty"),
    Case("pdf", "a PDF served as text/html", _pdf, reason="binary"),
    Case("png", "a PNG image served as text/html", _png, reason="binary"),
    Case("random-bytes", "200 KB of random bytes", _random_bytes, reason="binary"),
    Case("json", "a JSON API response served as text/html",
         lambda: _utf8(json.dumps({"items": [{"title": MARKER, "html": "<p>x</p>"}] * 50})), reason="not_html"),
    Case("gzip-left-compressed", "a gzip-compressed page without Content-Encoding",
         lambda: gzip.compress(_utf8(article_page()), mtime=0), warnings=("decompressed",)),
    Case("gzip-bomb", "64 MB of zeros gzipped to 64 KB, without Content-Encoding", _gzip_bomb, reason="too_large"),
    Case("nul-bytes", "NUL bytes inside the markup and the text", _with_nuls),
    Case("invalid-charset", "a <meta> charset no codec knows, cp1252 bytes", _unknown_meta,
         contains="café du port"),
    Case("unknown-header-charset", "an HTTP header charset no codec knows", lambda: _utf8(article_page()),
         header_charset="x-user-defined-nonsense"),
    Case("lying-header-charset", "the header says UTF-8, the bytes are cp1252", _lying_header,
         contains="café du port", header_charset="utf-8"),
    Case("lying-meta-charset", "the <meta> says Latin-1, the bytes are UTF-8", _lying_meta,
         contains="café du port"),
    Case("mixed-encodings", "UTF-8 with a cp1252 paragraph pasted in", _mixed_encodings,
         contains="Café naïve résumé"),
    Case("utf16-bom", "UTF-16 LE with a byte-order mark", lambda: article_page().encode("utf-16")),
    Case("utf16le-no-bom", "UTF-16 LE without a byte-order mark", lambda: article_page().encode("utf-16-le")),
    Case("utf16be-no-bom", "UTF-16 BE without a byte-order mark", lambda: article_page().encode("utf-16-be")),
    Case("50mb", "a 50 MB page", lambda: _utf8(article_page(article_body() * 20_000)), reason="too_large"),
    Case("deep-100k", "100,000 nested <div> around the article", lambda: _deep(100_000),
         warnings=("depth_limited",)),
    Case("unclosed-5000", "5,000 unclosed <font><b> before the article", lambda: _unclosed(5000),
         warnings=("depth_limited",)),
    Case("million-blocks", "a million tiny <p> blocks after the article", _many_blocks, reason="too_many_blocks"),
    Case("many-entries", "8,000 sibling entries rendered alike after the article", _many_entries),
    Case("huge-attributes", "a 1.3 MB class attribute and a 2 MB data attribute", _huge_attributes),
    Case("unclosed-tags", "paragraphs, lists and tables never closed",
         lambda: _utf8(article_page(article_body().replace("</p>", "") + "<ul><li>one<li>two<table><tr><td>x"))),
    Case("paywall", "an article shown as its first lines, its whole body only in its JSON-LD", _paywall,
         warnings=("declared_body",)),
    Case("hidden-paywalled-parts", "4,000 hidden parts named as the article's paywalled rest",
         _hidden_paywalled_parts, contains="Part 3999 of the subscribers' story"),
    Case("xhtml-namespaces", "XHTML with an XML declaration, namespaces, CDATA", _xhtml),
    Case("frameset", "a frameset page", lambda: b'<html><frameset cols="50%,50%"><frame src="a.html">'
         b'<frame src="b.html"></frameset></html>', reason="no_text"),
    Case("scripts-only", "a page that is only scripts (a JavaScript app shell)",
         lambda: _utf8("<html><head><script>var a = '<p>not text</p>';</script></head><body><div id=app></div>"
                       + "<script src=app.js></script>" * 50 + "</body></html>"), reason="no_text"),
    Case("rtl", "an Arabic (right-to-left) article", lambda: _utf8(
        f'<html dir="rtl" lang="ar"><body><article>{"".join(f"<p>{_RTL}</p>" for _ in range(5))}</article></body>'
        "</html>"), contains="جدول جديد للعبّارات"),
    Case("cjk", "a Chinese article with a Chinese navigation bar", lambda: _utf8(article_page(
        "".join(f"<p>{_CJK}</p>" for _ in range(5)), lang="zh").replace("Home", "首页").replace("News", "新闻")),
         contains="新的渡轮时刻表"),
)

CASES: dict[str, Case] = {case.name: case for case in CATALOGUE}

#: Not hostile but the most expensive page the default limits let through: the timing command's worst case.
#: Whether it fits the time budget depends on the model and the machine, so the tests leave it out.
AT_THE_LIMITS = Case(
    "at-the-limits", "9.6 MB of 19,000 paragraphs, just under max_bytes and max_blocks",
    lambda: _utf8(article_page(f"<p>{' '.join(_SENTENCES)}</p>\n" * 19_000)),
)


def main(argv: list[str] | None = None) -> None:
    from scrapy_boiler.api import extract

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--model", default="auto")
    parser.add_argument("--repeat", type=int, default=1, help="runs per case; the slowest counts")
    args = parser.parse_args(argv)
    extract(_utf8(article_page()), model=args.model)  # load the model outside the timings
    rows = []
    for case in (*CATALOGUE, AT_THE_LIMITS):
        body = case.make()
        worst = 0.0
        for _ in range(args.repeat):
            start = time.perf_counter()
            doc = extract(body, model=args.model, encoding=case.header_charset)
            worst = max(worst, time.perf_counter() - start)
        ok = doc.reason == case.reason or (case is AT_THE_LIMITS and doc.reason == "time_budget")
        found = "found" if case.contains in doc.text else "missing"
        warned = f", {','.join(doc.warnings)}" if doc.warnings else ""
        outcome = doc.reason or f"text ({len(doc.text)} chars, expected phrase {found}{warned})"
        rows.append((worst, case.name, len(body), outcome, ok))
    print(f"{'case':24} {'bytes':>11} {'seconds':>8}  outcome")
    for worst, name, size, outcome, ok in sorted(rows):
        print(f"{name:24} {size:11,} {worst:8.3f}  {outcome}{'' if ok else '  << NOT AS CATALOGUED'}")
    print(f"worst case: {rows and max(rows)[1]} {max(rows)[0]:.3f} s (model {args.model})")


if __name__ == "__main__":
    main()
