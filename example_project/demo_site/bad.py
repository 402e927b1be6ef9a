"""The hostile-input catalogue (:mod:`scrapy_boiler.evaluation.hostile`) as pages of the demo site.

``/bad/<case>/<k>`` serves copy ``k`` of a catalogue case: its bytes (built once and kept, so a load run
measures the crawler, not the server building a 50 MB page again) with the case's content type and the
charset its header declares. Cases with a body over :data:`HEAVY_BYTES` (the 50 MB page, the million
blocks, the 100k-deep nesting, the huge attributes) are *heavy*: a load run serves fewer copies of them.
"""

from __future__ import annotations

import re
from functools import cached_property

from scrapy_boiler.evaluation.hostile import CATALOGUE, Case

#: A case whose body is larger than this is heavy.
HEAVY_BYTES = 1024 * 1024
PREFIX = "/bad/"
#: The share of a crawl within which it meets every case once.
FIRST_ROUND = 0.05
_PATH = re.compile(r"^/bad/([a-z0-9-]+)/(\d+)$")


class BadPages:
    """``per_case`` copies of every light case and ``per_heavy_case`` copies of every heavy one."""

    def __init__(self, per_case: int = 0, per_heavy_case: int = 0) -> None:
        if per_case < 0 or per_heavy_case < 0:
            raise ValueError("copies per case cannot be negative")
        self.per_case = per_case
        self.per_heavy_case = per_heavy_case
        self._bodies: dict[str, bytes] = {}

    def body(self, case: Case) -> bytes:
        if case.name not in self._bodies:
            self._bodies[case.name] = case.make()
        return self._bodies[case.name]

    def is_heavy(self, case: Case) -> bool:
        return len(self.body(case)) > HEAVY_BYTES

    def copies(self, case: Case) -> int:
        return self.per_heavy_case if self.is_heavy(case) else self.per_case

    @cached_property
    def schedule(self) -> list[tuple[float, str]]:
        """Every bad page with where a crawl meets it, as a fraction of the crawl: the first copy of every case
        within the first :data:`FIRST_ROUND` of it, the other copies of a case evenly after that."""
        if not self.per_case and not self.per_heavy_case:
            return []
        placed = []
        for i, case in enumerate(CATALOGUE):
            copies = self.copies(case)
            stagger = min(FIRST_ROUND, 1 / copies) * (i + 0.5) / len(CATALOGUE) if copies else 0.0
            placed += [(k / copies + stagger, path(case.name, k)) for k in range(copies)]
        return sorted(placed)

    @property
    def paths(self) -> list[str]:
        return [path for _, path in self.schedule]

    def case_of(self, url_path: str) -> Case | None:
        """The case served at ``url_path``, or None if it is not a bad page of this site."""
        match = _PATH.match(url_path)
        if not match:
            return None
        case = CASE_BY_NAME.get(match.group(1))
        if case is None or int(match.group(2)) >= self.copies(case):
            return None
        return case

    @staticmethod
    def content_type(case: Case) -> str:
        return f"{case.content_type}; charset={case.header_charset}" if case.header_charset else case.content_type


CASE_BY_NAME: dict[str, Case] = {case.name: case for case in CATALOGUE}


def path(case_name: str, copy: int) -> str:
    return f"{PREFIX}{case_name}/{copy}"


def case_name(url_path: str) -> str | None:
    """The case name in a bad page's path (whatever the copy), for whoever crawled it."""
    match = _PATH.match(url_path)
    return match.group(1) if match else None
