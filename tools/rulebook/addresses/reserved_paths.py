"""The names the site keeps for itself at its top level. A game's page is `<id>/`, so a game
whose id is one of them would shadow (or be shadowed by) the home page, the glossary, the status
page, a language's folder, the search index or the theme's assets."""

from __future__ import annotations

# Pages the plugin writes (render/pages.py: index.md, glossary.md, status.md, quick-reference/)
# and folders MkDocs and Material write (search/, assets/). 404.html, sitemap.xml, sw.js,
# precache.json and manifest.webmanifest have a dot, which no game id has.
SITE_NAMES = frozenset({"index", "glossary", "status", "quick-reference", "search", "assets"})


def taken_by_site(game_id: str, languages: list[str]) -> str | None:
    """Why the site has `game_id` for itself (a language's folder, one of its pages), or None.

    >>> taken_by_site("fr", ["en", "fr"]), taken_by_site("search", ["en"]), taken_by_site("chess", ["en"])
    ("the folder of the language 'fr'", 'one of the pages and folders of the site', None)
    """
    if game_id in languages:
        return f"the folder of the language {game_id!r}"
    if game_id in SITE_NAMES:
        return "one of the pages and folders of the site"
    return None


def anchor_taken_by_site(anchor: str, languages: list[str]) -> bool:
    """Whether the id of a game's section or rule, or of a glossary symbol or group, is one of the
    site's own names. These ids are anchors, not pages, but they stay clear of the names all the
    same (dev/security.md), so that one name never means both a place of the site and a rule, and
    an id can become a page or a folder later (a rule's own page, a print file). All but `glossary`:
    the natural id of a game's section on its symbols (a real game has one), which names the glossary.

    >>> [anchor_taken_by_site(name, ["en", "fr"]) for name in ("fr", "index", "assets", "glossary", "winner")]
    [True, True, True, False, False]
    """
    return anchor != "glossary" and taken_by_site(anchor, languages) is not None
