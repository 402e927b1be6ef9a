"""Project commands: ``scrapy demo`` and ``scrapy demo-bench``."""
