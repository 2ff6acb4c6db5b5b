"""The calculator at the edges the red team found (issue 23, part 7), against `rulebook score --json`, on
the fixture site's alpha (fixture_games.make_fixture_site):
documents nested thousands of levels deep (the page threw a RangeError; the command refuses them as
YAML's parser does, and the page with the same codes), and players named like an object's own
properties."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Page

from rulebook.commands.score import score_json
from scoring_cases import meanings

pytestmark = pytest.mark.browser

# The text goes in as JSON and is parsed in the page: Python's json cannot write 3,000 levels.
SCORE_TEXT = """([game, text]) => {
    const situation = JSON.parse(text);
    const result = JSON.stringify(window.rulebook.score(game, situation));
    return {text: window.rulebook.situationText(situation), result: result};
}"""


def nested(opener: str, closer: str, levels: int, inner: str = "1") -> str:
    return opener * levels + inner + closer * levels


# The root mapping and `players` are two levels: libyaml refuses the 1,001st.
DEEP = [
    '{"players": {"Ann": ' + nested("[", "]", 3000) + "}}",
    '{"players": {"Ann": [1]}, "notes": ' + nested('{"a": ', "}", 3000) + "}",
    '{"players": {"Ann": ' + nested("[", "]", 999) + "}}",  # 1,001 levels
    '{"players": {"Ann": ' + nested("[", "]", 998) + "}}",  # 1,000: only the project's 64-level limit
    '{"players": {"Ann": ["\\ud800", ' + nested("[", "]", 2000) + "]}}",  # the scanner's error comes first
    '{"players": {"Ann": [' + nested("[", "]", 2000) + ', "\\ud800"]}}',  # the parser's error comes first
]


@pytest.mark.parametrize(
    "text", DEEP, ids=["array-3000", "mapping-3000", "levels-1001", "levels-1000", "escape-first", "depth-first"]
)
def test_a_document_nested_thousands_deep_is_refused_as_the_command_refuses_it(
    page: Page, fixture_site: Path, fixture_url: str, text: str
) -> None:
    page.goto(f"{fixture_url}/alpha/")
    result = page.evaluate(SCORE_TEXT, ["alpha", text])
    code, printed = score_json(fixture_site.parent, "alpha", result["text"].encode("utf-8"), None)
    assert code == 2
    assert meanings(json.loads(result["result"])["problems"]) == meanings(json.loads(printed)["problems"])


PLAYER_WORDS = {
    "name": "Name",
    "round_1": "Points in round 1",
    "score": "Score",
    "same": "Each player needs a different name.",
}


def fill_players(page: Page, names: list[str]) -> str:
    """alpha's form with each player's name and their place in the list as their first round's points;
    the result's text."""
    groups = page.locator(".rb-calculator__players > .rb-calculator__group")
    for index, name in enumerate(names):
        groups.nth(index).get_by_label(PLAYER_WORDS["name"]).fill(name)
        groups.nth(index).get_by_label(PLAYER_WORDS["round_1"]).fill(str(index + 1))
    page.locator(".rb-calculator form").get_by_role("button", name=PLAYER_WORDS["score"], exact=True).click()
    return page.locator(".rb-calculator__result").inner_text()


@pytest.mark.parametrize("name", ["__proto__", "constructor", "hasOwnProperty"])
def test_a_player_named_like_an_object_property_is_kept_and_twice_is_refused(
    page: Page, fixture_site: Path, fixture_url: str, name: str
) -> None:
    root = fixture_site.parent
    page.goto(f"{fixture_url}/alpha/")
    shown = fill_players(page, [name, "Bob"])
    # The command keeps the name: 1 point for it, 2 for Bob; the highest total wins.
    code, printed = score_json(root, "alpha", json.dumps({"players": {name: [1], "Bob": [2]}}).encode(), None)
    assert code == 0 and json.loads(printed)["scores"] == {name: 1, "Bob": 2}
    assert f"{name}, total\t1 → 1 point" in shown and "Bob, total\t2 → 2 points" in shown
    assert "Winner\tBob" in shown
    # Twice the same name: the command refuses a repeated key; the form names the field.
    twice = '{"players": {"NAME": [1], "NAME": [1, 1]}}'.replace("NAME", name)
    code, _ = score_json(root, "alpha", twice.encode(), None)
    assert code == 2
    page.goto(f"{fixture_url}/alpha/")
    shown = fill_players(page, [name, name])
    assert PLAYER_WORDS["same"] in shown
