"""The site's public address: where readers find it, and what canonical links, sitemaps, PO comments
and the print edition's citations name.

It is mkdocs.yml's `site_url`, unless a deployment says otherwise: `rulebook build --site-url URL`,
or the RULEBOOK_SITE_URL environment variable (a CI job publishing to another host). The live
preview (`rulebook serve`) uses its own local address instead, for its pages only. A production
build refuses a local address: the published site would point its readers at their own machine.
"""

from __future__ import annotations

import ipaddress
import os
import re
from functools import cache
from pathlib import Path
from urllib.parse import urlsplit

from rulebook.files import inside_project

SITE_CONFIG = "mkdocs.yml"
ENVIRONMENT = "RULEBOOK_SITE_URL"
LOCAL_HOSTS = {"localhost", "localhost.localdomain"}

_SITE_URL = re.compile(r"^site_url:\s*['\"]?([^'\"\s#]+)", re.MULTILINE)


@cache  # asked once per unit of a PO export
def configured_site_url(root: Path) -> str | None:
    """mkdocs.yml's site_url, ending in "/". Read as text: mkdocs.yml may carry tags a safe loader refuses."""
    if not inside_project(root / SITE_CONFIG, root):
        return None  # refused unread; `rulebook check` says so
    try:
        match = _SITE_URL.search((root / SITE_CONFIG).read_text(encoding="utf-8"))
    except OSError:
        return None
    return with_slash(match.group(1)) if match else None


def public_site_url(root: Path, given: str | None = None) -> str | None:
    """The address the site is published at, ending in "/": `given`, else RULEBOOK_SITE_URL, else mkdocs.yml's."""
    chosen = given or os.environ.get(ENVIRONMENT) or None
    return with_slash(chosen) if chosen else configured_site_url(root)


def with_slash(url: str) -> str:
    return url.rstrip("/") + "/"


def address_problem(url: str) -> str | None:
    """Why `url` cannot be the published site's address, or None.

    >>> address_problem("https://rules.example.org/games/")
    >>> address_problem("http://127.0.0.1:8000/")
    'is a local address: readers would be sent to their own machine'
    >>> address_problem("rules.example.org")
    'is not an http: or https: address with a host'
    """
    try:
        parts = urlsplit(url)
        host = parts.hostname
        parts.port  # noqa: B018 - a port that is not a number raises here
    except ValueError:
        return "is not an http: or https: address with a host"
    if parts.scheme not in {"http", "https"} or not host:
        return "is not an http: or https: address with a host"
    if parts.query or parts.fragment:
        return "has a query or a fragment: the site's address is a folder"
    if is_local_host(host):
        return "is a local address: readers would be sent to their own machine"
    return None


def is_local_host(host: str) -> bool:
    """localhost, a name under it, or a loopback or unspecified IP address (127.0.0.0/8, ::1, 0.0.0.0).

    >>> [is_local_host(h) for h in ("localhost", "app.localhost", "127.1.2.3", "::1", "0.0.0.0", "example.org")]
    [True, True, True, True, True, False]
    """
    host = host.lower().rstrip(".")
    if host in LOCAL_HOSTS or host.endswith(".localhost"):
        return True
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return False
    return address.is_loopback or address.is_unspecified
