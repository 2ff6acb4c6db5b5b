"""A rule applied wrongly: how a game's scorer makes the quiz's wrong choices (render/quiz_distractors.py).

A scorer lists its `MISTAKES`. Each scores the situation the way a player who misreads one rule
would, with the scorer's own functions and one of them (or one fact) changed: a wrong choice is a
plausible breakdown of the same situation, never a number typed for the quiz or another question's
answer. A mistake that changes nothing in a situation, or that the scorer refuses, offers no choice.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rulebook.scoring.outcome import Outcome

# (situation, facts) → the outcome as the mistaken player scores it; both arguments are copies.
Score = Callable[[dict[str, Any], dict[str, Any]], Outcome]


@dataclass(frozen=True)
class Mistake:
    words: str  # a UI string (N_) that says what the player did, such as "forgets the bonus squares"
    rule: str  # the id of the rule it misreads, linked beside the wrong choice
    score: Score
