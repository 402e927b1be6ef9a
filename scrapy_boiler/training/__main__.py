"""``python -m scrapy_boiler.training KIND [options]``: the same trainers as ``scrapy boiler-train``, without Scrapy."""

from __future__ import annotations

import argparse
import sys

from scrapy_boiler.datasets.corpora import DatasetNotFound
from scrapy_boiler.training import TRAINERS, run_trainer, trainer_options


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0] not in TRAINERS:
        print(f"usage: python -m scrapy_boiler.training {{{','.join(TRAINERS)}}} [options]", file=sys.stderr)
        return 2
    parser = argparse.ArgumentParser(prog=f"python -m scrapy_boiler.training {argv[0]}")
    trainer_options(argv[0]).add_arguments(parser)
    args = parser.parse_args(argv[1:])
    args.argv = argv
    try:
        run_trainer(argv[0], args)
    except (DatasetNotFound, ValueError, OSError) as exc:  # bad data, options or output path: one line, as the command
        print(f"boiler-train: error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
