"""Example Scrapy project using the scrapy-boiler add-on: a news spider, a Q&A spider, the demo commands."""
