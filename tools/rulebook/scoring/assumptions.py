"""Which worked examples rest on an assumption: found by changing each assumed fact and scoring again.

A ruling's `assumes` names the facts it supplies where the sources give none. An example depends on
such a fact when its result changes with it, so nobody marks examples by hand and a new example is
marked (or not) by what it computes.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from rulebook.model import Example, Game, Ruling
from rulebook.scoring.outcome import Outcome
from rulebook.scoring.situation import Invalid, score_situation

# Two changes per number: one could leave a result unchanged by chance (a multiplier of a zero sum).
_SHIFTS = (1, 7)


def assumed_rulings(game: Game, example: Example, root: Path) -> list[Ruling]:
    """The rulings whose assumed facts change this example's result, in the game's order."""
    if example.id not in game.assumptions:
        game.assumptions[example.id] = [
            ruling for ruling in game.rulings if any(changes_with(game, example, path, root) for path in ruling.assumes)
        ]
    return game.assumptions[example.id]


def changes_with(game: Game, example: Example, path: str, root: Path) -> bool:
    """Whether the example's result changes when a number under the fact `path` does: the quiz
    shows a question's reader exactly the facts its answer needs (render/quiz_needs.py)."""
    base = _result(game, example, game.facts, root)
    return any(_result(game, example, changed, root) != base for changed in _changed_facts(game.facts, path.split(".")))


def _changed_facts(facts: dict[str, Any], path: list[str]) -> Iterator[dict[str, Any]]:
    """Copies of the facts, each with one number under `path` changed."""
    holder: Any = facts
    for key in path:
        holder = holder[key]
    for leaf in _number_paths(holder, path):
        for shift in _SHIFTS:
            changed = copy.deepcopy(facts)
            *parents, last = leaf
            target = changed
            for key in parents:
                target = target[key]
            target[last] += shift
            yield changed


def _number_paths(value: Any, path: list[Any]) -> Iterator[list[Any]]:
    if isinstance(value, bool):
        return
    if isinstance(value, int | float):
        yield path
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _number_paths(item, [*path, key])
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _number_paths(item, [*path, index])


def _result(game: Game, example: Example, facts: dict[str, Any], root: Path) -> object:
    """What a reader of the example sees: the breakdown's lines and its winners, or the refusal's
    messages. Not every value: an outcome echoes the facts it used (a game's token values), which
    would mark every example whether its numbers use them or not."""
    document = game.document.part(("examples", example.index, "input"))
    try:
        outcome: Outcome = score_situation(document, game.scoring, facts, root)
    except Invalid as invalid:
        return [problem.message for problem in invalid.problems]
    shown = [(line.label, dict(line.params), line.formula, line.result) for line in outcome.lines]
    return (shown, outcome.values.get("winners"), outcome.values.get("tiebreak"))
