"""``scrapy demo-bench``: crawl throughput with the scrapy-boiler add-on off and on, and reactor stalls.

Scrapy names a project command after its module file, hence the hyphen; the command is
:class:`boiler_example.cli.BenchCommand`.
"""

from boiler_example.cli import BenchCommand


class Command(BenchCommand):
    """``scrapy demo-bench``."""
