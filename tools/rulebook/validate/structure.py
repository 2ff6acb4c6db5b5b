"""Checks of a game's own shape: ids, anchors and source files."""

from __future__ import annotations

from collections.abc import Iterator

from rulebook.addresses.reserved_paths import anchor_taken_by_site
from rulebook.located.document import JsonPath, format_path
from rulebook.markup.anchors import is_reserved_id
from rulebook.model import Game
from rulebook.problem_codes import Message
from rulebook.problem_codes.words import RULE, SECTION
from rulebook.problems import Problem, cut


def structure_problems(game: Game, languages: list[str]) -> list[Problem]:
    document = game.document
    problems = []
    if game.id != game.folder.name:
        mismatch = Message("id.folder-mismatch", {}, {"id": cut(game.id), "folder": cut(game.folder.name)})
        problems.append(document.problem(("id",), mismatch, field="id"))
    # Section and rule ids become anchors on one page, so they share one namespace.
    seen: dict[str, str] = {}
    for path, name, kind in _anchors(game):
        if name in seen:
            used = {"kind": _KINDS[kind], "id": cut(name), "other": _KINDS[seen[name]]}
            problems.append(document.problem(path, Message("id.duplicate-anchor", {}, used)))
        seen.setdefault(name, kind)
    for index, (language, path) in enumerate(game.sources.items()):
        if not path.is_file():
            missing = Message("id.no-source-file", {"language": language})
            problems.append(document.problem(("sources", index, "file"), missing, field=f"sources[{index}].file"))
    problems += _reserved_anchor_problems(game)
    problems += _site_name_problems(game, languages)
    problems += _assumption_problems(game)
    problems += _presumption_problems(game)
    problems += _card_problems(game)
    return problems


_KINDS = {"section": SECTION, "rule": RULE}


def _anchors(game: Game) -> Iterator[tuple[JsonPath, str, str]]:
    """(path, id, kind) of each section and rule: their ids are anchors of the game page."""
    for s_index, section in enumerate(game.sections):
        yield ("sections", s_index, "id"), section.id, "section"
        for r_index, rule in enumerate(section.rules):
            yield ("sections", s_index, "rules", r_index), rule.id, "rule"


def _reserved_anchor_problems(game: Game) -> list[Problem]:
    """An anchor may not be one the template or the renderer owns: a rule `rb-calculator-data`
    would take the calculator's data (markup/anchors.py)."""
    return [
        game.document.problem(path, Message("id.reserved-anchor", {}, {"kind": _KINDS[kind], "id": cut(name)}))
        for path, name, kind in _anchors(game)
        if is_reserved_id(name)
    ]


def _site_name_problems(game: Game, languages: list[str]) -> list[Problem]:
    """Nor one of the site's own names, as for a game (dev/security.md): a language's folder, or one
    of the site's pages and folders (rulebook/addresses/reserved_paths.py)."""
    return [
        game.document.problem(path, Message("id.site-name", {}, {"kind": _KINDS[kind], "id": cut(name)}))
        for path, name, kind in _anchors(game)
        if anchor_taken_by_site(name, languages)
    ]


def _card_problems(game: Game) -> list[Problem]:
    """The quick-reference card cites rules and rulings by id: each must exist."""
    rule_ids = {rule.id for rule in game.rules()}
    ruling_ids = {ruling.id for ruling in game.rulings}
    problems = []
    for name, part in game.card.items():
        for kind, ids, known in (("rules", part.rules, rule_ids), ("rulings", part.rulings, ruling_ids)):
            for index, item in enumerate(ids):
                if item not in known:
                    path = ("quick_reference", name, kind, index)
                    unknown = Message(f"id.unknown-{kind[:-1]}", {}, {"id": cut(item)})
                    problems.append(game.document.problem(path, unknown, field=format_path(path[:-1])))
    return problems


def _presumption_problems(game: Game) -> list[Problem]:
    """A ruling's `presumes` names other rulings of the game."""
    ruling_ids = {ruling.id for ruling in game.rulings}
    return [
        game.document.problem(
            ("rulings", r_index, "presumes", p_index),
            Message("id.unknown-other-ruling", {}, {"id": cut(presumed)}),
            field=f"rulings[{r_index}].presumes",
        )
        for r_index, ruling in enumerate(game.rulings)
        for p_index, presumed in enumerate(ruling.presumes)
        if presumed not in ruling_ids or presumed == ruling.id
    ]


def _assumption_problems(game: Game) -> list[Problem]:
    """A ruling's `assumes` must name facts that exist, or no example would ever be marked."""
    problems = []
    for r_index, ruling in enumerate(game.rulings):
        for a_index, path in enumerate(ruling.assumes):
            value: object = game.facts
            for key in path.split("."):
                value = value.get(key) if isinstance(value, dict) else None
            if value is None:
                problems.append(
                    game.document.problem(
                        ("rulings", r_index, "assumes", a_index),
                        Message("id.unknown-fact", {}, {"fact": cut(path)}),
                        field=f"rulings[{r_index}].assumes",
                    )
                )
    return problems
