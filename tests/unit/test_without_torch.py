"""A rules-only install (no torch) keeps the rules, ``auto``, the learned tree and the trainer list working;
neural models say why not and what to install, both when they are used and in the early ``check_model``."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

PAGES = Path(__file__).parents[1] / "pages"

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
from scrapy_boiler.extractors.registry import ModelUnavailable, check_model
for name in ("semtext", "web2text", "multiboilernet"):
    for attempt in (check_model, lambda name: extract(b"<p>x</p>", model=name)):
        try:
            attempt(name)
        except ModelUnavailable as exc:
            message = str(exc)
            assert f"{name!r} needs the [neural] extra" in message and "torch" in message, message
            assert "pip install torch==2.13.0 && pip install 'scrapy-boiler[neural]'" in message, message
        else:
            raise AssertionError(f"{name} without torch should fail")
for name in ("auto", "news", "posts", "learned-tree"):
    check_model(name)  # the early check of the Scrapy middleware lets the rules through
doc = extract(open(sys.argv[1], "rb").read(), model="learned-tree")
assert doc.text and doc.error is None
assert "torch" not in sys.modules
print("ok")
"""


def test_rules_auto_and_trainer_list_work_without_torch():
    pages = [str(PAGES / "news_article.html"), str(PAGES / "qa_thread.html")]
    run = subprocess.run([sys.executable, "-c", SCRIPT, *pages], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0 and run.stdout.strip() == "ok", run.stderr[-2000:]
