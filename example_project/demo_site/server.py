"""Serve a :class:`~demo_site.site.DemoSite` over HTTP with the standard library, with optional latency."""

from __future__ import annotations

import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from demo_site.site import DemoSite


class DemoServer(ThreadingHTTPServer):
    """A threaded HTTP server for the demo site; ``latency_ms`` delays every response like a remote site."""

    daemon_threads = True
    request_queue_size = 128

    def __init__(self, site: DemoSite, host: str = "127.0.0.1", port: int = 0, latency_ms: float = 0.0) -> None:
        super().__init__((host, port), _Handler)
        self.site = site
        self.latency = latency_ms / 1000.0

    @property
    def url(self) -> str:
        host, port = self.server_address[:2]
        return f"http://{host}:{port}/"

    def start_in_thread(self) -> threading.Thread:
        """Serve in a daemon thread (for the demo command and tests); stop with :meth:`shutdown`."""
        worker = threading.Thread(target=self.serve_forever, name="demo-site", daemon=True)
        worker.start()
        return worker


class _Handler(BaseHTTPRequestHandler):
    server: DemoServer
    protocol_version = "HTTP/1.1"  # keep-alive, as Scrapy's HTTP/1.1 client expects from real sites
    # Headers and body go out in two writes; with Nagle's algorithm on, the second waits for the client's
    # delayed ACK (~40 ms on Linux) and every response would look like a slow remote site.
    disable_nagle_algorithm = True

    def do_GET(self) -> None:
        self._reply(send_body=True)

    def do_HEAD(self) -> None:
        self._reply(send_body=False)

    def _reply(self, send_body: bool) -> None:
        if self.server.latency:
            time.sleep(self.server.latency)
        reply = self.server.site.get(self.path)
        self.send_response(reply.status)
        self.send_header("Content-Type", reply.content_type)
        self.send_header("Content-Length", str(len(reply.body)))
        self.end_headers()
        if send_body:
            self.wfile.write(reply.body)

    def log_message(self, format: str, *args: object) -> None:
        """Quiet: a crawl of a thousand pages would otherwise print a thousand lines."""
