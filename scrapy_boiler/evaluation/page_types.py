"""How `auto` types pages, per corpus: a confusion table, and how far ``page_type_score`` reads as a probability.

``python -m scrapy_boiler.evaluation.page_types --data dragnet:valid --data threads-train:valid [--fit]``

The truth is the corpus's kind: the thread corpora (``threads-train``, ``webforum-train``) hold threads, the
article corpora articles (CleanEval mixes in forum pages and discussion lists, so its rows are shown without a
truth). The predicted kinds split articles into plain articles and articles with a comment thread
(``Document.posts`` filled). ``page_type_score`` is the probability that the page is a thread; its reliability is
the table of :mod:`scrapy_boiler.evaluation.calibration`. ``--fit`` fits the Platt scaling
(:data:`scrapy_boiler.extractors.router.PAGE_TYPE_CALIBRATION`) on the pages given, from the raw scores.
"""

from __future__ import annotations

import argparse
from collections import Counter

import numpy as np

from scrapy_boiler.api import extract
from scrapy_boiler.datasets.corpora import load
from scrapy_boiler.document import THREAD_TYPES
from scrapy_boiler.evaluation.calibration import reliability
from scrapy_boiler.extractors import router

THREAD_CORPORA = ("threads-train", "webforum-train")
ARTICLE_CORPORA = ("dragnet", "l3s-gn1", "fundus-train", "cleanportaleval")
KINDS = ("article", "article+comments", "qa", "forum")


def truth(spec: str) -> bool | None:
    """Whether the corpus holds threads (None: mixed)."""
    name = spec.partition(":")[0]
    return True if name in THREAD_CORPORA else False if name in ARTICLE_CORPORA else None


def collect(specs: list[str], limit: int | None = None) -> list[tuple[str, str, float, bool | None]]:
    """(spec, predicted kind, page_type_score, truth) of every page."""
    rows = []
    for spec in specs:
        for page in load(spec, limit=limit):
            doc = extract(page.html, page.url, model="auto")
            kind = doc.page_type if doc.page_type in THREAD_TYPES else "article+comments" if doc.posts else "article"
            rows.append((spec, kind, doc.page_type_score or 0.0, truth(spec)))
    return rows


def fit(rows: list[tuple[str, str, float, bool | None]], l2: float = 1.0) -> tuple[float, float, float]:
    """Platt scaling (a, b, c) of the raw scores and the final decision: a logistic regression on the pages as they
    come (the corpora's mix of kinds is the prior), by Newton steps with an L2 penalty."""
    known = [r for r in rows if r[3] is not None]
    x = np.array([[1.0, router.score_logit(score), float(kind in THREAD_TYPES)] for _, kind, score, _ in known])
    y = np.array([float(t) for *_, t in known])
    w = np.zeros(3)
    for _ in range(100):
        p = 1 / (1 + np.exp(-np.clip(x @ w, -30, 30)))
        gradient = x.T @ (p - y) + l2 * w
        hessian = (x * (p * (1 - p))[:, None]).T @ x + l2 * np.eye(3)
        w -= np.linalg.solve(hessian, gradient)
    return float(w[0]), float(w[1]), float(w[2])


def report(rows: list[tuple[str, str, float, bool | None]]) -> str:
    lines = [f"{'corpus':<22} {'pages':>5} " + " ".join(f"{k:>16}" for k in KINDS) + "   truth"]
    for spec in dict.fromkeys(r[0] for r in rows):
        counts = Counter(kind for s, kind, _, _ in rows if s == spec)
        kind = {True: "thread", False: "article", None: "mixed"}[truth(spec)]
        lines.append(f"{spec:<22} {sum(counts.values()):>5} " + " ".join(f"{counts[k]:>16}" for k in KINDS)
                     + f"   {kind}")
    known = [r for r in rows if r[3] is not None]
    if known:
        result = reliability(np.array([r[2] for r in known]), np.array([float(r[3]) for r in known]),
                             np.ones(len(known)))
        lines.append(f"page_type_score as P(thread) on {len(known)} pages of known kind: ECE {result['ece']:.4f}, "
                     f"Brier {result['brier']:.4f}")
        lines.append(f"{'score':<9} {'pages':>7} {'mean score':>10} {'thread rate':>12}")
        for row in result["bins"]:
            lines.append(f"{row['bin']:<9} {row['blocks']:>7} {row['mean_score']:>10.3f} {row['content_rate']:>12.3f}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", action="append", required=True)
    parser.add_argument("--limit", type=int, default=None)
    parser.add_argument("--fit", action="store_true", help="fit the calibration on these pages (raw scores)")
    args = parser.parse_args(argv)
    if args.fit:
        router.PAGE_TYPE_CALIBRATION = (0.0, 1.0, 0.0)
    rows = collect(args.data, args.limit)
    print(report(rows))
    if args.fit:
        print("PAGE_TYPE_CALIBRATION = ({:.3f}, {:.3f}, {:.3f})".format(*fit(rows)))


if __name__ == "__main__":
    main()
