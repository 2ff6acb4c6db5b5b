"""What the toolkit makes of any game's scoring, whatever the game (issue 17): the facts an
assumption shifts, a list in a refusal's words, the located problems of an invalid situation, and
situations that are no mapping, on the fixture games of `rulebook new game`. Each game's own
boundaries, on both sides of every refusal, are its cases (rules/<game>/scoring-cases.json) and the
doctests of its scorer (rules/<game>/scoring.py).
"""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from conftest import ROOT
from rulebook.files.scorers import scorer
from rulebook.located.document import parse_document
from rulebook.scoring.assumptions import _changed_facts
from rulebook.scoring.outcome import Reason
from rulebook.scoring.situation import Invalid, score_situation

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
