"""Scrapy glue: add-on, downloader and spider middlewares, item pipeline. Uses only the public API."""
