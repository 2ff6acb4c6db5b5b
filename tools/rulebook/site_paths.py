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
