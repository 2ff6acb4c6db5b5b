"""Worked examples: each runs through its game's scoring, and its captions must quote its numbers.

Also checks that the examples, together, illustrate every scoring rule and every ruling.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

from rulebook.i18n.fact_basis import outdated_reasons
from rulebook.located.document import format_path
from rulebook.model import Example, Game, Project
from rulebook.problem_codes import Message
from rulebook.problems import Problem, Severity, cut
from rulebook.scoring.outcome import Outcome
from rulebook.scoring.situation import Invalid
from rulebook.scoring.worked import SHOWN_LENGTH, expectation_mismatch, reproduce_command, worked_outcome

_NUMBER = re.compile(r"\d+(?:[.,]\d+)?")


def example_problems(project: Project, game: Game) -> list[Problem]:
    document = game.document
    if game.examples and not game.scored:
        unscored = Message("example.no-scoring", {}, {"game": cut(game.id)})
        return [document.problem(("examples",), unscored, field="examples")]
    problems = _references(game)
    for example in game.examples:
        where = ("examples", example.index)
        command = reproduce_command(game.id, example)
        scored = worked_outcome(game, example, project.root)
        outcome = scored if isinstance(scored, Outcome) else None
        refused: list[Problem] = scored.problems if isinstance(scored, Invalid) else []
        if isinstance(scored, Invalid) and "refused" not in example.expect:
            problems += _refused_problems(example, scored, command)
            continue
        refusals = [problem.message for problem in refused]
        mismatch = expectation_mismatch(example, scored, command)
        if mismatch:
            problems.append(document.problem(where, mismatch))
            continue
        allowed = _numbers_of(example, outcome, refusals, game.facts)
        problems += _caption_problems(game, example, allowed, outcome, project.source_language)
    return problems


def _refused_problems(example: Example, invalid: Invalid, command: str) -> list[Problem]:
    """An example that expects a result but is refused: each refusal, where in the input it went wrong."""
    named = {"id": cut(example.id), "expected": cut(_json(example.expect), SHOWN_LENGTH), "command": command}
    return [
        Problem.coded(
            problem.file,
            problem.line,
            problem.col,
            Message(
                "example.refused",
                {"refused": meaning["code"]},
                named | {"reason": cut(problem.message, SHOWN_LENGTH)},
            ),
            path=problem.path,
        )
        for problem, meaning in zip(invalid.problems, invalid.meanings, strict=True)
    ]


def _unknown(kind: str, name: str) -> Message:
    return Message(f"id.unknown-{kind}", {}, {"id": cut(name)})


def _references(game: Game) -> list[Problem]:
    document, problems = game.document, []
    rule_ids = {rule.id for rule in game.rules()}
    ruling_ids = {ruling.id for ruling in game.rulings}
    for index, rule_id in enumerate(game.scoring_rules):
        if rule_id not in rule_ids:
            path = ("scoring_rules", index)
            problems.append(document.problem(path, _unknown("rule", rule_id), field=format_path(path)))
    for ruling in game.rulings:
        index = game.rulings.index(ruling)
        for position, rule_id in enumerate(ruling.rules):
            if rule_id not in rule_ids:
                path = ("rulings", index, "rules", position)
                problems.append(document.problem(path, _unknown("rule", rule_id), field=format_path(path[:-1])))
    seen: set[str] = set()
    for example in game.examples:
        where = ("examples", example.index)
        if example.id in seen:
            twice = Message("example.duplicate-id", {}, {"id": cut(example.id)})
            problems.append(document.problem((*where, "id"), twice))
        seen.add(example.id)
        for field, known in (("rules", rule_ids), ("rulings", ruling_ids)):
            for position, name in enumerate(getattr(example, field)):
                if name not in known:
                    path = (*where, field, position)
                    problems.append(document.problem(path, _unknown(field[:-1], name), field=format_path(path[:-1])))
    illustrated_rules = {rule for example in game.examples for rule in example.rules}
    for index, rule_id in enumerate(game.scoring_rules):
        if rule_id in rule_ids and rule_id not in illustrated_rules:
            alone = Message("example.rule-without-example", {}, {"id": cut(rule_id)})
            problems.append(document.problem(("scoring_rules", index), alone))
    illustrated_rulings = {ruling for example in game.examples for ruling in example.rulings}
    for index, ruling in enumerate(game.rulings):
        if ruling.id not in illustrated_rulings and game.examples:
            alone = Message("example.ruling-without-example", {}, {"id": cut(ruling.id)})
            problems.append(document.problem(("rulings", index, "id"), alone))
    return problems


def _caption_problems(
    game: Game, example: Example, allowed: set[float], outcome: Outcome | None, source: str
) -> Iterator[Problem]:
    result = (
        _json({key: outcome.values[key] for key in example.expect if key in outcome.values}) if outcome else "refused"
    )
    shown = {"id": cut(example.id), "result": cut(result, SHOWN_LENGTH)}
    english = game.words.get(source)
    caption = english.units.get(example.unit_id) if english else None
    for words in game.words.values():
        unit = words.units.get(example.unit_id)
        if unit is None:
            continue
        # A translation of an earlier caption quotes that caption's numbers: after an erratum it is
        # outdated (a warning) until the translator follows the English, never an error that would
        # stop the export they need to do it (issue 46).
        translated = words is not english and caption is not None
        outdated = translated and bool(outdated_reasons(unit, caption.text, game.facts))
        for written in _NUMBER.findall(unit.text):
            if float(written.replace(",", ".")) not in allowed:
                path = ("units", example.unit_id, "text")
                said = Message("example.caption-number", {}, shown | {"number": cut(written)})
                severity = Severity.WARNING if outdated else Severity.ERROR
                yield words.document.problem(path, said, field=format_path(path), severity=severity)


def _numbers_of(example: Example, outcome: Outcome | None, refusals: list[str], facts: Any) -> set[float]:
    """Every number a caption may quote: the input, the result, the breakdown, refusals and facts."""
    texts = [json.dumps(example.input), json.dumps(facts), *refusals]
    if outcome is not None:
        texts += [json.dumps(outcome.values), *(line.formula for line in outcome.lines)]
    return {float(number.replace(",", ".")) for text in texts for number in _NUMBER.findall(text)}


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)
