"""The Content-Security-Policy of every page: scripts from the site itself and the theme's inline
scripts by hash, resources from the site only. It is the last layer: were hostile markup ever to
reach a page past the checks and the sanitizer, the browser would still refuse to run or fetch it."""

from __future__ import annotations

import base64
import hashlib
import re

# Material's stylesheet draws icons with data: SVG masks; everything else comes from the site.
_POLICY = (
    "default-src 'self'; script-src 'self' {hashes}; style-src 'self'; img-src 'self' data:; "
    "font-src 'self'; connect-src 'self'; worker-src 'self'; object-src 'none'; base-uri 'self'; "
    "form-action 'self'"
)
_JAVASCRIPT_TYPES = {"", "text/javascript", "application/javascript", "module"}


# The theme's own output, not contributors' text: the page body has been through the sanitizer,
# which lets no <script> through, so every inline script here is a template's.
_SCRIPT = re.compile(r"<script(?P<attributes>[^>]*)>(?P<body>.*?)</script>", re.DOTALL | re.IGNORECASE)
_TYPE = re.compile(r"""\btype\s*=\s*["']?([^"'\s>]+)""", re.IGNORECASE)


def inline_script_hashes(page: str) -> list[str]:
    """CSP source expressions for the page's inline scripts.

    >>> page = '<script>var a=1</script><script type="application/json">{}</script><script src="x.js"></script>'
    >>> inline_script_hashes(page)
    ["'sha256-WazVQOu5lmXfSreSrMJd1CsaQ4c00fUQpJfBYCuMSIw='"]
    """
    scripts = []
    for match in _SCRIPT.finditer(page):
        attributes = match["attributes"]
        kind = _TYPE.search(attributes)
        if "src=" not in attributes.lower() and (kind is None or kind[1].lower() in _JAVASCRIPT_TYPES):
            scripts.append(match["body"])
    digests = (hashlib.sha256(script.encode("utf-8")).digest() for script in scripts)
    return sorted({f"'sha256-{base64.b64encode(digest).decode('ascii')}'" for digest in digests})


def with_policy(page: str) -> str:
    """The page with its policy as the first element of <head>, so that it governs all that follows.

    The page's content has been through the sanitizer, which lets no <script> through: every inline
    script left is the theme's own.
    """
    policy = _POLICY.format(hashes=" ".join(inline_script_hashes(page)))
    meta = f'<meta http-equiv="Content-Security-Policy" content="{policy}">'
    head = page.find("<head>")
    if head < 0:
        return page
    return page[: head + len("<head>")] + meta + page[head + len("<head>") :]
