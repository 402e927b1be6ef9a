"""Re-processing saved pages in bulk: files, folders of HTML and WARC archives, over all cores.

No Scrapy here: ``scrapy boiler-extract`` is the command line on top of it, and it only calls the
public API (:func:`scrapy_boiler.extract_many`).
"""
