"""The scoring cases (rules/<game>/scoring-cases.json) and every worked example, through the
browser's scorer, `window.rulebook.score`: the values the rules give, or the refusals by code, field
and params, as tests/test_content.py holds the command to them. A refused worked example,
whose game.yaml gives words only, is held to the command's meaning."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Page

from conftest import ROOT
from rulebook.commands.score import score_json
from scoring_cases import Case, content_project, game_cases, meanings, refusal_found, scored_games

pytestmark = pytest.mark.browser

# The situations travel as JSON text and the results come back as JSON text: Playwright drops a key
# named "__proto__", JSON keeps it.
SCORE_ALL = """([game, situations]) => JSON.parse(situations).map(
    (situation) => JSON.stringify(window.rulebook.score(game, situation)))"""


@pytest.mark.parametrize("language", content_project().languages)
@pytest.mark.parametrize("game", scored_games())
def test_the_browser_gives_what_the_rules_say(page: Page, site_url: str, game: str, language: str) -> None:
    """The meaning does not depend on the page's language: each page gives the same."""
    source = content_project().source_language
    page.goto(f"{site_url}/{'' if language == source else language + '/'}{game}/")
    check_scoring_cases(page, game)


def check_scoring_cases(page: Page, game: str, cases: list[Case] | None = None, root: Path = ROOT) -> None:
    """Every scoring case of the game (this project's, or `cases` of the project at `root`) through the
    scorer of the game page `page` shows."""
    cases = game_cases(game) if cases is None else cases
    situations = json.dumps([case.situation for case in cases])
    results = [json.loads(text) for text in page.evaluate(SCORE_ALL, [game, situations])]
    for case, result in zip(cases, results, strict=True):
        if case.refused is not None:
            assert result.get("error") is True, case.id
            assert meanings(result["problems"]) == meanings(case.refused), case.id
        elif case.refused_code is not None:
            _, printed = score_json(root, game, json.dumps(case.situation).encode("utf-8"))
            assert result.get("error") is True, case.id
            assert refusal_found(case, result["problems"]), case.id
            assert meanings(result["problems"]) == meanings(json.loads(printed)["problems"]), case.id
        else:
            assert "error" not in result, case.id
            assert {field: result.get(field) for field in case.values or {}} == case.values, case.id
