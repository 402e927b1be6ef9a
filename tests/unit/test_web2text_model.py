import subprocess
import sys

import pytest

torch = pytest.importorskip("torch")

from neural_pages import labelled_pages  # noqa: E402

from scrapy_boiler.extractors.model_files import save_model  # noqa: E402
from scrapy_boiler.extractors.registry import available_models  # noqa: E402
from scrapy_boiler.extractors.web2text.extractor import Web2TextExtractor, features_of, load_web2text  # noqa: E402
from scrapy_boiler.extractors.web2text.network import PotentialCNN  # noqa: E402
from scrapy_boiler.parse import parse_html  # noqa: E402
from scrapy_boiler.training.web2text import fit as training  # noqa: E402


def flat(rows: list[list[float]]) -> list[float]:
    return [value for row in rows for value in row]


@pytest.fixture(scope="module")
def trained(tmp_path_factory):
    torch.set_num_threads(1)
    pages = labelled_pages()
    data = [training.featurize(page) for page in pages]
    model, result = training.train(data, [training.featurize(pages[0])], tmp_path_factory.mktemp("w2t"),
                                   iterations=60, eval_every=20, seed=1)
    return pages, model, result


def test_cnn_shapes_and_sizes():
    unary, pairwise = PotentialCNN(128, 2), PotentialCNN(25, 4)
    assert unary(torch.zeros(3, 9, 128)).shape == (3, 9, 2)
    assert pairwise(torch.zeros(3, 8, 25)).shape == (3, 8, 4)
    assert unary(torch.zeros(1, 1, 128)).shape == (1, 1, 2)  # zero padding keeps even one block
    kernels = [layer.kernel_size[0] for layer in unary.layers if isinstance(layer, torch.nn.Conv1d)]
    assert kernels == [1, 1, 3, 3, 3]
    assert sum(p.numel() for p in unary.parameters()) == 18122  # paper: 17,960 (it counts slightly differently)
    assert sum(p.numel() for p in pairwise.parameters()) == 13034  # paper: 12,870


def test_tiny_training_lowers_the_loss_and_keeps_the_best_epoch(trained):
    _, _, result = trained
    assert len(result.history) == 3  # 60 iterations, validated every 20
    assert result.history[-1].loss < result.history[0].loss
    assert result.best_f1 == max(record.scores["f1"] for record in result.history)
    assert {"accuracy", "unary_error", "pairwise_error"} <= set(result.history[0].scores)


def test_save_load_round_trip_and_extractor(trained, tmp_path):
    pages, model, _ = trained
    path = tmp_path / "web2text.pt"
    save_model(path, model, model.config())
    loaded = load_web2text(path, "cpu")
    page = pages[0]
    features = features_of(page.leaves, page.leaves[0].element.getroottree().getroot())
    before, after = model.potentials([features])[0], loaded.potentials([features])[0]
    assert flat(after.unary) == pytest.approx(flat(before.unary), abs=1e-6)
    assert flat(after.pairwise) == pytest.approx(flat(before.pairwise), abs=1e-6)
    assert loaded.block_scaler.mean == model.block_scaler.mean
    html = page.page.html
    for pairwise in (True, False):
        labels = Web2TextExtractor(loaded, use_pairwise=pairwise).label_pages([parse_html(html)])[0]
        assert len(labels.leaves) == 11
        assert labels.blocks[0].leaf_start == 0 and labels.blocks[-1].leaf_end == 11
        assert all(0.0 <= b.score <= 1.0 for b in labels.blocks)


def test_decoding_with_and_without_viterbi(trained):
    pages, model, _ = trained
    page = pages[1]
    potentials = model.potentials([features_of(page.leaves, page.leaves[0].element.getroottree().getroot())])[0]
    assert len(potentials.decode(True)) == len(potentials.decode(False)) == 26
    assert potentials.decode(False) == [p > 0.5 for p in potentials.content_probability()]


def test_names_are_registered_and_torch_is_imported_lazily():
    names = {"web2text", "web2text-unary", "web2text-cleaneval", "web2text-cleaneval-unary", "multiboilernet"}
    assert names <= set(available_models())
    code = "import sys, scrapy_boiler; scrapy_boiler.available_models(); assert 'torch' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True)


@pytest.mark.parametrize("name", ["web2text", "web2text-unary", "web2text-cleaneval", "multiboilernet"])
def test_shipped_models_handle_real_and_degenerate_pages(name, page_bytes):
    from scrapy_boiler import extract

    doc = extract(page_bytes("news_article.html"), model=name, device="cpu")
    assert doc.error is None and doc.num_leaves == 26 and "harbour bridge reopened" in doc.text
    assert len(doc.leaf_labels()) == 26
    for html in (b"<html><body></body></html>", b"<p>one leaf only</p>", b"\x00\xff<div><b>"):
        doc = extract(html, model=name, device="cpu")
        assert len(doc.leaf_labels()) == doc.num_leaves
