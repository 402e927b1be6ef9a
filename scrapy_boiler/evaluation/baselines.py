"""Other extractors run in the same evaluation for comparison (benchmark-only dependencies, extra ``[bench]``).

They return text (or, for harvest-webforum, posts), so they get text-level scores (shingles, bag of words), thread
scores on thread corpora and timings, but no block-level scores. Each runs with its defaults, as a user would call
it: trafilatura's ``extract`` (main text, comments left out; ``trafilatura-comments`` keeps them, the setting a
thread needs), readability-lxml's ``Document.summary`` turned into text one block per line, and harvest-webforum's
``extract_posts`` (Weichselbraun et al., "Harvest: an open source toolkit for extracting posts and post metadata
from web forums"), whose posts come back as a :class:`~scrapy_boiler.evaluation.post_scores.ThreadOutput`.
"""

from __future__ import annotations

from collections.abc import Callable

from scrapy_boiler.evaluation.post_scores import ThreadOutput

Baseline = Callable[[bytes, str | None], str | ThreadOutput]


def _missing(package: str) -> RuntimeError:
    return RuntimeError(f"the {package} baseline needs `pip install {package}` (extra [bench])")


def _trafilatura() -> Baseline:
    try:
        import trafilatura
    except ImportError as exc:
        raise _missing("trafilatura") from exc

    def run(html: bytes, url: str | None) -> str:
        return trafilatura.extract(html, url=url) or ""

    return run


def _trafilatura_comments() -> Baseline:
    try:
        import trafilatura
    except ImportError as exc:
        raise _missing("trafilatura") from exc

    def run(html: bytes, url: str | None) -> str:
        return trafilatura.extract(html, url=url, include_comments=True) or ""

    return run


def _harvest() -> Baseline:
    try:
        import logging

        from harvest.posts import extract_posts
    except ImportError as exc:
        raise _missing("harvest-webforum") from exc
    logging.getLogger().setLevel(logging.ERROR)  # it logs its chosen XPath at INFO, and warns with a bad format

    def run(html: bytes, url: str | None) -> ThreadOutput:
        text = html.decode("utf-8", "replace")
        posts = [" ".join(p.split()) for p in extract_posts(text, url or "")["forum_posts"] or []]
        posts = [p for p in posts if p]
        return ThreadOutput("\n".join(posts), posts, posts[0] if posts else "",
                            [(posts[0], answer) for answer in posts[1:]])

    return run


def _readability() -> Baseline:
    try:
        import lxml.html
        from readability import Document as ReadabilityDocument
    except ImportError as exc:
        raise _missing("readability-lxml") from exc
    blocks = {"p", "div", "li", "h1", "h2", "h3", "h4", "h5", "h6", "pre", "blockquote", "td", "tr", "br",
              "section", "article", "figcaption", "dd", "dt"}

    import logging

    logging.getLogger("readability.readability").setLevel(logging.CRITICAL)  # it logs a traceback per bad page

    def run(html: bytes, url: str | None) -> str:
        summary = ReadabilityDocument(html, url=url).summary(html_partial=True)
        if not summary.strip():
            return ""
        root = lxml.html.fromstring(summary)
        for element in root.iter():
            if isinstance(element.tag, str) and element.tag in blocks:
                element.tail = "\n" + (element.tail or "")
                element.text = "\n" + (element.text or "")
        lines = (" ".join(line.split()) for line in root.text_content().split("\n"))
        return "\n".join(line for line in lines if line)

    return run


BASELINES: dict[str, Callable[[], Baseline]] = {
    "trafilatura": _trafilatura, "trafilatura-comments": _trafilatura_comments, "readability-lxml": _readability,
    "harvest-webforum": _harvest,
}


def get_baseline(name: str) -> Baseline:
    """The comparison extractor called ``name``; raises KeyError or RuntimeError (not installed)."""
    try:
        return BASELINES[name]()
    except KeyError:
        raise KeyError(f"unknown baseline {name!r}; expected one of {', '.join(BASELINES)}") from None
