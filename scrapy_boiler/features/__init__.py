"""Features: numbers that describe each block (seed 004 §3)."""

from scrapy_boiler.features.shallow import EMPTY, WRAP_WIDTH, BlockFeatures, annotate, context, text_density, words

__all__ = ["EMPTY", "WRAP_WIDTH", "BlockFeatures", "annotate", "context", "text_density", "words"]
