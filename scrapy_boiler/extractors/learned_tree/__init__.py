"""A decision tree learnt on your own pages, in place of Boilerpipe's Algorithms 1 and 2.

Kohlschütter et al., "Boilerplate Detection using Shallow Text Features", learn their classifiers as decision
trees (Weka's J48) over the shallow block features; ``scrapy boiler-train tree``
(:mod:`scrapy_boiler.training.tree`) does the same and writes the tree as a rules file laid out like the paper's
Algorithms (:mod:`~scrapy_boiler.extractors.learned_tree.rules`). The extractor
(:mod:`~scrapy_boiler.extractors.learned_tree.extractor`) is ``learned-tree`` (shipped) or ``tree:PATH``.
"""
