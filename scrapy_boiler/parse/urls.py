"""URLs as pages write them, joined and split without raising.

:func:`urllib.parse.urljoin` and :func:`~urllib.parse.urlsplit` raise ``ValueError`` on a host they cannot parse
(``//[cdn/x.png``, ``https://<![CDATA[example.com/``: "Invalid IPv6 URL"). One such link must not fail a page, so
every address read from a page goes through these: a malformed one is as good as absent.
"""

from __future__ import annotations

from urllib.parse import SplitResult, urljoin, urlsplit


def join_url(base: str | None, href: str) -> str | None:
    """``href`` resolved against ``base`` (``href`` alone without one); None when either is malformed."""
    try:
        joined = urljoin(base, href) if base else href
    except ValueError:
        return None
    if joined and split_url(joined) is None:
        return None
    return joined


def split_url(url: str | None) -> SplitResult | None:
    """The parts of ``url``; None when it is absent or malformed (its host included)."""
    if not url:
        return None
    try:
        parts = urlsplit(url)
        parts.hostname  # noqa: B018 - parsed lazily: a malformed host raises here, not in urlsplit
    except ValueError:
        return None
    return parts


def host_of(url: str | None) -> str:
    """The host of ``url`` (lower case), or "" when it has none or is malformed."""
    parts = split_url(url)
    return (parts.hostname or "") if parts is not None else ""
