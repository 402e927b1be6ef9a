"""``scrapy demo-warc FILE``: the demo site saved as a WARC archive, to try ``scrapy boiler-extract`` on.

(The file name has a hyphen because Scrapy names a project command after its module.)
"""

from __future__ import annotations

import argparse
from pathlib import Path

from demo_site import DemoSite
from demo_site.archive import write_warc
from scrapy.commands import ScrapyCommand
from scrapy.exceptions import UsageError


class Command(ScrapyCommand):
    requires_project = True
    requires_crawler_process = False

    def syntax(self) -> str:
        return "FILE.warc.gz [--pages 1500]"

    def short_desc(self) -> str:
        return "Write the demo site as a WARC archive (request + response records), for boiler-extract"

    def add_options(self, parser: argparse.ArgumentParser) -> None:
        super().add_options(parser)
        parser.add_argument("--pages", type=int, default=1500,
                            help="content pages: 2/3 articles, 1/3 Q&A threads (default 1500: > 1,000 HTML records)")

    def run(self, args: list[str], opts: argparse.Namespace) -> None:
        if len(args) != 1 or opts.pages < 1:
            raise UsageError("give one output file and --pages >= 1", print_help=False)
        try:
            counts = write_warc(DemoSite.with_pages(opts.pages), Path(args[0]))
        except ImportError:
            raise UsageError("writing a WARC needs warcio: pip install 'scrapy-boiler[warc]'",
                             print_help=False) from None
        print(f"{args[0]}: {counts['records']} WARC records, {counts['responses']} responses, "
              f"{counts['html_200']} of them HTML pages with status 200")
