"""SemText, from Zhang and Wang, "Boilerplate Detection via Semantic Classification of TextBlocks".

The page is cut by Search-and-Combine Segmentation (:mod:`~scrapy_boiler.extractors.semtext.scs`); every block
becomes three word strings, its tags and class names replaced by words and its text
(:mod:`~scrapy_boiler.extractors.semtext.words`); words are embedded with subword vectors
(:mod:`~scrapy_boiler.extractors.semtext.embeddings`) and read by per-string convolutions, a Bi-LSTM and a CRF
(:mod:`~scrapy_boiler.extractors.semtext.network`). Long pages are read in windows
(:mod:`~scrapy_boiler.extractors.semtext.windows`). :mod:`~scrapy_boiler.extractors.semtext.model` saves,
loads and runs a trained network; :mod:`~scrapy_boiler.extractors.semtext.extractor` is the ``semtext`` model.
Everything but ``scs`` and ``words`` imports torch (the ``[neural]`` extra).
"""
