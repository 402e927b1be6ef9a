"""Cross-validation by publisher (``python -m scrapy_boiler.evaluation.crossval``): the commands it runs, how it
pools the folds, and when it reuses a fold's model. The training and scoring themselves are the commands' own
(tested with them); here they are replaced by a recorder."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scrapy_boiler.evaluation import crossval
from scrapy_boiler.training.blend.options import DEFAULT_DATA


def _figures(rows: dict[str, tuple[int, float, float]], per_page: dict[str, dict[str, list[float]]] | None = None
             ) -> dict:
    """A ``boiler-eval --json`` file of one dataset: model -> (pages, mean precision, mean recall), and per model
    the pages' [precision, recall] by id."""
    return {"results": {"fundus-train:valid@1": [
        {"model": model, "shingle": {"pages": pages, "precision_mean": p, "recall_mean": r,
                                     "f1": 2 * p * r / (p + r), "per_page": (per_page or {}).get(model, {})}}
        for model, (pages, p, r) in rows.items()]}}


def test_each_fold_trains_on_the_other_publishers_and_scores_its_own():
    data = crossval.fold_data(2)
    assert "fundus-train:train@2" in data and "fundus-train:train" not in data
    assert [spec for spec in data if not spec.startswith("fundus")] == [
        spec for spec in DEFAULT_DATA if not spec.startswith("fundus")]
    train = crossval.train_command(2, Path("w/fold2"), 7, Path("w/cache"))
    assert train[2:5] == ["scrapy", "boiler-train", "blend"]
    assert train[train.index("--seed") + 1] == "7"
    assert train[train.index("--out") + 1] == str(Path("w/fold2/blend.json"))
    assert [train[i + 1] for i, arg in enumerate(train) if arg == "--data"] == data
    score = crossval.eval_command(2, Path("e.json"), ["trafilatura", "readability-lxml"])
    assert score[score.index("-d") + 1] == "fundus-train:valid@2"
    assert score[-2:] == ["--compare", "trafilatura,readability-lxml"]
    assert "--compare" not in crossval.eval_command(0, Path("e.json"), [])


def test_training_options_go_to_every_folds_command():
    plain = crossval.train_command(1, Path("w/fold1"), 0, Path("w/cache"))
    tuned = crossval.train_command(1, Path("w/fold1"), 0, Path("w/cache"), ["--min-leaf=20", "--leaves=16"])
    assert tuned == [*plain, "--min-leaf=20", "--leaves=16"]


def test_folds_pool_by_page_not_by_fold():
    small = crossval.fold_scores(_figures({"auto": (10, 1.0, 0.5), "trafilatura": (10, 0.8, 0.8)}))
    large = crossval.fold_scores(_figures({"auto": (30, 0.6, 1.0), "trafilatura": (30, 0.8, 0.8)}))
    both = crossval.pooled([small, large])
    assert both["auto"]["pages"] == 40
    assert both["auto"]["precision"] == pytest.approx(0.7) and both["auto"]["recall"] == pytest.approx(0.875)
    assert both["auto"]["f1"] == pytest.approx(2 * 0.7 * 0.875 / (0.7 + 0.875))
    assert both["trafilatura"]["f1"] == pytest.approx(0.8)
    assert crossval.pooled([]) == {}


def test_a_fold_model_is_reused_only_for_the_same_command(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    runs: list[tuple[str, str | None]] = []

    def run(command: list[str], env: dict[str, str]) -> None:
        runs.append((command[3], env.get("BOILER_MODELS_DIR")))
        if command[3] == "boiler-train":
            Path(command[command.index("--out") + 1]).write_text("{}", encoding="utf-8")
        else:
            Path(command[command.index("--json") + 1]).write_text(
                json.dumps(_figures({"auto": (5, 0.9, 0.9)})), encoding="utf-8")

    monkeypatch.setattr(crossval, "_run", run)
    env = {"BOILER_MODELS_DIR": "/somewhere/else"}
    result = crossval.cross_validate(tmp_path, [0, 1], seed=0, compare=[], env=env)
    assert runs == [("boiler-train", "/somewhere/else"), ("boiler-eval", str(tmp_path / "fold0")),
                    ("boiler-train", "/somewhere/else"), ("boiler-eval", str(tmp_path / "fold1")),
                    ("boiler-eval", None)]  # the shipped model: no models folder of ours
    assert result["pooled"]["auto"]["pages"] == 10 and result["shipped_fold0"]["f1"] == pytest.approx(0.9)
    runs.clear()
    crossval.cross_validate(tmp_path, [1], seed=0, compare=[], env=env)
    assert runs == [("boiler-eval", str(tmp_path / "fold1"))]  # same command: the model is reused
    runs.clear()
    crossval.cross_validate(tmp_path, [1], seed=1, compare=[], env=env)
    assert [name for name, _ in runs] == ["boiler-train", "boiler-eval"]  # another seed: trained again
    runs.clear()
    crossval.cross_validate(tmp_path, [1], seed=1, compare=[], env=env, retrain=True)
    assert [name for name, _ in runs] == ["boiler-train", "boiler-eval"]  # asked to: trained again


def test_bad_folds_are_refused(capsys: pytest.CaptureFixture[str]):
    with pytest.raises(SystemExit) as exit_info:
        crossval.main(["--fold", "4"])
    assert exit_info.value.code == 2
    assert "folds go from 0 to 3" in capsys.readouterr().err


def test_pages_are_compared_with_the_first_baseline(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]):
    pages = {"auto": {"a": [1.0, 1.0], "b": [0.5, 0.5], "c": [0.9, 0.9]},
             "trafilatura": {"a": [0.8, 0.8], "b": [0.9, 0.9], "c": [0.92, 0.92]}}
    folds = [crossval.fold_scores(_figures({"auto": (3, 0.8, 0.8), "trafilatura": (3, 0.87, 0.87)}, pages))]
    assert crossval.page_gaps(folds, "auto", "trafilatura") == [
        ("b", pytest.approx(0.5), pytest.approx(0.9)), ("c", pytest.approx(0.9), pytest.approx(0.92)),
        ("a", pytest.approx(1.0), pytest.approx(0.8))]

    def run(command: list[str], env: dict[str, str]) -> None:
        if command[3] == "boiler-train":
            Path(command[command.index("--out") + 1]).write_text("{}", encoding="utf-8")
        else:
            Path(command[command.index("--json") + 1]).write_text(
                json.dumps(_figures({"auto": (3, 0.8, 0.8), "trafilatura": (3, 0.87, 0.87)}, pages)),
                encoding="utf-8")

    monkeypatch.setattr(crossval, "_run", run)
    crossval.main(["--work", str(tmp_path), "--fold", "1", "--compare", "trafilatura"])
    out = capsys.readouterr().out
    assert "pooled       3  auto 0.8000  trafilatura 0.8700" in out
    assert "ahead of trafilatura by more than 0.05: 1, behind: 1" in out
    assert "  b: auto 0.500, trafilatura 0.900" in out and "  c:" not in out  # c is within the margin
