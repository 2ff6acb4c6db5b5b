"""The theme's own words in the reader's language: the words Material takes from mkdocs.yml (palette
toggles, heading anchors' tooltip) and those of our template overrides (footer, 404), from our UI
catalogs. Material translates the rest itself through its per-language `language` setting."""

from __future__ import annotations

import html
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rulebook.i18n.ui import ui_translations

if TYPE_CHECKING:  # `rulebook finish` takes the words without loading an engine
    from mkdocs.config.defaults import MkDocsConfig


def _(message: str) -> str:
    """Marks a string for `make messages` (pybabel extract); translated where it is used."""
    return message


# The heading anchors' tooltip: toc's own default, which our catalogs translate.
PERMALINK_TITLE = _("Permanent link")
# What each palette's toggle does, by the scheme it is shown in.
_TOGGLE = {"default": _("Switch to dark mode"), "slate": _("Switch to light mode")}
_WORDS = {
    "made_with": _("Made with {tool}"),
    "not_found": _("Page not found"),
    "not_found_help": _("There is no page at this address. Search the rules, or start again from the home page."),
    "home": _("Home page"),
    "search_dialog": _("Search the rules"),
    "table_scrolls": _("The table scrolls sideways."),
}


def interface_words(root: Path, language: str) -> dict[str, str]:
    """The words of our template overrides, for the template context (`rulebook_ui`)."""
    gettext = ui_translations(root, language).gettext
    return {key: gettext(message) for key, message in _WORDS.items()}


def toggle_names(root: Path, language: str) -> dict[str, str]:
    """Each palette scheme's toggle name in `language`, escaped: Material's partials/palette.html (and
    Zensical's) print it into title and aria-label unescaped."""
    gettext = ui_translations(root, language).gettext
    return {scheme: html.escape(gettext(message), quote=True) for scheme, message in _TOGGLE.items()}


def permalink_title(root: Path, language: str) -> str:
    """The heading anchors' tooltip in `language`, unescaped (ElementTree escapes the attribute)."""
    return ui_translations(root, language).gettext(PERMALINK_TITLE)


def localize_theme(config: MkDocsConfig, root: Path, language: str) -> None:
    """Set the theme's words from mkdocs.yml to the language about to be rendered."""
    names = toggle_names(root, language)
    for option in config.theme.get("palette") or []:
        toggle: dict[str, Any] | None = option.get("toggle")
        if toggle is not None and option.get("scheme") in names:
            toggle["name"] = names[option["scheme"]]
    toc = config.mdx_configs.setdefault("toc", {})
    if toc.get("permalink"):
        toc["permalink_title"] = permalink_title(root, language)
