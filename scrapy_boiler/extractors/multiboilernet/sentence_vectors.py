"""Optional text encoder: a sentence-transformers model from a local directory (never downloaded).

Wu & Chang feed frozen multilingual BERT sentence vectors to MultiBoilerNet. Users who have such a model
on disk (e.g. a multilingual MiniLM saved with ``model.save(path)``) can train and run MultiBoilerNet on
its vectors; the ``sentence-transformers`` package is then needed, and is imported only here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

import torch

Encoder = Callable[[Sequence[str]], torch.Tensor]


def load_encoder(path: str | Path) -> tuple[Encoder, int]:
    """(function mapping texts to an (n, d) float tensor, d) for the model saved in ``path``."""
    folder = Path(path)
    if not folder.is_dir():
        raise FileNotFoundError(f"sentence-transformers model directory {folder} not found")
    try:
        from sentence_transformers import SentenceTransformer
    except ImportError as exc:
        raise RuntimeError("a sentence-transformers text encoder needs: pip install sentence-transformers") from exc
    model = SentenceTransformer(str(folder), device="cpu")
    dim = int(model.get_sentence_embedding_dimension())

    def encode(texts: Sequence[str]) -> torch.Tensor:
        if not texts:
            return torch.zeros(0, dim)
        vectors = model.encode(list(texts), convert_to_tensor=True, show_progress_bar=False)
        return vectors.detach().float().cpu().reshape(len(texts), dim)

    return encode, dim
