"""Settings of the example project: plain Scrapy plus one line for scrapy-boiler (``ADDONS``)."""

BOT_NAME = "boiler_example"
SPIDER_MODULES = ["boiler_example.spiders"]
NEWSPIDER_MODULE = "boiler_example.spiders"
# `scrapy demo` and `scrapy demo-bench` live here (Scrapy names a project command after its module).
COMMANDS_MODULE = "boiler_example.commands"

# The whole integration: downloader middleware, spider middleware and item pipeline of scrapy-boiler.
ADDONS = {"scrapy_boiler.Addon": 500}
BOILER_MODEL = "auto"

# Where the spiders start; `scrapy demo` points it at the demo server it starts.
DEMO_SITE_URL = "http://127.0.0.1:8000/"

# The demo site runs on this machine, so no politeness delay; all requests go to one host.
ROBOTSTXT_OBEY = False
CONCURRENT_REQUESTS = 16
CONCURRENT_REQUESTS_PER_DOMAIN = 16
DOWNLOAD_DELAY = 0
TELNETCONSOLE_ENABLED = False
FEED_EXPORT_ENCODING = "utf-8"

# StatsToJson writes the crawl's stats to STATS_JSON_FILE when that setting is given (tests and benchmark read
# it); ReactorMonitor measures reactor stalls and CPU when REACTOR_MONITOR is true (the benchmark sets it).
EXTENSIONS = {
    "boiler_example.extensions.StatsToJson": 900,
    "boiler_example.extensions.ReactorMonitor": 500,
}
