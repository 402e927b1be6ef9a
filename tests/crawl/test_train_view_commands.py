"""``scrapy boiler-train``, ``scrapy boiler-view`` and the ``learned-tree`` / ``tree:PATH`` models."""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from scrapy_boiler import extract
from scrapy_boiler.extractors.learned_tree.extractor import shipped_tree_path
from scrapy_boiler.extractors.learned_tree.rules import loads
from scrapy_boiler.extractors.registry import UnknownModel, available_models
from scrapy_boiler.training.tree import fit as tree_fit
from scrapy_boiler.training.tree import options as tree_options

PAGES = Path(__file__).parents[1] / "pages"
TRAIN_DIR = PAGES / "tree-train"
MODELS = Path(__file__).parents[2] / "models"


def scrapy(*args: str, cwd: Path) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "scrapy", *args], cwd=cwd, capture_output=True, timeout=120,
                          check=False)


def test_shipped_tree_is_a_registered_model(page_bytes):
    assert "learned-tree" in available_models()
    assert shipped_tree_path().is_file() and shipped_tree_path().with_suffix(".md").is_file()
    doc = extract(page_bytes("news_article.html"), model="learned-tree")
    assert doc.model == "learned-tree" and doc.blocks and doc.error is None
    assert "The harbour bridge reopened to traffic" in doc.text
    assert all(block.reasons[0].startswith("learned-tree:") for block in doc.blocks)  # then the body trimming
    assert all(0.0 <= block.score <= 1.0 for block in doc.blocks)


def test_a_rules_file_is_a_model(tmp_path, page_bytes):
    rules = tmp_path / "words.rules"
    rules.write_text("curr_num_words <= 9: BOILERPLATE (p=0.100, n=10)\n"
                     "curr_num_words > 9: CONTENT (p=0.900, n=10)\n", encoding="utf-8")
    doc = extract(page_bytes("news_article.html"), model=f"tree:{rules}")
    assert doc.blocks and all(b.is_content == (b.num_words > 9) for b in doc.blocks)
    assert {b.score for b in doc.blocks} == {0.1, 0.9}
    with pytest.raises(UnknownModel, match=r"no-such\.rules"):
        extract(b"<p>x</p>", model=f"tree:{tmp_path / 'no-such.rules'}")


def test_boiler_train_tree_on_a_folder(tmp_path):
    out = tmp_path / "models" / "town.rules"
    result = scrapy("boiler-train", "tree", "--data", str(TRAIN_DIR), "--valid", str(TRAIN_DIR), "--min-leaf", "2,4",
                    "--max-depth", "2,3", "--out", str(out), "-q", cwd=tmp_path)
    assert result.returncode == 0, result.stderr.decode()
    tree = loads(out.read_text(encoding="utf-8"))
    assert not tree.is_leaf and tree.depth() <= 3
    card = out.with_suffix(".md").read_text(encoding="utf-8")
    assert "4 pages" in card and "## Retrain" in card and "--min-leaf 2,4" in card and "| validation |" in card
    record = json.loads(out.with_suffix(".json").read_text(encoding="utf-8"))
    assert record["train_pages"] == 4 and len(record["candidates"]) == 8  # 2 depths x 2 leaf sizes x 2 weightings
    assert record["chosen"]["max_depth"] in (2, 3)
    assert record["scores"]["valid"]["f1"] > 0.5 and "--min-leaf 2,4" in record["command"]
    assert out.read_text(encoding="utf-8") in result.stdout.decode()  # the rules are printed too
    # the trained file is a model: story paragraphs kept, menu links dropped
    doc = extract((TRAIN_DIR / "ferry.html").read_bytes(), model=f"tree:{out}")
    assert "The night ferry to the island sails again" in doc.text and "Weather" not in doc.text


def test_boiler_train_errors(tmp_path):
    no_kind = scrapy("boiler-train", cwd=tmp_path)
    assert no_kind.returncode == 2 and "give a model kind" in no_kind.stderr.decode()
    no_data = scrapy("boiler-train", "tree", cwd=tmp_path)
    assert no_data.returncode == 2 and "--data" in no_data.stderr.decode()
    grid_without_valid = scrapy("boiler-train", "tree", "-d", str(TRAIN_DIR), "--max-depth", "2,3",
                                "--out", str(tmp_path / "t.rules"), "-q", cwd=tmp_path)
    assert grid_without_valid.returncode == 2 and "need --valid" in grid_without_valid.stderr.decode()


@pytest.mark.parametrize(("kind", "data", "options", "needs", "why"), [
    ("web2text", TRAIN_DIR, [], "torch", "no training page is left"),  # 4 pages, --valid-count 5
    ("multiboilernet", TRAIN_DIR, [], "torch", "no training page is left"),
    ("web2text", TRAIN_DIR, ["--valid-count", "0"], "torch", "--valid-count 0 holds out no validation page"),
    ("semtext", TRAIN_DIR, ["--limit", "2", "--cache", ""], "torchcrf", "the 75/25 split leaves no validation page"),
    ("tree", TRAIN_DIR, ["--valid", "empty"], None, "no annotated page with text in --valid empty"),
    ("tree", "empty", [], None, "no annotated page with text in empty"),
    ("blend", "empty", ["--cache", ""], "lightgbm", "no annotated page with text in empty"),
])
def test_a_split_without_training_or_validation_pages_is_one_usage_error(tmp_path, kind, data, options, needs, why):
    """A small folder must not end in a traceback or, worse, a model trained or chosen on nothing."""
    if needs:
        pytest.importorskip(needs)
    (tmp_path / "empty").mkdir()
    result = scrapy("boiler-train", kind, "--data", str(data), *options, "-q", cwd=tmp_path)
    err = result.stderr.decode()
    errors = [line for line in err.splitlines() if not line.startswith("  ")]  # less the "  SPEC: N pages" lines
    assert result.returncode == 2 and len(errors) == 1 and "Traceback" not in err, err
    assert errors[0].startswith("boiler-train: error: ") and why in errors[0], errors
    assert not list(tmp_path.glob(f"{kind}*")) and not list(tmp_path.glob("learned-tree*"))  # nothing written


def test_training_writes_here_by_default_and_never_over_a_shipped_model(tmp_path):
    rules = MODELS / "learned-tree.rules"
    before = rules.read_bytes()
    refused = scrapy("boiler-train", "tree", "--data", str(TRAIN_DIR), "--out", str(rules), "--min-leaf", "2", "-q",
                     cwd=tmp_path)
    lines = refused.stderr.decode().strip().splitlines()
    assert refused.returncode == 2 and len(lines) == 1 and "pass --force" in lines[0], lines
    assert "learned-tree.rules, learned-tree.md and learned-tree.json of a shipped model" in lines[0]
    assert rules.read_bytes() == before
    here = scrapy("boiler-train", "tree", "--data", str(TRAIN_DIR), "--min-leaf", "2", "-q", cwd=tmp_path)
    assert here.returncode == 0, here.stderr.decode()
    assert {p.name for p in tmp_path.iterdir()} >= {"learned-tree.rules", "learned-tree.md", "learned-tree.json"}
    last = here.stderr.decode().strip().splitlines()[-1]
    assert last.startswith("tree: wrote learned-tree.rules (the model), learned-tree.md (its card) and "
                           "learned-tree.json (the run record); "), last
    assert re.search(r"; \d+ lea(f|ves), depth \d+, ", last), last


def test_boiler_view_writes_an_annotated_safe_copy(tmp_path):
    out = tmp_path / "view.html"
    result = scrapy("boiler-view", str(PAGES / "view_page.html"), "-m", "default", "-o", str(out), "--no-open",
                    cwd=tmp_path)
    assert result.returncode == 0, result.stderr.decode()
    html = out.read_text(encoding="utf-8")
    doc = extract((PAGES / "view_page.html").read_bytes(), (PAGES / "view_page.html").resolve().as_uri(),
                  model="default")
    outlined = re.findall(r'data-bv-block="(\d+)"', html)
    assert sorted(set(map(int, outlined))) == [b.index for b in doc.blocks]  # every block outlined
    assert 'id="bv-legend"' in html and "model <b>default</b>" in html and f"{len(doc.blocks)} blocks" in html
    assert "<script" not in html.lower() and "onclick" not in html and "onload" not in html
    assert "javascript:" not in html and "<iframe" not in html
    assert 'src="https://example.org/stories/img/lighthouse.jpg"' in html  # relative to <base href>
    assert "https://example.org/stories/img/lighthouse-2x.jpg 2x" in html
    assert 'href="https://example.org/css/site.css"' in html
    assert "bv-content" in html and "bv-boilerplate" in html
    assert f"{out}: {len(doc.blocks)} blocks" in result.stdout.decode()


def test_boiler_view_one_outline_per_block_on_a_plain_page(tmp_path):
    out = tmp_path / "news.html"
    result = scrapy("boiler-view", str(PAGES / "news_article.html"), "-m", "news", "-o", str(out), "--no-open",
                    cwd=tmp_path)
    assert result.returncode == 0, result.stderr.decode()
    outlined = re.findall(r'data-bv-block="(\d+)"', out.read_text(encoding="utf-8"))
    assert len(outlined) == len(set(outlined)) == 21


def test_boiler_view_errors(tmp_path):
    missing = scrapy("boiler-view", str(tmp_path / "nope.html"), "--no-open", cwd=tmp_path)
    assert missing.returncode == 1 and "nope.html" in missing.stderr.decode()
    empty = tmp_path / "empty.html"
    empty.write_bytes(b"  ")
    result = scrapy("boiler-view", str(empty), "--no-open", cwd=tmp_path)
    assert result.returncode == 1 and "empty document" in result.stderr.decode()


def test_tree_trainer_on_chosen_features(tmp_path, capsys):
    assert tree_options.select_features("*_link_density,curr_num_words") == (
        "prev_link_density", "curr_num_words", "curr_link_density", "next_link_density")
    with pytest.raises(ValueError, match="matches no feature"):
        tree_options.select_features("shoe_size")
    parser = argparse.ArgumentParser()
    tree_options.add_arguments(parser)
    out = tmp_path / "ld.rules"
    tree_fit.run(parser.parse_args(["-d", str(TRAIN_DIR), "--features", "*_link_density", "--min-leaf", "2",
                                        "--out", str(out), "-q"]))
    tree = loads(out.read_text(encoding="utf-8"))
    assert tree.features_used() and tree.features_used() <= {"prev_link_density", "curr_link_density",
                                                             "next_link_density"}
    assert "3 candidate features (`--features *_link_density`)" in out.with_suffix(".md").read_text(encoding="utf-8")
    assert "wrote" in capsys.readouterr().err


def _menu_heavy_pages(folder: Path, count: int = 5) -> Path:
    """Pages that are mostly menu and footer, each with one short story paragraph (its gold text)."""
    folder.mkdir(parents=True, exist_ok=True)
    menu = "".join(f"<li><a href='/s{i}'>Section number {i} of the site menu here</a></li>" for i in range(40))
    for number in range(count):
        story = f"Story {number}: the village hall was repainted by volunteers over the weekend in bright colours."
        (folder / f"p{number}.html").write_text(
            f"<html><body><ul>{menu}</ul><p>{story}</p><div>Copyright notice, terms of use, privacy policy, "
            f"cookie settings and every other link of the footer {number}</div></body></html>", encoding="utf-8")
        (folder / f"p{number}.txt").write_text(story, encoding="utf-8")
    return folder


def test_a_one_leaf_tree_is_flagged_when_trained_and_when_used(tmp_path):
    data = _menu_heavy_pages(tmp_path / "pages")
    out = tmp_path / "tiny.rules"
    trained = scrapy("boiler-train", "tree", "--data", str(data), "--out", str(out), "-q", cwd=tmp_path)
    err = trained.stderr.decode()
    assert trained.returncode == 0 and loads(out.read_text(encoding="utf-8")).is_leaf, err
    assert "warning: the tree is a single leaf and labels every block boilerplate" in err
    assert "training word F1 0.000" in err and "--min-leaf 200" in err and "try --min-leaf" in err
    used = scrapy("boiler-extract", str(data / "p0.html"), "-m", str(out), cwd=tmp_path)
    lines = used.stderr.decode().strip().splitlines()
    assert len(lines) == 1 and "warning: tree model" in lines[0] and "extracts nothing" in lines[0], lines
    assert "--min-leaf" in lines[0]
    with pytest.warns(RuntimeWarning, match="single leaf that labels every block boilerplate"):
        assert extract((data / "p1.html").read_bytes(), model=f"tree:{out}").text == ""
    fitted = tmp_path / "fitted.rules"  # the advice works: a small --min-leaf keeps the stories
    assert scrapy("boiler-train", "tree", "--data", str(data), "--min-leaf", "2", "--out", str(fitted), "-q",
                  cwd=tmp_path).returncode == 0
    assert "Story 1" in extract((data / "p1.html").read_bytes(), model=f"tree:{fitted}").text
