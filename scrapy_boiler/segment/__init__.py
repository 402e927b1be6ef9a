"""Segment: the cleaned tree → its DOM text leaves (the reference blocks every model is scored on), Boilerpipe
text blocks with their shallow features, the post groups of threads, and element paths."""

from scrapy_boiler.segment.blocks import Leaf, Segmentation, TextBlock, segment

__all__ = ["Leaf", "Segmentation", "TextBlock", "segment"]
