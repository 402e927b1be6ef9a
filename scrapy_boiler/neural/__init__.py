"""Torch networks of the trained models. Importing this package imports torch: only model factories do."""
