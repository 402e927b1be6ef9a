import codecs

from scrapy_boiler.parse.encoding import charset_from_content_type, decode_html, normalize_charset, sniff_meta_charset

TEXT = "Crème brûlée – café"


def test_bom_wins_over_everything():
    data = codecs.BOM_UTF8 + f"<meta charset='iso-8859-1'><p>{TEXT}</p>".encode()
    decoded = decode_html(data, declared="cp1251")
    assert decoded.source == "bom" and TEXT in decoded.text and not decoded.text.startswith("\ufeff")


def test_utf16_with_and_without_bom():
    body = f"<html><body><p>{TEXT}</p></body></html>"
    with_bom = decode_html(codecs.BOM_UTF16_LE + body.encode("utf-16-le"))
    without = decode_html(body.encode("utf-16-le"))
    assert with_bom.text == body and with_bom.source == "bom"
    assert without.text == body and without.encoding == "utf-16-le"


def test_header_charset_is_used_when_given():
    data = f"<p>{TEXT}</p>".encode("cp1252")
    assert decode_html(data, declared="windows-1252").source == "header"
    assert TEXT in decode_html(data, declared="windows-1252").text


def test_valid_utf8_beats_a_lying_meta():
    data = f'<meta http-equiv="Content-Type" content="text/html; charset=iso-8859-1"><p>{TEXT}</p>'.encode()
    decoded = decode_html(data)
    assert decoded.encoding == "utf-8" and TEXT in decoded.text


def test_meta_used_for_non_utf8_bytes():
    data = '<meta charset="windows-1251"><p>Привет мир</p>'.encode("cp1251")
    decoded = decode_html(data)
    assert decoded.source == "meta" and "Привет мир" in decoded.text


def test_latin1_label_means_cp1252(page_bytes):
    decoded = decode_html(page_bytes("latin1.html"))
    assert decoded.encoding == "cp1252"
    assert "Crème brûlée" in decoded.text and "–" in decoded.text


def test_unknown_and_lying_charsets_never_raise():
    data = b"<meta charset='x-no-such-charset'><p>caf\xe9 \xff\xfe\x81</p>"
    decoded = decode_html(data, declared="also-not-a-charset")
    assert "caf" in decoded.text


def test_helpers():
    assert normalize_charset("ISO-8859-1") == "cp1252"
    assert normalize_charset("utf8") == "utf-8"
    assert normalize_charset("nonsense") is None
    assert charset_from_content_type("text/html; charset=UTF-8") == "UTF-8"
    assert charset_from_content_type("text/html") is None
    assert sniff_meta_charset(b'<meta charset="Shift_JIS">') == "shift_jis"


def test_mostly_utf8_with_stray_bytes_stays_utf8():
    data = ("<p>" + TEXT * 5 + "</p>").encode() + b"\x96 stray"
    decoded = decode_html(data)
    assert decoded.encoding == "utf-8" and decoded.source == "fallback"
    assert TEXT in decoded.text and "\ufffd" in decoded.text
