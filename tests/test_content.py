"""The content tier (`pytest -m content`): the project's own games and languages, whatever
rules/project.yaml lists, held to what they promise. Every game's scoring cases
(rules/<game>/scoring-cases.json, guide/scoring-cases.md) and worked examples score as written
through `rulebook score GAME --json`; every refusal a scorer declares has a case; every language has
each game's and the glossary's words and the UI catalog, the source language every unit; and
`rulebook check` finds nothing.

No test here names a game or a language: a game made by `rulebook new game` and a language made by
`rulebook new language` pass as they are written (tests/test_new_content.py proves it on a copy).
Toolkit tests use the fixture games under tests/ instead."""

from __future__ import annotations

import json

import jsonschema
import pytest

from conftest import ROOT, run_cli
from rulebook.commands.score import score_json
from rulebook.files.scorers import scored_games as games_with_scorers
from rulebook.files.scorers import scorer
from scoring_cases import (
    CASES_FILE,
    CASES_SCHEMA,
    Case,
    cases_path,
    content_project,
    game_cases,
    meanings,
    refusal_found,
    scored_games,
)

pytestmark = pytest.mark.content

PROJECT = content_project()
GAMES = [game.id for game in PROJECT.games]
LANGUAGES = list(PROJECT.languages)
ALL = [case for game in scored_games() for case in game_cases(game)]


def test_the_project_has_content() -> None:
    assert GAMES and LANGUAGES, "rules/project.yaml lists no game or no language"


# What a new game or language warns of until its translators catch up: nothing else is let pass.
UNTRANSLATED = "unit.untranslated"


def test_the_content_checks_clean(capsys) -> None:
    code, out, _err = run_cli(capsys, "--root", str(ROOT), "check", "--json")
    problems = json.loads(out)["problems"]
    assert code == 0 and [problem for problem in problems if problem["code"] != UNTRANSLATED] == [], out


def test_every_game_with_a_scorer_has_its_cases_and_no_other_does() -> None:
    """A scorer's folder holds its cases; a cases file beside no scorer tests nothing."""
    with_cases = sorted(path.parent.name for path in (ROOT / "rules").glob(f"*/{CASES_FILE}"))
    assert with_cases == sorted(games_with_scorers(ROOT))


@pytest.mark.parametrize("game", sorted(games_with_scorers(ROOT)))
def test_the_cases_follow_their_schema(game: str) -> None:
    written = json.loads(cases_path(game).read_text(encoding="utf-8"))
    schema = json.loads(CASES_SCHEMA.read_text(encoding="utf-8"))
    errors = [
        f"{list(error.absolute_path)}: {error.message}"
        for error in jsonschema.Draft202012Validator(schema).iter_errors(written)
    ]
    assert errors == []
    assert written["game"] == game, f"{cases_path(game).relative_to(ROOT)} names another game"
    descriptions = [case["description"] for case in written["cases"]]
    assert len(descriptions) == len(set(descriptions)), "two cases with one description: the test ids collide"


@pytest.mark.parametrize("game", sorted(games_with_scorers(ROOT)))
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
    assert set(case.values or {}) <= set(result), printed  # a field named is one the outcome has
    # Compared as JSON: `false` is no 0, 9.0 no 9 (Python's == says both are).
    shown = {field: result[field] for field in case.values or {}}
    assert json.dumps(shown, sort_keys=True) == json.dumps(case.values, sort_keys=True)


SAID = [case for case in ALL if case.said]


@pytest.mark.parametrize("case", SAID, ids=[case.id for case in SAID])
def test_the_command_says_it_word_for_word(case: Case, capsys, tmp_path) -> None:
    situation = tmp_path / "situation.json"
    situation.write_text(json.dumps(case.situation), encoding="utf-8")
    code, out, err = run_cli(capsys, "--root", str(ROOT), "score", case.game, str(situation))
    assert code == (2 if case.refused is not None else 0), out + err
    printed = (out + err).splitlines()
    # Each line in the order given: a breakdown's steps come in the order a referee reads them.
    at = 0
    for line in case.said:
        found = next((index for index in range(at, len(printed)) if printed[index].endswith(line)), None)
        assert found is not None, f"{line!r} not found in order in:\n" + "\n".join(printed)
        at = found + 1


@pytest.mark.parametrize("game", scored_games())
def test_every_scored_game_has_worked_examples(game: str) -> None:
    """The page shows them and `rulebook check` scores them: a scored game without one shows nothing."""
    assert any(case.description.startswith("worked example ") for case in game_cases(game))


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_language_has_every_words_file_and_its_catalog(language: str) -> None:
    missing = [
        str((text_set.folder / f"{language}.yaml").relative_to(ROOT))
        for text_set in PROJECT.text_sets()
        if language not in text_set.words
    ]
    assert missing == []
    if language != PROJECT.source_language:  # the catalogs' msgids are the source language's words
        assert (ROOT / "locales" / language / "LC_MESSAGES" / "messages.po").is_file()


def test_the_source_language_has_every_unit() -> None:
    source = PROJECT.source_language
    missing = [
        f"{text_set.folder.name}/{source}.yaml: {unit_id}"
        for text_set in PROJECT.text_sets()
        for unit_id in text_set.unit_ids()
        if unit_id not in text_set.words[source].units
    ]
    assert missing == []


@pytest.mark.parametrize("language", LANGUAGES[1:])
def test_a_translation_holds_only_units_of_the_source(language: str) -> None:
    """A translation may lack units (the page shows the English, marked), never hold one that
    translates nothing."""
    source = PROJECT.source_language
    strays = [
        f"{text_set.folder.name}/{language}.yaml: {unit_id}"
        for text_set in PROJECT.text_sets()
        for unit_id in text_set.words[language].units
        if unit_id not in text_set.translatable(text_set.words[source])
    ]
    assert strays == []
