"""What a built page must never hold, read with an HTML parser as a browser would read it."""

from __future__ import annotations

import hashlib
from html.parser import HTMLParser

from rulebook.markup.target import browser_view, is_local_resource, link_refusal, scheme

_URL_ATTRIBUTES = {"href", "src", "action", "formaction", "poster", "data", "background", "xlink:href", "srcset"}
_SCRIPT_SCHEMES = {"javascript", "vbscript", "data"}
_EMBEDDING = {"iframe", "object", "embed", "frame", "frameset", "applet", "base"}
_RESOURCE_LINKS = {
    "stylesheet",
    "icon",
    "apple-touch-icon",
    "preload",
    "prefetch",
    "manifest",
    "modulepreload",
    "import",
}
_THEME_FORMS = {"md-search__form", "md-header__option"}  # search, palette toggle


class _Scan(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.dangers: list[str] = []
        self.scripts: set[str] = set()
        self._inline: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = {name: value or "" for name, value in attrs}
        for name, value in attributes.items():
            if name.startswith("on"):
                self.dangers.append(f"<{tag} {name}=…>")
            if name in _URL_ATTRIBUTES and scheme(value) in _SCRIPT_SCHEMES:
                self.dangers.append(f"<{tag} {name}={browser_view(value)[:40]}>")
        if tag == "a" and link_refusal(attributes.get("href", "")) is not None:
            self.dangers.append(f"<a href={browser_view(attributes['href'])[:40]}> leads to another host than it shows")
        resource = attributes.get("src") or attributes.get("srcset") or attributes.get("poster")
        if tag == "link" and set(attributes.get("rel", "").lower().split()) & _RESOURCE_LINKS:
            resource = attributes.get("href")
        if resource is not None and not is_local_resource(resource):
            self.dangers.append(f"<{tag}> loads {resource[:60]} from another host")
        if tag in _EMBEDDING:
            self.dangers.append(f"<{tag}>")
        if tag == "form" and not set(attributes.get("class", "").split()) & _THEME_FORMS:
            self.dangers.append("<form> that is not the theme's search")
        if tag == "meta" and attributes.get("http-equiv", "").lower() == "refresh":
            # Our /en/ redirects point into the site; anything else is someone else's doing.
            target = attributes.get("content", "").partition("url=")[2]
            if not target or not is_local_resource(target):
                self.dangers.append(f"<meta http-equiv=refresh content={attributes.get('content', '')[:40]}>")
        if tag == "script":
            if "src" in attributes:
                self.scripts.add(f"src:{attributes['src']}")
            elif attributes.get("type", "") in ("", "text/javascript", "module"):
                self._inline = []

    def handle_data(self, data: str) -> None:
        if self._inline is not None:
            self._inline.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "script" and self._inline is not None:
            self.scripts.add("inline:" + hashlib.sha256("".join(self._inline).encode()).hexdigest())
            self._inline = None


def _scan(html: str) -> _Scan:
    scan = _Scan()
    scan.feed(html)
    scan.close()
    return scan


def dangers_in_page(html: str) -> list[str]:
    return _scan(html).dangers


def scripts_of(html: str) -> set[str]:
    """Each script of a page: its src, or a hash of its inline text (a page's base URL is part of it)."""
    return _scan(html).scripts


def dangers_in_search_index(index: dict) -> list[str]:
    """Material renders each entry's title and text as HTML: they must be harmless as HTML too."""
    found = []
    for entry in index["docs"]:
        for field in ("title", "text"):
            scan = _scan(entry.get(field, ""))
            found += [f"{entry['location']} {field}: {danger}" for danger in scan.dangers]
            found += [f"{entry['location']} {field}: a script" for _ in scan.scripts]
    return found
