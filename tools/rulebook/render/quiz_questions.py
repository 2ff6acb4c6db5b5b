"""A game's quiz questions, in no language: made from its worked examples and its rulings, never
typed by hand.

- A worked example that the build verifies (its computed result is what game.yaml expects) asks
  for its score, or each player's final score, from its situation said in the calculator form's
  words (the scorer's `given`). Refused examples and situations the scorer cannot say stay out.
- A ruling asks its question, with its own answer among up to two other rulings' answers of the
  same game (those concerning the same rules first): every choice is a real answer of the rules.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

from rulebook.model import Example, Game, Ruling
from rulebook.scorers import scorer
from rulebook.scoring.given import Given
from rulebook.scoring.outcome import Outcome
from rulebook.scoring.worked import verified, worked_outcome

CHOICES = 3  # a ruling's answer and up to two others


@dataclass(frozen=True)
class ScoreQuestion:
    example: Example
    given: tuple[Given, ...]
    outcome: Outcome
    # Each answer field: a player's name, or None for the one score of a turn; and its value.
    answers: tuple[tuple[str | None, int], ...]

    @property
    def anchor(self) -> str:
        return f"example-{self.example.id}"


@dataclass(frozen=True)
class ChoiceQuestion:
    ruling: Ruling
    choices: tuple[Ruling, ...]  # the rulings whose answers are offered, the right one among them

    @property
    def anchor(self) -> str:
        return f"ruling-{self.ruling.id}"

    @property
    def right(self) -> int:
        return self.choices.index(self.ruling)


Question = ScoreQuestion | ChoiceQuestion


def quiz_questions(game: Game, root: Path) -> tuple[Question, ...]:
    """The examples' questions in game.yaml's order, then the rulings'; remembered on the game, as
    its examples' outcomes are (scoring/worked.py)."""
    if game.questions is None:
        game.questions = (*_score_questions(game, root), *_choice_questions(game))
    return game.questions


def _score_questions(game: Game, root: Path) -> list[ScoreQuestion]:
    if not game.scored:
        return []
    say = getattr(scorer(root, game.scoring), "given", None)
    found = []
    for example in game.examples:
        scored = worked_outcome(game, example, root)
        if not isinstance(scored, Outcome) or not verified(example, scored):
            continue
        given = say(example.input, game.facts) if say is not None else None
        answers = _answers(scored)
        if given and answers:
            found.append(ScoreQuestion(example, tuple(given), scored, answers))
    return found


def _answers(outcome: Outcome) -> tuple[tuple[str | None, int], ...]:
    values = outcome.values
    if isinstance(values.get("score"), int):
        return ((None, values["score"]),)
    scores = values.get("scores")
    if isinstance(scores, dict) and all(isinstance(score, int) for score in scores.values()):
        return tuple(scores.items())
    return ()


def _choice_questions(game: Game) -> list[ChoiceQuestion]:
    if len(game.rulings) < 2:
        return []  # no other answer to offer
    found = []
    for ruling in game.rulings:
        others = [other for other in game.rulings if other is not ruling]
        # Stable sort: the rulings on the same rules first, then the game's order.
        others.sort(key=lambda other: not set(other.rules) & set(ruling.rules))
        offered = [ruling, *others[: CHOICES - 1]]
        offered.sort(key=lambda choice: hashlib.sha256(f"{ruling.id}/{choice.id}".encode()).digest())
        found.append(ChoiceQuestion(ruling, tuple(offered)))
    return found
