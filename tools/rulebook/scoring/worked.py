"""Worked examples, scored once: the check computes them and the pages show the same result."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from rulebook.model import Example, Game
from rulebook.scoring.outcome import Outcome
from rulebook.scoring.situation import Invalid, score_situation


def worked_outcome(game: Game, example: Example, root: Path) -> Outcome | Invalid:
    """The example's outcome, or the Invalid that refuses it; remembered on the game."""
    if example.index not in game.outcomes:
        try:
            game.outcomes[example.index] = score_situation(
                game.document.part(("examples", example.index, "input")), game.scoring, game.facts, root
            )
        except Invalid as invalid:
            game.outcomes[example.index] = invalid
    return game.outcomes[example.index]


def expectation_mismatch(example: Example, outcome: Outcome | None, refusals: list[str]) -> str | None:
    """How the example's result differs from what game.yaml expects of it; None when it matches."""
    expected_refusal = example.expect.get("refused")
    if expected_refusal is not None:
        if outcome is not None:
            return f"expected a refusal ({expected_refusal!r}), but it scores {_json(outcome.values)}"
        if not any(expected_refusal in message for message in refusals):
            return f"expected a refusal saying {expected_refusal!r}, got: {' | '.join(refusals)}"
        return None
    if outcome is None:
        return f"expected {_json(example.expect)}, but it is refused: {' | '.join(refusals)}"
    for field, expected in example.expect.items():
        actual = outcome.values.get(field)
        if actual != expected:
            return f"expected {field} {_json(expected)}, computed {_json(actual)}"
    return None


def verified(example: Example, scored: Outcome | Invalid) -> bool:
    """Whether the scoring computes what the example expects: what the page's "✓" mark says."""
    if isinstance(scored, Outcome):
        return expectation_mismatch(example, scored, []) is None
    return expectation_mismatch(example, None, [problem.message for problem in scored.problems]) is None


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)
