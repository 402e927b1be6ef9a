"""Items of the example spiders. The spiders only set ``url``; scrapy-boiler's pipeline fills the rest."""

import scrapy


class ArticleItem(scrapy.Item):
    """A news article; field names follow zyte-common-items' Article, as the pipeline does."""

    url = scrapy.Field()
    headline = scrapy.Field()
    articleBody = scrapy.Field()  # zyte-common-items (schema.org) field names, as the pipeline fills them
    pageType = scrapy.Field()


class ThreadItem(scrapy.Item):
    """A Q&A or forum thread: the question and its answers, paired."""

    url = scrapy.Field()
    headline = scrapy.Field()
    articleBody = scrapy.Field()  # zyte-common-items (schema.org) field names, as the pipeline fills them
    pageType = scrapy.Field()
    question = scrapy.Field()
    answers = scrapy.Field()
    qa_pairs = scrapy.Field()


class LoadItem(scrapy.Item):
    """One response of a load run (``scrapy demo-load``), whatever it was: what came back and what extraction made
    of it. The spider sets the response fields; the add-on's pipeline fills ``articleBody`` and ``pageType``."""

    url = scrapy.Field()
    kind = scrapy.Field()  # index, article, thread, bad, other (the PDF, the HTTP 500 page)
    case = scrapy.Field()  # the hostile-input case of a bad page
    status = scrapy.Field()
    content_type = scrapy.Field()
    body_bytes = scrapy.Field()
    blank = scrapy.Field()  # the body is empty or white space only
    document = scrapy.Field()  # the add-on attached a Document to the response
    reason = scrapy.Field()  # Document.reason: why extraction refused the page
    error = scrapy.Field()
    warnings = scrapy.Field()
    boiler_seconds = scrapy.Field()  # the page's extraction time (its share of its batch)
    download_error = scrapy.Field()  # no response at all: the request failed (counted as lost)
    articleBody = scrapy.Field()  # zyte-common-items (schema.org) field names, as the pipeline fills them
    pageType = scrapy.Field()
