"""Dates as pages write them → ISO 8601, the form zyte-common-items' ``Article`` asks for.

Structured data is almost always ISO already (``datetime.fromisoformat`` reads it in microseconds); ``<meta>``
tags and bylines add RFC 2822 and local forms: ``dateutil`` reads English ones ("May 3, 2024 3:47 PM"), a table of
month names the European ones ("3. Mai 2024"), a pattern the Chinese, Japanese and Korean ones, year first
("2024年9月12日 14時05分", "2024.09.12. 오후 2:05"). (``dateparser`` knows every language but takes half a second per
language to warm up and milliseconds per date; ``htmldate`` 6 ms per page: both over this step's budget.) A date
before :data:`EARLIEST` or more than a day in the future is a template's placeholder, not the article's date.
"""

from __future__ import annotations

import re
import warnings
from datetime import UTC, date, datetime, timedelta

#: Dates before this are template defaults ("1970-01-01", "0001-01-01"), not publication dates.
EARLIEST = datetime(1995, 1, 1)
_DIGITS = re.compile(r"\d")
_ISO_DAY = re.compile(r"\d{4}-\d{2}-\d{2}\Z")
_EPOCH = re.compile(r"\d{10}(\d{3})?\Z")
#: Longest string read as a date: longer ones are sentences, not dates.
MAX_RAW = 80


def normalise_date(raw: str | None) -> str | None:
    """``raw`` as ISO 8601 (``2024-05-03T15:47:42+00:00``; a bare day as ``2024-05-03T00:00:00``), or None when it is
    not a plausible publication date."""
    text = " ".join((raw or "").split())
    if not text or len(text) > MAX_RAW or not _DIGITS.search(text):
        return None
    # a dotted day comes day first ("05.03.2024" is 5 March), which dateutil would read month first
    parsed = _iso(text) or _epoch(text) or (_east_asian(text) if _EAST_ASIAN_MARK.search(text) else None) \
        or (_month_names(text) if _DOTTED.search(text) else None) or _dateutil(text) or _month_names(text)
    if parsed is None or not _plausible(parsed):
        return None
    return parsed.isoformat(timespec="seconds")


def same_day(first: str | None, second: str | None) -> bool:
    """Whether two ISO dates name the same calendar day (as written, without moving between time zones)."""
    return bool(first and second and first[:10] == second[:10])


def _iso(text: str) -> datetime | None:
    candidate = text.replace(" ", "T", 1) if len(text) > 10 and text[10] == " " else text
    if _ISO_DAY.match(candidate):
        candidate += "T00:00:00"
    try:
        return datetime.fromisoformat(candidate)
    except ValueError:
        return None


def _epoch(text: str) -> datetime | None:
    if not _EPOCH.match(text):
        return None
    seconds = int(text) / (1000 if len(text) == 13 else 1)
    return datetime.fromtimestamp(seconds, tz=UTC)


def _dateutil(text: str) -> datetime | None:
    try:
        from dateutil import parser
    except ImportError:  # pragma: no cover - dateutil comes with the usual installs (pandas, htmldate...)
        return None
    try:
        with warnings.catch_warnings():  # "tzname CEST identified but not understood": the time is kept, naive
            warnings.simplefilter("ignore")
            parsed = parser.parse(text, default=datetime(1, 1, 1), fuzzy=False)
            parsed.utcoffset()  # raises for an offset of a day or more ("+03:99012455"): no time zone's
    except (ValueError, OverflowError, TypeError):
        return None
    return parsed


def _month_names(text: str) -> datetime | None:
    """"3. Mai 2024, 17:47", "3 de mayo de 2024", "3 mars 2024 à 10h12", "21.04.2024, 20:24 Uhr": a day, a month
    (named in a language :data:`MONTHS` knows, or numbered after a dot), a year and maybe a time."""
    match = _DAY_MONTH_YEAR.search(text.lower()) or _DOTTED.search(text)
    if match is None:
        return None
    day, name, year = int(match["day"]), match["month"], int(match["year"])
    month = int(name) if name.isdigit() else next((n for prefix, n in _MONTH_PREFIXES if name.startswith(prefix)), None)
    if month is None:
        return None
    hour = int(match["hour"]) if match["hour"] else 0
    minute = int(match["minute"]) if match["minute"] else 0
    try:
        return datetime(year, month, day, hour, minute)
    except ValueError:
        return None


#: Month names (their first letters suffice) of the languages of European news pages, January first.
MONTHS = (
    "januar janvier enero gennaio janeiro januari stycz jan", "februar février fevrier febrero febbraio fevereiro "
    "februari luty feb", "märz maerz mars marzo março maart mar", "april avril abril aprile kwie apr",
    "mai mayo maggio maio mei maj may", "juni juin junio giugno junho czerw jun", "juli juillet julio luglio julho "
    "lip jul", "august août aout agosto augustus augusti sierp aug", "september septembre septiembre settembre "
    "setembro wrze sep", "oktober octobre octubre ottobre outubro paźdz pazdz okt oct", "november novembre "
    "noviembre novembro listop nov", "dezember décembre decembre diciembre dicembre dezembro december grud dec dez",
)
#: English month names :data:`MONTHS` holds as their first letters only.
_ENGLISH_MONTHS = {"january", "february", "march", "april", "june", "july", "sept", "october"}
#: The Polish month names in :data:`MONTHS` are stems, which take endings ("listopada").
_POLISH_STEMS = {"stycz", "luty", "kwie", "czerw", "lip", "sierp", "wrze", "paźdz", "pazdz", "listop", "grud"}
#: A month's name, whole ("March", "März", "marzo") or cut to three letters ("Mar"), in the languages :data:`MONTHS`
#: knows, Polish aside.
_MONTH_NAMES = frozenset(({name for names in MONTHS for name in names.split()} | _ENGLISH_MONTHS) - _POLISH_STEMS)
#: A word next to a day's number: a month's name when :data:`_MONTH_NAMES` holds it. One pattern holding every name,
#: tried at each word of every short text the post groups read, made a date test take twice as long as this and a set.
_WORD_AND_DAY = re.compile(r"\b([^\W\d_]{3,10})\.?\s+\d{1,2}(?:st|nd|rd|th)?\b(?![.:/-]?\d)"
                           r"|\b\d{1,2}(?:st|nd|rd|th|\.)?\s+(?:de\s+)?([^\W\d_]{3,10})\b")
_DIGIT = re.compile(r"\d")


def names_day_and_month(text: str) -> bool:
    """Whether ``text`` shows a day and a named month without the year, as recent comments show when they were
    written: "Mar 4", "March 4th", "4. März", "4 de marzo" (not "Chapter 4")."""
    return _DIGIT.search(text) is not None and any(
        (match[1] or match[2]).lower() in _MONTH_NAMES for match in _WORD_AND_DAY.finditer(text))


_MONTH_PREFIXES = sorted(((name, number) for number, names in enumerate(MONTHS, 1) for name in names.split()),
                         key=lambda item: -len(item[0]))
_DAY_MONTH_YEAR = re.compile(
    r"(?P<day>\d{1,2})\.?\s+(?:de\s+)?(?P<month>[^\W\d_]{3,})\.?\s+(?:de\s+)?(?P<year>(?:19|20)\d{2})"
    r"(?:\D{0,12}?(?P<hour>\d{1,2})[:h.](?P<minute>\d{2}))?"
)
_DOTTED = re.compile(r"(?P<day>\d{1,2})\.\s?(?P<month>\d{1,2})\.\s?(?P<year>(?:19|20)\d{2})"
                     r"(?:\D{0,12}?(?P<hour>\d{1,2})[:.](?P<minute>\d{2}))?")


#: What marks a date as Chinese, Japanese or Korean: a kana, Han or Hangul character (the signs of year, month, day,
#: hour and minute, the half of the day, "发布于" before the date).
_EAST_ASIAN_MARK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")
#: "2024年9月12日 14時05分", "2024년 9월 12일 오후 2시 5분", "2024.09.12. 오후 2:05", "2024/09/12 下午 02:05",
#: "发布于 2023-05-05 19:02": year, month and day first, then maybe the half of the day and a time.
_YEAR_MONTH_DAY = re.compile(
    r"(?P<year>(?:19|20)\d{2})\s*[年년./-]\s*(?P<month>\d{1,2})\s*[月월./-]\s*(?P<day>\d{1,2})\s*[日일.]?"
    r"(?:\D{0,8}?(?P<half>오전|오후|午前|午後|上午|下午|[AaPp][Mm])?\s*(?P<hour>\d{1,2})\s*[:時时시]\s*(?P<minute>\d{1,2})"
    r"(?:\s*[:分분]\s*(?P<second>\d{1,2}))?)?"
)
_AFTERNOON = frozenset({"오후", "午後", "下午", "pm"})


def _east_asian(text: str) -> datetime | None:
    """A date written year first with CJK signs or halves of the day (:data:`_YEAR_MONTH_DAY`)."""
    match = _YEAR_MONTH_DAY.search(text)
    if match is None:
        return None
    hour = int(match["hour"]) if match["hour"] else 0
    half = (match["half"] or "").lower()
    if half:
        hour = hour % 12 + (12 if half in _AFTERNOON else 0)
    try:
        return datetime(int(match["year"]), int(match["month"]), int(match["day"]), hour,
                        int(match["minute"]) if match["minute"] else 0, int(match["second"]) if match["second"] else 0)
    except ValueError:
        return None


def _plausible(value: datetime) -> bool:
    naive = value.replace(tzinfo=None)
    return EARLIEST <= naive <= datetime.combine(date.today(), datetime.min.time()) + timedelta(days=2)
