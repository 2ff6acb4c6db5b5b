"""The Content-Security-Policy of every page: scripts from the site itself and the theme's inline
scripts by hash, resources from the site only. It is the last layer: were hostile markup ever to
reach a page past the checks and the sanitizer, the browser would still refuse to run or fetch it."""

from __future__ import annotations

import base64
import hashlib
from html.parser import HTMLParser

# Material's stylesheet draws icons with data: SVG masks; everything else comes from the site.
_POLICY = (
    "default-src 'self'; script-src 'self' {hashes}; style-src 'self'; img-src 'self' data:; "
    "font-src 'self'; connect-src 'self'; worker-src 'self'; object-src 'none'; base-uri 'self'; "
    "form-action 'self'"
)
_JAVASCRIPT_TYPES = {"", "text/javascript", "application/javascript", "module"}


class _InlineScripts(HTMLParser):
    """The text of each inline script that a browser would run (not JSON data blocks)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=False)
        self.scripts: list[str] = []
        self._current: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        if tag == "script" and "src" not in attributes:
            runs = (attributes.get("type") or "").strip().lower() in _JAVASCRIPT_TYPES
            self._current = [] if runs else None

    def handle_data(self, data: str) -> None:
        if self._current is not None:
            self._current.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "script" and self._current is not None:
            self.scripts.append("".join(self._current))
            self._current = None


def inline_script_hashes(page: str) -> list[str]:
    """CSP source expressions for the page's inline scripts.

    >>> page = '<script>var a=1</script><script type="application/json">{}</script><script src="x.js"></script>'
    >>> inline_script_hashes(page)
    ["'sha256-WazVQOu5lmXfSreSrMJd1CsaQ4c00fUQpJfBYCuMSIw='"]
    """
    parser = _InlineScripts()
    parser.feed(page)
    parser.close()
    digests = (hashlib.sha256(script.encode("utf-8")).digest() for script in parser.scripts)
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
