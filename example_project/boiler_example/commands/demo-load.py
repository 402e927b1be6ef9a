"""``scrapy demo-load``: crawl ten thousand demo pages, hostile inputs among them, at high concurrency.

Scrapy names a project command after its module file, hence the hyphen; the command is
:class:`boiler_example.cli.LoadCommand`.
"""

from boiler_example.cli import LoadCommand


class Command(LoadCommand):
    """``scrapy demo-load``."""
