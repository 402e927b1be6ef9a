import sys
import types

import pytest

torch = pytest.importorskip("torch")

from neural_pages import labelled_pages  # noqa: E402

from scrapy_boiler.extractors.model_files import save_model  # noqa: E402
from scrapy_boiler.extractors.multiboilernet.extractor import MultiBoilerNetExtractor, load_multiboilernet  # noqa: E402
from scrapy_boiler.extractors.multiboilernet.network import LockedDropout, multitask_loss  # noqa: E402
from scrapy_boiler.extractors.multiboilernet.ngrams import subword_ids  # noqa: E402
from scrapy_boiler.extractors.multiboilernet.tag_path import TagVocabulary, tag_paths  # noqa: E402
from scrapy_boiler.parse import parse_html  # noqa: E402
from scrapy_boiler.training.multiboilernet import fit as training  # noqa: E402


@pytest.fixture(scope="module")
def pages():
    torch.set_num_threads(1)
    return labelled_pages()


def test_tag_paths_and_vocabulary(pages):
    paths = tag_paths(pages[0].leaves)
    assert paths[0] == ("html", "body", "div", "ul", "li", "a")
    assert paths[3] == ("html", "body", "div", "h1")
    vocabulary = TagVocabulary.fit(paths, size=3)
    assert vocabulary.tags == ["body", "div", "html"]  # most frequent first (11 each here), ties by name
    vector = vocabulary.vector(("html", "body", "div", "div", "p"))
    assert len(vector) == 4 and sum(vector) == 5  # length of the path = depth
    assert vector[vocabulary.tags.index("div") + 1] == 2 and vector[0] == 1  # p is "other"


def test_subword_ids_are_stable_bounded_and_language_agnostic():
    ids = subword_ids("Hello world", buckets=1000)
    assert ids == subword_ids("hello  WORLD", buckets=1000)  # lower-cased, whitespace-insensitive
    assert all(0 <= i < 1000 for i in ids)
    assert len(ids) == 2 * (1 + 7 + 6 + 5 + 4)  # <hello>: whole word + 1..4-grams
    assert subword_ids("東京の新聞", buckets=1000)  # no spaces, still character n-grams
    assert len(subword_ids("word " * 5000, max_ids=100)) == 100
    shared = set(subword_ids("Zeitung", 1 << 15)) & set(subword_ids("Zeitungen", 1 << 15))
    assert len(shared) > 10  # an unseen inflection shares most n-grams


def test_locked_dropout_uses_one_mask_per_sequence():
    dropout = LockedDropout(0.5)
    out = dropout(torch.ones(2, 7, 16))
    assert torch.equal(out[:, :1].expand_as(out), out)  # same mask at every step
    assert not torch.equal(out[0], out[1]) or out.sum() == 0  # different sequences, different masks
    dropout.eval()
    assert torch.equal(dropout(torch.ones(2, 7, 16)), torch.ones(2, 7, 16))


def test_multitask_loss_weights_cross_entropy_and_depth_error():
    logits = torch.tensor([[2.0, -1.0], [0.5, 0.5]])
    labels = torch.tensor([0, 1])
    depth, gold = torch.tensor([1.0, 2.0]), torch.tensor([0.0, 0.0])
    ce = torch.nn.functional.cross_entropy(logits, labels)
    assert multitask_loss(logits, depth, labels, gold, 0.5) == pytest.approx(0.5 * float(ce) + 0.5 * 2.5)
    assert multitask_loss(logits, depth, labels, gold, 0.0) == pytest.approx(float(ce))


def test_tiny_training_lowers_the_loss_and_round_trips(pages, tmp_path):
    model, result = training.train(pages, pages[:1], tmp_path / "work", epochs=6, buckets=1024, seed=3)
    losses = [record.loss for record in result.history]
    assert losses[-1] < losses[0]
    assert result.best_f1 == max(record.scores["f1"] for record in result.history)
    path = tmp_path / "mbn.pt"
    save_model(path, model.net, model.config())
    loaded = load_multiboilernet(path, "cpu")
    assert loaded.vocabulary.tags == model.vocabulary.tags
    before = model.content_probabilities(pages[1].leaves)
    assert loaded.content_probabilities(pages[1].leaves) == pytest.approx(before, abs=1e-6)
    save_model(tmp_path / "half.pt", model.net, model.config(), half=True)
    assert (tmp_path / "half.pt").stat().st_size < 0.6 * path.stat().st_size
    halved = load_multiboilernet(tmp_path / "half.pt", "cpu")
    assert next(halved.net.parameters()).dtype == torch.float32
    assert halved.content_probabilities(pages[1].leaves) == pytest.approx(before, abs=2e-2)
    labels = MultiBoilerNetExtractor(loaded).label_pages([parse_html(pages[1].page.html)])[0]
    assert len(labels.leaves) == 26 and labels.blocks[-1].leaf_end == 26


def test_optional_sentence_transformers_encoder(pages, tmp_path, monkeypatch):
    class FakeSentenceTransformer:  # stands in for the real package: same constructor and encode()
        def __init__(self, path: str, device: str) -> None:
            self.path = path

        def get_sentence_embedding_dimension(self) -> int:
            return 5

        def encode(self, texts, convert_to_tensor, show_progress_bar):
            return torch.tensor([[len(t), t.count(" "), 1.0, 0.0, -1.0] for t in texts])

    monkeypatch.setitem(sys.modules, "sentence_transformers",
                        types.SimpleNamespace(SentenceTransformer=FakeSentenceTransformer))
    folder = tmp_path / "encoder"
    folder.mkdir()
    model, _ = training.train(pages[:1], pages[:1], tmp_path / "work", epochs=1, encoder_path=str(folder))
    assert model.text == {"kind": "vectors", "dim": 5, "path": str(folder)}
    save_model(tmp_path / "st.pt", model.net, model.config())
    loaded = load_multiboilernet(tmp_path / "st.pt", "cpu")  # reloads the encoder from its directory
    assert loaded.content_probabilities(pages[0].leaves) == pytest.approx(
        model.content_probabilities(pages[0].leaves), abs=1e-6)


def test_missing_encoder_directory_is_a_clear_error(tmp_path):
    with pytest.raises(FileNotFoundError):
        training.build_model([], encoder_path=str(tmp_path / "absent"))
