"""Metamorphic properties of the scorers (issue 11): what must not change a score, and what may
only raise one. Each property holds by the rules, for any situation the scorers accept."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from conftest import ROOT
from harness import budget
from mutations import SITUATIONS, rebis_situation
from rulebook.documents.schema import validator
from rulebook.located.document import parse_document, read_document
from rulebook.scoring.outcome import Outcome
from rulebook.scoring.situation import Invalid, score_situation

FACTS = {
    game: read_document(ROOT / "rules" / game / "game.yaml", "game.yaml").data["facts"]
    for game in ("rebus", "rebis", "oh-my-word")
}
PLAYERS_AT = {"rebus": "final", "rebis": "players", "oh-my-word": "players"}
NOTHING_PLAYED = {"rebus": {"score": 0, "tiles_left": 0}, "rebis": {"hand": 0, "shelves": []}, "oh-my-word": []}


def scored(game: str, document: dict[str, Any]) -> Outcome | None:
    """The outcome, or None when the situation is refused (schema or rules)."""
    try:
        return score_situation(parse_document(json.dumps(document).encode(), "t.json"), game, FACTS[game], ROOT)
    except Invalid:
        return None


@st.composite
def accepted(draw: st.DrawFn, game: str) -> tuple[dict[str, Any], Outcome]:
    """A situation with players that the scorer accepts, and its outcome."""
    document = draw(SITUATIONS[game] if game != "rebis" else rebis_situation(min_players=2, legal=True))
    assume(PLAYERS_AT[game] in document)
    outcome = scored(game, document)
    assume(outcome is not None)
    return document, outcome


def _renamed(game: str, document: dict[str, Any], names: dict[str, str]) -> dict[str, Any]:
    renamed = {**document, PLAYERS_AT[game]: {names[n]: v for n, v in document[PLAYERS_AT[game]].items()}}
    if "red_token_shelf" in document:
        shelf = document["red_token_shelf"]
        renamed["red_token_shelf"] = {**shelf, "player": names.get(shelf["player"], shelf["player"])}
    return renamed


@pytest.mark.fuzz
@pytest.mark.parametrize("game", PLAYERS_AT)
def test_renaming_players_changes_no_score_and_no_winner(game: str) -> None:
    @settings(max_examples=budget(60, 1_000))
    @given(case=accepted(game), data=st.data())
    def check(case: tuple[dict[str, Any], Outcome], data: st.DataObject) -> None:
        document, before = case
        old = list(document[PLAYERS_AT[game]])
        new = data.draw(st.lists(st.text(min_size=1, max_size=10), min_size=len(old), max_size=len(old), unique=True))
        names = dict(zip(old, new, strict=True))
        after = scored(game, _renamed(game, document, names))
        assert after is not None
        assert after.values["scores"] == {names[n]: score for n, score in before.values["scores"].items()}
        assert set(after.values["winners"]) == {names[n] for n in before.values["winners"]}
        if "red_token_to" in before.values:
            assert after.values["red_token_to"] == names.get(before.values["red_token_to"])

    check()


@pytest.mark.fuzz
@pytest.mark.parametrize("game", PLAYERS_AT)
def test_reordering_players_changes_no_score_and_no_winner(game: str) -> None:
    @settings(max_examples=budget(60, 1_000))
    @given(case=accepted(game), data=st.data())
    def check(case: tuple[dict[str, Any], Outcome], data: st.DataObject) -> None:
        document, before = case
        order = data.draw(st.permutations(list(document[PLAYERS_AT[game]].items())))
        after = scored(game, {**document, PLAYERS_AT[game]: dict(order)})
        assert after is not None
        assert after.values["scores"] == before.values["scores"]
        assert set(after.values["winners"]) == set(before.values["winners"])
        if "red_token_to" in before.values:
            assert after.values["red_token_to"] == before.values["red_token_to"]

    check()


@pytest.mark.fuzz
@pytest.mark.parametrize("game", PLAYERS_AT)
def test_a_player_with_nothing_played_changes_no_other_score(game: str) -> None:
    """Rebis situations here have two players or more: alone, a player receives the red token
    whatever her result (rule 5.2: the highest result), and a newcomer at 0 would tie her (ruling
    red-token-tie)."""

    @settings(max_examples=budget(60, 1_000))
    @given(case=accepted(game))
    def check(case: tuple[dict[str, Any], Outcome]) -> None:
        document, before = case
        players = document[PLAYERS_AT[game]]
        newcomer = "Newcomer " + "x" * max(len(name) for name in players)  # a name no one has
        after = scored(game, {**document, PLAYERS_AT[game]: {**players, newcomer: NOTHING_PLAYED[game]}})
        assert after is not None
        assert {n: s for n, s in after.values["scores"].items() if n != newcomer} == before.values["scores"]

    check()


@st.composite
def rebus_turn(draw: st.DrawFn) -> dict[str, Any]:
    """A legal turn: the rebuses hold at least the tiles placed, premium squares under new tiles."""
    placed = draw(st.integers(1, 9))
    count = draw(st.integers(1, min(4, 2 * placed)))
    rebuses = []
    for index in range(count):
        tiles = draw(st.integers(placed if index == 0 else 1, 15))
        squares = draw(st.lists(st.sampled_from(["blue", "red"]), max_size=min(tiles, placed)))
        rebuses.append({"tiles": tiles, "new_bonus": squares})
    return {"turn": {"rebuses": rebuses, "tiles_placed": placed}}


@pytest.mark.fuzz
@settings(max_examples=budget(100, 3_000))
@given(document=rebus_turn(), data=st.data())
def test_rebus_a_premium_square_more_never_lowers_a_score(document: dict[str, Any], data: st.DataObject) -> None:
    before = scored("rebus", document)
    assert before is not None, document  # the strategy makes legal turns only
    rebuses = document["turn"]["rebuses"]
    index = data.draw(st.integers(0, len(rebuses) - 1))
    square = data.draw(st.sampled_from(["blue", "red"]))
    more = [
        {**rebus, "new_bonus": [*rebus["new_bonus"], square]} if number == index else rebus
        for number, rebus in enumerate(rebuses)
    ]
    after = scored("rebus", {"turn": {**document["turn"], "rebuses": more}})
    assume(after is not None)  # more squares than new tiles is refused, rightly
    assert after.values["score"] >= before.values["score"]


@pytest.mark.fuzz
@pytest.mark.parametrize("game", sorted(SITUATIONS))
def test_the_generated_situations_are_valid_under_their_schema(game: str) -> None:
    """The properties start from documents of the schema's format; if the schema changes, so must they."""
    schema = validator(ROOT / "rules" / game / "score.schema.json")

    @settings(max_examples=budget(50, 500))
    @given(document=SITUATIONS[game])
    def check(document: dict) -> None:
        assert not list(schema.iter_errors(document)), document

    check()
