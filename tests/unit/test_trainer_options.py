"""What ``scrapy boiler-train`` shows a newcomer: a usage line per kind, help for every option, progress that
suits the stream, and Web2Text running exactly the iterations asked for."""

from __future__ import annotations

import argparse
import io
import json

import pytest
from scrapy.settings import Settings

from scrapy_boiler.commands.boiler_train import Command
from scrapy_boiler.training import TRAINERS, trainer_options
from scrapy_boiler.training.progress import Progress


def _kind_parsers() -> dict[str, argparse.ArgumentParser]:
    parser = argparse.ArgumentParser(prog="scrapy boiler-train")
    command = Command()
    command.settings = Settings()
    command.add_options(parser)
    return dict(parser._subparsers._group_actions[0].choices)


@pytest.mark.parametrize("kind", list(TRAINERS))
def test_every_kind_has_a_plain_usage_line_and_help_for_every_option(kind):
    sub = _kind_parsers()[kind]
    usage = sub.format_usage()
    assert usage.startswith(f"usage: scrapy boiler-train {kind} [-h]"), usage
    assert "{" not in usage  # not the parent's syntax line with every kind
    parser = argparse.ArgumentParser()
    trainer_options(kind).add_arguments(parser)
    assert [a.option_strings for a in parser._actions if not a.help] == []


class _Stream(io.StringIO):
    def __init__(self, tty: bool) -> None:
        super().__init__()
        self.tty = tty

    def isatty(self) -> bool:
        return self.tty


def test_progress_redraws_on_a_terminal_only(monkeypatch):
    clock = iter(float(t) for t in range(0, 1000, 10))  # each call 10 s later
    monkeypatch.setattr("scrapy_boiler.training.progress.time.monotonic", lambda: next(clock))
    log = _Stream(tty=False)
    bar = Progress(10, "web2text epoch 1/2", stream=log, log_every=30.0)
    for _ in range(10):
        bar.update(loss=0.5)
    bar.close()
    lines = log.getvalue().splitlines()
    assert "\r" not in log.getvalue() and 2 <= len(lines) <= 4, lines  # a plain line about every 30 s
    assert lines[0].startswith("web2text epoch 1/2: ") and "loss 0.5" in lines[0]
    terminal = _Stream(tty=True)
    bar = Progress(3, "train", stream=terminal)
    for _ in range(3):
        bar.update()
    bar.close()
    assert terminal.getvalue().startswith("\rtrain [") and terminal.getvalue().endswith("\n")


def test_web2text_runs_exactly_the_iterations_asked():
    pytest.importorskip("torch")
    from scrapy_boiler.training.web2text.fit import iterations_done, validation_points

    assert validation_points(300, 250) == (2, 50)  # 250, then 50 more: not rounded down to 250
    assert validation_points(500, 250) == (2, 250)
    assert validation_points(20, 250) == (1, 20)
    assert iterations_done(2, 300, 250) == 300 and iterations_done(1, 300, 250) == 250
    with pytest.raises(ValueError):
        validation_points(0, 250)


def test_the_loop_stops_the_last_epoch_at_its_cap(tmp_path):
    torch = pytest.importorskip("torch")
    from scrapy_boiler.training.loop import FitConfig, fit

    class Counting:
        """Ten batches an epoch, counting the ones trained on."""

        def __init__(self) -> None:
            self.module = torch.nn.Linear(1, 1)
            self.trained = 0

        def batches(self, items, rng):
            return iter([torch.ones(1, 1)] * 10)

        def loss(self, batch):
            self.trained += 1
            return self.module(batch).pow(2).mean()

        def validate(self, items):
            return {"f1": 0.5}

        def save_best(self, path):
            path.write_bytes(b"")

    task = Counting()
    fit(task, [], [], FitConfig(tmp_path, epochs=3, progress=False, final_epoch_batches=4))
    assert task.trained == 10 + 10 + 4


def test_counts_agree_with_their_nouns():
    from scrapy_boiler.training.wording import counted

    assert counted(1, "page") == "1 page" and counted(2, "page") == "2 pages" and counted(0, "page") == "0 pages"
    assert counted(1, "leaf") == "1 leaf" and counted(3, "leaf") == "3 leaves"
    assert counted(12034, "training block") == "12,034 training blocks"


def test_iteration_runs_count_iterations_not_epochs(tmp_path):
    pytest.importorskip("torch")
    from scrapy_boiler.training.loop import FitConfig

    web2text = FitConfig(tmp_path, epochs=2, final_epoch_batches=50, iterations_per_epoch=250)  # --iterations 300
    assert web2text.stage(1) == "iterations 1-250/300" and web2text.stage(2) == "iterations 251-300/300"
    assert web2text.point(1) == "iteration 250" and web2text.point(2) == "iteration 300"
    epochs = FitConfig(tmp_path, epochs=20)
    assert epochs.stage(3) == "epoch 3/20" and epochs.point(3) == "epoch 3"


def _args(**options: object) -> argparse.Namespace:
    return argparse.Namespace(**{"data": ["pairs"], "valid": [], "valid_count": 5, "seed": 0, "force": False,
                                 **options})


def test_a_hold_out_that_empties_a_side_is_refused():
    from scrapy_boiler.training.common import hold_out

    with pytest.raises(ValueError, match=r"pairs holds 4 pages and --valid-count 5 holds them all out.*no training"):
        hold_out(list(range(4)), _args())
    with pytest.raises(ValueError, match=r"--valid-count 0 holds out no validation page"):
        hold_out(list(range(4)), _args(valid_count=0))
    with pytest.raises(ValueError, match=r"no annotated page with text in pairs"):
        hold_out([], _args())
    train, valid = hold_out(list(range(6)), _args())
    assert len(train) == 1 and len(valid) == 5


def test_a_shipped_model_is_replaced_only_with_force(tmp_path, monkeypatch):
    from scrapy_boiler.training import common

    shipped = tmp_path / "models"
    shipped.mkdir()
    (shipped / "web2text.pt").write_bytes(b"weights")
    (shipped / "web2text.md").write_text("card")
    monkeypatch.setattr(common, "shipped_dirs", lambda: [shipped])
    out = shipped / "web2text.pt"
    with pytest.raises(ValueError) as refused:
        common.check_out(_args(out=str(out)), [out])
    assert "would replace web2text.pt and web2text.md of a shipped model" in str(refused.value)
    assert "pass --force" in str(refused.value)
    common.check_out(_args(out=str(out), force=True), [out])  # asked for
    common.check_out(_args(out=str(shipped / "mine.pt")), [shipped / "mine.pt"])  # a new name: nothing replaced
    (tmp_path / "web2text.pt").write_bytes(b"mine")
    common.check_out(_args(out=str(tmp_path / "web2text.pt")), [tmp_path / "web2text.pt"])  # not a shipped folder


def test_trainers_write_to_the_current_folder_by_default():
    for kind in TRAINERS:
        parser = argparse.ArgumentParser()
        trainer_options(kind).add_arguments(parser)
        args = parser.parse_args([])
        assert "/" not in args.out and not args.force, (kind, args.out)


def test_blend_needs_two_groups_for_its_out_of_fold_scores():
    pytest.importorskip("numpy")
    from scrapy_boiler.training.blend.fit import check_folds

    with pytest.raises(ValueError, match=r"1 site group: .*need at least 2"):
        check_folds(1, argparse.Namespace(context_trees=100, folds=5))
    with pytest.raises(ValueError, match=r"--folds 1"):
        check_folds(4, argparse.Namespace(context_trees=100, folds=1))
    check_folds(1, argparse.Namespace(context_trees=0, folds=5))  # the first stage alone needs no folds
    check_folds(2, argparse.Namespace(context_trees=100, folds=5))


_BODY = ("Workers finished the repair of the old harbour wall on Friday, two weeks before the winter storms.",
         "The council paid for the work from its flood budget, and the fishing fleet can moor inside again.")
_DECLARED_PAGE = """<html><head><title>Harbour wall repaired before the storms</title>
<script type="application/ld+json">""" + json.dumps({
    "@context": "https://schema.org", "@type": "NewsArticle", "headline": "Harbour wall repaired before the storms",
    "articleBody": " ".join(_BODY)}) + """</script></head><body><nav><a href="/">Home</a> <a href="/news">News</a></nav>
<article><h1>Harbour wall repaired before the storms</h1>
<p>""" + _BODY[0] + "</p><p>" + _BODY[1] + """</p></article>
<footer>Copyright the Harbour Times</footer></body></html>"""


def test_blend_json_ld_dropout_adds_a_copy_that_declares_nothing(tmp_path):
    """A page that declares an article in JSON-LD enters twice with copies asked for: as it is, and with the JSON-LD
    columns as on a page declaring nothing; a page without JSON-LD once."""
    pytest.importorskip("numpy")
    from scrapy_boiler.extractors.blend.features import features
    from scrapy_boiler.extractors.registry import blend_labellers
    from scrapy_boiler.training.blend.fit import DECLARED, UNDECLARED, WITHOUT_DECLARED, build_tables

    gold = "\n".join(_BODY) + "\n"
    (tmp_path / "declared.html").write_text(_DECLARED_PAGE, encoding="utf-8")
    (tmp_path / "declared.txt").write_text(gold, encoding="utf-8")
    plain = _DECLARED_PAGE.split("<script", 1)[0] + _DECLARED_PAGE.split("</script>", 1)[1]
    (tmp_path / "plain.html").write_text(plain, encoding="utf-8")
    (tmp_path / "plain.txt").write_text(gold, encoding="utf-8")
    args = argparse.Namespace(data_dir=None, limit=None, quiet=True)
    votes = tuple(blend_labellers())
    names = features(votes)
    declared = [names.index(name) for name in ("ld_has_body", "ld_overlap", "ld_is_article")]

    once = build_tables([str(tmp_path)], args, votes)
    assert once.views == [UNDECLARED, UNDECLARED]
    tables = build_tables([str(tmp_path)], args, votes, copies=True)
    assert len(tables.specs) == 3 and len(set(tables.specs)) == 1
    views = tables.views
    assert sorted(views) == [UNDECLARED, DECLARED, WITHOUT_DECLARED]
    original, copy, plain_page = (views.index(view) for view in (DECLARED, WITHOUT_DECLARED, UNDECLARED))
    assert copy == original + 1
    rows_of = {page: tables.rows[tables.pages == page] for page in range(3)}
    assert rows_of[original][:, declared].any()  # the page declares an article and its body
    assert not (rows_of[original] == rows_of[plain_page]).all()
    # its copy is the page without its JSON-LD, row for row, label for label, in the same fold
    assert (rows_of[copy] == rows_of[plain_page]).all()
    assert (tables.labels[tables.pages == original] == tables.labels[tables.pages == copy]).all()
    assert tables.labels[tables.pages == copy].any()
    assert len(set(tables.groups[tables.pages == original]) | set(tables.groups[tables.pages == copy])) == 1
