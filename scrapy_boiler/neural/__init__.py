"""Neural models and what they share (device choice, subword embeddings, sequence windows).

Everything here imports torch; :mod:`scrapy_boiler.registry` only imports it when a neural model
is first asked for, so a rules-only install never needs torch.
"""

import warnings

# torch warns at import when numpy is absent; nothing here uses numpy, so the warning is noise.
warnings.filterwarnings("ignore", message="Failed to initialize NumPy")
