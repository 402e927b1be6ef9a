"""The demo site as a WARC archive, as a crawler that saved every fetch would have written it (needs warcio).

Each page is a request record and a response record, after one warcinfo record: so an archive holds
records that are not pages (request, warcinfo), a non-HTML response (the PDF) and an HTTP 500, as
real crawl archives do. Written straight from :class:`DemoSite` (no server): fast and deterministic.
"""

from __future__ import annotations

from io import BytesIO
from pathlib import Path
from urllib.parse import urljoin, urlsplit

from demo_site.site import DemoSite

STATUS_TEXT = {200: "OK", 404: "Not Found", 500: "Internal Server Error"}


def write_warc(site: DemoSite, path: Path, base_url: str = "http://127.0.0.1:8000/") -> dict[str, int]:
    """Write every path of ``site`` to ``path`` (gzipped when it ends in ``.gz``); return counts by kind."""
    from warcio.statusandheaders import StatusAndHeaders
    from warcio.warcwriter import WARCWriter

    counts = {"records": 0, "responses": 0, "html_200": 0}
    with path.open("wb") as stream:
        writer = WARCWriter(stream, gzip=path.name.endswith(".gz"))
        info = writer.create_warcinfo_record(path.name, {"software": "demo_site (scrapy-boiler example project)"})
        writer.write_record(info)
        counts["records"] += 1
        host = urlsplit(base_url).netloc
        for site_path in site.section_paths():
            url = urljoin(base_url, site_path)
            reply = site.get(site_path)
            request_headers = StatusAndHeaders(f"GET {site_path} HTTP/1.1", [("Host", host)], is_http_request=True)
            writer.write_record(writer.create_warc_record(url, "request", http_headers=request_headers))
            headers = StatusAndHeaders(f"{reply.status} {STATUS_TEXT.get(reply.status, '')}".strip(),
                                       [("Content-Type", reply.content_type),
                                        ("Content-Length", str(len(reply.body)))], protocol="HTTP/1.1")
            writer.write_record(writer.create_warc_record(url, "response", payload=BytesIO(reply.body),
                                                          length=len(reply.body), http_headers=headers))
            counts["records"] += 2
            counts["responses"] += 1
            counts["html_200"] += reply.status == 200 and reply.content_type.startswith("text/html")
    return counts
