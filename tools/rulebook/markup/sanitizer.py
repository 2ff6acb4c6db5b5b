"""The last gate before a reader: every HTML fragment rendered from content passes nh3 (Ammonia).

The allowlist holds the tags and attributes that our renderer and the Markdown extensions of
mkdocs.yml produce from allowed text, and nothing else: no images (pictures are data, drawn by
the renderer as inline SVG). Links may be relative, `#anchors`, http(s) or mailto, and never lead
to another host in disguise (`//host`, `/\\host`, `https://user@host`: markup/target.py).
No allowed attribute loads a resource (no `src`, no `srcset`, no `<image href>`), so a page body
can make the browser fetch nothing, from another host or otherwise.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from html.parser import HTMLParser

import nh3

from rulebook.markup.target import LINK_SCHEMES, is_allowed_link
from rulebook.problems import cut, one_line

_TEXT = {"id", "lang", "class"}
ALLOWED: dict[str, set[str]] = {
    # Markdown itself, with `toc` ids on headings and `tables`.
    **{tag: {"id"} for tag in ("h1", "h2", "h3", "h4", "h5", "h6")},
    # The calculator's heading ("score" finds the rules, not the form) and a change list's.
    "h2": {"id", "data-search-exclude"},
    "h3": {"id", "data-search-exclude"},
    "pre": {"class"},
    **{tag: set() for tag in ("em", "strong", "code", "blockquote", "hr", "br", "ul", "li")},
    "ol": {"start"},  # a list that starts at 3
    **{tag: set() for tag in ("table", "thead", "tbody", "tr", "th", "td", "summary")},
    # `class` for toc's headerlink; `hreflang` where a link leads to a text in another language.
    "a": {"href", "title", "class", "hreflang"},
    # Our own markup: rule blocks, badges, quoted readings, admonitions, the glossary filter.
    "p": _TEXT | {"hidden", "data-search-exclude"},
    "div": _TEXT | {"data-filter", "data-search-exclude", "data-answer", "hidden"},  # data-answer: a quiz's
    "span": _TEXT | {"data-filter", "data-search-exclude"},  # data-filter: an entry of the sound index
    "nav": {"class", "aria-label"},  # the glossary's jump bar
    "q": {"lang"},
    # A change list's word diff (render/changes.py).
    "ins": set(),
    "del": set(),
    "details": _TEXT | {"data-search-exclude"},
    # The copy button of an example's command (copy.js shows it and copies the <code> before it).
    # A quiz's buttons too (render/quiz.py): `value` tells quiz.js a reader's own mark, right or wrong.
    "button": {"type", "class", "data-copied", "hidden", "value"},
    "input": {"type", "id", "placeholder", "aria-label", "autocomplete", "spellcheck"}
    | {"name", "value", "inputmode", "data-answer"},  # a quiz's fields (render/quiz.py), read by quiz.js
    "fieldset": {"class"},
    "legend": set(),
    "label": {"for"},
    "output": {"id", "for", "aria-live"},
    # The glossary's pictures: inline SVG from the installed theme's icon set.
    "svg": {"xmlns", "viewBox", "aria-hidden", "focusable"},
    "path": {"d"},
}
# A picture drawn for the project (glossary/pictures/*.svg): shapes and nothing else, so nothing in it
# can run (no script, no event attribute) or load (no href, no style and so no url()).
PICTURE_ALLOWED: dict[str, set[str]] = {"svg": {"xmlns", "viewBox"}, "path": {"d"}}
# SVG path data: commands and numbers only.
_PATH_DATA = re.compile(r"[MmLlHhVvCcSsQqTtAaZz0-9eE.,+\-\s]*")


def sanitize(fragment: str, allowed: dict[str, set[str]] = ALLOWED) -> str:
    """The fragment with everything outside the allowlist (`allowed`, the page's by default) removed.

    >>> sanitize('<p onclick="x()">Hi <a href="javascript:alert(1)">there</a><script>alert(2)</script></p>')
    '<p>Hi <a>there</a></p>'
    >>> sanitize('<img src="t.png"><span src="https://elsewhere.example/t.png">x</span><a href="#rule">ok</a>')
    '<span>x</span><a href="#rule">ok</a>'
    >>> sanitize('<a href="/\\\\evil.example">a</a><a href="https://rules.example@evil.example">b</a>')
    '<a>a</a><a>b</a>'
    """
    return nh3.clean(
        fragment,
        tags=set(allowed),
        attributes=allowed,
        url_schemes=set(LINK_SCHEMES),
        link_rel=None,  # keep our links as written: a changed page must mean a removal
        strip_comments=True,
        attribute_filter=_link_filter,
    )


def _link_filter(tag: str, attribute: str, value: str) -> str | None:
    """What nh3's scheme filter lets through and a browser still reads as another host (`/\\host`,
    `//host`, `https://user@host`): markup/target.py judges it as the check does."""
    if attribute == "href" and not is_allowed_link(value):
        return None
    if attribute == "d" and not _PATH_DATA.fullmatch(value):
        return None
    return value


def removals(fragment: str, allowed: dict[str, set[str]] = ALLOWED) -> list[str]:
    """What `sanitize` would remove from the fragment, in words; empty when it keeps everything.

    >>> removals('<p>fine <a href="#x">link</a></p>')
    []
    >>> removals('<a href="javascript:alert(1)" title="t">x</a><iframe src="/x"></iframe>')
    ['the attribute href="javascript:alert(1)" of <a>', 'the element <iframe>']
    """
    cleaned = sanitize(fragment, allowed)
    if _markup_counts(cleaned) == _markup_counts(fragment):
        return []  # the same elements and attributes: nothing removed (the common case, and fast)
    after = iter(_elements(cleaned))
    kept = next(after, None)
    found = []
    # The sanitizer only removes: walk both outlines in order, pairing each kept element with its original.
    for tag, attributes in _elements(fragment):
        if kept is None or kept[0] != tag:
            found.append(f"the element <{tag}>")
            continue
        found += [
            f'the attribute {name}="{excerpt_of(value)}" of <{tag}>'
            for name, value in attributes
            if (name, value) not in kept[1]
        ]
        kept = next(after, None)
    return found


def excerpt_of(value: str, limit: int = 60) -> str:
    """A value quoted in a message: on one line, at most `limit` characters."""
    return cut(one_line(value), limit)


_START_TAG = re.compile(r"<([A-Za-z][\w:-]*)([^>]*)>")
# An attribute inside a start tag, with a value or without one (the sanitizer writes a bare
# `hidden` as `hidden=""`).
_ATTRIBUTE = re.compile(r"""([A-Za-z_:][-\w:.]*)(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>]+))?""")


def _markup_counts(html: str) -> tuple[Counter[str], Counter[str]]:
    """How many of each start tag and attribute a fragment has: a quick first look, from which the
    sanitizer's output differs exactly when it removed something (it reorders and re-quotes, but
    never adds an element or an attribute). Only a difference is then read with a real parser.

    >>> _markup_counts('<p hidden class="a b">x y <a href=#z>z</a></p><!-- note -->')
    (Counter({'p': 1, 'a': 1}), Counter({'hidden': 1, 'class': 1, 'href': 1}))
    """
    tags: Counter[str] = Counter()
    attributes: Counter[str] = Counter()
    for tag, inside in _START_TAG.findall(html):
        tags[tag] += 1
        attributes.update(_ATTRIBUTE.findall(inside.rstrip("/")))
    return tags, attributes


class _Outline(HTMLParser):
    """The start tags of a fragment with their attributes (entities decoded, as a browser reads them)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.elements: list[tuple[str, list[tuple[str, str | None]]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        # `hidden` and `hidden=""` are the same attribute.
        self.elements.append((tag, [(name, value or "") for name, value in attrs]))


def _elements(fragment: str) -> list[tuple[str, list[tuple[str, str | None]]]]:
    outline = _Outline()
    outline.feed(fragment)
    outline.close()
    return outline.elements


def attribute_values(fragment: str, names: frozenset[str]) -> Iterator[tuple[str, str, str]]:
    """(tag, attribute, value) for each attribute of the given names, decoded as a browser reads it."""
    for tag, attributes in _elements(fragment):
        for name, value in attributes:
            if name in names:
                yield tag, name, value or ""
