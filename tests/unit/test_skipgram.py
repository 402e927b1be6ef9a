"""Skip-gram pre-training of SemText's subword embeddings, and the trainer option that runs it (needs torch)."""

from __future__ import annotations

import argparse
import json
import random

import pytest

torch = pytest.importorskip("torch")
pytest.importorskip("torchcrf")

from neural_pages import synthetic_news_folder  # noqa: E402

from scrapy_boiler.extractors.semtext.embeddings import SubwordEmbedding, Vocabulary, word_table  # noqa: E402
from scrapy_boiler.extractors.semtext.model import SemTextModel  # noqa: E402
from scrapy_boiler.training import run_trainer, trainer_options  # noqa: E402
from scrapy_boiler.training.semtext.skipgram import SkipGramConfig, cosine, pretrain, skipgram_pairs  # noqa: E402

ANIMALS = ("kitten", "puppy", "hamster", "parrot")
MONEY = ("equity", "bond", "dividend", "ledger")


def _topic_sentences(count: int = 100, seed: int = 0) -> list[list[str]]:
    """Sentences that each mix words of one topic only: animals co-occur with animals, money with money."""
    rng = random.Random(seed)
    return [[rng.choice(topic) for _ in range(8)] for _ in range(count) for topic in (ANIMALS, MONEY)]


def _embedding(sentences, dim: int = 16) -> tuple[SubwordEmbedding, Vocabulary]:
    torch.manual_seed(0)
    vocab = Vocabulary.build(sentences, buckets=200)
    return SubwordEmbedding(vocab.rows, dim), vocab


def test_pairs_stay_in_the_window_and_use_vocabulary_contexts():
    vocab = Vocabulary(["a", "b", "c"], buckets=10)
    pairs = skipgram_pairs([["a", "b", "zz", "c"]], vocab, window=1, rng=random.Random(0))
    assert sorted(pairs) == sorted([("a", 2), ("b", 1), ("zz", 2), ("zz", 3)])  # "zz" is a centre, never a context


def test_loss_decreases_and_is_seeded():
    sentences = _topic_sentences(40)
    embed, vocab = _embedding(sentences)
    config = SkipGramConfig(epochs=4, batch_size=128, lr=0.02, seed=3)
    losses = pretrain(embed, vocab, sentences, config)
    assert len(losses) == 4 and losses[-1] < losses[0] * 0.85
    again, _ = _embedding(sentences)
    assert pretrain(again, vocab, sentences, config) == losses
    assert torch.equal(again.bag.weight, embed.bag.weight)


def test_cooccurring_words_get_closer_than_unrelated_ones():
    sentences = _topic_sentences()
    embed, vocab = _embedding(sentences)
    before = cosine(embed, vocab, "kitten", "puppy") - cosine(embed, vocab, "kitten", "equity")
    pretrain(embed, vocab, sentences, SkipGramConfig(epochs=5, batch_size=256, lr=0.02, seed=1))
    for word in ANIMALS[1:]:
        assert cosine(embed, vocab, "kitten", word) > cosine(embed, vocab, "kitten", "equity") + 0.3
    for word in MONEY[1:]:
        assert cosine(embed, vocab, "bond", word) > cosine(embed, vocab, "bond", "puppy") + 0.3
    after = cosine(embed, vocab, "kitten", "puppy") - cosine(embed, vocab, "kitten", "equity")
    assert after > before + 0.3


def test_unseen_word_gets_a_pretrained_vector_from_its_ngrams():
    sentences = _topic_sentences()
    embed, vocab = _embedding(sentences)
    pretrain(embed, vocab, sentences, SkipGramConfig(epochs=5, batch_size=256, lr=0.02, seed=1))
    assert "kittens" not in vocab.index
    vector = embed(*word_table(["kittens"], vocab))[1]
    assert vector.abs().sum() > 0
    # its n-grams were trained next to "kitten", so it lands with the animals
    assert cosine(embed, vocab, "kittens", "puppy") > cosine(embed, vocab, "kittens", "dividend") + 0.3


def test_rescale_keeps_the_initial_spread():
    sentences = _topic_sentences(20)
    embed, vocab = _embedding(sentences)
    std = float(embed.bag.weight.detach().std())
    pretrain(embed, vocab, sentences, SkipGramConfig(epochs=2, batch_size=128, lr=0.05, seed=1))
    assert float(embed.bag.weight.detach().std()) == pytest.approx(std, rel=1e-4)


def test_trainer_runs_with_pretraining(tmp_path):
    data = synthetic_news_folder(tmp_path / "pages")
    parser = argparse.ArgumentParser()
    trainer_options("semtext").add_arguments(parser)
    out = tmp_path / "model" / "semtext"
    args = parser.parse_args([
        "--data", str(data), "--epochs", "1", "--pretrain-epochs", "1", "--pretrain-fields", "classes,text",
        "--embed-dim", "8", "--hidden", "8", "--buckets", "64", "--out", str(out), "--cache", "", "--no-progress",
    ])
    result = run_trainer("semtext", args)
    assert len(result.history) == 1
    record = json.loads(out.with_suffix(".json").read_text(encoding="utf-8"))
    assert "pretrain" in json.dumps(record)
    model = SemTextModel.load(out)
    pre = model.meta["pretrain"]
    assert pre["epochs"] == 1 and pre["fields"] == ["classes", "text"] and pre["strings"] > 0
    assert len(pre["losses"]) == 1
    bad = parser.parse_args(["--data", str(data), "--pretrain-epochs", "1", "--pretrain-fields", "words",
                             "--out", str(out), "--cache", "", "--no-progress"])
    with pytest.raises(ValueError, match="pretrain-fields"):
        run_trainer("semtext", bad)
