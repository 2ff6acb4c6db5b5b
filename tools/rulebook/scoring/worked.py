"""Worked examples, scored once: the check computes them and the pages show the same result."""

from __future__ import annotations

from pathlib import Path

from rulebook.model import Example, Game
from rulebook.scoring.outcome import Outcome
from rulebook.scoring.situation import Invalid, score_situation


def worked_outcome(game: Game, example: Example, root: Path) -> Outcome | Invalid:
    """The example's outcome, or the Invalid that refuses it; remembered on the game."""
    if example.id not in game.outcomes:
        try:
            game.outcomes[example.id] = score_situation(
                game.document.part(("examples", example.index, "input")), game.scoring, game.facts, root
            )
        except Invalid as invalid:
            game.outcomes[example.id] = invalid
    return game.outcomes[example.id]
