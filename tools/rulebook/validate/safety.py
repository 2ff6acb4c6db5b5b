"""Hostile text refused at the input, with its location.

Links are judged from what Python-Markdown itself parses (its reference table and the HTML it
renders, read back as a browser reads it), never from patterns over the Markdown source: Markdown
has too many ways to make a link. What would still reach a page is removed there by the sanitizer
(markup/sanitizer.py); the check reports anything it would remove, so no page changes silently.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from typing import Any

import markdown

from rulebook.located.characters import SUSPECT_CHARACTER, character_dangers
from rulebook.located.document import Document, JsonPath
from rulebook.located.limits import filled_limit_dangers
from rulebook.markup.anchors import is_reserved_id
from rulebook.markup.escaping import safe_markdown
from rulebook.markup.outside_links import pretended_hosts
from rulebook.markup.sanitizer import attribute_values, excerpt_of, removals
from rulebook.markup.target import LINK_SCHEMES, is_allowed_link, is_local_resource, link_refusal, scheme
from rulebook.model import Game
from rulebook.problem_codes import Message
from rulebook.problems import Problem
from rulebook.text import placeholders, plural_choice

# The Markdown extensions of mkdocs.yml: text is judged as the site will render it (a test keeps
# the two lists equal).
MARKDOWN_EXTENSIONS = ("admonition", "attr_list", "md_in_html", "tables", "toc")
_CHARACTER_REFERENCE = re.compile(r"&(?:#[0-9]+|#[xX][0-9A-Fa-f]+|[A-Za-z][A-Za-z0-9]*);?")
_URL_ATTRIBUTES = frozenset({"href", "src", "srcset", "action", "formaction", "poster", "data", "background"})
# toc's own slugify, not the site's (markup/anchors.py): the check sees the id a heading asks for.
_markdown = markdown.Markdown(extensions=list(MARKDOWN_EXTENSIONS))
# Without one of these, the extensions above make no link, image, reference, autolink, raw HTML,
# attribute list or table: every element left (paragraphs, emphasis, lists, code) is in the
# sanitizer's allowlist, so the text need not be rendered, unless a line may make a heading
# (`_HEADING_LINE`). An extension that links bare URLs (such as magiclink) would void this; adding
# one changes MARKDOWN_EXTENSIONS, so look here.
_MARKUP_OPENERS = frozenset("[]<>&|{}")
# An ATX heading (`## x`), or a setext underline (`===` or `---` under a line).
_HEADING_LINE = re.compile(r"^ {0,3}(?:#|=+[ \t]*$|-+[ \t]*$)", re.MULTILINE)
_HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})


def fact_problems(game: Game) -> list[Problem]:
    """String facts are text too: a placeholder quotes them into rules. (Units are checked with
    their placeholders filled by validate/text.py, which also serves `i18n import`.)"""
    problems = []
    for path, value in _strings(game.facts, ("facts",)):
        messages = [*raw_html_dangers(value), *markdown_dangers(value)]
        if "{" in value or "}" in value:  # an attribute list, or a placeholder, which a fact never fills
            messages.append(Message("text.brace-in-fact"))
        problems += [game.document.problem(path, message, field=_where(path)) for message in messages]
    return problems


def text_dangers(text: str, filled: str) -> Iterator[Message]:
    """What no text may hold, whatever its facts: raw HTML, characters, more than the bounds, hostile
    Markdown (judged on `filled`, the text with its placeholders filled), stray braces. A recorded
    edition's texts are judged by these too (validate/snapshots.py), and every unit's by validate/text.py."""
    yield from raw_html_dangers(text)
    yield from character_dangers(text)
    too_much = list(filled_limit_dangers(filled))
    yield from too_much
    if not too_much:  # Python-Markdown is slow on a text over the bounds: it is never rendered
        yield from markdown_dangers(filled)
    stray = placeholders.PLACEHOLDER.sub("", plural_choice.without_choices(text))  # choices: plural_choices.py
    if "{" in stray or "}" in stray:
        yield Message("text.stray-brace", {"example": "{group.name}"})


# Markdown is allowed, HTML is not: a tag, a comment or a processing instruction.
_HTML = re.compile(r"<\s*/?\s*[A-Za-z!?][^>]*>?")


def raw_html_dangers(text: str) -> Iterator[Message]:
    """Raw HTML, refused wherever text is written (a unit, or a string fact a unit quotes).

    >>> print(*raw_html_dangers("a <script>x</script> b"), sep="\\n")
    raw HTML is not allowed in text: '<script>'
    raw HTML is not allowed in text: '</script>'
    """
    for match in _HTML.finditer(text):
        yield Message("text.raw-html", {}, {"tag": match.group(0)[:40]})


def character_problems(document: Document) -> list[Problem]:
    """Control and bidi characters in every string and key of a document, wherever it goes. Units'
    texts are left to validate/text.py, which `i18n import` runs too."""
    if document.text is not None and "\\" not in document.text and not SUSPECT_CHARACTER.search(document.text):
        # Without an escape, YAML takes every character of a string or key from the text as
        # written (folding adds only spaces and line breaks): nothing to find in any of them.
        return []
    problems = []
    for path, value in _strings(document.data, ()):
        if not (len(path) == 3 and path[0] == "units" and path[2] == "text"):
            problems += [document.problem(path, message, field=_where(path)) for message in character_dangers(value)]
    return problems


def name_problems(document: Document, path: JsonPath, name: str) -> list[Problem]:
    """A name (a game's, a section's in the navigation) is plain text: it may not hold markup."""
    return [document.problem(path, message, field=_where(path)) for message in name_dangers(name)]


def name_dangers(name: str, forbidden: str = "<>") -> Iterator[Message]:
    """What keeps a name from being plain text: markup characters (`forbidden`), then controls.

    >>> print(*name_dangers("Rock & <b>roll</b>"))
    a name is plain text; '<' and '>' are not allowed
    >>> print(*name_dangers('Say "hi"', forbidden='<>"'))
    a name is plain text; '<', '>' and '"' are not allowed
    """
    if any(char in name for char in forbidden):
        yield Message("text.markup-in-name", {"characters": list(forbidden)})


def markdown_dangers(text: str) -> Iterator[Message]:
    """What is wrong with a text that Markdown will render: links, resources, entities, removals.

    >>> print(*list(markdown_dangers("See [the colours][x].\\n\\n[x]: javascript:alert(1)"))[:2], sep="\\n")
    a reference definition [x] applies to the whole page; write the link inline
    the link target javascript:alert(1) is not allowed: links may be relative, #anchors, https:, http: or mailto:
    >>> list(markdown_dangers("See [scoring](#scoring) and [the publisher](https://example.org)."))
    []
    """
    for match in _CHARACTER_REFERENCE.finditer(text) if "&" in text else ():
        decoded = html.unescape(match.group(0))
        if decoded != match.group(0) and (decoded.isascii() and (decoded.isalnum() or decoded in ":/\\")):
            yield Message("text.entity", {}, {"entity": match.group(0), "spelled": decoded})
    if not _MARKUP_OPENERS.intersection(text) and not _HEADING_LINE.search(text):
        return  # nothing here can make a link, a resource, an attribute, a heading or an element to remove
    _markdown.reset()
    rendered = _markdown.convert(text)
    yield from anchor_dangers(rendered)
    yield from link_text_dangers(rendered)
    for label, (url, _title) in sorted(_markdown.references.items()):
        yield Message("text.reference-definition", {}, {"label": f"[{label}]"})
        if not is_allowed_link(url):
            yield _bad_link(url)
    for tag, attribute, value in attribute_values(rendered, _URL_ATTRIBUTES):
        if tag == "img":
            yield Message("text.image", {}, {"source": excerpt_of(value)})
        elif tag == "a" and attribute == "href":
            if not is_allowed_link(value):
                yield _bad_link(value)
        elif not is_local_resource(value):
            yield Message("text.outside-resource", {}, {"element": f"<{tag} {attribute}>", "source": excerpt_of(value)})
    # What the page would lose: the text is escaped as the renderer escapes it, then sanitized.
    # Most texts have nothing to escape, and their page HTML is what was just rendered.
    escaped = safe_markdown(text)
    if escaped != text:
        _markdown.reset()
        rendered = _markdown.convert(escaped)
    for removed in removals(rendered):
        yield Message("text.sanitized", {}, {"removed": str(removed)})


def anchor_dangers(rendered: str) -> Iterator[Message]:
    """Headings and ids in a text: a page's sections and anchors are the renderer's (markup/anchors.py).

    >>> for message in anchor_dangers('<h2 id="__config">__config</h2><p id="scoring">x</p>'):
    ...     print(message)
    a heading is not allowed in text (its anchor would be '__config'): the page's sections are the renderer's; \
write **bold** text instead
    the id '__config' belongs to the page itself (its template, scripts or sections); text may not take it
    """
    for tag, _attribute, value in attribute_values(rendered, frozenset({"id"})):
        # toc gives every heading an id, so every heading is met here.
        if tag in _HEADINGS:
            yield Message("text.heading", {"bold": "**bold**"}, {"anchor": excerpt_of(value)})
        if is_reserved_id(value):
            yield Message("text.page-id", {}, {"anchor": excerpt_of(value)})


def link_text_dangers(rendered: str) -> Iterator[Message]:
    """A link text that shows a host the link does not go to (the site prints the real one beside it)."""
    for text, shown, target in pretended_hosts(rendered):
        goes_to = excerpt_of(target, 40) if target else "this site"
        quoted = {"text": excerpt_of(text, 40), "shown": excerpt_of(shown, 40), "target": goes_to}
        yield Message("text.pretended-host", {}, quoted)


def _bad_link(url: str) -> Message:
    found = scheme(url)
    if found is None or found in LINK_SCHEMES:
        reason = link_refusal(url)
        if reason is not None:
            return Message("text.link-target", {}, {"target": excerpt_of(url), "reason": reason})
    return Message("text.link-scheme", {}, {"target": excerpt_of(url)})


def _where(path: JsonPath) -> str:
    return ".".join(map(str, path)) or "(document)"


def _strings(data: Any, path: JsonPath) -> Iterator[tuple[JsonPath, str]]:
    """Every string value (and every key, which is text too) with its path."""
    if isinstance(data, str):
        yield path, data
    elif isinstance(data, dict):
        for key, value in data.items():
            if isinstance(key, str):
                yield path, key
            yield from _strings(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _strings(value, (*path, index))
