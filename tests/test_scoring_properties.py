"""Metamorphic properties of the scorers (issue 11): what must not change a score, and what may
only raise one. Each property holds by the rules, for any situation the scorers accept.

The games are the project's, whatever rules/ holds, and their situations are drawn from each game's
input schema and scoring cases (tests/schema_situations.py). The players are found in the outcome:
the map of the situation whose names are the outcome's `scores`; a player who has done nothing is
the least document its schema allows there (0 for a count, an empty list, an object of its
required keys). A game's own properties, as its rules state them (one item more never lowers a
value: a bonus square more, a score), are declared with its scoring cases (`never_lower` in
rules/<game>/scoring-cases.json) and tested here whatever the game.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from conftest import ROOT
from harness import budget
from rulebook.documents.schema import validator
from rulebook.files.scorers import input_schema
from rulebook.located.document import parse_document, read_document
from rulebook.scoring.outcome import Outcome
from rulebook.scoring.situation import Invalid, score_situation
from schema_situations import NAMES, _resolved, from_schema, game_schema
from scoring_cases import NeverLower, game_cases, never_lower, scored_games

GAMES = [game for game in scored_games() if game_schema(game)]
FACTS = {game: read_document(ROOT / "rules" / game / "game.yaml", "game.yaml").data["facts"] for game in GAMES}


def scored(game: str, document: dict[str, Any]) -> Outcome | None:
    """The outcome, or None when the situation is refused (schema or rules)."""
    try:
        return score_situation(parse_document(json.dumps(document).encode(), "t.json"), game, FACTS[game], ROOT)
    except Invalid:
        return None


def players_at(document: Any, names: set[str], path: tuple[str, ...] = ()) -> tuple[str, ...] | None:
    """Where in the situation the players are: the map whose keys are the outcome's players."""
    if isinstance(document, dict):
        if names and set(document) == names:
            return path
        for key, value in document.items():
            found = players_at(value, names, (*path, key))
            if found is not None:
                return found
    return None


def _get(document: Any, path: tuple[str, ...]) -> Any:
    for key in path:
        document = document[key]
    return document


def _with(document: dict[str, Any], path: tuple[str, ...], value: Any) -> dict[str, Any]:
    if not path:
        return value
    return {**document, path[0]: _with(document[path[0]], path[1:], value)}


def _strings(value: Any) -> set[str]:
    """Every string the document holds as a value (not a key)."""
    if isinstance(value, dict):
        return set().union(*(_strings(inner) for inner in value.values()))
    if isinstance(value, list):
        return set().union(*(_strings(inner) for inner in value))
    return {value} if isinstance(value, str) else set()


def _renamed_values(value: Any, names: dict[str, str]) -> Any:
    """Every mention of a player by name (a token's receiver, say) follows the rename."""
    if isinstance(value, dict):
        return {key: _renamed_values(inner, names) for key, inner in value.items()}
    if isinstance(value, list):
        return [_renamed_values(inner, names) for inner in value]
    return names.get(value, value) if isinstance(value, str) else value


def _with_players(game: str, document: Any) -> tuple[dict[str, Any], Outcome, tuple[str, ...]] | None:
    """The situation, its outcome and where its players are, when the scorer accepts it with players."""
    outcome = scored(game, document) if isinstance(document, dict) else None
    if outcome is None or not isinstance(outcome.values.get("scores"), dict):
        return None
    at = players_at(document, set(outcome.values["scores"]))
    return None if at is None else (document, outcome, at)


def accepted(game: str, fewest: int = 1) -> st.SearchStrategy:
    """A situation with `fewest` players or more that the scorer accepts, its outcome and where its
    players are: mostly a scoring case or worked example that scores, else a document drawn within
    the schema's bounds (the scorer's own rules refuse most of those: they are filtered)."""
    cases = [found for case in game_cases(game) if (found := _with_players(game, case.situation)) is not None]
    cases = [found for found in cases if len(_get(found[0], found[2])) >= fewest]
    schema = game_schema(game)
    drawn = from_schema(schema, schema).map(lambda document: _with_players(game, document))
    drawn = drawn.filter(lambda found: found is not None and len(_get(found[0], found[2])) >= fewest)
    return st.one_of(st.sampled_from(cases), st.sampled_from(cases), drawn) if cases else drawn


def _names_beside(document: dict[str, Any], at: tuple[str, ...]) -> set[str]:
    """The strings of the situation that are no player's name: new names must not be one of them."""
    players = set(_get(document, at))
    return _strings(document) - players


@pytest.mark.fuzz
@pytest.mark.parametrize("game", GAMES)
def test_renaming_players_changes_no_score_and_no_winner(game: str) -> None:
    @settings(max_examples=budget(60, 1_000), suppress_health_check=[HealthCheck.filter_too_much])
    @given(case=accepted(game), data=st.data())
    def check(case: tuple[dict[str, Any], Outcome, tuple[str, ...]], data: st.DataObject) -> None:
        document, before, at = case
        old = list(_get(document, at))
        fresh = st.one_of(
            st.sampled_from([name for name in NAMES if 1 <= len(name) <= 10]), st.text(min_size=1, max_size=10)
        )
        new = data.draw(st.lists(fresh, min_size=len(old), max_size=len(old), unique=True))
        assume(not (set(new) | set(old)) & _names_beside(document, at))
        names = dict(zip(old, new, strict=True))
        renamed = _with(_renamed_values(document, names), at, {names[n]: v for n, v in _get(document, at).items()})
        after = scored(game, renamed)
        assume(after is not None)  # a drawn name the schema refuses (an empty one, a control)
        assert after.values["scores"] == {names[n]: score for n, score in before.values["scores"].items()}
        assert set(after.values["winners"]) == {names[n] for n in before.values["winners"]}
        for field, value in before.values.items():  # a player named by an outcome's field (a receiver)
            if isinstance(value, str) and value in names:
                assert after.values[field] == names[value], field

    check()


@pytest.mark.fuzz
@pytest.mark.parametrize("game", GAMES)
def test_reordering_players_changes_no_score_and_no_winner(game: str) -> None:
    @settings(max_examples=budget(60, 1_000), suppress_health_check=[HealthCheck.filter_too_much])
    @given(case=accepted(game), data=st.data())
    def check(case: tuple[dict[str, Any], Outcome, tuple[str, ...]], data: st.DataObject) -> None:
        document, before, at = case
        order = data.draw(st.permutations(list(_get(document, at).items())))
        after = scored(game, _with(document, at, dict(order)))
        assert after is not None
        assert after.values["scores"] == before.values["scores"]
        assert set(after.values["winners"]) == set(before.values["winners"])
        for field, value in before.values.items():
            if isinstance(value, str) and value in before.values["scores"]:
                assert after.values[field] == value, field

    check()


def least(schema: Any, root: dict[str, Any]) -> Any:
    """The least document a schema allows: a player who has done nothing."""
    schema = _resolved(schema, root)
    kind = schema.get("type")
    if kind == "object":
        properties = schema.get("properties", {})
        return {key: least(properties[key], root) for key in schema.get("required", []) if key in properties}
    if kind == "array":
        return [least(schema.get("items", {}), root) for _ in range(schema.get("minItems", 0))]
    if kind in ("integer", "number"):
        return max(schema.get("minimum", 0), 0)
    if kind == "string":
        return "x" * schema.get("minLength", 0)
    return None


def _player_schema(game: str, at: tuple[str, ...]) -> Any:
    schema = root = game_schema(game)
    for key in at:
        schema = _resolved(schema, root)
        schema = schema.get("properties", {}).get(key, schema.get("additionalProperties", {}))
    return _resolved(schema, root).get("additionalProperties", {})


@pytest.mark.fuzz
@pytest.mark.parametrize("game", GAMES)
def test_a_player_with_nothing_played_changes_no_other_score(game: str) -> None:
    """With two players or more: a player alone may win or receive something whatever her result (the
    highest result), and a newcomer at 0 would tie her."""

    @settings(max_examples=budget(60, 1_000), suppress_health_check=[HealthCheck.filter_too_much])
    @given(case=accepted(game, fewest=2))
    def check(case: tuple[dict[str, Any], Outcome, tuple[str, ...]]) -> None:
        document, before, at = case
        players = _get(document, at)
        newcomer = "Newcomer " + "x" * max(len(name) for name in players)  # a name no one has
        nothing = least(_player_schema(game, at), game_schema(game))
        after = scored(game, _with(document, at, {**players, newcomer: nothing}))
        assert after is not None, nothing
        assert {n: s for n, s in after.values["scores"].items() if n != newcomer} == before.values["scores"]

    check()


@pytest.mark.fuzz
@pytest.mark.parametrize("game", GAMES)
def test_the_situations_drawn_within_bounds_are_valid_under_their_schema(game: str) -> None:
    """The properties start from documents of the schema's form: a strategy that drifted from the
    schema would test refusals only."""
    schema = validator(input_schema(ROOT, game))

    @settings(max_examples=budget(50, 500))
    @given(document=from_schema(game_schema(game), game_schema(game)))
    def check(document: dict) -> None:
        assert not list(schema.iter_errors(document)), document

    check()


PROPERTIES = [found for game in GAMES for found in never_lower(game)]


def lists_at(document: Any, path: tuple[str | int, ...], at: tuple[str | int, ...] = ()) -> list[tuple[str | int, ...]]:
    """Every place in the document that `path` names ("*" for any index or key) and that holds a list,
    or whose last key a map lacks (an optional list, empty)."""
    if not path:
        return [at] if isinstance(document, list) else []
    key, rest = path[0], path[1:]
    if key == "*":
        inner = (
            enumerate(document)
            if isinstance(document, list)
            else document.items()
            if isinstance(document, dict)
            else []
        )
        return [found for step, value in inner for found in lists_at(value, rest, (*at, step))]
    if isinstance(document, dict):
        if key in document:
            return lists_at(document[key], rest, (*at, key))
        return [(*at, key)] if not rest else []
    if isinstance(document, list) and isinstance(key, int) and 0 <= key < len(document):
        return lists_at(document[key], rest, (*at, key))
    return []


def _list(document: Any, path: tuple[str | int, ...]) -> list[Any]:
    for key in path[:-1]:
        document = document[key]
    return list(document[path[-1]]) if path[-1] in document else []


def _put(document: Any, path: tuple[str | int, ...], value: Any) -> Any:
    """The document with `value` at path, in a map or a list, the rest shared."""
    if not path:
        return value
    key, rest = path[0], path[1:]
    if isinstance(document, list):
        return [_put(inner, rest, value) if index == key else inner for index, inner in enumerate(document)]
    return {**document, key: _put(document.get(key), rest, value)}


def not_lower(before: Any, after: Any) -> bool:
    """A number as high or higher; a map of numbers, each entry so."""
    if isinstance(before, dict):
        return set(after) == set(before) and all(after[key] >= value for key, value in before.items())
    return after >= before


@pytest.mark.fuzz
@pytest.mark.parametrize("rule", PROPERTIES, ids=lambda rule: rule.id)
def test_an_item_more_never_lowers_what_the_rules_say_it_cannot(rule: NeverLower) -> None:
    """A game's own property (its scoring-cases.json's `never_lower`, guide/scoring-cases.md), from a
    situation the scorer accepts: a case or worked example with fewer items in those lists, or one
    drawn from the schema. An item that makes the situation refused is passed over."""
    starts = [case.situation for case in game_cases(rule.game) if scored(rule.game, case.situation) is not None]
    assert any(lists_at(start, rule.add_to) for start in starts), f"{rule.add_to} is in no accepted case"
    drawn = from_schema(game_schema(rule.game), game_schema(rule.game))

    @settings(max_examples=budget(100, 3_000), suppress_health_check=[HealthCheck.filter_too_much])
    @given(start=st.one_of(st.sampled_from(starts), st.sampled_from(starts), drawn), data=st.data())
    def check(start: Any, data: st.DataObject) -> None:
        sites = lists_at(start, rule.add_to)
        assume(sites)
        fewer = start
        for site in sites:
            items = _list(fewer, site)
            fewer = _put(fewer, site, items[: data.draw(st.integers(0, len(items)))])
        before = scored(rule.game, fewer)
        assume(before is not None and rule.value in before.values)
        site = data.draw(st.sampled_from(sites))
        after = scored(rule.game, _put(fewer, site, [*_list(fewer, site), data.draw(st.sampled_from(rule.items))]))
        assume(after is not None)  # an item the rules refuse there (more squares than new tiles)
        assert not_lower(before.values[rule.value], after.values[rule.value]), (before.values, after.values)

    check()
