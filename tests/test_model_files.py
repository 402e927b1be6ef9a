from __future__ import annotations

import pytest

from scrapy_boiler.model_files import MODELS_DIR_ENV, model_file, search_dirs


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
