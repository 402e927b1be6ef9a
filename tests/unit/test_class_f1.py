import pytest

from scrapy_boiler.metrics import ClassF1


def test_micro_pools_blocks_and_macro_averages_pages():
    scores = ClassF1()
    scores.add_page([True, True, False, False], [True, False, False, False])  # content F1 2/3, noise F1 4/5
    scores.add_page([True] * 6, [True] * 6)  # content F1 1, noise undefined (absent in gold and prediction)
    summary = scores.summary()
    assert summary["pages"] == 2
    assert summary["micro_content_f1"] == pytest.approx(2 * 7 / (2 * 7 + 1))  # tp 7, fp 1, fn 0
    assert summary["micro_noise_f1"] == pytest.approx(2 * 2 / (2 * 2 + 1))  # tp 2, fp 0, fn 1
    assert summary["macro_content_f1"] == pytest.approx((2 / 3 + 1) / 2)
    assert summary["macro_noise_f1"] == pytest.approx(0.8)
    assert summary["macro_avg_f1"] == pytest.approx(((2 / 3 + 1) / 2 + 0.8) / 2)


def test_report_scores_models_on_a_folder_of_pairs(tmp_path, page_bytes):
    from scrapy_boiler.evaluation.class_f1_report import main, score

    (tmp_path / "article.html").write_bytes(page_bytes("web2text_page.html"))
    gold = "Harbour bridge reopens after repairs\nThe old harbour bridge reopened on Monday."
    (tmp_path / "article.txt").write_text(gold)
    (tmp_path / "other.html").write_bytes(page_bytes("web2text_page.html"))
    (tmp_path / "other.txt").write_text("Search the site")
    results = score(str(tmp_path), ["keep-everything", "default"], id_prefixes=["art"])
    everything = results["keep-everything"]
    assert everything["pages"] == 1 and everything["micro_content_f1"] == pytest.approx(2 * 2 / (2 * 2 + 9))
    assert everything["micro_noise_f1"] == 0.0
    assert main(["-m", "default", "-d", str(tmp_path), "--json", str(tmp_path / "out.json")]) == 0
    assert (tmp_path / "out.json").is_file()
