"""``scrapy boiler-train KIND``: fit a model on annotated corpora and save it (kinds: training.TRAINERS)."""

from __future__ import annotations

import argparse
import sys
from typing import Any, ClassVar

from scrapy.commands import ScrapyCommand
from scrapy.exceptions import UsageError

from scrapy_boiler.commands.help_format import BoilerHelpFormatter, error_line, use_boiler_help
from scrapy_boiler.datasets.corpora import DatasetNotFound
from scrapy_boiler.training import TRAINERS, run_trainer, trainer_options


class Command(ScrapyCommand):
    requires_project = False
    requires_crawler_process = False
    default_settings: ClassVar[dict[str, Any]] = {"LOG_ENABLED": False}

    def syntax(self) -> str:
        return "KIND --data SPEC [--data ...] [--valid SPEC] [--out PATH] [--force] [options]"

    def short_desc(self) -> str:
        return "Train a content-extraction model on annotated corpora"

    def long_desc(self) -> str:
        return (
            "Fits a model of the given kind on dataset specs (as in boiler-eval: cleaneval-dev:train, dragnet:train, "
            "l3s-gn1-any:train... or a folder of name.html + name.txt pairs) and writes it with a model card and a run "
            "record, by default in the current folder. A file of the shipped models/ folder is replaced only with "
            "--force. `scrapy boiler-train KIND -h` lists the options of one kind."
        )

    def add_options(self, parser: argparse.ArgumentParser) -> None:
        use_boiler_help(parser, "boiler-train")
        kinds = parser.add_subparsers(dest="kind", metavar="KIND", title="model kinds")  # listed before Scrapy's
        for kind in TRAINERS:
            trainer = trainer_options(kind)
            summary = getattr(trainer, "SUMMARY", None) or (trainer.__doc__ or kind).strip().splitlines()[0]
            # prog: the usage line reads "scrapy boiler-train KIND [options]", not the parent's whole syntax line
            sub = kinds.add_parser(kind, help=summary, description=summary, prog=f"scrapy boiler-train {kind}",
                                   formatter_class=BoilerHelpFormatter)
            trainer.add_arguments(sub)
        super().add_options(parser)

    def run(self, args: list[str], opts: argparse.Namespace) -> None:
        if not opts.kind:
            raise UsageError(f"give a model kind: {', '.join(TRAINERS)}")
        if args:
            raise UsageError(f"unexpected arguments: {' '.join(args)}", print_help=False)
        argv = sys.argv[1:]
        opts.argv = argv[argv.index(opts.kind):] if opts.kind in argv else [opts.kind]
        try:
            run_trainer(opts.kind, opts)
        except (DatasetNotFound, ValueError, OSError) as exc:  # bad data, options or output path: one line
            self.exitcode = error_line("boiler-train", exc)
