"""``scrapy boiler-train blend``: the boosted trees of the ``blend`` article model."""
