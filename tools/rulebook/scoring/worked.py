"""Worked examples, scored once: the check computes them and the pages show the same result.

An example expects fields of the result, or a refusal by its problem code (`refused: score.x`, or
`refused: {code: score.x, params: {n: 10}}`, whose params must be among the refusal's): a code is
the same in every language and stays when the words change.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from rulebook.model import Example, Game
from rulebook.problem_codes import Message
from rulebook.problems import cut, excerpt
from rulebook.scoring.outcome import Outcome
from rulebook.scoring.situation import Invalid, score_situation

SHOWN_LENGTH = 200  # characters of a result, or of the refusals' words, that a mismatch quotes


def worked_outcome(game: Game, example: Example, root: Path) -> Outcome | Invalid:
    """The example's outcome, or the Invalid that refuses it; remembered on the game."""
    if example.index not in game.outcomes:
        situation = game.document.part(("examples", example.index, "input"))
        try:
            game.outcomes[example.index] = score_situation(situation, game.scoring, game.facts, root)
        except Invalid as invalid:
            game.outcomes[example.index] = invalid
        except Exception as error:  # the game's own scoring.py, on facts it did not expect: the content's bug
            reason = {"reason": cut(f"{type(error).__name__}: {error}")}
            failed = situation.problem((), Message("example.scorer-failed", {}, reason))
            game.outcomes[example.index] = Invalid([failed])
    return game.outcomes[example.index]


def expected_refusal(example: Example) -> tuple[str, dict[str, Any]] | None:
    """The code and params of the refusal the example expects; None when it expects a result.

    >>> from rulebook.model import Example
    >>> expected_refusal(Example("x", 0, (), (), {}, {"refused": {"code": "score.a", "params": {"n": 2}}}))
    ('score.a', {'n': 2})
    """
    refused = example.expect.get("refused")
    if refused is None:
        return None
    if isinstance(refused, Mapping):
        params = refused.get("params")
        return str(refused.get("code", "")), dict(params) if isinstance(params, Mapping) else {}
    return str(refused), {}


def reproduce_command(game_id: str, example: Example) -> str:
    """The command that shows the example's breakdown, as a mismatch quotes it."""
    return cut(f"rulebook score {game_id} --example {example.id}", SHOWN_LENGTH)


def expectation_mismatch(example: Example, scored: Outcome | Invalid, command: str = "") -> Message | None:
    """How the example's result differs from what game.yaml expects of it; None when it matches.
    `command` is the one that reproduces it, which the message quotes."""
    named = {"id": cut(example.id), "command": command}
    expected_code = expected_refusal(example)
    if expected_code is not None:
        code, params = expected_code
        expected = excerpt(code) + (f" {_json(params)}" if params else "")
        if isinstance(scored, Outcome):
            result = cut(_json(scored.values), SHOWN_LENGTH)
            return Message("example.refusal-expected", {}, named | {"expected": expected, "result": result})
        if any(_refuses_with(meaning, code, params) for meaning in scored.meanings):
            return None
        reasons = cut(" | ".join(problem.message for problem in scored.problems), SHOWN_LENGTH)
        codes = [meaning["code"] for meaning in scored.meanings]
        return Message("example.other-refusal", {"refused": codes}, named | {"expected": expected, "reasons": reasons})
    wanted = cut(_json(example.expect), SHOWN_LENGTH)
    if isinstance(scored, Invalid):
        first = scored.problems[0]
        reason = {"expected": wanted, "reason": cut(first.message, SHOWN_LENGTH)}
        return Message("example.refused", {"refused": scored.meanings[0]["code"]}, named | reason)
    for field, expected_value in example.expect.items():
        if field not in scored.values:  # `bonus: null` is no field the outcome has, not a match
            known = ", ".join(map(cut, scored.values)) or "none"
            return Message("example.no-such-field", {}, named | {"name": cut(field), "fields": known})
        actual = scored.values[field]
        if not _same(actual, expected_value):  # as JSON: `false` is no 0, 9.0 no 9
            differs = {
                "name": cut(field),
                "expected": cut(_json(expected_value), SHOWN_LENGTH),
                "computed": cut(_json(actual), SHOWN_LENGTH),
            }
            return Message("example.result-differs", {}, named | differs)
    return None


def _refuses_with(meaning: Mapping[str, Any], code: str, params: Mapping[str, Any]) -> bool:
    """A refusal with the expected code, and each expected param as it gives it."""
    given = meaning.get("params", {})
    return meaning.get("code") == code and all(
        name in given and _same(given[name], value) for name, value in params.items()
    )


def _same(given: Any, expected: Any) -> bool:
    """Equal as JSON values: `true` is no `1`, as it is in Python, and an object's keys in any order.

    >>> _same(True, 1), _same({"b": [2], "a": 1}, {"a": 1, "b": [2]}), _same({"a": 1, "b": 2}, {"b": 2, "a": 1})
    (False, True, True)
    """
    return json.dumps(given, sort_keys=True) == json.dumps(expected, sort_keys=True)


def verified(example: Example, scored: Outcome | Invalid) -> bool:
    """Whether the scoring computes what the example expects: what the page's "✓" mark says."""
    return expectation_mismatch(example, scored) is None


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)
