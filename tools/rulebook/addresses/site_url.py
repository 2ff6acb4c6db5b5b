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
import string
from functools import cache
from pathlib import Path

from rulebook.files.disk import inside_project
from rulebook.problem_codes import Message
from rulebook.problems import excerpt

SITE_CONFIG = "mkdocs.yml"
ENVIRONMENT = "RULEBOOK_SITE_URL"
LOCAL_HOSTS = {"localhost", "localhost.localdomain"}

# The whole value of the line: quoted, or plain up to a comment. What is no address is then refused
# whole (a value cut at its first quote would be another address than the one MkDocs reads).
_SITE_URL = re.compile(r"""^site_url:[ \t]*(?:'([^'\n]*)'|"([^"\n]*)"|(.*?))[ \t]*(?:[ \t]#.*)?$""", re.MULTILINE)


def configured_site_url(root: Path) -> str | None:
    """mkdocs.yml's site_url, ending in "/". Read as text: mkdocs.yml may carry tags a safe loader refuses.
    Read again at each call (a long `rulebook serve` sees an edited mkdocs.yml; a process that asked
    before mkdocs.yml existed was stuck with None), parsed once per text."""
    if not inside_project(root / SITE_CONFIG, root):
        return None  # refused unread; `rulebook check` says so
    try:
        return _site_url_in((root / SITE_CONFIG).read_text(encoding="utf-8"))
    except OSError:
        return None


@cache  # asked once per unit of a PO export
def _site_url_in(config: str) -> str | None:
    match = _SITE_URL.search(config)
    if not match:
        return None
    return _checked(next(value for value in match.groups() if value is not None))


def public_site_url(root: Path, given: str | None = None) -> str | None:
    """The address the site is published at, ending in "/": `given`, else RULEBOOK_SITE_URL, else
    mkdocs.yml's. None for one that is no site's address (site_url_problem): PO comments and printed
    citations print it as it is, so no link is better than that one; `rulebook check` names
    mkdocs.yml's, and `rulebook build` refuses the others."""
    chosen = given or os.environ.get(ENVIRONMENT) or None
    return _checked(chosen) if chosen else configured_site_url(root)


def _checked(url: str) -> str | None:
    return with_slash(url) if site_url_problem(url) is None else None


def with_slash(url: str) -> str:
    return url.rstrip("/") + "/"


# Names reserved for examples and tests (RFC 2606, RFC 6761): no reader reaches a site there.
PLACEHOLDER_DOMAINS = ("example.org", "example.com", "example.net")
PLACEHOLDER_TOP_LEVELS = ("example", "test", "invalid", "localhost")


def is_placeholder(url: str | None) -> bool:
    """Whether `url` is no address a reader can visit: none, no site's address (site_url_problem), the
    reader's own machine (is_local_host), or on a name reserved for examples, as mkdocs.yml's
    `https://rules.example.org/` is until a project sets its own.

    >>> [is_placeholder(url) for url in (None, "", "https://rules.example.org/", "http://EXAMPLE.com", "https://a.test/")]
    [True, True, True, True, True]
    >>> is_placeholder("https://rules.mygame.org/"), is_placeholder("https://example.organic.cz/")
    (False, False)
    >>> is_placeholder("http://127.0.0.1:8000/"), is_placeholder("https://203.0.113.9/")
    (True, False)
    """
    if not url or site_url_problem(url) is not None:
        return True
    match = _WEB_ADDRESS.match(url)
    assert match is not None  # site_url_problem matched it
    host = browser_host(_host_of(match["authority"]))
    if is_local_host(host):
        return True  # `rulebook serve`'s own: a reader's own machine
    if not isinstance(host, str):
        return False  # an IP address is no name reserved for examples
    name = host.rstrip(".")
    if name.rsplit(".", 1)[-1] in PLACEHOLDER_TOP_LEVELS:
        return True
    return any(name == domain or name.endswith(f".{domain}") for domain in PLACEHOLDER_DOMAINS)


def printed_address(url: str | None) -> str:
    """How paper names the site: its address without the scheme and the final slash, short enough
    to type from a page ("rules.mygame.org/games"); empty for a placeholder (is_placeholder), of
    which paper prints no address at all.

    >>> printed_address("https://rules.mygame.org/"), printed_address("https://Rules.mygame.org/games/")
    ('rules.mygame.org', 'rules.mygame.org/games')
    >>> printed_address("https://rules.example.org/"), printed_address(None)
    ('', '')
    """
    if is_placeholder(url):
        return ""
    assert url is not None
    match = _WEB_ADDRESS.match(url)
    assert match is not None
    host = match["authority"].lower()
    return (host + url[match.end() :]).rstrip("/")


def address_problem(url: str) -> Message | None:
    """Why `url` cannot be the published site's address, or None: a web address (web_address_problem)
    that names a folder, on a host that is not the reader's own machine.

    >>> address_problem("https://rules.example.org/games/")
    >>> print(address_problem("http://127.1:8000/"))
    'http://127.1:8000/' is a local address: readers would be sent to their own machine
    >>> print(address_problem("rules.example.org"))
    'rules.example.org' is not an http: or https: address with a host
    """
    problem = site_url_problem(url)
    if problem is not None:
        return problem
    match = _WEB_ADDRESS.match(url)
    assert match is not None  # web_address_problem matched it
    if is_local_host(browser_host(_host_of(match["authority"]))):
        return Message("site.address-local", {}, {"address": excerpt(url)})
    return None


def site_url_problem(url: str) -> Message | None:
    """Why `url` cannot be a site's address wherever it is published, or None: a web address that
    names a folder. (mkdocs.yml may name a local one, which a production build replaces.)"""
    problem = web_address_problem(url)
    if problem is None and ("?" in url or "#" in url):
        return Message("site.address-query", {}, {"address": excerpt(url)})
    return problem


# The characters of a URL (RFC 3986: unreserved, reserved, and the "%" of an escape), less "&" and
# "'": an address is printed unescaped into attributes, sitemaps and PO comments by code we do not
# own, where "&" starts a character reference and "'" may end the attribute. Quotes, "<", ">", a
# backslash (a slash to a browser), spaces, controls and every letter beyond ASCII are left out.
URL_CHARACTERS = frozenset(string.ascii_letters + string.digits + "-._~:/?#[]@!$()*+,;=%")
_BAD_ESCAPE = re.compile(r"%(?![0-9A-Fa-f]{2})")
# A scheme, "//", the authority (no "@": userinfo hides where a link goes), then the rest.
_WEB_ADDRESS = re.compile(r"(?P<scheme>[A-Za-z][A-Za-z0-9+.\-]*):(?P<slashes>//)?(?P<authority>[^/?#]*)")
_PORT = re.compile(r":[0-9]*$")


def address_character(url: str) -> str | None:
    """The first character that no address may hold (URL_CHARACTERS), or a "%" that escapes nothing.

    >>> address_character("https://rules.example.org/a%20b/"), address_character('https://x.org/"><meta')
    (None, '"')
    >>> address_character("https://x.org/%zz"), address_character("https://pravidla.čeština.cz/")
    ('%', 'č')
    """
    bad = next((char for char in url if char not in URL_CHARACTERS), None)
    if bad is not None:
        return bad
    return "%" if _BAD_ESCAPE.search(url) else None


def web_address_problem(url: str) -> Message | None:
    """Why `url` is no absolute http: or https: address, read as a browser reads it, or None: only
    URL_CHARACTERS, "http://" or "https://", no user before the host, a host a browser accepts
    (browser_host) and a port that is a number.

    >>> web_address_problem("https://github.com/owner/rules?tab=readme")
    >>> print(web_address_problem("https://rules.example@evil.example/"))
    'https://rules.example@evil.example/' names a user before the host (user@host), which hides where it goes
    >>> print(web_address_problem("https://256.0.0.1/"))
    '256.0.0.1' is no host a browser accepts
    """
    quoted = {"address": excerpt(url)}
    bad = address_character(url)
    if bad is not None:
        return Message("site.address-character", {"codepoint": f"{ord(bad):04X}"}, quoted)
    match = _WEB_ADDRESS.match(url)
    if not match or match["scheme"].lower() not in WEB_SCHEMES or not match["slashes"] or not match["authority"]:
        return Message("site.address-not-web", {}, quoted)
    authority = match["authority"]
    if "@" in authority:
        return Message("site.address-user", {}, quoted)
    host = _host_of(authority)
    port = authority[len(host) + 1 :]
    if host != authority and (len(port) > 5 or int(port or 0) > MAX_PORT):
        return Message("site.address-not-web", {}, quoted)
    try:
        browser_host(host)
    except ValueError:
        return Message("site.address-host", {}, {"host": excerpt(host)})
    return None


def _host_of(authority: str) -> str:
    """The authority without its port ("host:8443", "[::1]:8000")."""
    port = _PORT.search(authority)
    return authority[: port.start()] if port and not authority.endswith("]") else authority


WEB_SCHEMES = frozenset({"http", "https"})
MAX_PORT = 65535


Host = str | ipaddress.IPv4Address | ipaddress.IPv6Address


def browser_host(host: str) -> Host:
    """The host as a browser parses it in an http: or https: address (the WHATWG URL standard's host
    parser): an IPv6 address in brackets; an IPv4 address in any form a browser reads as one (127.1,
    2130706433, 0x7f.1, 0177.0.0.1), since a name that ends in a number is an address; else a name,
    in lower case. ValueError for what a browser refuses. Only the characters of URL_CHARACTERS are
    expected: a host escaped with "%" or beyond ASCII is refused here, unread.

    >>> browser_host("0x7f.1"), browser_host("2130706433."), browser_host("Rules.Example.org")
    (IPv4Address('127.0.0.1'), IPv4Address('127.0.0.1'), 'rules.example.org')
    >>> browser_host("[::ffff:127.0.0.1]")
    IPv6Address('::ffff:7f00:1')
    """
    if host.startswith("["):
        if not host.endswith("]") or "%" in host:
            raise ValueError(host)
        return ipaddress.IPv6Address(host[1:-1])
    if not host or not _NAME.fullmatch(host):
        raise ValueError(host)
    labels = host.split(".")
    if labels[-1] == "" and len(labels) > 1:
        labels.pop()  # the root's empty label: "127.0.0.1." is 127.0.0.1
    if _ends_in_a_number(labels[-1]):
        return _ipv4(labels)
    return host.lower()


_NAME = re.compile(r"[A-Za-z0-9._~!$()*+,;=-]+")  # of URL_CHARACTERS, what a host may hold (no "%", ":", "@")
_HEX = frozenset(string.hexdigits)


def _ends_in_a_number(label: str) -> bool:
    """The WHATWG test: a last label of digits, or of "0x" and hex digits, makes the host an IPv4 address."""
    if label.isdigit() and label.isascii():
        return True
    return label[:2].lower() == "0x" and all(char in _HEX for char in label[2:])


def _ipv4(labels: list[str]) -> ipaddress.IPv4Address:
    """The WHATWG IPv4 parser: up to four numbers, each decimal, octal (a leading 0) or hex (0x); the
    last fills the bytes the others leave."""
    if len(labels) > 4:
        raise ValueError(".".join(labels))
    numbers = [_ipv4_number(label) for label in labels]
    if any(number > 255 for number in numbers[:-1]) or numbers[-1] >= 256 ** (5 - len(numbers)):
        raise ValueError(".".join(labels))
    value = numbers[-1] + sum(number * 256 ** (3 - index) for index, number in enumerate(numbers[:-1]))
    return ipaddress.IPv4Address(value)


def _ipv4_number(label: str) -> int:
    if not label:
        raise ValueError(label)
    if label[:2].lower() == "0x":
        digits, base = label[2:], 16
    elif len(label) > 1 and label.startswith("0"):
        digits, base = label[1:], 8
    else:
        digits, base = label, 10
    if len(digits) > 40:  # far past any address; int() of a long text is slow
        raise ValueError(label)
    return int(digits, base) if digits else 0  # "0x" alone is 0; int() refuses a wrong digit


# 0.0.0.0/8 is "this network": a browser reaches 0.0.0.0 as the machine itself.
_THIS_NETWORK = ipaddress.IPv4Network("0.0.0.0/8")


def is_local_host(host: Host) -> bool:
    """localhost, a name under it, or an address of the reader's own machine: loopback
    (127.0.0.0/8, ::1), unspecified (0.0.0.0/8, ::), or one of those as an IPv4-mapped or
    IPv4-compatible IPv6 address. A text is read as a browser reads a host first (browser_host).

    >>> [is_local_host(h) for h in ("localhost", "app.localhost.", "127.1.2.3", "::1", "0.0.0.0", "example.org")]
    [True, True, True, True, True, False]
    >>> [is_local_host(h) for h in ("127.1", "0x7f.1", "2130706433", "[::ffff:127.0.0.1]", "[::127.0.0.1]")]
    [True, True, True, True, True]
    """
    if isinstance(host, str):
        try:
            host = browser_host(f"[{host}]" if ":" in host and not host.startswith("[") else host)
        except ValueError:
            return False
    if isinstance(host, str):
        name = host.rstrip(".")
        return name in LOCAL_HOSTS or name.endswith(".localhost")
    if isinstance(host, ipaddress.IPv6Address):
        if host.is_loopback or host.is_unspecified:
            return True
        embedded = host.ipv4_mapped
        if embedded is None and int(host) >> 32 == 0:  # IPv4-compatible, ::a.b.c.d
            embedded = ipaddress.IPv4Address(int(host) & 0xFFFFFFFF)
        return embedded is not None and is_local_host(embedded)
    return host.is_loopback or host in _THIS_NETWORK
