"""Article fields on fundus-train through a real crawl: they must keep their measured accuracy.

Needs ``../shared/datasets`` (or ``$BOILER_DATA_DIR``); skips with the reason otherwise. The figures are those
``python -m scrapy_boiler.evaluation.article_fields`` prints (docs/article-fields.md), measured the same way: a
plain-dict spider with the add-on crawls the pages from a local server.
"""

from __future__ import annotations

from scrapy_boiler.evaluation.article_fields import measure


def test_fundus_train_article_fields_meet_the_issue_targets(need_corpus):
    need_corpus("fundus-train")
    result = measure("train")
    assert result["items"] == result["pages"] == 89
    ours = {name: value for name, (value, _) in result["ours"].items()}
    assert ours["headline"] >= 0.93  # measured 0.955
    assert ours["date"] >= 0.95  # measured 0.989
    assert ours["authors"] >= 0.85  # measured 0.928
    assert ours["language"] >= 0.97  # measured 1.000


def test_fundus_valid_article_fields_keep_their_held_out_figures(need_corpus):
    need_corpus("fundus-train")
    ours = {name: value for name, (value, _) in measure("valid")["ours"].items()}
    # held-out publishers: headline is under the issue's 0.9 (the declared headline differs from fundus' title)
    assert ours["headline"] >= 0.73  # measured 0.765
    assert ours["date"] >= 0.94 and ours["authors"] >= 0.85 and ours["language"] >= 0.97  # 1.000 / 0.912 / 1.000
