"""Segment: the cleaned tree → DOM text leaves and Boilerpipe text blocks."""

from scrapy_boiler.segment.blocks import Leaf, Segmentation, TextBlock, segment

__all__ = ["Leaf", "Segmentation", "TextBlock", "segment"]
