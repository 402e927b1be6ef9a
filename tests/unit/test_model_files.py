"""Where model files are found, the errors bad ones give, format versions, and the early check of model names.

These need no torch; loading damaged or hostile weight files is tested in test_model_file_safety.py.
"""

from __future__ import annotations

import pickle

import pytest

from scrapy_boiler import extract
from scrapy_boiler.extractors import model_files, registry
from scrapy_boiler.extractors.learned_tree.extractor import load_tree, shipped_tree_path
from scrapy_boiler.extractors.model_files import (
    FORMAT_VERSION,
    MODELS_DIR_ENV,
    ModelFileError,
    ModelUnavailable,
    UnknownModel,
    check_format,
    model_file,
    read_json,
    search_dirs,
)


def test_env_folder_is_searched_first(tmp_path, monkeypatch):
    (tmp_path / "thing.rules").write_text("x")
    monkeypatch.setenv(MODELS_DIR_ENV, str(tmp_path))
    assert search_dirs()[0] == tmp_path
    assert model_file("thing.rules") == tmp_path / "thing.rules"


def test_missing_file_names_every_place_searched(tmp_path, monkeypatch):
    monkeypatch.setenv(MODELS_DIR_ENV, str(tmp_path))
    with pytest.raises(FileNotFoundError, match=r"no-such\.bin.*not found in") as info:
        model_file("no-such.bin")
    assert str(tmp_path) in str(info.value)


def test_model_file_error_is_a_model_unavailable_that_names_the_file_and_survives_pickling():
    error = ModelFileError("/m/x.pt", "is corrupt")
    assert isinstance(error, ModelUnavailable) and isinstance(error, UnknownModel) and isinstance(error, KeyError)
    assert str(error).startswith("model file /m/x.pt: is corrupt; delete it and retrain")
    again = pickle.loads(pickle.dumps(error))  # results and errors cross process pipes in the Scrapy integration
    assert type(again) is ModelFileError and str(again) == str(error) and again.path == "/m/x.pt"
    assert str(pickle.loads(pickle.dumps(UnknownModel("nope", ["auto"])))) == "unknown model 'nope'; available: auto"


def test_format_versions(tmp_path):
    assert FORMAT_VERSION == 1
    assert check_format(None, tmp_path, "web2text") == 1  # written before versions: read as 1
    assert check_format(1, tmp_path, "web2text") == 1
    assert check_format("scrapy-boiler/semtext/1", tmp_path, "semtext") == 1
    with pytest.raises(ModelFileError, match=r"written by a newer scrapy-boiler \(format 2\); this one reads format "
                                             r"1; upgrade scrapy-boiler or retrain") as info:
        check_format(2, tmp_path / "m.pt", "web2text")
    assert info.value.path == str(tmp_path / "m.pt")
    with pytest.raises(ModelFileError, match="newer scrapy-boiler"):
        check_format("scrapy-boiler/semtext/7", tmp_path, "semtext")
    with pytest.raises(ModelFileError, match="is a web2text model file, not a semtext one"):
        check_format("scrapy-boiler/web2text/1", tmp_path, "semtext")
    for bad in ("one", 1.5, True, 0):
        with pytest.raises(ModelFileError):
            check_format(bad, tmp_path, "semtext")


def test_read_json_names_the_file_and_the_place(tmp_path):
    path = tmp_path / "m.json"
    path.write_text('{"config": {\n  "rows": 3,\n  oops}', encoding="utf-8")
    with pytest.raises(ModelFileError, match=r"m\.json: is not valid JSON \(line 3, column 3"):
        read_json(path)
    path.write_text("[1, 2]", encoding="utf-8")
    with pytest.raises(ModelFileError, match="JSON list, not the object"):
        read_json(path)
    path.write_bytes(b'{"a": "\xff"}')
    with pytest.raises(ModelFileError, match="not UTF-8"):
        read_json(path)
    with pytest.raises(ModelFileError, match=r"nothing\.json: does not exist"):
        read_json(tmp_path / "nothing.json")


def test_rules_file_without_a_format_line_still_loads(tmp_path):
    lines = shipped_tree_path().read_text(encoding="utf-8").splitlines(keepends=True)
    assert lines[0] == "# scrapy-boiler rules format 1\n"
    copy = tmp_path / "tree.rules"
    copy.write_text("".join(lines[1:]), encoding="utf-8")  # as written before versions: must load as version 1
    assert load_tree(copy).leaves() == load_tree(shipped_tree_path()).leaves() > 2


def test_rules_file_of_a_newer_format_is_refused(tmp_path):
    path = tmp_path / "new.rules"
    path.write_text("# scrapy-boiler rules format 2\n" + shipped_tree_path().read_text(encoding="utf-8"))
    with pytest.raises(ModelFileError, match=r"new\.rules: written by a newer scrapy-boiler \(format 2\)"):
        load_tree(path)


def test_broken_rules_file_names_the_file_and_its_line(tmp_path, page_bytes, fresh_registry):
    lines = shipped_tree_path().read_text(encoding="utf-8").splitlines()
    lines[12] = lines[12].replace("<=", "=<")  # line 13 of the file, after five comment lines
    path = tmp_path / "broken.rules"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(ModelFileError, match=r"broken\.rules: is not a valid rules file: line 13: expected") as info:
        load_tree(path)
    assert str(info.value).endswith("; correct that line, or retrain the tree (scrapy boiler-train tree)")
    with pytest.raises(ModelFileError, match=r"broken\.rules.*line 13"):
        extract(page_bytes("news_article.html"), model=f"tree:{path}")
    cut = tmp_path / "cut.rules"
    cut.write_text("\n".join(lines[:9]) + "\n", encoding="utf-8")  # truncated mid-tree
    with pytest.raises(ModelFileError, match=r"cut\.rules: is not a valid rules file: line 9: the tree ends"):
        load_tree(cut)
    cut.write_bytes(b"\xff\xfe\x00junk")
    with pytest.raises(ModelFileError, match=r"cut\.rules: cannot be read as a rules file"):
        load_tree(cut)


def test_broken_shipped_rules_file_fails_the_model_not_the_import(tmp_path, monkeypatch, page_bytes, fresh_registry):
    (tmp_path / "learned-tree.rules").write_text("curr_num_words <= x\n", encoding="utf-8")
    monkeypatch.setenv(MODELS_DIR_ENV, str(tmp_path))
    with pytest.raises(ModelFileError, match=str(tmp_path / "learned-tree.rules")):
        extract(page_bytes("news_article.html"), model="learned-tree")
    assert extract(page_bytes("news_article.html"), model="news").text  # the rules keep working


def test_check_model_refuses_a_model_whose_files_are_missing(tmp_path, monkeypatch, fresh_registry):
    calls = []

    def only_tmp() -> list:
        calls.append(1)
        return [tmp_path]

    monkeypatch.setattr(model_files, "search_dirs", only_tmp)
    for name in ("semtext", "web2text-cleaneval", "multiboilernet", "learned-tree"):
        with pytest.raises(ModelUnavailable, match=rf"model '{name}' cannot load its files: model file '.*' not found"):
            registry.check_model(name)
    registry.check_model("auto")  # auto falls back to the rules: nothing to check
    registry.check_model("news+tree3")
    with pytest.raises(ModelFileError, match=r"no-such\.rules: does not exist; check the path given after 'tree:'"):
        registry.check_model(f"tree:{tmp_path / 'no-such.rules'}")
    with pytest.raises(UnknownModel, match="unknown model 'nope'; available: auto"):
        registry.check_model("nope")
    looked = len(calls)
    for _ in range(50):  # called for every page by the Scrapy middleware: the answer is cached
        with pytest.raises(ModelUnavailable):
            registry.check_model("semtext")
    assert len(calls) == looked


def test_check_model_accepts_a_model_whose_files_are_there(tmp_path, monkeypatch, fresh_registry):
    monkeypatch.setattr(registry, "_importable", lambda module: True)  # the files are the point here, not torch
    for name in ("semtext.json", "semtext.pt", "semtext-threads.json", "semtext-threads.pt", "learned-tree.rules"):
        (tmp_path / name).write_text("not loaded by the check")
    monkeypatch.setattr(model_files, "search_dirs", lambda: [tmp_path])
    registry.check_model("semtext")
    registry.check_model("learned-tree")
    with pytest.raises(ModelUnavailable, match=r"web2text\.pt"):
        registry.check_model("web2text")


def test_check_model_refuses_neural_models_without_their_packages(monkeypatch, fresh_registry):
    monkeypatch.setattr(registry, "_importable", lambda module: module != "torchcrf")
    with pytest.raises(ModelUnavailable, match=r"'semtext' needs the \[neural\] extra \(torchcrf is missing\): pip"):
        registry.check_model("semtext")
    registry.check_model("learned-tree")


def test_scrapy_runtime_refuses_a_model_without_files_before_the_crawl(tmp_path, monkeypatch, fresh_registry):
    from scrapy.exceptions import CloseSpider
    from scrapy.utils.test import get_crawler

    from scrapy_boiler.integration.runtime import Runtime

    monkeypatch.setattr(model_files, "search_dirs", lambda: [tmp_path])
    runtime = Runtime(get_crawler(settings_dict={"BOILER_MODEL": "semtext"}))
    assert runtime.model_problem is not None and "'semtext'" in runtime.model_problem
    assert "semtext.json" in runtime.model_problem  # the one log line says what is missing
    with pytest.raises(CloseSpider) as closed:  # the spider closes as it opens
        runtime._refuse()
    assert closed.value.reason == "boiler_model_unusable"
