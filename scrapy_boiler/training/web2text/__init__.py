"""``scrapy boiler-train web2text``: Web2Text's unary and pairwise CNNs on our corpora (:mod:`.options`,
:mod:`.fit`)."""
