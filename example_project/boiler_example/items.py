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
