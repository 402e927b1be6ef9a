"""Extraction speed: median milliseconds per page (one page per call) and batched pages per second.

``python -m scrapy_boiler.evaluation.speed --model semtext --data cleaneval-test [--batch 16] [--threads 1]``
Timings include decoding, parsing and segmentation (everything :func:`scrapy_boiler.extract_many` does).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from scrapy_boiler.api import PageInput, extract_many
from scrapy_boiler.datasets.corpora import load


def measure(model: str, spec: str, *, batch: int = 16, limit: int | None = None, device: str = "auto",
            data_dir: str | None = None) -> dict[str, float]:
    """Per-page latency (batches of one) and throughput (batches of ``batch``) of ``model`` on ``spec``."""
    pages = [PageInput(p.html, p.url) for p in load(spec, data_dir=data_dir, limit=limit)]
    extract_many(pages[:2], model=model, device=device)  # warm-up: loads weights, imports torch
    single = []
    for page in pages:
        start = time.perf_counter()
        extract_many([page], model=model, device=device)
        single.append((time.perf_counter() - start) * 1000)
    start = time.perf_counter()
    for i in range(0, len(pages), batch):
        extract_many(pages[i:i + batch], model=model, device=device)
    seconds = time.perf_counter() - start
    return {
        "model": model, "data": spec, "pages": len(pages), "ms_median": statistics.median(single),
        "ms_mean": statistics.fmean(single), "batch": batch, "batched_pages_per_s": len(pages) / seconds,
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m scrapy_boiler.evaluation.speed", description=__doc__)
    parser.add_argument("--model", default="auto")
    parser.add_argument("--data", default="cleaneval-test")
    parser.add_argument("--data-dir", default=None)
    parser.add_argument("--batch", type=int, default=16)
    parser.add_argument("--limit", type=int, default=None)
    parser.add_argument("--device", default="auto")
    parser.add_argument("--threads", type=int, default=None, help="torch CPU threads (neural models)")
    args = parser.parse_args(argv)
    if args.threads:
        import torch

        torch.set_num_threads(args.threads)
    print(json.dumps(measure(args.model, args.data, batch=args.batch, limit=args.limit, device=args.device,
                             data_dir=args.data_dir)))


if __name__ == "__main__":
    main()
