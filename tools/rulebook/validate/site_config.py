"""mkdocs.yml is contributor text too: its names are printed by Material's templates (titles,
the header, the language switcher, meta tags, the palette toggle, the repository's name), some of
them unescaped. They are checked as plain names, at mkdocs.yml:line:column; its addresses (the
site's, the repository's, links and icons) as URLs, which the theme, the sitemaps and the PO
comments print unescaped; the folders it names must be the project's. The plugin checks the values
MkDocs loaded once more, `!ENV` ones included, and escapes the names (website/plugin.py)."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedBase, CommentedMap, CommentedSeq
from ruamel.yaml.error import YAMLError

from rulebook.addresses.site_url import WEB_SCHEMES, address_character, site_url_problem, web_address_problem
from rulebook.files.disk import inside_project, outside_project
from rulebook.located.document import long_numbers
from rulebook.markup.target import is_allowed_link
from rulebook.markup.target import scheme as scheme_of
from rulebook.problem_codes import Message
from rulebook.problems import Problem, cut, excerpt, one_line
from rulebook.validate.safety import character_dangers, name_dangers

SITE_CONFIG = Path("mkdocs.yml")
# `"` too: a name is printed inside attributes (meta tags, the toggle's title), where it ends one.
NAME_FORBIDDEN = '<>"'


def site_config_problems(root: Path) -> tuple[list[Problem], list[Path]]:
    """The problems of mkdocs.yml, and the folders it names for the site to read (docs_dir, a
    theme's custom_dir) that are inside the project. No mkdocs.yml: nothing to check."""
    path = root / SITE_CONFIG
    shown = SITE_CONFIG.as_posix()
    if not (path.exists() or path.is_symlink()):
        return [], [root / "docs"]
    if not inside_project(path, root):
        return [outside_project(shown)], []
    try:
        raw = path.read_bytes()
        numbers = long_numbers(raw.decode("utf-8"), shown)  # before ruamel.yaml (or MkDocs) reads them as numbers
        if numbers:
            return numbers, []
        config = YAML().load(raw)  # round-trip: tags (`!ENV`, `!!python/name:`) stay nodes
    # too deep: RecursionError; UnicodeDecodeError, and an int ruamel.yaml cannot read (`!!int x`): ValueError
    except (YAMLError, OSError, ValueError, RecursionError) as error:
        mark = getattr(error, "problem_mark", None)
        line, col = (mark.line + 1, mark.column + 1) if mark else (0, 0)
        reason = cut(one_line(str(getattr(error, "problem", None) or error)), 200)
        return [Problem.coded(shown, line, col, Message("site.not-yaml", {}, {"reason": reason}))], []
    if not isinstance(config, CommentedMap):
        return [Problem.coded(shown, 1, 1, Message("site.not-a-mapping"))], []
    problems = [
        Problem.coded(shown, line, col, message, field=field)
        for field, (line, col), text in _contributor_names(config)
        for message in [*name_dangers(text, NAME_FORBIDDEN), *character_dangers(text)]
    ]
    problems += [
        Problem.coded(shown, line, col, message, field=field)
        for field, (line, col), text, kind in _addresses(config)
        for message in address_dangers(text, kind)
    ]
    problems += _theme_language_problems(config)
    folders = []
    for field, container, key, named in _named_paths(config):
        target = path.parent / named
        if inside_project(target, root):
            folders += [target] if field != "INHERIT" else []
        else:
            line, col = _position(container, key)
            outside = Message("site.folder-outside-project", {}, {"folder": excerpt(named)})
            problems.append(Problem.coded(shown, line, col, outside, field=field))
    return problems, folders


def theme_custom_dir(root: Path) -> Path | None:
    """mkdocs.yml's theme.custom_dir, inside the project, as the engine finds it (beside mkdocs.yml);
    None when there is none, or it is no folder of the project (the check says why)."""
    path = root / SITE_CONFIG
    try:
        config = YAML().load(path.read_bytes()) if inside_project(path, root) else None
    except (YAMLError, OSError, ValueError, RecursionError):
        return None
    for field, _, _, named in _named_paths(config) if isinstance(config, CommentedMap) else ():
        folder = path.parent / named
        if field == "theme.custom_dir" and inside_project(folder, root) and folder.is_dir():
            return folder
    return None


def _named_paths(config: CommentedMap) -> Iterator[tuple[str, CommentedMap, str, str]]:
    """The files and folders mkdocs.yml has MkDocs read: the config it inherits, the pages' folder
    and a theme's own templates; each with its field, and the mapping and key it stands at."""
    if isinstance(config.get("INHERIT"), str):
        yield "INHERIT", config, "INHERIT", config["INHERIT"]
    docs = config.get("docs_dir", "docs")
    if isinstance(docs, str):
        yield "docs_dir", config, "docs_dir", docs
    theme = config.get("theme")
    if isinstance(theme, CommentedMap) and isinstance(theme.get("custom_dir"), str):
        yield "theme.custom_dir", theme, "custom_dir", theme["custom_dir"]


def _i18n_languages(config: CommentedMap) -> Iterator[tuple[str, CommentedMap]]:
    """Each language entry of the i18n plugin, with its field path."""
    plugins = config.get("plugins")  # a number or a text there is MkDocs' to refuse, not a list to walk
    for index, plugin in enumerate(plugins if isinstance(plugins, CommentedSeq) else []):
        i18n = plugin.get("i18n") if isinstance(plugin, CommentedMap) else None
        languages = i18n.get("languages") if isinstance(i18n, CommentedMap) else None
        for number, language in enumerate(languages if isinstance(languages, CommentedSeq) else []):
            if isinstance(language, CommentedMap):
                yield f"plugins[{index}].i18n.languages[{number}]", language


def _theme_language_problems(config: CommentedMap) -> list[Problem]:
    """A language Material has no words in stops the build with a traceback, unless its entry
    names one of Material's languages for the theme."""
    theme = config.get("theme")
    if not (isinstance(theme, CommentedMap) and theme.get("name") == "material"):
        return []
    from rulebook.validate.material_languages import material_languages, theme_language

    problems = []
    for where, language in _i18n_languages(config):
        code, override = language.get("locale"), language.get("theme")
        chosen = override.get("language", code) if isinstance(override, CommentedMap) else code
        if isinstance(code, str) and chosen not in material_languages():
            line, col = _position(language, "locale")
            fix = theme_language(code)
            shown = {"locale": excerpt(str(chosen)), "setting": f"`theme: {{language: {fix}}}`"}
            missing = Message("site.theme-language", {"theme_language": fix}, shown)
            problems.append(Problem.coded(SITE_CONFIG.as_posix(), line, col, missing, field=f"{where}.locale"))
    return problems


# The names of mkdocs.yml, the site's and each language's, that a template prints.
NAMES = ("site_name", "site_description", "site_author", "repo_name", "copyright")
LANGUAGE_NAMES = ("name", "site_name", "site_description", "site_author", "copyright")
# Its addresses, each of a kind (address_dangers): the site's own, another site's, a link.
ADDRESSES = {"site_url": "site", "repo_url": "web", "edit_uri": "link", "edit_uri_template": "template"}
THEME_ADDRESSES = {"favicon": "link", "logo": "link"}
LANGUAGE_ADDRESSES = {"site_url": "site", "link": "link", "fixed_link": "link"}
# edit_uri_template's placeholders, `{path}`, `{path_noext}` (`{path!q}` quoted): MkDocs fills them.
_TEMPLATE_FIELD = re.compile(r"\{path(?:_noext)?(?:![qr])?\}")


def address_dangers(value: str, kind: str) -> Iterator[Message]:
    """What keeps a value of mkdocs.yml from being an address of its `kind`: "site", the site's own
    (site_address.site_url_problem); "web", an http: or https: address; "link", a link a page may
    hold (relative, an anchor, http:, https: or mailto:); "template", a link with MkDocs' fields.

    >>> list(address_dangers("https://github.com/owner/rules", "web")), list(address_dangers("#top", "link"))
    ([], [])
    >>> print(*address_dangers("javascript:alert(1)", "link"))
    'javascript:alert(1)' is not allowed here: a link of the site may be relative, or http:, https: or mailto:
    """
    if kind == "template":
        value, kind = _TEMPLATE_FIELD.sub("x", value), "link"
    if kind == "site":
        problem = site_url_problem(value)
    elif kind == "web" or scheme_of(value) in WEB_SCHEMES:
        problem = web_address_problem(value)
    elif address_character(value) is not None:
        problem = web_address_problem(value)  # says which character
    elif not is_allowed_link(value):
        problem = Message("site.link", {}, {"address": excerpt(value)})
    else:
        problem = None
    if problem is not None:
        yield problem


def _addresses(config: CommentedMap) -> Iterator[tuple[str, tuple[int, int], str, str]]:
    """Each address of mkdocs.yml, with its field, place and kind (address_dangers)."""
    for field, kind in ADDRESSES.items():
        if isinstance(config.get(field), str):
            yield field, _position(config, field), config[field], kind
    theme = config.get("theme")
    for field, kind in THEME_ADDRESSES.items():
        if isinstance(theme, CommentedMap) and isinstance(theme.get(field), str):
            yield f"theme.{field}", _position(theme, field), theme[field], kind
    for where, language in _i18n_languages(config):
        for field, kind in LANGUAGE_ADDRESSES.items():
            if isinstance(language.get(field), str):
                yield f"{where}.{field}", _position(language, field), language[field], kind
    for where, extra in [("extra", config.get("extra")), *_language_extras(config)]:
        yield from _extra_links(extra, where)


def _extra_links(extra: Any, where: str) -> Iterator[tuple[str, tuple[int, int], str, str]]:
    """The links under `extra` that Material prints: the logo's (homepage) and each social link's."""
    if not isinstance(extra, CommentedMap):
        return
    if isinstance(extra.get("homepage"), str):
        yield f"{where}.homepage", _position(extra, "homepage"), extra["homepage"], "link"
    social = extra.get("social")
    for index, entry in enumerate(social if isinstance(social, CommentedSeq) else []):
        if isinstance(entry, CommentedMap) and isinstance(entry.get("link"), str):
            yield f"{where}.social[{index}].link", _position(entry, "link"), entry["link"], "link"


def _language_extras(config: CommentedMap) -> list[tuple[str, Any]]:
    return [(f"{where}.extra", language.get("extra")) for where, language in _i18n_languages(config)]


def _contributor_names(config: CommentedMap) -> Iterator[tuple[str, tuple[int, int], str]]:
    """Each string of mkdocs.yml that a template prints as a name, with its field and place."""
    for field in NAMES:
        if isinstance(config.get(field), str):
            yield field, _position(config, field), config[field]
    theme = config.get("theme")
    palette = theme.get("palette") if isinstance(theme, CommentedMap) else None
    schemes = palette if isinstance(palette, CommentedSeq) else [palette]
    for index, scheme in enumerate(schemes):
        toggle = scheme.get("toggle") if isinstance(scheme, CommentedMap) else None
        if isinstance(toggle, CommentedMap) and isinstance(toggle.get("name"), str):
            where = f"theme.palette[{index}].toggle.name" if palette is schemes else "theme.palette.toggle.name"
            yield where, _position(toggle, "name"), toggle["name"]
    for where, language in _i18n_languages(config):
        for field in LANGUAGE_NAMES:
            if isinstance(language.get(field), str):
                yield f"{where}.{field}", _position(language, field), language[field]
    if "extra" in config:
        yield from _strings(config["extra"], "extra", _position(config, "extra"), set())
    for where, extra in _language_extras(config):
        if extra is not None:
            yield from _strings(extra, where, (0, 0), set())


def _strings(
    data: Any, where: str, place: tuple[int, int], seen: set[int]
) -> Iterator[tuple[str, tuple[int, int], str]]:
    """Every string under `extra` (social links' names, the generator notice...), each once: an
    alias shares its anchor's node, and a document of aliases must not be walked exponentially."""
    if isinstance(data, str):
        yield where, place, data
        return
    if id(data) in seen:
        return
    seen.add(id(data))
    if isinstance(data, CommentedMap):
        for key, value in data.items():
            yield from _strings(value, f"{where}.{key}", _position(data, key), seen)
    elif isinstance(data, CommentedSeq):
        for index, value in enumerate(data):
            yield from _strings(value, f"{where}[{index}]", _position(data, index), seen)


def _position(container: CommentedBase, key: Any) -> tuple[int, int]:
    """1-based line and column of a value in a round-trip mapping or sequence."""
    try:
        line, col = container.lc.item(key) if isinstance(container, CommentedSeq) else container.lc.value(key)
    except (KeyError, IndexError, TypeError, AttributeError):
        return 0, 0
    return line + 1, col + 1


def loaded_config_problems(config: Any, languages: list[Any]) -> list[str]:
    """The addresses of a config as MkDocs loaded it (`!ENV` values and an INHERIT-ed file's
    included), each checked as the check checks mkdocs.yml's: `field: message`. `languages` are
    the i18n plugin's entries. The build stops on any, before a page is written."""
    found: list[tuple[str, Any, str]] = [(field, config.get(field), kind) for field, kind in ADDRESSES.items()]
    found += [(f"theme.{field}", config["theme"].get(field), kind) for field, kind in THEME_ADDRESSES.items()]
    extras = [("extra", config.get("extra"))]
    for index, language in enumerate(languages):
        where = f"i18n.languages[{index}]"
        found += [(f"{where}.{field}", language.get(field), kind) for field, kind in LANGUAGE_ADDRESSES.items()]
        extras.append((f"{where}.extra", language.get("extra")))
    for where, extra in extras:
        if isinstance(extra, Mapping) or hasattr(extra, "get"):
            found.append((f"{where}.homepage", extra.get("homepage"), "link"))
            social = extra.get("social")
            for index, entry in enumerate(social if isinstance(social, list) else []):
                link = entry.get("link") if isinstance(entry, Mapping) else None
                found.append((f"{where}.social[{index}].link", link, "link"))
    problems = [
        f"{field}: {message}"
        for field, value, kind in found
        if isinstance(value, str)
        for message in address_dangers(value, kind)
    ]
    # Material prints some of extra's strings unescaped (a status's title, the consent's words).
    for where, extra in extras:
        for field, text in _loaded_strings(extra, where, 0):
            dangers = [*name_dangers(text, NAME_FORBIDDEN), *character_dangers(text)]
            problems += [f"{field}: {message}" for message in dangers]
    return problems


def _loaded_strings(data: Any, where: str, depth: int) -> Iterator[tuple[str, str]]:
    if isinstance(data, str):
        yield where, data
    elif depth > 20:  # MkDocs loaded it: its YAML reader bounds nothing, but a setting is never this deep
        return
    elif isinstance(data, Mapping) or (hasattr(data, "items") and hasattr(data, "get")):
        for key, value in data.items():
            yield from _loaded_strings(value, f"{where}.{key}", depth + 1)
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _loaded_strings(value, f"{where}[{index}]", depth + 1)
