"""Accuracy gate: ``scrapy boiler-eval`` on a fixed slice of real corpora must not lose more than 0.01 F1.

Reads ``../shared/datasets`` (or ``$BOILER_DATA_DIR``); a fresh machine without the corpora skips with
the reason. The figures to hold are in ``accuracy_figures.json`` beside this file, produced by the
command in its ``_comment``; update them only together with a change that explains the new numbers.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from scrapy_boiler.datasets import DatasetNotFound, available_datasets, find_data_dir

FIGURES = json.loads((Path(__file__).parent / "accuracy_figures.json").read_text(encoding="utf-8"))
TOLERANCE = 0.01


def _data_dir() -> Path:
    try:
        data_dir = find_data_dir()
    except DatasetNotFound as exc:
        pytest.skip(f"accuracy gate needs the corpora: {exc}")
    missing = {spec.partition(":")[0] for spec in FIGURES["figures"]} - set(available_datasets(data_dir))
    if missing:
        pytest.skip(f"accuracy gate needs {', '.join(sorted(missing))} in {data_dir}")
    return data_dir


@pytest.fixture(scope="module")
def measured(tmp_path_factory) -> dict[str, dict[str, dict]]:
    data_dir = _data_dir()
    out = tmp_path_factory.mktemp("gate") / "scores.json"
    models = sorted({model for rows in FIGURES["figures"].values() for model in rows})
    args = ["-m", ",".join(models), "--limit", str(FIGURES["limit"]), "--data-dir", str(data_dir.resolve())]
    for spec in FIGURES["figures"]:
        args += ["-d", spec]
    result = subprocess.run(
        [sys.executable, "-m", "scrapy", "boiler-eval", *args, "-q", "--json", str(out)],
        capture_output=True, timeout=900, check=False, cwd=out.parent,
    )
    assert result.returncode == 0, result.stderr.decode()
    results = json.loads(out.read_text())["results"]
    return {spec: {row["model"]: row for row in rows} for spec, rows in results.items()}


CASES = [
    (spec, model, metric)
    for spec, rows in FIGURES["figures"].items()
    for model, metrics in rows.items()
    for metric in metrics
]


@pytest.mark.datasets
@pytest.mark.parametrize(("spec", "model", "metric"), CASES, ids=["/".join(case) for case in CASES])
def test_score_holds(measured, spec, model, metric):
    row = measured[spec][model]
    value = {"block_f1": row["block"]["f1"], "word_f1": row["word"]["f1"], "bow_f1": row["bow"]["f1_mean"],
             "shingle_f1": row["shingle"]["f1"]}[metric]
    floor = FIGURES["figures"][spec][model][metric] - TOLERANCE
    assert row["errors"] == 0, row["failures"]
    assert value >= floor, f"{model} {metric} on {spec}: {value:.3f} < {floor:.3f}"


YARDSTICKS = [(spec, name) for spec, rows in FIGURES.get("yardsticks", {}).items() for name in rows]


@pytest.mark.datasets
@pytest.mark.parametrize(("spec", "baseline"), YARDSTICKS, ids=["/".join(case) for case in YARDSTICKS])
def test_auto_is_at_least_as_good_as_the_baseline(measured, spec, baseline):
    """``auto``'s text-level F1 against trafilatura's, measured by the command of ``_comment`` in the same run
    (trafilatura is a benchmark-only extra, so its figure is recorded rather than run here)."""
    value = measured[spec]["auto"]["shingle"]["f1"]
    yardstick = FIGURES["yardsticks"][spec][baseline]["shingle_f1"]
    assert value >= yardstick, f"auto shingle F1 on {spec}: {value:.3f} < {baseline}'s {yardstick:.3f}"
