"""A made-up local newspaper and Q&A forum to crawl: deterministic pages, served by the standard library.

``DemoSite(articles, questions).get(path)`` answers one request without a server (for tests);
``DemoServer(site, port=0, latency_ms=...)`` serves it; ``python -m demo_site`` runs it from a shell.
``BadPages`` adds the hostile-input catalogue, and ``LOAD_INDEX_PATH`` lists every page for load runs.
"""

from demo_site.bad import BadPages
from demo_site.server import DemoServer
from demo_site.site import BROKEN_PATH, LOAD_INDEX_PATH, PDF_PATH, DemoSite, Reply

__all__ = ["BROKEN_PATH", "LOAD_INDEX_PATH", "PDF_PATH", "BadPages", "DemoServer", "DemoSite", "Reply"]
