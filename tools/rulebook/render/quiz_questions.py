"""A game's quiz questions, in no language: made from its worked examples and its rulings, never
typed by hand.

- A worked example that the build verifies (its computed result is what game.yaml expects) asks
  for its score, or each player's final score, from its situation said in the calculator form's
  words (the scorer's `given`), with the facts and rulings the answer needs (quiz_needs.py). Its
  choices are the right answer and wrong ones from the same situation, each a rule misread
  (quiz_distractors.py). Refused examples and situations the scorer cannot say stay out.
- A ruling asks its question openly, with the rules it concerns: the reader answers in their
  head, shows the answer and marks themselves. Its answer is words, and no other ruling's answer
  is a fair wrong choice (it answers another question, so it is easy to rule out).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from rulebook.files.scorers import scorer
from rulebook.model import Example, Game, Ruling
from rulebook.render.quiz_distractors import Choice, score_choices
from rulebook.render.quiz_needs import Needs, example_needs, ruling_needs
from rulebook.scoring.given import Given
from rulebook.scoring.outcome import Outcome
from rulebook.scoring.worked import verified, worked_outcome


@dataclass(frozen=True)
class ScoreQuestion:
    example: Example
    given: tuple[Given, ...]
    outcome: Outcome
    needs: Needs
    choices: tuple[Choice, ...]

    @property
    def anchor(self) -> str:
        return f"example-{self.example.id}"

    @property
    def right(self) -> int:
        return next(index for index, choice in enumerate(self.choices) if choice.mistake is None)


@dataclass(frozen=True)
class OpenQuestion:
    ruling: Ruling
    needs: Needs

    @property
    def anchor(self) -> str:
        return f"ruling-{self.ruling.id}"


Question = ScoreQuestion | OpenQuestion


def quiz_questions(game: Game, root: Path) -> tuple[Question, ...]:
    """The examples' questions in game.yaml's order, then the rulings'; remembered on the game, as
    its examples' outcomes are (scoring/worked.py)."""
    if game.questions is None:
        opened = tuple(OpenQuestion(ruling, ruling_needs(game, ruling)) for ruling in game.rulings)
        game.questions = (*_score_questions(game, root), *opened)
    return game.questions


def _score_questions(game: Game, root: Path) -> list[ScoreQuestion]:
    if not game.scored:
        return []
    module = scorer(root, game.scoring)
    say = getattr(module, "given", None)
    fact_words = getattr(module, "FACT_WORDS", {})
    found = []
    for example in game.examples:
        scored = worked_outcome(game, example, root)
        if not isinstance(scored, Outcome) or not verified(example, scored):
            continue
        given = say(example.input, game.facts) if say is not None else None
        needs = example_needs(game, example, root, fact_words) if given else None
        choices = score_choices(game, example, scored, root) if needs else ()
        if len(choices) > 1:  # a right answer and at least one wrong one
            found.append(ScoreQuestion(example, tuple(given), scored, needs, choices))
    return found
