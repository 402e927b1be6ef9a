"""Micro and macro per-class F1 of models on a corpus, the way Wu & Chang report them (Tables III-V).

``python -m scrapy_boiler.evaluation.class_f1_report --model multiboilernet --data cleaneval-test``
prints one row per model; ``--id-prefix`` keeps only pages whose id starts with one of the prefixes
(e.g. the non-English forums of ``webforum-train``), ``--json`` writes the figures.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from scrapy_boiler.api import extract
from scrapy_boiler.datasets.labels import load_labelled
from scrapy_boiler.metrics import ClassF1

_HEADER = f"{'model':<18} {'pages':>5} {'micro noise':>11} {'micro cont':>10} {'micro avg':>9} " \
          f"{'macro noise':>11} {'macro cont':>10} {'macro avg':>9}"


def score(spec: str, models: Sequence[str], *, id_prefixes: Sequence[str] = (), data_dir: str | None = None,
          limit: int | None = None) -> dict[str, dict[str, float]]:
    """Per-class F1 summary of each model on the pages of ``spec`` (optionally only some ids)."""
    scores = {name: ClassF1() for name in models}
    for ref in load_labelled(spec, data_dir=data_dir, limit=limit):
        if id_prefixes and not ref.page.id.startswith(tuple(id_prefixes)):
            continue
        for name in models:
            predicted = extract(ref.page.html, ref.page.url, model=name).leaf_labels()
            if len(predicted) != len(ref.labels):
                predicted = [False] * len(ref.labels)
            scores[name].add_page(predicted, ref.labels)
    return {name: s.summary() for name, s in scores.items()}


def table(spec: str, summaries: dict[str, dict[str, float]]) -> str:
    lines = [f"== {spec}", _HEADER]
    for name, s in summaries.items():
        lines.append(
            f"{name:<18} {s['pages']:>5} {s['micro_noise_f1']:>11.3f} {s['micro_content_f1']:>10.3f} "
            f"{s['micro_avg_f1']:>9.3f} {s['macro_noise_f1']:>11.3f} {s['macro_content_f1']:>10.3f} "
            f"{s['macro_avg_f1']:>9.3f}"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", "-m", action="append", required=True, help="model name(s), comma separated")
    parser.add_argument("--data", "-d", action="append", required=True, help="dataset name[:split] or folder")
    parser.add_argument("--id-prefix", action="append", default=[], help="only pages whose id starts with this")
    parser.add_argument("--data-dir", default=None)
    parser.add_argument("--limit", type=int, default=None)
    parser.add_argument("--json", dest="json_path", default=None)
    args = parser.parse_args(argv)
    models = [m for value in args.model for m in value.split(",") if m]
    results = {}
    for spec in args.data:
        results[spec] = score(spec, models, id_prefixes=args.id_prefix, data_dir=args.data_dir, limit=args.limit)
        print(table(spec, results[spec]), flush=True)
    if args.json_path:
        with open(args.json_path, "w", encoding="utf-8") as handle:
            json.dump({"models": models, "id_prefixes": args.id_prefix, "results": results}, handle, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
