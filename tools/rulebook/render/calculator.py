"""The score calculator of a game page: its place on the page, and the data its script reads.

The script (website/theme/assets/javascripts/calculator.js) knows no game, no number of the rules and
no word of any language: each game's scorer and form are its own rules/<game>/calculator.js, and the
page gives them the game's facts from game.yaml, its input schema, and the page language's words
from the UI catalog, with the catalog's own plural rule. A fact changed in the data, or a
translation changed in a catalog, changes the calculator at the next build.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from babel import Locale
from babel.messages.extract import extract_from_file

from rulebook.files.disk import inside_project
from rulebook.files.scorers import SCORER, browser_scorer, input_schema, scored_games, scorer
from rulebook.i18n.po_file import PLURAL_RULE
from rulebook.i18n.ui import catalog_path, gettext_plural_forms
from rulebook.i18n.ui_catalog import read_ui_catalog
from rulebook.markup.escaping import attribute
from rulebook.model import Game, Project
from rulebook.render.context import PageContext
from rulebook.scoring.outcome import SHARED_LINE_WORDS

SHARED_SCORING = Path(__file__).parent.parent / "scoring"  # the words every scorer shares
# Each language's plural rule, a file of the site: as an inline script it would differ by language,
# which the Content-Security-Policy (website/policy.py) refuses.
PLURAL_FILE = "assets/javascripts/plural/{language}.js"
# Each scored game's form and browser scorer (rules/<game>/calculator.js), a file of the site for the
# same reason: the policy runs the site's own files and no inline script it has not hashed.
GAME_FILE = "assets/javascripts/calculator/{game}.js"
ANCHOR = "calculator"
# The schema's words for people, which the script does not need; oneOf titles name the alternatives.
_UNUSED_SCHEMA_KEYS = {"description", "$schema", "$id"}


def calculator_section(context: PageContext, game: Game) -> list[str]:
    """The calculator's heading and its place on a game page; the script fills it in."""
    if not game.scored:
        return []
    _ = context._
    # TRANSLATORS: heading of the section of a game page where a referee computes a score.
    title = _("Score calculator")
    intro = _(
        "Fill in the situation at the table and press Score: the calculator applies the same rules as the "
        "worked examples, in your browser, offline."
    )
    return [
        # Out of search: "score" must find the scoring rules, not the form.
        f"## {title} {{ #{ANCHOR} data-search-exclude }}",
        "",
        '<div class="rb-calculator" data-search-exclude markdown>',
        f'<p class="rb-calculator__intro">{attribute(intro)}</p>',
        "</div>",
        "",
    ]


def plural_script(project: Project, language: str) -> str:
    """window.rulebookPlural: the catalog's plural rule (Plural-Forms), the one Python's ngettext uses.

    Babel's `to_javascript` gives CLDR's categories, not the catalog's form numbers (French catalogs
    have 2 forms, CLDR 3), and its French rule reads an operand it never defines.

    >>> from types import SimpleNamespace
    >>> plural_script(SimpleNamespace(root=Path("."), source_language="en"), "en")
    'window.rulebookPlural = function (n) { return Number(n != 1); };'
    """
    rule = "n != 1"
    if language != project.source_language:
        forms = gettext_plural_forms(project.root, language)
        rule = forms.split("plural=", 1)[1].strip().rstrip(";").strip()
        if not PLURAL_RULE.match(rule):
            raise ValueError(f"{catalog_path(project.root, language)}: Plural-Forms is not a plain rule: {rule!r}")
    return f"window.rulebookPlural = function (n) {{ return Number({rule}); }};"


@dataclass(frozen=True)
class LanguagePart:
    """What every game page of one language shares: the words and the plural rule. Made once per
    language for a project (reading the catalog twice), not once per page."""

    words: dict[str, Any]
    plural: str


# The project these parts were made for: a new project (any content or catalog edited) starts anew.
_PARTS: tuple[Project | None, dict[str, LanguagePart]] = (None, {})


def language_part(project: Project, language: str) -> LanguagePart:
    global _PARTS
    if _PARTS[0] is not project:
        _PARTS = (project, {})
    parts = _PARTS[1]
    if language not in parts:
        parts[language] = LanguagePart(
            words={
                "messages": _messages(project, language),
                "list_patterns": _list_patterns(project, language),
                "ui": _interface(PageContext(project, language)),
            },
            plural=plural_script(project, language),
        )
    return parts[language]


def game_scripts(project: Project) -> dict[str, str]:
    """Each scoring game's calculator.js, by the site file its pages load it from (GAME_FILE)."""
    scripts = {}
    for scoring in dict.fromkeys(game.scoring for game in project.games if game.scored):
        path = browser_scorer(project.root, scoring)
        if path.is_file() and inside_project(path, project.root):
            scripts[GAME_FILE.format(game=scoring)] = path.read_text(encoding="utf-8")
    return scripts


def calculator_data(project: Project, language: str, game: Game) -> str:
    """The JSON the script reads, safe inside <script type="application/json">. It holds the page's
    own game only: every game's data on every page cost 137 KB a page at 100 games; the script
    refuses to score another game on this page (calculator.js, `evaluate`)."""
    data = {
        "language": language,
        "game": game.id,
        "games": {
            game.id: {
                "scoring": game.scoring,
                "facts": game.facts,
                "schema": schema_data(project.root, game.scoring),
                "refusals": _refusals(project.root, game.scoring),
                "lines": line_words(project.root, game.scoring),
            }
        },
        **language_part(project, language).words,
    }
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    # `</script>` or `<!--` in a name or a translation must not end the element.
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


@cache  # by path: `rulebook serve` empties it before each refresh (rulebook/website/path_caches.py)
def schema_data(root: Path, scoring: str) -> dict[str, Any]:
    """A game's input schema as the calculator reads it, without the words only people read."""

    def lean(node: Any) -> Any:
        if isinstance(node, dict):
            return {key: lean(value) for key, value in node.items() if key not in _UNUSED_SCHEMA_KEYS}
        if isinstance(node, list):
            return [lean(item) for item in node]
        return node

    return lean(json.loads(input_schema(root, scoring).read_text(encoding="utf-8")))


def _refusals(root: Path, scoring: str) -> dict[str, str | list[str]]:
    """The scorer's refusals by code, in English (REFUSALS of its scoring.py): the page says each in
    its language through the catalog, from the code and its params."""
    declared = getattr(scorer(root, scoring), "REFUSALS", {})
    return {code: words if isinstance(words, str) else list(words) for code, words in declared.items()}


def line_words(root: Path, scoring: str) -> dict[str, str | list[str]]:
    """The words of the scorer's breakdown lines by code (LINE_WORDS of its scoring.py, and the
    shared ones), in English: the page says each through the catalog, from the code and its params,
    as it says a refusal."""
    declared = {**SHARED_LINE_WORDS, **getattr(scorer(root, scoring), "LINE_WORDS", {})}
    return {code: words if isinstance(words, str) else list(words) for code, words in declared.items()}


def scorer_messages(root: Path) -> tuple[str | tuple[str, str], ...]:
    """Every UI string of the shared scoring modules and of each game's scorer, found as `make
    messages` finds them."""
    found: list[str | tuple[str, str]] = []
    games = [root / "rules" / game / SCORER for game in scored_games(root)]
    for module in [*sorted(SHARED_SCORING.glob("*.py")), *games]:
        for _line, message, _comments, _context in extract_from_file(
            "python", module, keywords={"N_": None, "Nn_": (1, 2)}, comment_tags=()
        ):
            if message not in found:
                found.append(message)
    return tuple(found)


def _messages(project: Project, language: str) -> dict[str, str | list[str]]:
    """The page language's translations of the scorers' words and the breakdown's, as Python's
    gettext reads the catalog: untranslated and fuzzy entries, and those `rulebook check` refuses,
    left out (the English is said)."""
    catalog = read_ui_catalog(project.root, language) if language != project.source_language else None
    if catalog is None:
        return {}
    wanted = {message if isinstance(message, str) else message[0] for message in scorer_messages(project.root)}
    wanted.add("Winner")
    found: dict[str, str | list[str]] = {}
    for entry in catalog.usable():
        key = entry.msgid if isinstance(entry.msgid, str) else entry.msgid[0]
        if key in wanted and not entry.fuzzy:
            found[key] = entry.string if isinstance(entry.string, str) else list(entry.string)
    return found


def _list_patterns(project: Project, language: str) -> dict[str, str]:
    """How a list of values is written: Babel's "or" list for a translation, the scorers' own English
    ("1, 2 or 3") for the source language, which `rulebook score` prints without --lang."""
    if language == project.source_language:
        return {"2": "{0} or {1}", "start": "{0}, {1}", "middle": "{0}, {1}", "end": "{0} or {1}"}
    patterns = Locale.parse(language).list_patterns["or"]
    return {key: patterns[key] for key in ("2", "start", "middle", "end")}


def _interface(context: PageContext) -> dict[str, str]:
    """The form's and the result's words in the page's language: the shared ones, then each scored
    game's own (its scorer's FORM_WORDS, which its calculator.js reads), in the project's order."""
    _ = context._
    shared = {
        # TRANSLATORS: the calculator's button that computes the score (a verb).
        "score": _("Score"),
        # TRANSLATORS: the heading of the calculator's breakdown table.
        "result": _("Result"),
        "refused": _("Refused:"),
        "step": _("Step"),
        "computation": _("Computation"),
        "tiebreak": _("A tiebreaker is needed."),
        # TRANSLATORS: the legend of one player's fields in the score calculator.
        "player_n": _("Player {n}"),
        # TRANSLATORS: the label of a player's name in the score calculator.
        "name": _("Name"),
        "add_player": _("Add a player"),
        "remove_player": _("Remove this player"),
        "same_names": _("Each player needs a different name."),
        "whole_numbers": _("Write whole numbers separated by spaces, such as 5 3 -2."),
        # TRANSLATORS: a calculator field left empty; the form refuses to score until it is filled in.
        "field_empty": _("Fill in this field."),
        # TRANSLATORS: a calculator field holding text or a fraction where a count belongs.
        "field_whole": _("Write a whole number, in digits only (no spaces, commas or points)."),
        # TRANSLATORS: a calculator count below what the rules allow; {min} is a number.
        "field_min": _("The rules allow no fewer than {min} here."),
        # TRANSLATORS: a calculator count above what the game holds or the rules allow; {max} is a number.
        "field_max": _("The rules allow no more than {max} here."),
        "name_long": _("This name is too long."),
        # TRANSLATORS: a refusal in the calculator's list of refusals: {field} names the field, {problem} says why.
        "field_problem": _("{field}: {problem}"),
        # TRANSLATORS: why "Remove this player" removes nothing when one player is left.
        "last_player": _("A situation needs at least one player: this one stays."),
        # TRANSLATORS: a refusal the form has no words of its own for.
        "refused_other": _("This value is not accepted here."),
    }
    games = [game for game in context.project.games if game.scored]
    for scoring in dict.fromkeys(game.scoring for game in games):
        words = getattr(scorer(context.project.root, scoring), "FORM_WORDS", {})
        for key, message in words.items():
            shared.setdefault(key, _(message))  # a game's key never replaces the toolkit's own words
    return shared
