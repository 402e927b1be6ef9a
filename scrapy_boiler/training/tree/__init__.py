"""``scrapy boiler-train tree``: a C4.5 decision tree over the shallow block features (:mod:`.options`, :mod:`.fit`),
the learner itself (:mod:`.c45`) and the labelled feature table it learns from (:mod:`.block_table`)."""
