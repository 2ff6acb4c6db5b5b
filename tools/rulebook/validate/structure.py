"""Checks of a game's own shape: ids, anchors and source files."""

from __future__ import annotations

from collections.abc import Iterator

from rulebook.located.document import JsonPath
from rulebook.model import Game
from rulebook.problems import Problem
from rulebook.render.anchors import is_reserved_id


def structure_problems(game: Game) -> list[Problem]:
    document = game.document
    problems = []
    if game.id != game.folder.name:
        problems.append(document.problem(("id",), f"id: '{game.id}' must equal the folder name '{game.folder.name}'"))
    # Section and rule ids become anchors on one page, so they share one namespace.
    seen: dict[str, str] = {}
    for path, name, kind in _anchors(game):
        if name in seen:
            problems.append(
                document.problem(
                    path,
                    f"{kind} id '{name}' is already used by a {seen[name]}; "
                    "ids are anchors and must be unique in a game",
                )
            )
        seen.setdefault(name, kind)
    for index, (language, path) in enumerate(game.sources.items()):
        if not path.is_file():
            problems.append(
                document.problem(("sources", index, "file"), f"sources[{index}].file: no such file for '{language}'")
            )
    problems += _reserved_anchor_problems(game)
    problems += _assumption_problems(game)
    problems += _presumption_problems(game)
    problems += _card_problems(game)
    return problems


def _anchors(game: Game) -> Iterator[tuple[JsonPath, str, str]]:
    """(path, id, kind) of each section and rule: their ids are anchors of the game page."""
    for s_index, section in enumerate(game.sections):
        yield ("sections", s_index, "id"), section.id, "section"
        for r_index, rule in enumerate(section.rules):
            yield ("sections", s_index, "rules", r_index), rule.id, "rule"


def _reserved_anchor_problems(game: Game) -> list[Problem]:
    """An anchor may not be one the template or the renderer owns: a rule `rb-calculator-data`
    would take the calculator's data (render/anchors.py)."""
    return [
        game.document.problem(path, f"{kind} id '{name}' is an anchor the page itself uses; choose another")
        for path, name, kind in _anchors(game)
        if is_reserved_id(name)
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
                    problems.append(
                        game.document.problem(path, f"quick_reference.{name}.{kind}: no {kind[:-1]} '{item}'")
                    )
    return problems


def _presumption_problems(game: Game) -> list[Problem]:
    """A ruling's `presumes` names other rulings of the game."""
    ruling_ids = {ruling.id for ruling in game.rulings}
    return [
        game.document.problem(
            ("rulings", r_index, "presumes", p_index), f"rulings[{r_index}].presumes: no other ruling '{presumed}'"
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
                        ("rulings", r_index, "assumes", a_index), f"rulings[{r_index}].assumes: no fact '{path}'"
                    )
                )
    return problems
