"""The example project's settings for one crawl shared by many processes, on one or more machines, through Redis.

Select it with ``SCRAPY_SETTINGS_MODULE=boiler_example.settings_redis`` and point every process at the same
server with ``REDIS_URL`` (default ``redis://127.0.0.1:6379/0``). scrapy-redis keeps the request queue and the
seen-request fingerprints in Redis, so each URL is fetched (and its page extracted) by exactly one process;
each process runs its own scrapy-boiler workers and writes its own feed. A process closes once it has had
nothing to do for ``BOILER_IDLE_CLOSE`` seconds (``scrapy_boiler.IdleClose``).

The queue and fingerprints persist after the crawl (``news:requests``, ``news:dupefilter``): a process that
finishes first must not wipe what the others still use. Start the next crawl of the same spider from a clean
slate with ``redis-cli -u $REDIS_URL del news:requests news:dupefilter`` (or use another database number).
"""

import os

from boiler_example.settings import *  # noqa: F403 (a profile: everything of the base settings, then changes)
from boiler_example.settings import EXTENSIONS

REDIS_URL = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0")
SCHEDULER = "scrapy_redis.scheduler.Scheduler"
DUPEFILTER_CLASS = "scrapy_redis.dupefilter.RFPDupeFilter"
SCHEDULER_PERSIST = True  # see above: never flush on close, several processes share the keys
# scrapy-redis has no acknowledgement: a request popped by a process that is then killed is lost to this crawl
# (its fingerprint stays seen). Processes that stop normally lose nothing.

EXTENSIONS = {**EXTENSIONS, "scrapy_boiler.IdleClose": 500}
BOILER_IDLE_CLOSE = 10  # seconds; tests and the benchmark pass -s BOILER_IDLE_CLOSE=... for shorter runs
