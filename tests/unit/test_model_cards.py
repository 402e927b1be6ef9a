"""Every trainer writes a model card (``OUT.md``) and a run record beside its model, from one shared writer:
a tiny run per family on the test pages."""

from __future__ import annotations

import argparse
import json
import re
from pathlib import Path

import pytest
from neural_pages import pairs_folder

from scrapy_boiler import extract
from scrapy_boiler.extractors import registry
from scrapy_boiler.training import run_trainer, trainer_options
from scrapy_boiler.training.card import PAPERS

PAGES = Path(__file__).parents[1] / "pages"

#: kind → (options of a run of seconds, the model file users name, the run record's name, a paper title word)
RUNS = {
    "tree": (["--min-leaf", "2"], "m.rules", "m.json", "Shallow Text Features"),
    "blend": (["--trees", "3", "--context-trees", "2", "--folds", "2", "--min-leaf", "1", "--leaves", "4",
               "--cache", ""], "m.json", "m.run.json", "Shallow Text Features"),
    "semtext": (["--epochs", "1", "--max-batches", "2", "--embed-dim", "8", "--hidden", "8", "--vocab-size", "200",
                 "--buckets", "64", "--cache", "", "--no-progress"], "m.pt", "m.run.json", "Semantic Classification"),
    "web2text": (["--iterations", "3", "--eval-every", "2", "--valid-count", "1", "-q"], "m.pt", "m.json",
                 "Deep Structured Boilerplate Removal"),
    "multiboilernet": (["--epochs", "1", "--buckets", "256", "--valid-count", "1", "-q"], "m.pt", "m.json",
                       "MultiBoilerNet"),
}
NEEDS = {"blend": "lightgbm", "semtext": "torchcrf", "web2text": "torch", "multiboilernet": "torch"}


@pytest.mark.parametrize("kind", list(RUNS))
def test_every_trainer_writes_a_card_and_a_run_record(tmp_path, kind, fresh_registry, capsys):
    if kind in NEEDS:
        pytest.importorskip(NEEDS[kind])
    options, model_name, record_name, paper = RUNS[kind]
    data = pairs_folder(tmp_path / "pairs")
    if kind == "semtext":  # its 75/25 split needs 3 pages to leave one for validation
        for suffix in (".html", ".txt"):
            (data / f"news-again{suffix}").write_bytes((data / f"news{suffix}").read_bytes())
    out = tmp_path / "out" / ("m" if kind == "semtext" else model_name)
    argv = [kind, "--data", str(data), "--out", str(out), *options]
    if kind in ("tree", "blend"):
        argv.append("-q")
    parser = argparse.ArgumentParser()
    trainer_options(kind).add_arguments(parser)
    args = parser.parse_args(argv[1:])
    args.argv = argv
    capsys.readouterr()
    run_trainer(kind, args)
    last = [line for line in capsys.readouterr().err.splitlines() if not line.startswith("boiler-train: warning")][-1]
    assert last.startswith(f"{kind}: wrote ") and str(tmp_path / "out" / model_name) in last.split(" (the model")[0]
    assert f"{tmp_path / 'out' / 'm.md'} (its card) and {tmp_path / 'out' / record_name} (the run record); " in last

    model = tmp_path / "out" / model_name
    card = (tmp_path / "out" / "m.md").read_text(encoding="utf-8")
    assert card.startswith(f"# Model card: `{model_name}` ({kind}")
    assert paper in card and paper in PAPERS[kind]
    assert str(data) in card  # the data used
    assert f"scrapy boiler-train {kind} --data {data}" in card  # the command line that rebuilds it
    assert re.search(r"\d{4}-\d\d-\d\d \d\d:\d\d UTC", card)  # when
    assert re.search(rf"`{re.escape(model_name)}` \(\d+(\.\d)? (B|KB|MB)\)", card)  # how big
    if kind != "blend" or "## Figures" in card:
        assert "| split |" in card and re.search(r"\| \S.* \| \d\.\d{3} ", card)  # figures the run measured

    record = json.loads((tmp_path / "out" / record_name).read_text(encoding="utf-8"))
    assert record["kind"] == kind and record["command"].startswith(f"scrapy boiler-train {kind} ")
    assert record["args"]["out"] == str(out) and record["seconds"] >= 0
    assert model_name in record["files"] and record["files"][model_name] == model.stat().st_size
    assert str(data) in json.dumps(record["data"])

    registry.check_model(str(model))  # the card's "select it with" holds: the bare path is a model
    assert isinstance(extract((PAGES / "news_article.html").read_bytes(), model=f"{kind}:{model}").text, str)


def _tiny_run(kind: str, data: Path, out: Path, *extra: str) -> None:
    """A run of seconds of ``scrapy boiler-train KIND`` (:data:`RUNS`' options, then ``extra``) on ``data``."""
    argv = [kind, "--data", str(data), "--out", str(out), *RUNS[kind][0], *extra]
    parser = argparse.ArgumentParser()
    trainer_options(kind).add_arguments(parser)
    args = parser.parse_args(argv[1:])
    args.argv = argv
    run_trainer(kind, args)


def test_semtext_init_goes_on_from_a_trained_model(tmp_path, fresh_registry, capsys):
    """``--init PREFIX`` (SemText-1): the run starts from the trained weights and keeps their vocabulary and sizes,
    whatever size options it is given."""
    pytest.importorskip("torchcrf")
    from scrapy_boiler.extractors.semtext.model import SemTextModel

    data = pairs_folder(tmp_path / "pairs")
    for suffix in (".html", ".txt"):
        (data / f"news-again{suffix}").write_bytes((data / f"news{suffix}").read_bytes())
    _tiny_run("semtext", data, tmp_path / "first")
    _tiny_run("semtext", data, tmp_path / "second", "--init", str(tmp_path / "first"), "--hidden", "16",
              "--vocab-size", "5")
    first, second = SemTextModel.load(tmp_path / "first"), SemTextModel.load(tmp_path / "second")
    assert second.vocab.words == first.vocab.words and second.net.config == first.net.config
    assert second.meta["init"]["from"] == str(tmp_path / "first")
    assert f"started from {tmp_path / 'first'}" in (tmp_path / "second.md").read_text(encoding="utf-8")


def test_multiboilernet_init_goes_on_from_a_trained_model(tmp_path, fresh_registry, capsys):
    """``--init PATH``: the run starts from the trained weights and keeps their tag vocabulary, depth scaling and
    text encoder, whatever ``--buckets`` it is given."""
    pytest.importorskip("torch")
    from scrapy_boiler.extractors.multiboilernet.extractor import load_multiboilernet

    data = pairs_folder(tmp_path / "pairs")
    _tiny_run("multiboilernet", data, tmp_path / "first.pt")
    _tiny_run("multiboilernet", data, tmp_path / "second.pt", "--init", str(tmp_path / "first.pt"), "--buckets", "64")
    first, second = (load_multiboilernet(tmp_path / name, "cpu") for name in ("first.pt", "second.pt"))
    assert second.vocabulary == first.vocabulary and second.text == first.text
    assert (second.depth_mean, second.depth_std) == (first.depth_mean, first.depth_std)
    assert f"started from {tmp_path / 'first.pt'}" in (tmp_path / "second.md").read_text(encoding="utf-8")


def test_web2text_init_goes_on_from_a_trained_model(tmp_path, fresh_registry, capsys):
    """``--init PATH``: the run starts from the trained weights and keeps their feature standardisation (the new
    pages are scaled the way the weights read them)."""
    pytest.importorskip("torch")
    from scrapy_boiler.extractors.web2text.extractor import load_web2text

    _tiny_run("web2text", pairs_folder(tmp_path / "pairs"), tmp_path / "first.pt")
    other = pairs_folder(tmp_path / "other")  # the same pages once more, and a short one: other feature moments
    (other / "short.html").write_text("<html><body><p>One line of text here.</p></body></html>", encoding="utf-8")
    (other / "short.txt").write_text("One line of text here.", encoding="utf-8")
    _tiny_run("web2text", other, tmp_path / "second.pt", "--init", str(tmp_path / "first.pt"))
    _tiny_run("web2text", other, tmp_path / "fresh.pt")
    first, second, fresh = (load_web2text(tmp_path / name, "cpu") for name in ("first.pt", "second.pt", "fresh.pt"))
    assert second.block_scaler == first.block_scaler and second.edge_scaler == first.edge_scaler
    assert fresh.block_scaler != first.block_scaler  # the other pages alone scale otherwise
    assert f"started from {tmp_path / 'first.pt'}" in (tmp_path / "second.md").read_text(encoding="utf-8")
