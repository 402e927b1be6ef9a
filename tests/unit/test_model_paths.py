"""Trained model files selected by ``KIND:PATH`` or by their bare path, for every kind ``boiler-train`` writes,
and the messages when a name is neither a model nor a usable file."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from scrapy_boiler import extract
from scrapy_boiler.extractors import registry
from scrapy_boiler.extractors.model_files import ModelFileError, ModelUnavailable, UnknownModel, model_file

PAGES = Path(__file__).parents[1] / "pages"
ARTICLE = (PAGES / "news_article.html").read_bytes()

#: kind → the shipped model of that kind and its files (the first is the one a user names).
SHIPPED_FILES = {
    "tree": ("learned-tree", ("learned-tree.rules",)),
    "blend": ("blend", ("blend.json",)),
    "web2text": ("web2text", ("web2text.pt",)),
    "multiboilernet": ("multiboilernet", ("multiboilernet.pt",)),
    "semtext": ("semtext", ("semtext.pt", "semtext.json")),
}


def _trained_copy(tmp_path: Path, kind: str) -> Path:
    """The shipped model of ``kind`` copied under another name, as ``boiler-train --out trained/...`` leaves it."""
    folder = tmp_path / "trained"
    folder.mkdir(exist_ok=True)
    _, files = SHIPPED_FILES[kind]
    copies = [folder / f"mine{Path(name).suffix}" for name in files]
    for name, copy in zip(files, copies, strict=True):
        shutil.copyfile(model_file(name), copy)
    return copies[0]


@pytest.mark.parametrize("kind", list(SHIPPED_FILES))
def test_a_trained_file_is_selected_by_kind_and_path_and_by_its_path_alone(tmp_path, kind, fresh_registry):
    path = _trained_copy(tmp_path, kind)
    expected = extract(ARTICLE, model=SHIPPED_FILES[kind][0]).text
    assert expected
    for name in (f"{kind}:{path}", str(path)):
        registry.check_model(name)
        assert extract(ARTICLE, model=name).text == expected, name


def test_semtext_is_also_named_by_its_prefix_or_config(tmp_path, fresh_registry):
    weights = _trained_copy(tmp_path, "semtext")
    expected = extract(ARTICLE, model="semtext").text
    for name in (f"semtext:{weights.with_suffix('')}", str(weights.with_suffix(".json"))):
        assert extract(ARTICLE, model=name).text == expected, name


def test_the_unknown_model_message_lists_every_form(fresh_registry):
    with pytest.raises(UnknownModel) as caught:
        registry.check_model("nosuch")
    message = str(caught.value)
    assert "unknown model 'nosuch'" in message and "web2text" in message and "learned-tree" in message
    assert "NAME+treeN" in message and "article+tree3" in message
    assert "KIND:PATH" in message and "tree, blend, semtext, web2text, multiboilernet" in message
    with pytest.raises(UnknownModel, match="KIND:PATH"):
        extract(ARTICLE, model="nokind:trained/w2t.pt")


def test_a_path_whose_kind_does_not_show_says_what_to_do(tmp_path, fresh_registry):
    weights = _trained_copy(tmp_path, "web2text")
    record = weights.with_suffix(".json")
    record.write_text('{"data": ["cleaneval-dev:train"]}', encoding="utf-8")  # a trainer's run record
    with pytest.raises(ModelFileError, match=r"run record") as caught:
        registry.check_model(str(record))
    assert str(weights) in str(caught.value)
    odd = tmp_path / "weights.pt"
    odd.write_bytes(b"not a torch archive")
    with pytest.raises(ModelFileError, match=r"does not say which kind.*KIND:.*web2text"):
        extract(ARTICLE, model=str(odd))
    with pytest.raises(ModelFileError, match=r"does not exist"):
        registry.check_model(str(tmp_path / "gone.pt"))
    with pytest.raises(ModelFileError, match=r"does not exist; check the path given after 'multiboilernet:'"):
        extract(ARTICLE, model=f"multiboilernet:{tmp_path / 'gone.pt'}")


def test_a_neural_file_without_torch_names_the_extra(tmp_path, monkeypatch, fresh_registry):
    path = _trained_copy(tmp_path, "web2text")
    monkeypatch.setattr(registry, "_importable", lambda module: module != "torch")
    for name in (f"web2text:{path}", str(path)):
        with pytest.raises(ModelUnavailable, match=r"needs the \[neural\] extra"):
            registry.check_model(name)
    registry.check_model(f"tree:{_trained_copy(tmp_path, 'tree')}")  # a rules file needs no torch


@pytest.mark.parametrize("kind", list(SHIPPED_FILES))
def test_a_file_named_with_the_wrong_kind_names_the_right_one(tmp_path, kind, fresh_registry):
    """``-m semtext:web2text.pt``: refused before loading, in one line saying which kind the file is."""
    path = _trained_copy(tmp_path, kind)
    for wrong in SHIPPED_FILES:
        if wrong == kind:
            continue
        with pytest.raises(ModelFileError) as caught:
            registry.check_model(f"{wrong}:{path}")
        message = str(caught.value)
        assert f"is a {kind} model, not a {wrong} one; use -m {kind}:{path}" in message, message
        assert "\n" not in message
