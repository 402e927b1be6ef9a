"""``scrapy boiler-train semtext``: SemText on our corpora (:mod:`.options`, :mod:`.fit`), with optional skip-gram
pre-training of its subword embeddings (:mod:`.skipgram`)."""
