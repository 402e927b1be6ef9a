"""The example project's spiders: ``news`` and ``qa``."""
