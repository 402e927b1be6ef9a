"""The paired timing of ``python -m scrapy_boiler.evaluation.speed --compare``: same pages, in turn, and the ratio of
the medians."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from scrapy_boiler.evaluation import baselines, speed

_PAGE = ("<html><head><title>Ferry kept</title></head><body><nav><a href='/'>Home</a></nav><article><h1>Ferry kept"
         "</h1><p>The harbour board met on Tuesday evening and agreed, after a long debate about costs, to keep the "
         "old ferry running through the winter months.</p></article></body></html>")


def _folder(path: Path, pages: int) -> str:
    path.mkdir()
    for i in range(pages):
        (path / f"{i}.html").write_text(_PAGE, encoding="utf-8")
        (path / f"{i}.txt").write_text("The harbour board met on Tuesday evening.", encoding="utf-8")
    return str(path)


@pytest.fixture
def slow_baseline(monkeypatch):
    """A stand-in extractor that takes 30 ms a page and counts its calls (the real ones are benchmark extras)."""
    calls = []

    def make():
        def run(html: bytes, url: str | None) -> str:
            calls.append(html)
            time.sleep(0.03)
            return "text"
        return run

    monkeypatch.setitem(baselines.BASELINES, "slow", make)
    return calls


def test_each_page_is_timed_for_both_and_the_ratio_is_of_the_medians(tmp_path, slow_baseline):
    first, second = _folder(tmp_path / "a", 2), _folder(tmp_path / "b", 3)
    rows = speed.paired("auto", [first, second], "slow", repeat=2)
    assert [rows[first]["pages"], rows[second]["pages"], rows["all"]["pages"]] == [2, 3, 5]
    assert len(slow_baseline) == 1 + 2 * 5  # the warm-up call, then two per page
    for row in rows.values():
        assert row["slow_ms_median"] >= 30
        assert row["ratio"] == pytest.approx(row["auto_ms_median"] / row["slow_ms_median"])


def test_the_command_prints_a_line_per_dataset_and_one_pooled(tmp_path, slow_baseline, capsys):
    first, second = _folder(tmp_path / "a", 2), _folder(tmp_path / "b", 1)
    speed.main(["--data", first, "--data", second, "--data", first, "--compare", "slow", "--repeat", "1"])
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [line["data"] for line in lines] == [first, second, "all"]  # a dataset given twice is timed once
    assert [line["pages"] for line in lines] == [2, 1, 3]
    assert len(slow_baseline) == 1 + 3


def test_complete_times_every_output_of_the_document(tmp_path, slow_baseline, monkeypatch):
    """``--complete`` reads the outputs a Document otherwise computes on first read, inside the timed call."""
    from scrapy_boiler import Document

    completed = []
    monkeypatch.setattr(Document, "complete", lambda doc: completed.append(doc) or doc)
    folder = _folder(tmp_path / "a", 2)
    speed.main(["--data", folder, "--compare", "slow", "--repeat", "2"])
    assert completed == []
    speed.main(["--data", folder, "--compare", "slow", "--repeat", "2", "--complete"])
    assert len(completed) == 1 + 2 * 2  # the untimed warm-up call, then two a page


def test_stages_time_parsing_and_the_first_stages_in_the_same_turn(tmp_path, slow_baseline, monkeypatch):
    """``--stages`` adds the medians of parsing and of parsing + segmentation + block features, each page timed in
    the same turn as the model and the other extractor (the first stages parse the page too)."""
    parsed = []
    real_parse = speed.parse_html
    monkeypatch.setattr(speed, "parse_html", lambda html, url=None: parsed.append(html) or real_parse(html, url=url))
    folder = _folder(tmp_path / "a", 3)
    rows = speed.paired("auto", [folder], "slow", repeat=2, stages=True)
    row = rows[folder]
    assert len(parsed) == 2 * (1 + 2 * 3)  # parse alone and within the first stages: the warm-up, then twice a page
    assert row["parse_ms_median"] > 0 and row["first_stages_ms_median"] > 0
    assert row["first_stages_ratio"] == pytest.approx(row["first_stages_ms_median"] / row["slow_ms_median"])
    assert "parse_ms_median" not in speed.paired("auto", [folder], "slow", repeat=1)[folder]
