"""Both sides of every refusal of the three scorers, and their breakdowns word for word (issue 17).

Each boundary is traced to the rule or ruling it comes from (rules/<game>/en.yaml, from the source
texts in shared/seeds). The legal side must score, with a value worked out by hand; the other side
must be refused, with the field and the words a referee reads. The game's numbers are the facts of
rules/<game>/game.yaml, checked first so that a change of them shows here and not as a riddle.
"""

from __future__ import annotations

import copy
from functools import cache
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
    assert facts("rebus")["components"]["rack_tiles"] == 9
    assert facts("rebus")["scoring"] == {
        "tile_points": 3,
        "blue_multiplier": 2,
        "red_multiplier": 3,
        "center_multiplier": 2,
        "all_tiles_bonus": 50,
        "unplayed_tile_penalty": 3,
    }
    assert facts("oh-my-word")["components"]["bad_luck_tokens"] == 25
    assert facts("oh-my-word")["scoring"]["bad_luck_values"] == [1, 2, 3]


# --- REBUS -------------------------------------------------------------------------------------


def turn(placed: int, *rebuses: tuple[int, list[str]]) -> dict[str, Any]:
    return {"turn": {"tiles_placed": placed, "rebuses": [{"tiles": t, "new_bonus": s} for t, s in rebuses]}}


def test_rebus_a_full_rack_placed_is_legal_and_earns_the_bonus() -> None:
    # Rule all-tiles-bonus: 50 for using all 9 tiles on a single turn.
    outcome = score("rebus", turn(9, (9, [])))
    assert (outcome.values["score"], outcome.values["all_tiles_bonus"]) == (9 * 3 + 50, 50)


def test_rebus_one_tile_short_of_the_rack_earns_no_bonus() -> None:
    outcome = score("rebus", turn(8, (8, [])))
    assert (outcome.values["score"], outcome.values["all_tiles_bonus"]) == (8 * 3, 0)


def test_rebus_more_tiles_placed_than_a_rack_holds_is_refused() -> None:
    assert refusals("rebus", turn(10, (10, []))) == [
        (("turn", "tiles_placed"), "10 tiles placed, but a player holds only 9")
    ]


def test_rebus_as_many_squares_as_tiles_in_the_rebus_is_legal() -> None:
    # Rule bonus-squares with ruling covered-earlier: each new tile covers one square of its rebus.
    outcome = score("rebus", turn(2, (2, ["blue", "red"])))
    assert outcome.values["score"] == 2 * 3 * 2 * 3


def test_rebus_more_squares_than_tiles_in_the_rebus_is_refused() -> None:
    assert refusals("rebus", turn(3, (2, ["blue", "blue", "red"]), (3, []))) == [
        (("turn", "rebuses", 0, "new_bonus"), "more bonus squares under new tiles (3) than tiles in the rebus (2)")
    ]


def test_rebus_as_many_squares_as_tiles_placed_is_legal() -> None:
    # A rebus read through old tiles: only the 2 new tiles cover squares (ruling covered-earlier).
    assert score("rebus", turn(2, (5, ["blue", "red"]))).values["score"] == 5 * 3 * 2 * 3


def test_rebus_more_squares_than_tiles_placed_is_refused() -> None:
    assert refusals("rebus", turn(2, (5, ["blue", "blue", "red"]))) == [
        (("turn", "rebuses", 0, "new_bonus"), "more bonus squares under new tiles (3) than tiles placed (2)")
    ]


def test_rebus_one_square_is_said_with_no_plural_to_agree() -> None:
    # Was "1 premium square … in a rebus of 0 tiles": a second count has no plural forms of its own.
    assert refusals("rebus", turn(1, (0, ["blue"]), (1, []))) == [
        (("turn", "rebuses", 0, "new_bonus"), "more bonus squares under new tiles (1) than tiles in the rebus (0)")
    ]


def test_rebus_rebuses_holding_exactly_the_tiles_placed_are_legal() -> None:
    # Rules first-turn and next-turns: the tiles placed form the rebuses.
    assert score("rebus", turn(3, (3, []))).values["score"] == 9


def test_rebus_rebuses_holding_fewer_tiles_than_placed_are_refused() -> None:
    assert refusals("rebus", turn(4, (3, []))) == [
        (
            ("turn", "tiles_placed"),
            "fewer tiles in the rebuses (3) than tiles placed (4): every tile placed is part of a rebus",
        )
    ]


def test_rebus_two_rebuses_from_one_tile_are_legal() -> None:
    # Rule several-rebuses: one tile lies in one row and one column.
    assert score("rebus", turn(1, (2, []), (2, []))).values["score"] == 12


def test_rebus_three_rebuses_from_one_tile_are_refused() -> None:
    assert refusals("rebus", turn(1, (2, []), (2, []), (2, []))) == [
        (
            ("turn", "rebuses"),
            "more rebuses (3) than twice the tiles placed (1): each tile placed is in at most 2 rebuses "
            "(its row and its column)",
        )
    ]


def test_rebus_the_centre_dot_once_on_a_first_turn_is_legal() -> None:
    # Rule first-turn: one tile covers the centre dot; ruling multipliers: the dot doubles.
    assert score("rebus", turn(4, (4, ["center"]))).values["score"] == 4 * 3 * 2


def test_rebus_the_centre_dot_twice_is_refused() -> None:
    assert refusals("rebus", turn(3, (3, ["center", "center"]))) == [
        (
            ("turn", "rebuses", 0, "new_bonus"),
            "the board has one center dot: it is under at most one new tile of a rebus",
        )
    ]


def test_rebus_the_centre_dot_in_a_turn_of_two_rebuses_is_refused() -> None:
    assert refusals("rebus", turn(4, (4, ["center"]), (3, []))) == [
        (
            ("turn", "rebuses", 0, "new_bonus"),
            "the center dot is covered on the first turn, when the board is empty: that turn forms one rebus",
        )
    ]


def test_rebus_the_centre_dot_under_a_rebus_of_old_tiles_is_refused() -> None:
    assert refusals("rebus", turn(3, (4, ["center"]))) == [
        (
            ("turn", "rebuses", 0, "new_bonus"),
            "the center dot is covered on the first turn, when the board is empty: its rebus holds only the tiles "
            "placed (3), not 4",
        )
    ]


def test_rebus_turn_breakdown_word_for_word() -> None:
    outcome = score("rebus", turn(9, (9, ["blue", "red"]), (2, [])))
    assert breakdown(outcome) == [
        "Rebus 1: 9 × 3 = 27 × 2 × 3 = 162",
        "Rebus 2: 2 × 3 = 6",
        "All 9 tiles placed: + 50",
        "Turn score: 162 + 6 + 50 = 218",
    ]
    assert outcome.values == {
        "score": 218,
        "rebuses": [
            {"tiles": 9, "new_bonus": ["blue", "red"], "score": 162},
            {"tiles": 2, "new_bonus": [], "score": 6},
        ],
        "all_tiles_bonus": 50,
    }
    assert breakdown(score("rebus", turn(2, (2, [])))) == ["Rebus 1: 2 × 3 = 6", "Turn score: 6"]


def final(**players: tuple[int, int]) -> dict[str, Any]:
    return {"final": {name: {"score": s, "tiles_left": left} for name, (s, left) in players.items()}}


def test_rebus_a_full_rack_left_at_the_end_is_legal() -> None:
    # Rule unplayed-tiles: each tile left costs 3; a player holds at most 9.
    assert score("rebus", final(Ann=(40, 9))).values["scores"] == {"Ann": 40 - 27}


def test_rebus_more_tiles_left_than_a_rack_holds_is_refused() -> None:
    assert refusals("rebus", final(Ann=(40, 10), Bob=(5, 1))) == [
        (("final", "Ann", "tiles_left"), "10 tiles left, but a player holds only 9")
    ]


def test_rebus_final_breakdown_word_for_word_with_tied_winners() -> None:
    # Ruling end-of-game: every player with the highest final score wins.
    outcome = score("rebus", final(Ann=(120, 2), Bob=(114, 0), Cy=(3, 3)))
    assert breakdown(outcome) == ["Ann: 120 − 2 × 3 = 114", "Bob: 114", "Cy: 3 − 3 × 3 = −6"]
    assert outcome.values == {"scores": {"Ann": 114, "Bob": 114, "Cy": -6}, "winners": ["Ann", "Bob"]}


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


def test_an_invalid_situation_says_each_located_problem() -> None:
    document = parse_document(
        b"final:\n  Ann: {score: 5, tiles_left: 10}\n  Bob: {score: 1, tiles_left: 11}\n", "s.yaml"
    )
    with pytest.raises(Invalid) as invalid:
        score_situation(document, "rebus", facts("rebus"), ROOT)
    assert [str(problem) for problem in invalid.value.problems] == [
        "s.yaml:2:31: final.Ann.tiles_left: 10 tiles left, but a player holds only 9",
        "s.yaml:3:31: final.Bob.tiles_left: 11 tiles left, but a player holds only 9",
    ]
    assert str(invalid.value) == "; ".join(str(problem) for problem in invalid.value.problems)


def test_one_premium_square_over_the_tiles_placed_is_said_in_the_singular() -> None:
    assert refusals("rebus", turn(0, (1, ["blue"])))[0] == (
        ("turn", "rebuses", 0, "new_bonus"),
        "more bonus squares under new tiles (1) than tiles placed (0)",
    )


def test_one_tile_left_over_a_rack_is_said_in_the_singular() -> None:
    # No printed game has a rack of 0 tiles; the words must still agree with the number.
    empty_rack = {**facts("rebus"), "components": {**facts("rebus")["components"], "rack_tiles": 0}}
    with pytest.raises(Refused) as refused:
        scorer(ROOT, "rebus").evaluate(final(Ann=(5, 1)), empty_rack)
    assert [str(reason) for _, reason in refused.value.problems] == ["1 tile left, but a player holds only 0"]


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
def test_a_situation_that_is_not_a_mapping_is_refused(text: bytes, words: str) -> None:
    with pytest.raises(Invalid) as invalid:
        score_situation(parse_document(text, "s.yaml"), "rebus", facts("rebus"), ROOT)
    assert [problem.message for problem in invalid.value.problems] == [words]
