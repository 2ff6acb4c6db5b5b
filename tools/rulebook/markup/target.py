"""Where a link or a resource points, read the way a browser reads a URL (WHATWG URL parsing):
leading and trailing C0 controls and spaces are dropped, tabs and newlines vanish anywhere, and a
backslash counts as a slash. Reading it any other way lets `\\x01javascript:` through.
urllib.parse is not that parser (it keeps `/\\evil.example` a path), so the little that matters
here, where a link leaves the site and for which host, is read below as the WHATWG parser reads it."""

from __future__ import annotations

import re
from urllib.parse import unquote

LINK_SCHEMES = frozenset({"http", "https", "mailto"})
_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]*:")
_C0_AND_SPACE = "".join(chr(code) for code in range(0x21))


def browser_view(url: str) -> str:
    r"""The URL as a browser parses it.

    >>> browser_view("\x01 java\tscript:alert(1) ")
    'javascript:alert(1)'
    """
    return url.strip(_C0_AND_SPACE).replace("\t", "").replace("\n", "").replace("\r", "")


def scheme(url: str) -> str | None:
    """The URL's scheme in lower case, or None for a relative URL.

    >>> scheme("JavaScript:alert(1)"), scheme("chess.md#scoring"), scheme("#x"), scheme("https://x")
    ('javascript', None, None, 'https')
    """
    match = _SCHEME.match(browser_view(url))
    return match.group(0)[:-1].lower() if match else None


def is_allowed_link(url: str) -> bool:
    r"""A link target may be relative, an anchor, or http, https or mailto.

    >>> [is_allowed_link(u) for u in ("#x", "chess.md", "https://x.org", "mailto:a@b", "\x01javascript:x", "data:,x")]
    [True, True, True, True, False, False]
    >>> [is_allowed_link(u) for u in ("//x.org", "/\\x.org", "%2F%2Fx.org", "https://a@x.org", "https:x.org")]
    [False, False, False, False, False]
    """
    found = scheme(url)
    return (found is None or found in LINK_SCHEMES) and link_refusal(url) is None


def link_refusal(url: str) -> str | None:
    r"""Why a link with an allowed scheme (or none) would not go where it seems to, or None.

    A browser reads `//host`, `/\host`, `\\host` and `\/host` as another host (a backslash is
    a slash in http and https); a server may decode `%2F%2Fhost` into the same. Userinfo
    (`https://rules.example@evil.example`) makes a link read as one host and go to another.

    >>> link_refusal("chess.md#scoring"), link_refusal("https://example.org/rules"), link_refusal("mailto:a@b.org")
    (None, None, None)
    >>> link_refusal("\\/evil.example")
    'it starts with two slashes, so it leads to another host; write https://host/…'
    >>> link_refusal("https://rules.example@evil.example/")
    'it names a user before the host (user@host), which hides where it goes'
    """
    view = browser_view(url)
    found = scheme(view)
    if found is None:
        if _two_slashes(view) or _two_slashes(unquote(view)):
            return "it starts with two slashes, so it leads to another host; write https://host/…"
        return None
    if found not in _SPECIAL_SCHEMES:
        return None
    rest = view[len(found) + 1 :]
    if not _two_slashes(rest):
        # `https:host` is a path on an https page and a host elsewhere: ambiguous.
        return f"write it {found}://host/…"
    authority = _authority(rest)
    if "@" in authority:
        return "it names a user before the host (user@host), which hides where it goes"
    if "%" in authority:
        return "its host is percent-encoded; write the host itself"
    if not outside_host(url):
        return "it names no host"
    return None


def outside_host(url: str) -> str | None:
    r"""The host an http or https link leads to, in lower case, as a browser reads it; None for any
    other link (relative, an anchor, mailto).

    >>> outside_host("HTTPS://Example.ORG:8080/x"), outside_host("https:\\\\a.example\\x"), outside_host("chess.md")
    ('example.org', 'a.example', None)
    """
    view = browser_view(url)
    if scheme(view) not in _SPECIAL_SCHEMES:
        return None
    authority = _authority(view.split(":", 1)[1])
    host = authority.rpartition("@")[2]
    if not host.startswith("["):  # an IPv6 address keeps its colons
        host = host.partition(":")[0]
    return ascii_host(unquote(host)) or None


def ascii_host(host: str) -> str:
    """A host as the browser's address bar may show it: lower case, without a final dot, and an
    international name in its ASCII form, so that a look-alike letter cannot pass for another.

    >>> ascii_host("Example.ORG."), ascii_host("еxample.org")
    ('example.org', 'xn--xample-2of.org')
    """
    host = host.lower().rstrip(".")
    if host.isascii():
        return host
    try:
        return host.encode("idna").decode("ascii")
    except UnicodeError:
        return host


# The schemes in which the WHATWG parser reads a backslash as a slash and skips every slash
# before the host (of those a link may use).
_SPECIAL_SCHEMES = frozenset({"http", "https"})
_SLASHES = "/\\"
_AUTHORITY_END = re.compile(r"[/\\?#]")


def _two_slashes(view: str) -> bool:
    return len(view) >= 2 and view[0] in _SLASHES and view[1] in _SLASHES


def _authority(after_scheme: str) -> str:
    """What follows `scheme:` up to the path, query or fragment, every slash before it skipped."""
    rest = after_scheme.lstrip(_SLASHES)
    return _AUTHORITY_END.split(rest, 1)[0]


def is_local_resource(url: str) -> bool:
    r"""A resource (an image, anything loaded without a click) must come from the site itself.

    >>> [is_local_resource(u) for u in ("img/a.png", "/a.png", "//elsewhere/t.png", "\\\\elsewhere/t.png", "http://x/t")]
    [True, True, False, False, False]
    """
    view = browser_view(url).replace("\\", "/")
    return scheme(view) is None and not view.startswith("//")
