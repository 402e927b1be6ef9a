"""The models: one folder per model family, each owning everything it needs, plus what they share.

A family folder holds its own segmentation, features, network, weights loading and ``extractor.py``, the
:class:`~scrapy_boiler.extractors.base.Extractor` the registry builds:

============================  =================================================================================
``boilerpipe/``               shallow-feature decision trees, block fusion, Largest/Main Content filters and the
                              HTML-tree filter: ``default``, ``num-words``, ``article``, ``news``...
``learned_tree/``             a decision tree learnt by ``scrapy boiler-train tree``, as a readable rules file
``threads/``                  page typing (article, Q&A, forum) and the ``posts`` rules for threads
``semtext/``                  SemText: SCS segmentation, words for tags and classes, CNN + Bi-LSTM + CRF
``web2text/``                 Web2Text: Collapsed DOM, block and edge features, CNN potentials, Viterbi
``multiboilernet/``           MultiBoilerNet: tag-path vectors, hashed n-gram text, Bi-LSTM, depth task
============================  =================================================================================

Shared by the families: :mod:`~scrapy_boiler.extractors.base` (the Extractor protocol and
:class:`~scrapy_boiler.extractors.base.PageLabels`), :mod:`~scrapy_boiler.extractors.leaf_runs` (readable blocks
from per-leaf labels), :mod:`~scrapy_boiler.extractors.model_files` (where model files are, the safe loader and
its errors), :mod:`~scrapy_boiler.extractors.device` (torch device and CPU fallback); on top of them
:mod:`~scrapy_boiler.extractors.router` (``auto``) and :mod:`~scrapy_boiler.extractors.registry` (names → models).
Families import the shared modules and the pipeline stages below them (``parse``, ``segment``), never each other.
"""

import warnings

# torch warns when it is imported without numpy; nothing here uses numpy, so the warning is noise. Set here,
# where every import of the package passes before a neural family imports torch.
warnings.filterwarnings("ignore", message="Failed to initialize NumPy")
