"""Items of the example spiders. The spiders only set ``url``; scrapy-boiler's pipeline fills the rest."""

import scrapy


class ArticleItem(scrapy.Item):
    """A news article; field names follow zyte-common-items' Article, as the pipeline does."""

    url = scrapy.Field()
    headline = scrapy.Field()
    articleBody = scrapy.Field()  # noqa: N815 - the schema.org / zyte-common-items name
    pageType = scrapy.Field()  # noqa: N815


class ThreadItem(scrapy.Item):
    """A Q&A or forum thread: the question and its answers, paired."""

    url = scrapy.Field()
    headline = scrapy.Field()
    articleBody = scrapy.Field()  # noqa: N815
    pageType = scrapy.Field()  # noqa: N815
    question = scrapy.Field()
    answers = scrapy.Field()
    qa_pairs = scrapy.Field()
