"""How much a model leans on what many pages lack: JSON-LD, readable class and id names, HTML5 landmarks.

``python -m scrapy_boiler.evaluation.ablation --model auto --data fundus-train:valid [--compare trafilatura]``

Every modern page of our corpora declares its article in JSON-LD and most name their parts in plain words
(``article-body``, ``related``), so a model can score well on them by reading what the page says about itself.
Many sites do not: a blog without structured data, a CSS-in-JS site whose class names are hashes (``css-1q8fn3x``),
a template built of ``<div>`` s only. Each page is scored as it is and once per signal taken away, in the same
process, beside the baselines, so a model that only wins by those signals shows it. The views
(:mod:`scrapy_boiler.datasets.views`): ``json-ld`` (the structured data removed), ``names`` (class and id names
hashed, ``data-*``, microdata and ``role`` removed), ``landmarks`` (``article``, ``main``, ``aside``... made
``div`` s), and ``all`` three together. Text-level scores as in ``boiler-eval`` (4-token shingles per page,
averaged); pages without gold text are left out.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Sequence

from scrapy_boiler import UnknownModel, check_model
from scrapy_boiler.api import extract
from scrapy_boiler.datasets.corpora import DatasetNotFound, load
from scrapy_boiler.datasets.views import SIGNALS, without
from scrapy_boiler.evaluation.baselines import get_baseline
from scrapy_boiler.evaluation.scores import ModelScores

#: The baselines that return an article's text (harvest-webforum returns posts).
TEXT_BASELINES = ("trafilatura", "trafilatura-comments", "readability-lxml")


def ablation(extractors: dict[str, Callable[[bytes, str | None], str]], specs: Sequence[str],
             views: Sequence[tuple[str, tuple[str, ...]]], limit: int | None = None) -> dict[str, dict[str, dict]]:
    """``{spec: {view: {extractor: {"f1", "pages", "crashes"}}}}``: shingle F1 of each extractor on each view of each
    page, scored as ``boiler-eval`` scores (:class:`~scrapy_boiler.evaluation.scores.ModelScores`): a crash is
    nothing extracted, and counted."""
    out: dict[str, dict[str, dict]] = {}
    for spec in specs:
        scores = {(view, name): ModelScores(name) for view, _ in views for name in extractors}
        for page in load(spec, limit=limit):
            if not page.gold_text.strip():
                continue
            for view, signals in views:
                html = without(page.html, signals) if signals else page.html
                for name, run in extractors.items():
                    start = time.perf_counter()
                    try:
                        text = run(html, page.url)
                    except Exception as exc:  # readability-lxml raises on some pages
                        text = ""
                        scores[view, name].fail(page.id, exc)
                    ms = (time.perf_counter() - start) * 1000
                    scores[view, name].add_page(None, None, [], text, page.gold_text, ms, page.id)
        out[spec] = {}
        for (view, name), measured in scores.items():
            shingle = measured.summary()["shingle"]
            out[spec].setdefault(view, {})[name] = {"f1": round(shingle["f1"], 4), "pages": shingle["pages"],
                                                    "crashes": measured.errors}
    return out


def _model(name: str) -> Callable[[bytes, str | None], str]:
    def run(html: bytes, url: str | None) -> str:
        return extract(html, url, model=name).text

    return run


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m scrapy_boiler.evaluation.ablation", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--model", action="append", default=[], help="model name; repeat (default: auto)")
    parser.add_argument("--data", action="append", required=True, metavar="SPEC", help="dataset spec; repeat")
    parser.add_argument("--compare", default="", help="baselines, comma separated (e.g. trafilatura)")
    parser.add_argument("--without", default=",".join([*SIGNALS, "all"]),
                        help="views, comma separated, of: %(default)s")
    parser.add_argument("--limit", type=int, default=None, help="only the first N pages of each dataset")
    args = parser.parse_args(argv)
    views: list[tuple[str, tuple[str, ...]]] = [("as is", ())]
    for view in filter(None, args.without.split(",")):
        if view != "all" and view not in SIGNALS:
            parser.error(f"--without: {view!r} is none of {', '.join([*SIGNALS, 'all'])}")
        views.append((f"without {view}", SIGNALS if view == "all" else (view,)))
    models = args.model or ["auto"]
    for name in models:
        try:
            check_model(name)
        except UnknownModel as exc:  # its pages would all score as crashes
            parser.error(f"--model: {exc}")
    extractors = {name: _model(name) for name in models}
    for name in filter(None, args.compare.split(",")):
        if name not in TEXT_BASELINES:
            parser.error(f"--compare: {name!r} is none of {', '.join(TEXT_BASELINES)} (tools that return text)")
        extractors[name] = get_baseline(name)  # type: ignore[assignment]  # these return text
    try:
        results = ablation(extractors, args.data, views, args.limit)
    except (DatasetNotFound, ValueError) as exc:  # a corpus missing, or a name that is none
        parser.exit(2, f"{parser.prog}: {exc}\n")
    names = list(extractors)
    print(f"shingle F1 | {' | '.join(names)}")
    for spec, by_view in results.items():
        for view, row in by_view.items():
            pages = max(cell["pages"] for cell in row.values())
            print(f"{spec} {view} ({pages}) | " + " | ".join(
                f"{row[name]['f1']:.3f}" + (f" ({row[name]['crashes']} crashed)" if row[name]["crashes"] else "")
                for name in names))


if __name__ == "__main__":
    main()
