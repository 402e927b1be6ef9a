"""Thread pages: deciding whether a page is an article or a thread of posts, and the ``posts`` rules.

Zhang and Wang, "Boilerplate Detection via Semantic Classification of TextBlocks", separate type-1 pages (one
stretch of main text) from type-2 pages (content spread over a list of posts: Q&A and forums).
:mod:`~scrapy_boiler.extractors.threads.page_type` types a page from its post group (the repeated post
containers of :mod:`scrapy_boiler.segment.post_groups`); :mod:`~scrapy_boiler.extractors.threads.extractor` is
the ``posts`` model, which keeps the bodies of the posts. The ``auto`` router
(:mod:`scrapy_boiler.extractors.router`) sends threads there.
"""
