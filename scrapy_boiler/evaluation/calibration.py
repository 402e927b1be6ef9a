"""How far a model's block scores can be read as probabilities: reliability table, ECE and Brier score.

``python -m scrapy_boiler.evaluation.calibration --model blend --data fundus-train:valid [--data ...]``

Each Boilerpipe-level block the model labelled (``Document.blocks``) is scored against its gold label on the
reference leaves (content when most of its words are), weighted by its words as the text-level scores are.
A calibrated model's blocks with score 0.8 are content 80% of the time, which is what a user choosing a
threshold, or a model combining scores, relies on.
"""

from __future__ import annotations

import argparse
import json

import numpy as np

from scrapy_boiler.api import extract
from scrapy_boiler.datasets.labels import load_labelled

BINS = 10


def block_scores(model: str, specs: list[str], limit: int | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(score, gold content, words) of every block of every page of ``specs``."""
    scores, gold, weights = [], [], []
    for spec in specs:
        for ref in load_labelled(spec, limit=limit):
            doc = extract(ref.page.html, ref.page.url, model=model)
            if doc.num_leaves != len(ref.labels):
                continue
            words = ref.leaf_words
            for block in doc.blocks:
                span = range(block.leaf_start, block.leaf_end)
                total = sum(words[i] for i in span)
                content = sum(words[i] for i in span if ref.labels[i])
                scores.append(block.score)
                gold.append(content * 2 > total if total else False)
                weights.append(max(total, 1))
    return np.asarray(scores, dtype=float), np.asarray(gold, dtype=float), np.asarray(weights, dtype=float)


def reliability(scores: np.ndarray, gold: np.ndarray, weights: np.ndarray) -> dict[str, object]:
    """Per score decile: blocks, mean score and content rate (word-weighted); expected calibration error; Brier."""
    edges = np.linspace(0.0, 1.0, BINS + 1)
    which = np.clip(np.digitize(scores, edges[1:-1]), 0, BINS - 1)
    rows = []
    ece = 0.0
    total = weights.sum()
    for b in range(BINS):
        mask = which == b
        if not mask.any():
            continue
        w = weights[mask]
        mean_score = float(np.average(scores[mask], weights=w))
        rate = float(np.average(gold[mask], weights=w))
        ece += w.sum() / total * abs(mean_score - rate)
        rows.append({"bin": f"{edges[b]:.1f}-{edges[b + 1]:.1f}", "blocks": int(mask.sum()),
                     "mean_score": round(mean_score, 3), "content_rate": round(rate, 3)})
    brier = float(np.average((scores - gold) ** 2, weights=weights))
    return {"bins": rows, "ece": round(float(ece), 4), "brier": round(brier, 4), "blocks": len(scores)}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--model", default="blend")
    parser.add_argument("--data", action="append", required=True)
    parser.add_argument("--limit", type=int, default=None)
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args(argv)
    result = reliability(*block_scores(args.model, args.data, args.limit))
    if args.json:
        print(json.dumps(result, indent=1))
        return
    print(f"{args.model} on {' + '.join(args.data)}: {result['blocks']} blocks, word-weighted "
          f"ECE {result['ece']:.4f}, Brier {result['brier']:.4f}")
    print(f"{'score':<9} {'blocks':>7} {'mean score':>10} {'content rate':>12}")
    for row in result["bins"]:
        print(f"{row['bin']:<9} {row['blocks']:>7} {row['mean_score']:>10.3f} {row['content_rate']:>12.3f}")


if __name__ == "__main__":
    main()
