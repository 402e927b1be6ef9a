"""Web2Text, from Vogels, Ganea and Eickhoff, "Web2Text: Deep Structured Boilerplate Removal" (ECIR 2018).

Every DOM text leaf is a block. The Collapsed DOM (:mod:`~scrapy_boiler.extractors.web2text.cdom`) gives each
block its parent and grandparent; 128 block features and 25 edge features per neighbouring pair
(:mod:`~scrapy_boiler.extractors.web2text.features`, standardised by
:mod:`~scrapy_boiler.extractors.web2text.scaling`) feed a unary and a pairwise CNN
(:mod:`~scrapy_boiler.extractors.web2text.network`), whose potentials are decoded by Viterbi
(:mod:`~scrapy_boiler.extractors.web2text.viterbi`). :mod:`~scrapy_boiler.extractors.web2text.extractor` is
the ``web2text*`` models; the networks need torch (the ``[neural]`` extra).
"""
