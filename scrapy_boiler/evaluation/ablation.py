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
import statistics
from collections.abc import Callable, Sequence

from scrapy_boiler import UnknownModel, check_model
from scrapy_boiler.api import extract
from scrapy_boiler.datasets.corpora import DatasetNotFound, load
from scrapy_boiler.datasets.views import SIGNALS, without
from scrapy_boiler.evaluation.baselines import get_baseline
from scrapy_boiler.metrics import f1_of, shingle_scores

#: The baselines that return an article's text (harvest-webforum returns posts).
TEXT_BASELINES = ("trafilatura", "trafilatura-comments", "readability-lxml")


def _f1(scores: list[tuple[float, float]]) -> float:
    if not scores:
        return 0.0
    return f1_of(statistics.fmean(s[0] for s in scores), statistics.fmean(s[1] for s in scores))


def ablation(extractors: dict[str, Callable[[bytes, str | None], str]], specs: Sequence[str],
             views: Sequence[tuple[str, tuple[str, ...]]], limit: int | None = None) -> dict[str, dict[str, dict]]:
    """``{spec: {view: {extractor: {"f1", "pages", "crashes"}}}}``: shingle F1 of each extractor on each view of each
    page; a crash is scored as nothing extracted, as in boiler-eval, and counted."""
    out: dict[str, dict[str, dict]] = {}
    for spec in specs:
        scores: dict[tuple[str, str], list[tuple[float, float]]] = {}
        crashes: dict[tuple[str, str], int] = {}
        for page in load(spec, limit=limit):
            if not page.gold_text.strip():
                continue
            for view, signals in views:
                html = without(page.html, signals) if signals else page.html
                for name, run in extractors.items():
                    try:
                        text = run(html, page.url)
                    except Exception:  # readability-lxml raises on some pages
                        text = ""
                        crashes[view, name] = crashes.get((view, name), 0) + 1
                    found = shingle_scores(text, page.gold_text)
                    if found is not None:
                        scores.setdefault((view, name), []).append(found)
        out[spec] = {view: {name: {"f1": round(_f1(scores.get((view, name), [])), 4),
                                   "pages": len(scores.get((view, name), [])),
                                   "crashes": crashes.get((view, name), 0)} for name in extractors}
                     for view, _ in views}
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
