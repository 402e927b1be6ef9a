"""SemText network, subword embeddings, training loop, safe save/load and device fallback (needs torch)."""

from __future__ import annotations

import warnings

import pytest

torch = pytest.importorskip("torch")
pytest.importorskip("torchcrf")

from neural_pages import synthetic_news_page  # noqa: E402

from scrapy_boiler import extract  # noqa: E402
from scrapy_boiler.datasets.labels import label_parsed  # noqa: E402
from scrapy_boiler.extractors import registry  # noqa: E402
from scrapy_boiler.extractors.device import pick_device  # noqa: E402
from scrapy_boiler.extractors.semtext.embeddings import SubwordEmbedding, Vocabulary, word_table  # noqa: E402
from scrapy_boiler.extractors.semtext.extractor import SemTextExtractor  # noqa: E402
from scrapy_boiler.extractors.semtext.model import SemTextModel, encode_batch, predict_sequences  # noqa: E402
from scrapy_boiler.extractors.semtext.network import SemTextConfig, SemTextNet  # noqa: E402
from scrapy_boiler.parse.html import parse_html  # noqa: E402
from scrapy_boiler.training.loop import FitConfig, fit, seed_everything  # noqa: E402
from scrapy_boiler.training.semtext.fit import SemTextTask, prepare, score_examples  # noqa: E402

TINY = {"embed_dim": 8, "filters": (4, 4, 8), "hidden": 8, "dropout": 0.0}


@pytest.fixture(scope="module")
def examples():
    out = []
    for i in range(8):
        page = synthetic_news_page(i)
        example = prepare(label_parsed(page, parse_html(page.html)))
        assert example is not None
        out.append(example)
    return out


def _model(examples, fields=("tags", "classes", "text")) -> SemTextModel:
    vocab = Vocabulary.build((f for ex in examples for b in ex["strings"] for f in b), buckets=64)
    config = SemTextConfig(rows=vocab.rows, fields=fields, **TINY)
    return SemTextModel(SemTextNet(config), vocab, {})


def test_vocabulary_counts_words(examples):
    vocab = _model(examples).vocab
    assert {"harbour", "news", "division", "paragraph", "article", "body"} <= set(vocab.words)
    assert all(len(word) > 1 for word in vocab.words[:5])


def test_unseen_words_get_vectors_from_their_ngrams():
    vocab = Vocabulary(["article"], buckets=50)
    known, unseen = vocab.ids("article"), vocab.ids("articles")
    assert known[0] == 1 and all(i > 1 for i in unseen)
    assert set(known[1:]) & set(unseen)  # shared n-grams
    embed = SubwordEmbedding(vocab.rows, 6)
    table = embed(*word_table(["article", "articles", "zzqx"], vocab))
    assert table.shape == (4, 6)
    assert torch.all(table[0] == 0)  # padding row
    assert all(table[i].abs().sum() > 0 for i in (1, 2, 3))


def test_network_shapes_and_ablation(examples):
    model = _model(examples)
    seqs = [[tuple(tuple(f) for f in b) for b in ex["strings"]] for ex in examples[:3]]
    batch = encode_batch(seqs, model.vocab, labels=[ex["labels"] for ex in examples[:3]])
    scores, mask = model.net.emissions(batch)
    longest = max(len(s) for s in seqs)
    assert scores.shape == (3, longest, 2) and mask.shape == (3, longest)
    assert mask.sum().item() == sum(len(s) for s in seqs)
    assert model.net.lstm.input_size == 3 * 16
    assert [len(labels) for labels in model.net.decode(batch)] == [len(s) for s in seqs]
    assert model.net.loss(batch).ndim == 0
    text_only = _model(examples, fields=("text",))
    assert text_only.net.lstm.input_size == 16
    assert text_only.net.emissions(encode_batch(seqs, text_only.vocab, ("text",)))[0].shape == (3, longest, 2)


def test_default_sizes_follow_the_paper():
    net = SemTextNet(SemTextConfig(rows=10))
    assert [c.kernel_size[0] for c in net.encoders["text"].convs] == [3, 5, 7]
    assert [c.out_channels for c in net.encoders["text"].convs] == [128, 128, 256]
    assert net.lstm.input_size == 3 * 512 and net.lstm.bidirectional


def test_long_pages_are_windowed(examples):
    model = _model(examples)
    block = tuple(tuple(f) for f in examples[0]["strings"][0])
    long_page = [block] * 200
    for mode in ("overlap", "split"):
        labels = predict_sequences(model, [long_page], torch.device("cpu"), window_mode=mode)
        assert len(labels[0]) == 200


def test_decoding_runs_on_one_cpu_thread_and_restores_the_count(examples, monkeypatch):
    """A tiny network's extra intra-op threads only spin against each other and against the crawler."""
    model = _model(examples)
    seen: list[int] = []
    decode = model.net.decode
    monkeypatch.setattr(model.net, "decode", lambda batch: (seen.append(torch.get_num_threads()), decode(batch))[1])
    before = torch.get_num_threads()
    torch.set_num_threads(2)
    try:
        predict_sequences(model, [[tuple(tuple(f) for f in examples[0]["strings"][0])] * 3], torch.device("cpu"))
        assert seen == [1] and torch.get_num_threads() == 2
    finally:
        torch.set_num_threads(before)


def test_tiny_training_run_lowers_the_loss_and_resumes(examples, tmp_path):
    seed_everything(7)
    model = _model(examples)
    task = SemTextTask(model.net, model.vocab, torch.device("cpu"), 4, {})
    config = FitConfig(tmp_path / "run", epochs=5, lr=0.05, seed=7, progress=False)
    result = fit(task, examples[:6], examples[6:], config)
    losses = [r.loss for r in result.history]
    assert losses[-1] < losses[0] * 0.7
    assert (tmp_path / "run" / "best.pt").is_file() and (tmp_path / "run" / "curves.svg").is_file()
    assert result.best_f1 == max(r.scores["f1"] for r in result.history)
    # resuming with more epochs continues after the last checkpoint
    more = fit(task, examples[:6], examples[6:], FitConfig(tmp_path / "run", epochs=6, lr=0.05, seed=7,
                                                           progress=False, resume=True))
    assert [r.epoch for r in more.history] == list(range(1, 7))
    trained = SemTextModel.load(tmp_path / "run" / "best")
    assert score_examples(trained, examples[6:], torch.device("cpu"))["f1"] == pytest.approx(result.best_f1)


def test_save_load_round_trip(examples, tmp_path):
    model = _model(examples)
    model.meta = {"note": "round trip"}
    model.save(tmp_path / "m")
    loaded = SemTextModel.load(tmp_path / "m")
    assert loaded.vocab.words == model.vocab.words and loaded.meta == {"note": "round trip"}
    for key, value in model.net.state_dict().items():
        expected = value.half().float() if value.is_floating_point() else value
        assert torch.equal(loaded.net.state_dict()[key], expected), key
    seqs = [[tuple(tuple(f) for f in b) for b in ex["strings"]] for ex in examples]
    again = SemTextModel.load(tmp_path / "m")
    cpu = torch.device("cpu")
    assert predict_sequences(loaded, seqs, cpu) == predict_sequences(again, seqs, cpu)


class _Payload:
    def __reduce__(self):
        return (print, ("pickled code ran",))


def test_loading_refuses_pickled_code(examples, tmp_path):
    _model(examples).save(tmp_path / "m")
    torch.save({"evil": _Payload()}, tmp_path / "m.pt")
    with pytest.raises(Exception, match=r"m\.pt: holds pickled objects that are not tensors"):
        SemTextModel.load(tmp_path / "m")


def test_cuda_request_falls_back_to_cpu(monkeypatch, examples):
    monkeypatch.setattr(torch.cuda, "is_available", lambda: False)
    with pytest.warns(RuntimeWarning, match="CUDA is not available"):
        assert pick_device("cuda") == torch.device("cpu")
    assert pick_device("auto") == torch.device("cpu")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        extractor = SemTextExtractor(_model(examples), device="cuda")
    assert extractor.device == torch.device("cpu")


def test_semtext_through_extract_and_the_router(examples, tmp_path, monkeypatch, page_bytes):
    _model(examples).save(tmp_path / "semtext")
    monkeypatch.setenv("BOILER_MODELS_DIR", str(tmp_path))
    monkeypatch.setattr(registry, "AUTO_TYPE2_MODEL", "semtext")  # the router can hand threads to SemText
    registry._build.cache_clear()
    try:
        doc = extract(synthetic_news_page(3).html, model="semtext")
        assert doc.model == "semtext" and doc.error is None
        assert len(doc.leaf_labels()) == doc.num_leaves > 0
        thread = extract(page_bytes("qa_thread.html"))
        assert thread.model == "semtext" and thread.page_type == "qa"
    finally:
        registry._build.cache_clear()


def test_name_scrambling_feeds_made_up_names_and_is_off_by_default(examples, monkeypatch):
    """``--name-scramble``: the loss reads the window with made-up class words; at 0 it reads the page's own."""
    import random

    from scrapy_boiler.training.semtext import fit as semtext_fit

    model = _model(examples)
    seen: list[list] = []
    encode = semtext_fit.encode_batch
    monkeypatch.setattr(semtext_fit, "encode_batch", lambda windows, *a: (seen.append(windows), encode(windows, *a))[1])
    own = {word for ex in examples[:6] for block in ex["strings"] for word in block[1]}
    for share in (0.0, 0.9):
        task = SemTextTask(model.net, model.vocab, torch.device("cpu"), 4, {}, share)
        batch = task.batches(examples[:6], random.Random(1))[0]
        task.loss(batch).backward()
    plain, scrambled = ({word for window in windows for block in window for word in block[1]} for windows in seen)
    assert plain <= own and len(scrambled - own) > len(scrambled) / 2
    with pytest.raises(ValueError, match="name-scramble"):
        SemTextTask(model.net, model.vocab, torch.device("cpu"), 4, {}, 1.0)
