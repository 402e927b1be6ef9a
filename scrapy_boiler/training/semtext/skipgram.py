"""Optional pre-training of SemText's subword embeddings: fastText-style skip-gram with negative sampling.

Why: the paper feeds SemText pretrained fastText vectors; we cannot download any, and learning the
embedding only from the CRF loss gives words little signal beyond "content or not". Pre-training on
the word strings of our own training pages first puts words used in the same contexts near each
other, and, because a word's vector is the mean of its own row and its hashed character n-gram rows
(:class:`~scrapy_boiler.extractors.semtext.embeddings.SubwordEmbedding`), the n-gram buckets are trained too, so a
word never seen still gets a useful vector from its n-grams.

The model trained here is exactly the SemText embedding (same ``SubwordEmbedding`` module, same
:class:`~scrapy_boiler.extractors.semtext.embeddings.Vocabulary`): pre-training updates it in place. Each word
``w`` at position ``i`` of a string predicts the vocabulary words within a random window
``b ~ U{1..window}`` around it; for every such (centre, context) pair ``negatives`` noise words are
drawn from the unigram distribution raised to 3/4, and the loss is
``-log σ(u_w · o_c) - Σ_n log σ(-u_w · o_n)``, ``u`` the subword vector (input), ``o`` a separate
output table over vocabulary words only (dropped after pre-training, as in fastText).

Tensor shapes, per batch of ``B`` pairs with ``U`` distinct centre words and ``K`` negatives:
``flat_ids``/``offsets`` → subword table ``(U + 1, dim)`` (row 0 padding); ``centres (B,)`` index
it → ``(B, dim)``; ``contexts (B,)`` and ``noise (B, K)`` index the output table ``(V + 1, dim)``;
scores ``(B,)`` and ``(B, K)``.
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import asdict, dataclass

import torch
from torch import nn

from scrapy_boiler.extractors.semtext.embeddings import SubwordEmbedding, Vocabulary, word_table


@dataclass
class SkipGramConfig:
    """Settings of the pre-training (defaults: fastText's window 5 and 5 negatives, Adam for few epochs)."""

    epochs: int = 3
    window: int = 5
    negatives: int = 5
    batch_size: int = 1024
    lr: float = 5e-3
    seed: int = 42
    rescale: bool = True  #: bring the trained table back to its initial standard deviation

    def to_json(self) -> dict:
        return asdict(self)


def skipgram_pairs(sentences: Sequence[Sequence[str]], vocab: Vocabulary, window: int,
                   rng: random.Random) -> list[tuple[str, int]]:
    """(centre word, context vocabulary row) pairs of one epoch, with fastText's random window shrinking.

    Centres may be unknown words (their n-grams learn); contexts must be vocabulary words.
    """
    pairs: list[tuple[str, int]] = []
    for sentence in sentences:
        rows = [vocab.index.get(word, 0) for word in sentence]
        for i, word in enumerate(sentence):
            reach = rng.randint(1, window)
            for j in range(max(0, i - reach), min(len(sentence), i + reach + 1)):
                if j != i and rows[j]:
                    pairs.append((word, rows[j]))
    return pairs


def noise_distribution(sentences: Sequence[Sequence[str]], vocab: Vocabulary) -> torch.Tensor:
    """Sampling weights of output rows 0..V: unigram counts ** 0.75 (row 0, padding, never drawn)."""
    counts = Counter(word for sentence in sentences for word in sentence if word in vocab.index)
    weights = torch.zeros(len(vocab.words) + 1)
    for word, count in counts.items():
        weights[vocab.index[word]] = count ** 0.75
    return weights


def pretrain(embed: SubwordEmbedding, vocab: Vocabulary, sentences: Sequence[Sequence[str]],
             config: SkipGramConfig, progress: bool = False) -> list[float]:
    """Train ``embed`` in place on ``sentences`` (lists of words); returns the mean loss of every epoch.

    Runs on the embedding's device; the caller sets the torch thread count.
    """
    weights = noise_distribution(sentences, vocab)
    if not vocab.words or weights.sum() == 0:
        return []
    device = embed.bag.weight.device
    initial_std = float(embed.bag.weight.detach().std())
    output = nn.Embedding(len(vocab.words) + 1, embed.bag.weight.shape[1]).to(device)
    nn.init.zeros_(output.weight)  # fastText starts the output vectors at zero
    optimizer = torch.optim.Adam([*embed.parameters(), *output.parameters()], lr=config.lr)
    generator = torch.Generator().manual_seed(config.seed)
    losses: list[float] = []
    embed.train()
    for epoch in range(1, config.epochs + 1):
        rng = random.Random(config.seed + epoch)
        pairs = skipgram_pairs(sentences, vocab, config.window, rng)
        rng.shuffle(pairs)
        total, batches = 0.0, 0
        for start in range(0, len(pairs), config.batch_size):
            batch = pairs[start:start + config.batch_size]
            loss = _batch_loss(embed, output, vocab, batch, weights, config.negatives, generator, device)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            total += float(loss.detach())
            batches += 1
        losses.append(total / max(1, batches))
        if progress:
            print(f"skip-gram epoch {epoch}/{config.epochs}: {len(pairs)} pairs, loss {losses[-1]:.4f}",
                  file=sys.stderr, flush=True)
    if config.rescale:
        with torch.no_grad():
            std = float(embed.bag.weight.std())
            if std > 0:
                embed.bag.weight.mul_(initial_std / std)
    return losses


def _batch_loss(embed: SubwordEmbedding, output: nn.Embedding, vocab: Vocabulary, batch: Sequence[tuple[str, int]],
                weights: torch.Tensor, negatives: int, generator: torch.Generator,
                device: torch.device) -> torch.Tensor:
    """Negative-sampling loss of a batch of (centre word, context row) pairs, averaged over pairs."""
    distinct: dict[str, int] = {}
    centres = [distinct.setdefault(word, len(distinct) + 1) for word, _ in batch]
    flat, offsets = word_table(list(distinct), vocab)
    table = embed(flat.to(device), offsets.to(device))  # (U + 1, dim)
    centre_vectors = table[torch.tensor(centres, device=device)]  # (B, dim)
    contexts = torch.tensor([row for _, row in batch], device=device)  # (B,)
    noise = torch.multinomial(weights, len(batch) * negatives, replacement=True,
                              generator=generator).view(len(batch), negatives).to(device)  # (B, K)
    positive = (centre_vectors * output(contexts)).sum(dim=1)  # (B,)
    negative = torch.bmm(output(noise), centre_vectors.unsqueeze(2)).squeeze(2)  # (B, K)
    return -(nn.functional.logsigmoid(positive) + nn.functional.logsigmoid(-negative).sum(dim=1)).mean()


def cosine(embed: SubwordEmbedding, vocab: Vocabulary, first: str, second: str) -> float:
    """Cosine similarity of two words' subword vectors (for checks and inspection)."""
    with torch.no_grad():
        table = embed(*word_table([first, second], vocab))
        return float(nn.functional.cosine_similarity(table[1], table[2], dim=0))
