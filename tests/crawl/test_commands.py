"""The ``scrapy boiler-*`` commands, run as a user runs them (entry point, subprocess, outside a project)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

PAGES = Path(__file__).parents[1] / "pages"
MODELS = Path(__file__).parents[2] / "models"


def scrapy(*args: str, cwd: Path, stdin: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "scrapy", *args], cwd=cwd, input=stdin, capture_output=True, timeout=120, check=False
    )


def test_commands_are_registered(tmp_path):
    listing = scrapy(cwd=tmp_path).stdout.decode()
    assert "boiler-eval" in listing and "boiler-extract" in listing


@pytest.mark.parametrize("fmt", ["text", "json", "html", "markdown"])
def test_extract_a_file(tmp_path, fmt):
    page = str(PAGES / "news_article.html")
    result = scrapy("boiler-extract", page, "--model", "news", "--format", fmt, cwd=tmp_path)
    assert result.returncode == 0, result.stderr.decode()
    out = result.stdout.decode()
    if fmt == "json":
        doc = json.loads(out)
        assert doc["model"] == "news" and doc["blocks"] and doc["url"].startswith("file://")
        out = doc["text"]
    assert "The harbour bridge reopened to traffic" in out and "Council approves budget" not in out
    if fmt == "html":
        assert out.startswith("<article>")


def test_extract_from_stdin_and_errors(tmp_path):
    ok = scrapy("boiler-extract", "-", cwd=tmp_path, stdin=(PAGES / "latin1.html").read_bytes())
    assert ok.returncode == 0 and "Crème brûlée" in ok.stdout.decode()
    missing = scrapy("boiler-extract", "no-such-file.html", cwd=tmp_path)
    assert missing.returncode == 1 and "no-such-file.html" in missing.stderr.decode()
    empty = tmp_path / "empty.html"
    empty.write_bytes(b"")
    result = scrapy("boiler-extract", str(empty), cwd=tmp_path)
    assert result.returncode == 1 and "empty document" in result.stderr.decode()
    bad_model = scrapy("boiler-extract", str(empty), "--model", "nope", cwd=tmp_path)
    assert bad_model.returncode == 2 and "unknown model" in bad_model.stderr.decode()


def test_extract_stops_quietly_when_the_reader_goes(tmp_path):
    """``boiler-extract FOLDER | head -1``: no BrokenPipeError traceback once the reader has closed the pipe."""
    folder = tmp_path / "pages"
    folder.mkdir()
    page = (PAGES / "news_article.html").read_bytes()
    for number in range(250):  # ~150 KB of text: more than a pipe holds, so the writes meet the closed end
        (folder / f"p{number:03}.html").write_bytes(page)
    process = subprocess.Popen([sys.executable, "-m", "scrapy", "boiler-extract", str(folder), "-m", "news"],
                               cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout is not None and process.stdout.readline().startswith(b"==> ")
    process.stdout.close()  # what `head -1` does after its line
    _, err = process.communicate(timeout=120)
    assert b"Traceback" not in err and b"BrokenPipe" not in err, err.decode()[-2000:]
    assert process.returncode == 1


def test_extract_several_pages_empty_folders_and_one_missing_file(tmp_path):
    first, second = tmp_path / "a.html", tmp_path / "b.html"
    first.write_bytes((PAGES / "news_article.html").read_bytes())
    second.write_bytes((PAGES / "latin1.html").read_bytes())
    both = scrapy("boiler-extract", "a.html", "b.html", "-m", "news", cwd=tmp_path)
    out = both.stdout.decode()
    assert both.returncode == 0 and out.startswith("==> a.html <==\n") and "\n\n==> b.html <==\n" in out
    assert out.index("harbour bridge") < out.index("==> b.html") < out.index("Crème brûlée")
    single = scrapy("boiler-extract", "a.html", "-m", "news", cwd=tmp_path)
    assert "==>" not in single.stdout.decode()  # one page: the text alone
    (tmp_path / "empty").mkdir()
    empty = scrapy("boiler-extract", "empty", cwd=tmp_path)
    assert empty.returncode == 1 and empty.stdout == b""
    assert empty.stderr.decode().strip() == "boiler-extract: no pages found in empty"
    missing = scrapy("boiler-extract", "gone.html", cwd=tmp_path)
    lines = missing.stderr.decode().strip().splitlines()
    assert missing.returncode == 1 and len(lines) == 1 and "gone.html" in lines[0], lines


@pytest.mark.parametrize(("fmt", "header"), [("markdown", "==> {} <=="), ("html", "<!-- {} -->")])
def test_extract_markdown_and_html_give_each_page_a_header(tmp_path, fmt, header):
    """Like text: a header line before each page when the inputs hold several, none for one page."""
    (tmp_path / "a.html").write_bytes((PAGES / "news_article.html").read_bytes())
    (tmp_path / "b.html").write_bytes((PAGES / "latin1.html").read_bytes())
    both = scrapy("boiler-extract", "-f", fmt, "a.html", "b.html", "-m", "news", cwd=tmp_path)
    out = both.stdout.decode()
    assert both.returncode == 0, both.stderr.decode()
    assert out.startswith(header.format("a.html") + "\n") and f"\n\n{header.format('b.html')}\n" in out
    assert out.index("harbour bridge") < out.index(header.format("b.html")) < out.index("Crème brûlée")
    single = scrapy("boiler-extract", "-f", fmt, "a.html", "-m", "news", cwd=tmp_path)
    assert header.format("a.html") not in single.stdout.decode() and "harbour bridge" in single.stdout.decode()


def test_extract_help_at_80_columns(tmp_path):
    result = subprocess.run([sys.executable, "-m", "scrapy", "boiler-extract", "-h"], cwd=tmp_path, timeout=120,
                            capture_output=True, text=True, env={**os.environ, "COLUMNS": "80"}, check=False)
    lines = result.stdout.splitlines()
    assert result.returncode == 0 and lines[0].startswith("usage: scrapy boiler-extract PATH_OR_URL... ")
    assert max(map(len, lines)) <= 80 and "=====" not in result.stdout
    assert "  -m, --model NAME " in result.stdout and "  -f, --format FORMAT " in result.stdout


@pytest.mark.parametrize(("model", "right"), [("semtext:{models}/web2text.pt", "web2text"),
                                              ("tree:{models}/web2text.pt", "web2text"),
                                              ("web2text:{models}/semtext.pt", "semtext"),
                                              ("multiboilernet:{models}/learned-tree.rules", "tree")])
def test_extract_names_the_kind_of_a_model_file_given_the_wrong_one(tmp_path, model, right):
    name = model.format(models=MODELS)
    path = name.partition(":")[2]
    result = scrapy("boiler-extract", "-m", name, str(PAGES / "news_article.html"), cwd=tmp_path)
    lines = result.stderr.decode().strip().splitlines()
    assert result.returncode == 2 and len(lines) == 1 and result.stdout == b"", lines
    assert f"is a {right} model" in lines[0] and f"use -m {right}:{path}" in lines[0], lines


def test_eval_on_a_folder_of_pairs(tmp_path):
    data = tmp_path / "pairs"
    data.mkdir()
    (data / "story.html").write_bytes((PAGES / "news_article.html").read_bytes())
    (data / "story.txt").write_text(
        "The harbour bridge reopened to traffic on Thursday morning after eight months of repairs that cost the\n"
        "city more than twelve million pounds, officials said at a short ceremony attended by local residents.\n\n"
        "Engineers replaced the corroded steel cables and resurfaced the whole deck, which had been closed to cars\n"
        "since a routine inspection found cracks in two of the main supports last summer.\n\n"
        '"It is a relief for everyone who works on the other side of the water," said the mayor, who thanked the\n'
        "repair crews for finishing the job two weeks ahead of schedule.\n\n"
        "Traffic is expected to be heavy for the first few days, and the council has asked drivers to use the\n"
        "bridge outside the morning and evening peaks while the new signals are being tested.\n",
        encoding="utf-8",
    )
    out = tmp_path / "scores.json"
    result = scrapy("boiler-eval", "-m", "news,keep-everything", "-d", str(data), "--json", str(out), "-q",
                    cwd=tmp_path)
    assert result.returncode == 0, result.stderr.decode()
    assert "news" in result.stdout.decode() and "blk F1" in result.stdout.decode()
    scores = {s["model"]: s for s in json.loads(out.read_text())["results"][str(data)]}
    news, everything = scores["news"], scores["keep-everything"]
    assert news["pages"] == 1 and news["block_blocks"] == 26
    assert everything["block"]["recall"] == 1.0 and everything["block"]["precision"] == pytest.approx(6 / 26)
    assert news["block"]["recall"] == 1.0 and news["block"]["precision"] == 1.0
    assert news["bow"]["recall_mean"] == 1.0
    page_precision, page_recall = everything["shingle"]["per_page"]["story"]  # page by page, by id
    assert page_precision == pytest.approx(everything["shingle"]["precision_mean"], abs=1e-4)
    assert page_recall == pytest.approx(everything["shingle"]["recall_mean"], abs=1e-4)
    assert page_precision < 0.5 < news["shingle"]["per_page"]["story"][0]


def test_eval_reports_missing_data(tmp_path):
    result = scrapy("boiler-eval", "-d", "cleaneval-test", "--data-dir", str(tmp_path / "nowhere"), cwd=tmp_path)
    assert result.returncode == 2 and "no corpus directory found" in result.stderr.decode()
