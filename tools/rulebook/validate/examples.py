"""Worked examples: each runs through its game's scoring, and its captions must quote its numbers.

Also checks that the examples, together, illustrate every scoring rule and every ruling.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

from rulebook.model import Example, Game, Project
from rulebook.problems import Problem
from rulebook.scoring.outcome import Outcome
from rulebook.scoring.situation import Invalid
from rulebook.scoring.worked import expectation_mismatch, worked_outcome

_NUMBER = re.compile(r"\d+(?:[.,]\d+)?")


def example_problems(project: Project, game: Game) -> list[Problem]:
    document = game.document
    if game.examples and not game.scored:
        return [document.problem(("examples",), f"examples: {game.id} has no scoring functions to run them")]
    problems = _references(game)
    for example in game.examples:
        where = ("examples", example.index)
        reproduce = f"reproduce: rulebook score {game.id} --example {example.id}"
        scored = worked_outcome(game, example, project.root)
        outcome = scored if isinstance(scored, Outcome) else None
        refused: list[Problem] = scored.problems if isinstance(scored, Invalid) else []
        if outcome is None and "refused" not in example.expect:
            # Say where in the input it went wrong, at that place.
            problems += [
                Problem(
                    p.file,
                    p.line,
                    p.col,
                    f"example '{example.id}': expected {_json(example.expect)}, but {p.message}; {reproduce}",
                )
                for p in refused
            ]
            continue
        refusals = [problem.message for problem in refused]
        mismatch = expectation_mismatch(example, outcome, refusals)
        if mismatch:
            problems.append(document.problem(where, f"example '{example.id}': {mismatch}; {reproduce}"))
            continue
        allowed = _numbers_of(example, outcome, refusals, game.facts)
        problems += _caption_problems(game, example, allowed, outcome)
    return problems


def _references(game: Game) -> list[Problem]:
    document, problems = game.document, []
    rule_ids = {rule.id for rule in game.rules()}
    ruling_ids = {ruling.id for ruling in game.rulings}
    for index, rule_id in enumerate(game.scoring_rules):
        if rule_id not in rule_ids:
            problems.append(document.problem(("scoring_rules", index), f"scoring_rules[{index}]: no rule '{rule_id}'"))
    for ruling in game.rulings:
        index = game.rulings.index(ruling)
        for position, rule_id in enumerate(ruling.rules):
            if rule_id not in rule_ids:
                problems.append(
                    document.problem(
                        ("rulings", index, "rules", position), f"rulings[{index}].rules: no rule '{rule_id}'"
                    )
                )
    seen: set[str] = set()
    for example in game.examples:
        where = ("examples", example.index)
        if example.id in seen:
            problems.append(document.problem((*where, "id"), f"example id '{example.id}' is used twice"))
        seen.add(example.id)
        for field, known in (("rules", rule_ids), ("rulings", ruling_ids)):
            for position, name in enumerate(getattr(example, field)):
                if name not in known:
                    problems.append(
                        document.problem(
                            (*where, field, position),
                            f"examples[{example.index}].{field}: no {field[:-1]} '{name}'",
                        )
                    )
    illustrated_rules = {rule for example in game.examples for rule in example.rules}
    for index, rule_id in enumerate(game.scoring_rules):
        if rule_id in rule_ids and rule_id not in illustrated_rules:
            problems.append(
                document.problem(("scoring_rules", index), f"scoring rule '{rule_id}' has no worked example")
            )
    illustrated_rulings = {ruling for example in game.examples for ruling in example.rulings}
    for index, ruling in enumerate(game.rulings):
        if ruling.id not in illustrated_rulings and game.examples:
            problems.append(document.problem(("rulings", index, "id"), f"ruling '{ruling.id}' has no worked example"))
    return problems


def _caption_problems(game: Game, example: Example, allowed: set[float], outcome: Outcome | None) -> Iterator[Problem]:
    result = (
        _json({key: outcome.values[key] for key in example.expect if key in outcome.values}) if outcome else "refused"
    )
    for words in game.words.values():
        unit = words.units.get(example.unit_id)
        if unit is None:
            continue
        for written in _NUMBER.findall(unit.text):
            if float(written.replace(",", ".")) not in allowed:
                yield words.document.problem(
                    ("units", example.unit_id, "text"),
                    f"units.{example.unit_id}.text: the caption says {written}, which example '{example.id}' "
                    f"does not compute ({result})",
                )


def _numbers_of(example: Example, outcome: Outcome | None, refusals: list[str], facts: Any) -> set[float]:
    """Every number a caption may quote: the input, the result, the breakdown, refusals and facts."""
    texts = [json.dumps(example.input), json.dumps(facts), *refusals]
    if outcome is not None:
        texts += [json.dumps(outcome.values), *(line.formula for line in outcome.lines)]
    return {float(number.replace(",", ".")) for text in texts for number in _NUMBER.findall(text)}


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)
