"""``scrapy boiler-eval``: score models on annotated corpora."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, ClassVar

from scrapy.commands import ScrapyCommand
from scrapy.exceptions import UsageError

from scrapy_boiler import UnknownModel
from scrapy_boiler.commands.help_format import error_line, use_boiler_help
from scrapy_boiler.datasets.corpora import DatasetNotFound
from scrapy_boiler.evaluation.report import LEGEND, table
from scrapy_boiler.evaluation.runner import evaluate
from scrapy_boiler.extractors.registry import resolve


class Command(ScrapyCommand):
    requires_project = False
    requires_crawler_process = False
    default_settings: ClassVar[dict[str, Any]] = {"LOG_ENABLED": False}

    def syntax(self) -> str:
        return "[-m NAME[,NAME...]] -d NAME[:SPLIT]|PATH [-d ...] [--limit N] [--json FILE] [options]"

    def short_desc(self) -> str:
        return "Score extraction models on annotated corpora"

    def long_desc(self) -> str:
        return (
            "Runs each model over each dataset and prints text-level 4-token-shingle precision/recall/F1, "
            "block-level, word-weighted and bag-of-words scores, plus milliseconds per page. --compare runs "
            "trafilatura and readability-lxml (extra [bench]) on the same pages in the same process. Datasets "
            "are names from ../shared/datasets (cleaneval-dev, cleaneval-test, cleanportaleval, dragnet, "
            "fundus-train, l3s-gn1, threads-train, webforum-train; add :valid or :train for dragnet, fundus-train "
            "(split by publisher), l3s-gn1 and threads-train (by platform), and for fundus-train and threads-train "
            ":valid@K or :train@K, the K-th cross-validation fold) or a folder of name.html + name.txt pairs. On "
            "thread corpora "
            "(webforum-train) a post-level line follows each model: posts matched one-to-one to the gold posts, "
            "and the share of threads whose question (first post) is right; routers (auto) also list the page "
            "types they decided."
        )

    def add_options(self, parser: argparse.ArgumentParser) -> None:
        super().add_options(parser)
        use_boiler_help(parser, "boiler-eval")
        parser.add_argument("--model", "-m", action="append", default=[], metavar="NAME[,NAME...]",
                            help="model name(s), comma separated or repeated (default: auto)")
        parser.add_argument("--data", "-d", action="append", default=[], metavar="SPEC",
                            help="dataset name[:split] or folder; repeat for several")
        parser.add_argument("--data-dir", default=None, metavar="DIR",
                            help="folder holding the dataset archives (default: $BOILER_DATA_DIR, else "
                                 "./shared/datasets or ../shared/datasets)")
        parser.add_argument("--limit", type=int, default=None, help="only the first N pages of each dataset")
        parser.add_argument("--compare", action="append", default=[], metavar="NAME[,NAME...]",
                            help="baselines run on the same pages: trafilatura, readability-lxml (comma-separated)")
        parser.add_argument("--json", dest="json_path", default=None, metavar="FILE",
                            help="write all figures to this JSON file")
        parser.add_argument("--quiet", "-q", action="store_true", help="no progress lines")

    def run(self, args: list[str], opts: argparse.Namespace) -> None:
        models = [m for value in (opts.model or ["auto"]) for m in value.split(",") if m]
        baselines = [b for value in opts.compare for b in value.split(",") if b]
        specs = [*opts.data, *args]
        if not specs:
            raise UsageError("give at least one --data NAME or folder")
        for name in models:
            try:
                resolve(name)
            except UnknownModel as exc:  # one line: the usage line says nothing about a wrong model
                self.exitcode = error_line("boiler-eval", exc)
                return
        results: dict[str, list[dict[str, Any]]] = {}
        for spec in specs:
            try:
                scores = evaluate(spec, models, baselines=baselines, data_dir=opts.data_dir, limit=opts.limit,
                                  progress=not opts.quiet)
            except (DatasetNotFound, KeyError, RuntimeError) as exc:
                print(f"boiler-eval: {exc}", file=sys.stderr)
                self.exitcode = 2
                return
            results[spec] = [s.summary() for s in scores]
            print(table(spec, results[spec]), flush=True)
            print()
        print(LEGEND)
        if opts.json_path:
            with open(opts.json_path, "w", encoding="utf-8") as handle:
                json.dump({"models": models, "baselines": baselines, "limit": opts.limit, "results": results},
                          handle, indent=2)
