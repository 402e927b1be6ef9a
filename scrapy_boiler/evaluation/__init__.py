"""Evaluation: score models on annotated corpora (``scrapy boiler-eval``)."""
