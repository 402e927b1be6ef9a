"""Corpus readers: archive streaming, gold formats, L3S label spans, splits and data-dir lookup."""

from __future__ import annotations

import io
import itertools
import json
import tarfile
from pathlib import Path

import pytest

from scrapy_boiler.datasets import DatasetNotFound, Page, available_datasets, find_data_dir, load
from scrapy_boiler.datasets.archives import id_sort_key, iter_archive
from scrapy_boiler.datasets.gold import decode_gold, parse_cleaneval_gold, split_dragnet_gold
from scrapy_boiler.datasets.l3s import parse_l3s_gold

REAL_DATA = Path(__file__).resolve().parents[2].parent / "shared" / "datasets"


def write_archive(
    directory: Path, name: str, members: list[tuple[str, bytes]], *, dirs: bool = False
) -> Path:
    """A ``.tar.xz`` in the corpus layout; ``members`` are (path inside ``name/``, bytes) in that order."""
    path = directory / f"{name}.tar.xz"
    with tarfile.open(path, "w:xz", format=tarfile.PAX_FORMAT) as archive:
        if dirs:
            for folder in (name, f"{name}/gold"):
                info = tarfile.TarInfo(folder)
                info.type = tarfile.DIRTYPE
                archive.addfile(info)
        for inner, data in members:
            info = tarfile.TarInfo(f"{name}/{inner}")
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))
    return path


def one_page(tmp_path: Path, name: str, html: bytes, gold: bytes, *, gold_ext: str = "txt") -> Page:
    write_archive(tmp_path, name, [("html/1.html", html), (f"gold/1.{gold_ext}", gold)])
    pages = list(load(name, data_dir=tmp_path))
    assert len(pages) == 1
    return pages[0]


# --- archives -----------------------------------------------------------------------------------


def test_iter_archive_pairs_by_id_not_position(tmp_path: Path) -> None:
    path = write_archive(
        tmp_path,
        "dragnet",
        [
            ("gold/b.txt", b"gold b"),
            ("html/a.html", b"html a"),
            ("html/b.html", b"html b"),
            ("html/orphan.html", b"no gold"),
            ("gold/a.txt", b"gold a"),
        ],
    )
    assert sorted(iter_archive(path)) == [("a", b"html a", b"gold a"), ("b", b"html b", b"gold b")]


def test_iter_archive_skips_directories_and_yields_gold_only_members(tmp_path: Path) -> None:
    path = write_archive(tmp_path, "webforum-train", [("gold/t.json", b"{}")], dirs=True)
    assert list(iter_archive(path)) == [("t", None, b"{}")]


def test_pages_are_sorted_by_id_with_numbers_compared_as_numbers(tmp_path: Path) -> None:
    members = []
    for page_id in ["10", "9", "R2", "100", "R10", "T1"]:
        members += [(f"html/{page_id}.html", b"<p>x</p>"), (f"gold/{page_id}.txt", b"x")]
    write_archive(tmp_path, "dragnet", members)
    assert [p.id for p in load("dragnet", data_dir=tmp_path)] == ["9", "10", "100", "R2", "R10", "T1"]
    assert [p.id for p in load("dragnet", data_dir=tmp_path, limit=2)] == ["9", "10"]
    assert id_sort_key("2") < id_sort_key("10") < id_sort_key("R1")


# --- gold decoding ------------------------------------------------------------------------------


def test_decode_gold_policy() -> None:
    assert decode_gold(b"\xef\xbb\xbfcaf\xc3\xa9\r\nx") == "café\nx"
    assert decode_gold("\ufeffline\r\n".encode("utf-16-le")) == "line\n"
    assert decode_gold("caf\u00e9 \u2019".encode("cp1252")) == "café \u2019"
    # mostly UTF-8 with one stray byte: keep the UTF-8 characters, replace the stray one
    mostly = "naïve café résumé".encode() + b" \x92 end"
    assert decode_gold(mostly) == "naïve café résumé \ufffd end"


# --- CleanEval ----------------------------------------------------------------------------------


def test_cleaneval_markers_header_and_wrapping() -> None:
    text = (
        "URL: http://example.com/a\n\n"
        "Intro text before any marker\n"
        "  <h>A Heading\n"
        "   <p>First paragraph that is\n   hard-wrapped over lines. <P>Second paragraph mid-line.\n"
        "<l>Item one<L>Item two</p>\n"
        "<p>URL: not a header here <CR>\n"
        "<H>Upper heading\n"
    )
    gold = parse_cleaneval_gold(text)
    assert gold.url == "http://example.com/a"
    assert gold.text.split("\n") == [
        "Intro text before any marker",
        "A Heading",
        "First paragraph that is hard-wrapped over lines.",
        "Second paragraph mid-line.",
        "Item one",
        "Item two",
        "URL: not a header here",
        "Upper heading",
    ]


def test_cleaneval_url_header_only_when_first_non_blank_line() -> None:
    assert parse_cleaneval_gold("\n\n  URL: http://x.org\n<p>Body").text == "Body"
    no_header = parse_cleaneval_gold("<p>Body\nURL: http://x.org\n")
    assert no_header.url is None
    assert no_header.text == "Body URL: http://x.org"
    assert parse_cleaneval_gold("URL: http://x.org\n").text == ""  # empty gold (e.g. test 278)


def test_cleaneval_page_wrapper_and_nul_are_stripped(tmp_path: Path) -> None:
    html = (
        b'<text id="http://example.com/p" title="A <br/> title" encoding="iso-8859-1">\n'
        b"<html><body><p>Hello\x00 world</p></body></html>\n</text>\n"
    )
    page = one_page(tmp_path, "cleaneval-test", html, b"URL: http://example.com/p\n<p>Hello world\n")
    assert page.html == b"<html><body><p>Hello world</p></body></html>"
    assert page.url == "http://example.com/p"
    assert page.gold_text == "Hello world"
    assert page.dataset == "cleaneval-test"
    assert page.gold_comments is None and page.gold_spans is None and page.posts is None


def test_cleanportaleval_entities_and_comment_only_gold(tmp_path: Path) -> None:
    write_archive(
        tmp_path,
        "cleanportaleval",
        [
            ("html/a.html", b'\n<text id="http://news.example/a"> \n<html><body>x</body></html>'),
            (
                "gold/a.txt",
                b"\nURL: http://news.example/a\n<h>It&#039;s here &mdash; now\n<p>Tom &amp; Jerry&rsquo;s",
            ),
            ("html/b.html", b'\n<text id="http://news.example/b">\n<html><body>y</body></html>'),
            ("gold/b.txt", b"\nURL: http://news.example/b\n\n<!-- this page contains no article -->\n"),
        ],
    )
    a, b = load("cleanportaleval", data_dir=tmp_path)
    assert a.gold_text == "It's here \u2014 now\nTom & Jerry\u2019s"
    assert a.url == "http://news.example/a"
    assert a.html == b"<html><body>x</body></html>"
    assert b.gold_text == ""


def test_cleaneval_gold_has_no_entity_decoding(tmp_path: Path) -> None:
    page = one_page(tmp_path, "cleaneval-dev", b"<p>x</p>", b"<p>AT&amp;T")
    assert page.gold_text == "AT&amp;T"


# --- Dragnet ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "separator",
    [
        "!@#$%^&*()  COMMENTS",
        "!@#$%^&*()  COMMENTS\t",
        "!@#$%^&*() COMMENTS",
        "!@#$%^&*()   COMMENTS",
        "!@#$%^&*()\tCOMMENTS",
        "!@ $%^&*()  COMMENTS",
        "!#@$%^&*()  COMMENTS",
        "!!@#$%^&*()  COMMENTS",
        "@#$%^&*()  COMMENTS",
        "!@#$%^&**(  COMMENTS",
        "!@#$%^&*()  COMMNENTS",
        "!@#$%^&*()  CORRECTED",
        "!@#$%^&*()",
    ],
)
def test_dragnet_separator_variants(separator: str) -> None:
    content, comments = split_dragnet_gold(
        f"Title\n\nBody text.\n{separator}\nFirst comment\n\nSecond comment\n"
    )
    assert content == "Title\nBody text."
    assert comments == "First comment\nSecond comment"


def test_dragnet_star_rule_in_content_does_not_split() -> None:
    content, comments = split_dragnet_gold("Part one\n*****\nPart two\n* * * * * *\nEnd")
    assert comments is None
    assert content == "Part one\n*****\nPart two\n* * * * * *\nEnd"


def test_dragnet_separator_with_nothing_after() -> None:
    assert split_dragnet_gold("Body\n!@#$%^&*()  COMMENTS\n\n") == ("Body", "")


def test_dragnet_crlf_and_utf16_gold(tmp_path: Path) -> None:
    gold = "\ufeffHead\u2019s line\r\n\r\nBody\r\n!@#$%^&*()  COMMENTS\r\nA reader\r\n".encode("utf-16-le")
    page = one_page(tmp_path, "dragnet", b"<html><body>Body</body></html>", gold)
    assert page.gold_text == "Head\u2019s line\nBody"
    assert page.gold_comments == "A reader"
    assert page.url is None


# --- L3S-GN1 ------------------------------------------------------------------------------------

L3S_GOLD = b"""<html><head>
<meta http-equiv="Content-Type" content="text/html; charset=ISO-8859-1">
<style type="text/css">
.x-nc-sel1 { background-color: #42ffa1 !important; }
.x-nc-sel2 { background-color: #ffff42 !important; }
</style>
<style>p { margin: 0 }</style>
<title>&lt;SPAN class="x-nc-sel2"&gt;Page title&lt;/SPAN&gt;</title>
</head><body class="page x-nc-linearized">
<div class="nav"><a href="javascript:void(0)">Home</a> <a href="javascript:void(0)">World</a></div>
<span class="x-nc-sel0"><div>
  <h1><span class="x-nc-sel1">Big headline</span></h1>
  <span class="x-nc-sel3">By A. Writer</span>
  <p><span class="x-nc-sel2">First <b>bold</b> paragraph</span> unlabelled tail</p>
  <span class="x-nc-sel2"><p>Second paragraph <span class="x-nc-sel0">advert inside</span>
   continues</p></span>
  <script>var hidden = "script text";</script>
  <!-- a comment -->
  <div class="x-nc-sel4">Related story link</div>
  <div class="extra x-nc-sel5"><p>Reader comment one</p><p>Reader comment two</p></div>
  <input class="x-nc-invisible" type="hidden">
</div></span>
</body></html>"""


def test_l3s_labels_innermost_wins_and_comments() -> None:
    gold = parse_l3s_gold(L3S_GOLD)
    assert gold.text.split("\n") == [
        "Big headline",
        "By A. Writer",
        "First bold paragraph",
        "Second paragraph",
        "continues",
    ]
    assert gold.comments == "Reader comment one\nReader comment two"
    content = [text for text, is_content in gold.spans if is_content]
    boilerplate = " ".join(text for text, is_content in gold.spans if not is_content)
    assert "advert inside" in boilerplate and "Related story link" in boilerplate
    assert "Reader comment one" in boilerplate and "unlabelled tail" in boilerplate
    assert "script text" not in boilerplate + " ".join(content)
    assert any("Big headline" in text for text in content)


def test_l3s_spans_are_in_document_order() -> None:
    spans = parse_l3s_gold(L3S_GOLD).spans
    flags = [is_content for _, is_content in spans]
    assert all(a != b for a, b in itertools.pairwise(flags))  # consecutive same flags merged
    text = " ".join(piece for piece, _ in spans)
    order = [
        "Home",
        "Big headline",
        "First",
        "unlabelled tail",
        "Second paragraph",
        "advert inside",
        "continues",
        "Related story link",
        "Reader comment two",
    ]
    positions = [text.index(word) for word in order]
    assert positions == sorted(positions)


def test_l3s_page_has_no_label_left(tmp_path: Path) -> None:
    page = one_page(tmp_path, "l3s-gn1", b"<html>original page, unused</html>", L3S_GOLD, gold_ext="html")
    assert b"x-nc" not in page.html
    assert b"Big headline" in page.html and b"Reader comment one" in page.html
    assert b'class="extra"' in page.html and b'class="page"' in page.html
    assert b"charset=utf-8" in page.html and b"ISO-8859-1" not in page.html
    assert b"p { margin: 0 }" in page.html  # the page's own style stays
    assert b"<title>Page title</title>" in page.html
    assert page.gold_spans is not None and page.gold_text.startswith("Big headline")
    assert page.gold_comments == "Reader comment one\nReader comment two"


def test_l3s_page_without_comments() -> None:
    gold = parse_l3s_gold(b'<html><body><p class="x-nc-sel2">Only text</p><p>menu</p></body></html>')
    assert gold.comments is None
    assert gold.text == "Only text"
    assert gold.spans == (("Only text", True), ("menu", False))


# --- web forums ---------------------------------------------------------------------------------


def test_webforum_json(tmp_path: Path) -> None:
    text = "Forum Home Hello there, first post. alice 1 May 2020 Reply by bob: second post"

    def span(part: str) -> dict[str, object]:
        start = text.index(part)
        return {"surface_form": part, "start": start, "end": start + len(part)}

    doc = {
        "id": "x1",
        "url": "https://forum.example/t/1",
        "text": text,
        "html": "<html><body><p>Hello there, first post.</p><p>second post \u00e9</p></body></html>",
        "gold_standard_annotation": [
            {
                "post_text": span("Hello there, first post."),
                "user": span("alice"),
                "datetime": span("1 May 2020"),
                "post_link": span("Forum Home"),
            },
            {"post_text": span("second post"), "user": span("bob"), "datetime": span("Reply")},
        ],
    }
    write_archive(
        tmp_path, "webforum-train", [("gold/forum.example.t.1.json", json.dumps(doc).encode())], dirs=True
    )
    (page,) = load("webforum-train", data_dir=tmp_path)
    assert page.id == "forum.example.t.1"
    assert page.url == "https://forum.example/t/1"
    assert page.html == doc["html"].encode("utf-8")
    assert page.gold_text == "Hello there, first post.\nsecond post"
    assert page.posts is not None and len(page.posts) == 2
    assert page.posts[0]["user"] == "alice" and page.posts[0]["post_link"] == "Forum Home"
    assert "post_link" not in page.posts[1]
    start, end = page.posts[1]["offsets"]["post_text"]
    assert text[start:end] == "second post"


# --- specs, splits, data directory --------------------------------------------------------------


def _numbered_archive(tmp_path: Path, name: str, ids: list[str]) -> None:
    members = []
    for page_id in ids:
        members += [
            (f"html/{page_id}.html", f"<p>page {page_id}</p>".encode()),
            (f"gold/{page_id}.txt", b"x"),
        ]
    write_archive(tmp_path, name, members)


def test_splits(tmp_path: Path) -> None:
    _numbered_archive(tmp_path, "dragnet", ["1", "2", "3", "R4"])
    (tmp_path / "splits").mkdir()
    (tmp_path / "splits" / "dragnet-valid.txt").write_text("2\nR4\n")
    assert [p.id for p in load("dragnet:valid", data_dir=tmp_path)] == ["2", "R4"]
    assert [p.id for p in load("dragnet:train", data_dir=tmp_path)] == ["1", "3"]
    assert [p.id for p in load("dragnet", data_dir=tmp_path)] == ["1", "2", "3", "R4"]


def test_cleaneval_dev_train_drops_the_page_shared_with_test(tmp_path: Path) -> None:
    _numbered_archive(tmp_path, "cleaneval-dev", ["59", "60", "61"])
    _numbered_archive(tmp_path, "cleaneval-test", ["60", "61"])
    assert [p.id for p in load("cleaneval-dev:train", data_dir=tmp_path)] == ["59", "61"]
    assert [p.id for p in load("cleaneval-dev", data_dir=tmp_path)] == ["59", "60", "61"]
    assert [p.id for p in load("cleaneval-test", data_dir=tmp_path)] == ["60", "61"]


@pytest.mark.parametrize("spec", ["nope", "cleaneval-test:valid", "dragnet:test"])
def test_bad_specs(tmp_path: Path, spec: str) -> None:
    with pytest.raises(ValueError):
        load(spec, data_dir=tmp_path)


def test_missing_data_is_reported_with_the_places_looked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    missing = tmp_path / "nowhere"
    with pytest.raises(DatasetNotFound, match="nowhere"):
        find_data_dir(missing)
    with pytest.raises(DatasetNotFound, match=r"dragnet\.tar\.xz"):
        load("dragnet", data_dir=tmp_path)
    monkeypatch.setenv("BOILER_DATA_DIR", str(missing))
    with pytest.raises(DatasetNotFound, match="BOILER_DATA_DIR"):
        load("dragnet")
    assert available_datasets() == []
    assert issubclass(DatasetNotFound, FileNotFoundError)


def test_data_dir_from_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _numbered_archive(tmp_path, "cleaneval-test", ["1"])
    monkeypatch.setenv("BOILER_DATA_DIR", str(tmp_path))
    assert find_data_dir() == tmp_path
    assert available_datasets() == ["cleaneval-test"]
    assert [p.id for p in load("cleaneval-test")] == ["1"]


def test_folder_of_pairs(tmp_path: Path) -> None:
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "b.html").write_bytes(b"<html><body><p>Second page</p></body></html>")
    (folder / "b.txt").write_text("Second page\n\nMore text\r\nlast line\n", encoding="utf-8")
    (folder / "a.html").write_bytes(b"<html><body><p>First\x00 page</p></body></html>")
    (folder / "a.txt").write_bytes("First page".encode("utf-8-sig"))
    (folder / "lonely.html").write_bytes(b"<p>no gold</p>")
    pages = list(load(str(folder)))
    assert [(p.dataset, p.id) for p in pages] == [("mine", "a"), ("mine", "b")]
    assert pages[0].html == b"<html><body><p>First page</p></body></html>"
    assert pages[0].gold_text == "First page"
    assert pages[1].gold_text == "Second page\nMore text\nlast line"
    assert [p.id for p in load(str(folder), limit=1)] == ["a"]


# --- the real corpora ---------------------------------------------------------------------------


@pytest.mark.datasets
@pytest.mark.skipif(not REAL_DATA.is_dir(), reason=f"corpus archives not found at {REAL_DATA}")
@pytest.mark.parametrize(
    "spec",
    [
        "cleaneval-dev",
        "cleaneval-test",
        "cleanportaleval",
        "dragnet",
        "l3s-gn1",
        "webforum-train",
        "dragnet:valid",
    ],
)
def test_real_datasets_load(spec: str) -> None:
    pages = list(load(spec, data_dir=REAL_DATA, limit=3))
    assert len(pages) == 3
    for page in pages:
        assert page.html.strip() and b"\x00" not in page.html
        assert page.gold_text.strip()
        assert page.dataset == spec.partition(":")[0]
    if spec == "l3s-gn1":
        assert all(page.gold_spans and b"x-nc-sel" not in page.html for page in pages)
    if spec == "webforum-train":
        assert all(page.posts for page in pages)


def test_label_page_puts_gold_on_reference_leaves(tmp_path):
    from scrapy_boiler.datasets import label_page, load_folder

    (tmp_path / "p.html").write_text(
        "<html><body><ul><li><a href='/'>Home</a></li></ul>"
        "<p>The only paragraph that the annotator kept as the main content.</p><p>Footer</p></body></html>",
        encoding="utf-8",
    )
    gold = "The only paragraph that the annotator kept as the main content.\n"
    (tmp_path / "p.txt").write_text(gold, encoding="utf-8")
    labelled = label_page(next(load_folder(tmp_path)))
    assert [leaf.text for leaf in labelled.leaves] == [
        "Home", "The only paragraph that the annotator kept as the main content.", "Footer",
    ]
    assert labelled.labels == [False, True, False]
    assert labelled.leaf_words == [1, 11, 1]


@pytest.mark.datasets
@pytest.mark.skipif(not REAL_DATA.is_dir(), reason=f"corpus archives not found at {REAL_DATA}")
@pytest.mark.parametrize("name, folds", [("fundus-train", 4), ("threads-train", 3)])
def test_real_folds_hold_each_publisher_out_once(name: str, folds: int) -> None:
    every = {page.id: page.site for page in load(name, data_dir=REAL_DATA)}
    held_out: list[str] = []
    for fold in range(folds):
        valid = {page.id: page.site for page in load(f"{name}:valid@{fold}", data_dir=REAL_DATA)}
        train = {page.id: page.site for page in load(f"{name}:train@{fold}", data_dir=REAL_DATA)}
        assert valid and train and valid.keys() | train.keys() == every.keys()
        assert not set(valid.values()) & set(train.values())  # no publisher (platform) on both sides
        held_out += valid
    assert sorted(held_out) == sorted(every)  # every page held out exactly once
    assert {page.id for page in load(f"{name}:valid@0", data_dir=REAL_DATA)} == {
        page.id for page in load(f"{name}:valid", data_dir=REAL_DATA)}
