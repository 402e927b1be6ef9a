"""``python -m demo_site --port 8000 --pages 60 --latency-ms 0``: serve the demo site until interrupted.

``--bad-per-case K`` adds K copies of every hostile-input case under ``/bad/``; ``/load/urls-1.txt`` lists every
page (for load runs).
"""

from __future__ import annotations

import argparse
import sys

from demo_site.bad import BadPages
from demo_site.server import DemoServer
from demo_site.site import DemoSite


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m demo_site", description=__doc__)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000, help="0 picks a free port (printed on start)")
    parser.add_argument("--pages", type=int, default=60,
                        help="content pages: two thirds news articles, one third Q&A threads (default 60)")
    parser.add_argument("--articles", type=int, help="news articles (overrides the --pages split)")
    parser.add_argument("--questions", type=int, help="Q&A threads (overrides the --pages split)")
    parser.add_argument("--latency-ms", type=float, default=0.0, help="delay before every response")
    parser.add_argument("--bad-per-case", type=int, default=0,
                        help="copies of every hostile-input catalogue case under /bad/ (default 0)")
    parser.add_argument("--heavy-per-case", type=int, default=None,
                        help="copies of the heavy cases, bodies over 1 MB (default: --bad-per-case)")
    opts = parser.parse_args(argv)
    heavy = opts.bad_per_case if opts.heavy_per_case is None else opts.heavy_per_case
    bad = BadPages(opts.bad_per_case, heavy)
    site = DemoSite.with_pages(opts.pages, bad)
    if opts.articles is not None or opts.questions is not None:
        site = DemoSite(opts.articles if opts.articles is not None else site.articles,
                        opts.questions if opts.questions is not None else site.questions, bad=bad)
    site.load_paths()  # build the bad pages and the load index now, not while the first requests wait
    server = DemoServer(site, opts.host, opts.port, opts.latency_ms)
    # The first line on stdout is the URL: the benchmark reads it to learn a port chosen with --port 0.
    print(server.url, flush=True)
    print(f"{site.articles} articles, {site.questions} threads, {len(bad.paths)} bad pages, "
          f"latency {opts.latency_ms:g} ms; Ctrl-C stops",
          file=sys.stderr, flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
