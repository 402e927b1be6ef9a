"""Extraction speed: median milliseconds per page (one page per call) and batched pages per second.

``python -m scrapy_boiler.evaluation.speed --model semtext --data cleaneval-test [--batch 16] [--threads 1]``
Timings include decoding, parsing and segmentation (everything :func:`scrapy_boiler.extract_many` does).

``--compare trafilatura`` times another extractor (:mod:`~scrapy_boiler.evaluation.baselines`) on the same pages in
the same process instead, page by page in turn with the model, each page's time the best of ``--repeat`` calls (a
shared machine's other jobs only ever add time), and prints both medians and their ratio per dataset and pooled:
the figure to read for "at most half of trafilatura's median time per page". Give ``--data`` several times.
``--complete`` times ``extract(...).complete()``: every output of the Document (its blocks' paths, Markdown and
metadata, otherwise computed on first read), as a crawl's workers compute them. ``--stages`` also times, on the
same pages and in the same turn, the first stages every article model runs before it decides anything: decoding and
parsing (``parse_ms_median``), then segmenting into Boilerpipe blocks and computing their shallow features
(``first_stages_ms_median``), with their share of the other extractor's median (``first_stages_ratio``): how much of
the time budget is spent before any model runs.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Callable
from typing import Any

from scrapy_boiler.api import PageInput, extract, extract_many
from scrapy_boiler.datasets.corpora import load
from scrapy_boiler.evaluation.baselines import get_baseline
from scrapy_boiler.parse.html import parse_html
from scrapy_boiler.segment.blocks import annotate, segment


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


def paired(model: str, specs: list[str], baseline: str, *, repeat: int = 3, limit: int | None = None,
           device: str = "auto", data_dir: str | None = None, complete: bool = False,
           stages: bool = False) -> dict[str, dict[str, float]]:
    """Per dataset (and ``"all"`` pooled): median ms per page of ``model`` and of ``baseline`` and their ratio.

    The two run in turn on each page (``repeat`` calls each, the fastest kept), so a load that comes and goes on the
    machine weighs on both alike. ``complete``: each Document's outputs read on first use are computed too.
    ``stages``: the first stages (:func:`first_stages`) are timed in the same turn, and their medians reported."""
    other = get_baseline(baseline)

    def ours(html: bytes, url: str | None) -> Any:
        doc = extract(html, url, model=model, device=device)
        return doc.complete() if complete else doc

    timed: dict[str, Callable[[bytes, str | None], Any]] = {model: ours, baseline: other}
    if stages:
        timed |= {"parse": lambda html, url: parse_html(html, url=url), "first_stages": first_stages}
    specs = list(dict.fromkeys(specs))  # a dataset given twice is timed once
    times: dict[str, dict[str, list[float]]] = {}
    warmed = False
    for spec in specs:
        spec_times = times[spec] = {name: [] for name in timed}
        for page in load(spec, data_dir=data_dir, limit=limit):
            if not warmed:  # loads weights and imports; the first call of each is not timed
                for run in timed.values():
                    run(page.html, page.url)
                warmed = True
            best = dict.fromkeys(timed, float("inf"))
            for _ in range(repeat):
                for name, run in timed.items():
                    start = time.perf_counter()
                    run(page.html, page.url)
                    best[name] = min(best[name], time.perf_counter() - start)
            for name, seconds in best.items():
                spec_times[name].append(seconds * 1000)
    if len(specs) > 1:
        times["all"] = {name: [t for spec in specs for t in times[spec][name]] for name in timed}
    rows = {}
    for spec, spec_times in times.items():
        if spec_times[model]:
            medians = {name: statistics.median(values) for name, values in spec_times.items()}
            rows[spec] = {"pages": len(spec_times[model]), f"{model}_ms_median": medians[model],
                          f"{baseline}_ms_median": medians[baseline], "ratio": medians[model] / medians[baseline]}
            if stages:
                rows[spec] |= {"parse_ms_median": medians["parse"],
                               "first_stages_ms_median": medians["first_stages"],
                               "first_stages_ratio": medians["first_stages"] / medians[baseline]}
    return rows


def first_stages(html: bytes, url: str | None) -> None:
    """What every article model runs before deciding anything: decoding, parsing and cleaning, then Kohlschütter et
    al.'s blocks (:func:`~scrapy_boiler.segment.blocks.segment`) and their shallow features."""
    annotate(segment(parse_html(html, url=url).root).blocks)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m scrapy_boiler.evaluation.speed", description=__doc__)
    parser.add_argument("--model", default="auto")
    parser.add_argument("--data", action="append", help="a dataset spec; several with --compare (default: "
                        "cleaneval-test)")
    parser.add_argument("--data-dir", default=None)
    parser.add_argument("--batch", type=int, default=16)
    parser.add_argument("--limit", type=int, default=None)
    parser.add_argument("--device", default="auto")
    parser.add_argument("--threads", type=int, default=None, help="torch CPU threads (neural models)")
    parser.add_argument("--compare", default=None, metavar="BASELINE",
                        help="time this extractor (trafilatura, readability-lxml...) on the same pages in turn")
    parser.add_argument("--repeat", type=int, default=3, help="with --compare: calls per page, the fastest kept")
    parser.add_argument("--complete", action="store_true",
                        help="with --compare: time extract(...).complete(), every output of the Document")
    parser.add_argument("--stages", action="store_true",
                        help="with --compare: time parsing, and parsing with segmentation and block features, too")
    args = parser.parse_args(argv)
    specs = args.data or ["cleaneval-test"]
    if args.threads:
        import torch

        torch.set_num_threads(args.threads)
    if args.compare:
        if args.repeat < 1:
            parser.error("--repeat must be at least 1")
        for spec, row in paired(args.model, specs, args.compare, repeat=args.repeat, limit=args.limit,
                                device=args.device, data_dir=args.data_dir, complete=args.complete,
                                stages=args.stages).items():
            print(json.dumps({"data": spec, **row}))
        return
    for spec in specs:
        print(json.dumps(measure(args.model, spec, batch=args.batch, limit=args.limit, device=args.device,
                                 data_dir=args.data_dir)))


if __name__ == "__main__":
    main()
