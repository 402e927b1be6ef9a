"""``scrapy boiler-train multiboilernet``: MultiBoilerNet on our corpora (:mod:`.options`, :mod:`.fit`)."""
