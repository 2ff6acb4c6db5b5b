"""Links that leave the site: each shows its host beside its text, so a text cannot pretend to
lead somewhere else, and `rulebook check` refuses a link text that names another host than the
one the link goes to (validate/safety.py)."""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser

from rulebook.markup.target import ascii_host, outside_host, scheme

# A host as a text would show it: labels joined by dots, the last of letters only ("example.org",
# "https://rules.example/x", "ann@mail.example"); a version ("3.2") or "e.g." is not one.
_HOST_LIKE = re.compile(r"(?:[^\W_](?:[\w-]*[^\W_])?\.)+[^\W\d_]{2,}(?![\w.]*[^\W_])")


def with_hosts(fragment: str) -> str:
    """The (sanitized) fragment with the host of each outside link after it.

    >>> with_hosts('<p><a href="https://Example.org/r">rules</a>, <a href="#x">x</a></p>')
    '<p><a href="https://Example.org/r">rules</a> <span class="rb-host">(example.org)</span>, <a href="#x">x</a></p>'
    """
    if "<a " not in fragment:
        return fragment
    reader = _Links()
    reader.feed(fragment)
    reader.close()
    line_starts = [0, *(match.end() for match in re.finditer("\n", fragment))]
    parts, done = [], 0
    for link in reader.links:
        host = outside_host(link.href)
        if host is None or link.end is None:
            continue
        end = line_starts[link.end[0] - 1] + link.end[1] + len("</a>")
        parts += [fragment[done:end], f' <span class="rb-host">({html.escape(host)})</span>']
        done = end
    return "".join(parts) + fragment[done:]


def pretended_hosts(fragment: str) -> list[tuple[str, str, str | None]]:
    """(link text, host it shows, host it goes to) for each link whose text names a host other than
    its target's: a relative link or an anchor goes to no other host.

    >>> pretended_hosts('<a href="https://evil.example">https://rules.example/</a>')
    [('https://rules.example/', 'rules.example', 'evil.example')]
    >>> pretended_hosts('<a href="https://rules.example/x">rules.example</a> <a href="chess.md">chess.md</a>')
    []
    """
    reader = _Links()
    reader.feed(fragment)
    reader.close()
    found = []
    for link in reader.links:
        target = _target_host(link.href)
        for shown in _HOST_LIKE.findall(link.text):
            host = ascii_host(shown)
            if host != target and not (target is None and shown in link.href):
                found.append((link.text, host, target))
    return found


def _target_host(href: str) -> str | None:
    if scheme(href) == "mailto":
        return ascii_host(href.partition("@")[2].partition("?")[0]) or None
    return outside_host(href)


class _Link:
    def __init__(self, href: str) -> None:
        self.href = href
        self.text = ""
        self.end: tuple[int, int] | None = None  # (line, column) of its end tag


class _Links(HTMLParser):
    """Each <a href> of a fragment with its text and where it ends (links do not nest in HTML)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.links: list[_Link] = []
        self._open: _Link | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        href = dict(attrs).get("href")
        if tag == "a" and href is not None:
            self._open = _Link(href)
            self.links.append(self._open)

    def handle_endtag(self, tag: str) -> None:
        if tag == "a" and self._open is not None:
            self._open.end = self.getpos()
            self._open = None

    def handle_data(self, data: str) -> None:
        if self._open is not None:
            self._open.text += data
