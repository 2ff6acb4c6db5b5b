"""The scoring cases (tests/scoring-cases/<game>.json, written by hand from the rules) and every
worked example, through `rulebook score GAME --json` in process: the values the rules give, or the
refusals by code, field and params. tests/browser/test_scoring_cases.py runs the same cases in the
browser."""

from __future__ import annotations

import json

import pytest

from conftest import ROOT
from rulebook.commands.score import score_json
from rulebook.files.scorers import scored_games as games_with_scorers
from rulebook.files.scorers import scorer
from scoring_cases import Case, game_cases, meanings, refusal_found, scored_games

ALL = [case for game in scored_games() for case in game_cases(game)]


def test_every_game_with_a_scorer_has_cases() -> None:
    assert scored_games() == sorted(games_with_scorers(ROOT))


@pytest.mark.parametrize("game", scored_games())
def test_every_refusal_of_the_rules_has_a_case(game: str) -> None:
    declared = set(scorer(ROOT, game).REFUSALS)
    cased = {problem["code"] for case in game_cases(game) for problem in case.refused or []}
    assert declared - cased == set()
    assert cased - declared <= {code for code in cased if code.startswith("schema.")}


@pytest.mark.parametrize("case", ALL, ids=[case.id for case in ALL])
def test_the_command_gives_what_the_rules_say(case: Case) -> None:
    code, printed = score_json(ROOT, case.game, json.dumps(case.situation).encode("utf-8"))
    result = json.loads(printed)
    if case.refused is not None or case.refused_code is not None:
        assert (code, result.get("error")) == (2, True), printed
        if case.refused is not None:
            assert meanings(result["problems"]) == meanings(case.refused)
        if case.refused_code is not None:
            assert refusal_found(case, result["problems"]), printed
        return
    assert code == 0, printed
    assert {field: result.get(field) for field in case.values or {}} == case.values
