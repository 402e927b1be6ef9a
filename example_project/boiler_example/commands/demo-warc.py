"""``scrapy demo-warc FILE``: the demo site saved as a WARC archive, to try ``scrapy boiler-extract`` on.

Scrapy names a project command after its module file, hence the hyphen; the command is
:class:`boiler_example.cli.WarcCommand`.
"""

from boiler_example.cli import WarcCommand


class Command(WarcCommand):
    """``scrapy demo-warc``."""
