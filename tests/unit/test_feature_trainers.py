import argparse
import json

import pytest

pytest.importorskip("torch")

from neural_pages import pairs_folder

from scrapy_boiler.extractors.multiboilernet.extractor import load_multiboilernet
from scrapy_boiler.extractors.web2text.extractor import load_web2text
from scrapy_boiler.training import run_trainer, trainer_options


def parse(kind: str, argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    trainer_options(kind).add_arguments(parser)
    return parser.parse_args(argv)


@pytest.mark.parametrize(("kind", "options", "loader"), [
    ("web2text", ["--iterations", "20", "--eval-every", "10"], load_web2text),
    ("multiboilernet", ["--epochs", "2", "--buckets", "512", "--half"], load_multiboilernet),
])
def test_trainer_command_writes_model_record_and_curves(tmp_path, kind, options, loader):
    data = pairs_folder(tmp_path / "pairs")
    out = tmp_path / "model.pt"
    args = parse(kind, ["--data", str(data), "--valid-count", "1", "--quiet", "--out", str(out), *options])
    result = run_trainer(kind, args)
    assert out.is_file() and len(result.history) == 2
    record = json.loads(out.with_suffix(".json").read_text())
    assert record["train_pages"] == 1 and len(record["valid_ids"]) == 1
    assert record["run"]["best_epoch"] in (1, 2) and record["parameters"] > 0
    assert (tmp_path / "model.pt.work" / "curves.svg").is_file()
    loader(out, "cpu")  # the written file loads
    resumed = run_trainer(kind, parse(kind, [*args_list(args), "--resume"]))
    assert len(resumed.history) == 2  # nothing left to train: the checkpoint already holds both epochs


def args_list(args: argparse.Namespace) -> list[str]:
    out = ["--data", args.data[0], "--valid-count", "1", "--quiet", "--out", args.out]
    for name in ("iterations", "eval_every", "epochs", "buckets"):
        if hasattr(args, name):
            out += [f"--{name.replace('_', '-')}", str(getattr(args, name))]
    return out


def test_listing_the_trainers_does_not_import_torch():
    import subprocess
    import sys

    code = ("import sys, scrapy_boiler.training.web2text.options, scrapy_boiler.training.multiboilernet.options as m, "
            "scrapy_boiler.training.common; assert 'torch' not in sys.modules, 'torch imported'; print(m.ALPHA)")
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True).stdout
    assert float(out) == 0.5  # the paper's weight of the depth loss


def test_validation_corpus_given_by_spec(tmp_path):
    data = pairs_folder(tmp_path / "pairs")
    out = tmp_path / "w2t.pt"
    args = parse("web2text", ["-d", str(data), "--valid", str(data), "--iterations", "10", "--eval-every", "10",
                            "-q", "-o", str(out)])
    run_trainer("web2text", args)
    record = json.loads(out.with_suffix(".json").read_text())
    assert record["train_pages"] == 2 and len(record["valid_ids"]) == 2 and record["split"] == [str(data)]
