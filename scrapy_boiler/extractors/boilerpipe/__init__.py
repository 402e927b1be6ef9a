"""The Boilerpipe rule models and the HTML-tree filter.

From Kohlschütter, Fankhauser and Nejdl, "Boilerplate Detection using Shallow Text Features" (WSDM 2010):
the decision trees over the shallow features of the previous, current and next block
(:mod:`~scrapy_boiler.extractors.boilerpipe.classifiers`), block fusion
(:mod:`~scrapy_boiler.extractors.boilerpipe.fusion`) and the Largest and Main Content filters
(:mod:`~scrapy_boiler.extractors.boilerpipe.filters`). The blocks and their features are the shared segment
stage (:mod:`scrapy_boiler.segment`).

The tree filter (:mod:`~scrapy_boiler.extractors.boilerpipe.tree_filter`) follows a paper on filtering
Boilerpipe's output for news articles with the HTML tree (English and Spanish news; the copy we work from has
no title page): keep the selected paragraphs under the grandparent that holds the most text.

:mod:`~scrapy_boiler.extractors.boilerpipe.extractor` names the combinations users select (``default``,
``num-words``, ``article``, ``news``, ``NAME+treeN``...).
"""
