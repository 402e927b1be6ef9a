"""Property-based fuzzing of ``extract``: random bytes, tag soup and mutated real pages never crash it.

Every input must give a Document that is either extracted (no reason, blocks inside the page's leaves) or
refused with a catalogued reason and empty text, and that survives the trip to and from a worker process.
CI runs a few hundred inputs; a long campaign:

    BOILER_FUZZ_EXAMPLES=5000 pytest tests/unit/test_fuzz.py --hypothesis-show-statistics
"""

from __future__ import annotations

import json
import os
import pickle
from pathlib import Path

import pytest

hypothesis = pytest.importorskip("hypothesis", reason="fuzzing needs hypothesis (pip install -e '.[test]')")
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from scrapy_boiler import Document, extract  # noqa: E402
from scrapy_boiler.evaluation.hostile import MARKER, article_body, article_page  # noqa: E402
from scrapy_boiler.limits import REASONS, WARNINGS  # noqa: E402

PAGES = sorted((Path(__file__).parents[1] / "pages").glob("*.html"))
SEEDS = [page.read_bytes() for page in PAGES] + [article_page().encode()]
EXAMPLES = int(os.environ.get("BOILER_FUZZ_EXAMPLES", "120"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck), derandomize=False)

#: Pieces that break parsers: unbalanced tags, raw-text elements, comments and CDATA left open, entities,
#: control and non-BMP characters, byte-order marks, charset declarations, stray bytes of other charsets.
TOKENS = [
    "<div>", "</div>", "<p>", "</p>", "<a href='#'>", "</a>", "<table><tr><td>", "</td>", "<li>", "<ul>", "</ul>",
    "<script>", "</script>", "<style>", "<!--", "-->", "<![CDATA[", "]]>", "<?xml version='1.0'?>", "<!DOCTYPE",
    "<html>", "<body>", "</body>", "<head>", "<title>", "</title>", "<br/>", "<img src=x>", "<frameset>",
    "<noscript>", "</noscript>", "<svg:svg xmlns:svg='http://www.w3.org/2000/svg'>", "<h1>", "</h1>", "<pre>",
    "&amp;", "&#0;", "&#x110000;", "&nbsp;", "&unknown;", "<", ">", "\"", "'", "=", "\x00", "\x0b", "\ufeff",
    "\ud7ff", "😀", "<meta charset='utf-16'>", "<meta charset='nonsense'>", "<p hidden>", "<div style='display:none'>",
    "<article>", "<nav>", "<form><input></form>", "<textarea>", "\r\n", "\t", "   ",
    "Some sentence of ordinary words, long enough to be content. ",
    "北京时间今天上午，国家统计局发布了数据。", "مرحبا بالعالم", "Comments (12) | Reply | Share",
]


@st.composite
def tag_soup(draw: st.DrawFn) -> bytes:
    pieces = draw(st.lists(st.one_of(st.sampled_from(TOKENS), st.text(max_size=30)), max_size=120))
    encoding = draw(st.sampled_from(["utf-8", "utf-16", "utf-16-le", "cp1252", "latin-1", "shift_jis", "gb18030"]))
    return "".join(pieces).encode(encoding, "replace")


@st.composite
def mutated_page(draw: st.DrawFn) -> bytes:
    """A real page with a few random edits: cuts, duplications, insertions of tokens or bytes, truncation."""
    data = bytearray(draw(st.sampled_from(SEEDS)))
    for _ in range(draw(st.integers(1, 6))):
        size = len(data)
        at = draw(st.integers(0, size))
        kind = draw(st.sampled_from(["cut", "repeat", "token", "bytes", "truncate", "flip"]))
        if kind == "cut":
            del data[at:at + draw(st.integers(1, 400))]
        elif kind == "repeat":
            data[at:at] = data[at:at + draw(st.integers(1, 400))] * draw(st.integers(1, 30))
        elif kind == "token":
            data[at:at] = draw(st.sampled_from(TOKENS)).encode("utf-8") * draw(st.integers(1, 50))
        elif kind == "bytes":
            data[at:at] = draw(st.binary(min_size=1, max_size=64))
        elif kind == "truncate":
            del data[at:]
        elif at < size:
            data[at] ^= draw(st.integers(1, 255))
    return bytes(data)


def check_document(doc: Document) -> None:
    """What every Document must satisfy, whatever the input."""
    assert isinstance(doc, Document)
    assert set(doc.warnings) <= set(WARNINGS)
    if doc.reason is not None:
        assert doc.reason in REASONS and doc.error and doc.text == "" and not doc.blocks
    else:
        assert doc.error is None
        for block in doc.blocks:
            assert 0 <= block.leaf_start < block.leaf_end <= doc.num_leaves
            assert block.label in ("content", "boilerplate")
        content = [block.text for block in doc.blocks if block.is_content]
        assert bool(doc.text) == any(text.strip() for text in content)
    assert pickle.loads(pickle.dumps(doc)) == doc  # the trip from a worker process
    json.dumps(doc.to_dict())


@FUZZ
@given(st.binary(max_size=4000))
def test_random_bytes(data: bytes):
    check_document(extract(data, "http://fuzz.test/"))


@FUZZ
@given(tag_soup(), st.sampled_from(["auto", "news", "default", "posts"]))
def test_tag_soup(data: bytes, model: str):
    check_document(extract(data, model=model))


@FUZZ
@given(mutated_page(), st.sampled_from(["auto", "news", "learned-tree"]), st.sampled_from([None, "utf-8", "latin-1"]))
def test_mutated_real_pages(data: bytes, model: str, charset: str | None):
    check_document(extract(data, model=model, encoding=charset))


@FUZZ
@given(st.lists(st.sampled_from(["<div>", "<font>", "<b>", "<span>", "<td>", "<li>", "<blockquote>", "<a href=x>"]),
                min_size=1, max_size=4), st.integers(1, 6000), st.booleans())
def test_nesting_never_loses_the_words(tags: list[str], depth: int, closed: bool):
    """However deep the article is wrapped (closed or not), every word of it is kept."""
    opening = "".join(tags)
    closing = "".join(f"</{tag[1:].split()[0].rstrip('>')}>" for tag in reversed(tags)) if closed else ""
    body = opening * depth + article_body() + closing * depth + "<p>after the nesting</p>"
    doc = extract(article_page(body), model="keep-everything")
    check_document(doc)
    assert MARKER in doc.text and "after the nesting" in doc.text


@settings(max_examples=max(10, EXAMPLES // 6), deadline=None, suppress_health_check=list(HealthCheck))
@given(st.one_of(mutated_page(), tag_soup()), st.sampled_from(["semtext", "web2text", "multiboilernet"]))
def test_neural_models_on_mutated_pages(data: bytes, model: str):
    pytest.importorskip("torch", reason="neural models need torch")
    check_document(extract(data, model=model, device="cpu"))
