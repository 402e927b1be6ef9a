"""Weight files: pickled code never runs, damaged or foreign files give a ModelFileError naming the file,
format versions are honoured, and CUDA running out of memory moves a model to the CPU.

The damaged files are copies of the shipped models (cut, flipped, edited) in ``tmp_path``.
"""

from __future__ import annotations

import json
import pickle
import shutil
import warnings
from pathlib import Path

import pytest

torch = pytest.importorskip("torch")

from scrapy_boiler import extract  # noqa: E402
from scrapy_boiler.extractors import registry  # noqa: E402
from scrapy_boiler.extractors.device import module_device, place, run_with_cpu_fallback  # noqa: E402
from scrapy_boiler.extractors.model_files import (  # noqa: E402
    MODELS_DIR_ENV,
    ModelFileError,
    load_tensors,
    model_file,
    save_model,
    save_tensors,
)
from scrapy_boiler.extractors.multiboilernet.extractor import MultiBoilerNetExtractor, load_multiboilernet  # noqa: E402
from scrapy_boiler.extractors.semtext.extractor import load_extractor  # noqa: E402
from scrapy_boiler.extractors.semtext.model import SemTextModel  # noqa: E402
from scrapy_boiler.extractors.web2text.extractor import Web2TextExtractor, load_web2text  # noqa: E402
from scrapy_boiler.parse import parse_html  # noqa: E402

CPU = torch.device("cpu")
OOM = torch.cuda.OutOfMemoryError


def shipped(name: str) -> Path:
    try:
        return model_file(name)
    except FileNotFoundError:
        pytest.skip(f"shipped model file {name} is not installed here")


def copy_shipped(folder: Path, *names: str) -> list[Path]:
    out = []
    for name in names:
        out.append(folder / name)
        shutil.copy(shipped(name), out[-1])
    return out


def load_semtext_pt(path: Path) -> object:
    """SemText is a .json + .pt pair: load through the .pt's prefix, after putting the shipped .json next to it."""
    if not path.with_suffix(".json").exists():
        shutil.copy(shipped("semtext.json"), path.with_suffix(".json"))
    return SemTextModel.load(path.with_suffix(""))


#: (shipped file, loader of a file of that kind)
LOADERS = [("web2text.pt", load_web2text), ("multiboilernet.pt", load_multiboilernet), ("semtext.pt", load_semtext_pt)]


def error_of(loader, path: Path) -> ModelFileError:
    """The ModelFileError that loading ``path`` raises (the test fails if it raises none)."""
    with pytest.raises(ModelFileError) as info:
        loader(path)
    return info.value


class _WritesMarker:
    """Unpickling this calls ``exec``, which writes a marker file: what a hostile model file would do."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self):
        return (exec, (f"open({str(self.marker)!r}, 'w').close()",))


def test_pickled_code_in_a_weights_file_never_runs(tmp_path, monkeypatch, page_bytes, fresh_registry):
    config = json.dumps({"kind": "web2text"})
    proof, proof_marker = tmp_path / "proof.pt", tmp_path / "proof-ran"
    torch.save({"config": config, "state": {"w": _WritesMarker(proof_marker)}}, proof)
    torch.load(proof, weights_only=False)  # the crafted file really is hostile when unpickled...
    assert proof_marker.exists()

    marker = tmp_path / "hostile-ran"
    evil = tmp_path / "web2text.pt"
    torch.save({"config": config, "state": {"w": _WritesMarker(marker)}}, evil)
    legacy = tmp_path / "legacy.pt"  # a plain pickle, not a torch archive
    legacy.write_bytes(pickle.dumps({"config": config, "state": {"w": _WritesMarker(marker)}}))
    for path, loader in [(evil, load_tensors), (evil, load_web2text), (evil, load_multiboilernet),
                         (evil, load_semtext_pt), (legacy, load_tensors)]:
        assert str(path) in str(error_of(loader, path))
    assert "holds pickled objects that are not tensors (unpickling it needs the Python global exec); refused" in str(
        error_of(load_tensors, evil))
    monkeypatch.setenv(MODELS_DIR_ENV, str(tmp_path))  # ...and through the registry, as a user would meet it
    with pytest.raises(ModelFileError, match=r"web2text\.pt: holds pickled objects"):
        extract(page_bytes("news_article.html"), model="web2text")
    assert not marker.exists()  # ...but no loader ran it


def _cut_in_half(data: bytes) -> bytes:
    return data[:len(data) // 2]


def _flip_middle_byte(data: bytes) -> bytes:
    middle = len(data) // 2
    return data[:middle] + bytes([data[middle] ^ 0xFF]) + data[middle + 1:]


def _zero_a_block(data: bytes) -> bytes:
    start = len(data) // 3
    return data[:start] + bytes(64) + data[start + 64:]


def _cut_the_end(data: bytes) -> bytes:
    return data[:-100]


@pytest.mark.parametrize("damage", [_cut_in_half, _flip_middle_byte, _zero_a_block, _cut_the_end, lambda d: b""])
@pytest.mark.parametrize(("name", "loader"), LOADERS)
def test_a_damaged_weights_file_names_the_file_and_says_what_to_do(tmp_path, name, loader, damage):
    path = tmp_path / name
    path.write_bytes(damage(shipped(name).read_bytes()))
    error = error_of(loader, path)
    assert error.path == str(path)
    assert error.problem.startswith(("is truncated or corrupt", "is corrupt: record")), error.problem
    assert str(error).endswith("delete it and retrain it (scrapy boiler-train), or reinstall scrapy-boiler if it is "
                               "a shipped model (see models/README.md)")


def resave(path: Path, edit_config=None, edit_state=None) -> Path:
    """Rewrite a Web2Text/MultiBoilerNet file with its config and state edited."""
    payload = load_tensors(path)
    config, state = json.loads(payload["config"]), payload["state"]
    if edit_config:
        edit_config(config)
    if edit_state:
        edit_state(state)
    save_tensors({"config": json.dumps(config), "state": state}, path)
    return path


def test_web2text_and_multiboilernet_config_problems(tmp_path):
    w2t, mbn = copy_shipped(tmp_path, "web2text.pt", "multiboilernet.pt")
    with pytest.raises(ModelFileError, match=r"multiboilernet\.pt: is a multiboilernet model file, not a web2text"):
        load_web2text(mbn)
    with pytest.raises(ModelFileError, match=r"web2text\.pt: is a web2text model file, not a multiboilernet one"):
        load_multiboilernet(w2t)
    resave(w2t, edit_state=lambda state: state.pop("unary.layers.0.bias"))
    with pytest.raises(ModelFileError, match=r"web2text\.pt: its weights do not fit the network its config describes "
                                             r"\(.*Missing key\(s\).*unary\.layers\.0\.bias"):
        load_web2text(w2t)
    resave(mbn, edit_config=lambda config: config["tags"].pop())
    with pytest.raises(ModelFileError, match=r"multiboilernet\.pt: its weights do not fit.*size mismatch"):
        load_multiboilernet(mbn)
    resave(mbn, edit_config=lambda config: config.pop("depth_std"))
    with pytest.raises(ModelFileError, match=r"multiboilernet\.pt: its config has no 'depth_std' entry"):
        load_multiboilernet(mbn)
    resave(mbn, edit_config=lambda config: config.update(text={"kind": "telepathy"}))
    with pytest.raises(ModelFileError, match=r"its config is not valid \(ValueError: unknown text encoder"):
        load_multiboilernet(mbn)
    save_tensors({"state": {}}, w2t)
    with pytest.raises(ModelFileError, match="is not a scrapy-boiler model file"):
        load_web2text(w2t)
    save_tensors({"config": "{not json", "state": {}}, w2t)
    with pytest.raises(ModelFileError, match="its config is not valid JSON"):
        load_web2text(w2t)


def test_semtext_config_problems(tmp_path):
    config, weights = copy_shipped(tmp_path, "semtext.json", "semtext.pt")
    text = config.read_text(encoding="utf-8")
    config.write_text(text[:len(text) // 2], encoding="utf-8")  # a half-written config
    with pytest.raises(ModelFileError, match=r"semtext\.json: is not valid JSON \(line 1, column \d+"):
        SemTextModel.load(tmp_path / "semtext")
    data = json.loads(text)
    for key in ("vocabulary", "config"):
        config.write_text(json.dumps({k: v for k, v in data.items() if k != key}), encoding="utf-8")
        with pytest.raises(ModelFileError, match=rf"semtext\.json: its config has no '{key}' entry"):
            SemTextModel.load(tmp_path / "semtext")
    config.write_text(json.dumps({**data, "config": {**data["config"], "hidden": 64}}), encoding="utf-8")
    with pytest.raises(ModelFileError, match=r"semtext\.pt: its weights do not fit .*size mismatch for lstm"):
        SemTextModel.load(tmp_path / "semtext")
    config.unlink()
    with pytest.raises(ModelFileError, match=r"semtext\.json: does not exist"):
        SemTextModel.load(tmp_path / "semtext")
    assert weights.exists()


def test_shipped_files_without_a_version_load_and_new_files_record_one(tmp_path):
    w2t, mbn, semtext_config, _ = copy_shipped(tmp_path, "web2text-cleaneval.pt", "multiboilernet.pt",
                                               "semtext.json", "semtext.pt")
    assert "format" not in json.loads(load_tensors(w2t)["config"])  # written before versions: read as format 1
    model = load_web2text(w2t, "cpu")
    load_multiboilernet(mbn, "cpu")
    semtext = SemTextModel.load(tmp_path / "semtext")
    save_model(tmp_path / "again.pt", model, model.config())
    assert json.loads(load_tensors(tmp_path / "again.pt")["config"])["format"] == 1
    load_web2text(tmp_path / "again.pt", "cpu")
    semtext.save(tmp_path / "again")
    assert json.loads((tmp_path / "again.json").read_text(encoding="utf-8"))["format"] == "scrapy-boiler/semtext/1"
    assert json.loads(semtext_config.read_text(encoding="utf-8"))["format"] == "scrapy-boiler/semtext/1"


NEWER = r"written by a newer scrapy-boiler \(format 2\); this one reads format 1; upgrade scrapy-boiler or retrain"


def test_files_of_a_newer_format_are_refused(tmp_path, monkeypatch, page_bytes, fresh_registry):
    w2t, mbn, semtext_config, _ = copy_shipped(tmp_path, "web2text.pt", "multiboilernet.pt", "semtext.json",
                                               "semtext.pt")
    for path, loader in ((w2t, load_web2text), (mbn, load_multiboilernet)):
        resave(path, edit_config=lambda config: config.update(format=2))
        with pytest.raises(ModelFileError, match=rf"{path.name}: {NEWER}"):
            loader(path)
    data = json.loads(semtext_config.read_text(encoding="utf-8"))
    semtext_config.write_text(json.dumps({**data, "format": "scrapy-boiler/semtext/2"}), encoding="utf-8")
    monkeypatch.setenv(MODELS_DIR_ENV, str(tmp_path))
    with pytest.raises(ModelFileError, match=rf"{semtext_config}: {NEWER}"):
        extract(page_bytes("qa_thread.html"), model="semtext")
    # auto, told to send threads to that SemText, warns and keeps the posts rules
    monkeypatch.setattr(registry, "AUTO_TYPE2_MODEL", "semtext")
    with pytest.warns(RuntimeWarning, match=rf"auto: semtext cannot be used, the posts rules take over: .*{NEWER}"):
        doc = extract(page_bytes("qa_thread.html"))
    assert doc.page_type == "qa" and doc.model == "posts" and doc.qa_pairs


# --- CUDA out of memory -----------------------------------------------------------------------------------------

def _web2text():
    extractor = Web2TextExtractor(load_web2text(shipped("web2text.pt"), "cpu"))
    return extractor, extractor.model, extractor.model.unary


def _multiboilernet():
    extractor = MultiBoilerNetExtractor(load_multiboilernet(shipped("multiboilernet.pt"), "cpu"))
    return extractor, extractor.model.net, extractor.model.net.lstm2


def _semtext():
    extractor = load_extractor("cpu", shipped("semtext.json").with_suffix(""))
    return extractor, extractor.model.net, extractor.model.net.lstm


def _decisions(labels) -> list[list[tuple[str, bool, float]]]:
    return [[(block.text, block.is_content, round(block.score, 6)) for block in page.blocks] for page in labels]


@pytest.mark.parametrize("build", [_web2text, _multiboilernet, _semtext])
def test_cuda_out_of_memory_retries_the_batch_on_the_cpu_and_stays_there(build, page_bytes, monkeypatch):
    torch.set_num_threads(1)
    extractor, network, layer = build()
    pages = [parse_html(page_bytes("news_article.html")), parse_html(page_bytes("qa_thread.html"))]
    expected = _decisions(extractor.label_pages(pages))
    extractor.device = torch.device("cuda")  # as if it had been loaded on a GPU (none here)
    failures = [OOM("CUDA out of memory. Tried to allocate 2.00 GiB")]
    forward = layer.forward

    def forward_that_runs_out_of_memory_once(*args, **kwargs):
        if failures:
            raise failures.pop()
        return forward(*args, **kwargs)

    monkeypatch.setattr(layer, "forward", forward_that_runs_out_of_memory_once)
    moves = []
    move = network.to
    monkeypatch.setattr(network, "to", lambda device: moves.append(torch.device(device)) or move(device))
    with pytest.warns(RuntimeWarning, match="CUDA ran out of memory during inference; this model runs on the CPU"):
        assert _decisions(extractor.label_pages(pages)) == expected
    assert not failures and moves == [CPU] and extractor.device == CPU and module_device(network) == CPU
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # later batches: CPU, no new warning
        assert _decisions(extractor.label_pages(pages)) == expected


class _Owner:
    name = "test-model"

    def __init__(self, device: str) -> None:
        self.device = torch.device(device)


def test_out_of_memory_on_the_cpu_is_not_retried():
    calls = []

    def run():
        calls.append(1)
        raise OOM("out of memory")

    with pytest.raises(OOM):
        run_with_cpu_fallback(_Owner("cpu"), torch.nn.Linear(2, 2), run)
    assert len(calls) == 1


def test_a_model_too_big_for_the_gpu_is_loaded_on_the_cpu(monkeypatch):
    module = torch.nn.Linear(2, 2)
    move = module.to

    def to(device):
        if torch.device(device).type == "cuda":
            raise OOM("CUDA out of memory")
        return move(device)

    monkeypatch.setattr(module, "to", to)
    with pytest.warns(RuntimeWarning, match="not enough CUDA memory to load the weights on cuda; using the CPU"):
        assert place(module, torch.device("cuda"), "test-model") == CPU
    assert module_device(module) == CPU
