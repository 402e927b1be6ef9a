"""Classify: label each block content or boilerplate (rules from seeds 004 and 001)."""

from scrapy_boiler.classify.base import Extractor, PageLabels
from scrapy_boiler.classify.extractors import RuleExtractor, get_rule_extractor, rule_names

__all__ = ["Extractor", "PageLabels", "RuleExtractor", "get_rule_extractor", "rule_names"]
