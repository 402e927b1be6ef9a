"""``blend``: the article model of ``auto``: main-content region, page semantics and the rule models' block votes,
combined by boosted trees learned on all our corpora (see :mod:`~scrapy_boiler.extractors.blend.extractor`)."""
