"""``scrapy demo-scale``: items/s of one crawl shared by 1, 2, ... processes through scrapy-redis.

Scrapy names a project command after its module file, hence the hyphen; the command is
:class:`boiler_example.cli.ScaleCommand`.
"""

from boiler_example.cli import ScaleCommand


class Command(ScaleCommand):
    """``scrapy demo-scale``."""
