"""Both sides of every refusal of the three scorers, and their breakdowns word for word (issue 17).

Each boundary is traced to the rule or ruling it comes from (rules/<game>/en.yaml, from the source
texts in shared/seeds). The legal side must score, with a value worked out by hand; the other side
must be refused, with the field and the words a referee reads. The game's numbers are the facts of
rules/<game>/game.yaml, checked first so that a change of them shows here and not as a riddle.
"""

from __future__ import annotations

import copy
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import yaml

from conftest import ROOT
from rulebook.files.scorers import scorer
from rulebook.located.document import parse_document
from rulebook.scoring.assumptions import _changed_facts
from rulebook.scoring.outcome import Outcome, Reason, Refused
from rulebook.scoring.situation import Invalid, score_situation


@cache
def facts(game: str) -> dict[str, Any]:
    return yaml.safe_load((ROOT / "rules" / game / "game.yaml").read_text(encoding="utf-8"))["facts"]


def score(game: str, document: dict[str, Any]) -> Outcome:
    return scorer(ROOT, game).evaluate(document, facts(game))


def refusals(game: str, document: dict[str, Any]) -> list[tuple[tuple[str | int, ...], str]]:
    with pytest.raises(Refused) as refused:
        score(game, document)
    problems = [(path, str(reason)) for path, reason in refused.value.problems]
    assert str(refused.value) == "; ".join(words for _, words in problems)  # the exception says them all
    return problems


def breakdown(outcome: Outcome) -> list[str]:
    return [line.english() for line in outcome.lines]


def test_the_numbers_these_expectations_were_worked_out_with() -> None:
    assert facts("oh-my-word")["components"]["bad_luck_tokens"] == 25
    assert facts("oh-my-word")["scoring"]["bad_luck_values"] == [1, 2, 3]


# --- Oh My Word --------------------------------------------------------------------------------


def test_oh_my_word_all_25_tokens_taken_is_legal() -> None:
    # Rule contents: 25 bad luck tokens, worth 1, 2 or 3.
    document = {"players": {"Ann": [3] * 13, "Bob": [1] * 12}}
    assert score("oh-my-word", document).values["scores"] == {"Ann": 39, "Bob": 12}


def test_oh_my_word_26_tokens_taken_is_refused() -> None:
    document = {"players": {"Ann": [3] * 13, "Bob": [1] * 13}}
    assert refusals("oh-my-word", document) == [(("players",), "26 bad luck tokens taken, but the game has only 25")]


@pytest.mark.parametrize("value", [0, 4])
def test_oh_my_word_a_token_value_the_game_lacks_is_refused(value: int) -> None:
    assert refusals("oh-my-word", {"players": {"Ann": [1, value]}}) == [
        (("players", "Ann", 1), f"a bad luck token is worth 1, 2 or 3, not {value}")
    ]


def test_oh_my_word_breakdowns_word_for_word() -> None:
    # Rules game-end and simple-scoring: the fewest wins; a tie calls for a tiebreaker (rule tie-playoff).
    standard = score("oh-my-word", {"players": {"Ann": [1, 3], "Bob": [2], "Cy": []}})
    assert breakdown(standard) == [
        "Ann: 1 + 3 = 4 → 4 bad luck points",
        "Bob: 2 → 2 bad luck points",
        "Cy: 0 → 0 bad luck points",
    ]
    assert standard.values == {
        "scores": {"Ann": 4, "Bob": 2, "Cy": 0},
        "winners": ["Cy"],
        "tiebreak": False,
        "variant": "standard",
    }
    simple = score("oh-my-word", {"variant": "simple", "players": {"Ann": [1, 3], "Bob": [3]}})
    assert breakdown(simple) == ["Ann: 2 → 2 tokens", "Bob: 1 → 1 token"]
    assert simple.values == {"scores": {"Ann": 2, "Bob": 1}, "winners": ["Bob"], "tiebreak": False, "variant": "simple"}
    tied = score("oh-my-word", {"players": {"Ann": [1], "Bob": [1], "Cy": [2]}})
    assert (tied.values["winners"], tied.values["tiebreak"]) == (["Ann", "Bob"], True)
    assert breakdown(score("oh-my-word", {"players": {"Ann": [1]}})) == ["Ann: 1 → 1 bad luck point"]


# --- Assumptions: which examples rest on an assumed fact -----------------------------------------


def test_each_assumed_number_is_shifted_by_1_and_by_7_in_a_copy_of_the_facts() -> None:
    facts = {"scoring": {"bonus": 50, "values": [1, 2], "on": True, "rate": 0.5}, "other": 3}
    original = copy.deepcopy(facts)
    changed = [c["scoring"] for c in _changed_facts(facts, ["scoring"])]
    same = {"on": True}  # a yes/no fact is not a number to shift
    assert changed == [
        {"bonus": 51, "values": [1, 2], "rate": 0.5, **same},
        {"bonus": 57, "values": [1, 2], "rate": 0.5, **same},
        {"bonus": 50, "values": [2, 2], "rate": 0.5, **same},
        {"bonus": 50, "values": [8, 2], "rate": 0.5, **same},
        {"bonus": 50, "values": [1, 3], "rate": 0.5, **same},
        {"bonus": 50, "values": [1, 9], "rate": 0.5, **same},
        {"bonus": 50, "values": [1, 2], "rate": 1.5, **same},
        {"bonus": 50, "values": [1, 2], "rate": 7.5, **same},
    ]
    assert facts == original  # the game's own facts are never changed


@pytest.mark.parametrize(
    ("values", "words"), [([3], "worth 3"), ([2, 3], "worth 2 or 3"), ([1, 2, 3], "worth 1, 2 or 3")]
)
def test_a_list_in_a_refusal_is_written_the_english_way(values: list[int], words: str) -> None:
    assert str(Reason("worth {values}", {"values": values})) == words


def test_an_invalid_situation_says_each_located_problem(small_project: Path) -> None:
    # The fixture game's starter scorer: 3 rounds (`rulebook new game --scoring`).
    document = parse_document(b"players:\n  Ann: [1, 2, 3, 4]\n  Bob: [1, 1, 1, 1, 1]\n", "s.yaml")
    with pytest.raises(Invalid) as invalid:
        score_situation(document, "alpha", {"scoring": {"rounds": 3}}, small_project)
    assert [str(problem) for problem in invalid.value.problems] == [
        "s.yaml:2:8: players.Ann: 4 rounds scored, but the game has only 3",
        "s.yaml:3:8: players.Bob: 5 rounds scored, but the game has only 3",
    ]
    assert str(invalid.value) == "; ".join(str(problem) for problem in invalid.value.problems)


def test_a_game_without_scoring_is_named_in_the_error() -> None:
    with pytest.raises(KeyError, match="chess"):
        scorer(ROOT, "chess")


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (b"", "the document is empty: describe a situation to score"),
        (b"3\n", "the document must be a mapping of fields, not a single value"),
    ],
)
def test_a_situation_that_is_not_a_mapping_is_refused(text: bytes, words: str, small_project: Path) -> None:
    with pytest.raises(Invalid) as invalid:
        score_situation(parse_document(text, "s.yaml"), "alpha", {"scoring": {"rounds": 3}}, small_project)
    assert [problem.message for problem in invalid.value.problems] == [words]
