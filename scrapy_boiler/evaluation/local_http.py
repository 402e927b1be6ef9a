"""A throwaway HTTP server on the loopback interface, for real crawls of local pages (the article-fields crawl, the
crawl tests)."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

#: A route of :func:`local_server`: path (query string removed) → (status, content type or None, body).
Reply = tuple[int, "str | None", bytes]


@contextmanager
def local_server(reply: Callable[[str], Reply]) -> Iterator[str]:
    """An HTTP server on a free loopback port answering GETs with ``reply(path)``; yields its base URL."""

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            status, content_type, body = reply(self.path.split("?")[0])
            self.send_response(status)
            if content_type:
                self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: object) -> None:
            pass

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()
