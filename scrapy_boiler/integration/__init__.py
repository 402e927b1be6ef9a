"""Scrapy glue: add-on, downloader and spider middlewares, item pipeline, extraction workers, IdleClose, scrapy-poet
page objects (with the ``[poet]`` extra). Uses the public API (``scrapy_boiler``) and the shared plumbing (limits,
batches, HTML sniffing) only."""
