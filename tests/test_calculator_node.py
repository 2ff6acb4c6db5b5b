"""Every scoring case and every worked example through a game's calculator.js under Node, in the
fast tier: its values or refusals, its breakdown lines as data (codes, params, steps, rules) and in
words, equal to what Python's scorer and `rulebook score` give. A calculator.js that computed 9 where
the example on the same page says 14 fails here, without a browser (issue 50).

The toolkit's side is tested on the fixture's alpha (conftest.make_small_project: `rulebook new game
--scoring` writes its scoring.py, calculator.js and scoring-cases.json; each player's points over 3
rounds add up, the highest total wins, more rounds than 3 are refused as score.too-many-rounds), with its
worked examples highest-total (Ann 3 + 2 + 4 = 9, Bob 5 + 1 + 2 = 8), four-rounds (refused) and a-tie
(fixture_games.add_examples): its calculator.js agrees with its scorer in every language, each alteration
of its arithmetic or its refusals is caught by a worked example, and the situations make fuzz found are
refused alike. The tests marked `content` hold each of the project's own scored games' calculator.js to
its scorer in each of its languages, naming none; their cases' expectations are the rules'
(guide/scoring-cases.md).
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from calculator_node import NODE, run
from conftest import ROOT, made_once, make_small_project
from fixture_games import add_examples, quiet
from rulebook.commands.score import score_json
from rulebook.files.scorers import scorer
from rulebook.i18n.ui import ui_translations
from rulebook.load.project import load_project
from rulebook.model import Project
from rulebook.scoring.outcome import Outcome
from rulebook.scoring.summary import step_parts
from rulebook.website.path_caches import clear_path_caches
from scoring_cases import CASES_FILE, Case, game_cases, meanings, scored_games


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


def node_results(
    game: str, language: str, cases: tuple[Case, ...], game_script: str | None = None, root: Path = ROOT
) -> list[Any]:
    calls = [_SCORE.format(game=json.dumps(game), situation=json.dumps(json.dumps(case.situation))) for case in cases]
    return run(game, language, calls, game_script, root)


def _python_outcome(project: Project, root: Path, game: str, situation: Any) -> Outcome:
    (found,) = [item for item in project.games if item.id == game]
    return scorer(root, found.scoring).evaluate(situation, found.facts)


def _words(project: Project, root: Path, language: str) -> tuple[Any, Any]:
    if language == project.source_language:
        return str, lambda one, many, n: one if n == 1 else many
    translations = ui_translations(root, language)
    return translations.gettext, translations.ngettext


def differences(game: str, language: str, game_script: str | None = None, root: Path = ROOT) -> list[str]:
    """Where the game's calculator.js and Python part, case by case; none when they agree. The game is
    the project's at `root` (the repository's by default), its cases those of game_cases there."""
    project = PROJECT if root == ROOT else load_project(root).project
    cases = game_cases(game) if root == ROOT else fixture_cases(project, root, game)
    gettext, ngettext = _words(project, root, language)
    found = []
    for case, result in zip(cases, node_results(game, language, cases, game_script, root), strict=True):
        code, printed = score_json(root, game, json.dumps(case.situation).encode("utf-8"))
        expected = json.loads(printed)
        if code != 0:
            if "problems" not in result or meanings(result["problems"]) != meanings(expected["problems"]):
                found.append(f"{case.id}: refusals {result.get('problems')} != {expected['problems']}")
            continue
        if "values" not in result:
            found.append(f"{case.id}: refused {result['problems']}, Python scores {printed}")
            continue
        outcome = _python_outcome(project, root, game, case.situation)
        if json.dumps(result["values"], sort_keys=True) != json.dumps(expected, sort_keys=True):  # false is no 0
            found.append(f"{case.id}: values {result['values']} != {expected}")
        lines = [line.meaning() for line in outcome.lines]
        if json.loads(json.dumps(lines)) != result["lines"]:
            found.append(f"{case.id}: lines {result['lines']} != {lines}")
        said = [list(step_parts(line, gettext, ngettext)) for line in outcome.lines]
        if said != result["words"]:
            found.append(f"{case.id}: words {result['words']} != {said}")
    return found


def fixture_cases(project: Project, root: Path, game: str) -> tuple[Case, ...]:
    """The game's scoring cases and worked examples in the project at root, as game_cases lists the content's."""
    written = json.loads((root / "rules" / game / CASES_FILE).read_text(encoding="utf-8"))
    cases = [
        Case(game, case["description"], case["situation"], case.get("values"), case.get("refused"))
        for case in written["cases"]
    ]
    (found,) = [item for item in project.games if item.id == game]
    for example in found.examples:
        situation = found.document.part(("examples", example.index, "input")).data
        cases.append(Case(game, f"worked example {example.id}", situation))
    return tuple(cases)


def make_calculator_project(root: Path) -> None:
    make_small_project(root)
    add_examples(root)
    path = root / "rules/alpha/score.schema.json"
    schema = json.loads(path.read_text(encoding="utf-8"))
    schema["properties"]["variant"] = {
        "type": "string",
        "description": "The variant played, which the scorer does not read.",
    }
    path.write_text(json.dumps(schema, indent=2) + "\n", encoding="utf-8")
    clear_path_caches()  # the schema as make_small_project's check compiled it is forgotten, as `serve` does
    quiet(["--root", str(root), "check"])
    shutil.rmtree(root / ".cache", ignore_errors=True)


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """This module's project, made once a run: the small one with alpha's examples four-rounds and a-tie,
    and its input schema given an optional variant, a name the scorer does not read."""
    return made_once(tmp_path_factory, "calculator-node-project", make_calculator_project)


@pytest.mark.content
@pytest.mark.parametrize("language", PROJECT.languages)
@pytest.mark.parametrize("game", scored_games())
def test_calculator_js_gives_what_python_gives(game: str, language: str) -> None:
    assert differences(game, language) == []


@pytest.mark.parametrize("language", ["en", "fr", "cs"])
def test_alpha_calculator_js_gives_what_python_gives(root: Path, language: str) -> None:
    # Its 3 scoring cases and 3 worked examples, each compared; none differs, in any language.
    assert len(fixture_cases(load_project(root).project, root, "alpha")) == 6
    assert differences("alpha", language, root=root) == []


# alpha's calculator.js altered in one place: the score itself, a line's steps or its result alone, when
# it refuses, or what a refusal says.
MUTANTS = [
    ("put(scores, entry[0], sum(entry[1]));", "put(scores, entry[0], sum(entry[1]) + 1);", "values"),
    ('Step("+", points.slice(), total)', 'Step("×", points.slice(), total)', "lines"),
    ('{ code: "points", n: total }', '{ code: "points", n: total + 1 }', "lines"),
    ("if (entry[1].length > rounds) {", "if (entry[1].length >= rounds) {", "refused"),
    ("{ n: entry[1].length, rounds: rounds }", "{ n: entry[1].length, rounds: rounds + 1 }", "refusals"),
]


@pytest.mark.parametrize(("original", "mutated", "part"), MUTANTS, ids=[mutant[1] for mutant in MUTANTS])
def test_altered_arithmetic_in_calculator_js_is_caught(root: Path, original: str, mutated: str, part: str) -> None:
    script = (root / "rules" / "alpha" / "calculator.js").read_text(encoding="utf-8")
    assert script.count(original) == 1
    found = differences("alpha", "en", script.replace(original, mutated), root)
    assert any(f": {part} " in difference for difference in found), found
    # A worked example of the game's page is among the cases that catch it (issue 50: 9 against 14).
    assert any(difference.startswith("alpha: worked example ") for difference in found)


@pytest.mark.content
@pytest.mark.parametrize("game", scored_games())
def test_every_step_computes_its_result(game: str) -> None:
    """The breakdown's arithmetic holds: each step's operands give its result (a step after the
    first goes on from the result before it)."""
    for case in game_cases(game):
        code, _printed = score_json(ROOT, game, json.dumps(case.situation).encode("utf-8"))
        if code != 0:
            continue
        for line in _python_outcome(PROJECT, ROOT, game, case.situation).lines:
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
            assert {line.rule for line in _python_outcome(PROJECT, ROOT, game, case.situation).lines} <= rules, case.id


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
# refused by both for the same reasons now, here on alpha. Python's json.dumps writes 1e+30 and "\ud800"
# as such.
_DEEP: Any = 1
for _ in range(70):  # past the 64 levels both refuse
    _DEEP = [_DEEP]
FUZZ_FOUND = [
    # the command said too-deep at each branch; the page once
    {"players": [_DEEP, _DEEP]},
    # the command's reader stops at the lone surrogate; the page said too-deep first
    {"players": {"42": [1, _DEEP], "Zoé": [2, "\ud800"]}},
    # JSON's 1e+30 is a number, which the page refuses as the variant's name; the command read it as the
    # text "1e+30"
    {"variant": 1e30, "players": {"Ann": [1]}},
]
_PAGE_SCORE = "(function (r) {{ return r.problems ? {{problems: r.problems}} : {{values: r.values}}; }})" + (
    "(rulebook.score({game}, JSON.parse({situation})))"
)


@pytest.mark.parametrize("situation", FUZZ_FOUND, ids=["two deep branches", "surrogate", "exponent"])
def test_what_the_fuzzer_found_is_refused_alike(root: Path, situation: Any) -> None:
    text = json.dumps(situation)
    call = _PAGE_SCORE.format(game=json.dumps("alpha"), situation=json.dumps(text))
    [page] = run("alpha", "en", [call], root=root)
    code, printed = score_json(root, "alpha", text.encode("utf-8"))
    expected = json.loads(printed)
    assert code == 2 and "problems" in page, page
    assert meanings(page["problems"]) == meanings(expected["problems"])
