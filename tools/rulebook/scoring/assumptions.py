"""Which worked examples rest on an assumption: found by changing each assumed fact and scoring again.

A ruling's `assumes` names the facts it supplies where the sources give none. An example depends on
such a fact when its result changes with it, so nobody marks examples by hand and a new example is
marked (or not) by what it computes.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

from rulebook.documents.schema import schema_problems
from rulebook.files.scorers import input_schema, scorer
from rulebook.model import Example, Game, Ruling
from rulebook.scoring.outcome import Outcome, Refused

# Two changes per number: one could leave a result unchanged by chance (a multiplier of a zero sum).
_SHIFTS = (1, 7)


def assumed_rulings(game: Game, example: Example, root: Path) -> list[Ruling]:
    """The rulings whose assumed facts change this example's result, in the game's order."""
    if example.id not in game.assumptions:
        assumed = set(changing_facts(game, example, [path for ruling in game.rulings for path in ruling.assumes], root))
        game.assumptions[example.id] = [ruling for ruling in game.rulings if assumed & set(ruling.assumes)]
    return game.assumptions[example.id]


def changing_facts(game: Game, example: Example, paths: Iterable[str], root: Path) -> list[str]:
    """The fact paths whose change changes the example's result, in the order given: the quiz shows
    a question's reader exactly the facts its answer needs (render/quiz_needs.py)."""
    document = game.document.part(("examples", example.index, "input"))
    if schema_problems(document, input_schema(root, game.scoring)):
        return []  # the facts change nothing of an input the schema refuses
    evaluate = scorer(root, game.scoring).evaluate  # the input checked once, then scored with each change
    base = _result(evaluate, example.input, game.facts)
    return [
        path
        for path in paths
        if any(
            _result(evaluate, example.input, changed) != base for changed in _changed_facts(game.facts, path.split("."))
        )
    ]


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


def _result(evaluate: Callable[..., Outcome], situation: dict[str, Any], facts: dict[str, Any]) -> object:
    """What a reader of the example sees: the breakdown's lines and its winners, or the refusals.
    Not every value: an outcome echoes the facts it used (a game's token values), which would mark
    every example whether its numbers use them or not."""
    try:
        outcome = evaluate(situation, facts)
    except Refused as refused:
        return [(path, str(reason)) for path, reason in refused.problems]
    shown = [(line.label, dict(line.params), line.formula, line.result) for line in outcome.lines]
    return (shown, outcome.values.get("winners"), outcome.values.get("tiebreak"))
