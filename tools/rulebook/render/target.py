"""Where a link or a resource points, read the way a browser reads a URL (WHATWG URL parsing):
leading and trailing C0 controls and spaces are dropped, tabs and newlines vanish anywhere, and a
backslash counts as a slash. Reading it any other way lets `\\x01javascript:` through."""

from __future__ import annotations

import re

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

    >>> scheme("JavaScript:alert(1)"), scheme("rebus.md#scoring"), scheme("#x"), scheme("https://x")
    ('javascript', None, None, 'https')
    """
    match = _SCHEME.match(browser_view(url))
    return match.group(0)[:-1].lower() if match else None


def is_allowed_link(url: str) -> bool:
    r"""A link target may be relative, an anchor, or http, https or mailto.

    >>> [is_allowed_link(u) for u in ("#x", "rebis.md", "https://x.org", "mailto:a@b", "\x01javascript:x", "data:,x")]
    [True, True, True, True, False, False]
    """
    found = scheme(url)
    return found is None or found in LINK_SCHEMES


def is_local_resource(url: str) -> bool:
    r"""A resource (an image, anything loaded without a click) must come from the site itself.

    >>> [is_local_resource(u) for u in ("img/a.png", "/a.png", "//elsewhere/t.png", "\\\\elsewhere/t.png", "http://x/t")]
    [True, True, False, False, False]
    """
    view = browser_view(url).replace("\\", "/")
    return scheme(view) is None and not view.startswith("//")
