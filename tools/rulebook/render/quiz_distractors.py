"""A score question's choices: the right answer and up to two wrong ones made from the same
situation, each scored by the game's scorer with one rule misread (its `MISTAKES`,
scoring/mistake.py), so that a wrong choice is what a player who misreads that rule would reckon."""

from __future__ import annotations

import copy
import hashlib
from dataclasses import dataclass
from pathlib import Path

from rulebook.files.scorers import scorer
from rulebook.model import Example, Game
from rulebook.scoring.mistake import Mistake
from rulebook.scoring.outcome import Outcome, Refused

CHOICES = 3  # the right answer and up to two mistakes

# Each answer field: a player's name, or None for the one score of a turn; and its value.
Answers = tuple[tuple[str | None, int], ...]


@dataclass(frozen=True)
class Choice:
    answers: Answers
    outcome: Outcome
    mistake: Mistake | None  # None for the right answer


def answers_of(outcome: Outcome) -> Answers:
    values = outcome.values
    if isinstance(values.get("score"), int):
        return ((None, values["score"]),)
    scores = values.get("scores")
    if isinstance(scores, dict) and all(isinstance(score, int) for score in scores.values()):
        return tuple(scores.items())
    return ()


def score_choices(game: Game, example: Example, outcome: Outcome, root: Path) -> tuple[Choice, ...]:
    """The right answer and the first mistakes, in the scorer's order, that give another answer;
    shuffled by a hash of the example and the answer, so that a page is the same at every build."""
    found = [Choice(answers_of(outcome), outcome, None)]
    for mistake in getattr(scorer(root, game.scoring), "MISTAKES", ()):
        if len(found) == CHOICES:
            break
        try:
            wrong = mistake.score(copy.deepcopy(example.input), copy.deepcopy(dict(game.facts)))
        except Refused:
            continue  # the misreading makes a situation the rules rule out: no plausible total
        answers = answers_of(wrong)
        if answers and answers not in {choice.answers for choice in found}:
            found.append(Choice(answers, wrong, mistake))
    return tuple(sorted(found, key=lambda choice: hashlib.sha256(f"{example.id}/{choice.answers}".encode()).digest()))
