"""Every scoring case and every worked example through each game's calculator.js under Node, in the
fast tier: its values or refusals, its breakdown lines as data (codes, params, steps, rules) and in
words, equal to what Python's scorer and `rulebook score` give. A calculator.js that computed 9 where
the example on the same page says 14 fails here, without a browser (issue 50). The cases'
expectations are the rules' (guide/scoring-cases.md); this holds the two scorers together."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from calculator_node import NODE, run
from conftest import ROOT
from rulebook.commands.score import score_json
from rulebook.files.scorers import scorer
from rulebook.i18n.ui import ui_translations
from rulebook.load.project import load_project
from rulebook.scoring.outcome import Outcome
from rulebook.scoring.summary import step_parts
from scoring_cases import Case, game_cases, meanings, scored_games


@pytest.mark.content
def test_node_is_installed() -> None:
    # Not skipped when missing: the fast tier runs every calculator.js, and `make test-fast` installs Node.
    assert NODE is not None, "node is not installed: `make node-deps` (or `make system-deps`) installs it"


PROJECT = load_project(ROOT).project
# Each case's result on the page and, for a scored one, each line in the page's words.
_SCORE = """(function (result) {{
  if (result.problems) return result;
  return {{ values: result.values, lines: result.lines, words: result.lines.map(rulebook.words.step) }};
}})(rulebook.evaluate({game}, JSON.parse({situation})))"""


def node_results(game: str, language: str, cases: tuple[Case, ...], game_script: str | None = None) -> list[Any]:
    calls = [_SCORE.format(game=json.dumps(game), situation=json.dumps(json.dumps(case.situation))) for case in cases]
    return run(game, language, calls, game_script)


def _python_outcome(game: str, situation: Any) -> Outcome:
    (found,) = [item for item in PROJECT.games if item.id == game]
    return scorer(ROOT, found.scoring).evaluate(situation, found.facts)


def _words(language: str) -> tuple[Any, Any]:
    if language == PROJECT.source_language:
        return str, lambda one, many, n: one if n == 1 else many
    translations = ui_translations(ROOT, language)
    return translations.gettext, translations.ngettext


def differences(game: str, language: str, game_script: str | None = None) -> list[str]:
    """Where the game's calculator.js and Python part, case by case; none when they agree."""
    cases = game_cases(game)
    gettext, ngettext = _words(language)
    found = []
    for case, result in zip(cases, node_results(game, language, cases, game_script), strict=True):
        code, printed = score_json(ROOT, game, json.dumps(case.situation).encode("utf-8"))
        expected = json.loads(printed)
        if code != 0:
            if "problems" not in result or meanings(result["problems"]) != meanings(expected["problems"]):
                found.append(f"{case.id}: refusals {result.get('problems')} != {expected['problems']}")
            continue
        if "values" not in result:
            found.append(f"{case.id}: refused {result['problems']}, Python scores {printed}")
            continue
        outcome = _python_outcome(game, case.situation)
        if json.dumps(result["values"], sort_keys=True) != json.dumps(expected, sort_keys=True):  # false is no 0
            found.append(f"{case.id}: values {result['values']} != {expected}")
        lines = [line.meaning() for line in outcome.lines]
        if json.loads(json.dumps(lines)) != result["lines"]:
            found.append(f"{case.id}: lines {result['lines']} != {lines}")
        said = [list(step_parts(line, gettext, ngettext)) for line in outcome.lines]
        if said != result["words"]:
            found.append(f"{case.id}: words {result['words']} != {said}")
    return found


@pytest.mark.content
@pytest.mark.parametrize("language", PROJECT.languages)
@pytest.mark.parametrize("game", scored_games())
def test_calculator_js_gives_what_python_gives(game: str, language: str) -> None:
    assert differences(game, language) == []


# Arithmetic altered in one place of each calculator.js: the score itself, or only a line's steps.
MUTANTS = [
    ("rebus", "}, tiles * p.tilePoints);", "}, tiles * p.tilePoints + 5);", "values"),
    (
        "rebus",
        "[tiles, p.tilePoints], tiles * p.tilePoints)",
        "[tiles, p.tilePoints], tiles * p.tilePoints + 1)",
        "lines",
    ),
    ("rebis", "}, sum(points));", "}, sum(points) + 1);", "values"),
    ("oh-my-word", "sum(entry[1]));", "sum(entry[1]) + 5);", "values"),
    ("oh-my-word", 'Step("+", tokens.slice(), score)', 'Step("×", tokens.slice(), score)', "lines"),
]


@pytest.mark.parametrize(("game", "original", "mutated", "part"), MUTANTS)
def test_altered_arithmetic_in_calculator_js_is_caught(game: str, original: str, mutated: str, part: str) -> None:
    script = (ROOT / "rules" / game / "calculator.js").read_text(encoding="utf-8")
    assert script.count(original) == 1
    found = differences(game, PROJECT.source_language, script.replace(original, mutated))
    assert any(f": {part} " in difference for difference in found), found
    # A worked example of the game's page is among the cases that catch it (issue 50: 9 against 14).
    assert any(difference.startswith(f"{game}: worked example ") for difference in found)


@pytest.mark.content
@pytest.mark.parametrize("game", scored_games())
def test_every_step_computes_its_result(game: str) -> None:
    """The breakdown's arithmetic holds: each step's operands give its result (a step after the
    first goes on from the result before it)."""
    for case in game_cases(game):
        code, _printed = score_json(ROOT, game, json.dumps(case.situation).encode("utf-8"))
        if code != 0:
            continue
        for line in _python_outcome(game, case.situation).lines:
            for before, step in zip((None, *line.steps), line.steps, strict=False):
                if step.result is not None:
                    assert step.value() == step.result, (case.id, line.english())
                if before is not None:
                    assert step.operands[0] == (before.result if before.result is not None else before.value())


@pytest.mark.content
@pytest.mark.parametrize("game", scored_games())
def test_every_line_names_a_rule_of_its_game(game: str) -> None:
    (found,) = [item for item in PROJECT.games if item.id == game]
    rules = {rule.id for rule in found.rules()}
    for case in game_cases(game):
        code, _printed = score_json(ROOT, game, json.dumps(case.situation).encode("utf-8"))
        if code == 0:
            assert {line.rule for line in _python_outcome(game, case.situation).lines} <= rules, case.id


@pytest.mark.content
@pytest.mark.parametrize("game", scored_games())
def test_calculator_js_holds_no_words(game: str) -> None:
    """Its strings are codes, keys and signs: a label or a result in words (a space, a {field}, a
    msgid of the catalogs) belongs in LINE_WORDS, which the page says in its language."""
    from babel.messages.pofile import read_po

    with (ROOT / "locales" / "messages.pot").open("rb") as template:
        msgids = {message.id if isinstance(message.id, str) else message.id[0] for message in read_po(template)}
    script = (ROOT / "rules" / game / "calculator.js").read_text(encoding="utf-8")
    code = re.sub(r"/\*.*?\*/|//[^\n]*", "", script, flags=re.S)  # the comments are for people
    strings = set(re.findall(r'"((?:[^"\\]|\\.)*)"', code)) - {"use strict"}
    assert {text for text in strings if " " in text or "{" in text or text in msgids - {""}} == set()


# Situations on which make fuzz's differential run found the page and the command apart, each
# refused by both for the same reasons now. Python's json.dumps writes 1e+30 and "\ud800" as such.
_DEEP: Any = 1
for _ in range(70):  # past the 64 levels both refuse
    _DEEP = [_DEEP]
FUZZ_FOUND = [
    # the command said too-deep at each branch; the page once
    ("rebus", {"turn": [_DEEP, _DEEP]}),
    # the command's reader stops at the lone surrogate; the page said too-deep first
    ("rebis", {"players": {"42": [1, _DEEP], "Zoé": [2, "\ud800"]}}),
    # JSON's 1e+30 is a number, which the page refuses as a name; the command read it as the text "1e+30"
    ("rebis", {"token_values": {"gold": 4}, "red_token_shelf": {"player": 1e30, "shelf": 1}, "players": {}}),
]
_PAGE_SCORE = "(function (r) {{ return r.problems ? {{problems: r.problems}} : {{values: r.values}}; }})" + (
    "(rulebook.score({game}, JSON.parse({situation})))"
)


@pytest.mark.parametrize(("game", "situation"), FUZZ_FOUND, ids=["two deep branches", "surrogate", "exponent"])
def test_what_the_fuzzer_found_is_refused_alike(game: str, situation: Any) -> None:
    text = json.dumps(situation)
    call = _PAGE_SCORE.format(game=json.dumps(game), situation=json.dumps(text))
    [page] = run(game, PROJECT.source_language, [call])
    code, printed = score_json(ROOT, game, text.encode("utf-8"))
    expected = json.loads(printed)
    assert code == 2 and "problems" in page, page
    assert meanings(page["problems"]) == meanings(expected["problems"])
