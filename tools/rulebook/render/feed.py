"""Each game's Atom feed of its editions, `<game>/changes.xml` in every language (RFC 4287): one
entry per recorded edition, newest first, titled "Chess 1.1", dated by the edition, summarised by
the edition's summary in the feed's language (in English, marked, until it is translated), and
linked to its entry on the change list.

Built with ElementTree, which escapes every text it writes: a summary is a contributor's text.
Ids are UUIDs derived from the game, language and version, so that they stay the same wherever
the site is published; links are absolute when the site's address is known, else relative to the
feed, which sits beside the change list's folder.
"""

from __future__ import annotations

import html
import re
import uuid
import xml.etree.ElementTree as ET

from rulebook.editions.timeline import anchor
from rulebook.model import Game
from rulebook.render.changes import page_path as changes_path
from rulebook.render.context import PageContext

ATOM = "http://www.w3.org/2005/Atom"
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
FEED_NAME = "changes.xml"
# What XML 1.0 cannot hold, even escaped: the C0 controls but tab and line breaks, surrogates, U+FFFE/F.
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
_IDS = uuid.UUID("1f0c6b52-6a47-5b8e-9a0e-6d1b2c0a7e41")  # this toolkit's namespace for the entries' UUIDs

ET.register_namespace("", ATOM)


def feed_path(game: Game | str) -> str:
    """The feed in a language's folder of the site, beside the change list's folder.

    >>> feed_path("chess")
    'chess/changes.xml'
    """
    game_id = game if isinstance(game, str) else game.id
    return f"{game_id}/{FEED_NAME}"


def changes_feed(context: PageContext, game: Game, site_url: str | None = None) -> bytes:
    """The feed of the game's editions in the context's language, as UTF-8 XML."""
    found = context.timeline(game)
    root = "" if context.language == context.project.source_language else f"{context.language}/"
    base = f"{site_url.rstrip('/')}/{root}" if site_url else None
    change_list = changes_path(game).removesuffix(".md") + "/"
    feed = ET.Element(f"{{{ATOM}}}feed", {XML_LANG: context.language})
    title = _plain(context._("Changes to {game}")).replace("{game}", game.name)
    _add(feed, "title", title)
    _add(feed, "id", _urn(game.id, context.language))
    latest = found.latest
    _add(feed, "updated", _timestamp(latest.date if latest else "1970-01-01"))
    author = ET.SubElement(feed, f"{{{ATOM}}}author")
    _add(author, "name", _plain(context._("Board game rules")))
    if base:
        _link(feed, f"{base}{feed_path(game)}", "self", "application/atom+xml")
    _link(feed, _address(base, game, change_list), "alternate", "text/html")
    for edition in reversed(found.editions):
        entry = ET.SubElement(feed, f"{{{ATOM}}}entry")
        _add(entry, "title", f"{game.name} {edition.version}")
        _add(entry, "id", _urn(game.id, context.language, edition.version))
        _add(entry, "updated", _timestamp(edition.date))
        _link(entry, _address(base, game, f"{change_list}#{anchor(edition.version)}"), "alternate", "text/html")
        if edition.unit_id in game.words[context.project.source_language].units:
            shown = context.shown(game, edition.unit_id)
            summary = _add(entry, "summary", context.plain(game, edition.unit_id))
            summary.set("type", "text")
            if shown.language != context.language:
                summary.set(XML_LANG, shown.language)
    ET.indent(feed)
    return ET.tostring(feed, encoding="utf-8", xml_declaration=True) + b"\n"


def _add(parent: ET.Element, name: str, text: str) -> ET.Element:
    element = ET.SubElement(parent, f"{{{ATOM}}}{name}")
    element.text = _NOT_XML.sub("", text)
    return element


def _link(parent: ET.Element, href: str, rel: str, media_type: str) -> None:
    ET.SubElement(parent, f"{{{ATOM}}}link", {"href": href, "rel": rel, "type": media_type})


def _address(base: str | None, game: Game, path: str) -> str:
    """A page of the game's folder: absolute from the site's address, else from the feed's folder."""
    return f"{base}{game.id}/{path.removeprefix(f'{game.id}/')}" if base else path.removeprefix(f"{game.id}/")


def _urn(*names: str) -> str:
    return uuid.uuid5(_IDS, "/".join(names)).urn


def _timestamp(date: str) -> str:
    """An edition's day as an RFC 3339 date-time, which Atom asks for."""
    return f"{date}T00:00:00Z"


def _plain(interface: str) -> str:
    """A UI string as plain text: the catalogs' words reach pages with character references
    (markup.interface_text), which ElementTree would escape a second time. Its placeholders are
    then filled by replacing them, never by str.format: a brace the catalog had is a brace again."""
    return html.unescape(interface)
