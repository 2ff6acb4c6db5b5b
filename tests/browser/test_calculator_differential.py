"""One scoring truth: the calculator's `window.rulebook.score` in Chromium against `rulebook score
GAME --json --lang LANGUAGE -` (its printing path, in process): the same values, or the same
problems compared on code, path and params (their words, lines and columns are not the contract).

The input space: every worked example on the English, French and Czech pages, and per game at least
10,000 distinct situations under `make fuzz` (50 in `make test`) drawn by Hypothesis
(tests/calculator_situations.py: from each game's input schema and scoring cases, derandomized),
each checked on one of the three pages in turn: plausible documents, the game's scoring cases,
documents past the schema's bounds and the rules' limits, wrong types,
unknown and missing keys, nesting past 64 levels, names that need quoting, escaping or another
order, NaN and floats YAML reads as strings. The command reads the situation's JSON text
(`window.rulebook.situationText`). Left out, and counted: text with a character unassigned in
Python's Unicode database, where Chromium's newer Unicode may differ.
"""

from __future__ import annotations

import json
import math
import unicodedata
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from playwright.sync_api import Page

from calculator_situations import situations
from conftest import ROOT
from harness import budget
from rulebook.commands.score import score_json
from rulebook.load.project import load_project
from scoring_cases import meanings

pytestmark = pytest.mark.browser

PROJECT = load_project(ROOT).project
LANGUAGES = PROJECT.languages
GAMES = [game for game in PROJECT.games if game.scoring]
# 10,000 a game take minutes in Chromium, so `make fuzz` runs them; `make test` a sample.
SITUATIONS_PER_GAME = budget(quick=50, fuzz=10_000)
# The situation travels as JSON text: Playwright's own argument passing hangs on values nested
# about 150 levels deep, which the mutations make. Non-finite floats travel as marked strings. The
# result comes back as JSON text too: Playwright drops a key named "__proto__", JSON keeps it.
SCORE = """([game, json]) => {
    const marks = {"\\u0000nan": NaN, "\\u0000inf": Infinity, "\\u0000-inf": -Infinity};
    const marked = (value) => typeof value === "string" && Object.prototype.hasOwnProperty.call(marks, value);
    const situation = JSON.parse(json, (key, value) => (marked(value) ? marks[value] : value));
    const result = JSON.stringify(window.rulebook.score(game, situation));
    return {text: window.rulebook.situationText(situation), result: result};
}"""
# Hypothesis repeats itself (small documents most, and the game's cases, which come in whole): twice as many
# draws give enough distinct ones.
DRAWS = SITUATIONS_PER_GAME * 2


def page_url(site_url: str, language: str, game_id: str) -> str:
    prefix = "" if language == PROJECT.source_language else f"{language}/"
    return f"{site_url}/{prefix}{game_id}/"


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def _as_json(value: Any) -> str:
    def marked(item: Any) -> Any:
        if isinstance(item, float) and not math.isfinite(item):
            return "\u0000nan" if math.isnan(item) else "\u0000inf" if item > 0 else "\u0000-inf"
        if isinstance(item, dict):
            return {key: marked(inner) for key, inner in item.items()}
        if isinstance(item, list):
            return [marked(inner) for inner in item]
        return item

    return json.dumps(marked(value))


def _comparable(value: Any) -> bool:
    return not any(unicodedata.category(char) == "Cn" for text in _strings(value) for char in text)


def compare(page: Page, game_id: str, language: str, items: list[Any]) -> Counter:
    """Scores the items on the page and with the command; asserts equality; tallies the shapes."""
    tally: Counter = Counter()
    command_language = None if language == PROJECT.source_language else language
    for situation in items:
        results = [page.evaluate(SCORE, [game_id, _as_json(situation)])]
        for result in results:
            code, printed = score_json(ROOT, game_id, result["text"].encode("utf-8"), command_language)
            expected = json.loads(printed)
            given = json.loads(result["result"])
            assert code == (2 if expected.get("error") is True else 0)
            if code == 0:
                assert given == expected, f"{language} {game_id} {result['text']}"
            elif "more" in expected:  # the command prints 50 problems and counts the others
                assert len(given["problems"]) == len(expected["problems"]) + expected["more"], result["text"]
            else:
                assert given.get("error") is True, result["text"]
                assert meanings(given["problems"]) == meanings(expected["problems"]), result["text"]
            tally["refused" if code else "scored"] += 1
            tally[result["text"]] += 0  # distinct texts, counted below
    return tally


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_worked_example_scores_as_the_command_says(page: Page, site_url: str, language: str) -> None:
    for game in GAMES:
        page.goto(page_url(site_url, language, game.id))
        inputs = [game.document.part(("examples", example.index, "input")).data for example in game.examples]
        tally = compare(page, game.id, language, inputs)
        assert tally["scored"] + tally["refused"] == len(game.examples) > 0


@pytest.mark.fuzz
@pytest.mark.parametrize("game_id", [game.id for game in GAMES])
def test_generated_situations_score_as_the_command_says(page: Page, site_url: str, game_id: str) -> None:
    drawn: list[Any] = []

    @settings(
        max_examples=DRAWS,
        derandomize=True,
        database=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
        deadline=None,
    )
    @given(situations(game_id))
    def draw(situation: Any) -> None:
        drawn.append(situation)

    draw()
    distinct = {json.dumps(situation, sort_keys=False): situation for situation in drawn}
    comparable = [situation for situation in distinct.values() if _comparable(situation)]
    texts: set[str] = set()
    shapes: Counter = Counter()
    for turn, language in enumerate(LANGUAGES):
        page.goto(page_url(site_url, language, game_id))
        tally = compare(page, game_id, language, comparable[turn :: len(LANGUAGES)])
        shapes["scored"] += tally.pop("scored", 0)
        shapes["refused"] += tally.pop("refused", 0)
        texts.update(tally)
    left_out = len(distinct) - len(comparable)
    print(f"{game_id}: {len(texts)} distinct situations, {dict(shapes)}, {left_out} left out")
    assert len(texts) >= SITUATIONS_PER_GAME
    # Both shapes of the contract, in numbers that cannot be luck: 3 % each (300 of 10,000).
    least = max(SITUATIONS_PER_GAME * 3 // 100, 1)
    assert shapes["scored"] >= least and shapes["refused"] >= least
