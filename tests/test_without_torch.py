"""A rules-only install (no torch) keeps the rules, ``auto`` and the trainer list working; neural models say why not."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

PAGES = Path(__file__).parent / "pages"

SCRIPT = r"""
import sys, importlib.abc

class NoTorch(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name == "torch" or name.startswith(("torch.", "torchcrf")):
            raise ImportError(f"No module named {name!r} (blocked for the test)")
        return None

sys.meta_path.insert(0, NoTorch())

import argparse
from scrapy_boiler import extract
from scrapy_boiler.commands.boiler_train import Command

doc = extract(open(sys.argv[1], "rb").read(), model="auto")
assert doc.text and doc.page_type == "article", doc.page_type
doc = extract(open(sys.argv[2], "rb").read(), model="auto")
assert doc.page_type in ("qa", "forum") and doc.qa_pairs, doc.page_type
from scrapy.settings import Settings
parser = argparse.ArgumentParser()
command = Command()
command.settings = Settings()
command.add_options(parser)
assert set(parser._subparsers._group_actions[0].choices) >= {"tree", "semtext", "web2text", "multiboilernet"}
assert "torch" not in sys.modules
from scrapy_boiler.registry import ModelUnavailable
try:
    extract(b"<p>x</p>", model="semtext")
except ModelUnavailable as exc:
    assert "[neural] extra" in str(exc) and "torch" in str(exc), exc
else:
    raise AssertionError("semtext without torch should fail")
print("ok")
"""


def test_rules_auto_and_trainer_list_work_without_torch():
    pages = [str(PAGES / "news_article.html"), str(PAGES / "qa_thread.html")]
    run = subprocess.run([sys.executable, "-c", SCRIPT, *pages], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0 and run.stdout.strip() == "ok", run.stderr[-2000:]
