"""A fourth game made by `rulebook new game --scoring` scores in its own page: the calculator's form,
filled in Chromium by the game's own form adapter (rules/<game>/calculator_form.py, which the command
writes too), gives what the template's rule gives by hand (the sum of each player's rounds, the
highest total wins). Its page loads the game's script from its folder, not from the toolkit."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page

from authoring import build, copy_whole_project, run, unused_game_id
from browser.calculator_form import fill, result_table
from browser.conftest import serve

pytestmark = pytest.mark.browser

GAME = unused_game_id("dice-duel")


@pytest.fixture(scope="module")
def new_game_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = copy_whole_project(tmp_path_factory.mktemp("fourth-game"))
    made = run(root, "new", "game", GAME, "--name", "Dice Duel", "--scoring")
    assert made.returncode == 0, made.stderr
    assert not list((root / "tools").rglob(f"*{GAME.replace('-', '_')}*")), "the command wrote into the toolkit"
    return root


@pytest.fixture(scope="module")
def new_game_url(new_game_root: Path) -> Iterator[str]:
    yield from serve(build(new_game_root))


def test_the_new_game_scores_through_its_form(page: Page, new_game_root: Path, new_game_url: str) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{new_game_url}/{GAME}/")
    # Bob's third round is not played yet: its field is left empty.
    fill(page, "en", GAME, {"players": {"Ann": [3, 2, 4], "Bob": [5, 1]}}, root=new_game_root)
    page.locator(".rb-calculator form").get_by_role("button", name="Score", exact=True).click()
    cells = result_table(page, ".rb-calculator__result tbody tr", "td")
    # By hand: Ann 3 + 2 + 4 = 9, Bob 5 + 1 = 6; the highest total wins.
    assert cells == [
        ["Ann, total", "3 + 2 + 4 = 9 → 9 points"],
        ["Bob, total", "5 + 1 = 6 → 6 points"],
        ["Winner", "Ann"],
    ]
    assert errors == []


def test_the_new_game_refuses_more_rounds_than_the_game_has(page: Page, new_game_url: str) -> None:
    # The form has a field per round, so the refusal is tested through the page's scorer itself.
    page.goto(f"{new_game_url}/{GAME}/")
    result = page.evaluate(f'window.rulebook.score("{GAME}", {{players: {{Ann: [1, 2, 3, 4]}}}})')
    # The meaning, as `rulebook score --json` gives it: the code, the field, the numbers (3 rounds).
    assert result == {
        "error": True,
        "problems": [{"code": "score.too-many-rounds", "path": ["players", "Ann"], "params": {"n": 4, "rounds": 3}}],
    }


def test_the_new_game_script_is_a_file_of_its_site(new_game_url: str) -> None:
    import urllib.request

    with urllib.request.urlopen(f"{new_game_url}/assets/javascripts/calculator/{GAME}.js") as response:
        assert f'window.rulebook.addGame("{GAME}"' in response.read().decode("utf-8")
