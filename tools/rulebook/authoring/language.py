"""`rulebook new language`: a language the site builds at once, every page in the source language
with the notice, until translators fill its files.

It adds the language to rules/project.yaml and to the i18n plugin's languages in mkdocs.yml, writes
an empty words file for every game and for the glossary, and starts the UI catalog
locales/<code>/LC_MESSAGES/messages.po from locales/messages.pot through Babel, as `pybabel init`
does.
"""

from __future__ import annotations

from datetime import UTC, datetime
from io import BytesIO
from pathlib import Path
from typing import Any

from babel import Locale, UnknownLocaleError
from babel.messages.pofile import read_po, write_po
from ruamel.yaml.comments import CommentedMap

from rulebook.authoring import round_trip, templates
from rulebook.authoring.schema_rules import game_id_pattern, language_pattern
from rulebook.files.plan import Plan
from rulebook.i18n.ui import DOMAIN, catalog_path
from rulebook.i18n.ui_catalog import unreadable
from rulebook.load.project import GLOSSARY_FILE, PROJECT_FILE
from rulebook.located.document import format_path
from rulebook.problem_codes import Message
from rulebook.problems import Refused, cut, excerpt, one_line
from rulebook.validate.material_languages import theme_language

SITE_CONFIG = Path("mkdocs.yml")
TEMPLATE = Path("locales") / f"{DOMAIN}.pot"
CATALOG_WIDTH = 100  # as `make messages` writes the catalogs


def plan_language(root: Path, code: str) -> Plan:
    """Every file the new language needs, checked; raises Refused before anything is written."""
    if not language_pattern(root).fullmatch(code):
        raise Refused.at("", Message("authoring.not-a-language-code", {}, {"code": excerpt(code)}))
    locale = _locale(code)
    project = round_trip.read(root, PROJECT_FILE)
    languages = round_trip.sequence(project, "languages", str(PROJECT_FILE))
    if code in languages:
        raise Refused.at(PROJECT_FILE, Message("authoring.language-listed", {"language": code}))
    plan = Plan(root)
    for game_id in _game_ids(root, project):
        plan.new_file(root / "rules" / game_id / f"{code}.yaml", templates.empty_words(code, "../../schemas"))
    if (root / GLOSSARY_FILE).is_file():
        plan.new_file(root / GLOSSARY_FILE.parent / f"{code}.yaml", templates.empty_words(code, "../schemas"))
    plan.new_file(catalog_path(root, code), _catalog(root, locale))
    plan.add(root / SITE_CONFIG, _site_config(root, code, _name(locale)))
    languages.append(code)
    plan.add(root / PROJECT_FILE, round_trip.dump(project))
    return plan


def _game_ids(root: Path, project: Any) -> list[str]:
    """The games of rules/project.yaml, each a plain id: one that is a path would have a words
    file written wherever it leads."""
    games = round_trip.sequence(project, "games", str(PROJECT_FILE))
    pattern = game_id_pattern(root)
    for index, game_id in enumerate(games):
        if not isinstance(game_id, str) or not pattern.fullmatch(game_id):
            line, col = games.lc.item(index)
            listed = Message("authoring.listed-game-id", {}, {"id": excerpt(str(game_id)), "command": round_trip.CHECK})
            raise Refused.at(PROJECT_FILE, listed, line=line + 1, col=col + 1, field=format_path(("games", index)))
    return list(games)


def _locale(code: str) -> Locale:
    try:
        return Locale.parse(code)
    except (UnknownLocaleError, ValueError):
        raise Refused.at("", Message("authoring.unknown-locale", {"language": code})) from None


def _name(locale: Locale) -> str:
    """The language's name in itself, as a switcher lists it: "Polski", "Deutsch"."""
    name = locale.get_display_name(locale) or str(locale)
    return name[:1].upper() + name[1:]


def _catalog(root: Path, locale: Locale) -> str:
    template = root / TEMPLATE
    if not template.exists() and not template.is_symlink():
        raise Refused.at(
            "", Message("authoring.no-ui-template", {"file": TEMPLATE.as_posix()}, {"command": "`make messages`"})
        )
    unread = unreadable(template, root)
    if unread:
        raise Refused.at(TEMPLATE, unread)
    with template.open("rb") as stream:
        catalog = read_po(stream, locale=locale, domain=DOMAIN)
    catalog.locale = locale
    catalog.revision_date = datetime.now(UTC)
    catalog.fuzzy = False
    # Babel's defaults are template placeholders (FULL NAME <EMAIL@ADDRESS>, LL@li.org).
    catalog.last_translator = "rulebook authors"
    catalog.language_team = locale.english_name or str(locale)
    out = BytesIO()
    write_po(out, catalog, width=CATALOG_WIDTH)
    return out.getvalue().decode("utf-8")


def _site_config(root: Path, code: str, name: str) -> str:
    """mkdocs.yml with the language added to the i18n plugin's list, every other line as it was."""
    path = root / SITE_CONFIG
    if not path.is_file():
        shown = {"root": cut(one_line(str(root)))}
        raise Refused.at("", Message("authoring.no-site-config", {"file": SITE_CONFIG.as_posix()}, shown))
    config = round_trip.read(root, SITE_CONFIG)
    plugins = config.get("plugins") if isinstance(config, dict) else None
    i18n = next((p["i18n"] for p in plugins or [] if isinstance(p, dict) and "i18n" in p), None)
    if not isinstance(i18n, dict) or not isinstance(i18n.get("languages"), list):
        raise Refused.at(
            SITE_CONFIG, Message("authoring.no-site-languages", {"language": code}, {"listed": "`languages`"})
        )
    if any(isinstance(entry, dict) and entry.get("locale") == code for entry in i18n["languages"]):
        raise Refused.at(SITE_CONFIG, Message("authoring.site-language-listed", {"language": code}))
    entry = CommentedMap()
    entry["locale"] = code
    entry["name"] = name
    entry["build"] = True
    if theme_language(code) != code:  # Material has no words of its own in it: Norwegian `no` takes `nb`'s
        entry["theme"] = CommentedMap(language=theme_language(code))
    i18n["languages"].append(entry)
    return round_trip.dump(config)
