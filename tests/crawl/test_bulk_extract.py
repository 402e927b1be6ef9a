"""``scrapy boiler-extract`` over folders and WARC archives: what is read, what is skipped and why, --jobs."""

from __future__ import annotations

import gzip
import json
import os
import re
import subprocess
import sys
from concurrent.futures import Future
from concurrent.futures.process import BrokenProcessPool
from io import BytesIO
from pathlib import Path

import pytest

from scrapy_boiler.bulk import run as bulk_run
from scrapy_boiler.bulk.record import EMPTY, HTTP_STATUS, NON_HTML, UNREADABLE, Record, is_html
from scrapy_boiler.bulk.run import WORKER_DIED, Tally, _in_pool, extract_records, process_chunk, resolve_jobs
from scrapy_boiler.bulk.sources import read_records

PAGES = Path(__file__).parents[1] / "pages"
EXAMPLE_PROJECT = Path(__file__).resolve().parents[2] / "example_project"
ARTICLE = (PAGES / "news_article.html").read_bytes()
SUMMARY = re.compile(r"(\d+) records in .*?: (\d+) written \((\d+) with an error\), (\d+) skipped(?: \((.*)\))?")


def scrapy(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "scrapy", *args], cwd=cwd, capture_output=True, text=True,
                          timeout=120, check=False)


def summary(stderr: str) -> tuple[int, int, int, dict[str, int]]:
    """(records in, written, with error, skipped by reason) from the summary line."""
    match = SUMMARY.search(stderr)
    assert match, stderr
    reasons = dict((name, int(n)) for name, n in (part.rsplit(" ", 1) for part in (match[5] or "").split(", ") if part))
    assert sum(reasons.values()) == int(match[4])
    return int(match[1]), int(match[2]), int(match[3]), reasons


def test_is_html_by_type_or_by_first_bytes():
    assert is_html("text/html; charset=utf-8", b"")
    assert is_html("application/xhtml+xml", b"<?xml version='1.0'?><html>")
    assert is_html(None, b"\xef\xbb\xbf  <!-- hi --> <!DOCTYPE html><html>")
    assert is_html("application/octet-stream", b"<html><body>")
    assert not is_html("text/plain", b"just words")
    assert not is_html("image/png", b"<html>")  # a declared non-HTML type is believed


def test_folder_records_recursive_with_gzip_and_skips(tmp_path):
    (tmp_path / "a.html").write_bytes(ARTICLE)
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "b.htm.gz").write_bytes(gzip.compress(ARTICLE))
    (tmp_path / "sub" / "blank.html").write_bytes(b"  \n")
    (tmp_path / "sub" / "broken.html.gz").write_bytes(b"not gzip at all")
    (tmp_path / "notes.txt").write_text("not a page")
    records = list(read_records([str(tmp_path)]))
    names = [Path(r.source).name for r in records]
    assert names == ["a.html", "b.htm.gz", "blank.html", "broken.html.gz"]  # sorted paths; notes.txt is no page
    assert [r.skip for r in records] == [None, None, EMPTY, UNREADABLE]
    assert records[1].body == ARTICLE and records[1].url.startswith("file://")


def test_named_sources_are_always_extracted_and_missing_ones_reported(tmp_path):
    empty = tmp_path / "empty.html"
    empty.write_bytes(b"")
    named, missing = read_records([str(empty), str(tmp_path / "nope.html")])
    assert named.skip is None and named.body == b""  # extracted: its Document carries the error
    assert missing.skip == UNREADABLE and "nope.html" in missing.detail


def test_not_a_warc_is_one_unreadable_record(tmp_path):
    pytest.importorskip("warcio", reason="warcio is not installed (the [warc] extra)")
    fake = tmp_path / "fake.warc"
    fake.write_bytes(b"<html>not an archive</html>")
    (record,) = read_records([str(fake)])
    assert record.skip == UNREADABLE and record.source == str(fake)


def _warc(path: Path) -> None:
    """A WARC with one record of each kind that needs a decision."""
    warcio = pytest.importorskip("warcio", reason="warcio is not installed (the [warc] extra)")
    from warcio.statusandheaders import StatusAndHeaders

    def response(writer, url, status, content_type, body, extra=()):
        headers = StatusAndHeaders(status, [("Content-Type", content_type), *extra], protocol="HTTP/1.1")
        writer.write_record(writer.create_warc_record(url, "response", payload=BytesIO(body), length=len(body),
                                                      http_headers=headers))

    with path.open("wb") as stream:
        writer = warcio.WARCWriter(stream, gzip=True)
        writer.write_record(writer.create_warcinfo_record(path.name, {"software": "test"}))
        writer.write_record(writer.create_warc_record("http://x.test/a", "request", http_headers=StatusAndHeaders(
            "GET /a HTTP/1.1", [("Host", "x.test")], is_http_request=True)))
        response(writer, "http://x.test/a", "200 OK", "text/html; charset=utf-8", ARTICLE)
        response(writer, "http://x.test/gone", "404 Not Found", "text/html", b"<html><body>gone</body></html>")
        response(writer, "http://x.test/logo.png", "200 OK", "image/png", b"\x89PNG...")
        response(writer, "http://x.test/sniffed", "200 OK", "text/plain", b"<!doctype html>" + ARTICLE)
        response(writer, "http://x.test/zipped", "200 OK", "text/html", gzip.compress(ARTICLE),
                 extra=[("Content-Encoding", "gzip")])
        response(writer, "http://x.test/nothing", "200 OK", "text/html", b"")
        writer.write_record(writer.create_warc_record("http://x.test/r", "resource", payload=BytesIO(ARTICLE),
                                                      length=len(ARTICLE), warc_content_type="text/html"))


def test_warc_records_kept_and_skipped_by_reason(tmp_path):
    archive = tmp_path / "crawl.warc.gz"
    _warc(archive)
    records = list(read_records([str(archive)]))
    assert [r.skip for r in records] == ["warc_warcinfo", "warc_request", None, HTTP_STATUS, NON_HTML, None, None,
                                         EMPTY, None]
    kept = [r for r in records if r.skip is None]
    assert [r.url for r in kept] == ["http://x.test/a", "http://x.test/sniffed", "http://x.test/zipped",
                                     "http://x.test/r"]
    assert kept[0].charset == "utf-8" and kept[2].body == ARTICLE  # content encoding undone
    assert all(re.fullmatch(rf"{re.escape(str(archive))}@\d+", r.source) for r in records)
    assert len({r.source for r in records}) == len(records)


@pytest.mark.parametrize("tail", [b"", b"garbage" * 50])
def test_cut_warc_ends_with_one_unreadable_record(tmp_path, tail):
    """A download that stopped half-way: warcio itself gives the cut record as if whole."""
    archive = tmp_path / "crawl.warc.gz"
    _warc(archive)
    from warcio.archiveiterator import ArchiveIterator

    with archive.open("rb") as stream:  # the cut falls inside the last record's gzip member, whatever its size
        records = ArchiveIterator(stream)
        last = [records.get_record_offset() for _ in records][-1]
    cut = tmp_path / "cut.warc.gz"
    cut.write_bytes(archive.read_bytes()[: last + (archive.stat().st_size - last) // 2] + tail)
    records = list(read_records([str(cut)]))
    assert records[-1].skip == UNREADABLE and "truncated" in records[-1].detail
    assert all(r.skip != UNREADABLE for r in records[:-1])
    tally = Tally()
    for result in extract_records(records, model="news", fmt="json"):
        tally.add(result)
    assert tally.skipped[UNREADABLE] == 1 and tally.written == sum(r.skip is None for r in records)


def test_results_in_input_order_with_their_counts(tmp_path):
    archive = tmp_path / "crawl.warc.gz"
    _warc(archive)
    records = list(read_records([str(archive)]))
    tally = Tally()
    results = list(extract_records(records, model="news", fmt="json", chunk_size=2))
    for result in results:
        tally.add(result)
    assert [r.source for r in results] == [r.source for r in records]
    assert (tally.read, tally.written, tally.errors) == (9, 4, 0)
    doc = json.loads(results[2].output)
    assert doc["source"] == records[2].source and doc["url"] == "http://x.test/a"
    assert "The harbour bridge reopened to traffic" in doc["text"]


def die_on_poison(chunk: list[Record], model: str, fmt: str):
    """A worker task that kills its process on the page marked poison, as a crash inside lxml would."""
    if any(record.url == "poison" for record in chunk):
        os._exit(3)
    return process_chunk(chunk, model, fmt)


def test_a_dying_worker_fails_its_chunks_and_the_run_goes_on():
    records = [Record(f"page-{i}", ARTICLE, "poison" if i == 1 else f"http://x.test/{i}") for i in range(12)]
    results = list(_in_pool(([r] for r in records), "news", "json", 2, task=die_on_poison))
    assert [r.source for r in results] == [r.source for r in records]  # one result per record, in order
    assert results[1].error == WORKER_DIED and json.loads(results[1].output)["error"] == WORKER_DIED
    assert all(r.error is None and json.loads(r.output)["text"] for r in results[10:])  # a fresh pool took over


class _PoolThatBreaks:
    """Stands for a process pool whose worker dies on the page marked poison: that chunk's future fails, and every
    later submit is refused, as the real pool does once it noticed (when it notices before the next collection
    depends on timing; this makes it happen at once)."""

    def __init__(self, jobs: int, mp_context=None) -> None:
        self.broken = False

    def submit(self, fn, *args):
        if self.broken:
            raise BrokenProcessPool("a child process terminated abruptly")
        future: Future = Future()
        if any(record.url == "poison" for record in args[0]):
            self.broken = True
            future.set_exception(BrokenProcessPool("a child process terminated abruptly"))
        else:
            future.set_result(fn(*args))
        return future

    def shutdown(self, wait: bool = True, cancel_futures: bool = False) -> None:
        pass


def test_a_pool_found_broken_when_submitting_fails_the_chunks_in_flight_and_goes_on(monkeypatch):
    monkeypatch.setattr(bulk_run, "ProcessPoolExecutor", _PoolThatBreaks)
    records = [Record(f"page-{i}", ARTICLE, "poison" if i == 1 else f"http://x.test/{i}") for i in range(6)]
    results = list(_in_pool(([r] for r in records), "news", "json", 2, task=process_chunk))
    assert [r.source for r in results] == [r.source for r in records]
    assert results[1].error == WORKER_DIED
    assert results[0].error is None and all(r.error is None and json.loads(r.output)["text"] for r in results[2:])


def test_resolve_jobs():
    assert resolve_jobs("2") == 2 and resolve_jobs(1) == 1 and resolve_jobs("auto") >= 1 and resolve_jobs("0") >= 1
    with pytest.raises(ValueError):
        resolve_jobs("-1")


def test_command_over_demo_warc_folder_and_missing_file_with_two_jobs(tmp_path):
    """The demo site's WARC plus a folder: --jobs 2 writes what --jobs 1 writes, and every record is accounted for."""
    pytest.importorskip("warcio", reason="warcio is not installed (the [warc] extra)")
    sys.path.insert(0, str(EXAMPLE_PROJECT))
    from demo_site import DemoSite
    from demo_site.archive import write_warc

    site = DemoSite.with_pages(24)  # 16 articles and 8 threads
    made = scrapy("demo-warc", str(tmp_path / "demo.warc.gz"), "--pages", "24", cwd=EXAMPLE_PROJECT)
    numbers = re.search(r"(\d+) WARC records, (\d+) responses, (\d+) of them HTML", made.stdout)
    counts = dict(zip(("records", "responses", "html_200"), map(int, numbers.groups()), strict=True))
    assert made.returncode == 0 and counts == write_warc(site, tmp_path / "again.warc")  # command = function
    responses, html = counts["responses"], counts["html_200"]
    folder = tmp_path / "pages"
    folder.mkdir()
    (folder / "story.html").write_bytes(ARTICLE)
    (folder / "blank.htm").write_bytes(b"")
    sources = [str(tmp_path / "demo.warc.gz"), str(folder), str(tmp_path / "missing.html")]
    outputs = {}
    for jobs in ("1", "2"):
        out = tmp_path / f"out-{jobs}.jsonl"
        result = scrapy("boiler-extract", *sources, "--jobs", jobs, "-o", str(out), "--model", "news", cwd=tmp_path)
        assert result.returncode == 1, result.stderr  # the missing file
        assert "missing.html" in result.stderr
        read, written, errors, reasons = summary(result.stderr)
        assert read == counts["records"] + 2 + 1 and written == html + 1 and errors == 0
        assert reasons == {"warc_request": responses, "warc_warcinfo": 1, "http_status": 1, "non_html": 1,
                           "empty": 1, "unreadable": 1}
        assert read == written + sum(reasons.values())
        outputs[jobs] = out.read_text(encoding="utf-8")
    assert outputs["1"] == outputs["2"]
    lines = [json.loads(line) for line in outputs["2"].splitlines()]
    assert len(lines) == html + 1 and lines[-1]["source"].endswith("story.html")
    article = site.article(1)
    (doc,) = [line for line in lines if line["url"].endswith(article.path)]
    assert article.paragraphs[0] in doc["text"] and doc["source"].startswith(str(tmp_path / "demo.warc.gz@"))


def test_failed_page_is_written_with_its_error(tmp_path):
    empty = tmp_path / "empty.html"
    empty.write_bytes(b"")
    (tmp_path / "ok.html").write_bytes(ARTICLE)
    result = scrapy("boiler-extract", str(empty), str(tmp_path / "ok.html"), "-o", "out.jsonl", cwd=tmp_path)
    assert result.returncode == 1 and "empty document" in result.stderr
    assert summary(result.stderr)[:3] == (2, 2, 1)
    first, second = (json.loads(line) for line in (tmp_path / "out.jsonl").read_text().splitlines())
    assert first["error"] and first["text"] == "" and second["error"] is None and second["text"]
