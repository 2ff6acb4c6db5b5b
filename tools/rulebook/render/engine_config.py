"""The configuration `rulebook render` gives an engine that runs no plugin of ours (Zensical):
mkdocs.yml as written, with what our MkDocs plugin adds in on_config, so that every engine builds
the same site from the same pages. Only data: it reads and writes no file."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from rulebook.markup.escaping import escaped_once

# The names the themes print unescaped: the site's (the navigation, titles, meta tags, the
# repository's name) and each language's (the switcher, and what the i18n plugin sets per language).
SITE_NAMES = ("site_name", "site_description", "site_author", "repo_name")
LANGUAGE_NAMES = ("name", "site_name", "site_description", "site_author")
I18N_PLUGIN = "i18n"
THEME_VARIANT = "variant"  # Zensical's: "modern" (its default) or "classic"


def i18n_languages(plugins: Any) -> list[dict[str, Any]]:
    """The languages the i18n plugin's entry of mkdocs.yml's `plugins` lists, as mappings."""
    for entry in plugins if isinstance(plugins, list) else []:
        if isinstance(entry, dict) and isinstance(entry.get(I18N_PLUGIN), dict):
            languages = entry[I18N_PLUGIN].get("languages")
            return [language for language in languages or [] if isinstance(language, dict)]
    return []


def engine_config(
    config: dict[str, Any],
    navigation: list[str],
    theme_overrides: str | None = None,
    toggle_names: Mapping[str, Mapping[str, str]] | None = None,
) -> dict[str, Any]:
    """`config` (mkdocs.yml's mapping, left as it was) with the project's navigation where it names
    none, our theme overrides as the theme's custom_dir where it names none (an engine takes one
    folder, where our MkDocs plugin adds ours after the config's own), and every name escaped once.
    `toggle_names`: each language's palette toggle names by scheme (escaped), which the plugin sets
    page by page and an engine takes as the language's own theme settings (zensical-i18n's `theme`).

    >>> rendered = engine_config({"site_name": "A&B", "plugins": [{"i18n": {"languages": [{"name": "<i>"}]}}]}, ["x"])
    >>> rendered["nav"], rendered["site_name"], rendered["plugins"][0]["i18n"]["languages"][0]["name"]
    (['x'], 'A&amp;B', '&lt;i&gt;')
    >>> engine_config({"theme": {"name": "material"}}, [])["theme"]["variant"]
    'classic'
    >>> palette = [{"scheme": "slate", "toggle": {"name": "Light"}}, {"scheme": "default"}]
    >>> config = {"theme": {"palette": palette}, "plugins": [{"i18n": {"languages": [{"locale": "fr"}]}}]}
    >>> french = engine_config(config, [], None, {"fr": {"slate": "Clair"}})["plugins"][0]["i18n"]["languages"][0]
    >>> french["theme"]["palette"], palette[0]["toggle"]["name"]
    ([{'scheme': 'slate', 'toggle': {'name': 'Clair'}}, {'scheme': 'default'}], 'Light')
    """
    rendered = copy.deepcopy(config)
    if rendered.get("nav") is None:
        rendered["nav"] = list(navigation)
    theme = rendered.get("theme")
    if theme_overrides is not None and isinstance(theme, dict) and not theme.get("custom_dir"):
        theme["custom_dir"] = theme_overrides
    if isinstance(theme, dict):
        # Zensical's look, where mkdocs.yml names none: its classic variant is Material's, which our
        # stylesheet and its contrasts were made and checked against (its modern footer is light,
        # and our footer's text white: axe finds the contrast 1.09). Material has no such option.
        theme.setdefault(THEME_VARIANT, "classic")
    for field in SITE_NAMES:
        if isinstance(rendered.get(field), str):
            rendered[field] = escaped_once(rendered[field])
    palette = theme.get("palette") if isinstance(theme, dict) else None
    for language in i18n_languages(rendered.get("plugins")):
        for field in LANGUAGE_NAMES:
            if isinstance(language.get(field), str):
                language[field] = escaped_once(language[field])
        names = (toggle_names or {}).get(language.get("locale"))
        own = language.get("theme")
        if names and isinstance(palette, list) and (own is None or (isinstance(own, dict) and "palette" not in own)):
            language["theme"] = {**(own or {}), "palette": _palette_named(palette, names)}
    return rendered


def _palette_named(palette: list[Any], names: Mapping[str, str]) -> list[Any]:
    """The palette with each scheme's toggle named in the language (a language's theme settings
    replace the whole list)."""
    named = copy.deepcopy(palette)
    for option in named:
        if isinstance(option, dict) and isinstance(option.get("toggle"), dict) and option.get("scheme") in names:
            option["toggle"]["name"] = names[option["scheme"]]
    return named
