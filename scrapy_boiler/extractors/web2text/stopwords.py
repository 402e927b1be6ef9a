"""English function words, for the stopword features of Web2Text (Vogels et al. Appendix A, b7/b8).

Written for this project: articles, pronouns, auxiliaries, prepositions, conjunctions and the most
common adverbs. Web2Text's features are English-centred by design; the list is only a signal of
"running prose", so it is kept short.
"""

from __future__ import annotations

_WORDS = """
    a about above after again against all also am an and any are as at be because been before being
    below between both but by can could did do does doing down during each few for from further had
    has have having he her here hers herself him himself his how i if in into is it its itself just
    me more most my myself no nor not now of off on once only or other our ours ourselves out over
    own same she should so some such than that the their theirs them themselves then there these
    they this those through to too under until up very was we were what when where which while who
    whom why will with would you your yours yourself yourselves may might must shall us upon
"""
STOPWORDS: frozenset[str] = frozenset(_WORDS.split())
