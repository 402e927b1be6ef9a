"""The article's language: the page's declaration as an ISO 639-1 code, or a guess from its text when it declares
none (or declares two that disagree).

The guess is the script for scripts one language mostly owns (kana → ja, Hangul → ko, Devanagari → hi...), else
the share of each language's commonest words: a few hundred microseconds on an article, no model, no dependency.
It knows the languages news pages are mostly written in; it says nothing (None) rather than guess on little text.
"""

from __future__ import annotations

import re
from collections import Counter

_TAG = re.compile(r"[A-Za-z]{2,3}(?=[-_]|\Z)")
#: Codes with an ISO 639-1 equivalent that pages still use.
_ALIASES = {"iw": "he", "in": "id", "ji": "yi", "jw": "jv", "deu": "de", "ger": "de", "eng": "en", "fra": "fr",
            "fre": "fr", "spa": "es", "ita": "it", "por": "pt", "nld": "nl", "dut": "nl", "jpn": "ja", "zho": "zh",
            "chi": "zh", "rus": "ru", "pol": "pl", "swe": "sv", "dan": "da", "nor": "no", "nob": "nb", "nno": "nn"}
#: Norwegian is declared as ``no``, ``nb`` (Bokmål) or ``nn`` (Nynorsk): one language for comparisons.
_SAME = {"nb": "no", "nn": "no"}

_SCRIPTS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("ja", re.compile("[\u3040-\u309f\u30a1-\u30fa]")),
    ("ko", re.compile("[\uac00-\ud7af]")), ("zh", re.compile("[\u4e00-\u9fff]")),
    ("th", re.compile("[\u0e00-\u0e7f]")), ("hi", re.compile("[\u0900-\u097f]")), ("ar", re.compile("[\u0600-\u06ff]")),
    ("he", re.compile("[\u0590-\u05ff]")), ("el", re.compile("[\u0370-\u03ff]")), ("uk", re.compile("[ієїґ]")),
    ("ru", re.compile("[\u0400-\u04ff]")), ("vi", re.compile("[ơưđạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ]")),
)
_STOPWORDS: dict[str, frozenset[str]] = {
    code: frozenset(words.split()) for code, words in {
        "en": "the and of to in is that for was with on are as it his by be this from have at which were not but",
        "de": "der die und das ist nicht den von zu mit sich des auf für im dem ein eine auch es an als wird wurde",
        "fr": "le la les et des est une dans que pour qui pas sur au du avec ce il sont par plus ont été aux",
        "es": "el la los las y que en del se por con una para es al lo como más pero sus fue ha este entre",
        "it": "il di che la per un non del della le sono con una gli si nel ha alla anche come più dei",
        "pt": "o de que e do da em um para com não uma os no se na por mais as dos como mas foi ao",
        "nl": "de het een en van is dat op te zijn niet met voor aan er ook als bij door naar om wordt",
        "sv": "och att det som är en på för med av till den har inte om ett var men från sig kan",
        "da": "og at det er en til på af med for den har som ikke de var et jeg fra kan vil sig blev",
        "no": "og i det er som på en til av med for at har ikke de var et fra vil seg kan ble etter",
        "pl": "i w nie na się z do że jest to o jak po co przez ale od za są czy tak już także",
        "is": "og að í er á sem til um við með var ekki það en fyrir hann hefur af eru voru",
        "lt": "ir yra kad su į iš bet kaip ar jo taip buvo jau tik nuo dėl apie savo už jos",
        "tr": "ve bir bu da de için ile olarak daha çok gibi ama en ne kadar sonra olan değil",
        "ro": "și de în la cu pe nu că este o un care din pentru mai sau au fost se",
        "cs": "a se na je že v to s z do o jsou by jako ale pro také jeho který po",
        "fi": "ja on ei se että oli hän mutta kun myös ovat tai niin kuin jo nyt sen",
        "hu": "a az és hogy nem is egy van de meg csak már el mint ki volt ezt",
    }.items()
}
_WORD = re.compile(r"[^\W\d_]+")
#: Fewest stopwords counted before a guess is given.
MIN_HITS = 8
#: Characters of text read for a guess: enough to be sure, bounded in cost.
SAMPLE = 4000


def normalise_language(tag: str | None) -> str | None:
    """The ISO 639-1 code of a BCP 47 tag or locale (``en-US``, ``de_DE``, ``deu`` → ``en``, ``de``, ``de``)."""
    text = (tag or "").strip()
    match = _TAG.match(text)
    if match is None:
        return None
    code = match.group().lower()
    code = _ALIASES.get(code, code)
    return code if len(code) == 2 else None


def same_language(first: str | None, second: str | None) -> bool:
    """Whether two codes name one language (``no``, ``nb`` and ``nn`` are Norwegian)."""
    a, b = normalise_language(first), normalise_language(second)
    return a is not None and _SAME.get(a, a) == _SAME.get(b or "", b)


def guess_language(text: str) -> str | None:
    """The language of ``text`` from its script or its commonest words; None when too little text says."""
    sample = text[:SAMPLE]
    letters = len(_WORD.findall(sample[:1000])) or 1
    for code, script in _SCRIPTS:
        found = len(script.findall(sample[:1000]))
        if found >= 5 and (code != "vi" or found >= 0.05 * letters):
            return code
    words = Counter(word.lower() for word in _WORD.findall(sample))
    scores = {code: sum(words[word] for word in stopwords if word in words) for code, stopwords in _STOPWORDS.items()}
    best = max(scores, key=scores.__getitem__)
    if scores[best] < MIN_HITS:
        return None
    return best


def pick_language(declared: list[str | None], text: str) -> str | None:
    """The first declared language the text agrees with; the first declared one when the text says nothing or
    agrees with none; the guess when nothing is declared."""
    codes = [code for code in (normalise_language(tag) for tag in declared) if code]
    if len(set(codes)) <= 1 and codes:
        return codes[0]
    guess = guess_language(text)
    for code in codes:
        if same_language(code, guess):
            return code
    return codes[0] if codes else guess
