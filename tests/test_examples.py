"""Worked examples: every one is run through the scoring code, and captions must agree with it."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

from conftest import ROOT, edit, locate, run_cli
from rulebook.load.project import load_project
from rulebook.model import Example, Ruling
from rulebook.problems import Problem
from rulebook.scoring.assumptions import assumed_rulings
from rulebook.scoring.outcome import Outcome
from rulebook.scoring.situation import Invalid
from rulebook.scoring.worked import expectation_mismatch, expected_refusal, reproduce_command


def check(capsys, root: Path) -> tuple[int, list[str]]:
    code, out, _ = run_cli(capsys, "--root", str(root), "check")
    return code, [line for line in out.splitlines() if "warning:" not in line]


def test_each_game_has_six_examples_covering_every_scoring_rule_and_ruling() -> None:
    project = load_project(ROOT).project
    for game in project.games:
        assert len(game.examples) >= 6, game.id
        assert set(game.scoring_rules) <= {rule for example in game.examples for rule in example.rules}
        assert {ruling.id for ruling in game.rulings} <= {r for example in game.examples for r in example.rulings}
        assert any("refused" in example.expect for example in game.examples), f"{game.id}: no invalid situation"


def test_a_wrong_expectation_names_the_example_its_place_and_a_command(project_copy: Path, capsys) -> None:
    text = edit(project_copy, "rules/rebus/game.yaml", "expect: {score: 77}", "expect: {score: 67}")
    code, problems = check(capsys, project_copy)
    line, col = locate(text, "- id: nine-tiles")
    assert code == 1
    assert problems == [
        f"rules/rebus/game.yaml:{line}:{col + 2}: example 'nine-tiles': expected score 67, computed 77; "
        "reproduce: rulebook score rebus --example nine-tiles"
    ]


def test_a_french_caption_quoting_a_wrong_number_is_named(project_copy: Path, capsys) -> None:
    path = project_copy / "rules/rebus/fr.yaml"
    text = path.read_text(encoding="utf-8")
    start = text.index("  example.nine-tiles:")
    caption_end = text.index("    source:", start)
    assert text[start:caption_end].count("77") == 1
    broken = text[:start] + text[start:caption_end].replace("77", "67") + text[caption_end:]
    path.write_text(broken, encoding="utf-8")
    code, problems = check(capsys, project_copy)
    value = broken.index("text:", start) + len("text: ")  # where the caption's scalar starts
    line, col = broken.count("\n", 0, value) + 1, value - broken.rfind("\n", 0, value)
    assert code == 1
    expected = (
        f"rules/rebus/fr.yaml:{line}:{col}: units.example.nine-tiles.text: the caption says 67, which example "
        "'nine-tiles' does not compute ({\"score\": 77})"
    )
    assert expected in problems
    # The translation QA says it too, from the other side: the English number is gone.
    assert (
        f"rules/rebus/fr.yaml:{line}:{col}: units.example.nine-tiles.text: the English says 77, the translation "
        "does not" in problems
    )


def _coded(capsys, root: Path) -> list[dict]:
    """The errors `rulebook check --json` prints: code, path and params, compared instead of words."""
    code, out, _ = run_cli(capsys, "--root", str(root), "check", "--json")
    assert code == 1
    return [problem for problem in json.loads(out)["problems"] if problem["severity"] == "error"]


def test_an_expected_refusal_that_scores_is_an_error(project_copy: Path, capsys) -> None:
    edit(project_copy, "rules/oh-my-word/game.yaml", "players: {Ann: [4], Bob: [1]}", "players: {Ann: [3], Bob: [1]}")
    game = next(game for game in load_project(ROOT).project.games if game.id == "oh-my-word")
    index = next(example.index for example in game.examples if example.id == "token-of-four")
    problems = _coded(capsys, project_copy)
    assert [(p["code"], p["path"], p["file"]) for p in problems] == [
        ("example.refusal-expected", ["examples", index], "rules/oh-my-word/game.yaml")
    ]


def test_an_example_refused_with_another_code_or_other_params_is_an_error(project_copy: Path, capsys) -> None:
    """Oh My Word too-many-tokens: 13 + 13 = 26 tokens taken from a box of 25 (facts.components)."""
    before = "Bob: [2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2]\n    expect: "
    refusal = "{refused: {code: score.too-many-tokens, params: {n: 26, available: 25}}}"
    games = {game.id: game for game in load_project(ROOT).project.games}
    index = next(e.index for e in games["oh-my-word"].examples if e.id == "too-many-tokens")
    for wrong in (
        "{refused: score.token-value}",
        "{refused: {code: score.too-many-tokens, params: {n: 25}}}",
        "{refused: {code: score.too-many-tokens, params: {taken: 26}}}",
    ):
        edit(project_copy, "rules/oh-my-word/game.yaml", before + refusal, before + wrong)
        problems = _coded(capsys, project_copy)
        assert [(p["code"], p["path"], p["params"]) for p in problems] == [
            ("example.other-refusal", ["examples", index], {"refused": ["score.too-many-tokens"]})
        ], wrong
        refusal = wrong
    # Some of the params are enough.
    some = "{refused: {code: score.too-many-tokens, params: {n: 26}}}"
    edit(project_copy, "rules/oh-my-word/game.yaml", before + refusal, before + some)
    assert run_cli(capsys, "--root", str(project_copy), "check")[0] == 0


def test_a_refusal_is_expected_by_its_code_never_by_its_words(project_copy: Path, capsys) -> None:
    edit(project_copy, "rules/rebus/game.yaml", "{refused: score.tiles-over-rack}", '{refused: "holds only 9"}')
    problems = _coded(capsys, project_copy)
    assert [p["code"] for p in problems] == ["schema.oneOf"]
    assert problems[0]["path"][-2:] == ["expect", "refused"]


def test_an_example_input_that_breaks_the_schema_is_located(project_copy: Path, capsys) -> None:
    text = edit(project_copy, "rules/rebus/game.yaml", "rebuses: [{tiles: 9}]", "rebuses: [{tiles: nine}]")
    code, problems = check(capsys, project_copy)
    line, col = locate(text, "nine}]")
    assert code == 1
    assert any(p.startswith(f"rules/rebus/game.yaml:{line}:{col}: example 'nine-tiles': expected") for p in problems)


def test_a_scoring_rule_or_ruling_without_an_example_is_reported(project_copy: Path, capsys) -> None:
    # The only example that illustrates ruling squares-compound now names another ruling.
    edit(project_copy, "rules/rebus/game.yaml", "rulings: [squares-compound]", "rulings: [multipliers]")
    edit(project_copy, "rules/rebus/game.yaml", "rules: [several-rebuses, all-tiles-bonus]", "rules: [all-tiles-bonus]")
    code, problems = check(capsys, project_copy)
    assert code == 1
    assert any(p.endswith("ruling 'squares-compound' has no worked example") for p in problems)
    assert any(p.endswith("scoring rule 'several-rebuses' has no worked example") for p in problems)


def test_every_example_reproduces_with_its_command(capsys) -> None:
    """The command that a page prints computes the values that game.yaml expects (worked out by
    hand from the rules), or refuses with the words it expects; exit codes alone prove neither."""
    project = load_project(ROOT).project
    compared = 0
    for game in project.games:
        for example in game.examples:
            argv = ["--root", str(ROOT), "score", game.id, "--example", example.id, "--json"]
            code, out, err = run_cli(capsys, *argv)
            printed = json.loads(out)
            expected = expected_refusal(example)
            if expected is not None:
                assert (code, printed["error"]) == (2, True), example.id
                refusals = [(problem["code"], problem["params"]) for problem in printed["problems"]]
                assert any(
                    refused == expected[0] and expected[1].items() <= params.items() for refused, params in refusals
                ), example.id
                continue
            assert code == 0, f"{example.id}: {err}"
            assert {field: printed.get(field) for field in example.expect} == example.expect, example.id
            compared += len(example.expect)
    assert compared >= 20


def test_a_reproduced_example_prints_the_numbers_worked_out_by_hand(capsys) -> None:
    # REBUS, all 9 tiles in one rebus: 9 × 3 = 27, + 50 for the full rack = 77.
    code, out, _ = run_cli(capsys, "--root", str(ROOT), "score", "rebus", "--example", "nine-tiles")
    assert code == 0
    assert "9 × 3 = 27" in out and "27 + 50 = 77" in out and out.rstrip().endswith("77")
    # End of game: Ann 120 − 2 tiles × 3 = 114, Bob 98; Ann wins.
    code, out, _ = run_cli(capsys, "--root", str(ROOT), "score", "rebus", "--example", "end-of-game", "--json")
    assert code == 0
    assert json.loads(out)["scores"] == {"Ann": 114, "Bob": 98} and json.loads(out)["winners"] == ["Ann"]


def _assumed(game_id: str, *facts: str) -> set[str]:
    """The examples marked when a ruling of the game assumes these facts (a ruling added in memory)."""
    project = load_project(ROOT).project
    game = next(game for game in project.games if game.id == game_id)
    game.rulings = [Ruling("assumed", (game.sections[0].rules[0].id,), facts)]
    return {example.id for example in game.examples if assumed_rulings(game, example, ROOT)}


def test_the_examples_that_rest_on_an_assumption_are_found_by_what_they_compute() -> None:
    # Rebis's token values (ruling token-values): every example with a mixture token on a shelf
    # that counts, or whose red token lands on a shelf worth more than 0. Not red-token-tie (no
    # tokens, the red one tied), never-negative (the red token on a shelf worth 0),
    # over-the-limit (no tokens, nobody with a claim to the red one).
    project = load_project(ROOT).project
    rebis = next(game for game in project.games if game.id == "rebis")
    marked = {
        example.id
        for example in rebis.examples
        if [ruling.id for ruling in assumed_rulings(rebis, example, ROOT)] == ["token-values"]
    }
    assert marked == {
        "multiplied-shelf",
        "face-down-closing",
        "red-token-placed",
        "red-token-default-shelf",
        "many-cards",
    }
    # REBUS, were its numbers assumptions: the all-tiles bonus is in two examples, the penalty for
    # unplayed tiles in the two end-of-game ones; a fact no example uses marks none.
    assert _assumed("rebus", "scoring.all_tiles_bonus") == {"nine-tiles", "two-rebuses-all-tiles"}
    assert _assumed("rebus", "scoring.unplayed_tile_penalty") == {"end-of-game", "shared-win"}
    assert _assumed("rebus", "setup.draw_per_bag") == set()


def test_an_assumption_of_a_fact_the_game_lacks_is_refused(project_copy: Path, capsys) -> None:
    edit(project_copy, "rules/rebis/game.yaml", "assumes: [token_values]", "assumes: [token_value]")
    code, problems = check(capsys, project_copy)
    assert code == 1
    assert any("rulings[3].assumes: no fact 'token_value'" in problem for problem in problems), problems


def test_a_refused_example_says_why_in_the_page_language_with_czech_plurals() -> None:
    from rulebook.render.pages import render_pages

    # As a reader sees the text: the field path is in a span of its own (paper leaves it out).
    pages = {
        page.path: html.unescape(re.sub(r"<[^>]+>", "", page.text)) for page in render_pages(load_project(ROOT).project)
    }
    # REBUS ten-tiles: 10 tiles placed, a rack of 9 (facts.components.rack_tiles).
    assert "turn.tiles_placed: 10 tiles placed, but a player holds only 9" in pages["en/rebus.md"]
    assert "turn.tiles_placed: 10 tuiles posées, mais un joueur n’en a que 9 en main" in pages["fr/rebus.md"]
    # Czech has three forms: 1; 2 to 4; 5 and more (10 kamínků).
    assert "turn.tiles_placed: položeno 10 kamínků, ale hráč jich má v ruce jen 9" in pages["cs/rebus.md"]
    # Oh My Word too-many-tokens: 26 tokens taken, 25 in the box; a token's values listed the French way.
    assert "players: 26 jetons malchance pris, mais le jeu n’en compte que 25" in pages["fr/oh-my-word.md"]
    assert "un jeton malchance vaut 1, 2 ou 3, pas 4" in pages["fr/oh-my-word.md"]
    assert "players: vzato 26 žetonů smůly, ale hra jich má jen 25" in pages["cs/oh-my-word.md"]


def test_the_czech_catalog_has_all_three_plural_forms_of_a_refusal() -> None:
    from rulebook.i18n.ui import ui_translations
    from rulebook.scoring.outcome import Reason

    words = ("{n} tile placed, but a player holds only {rack}", "{n} tiles placed, but a player holds only {rack}")
    czech = ui_translations(ROOT, "cs")
    said = [Reason(words, {"n": n, "rack": 9}).say(czech.gettext, czech.ngettext, str) for n in (1, 3, 12)]
    assert said == [
        "položen 1 kamínek, ale hráč jich má v ruce jen 9",
        "položeny 3 kamínky, ale hráč jich má v ruce jen 9",
        "položeno 12 kamínků, ale hráč jich má v ruce jen 9",
    ]
    # The command line stays English, as before.
    assert str(Reason(words, {"n": 12, "rack": 9})) == "12 tiles placed, but a player holds only 9"


def test_a_rebus_turn_lays_its_new_tiles_in_one_line() -> None:
    """REBUS 3.3: on one turn a rebus goes either across or down, never both, so the tiles placed lie
    in one line and one rebus of the turn holds them all; the others cross it."""
    rebus = next(game for game in load_project(ROOT).project.games if game.id == "rebus")
    crossed = {
        example.id: (example.input["turn"]["tiles_placed"], [r["tiles"] for r in example.input["turn"]["rebuses"]])
        for example in rebus.examples
        if "turn" in example.input and "refused" not in example.expect
    }
    assert "two-rebuses-all-tiles" in crossed
    assert {name: turn for name, turn in crossed.items() if max(turn[1]) < turn[0]} == {}


# What a mismatch quotes, on examples and results made here: the quotes are worked out from the
# words (rulebook/problem_codes/content_words.py) and the lengths (SHOWN_LENGTH, 200 characters;
# an id or a code is cut at 80 like every excerpt).
COMMAND = "rulebook score g --example e"


def _expecting(expect: dict) -> Example:
    return Example("e", 0, (), (), {}, expect)


def test_an_expected_refusal_that_scores_quotes_the_code_its_params_and_the_result() -> None:
    scored = Outcome({"note": "x" * 100}, [])  # 112 characters of JSON: more than an excerpt, all shown
    plain = expectation_mismatch(_expecting({"refused": "score.x"}), scored, COMMAND)
    assert plain is not None and plain.code == "example.refusal-expected"
    result = '{"note": "' + "x" * 100 + '"}'
    assert str(plain) == f"example 'e': expected a refusal ('score.x'), but it scores {result}; reproduce: {COMMAND}"
    with_params = expectation_mismatch(_expecting({"refused": {"code": "score.x", "params": {"n": 10}}}), scored)
    assert with_params is not None and with_params.quoted["expected"] == """'score.x' {"n": 10}"""
    # Without a command (as `verified` asks), none is quoted.
    assert with_params.quoted["command"] == ""


def test_a_result_longer_than_the_shown_length_is_cut_there() -> None:
    scored = Outcome({"note": "x" * 300}, [])
    mismatch = expectation_mismatch(_expecting({"refused": "score.x"}), scored, COMMAND)
    # 200 characters: `{"note": "` (10), 189 x and the ellipsis.
    assert mismatch is not None and mismatch.quoted["result"] == '{"note": "' + "x" * 189 + "…"


def test_another_refusal_quotes_every_reason_up_to_the_shown_length() -> None:
    problems = [Problem("s.yaml", 1, 1, "a" * 50, code="score.y"), Problem("s.yaml", 2, 1, "b" * 50, code="score.z")]
    mismatch = expectation_mismatch(_expecting({"refused": "score.x"}), Invalid(problems), COMMAND)
    assert mismatch is not None and (mismatch.code, mismatch.params) == (
        "example.other-refusal",
        {"refused": ["score.y", "score.z"]},
    )
    assert mismatch.quoted["reasons"] == "a" * 50 + " | " + "b" * 50  # 103 characters, all shown
    long = [Problem("s.yaml", 1, 1, "c" * 300, code="score.y")]
    cut_short = expectation_mismatch(_expecting({"refused": "score.x"}), Invalid(long), COMMAND)
    assert cut_short is not None and cut_short.quoted["reasons"] == "c" * 199 + "…"


def test_the_reproducing_command_is_quoted_whole_up_to_the_shown_length() -> None:
    example = Example("e" * 100, 0, (), (), {}, {})
    assert reproduce_command("rebus", example) == "rulebook score rebus --example " + "e" * 100  # 131 characters
    longer = Example("e" * 300, 0, (), (), {}, {})
    assert reproduce_command("rebus", longer) == "rulebook score rebus --example " + "e" * 168 + "…"  # 200


def test_a_refused_example_that_expects_a_result_quotes_the_expectation_and_the_first_reason() -> None:
    expect = {"note": "y" * 100}  # 112 characters of JSON, all shown
    problems = [Problem("s.yaml", 1, 1, "p" * 100, code="score.y"), Problem("s.yaml", 2, 1, "q", code="score.z")]
    mismatch = expectation_mismatch(_expecting(expect), Invalid(problems), COMMAND)
    assert mismatch is not None and (mismatch.code, mismatch.params) == ("example.refused", {"refused": "score.y"})
    wanted = '{"note": "' + "y" * 100 + '"}'
    assert str(mismatch) == f"example 'e': expected {wanted}, but {'p' * 100}; reproduce: {COMMAND}"
    long = expectation_mismatch(_expecting({"note": "y" * 300}), Invalid([Problem("s.yaml", 1, 1, "p" * 300)]))
    assert long is not None and long.quoted["expected"] == '{"note": "' + "y" * 189 + "…"
    assert long.quoted["reason"] == "p" * 199 + "…"


def test_a_result_that_differs_quotes_the_first_field_that_differs() -> None:
    scored = Outcome({"score": 6, "winners": ["Bob"], "note": "z" * 100}, [])
    assert expectation_mismatch(_expecting({"score": 6, "winners": ["Bob"]}), scored, COMMAND) is None
    mismatch = expectation_mismatch(_expecting({"score": 6, "winners": ["Ann"], "note": "n"}), scored, COMMAND)
    assert mismatch is not None and mismatch.code == "example.result-differs"
    assert str(mismatch) == f'example \'e\': expected winners ["Ann"], computed ["Bob"]; reproduce: {COMMAND}'
    # A field the result lacks is no match, whatever is expected of it (null too), and the fields it
    # has are named; long values are shown up to 200 characters.
    missing = expectation_mismatch(_expecting({"f" * 100: None}), scored, COMMAND)
    assert missing is not None and missing.code == "example.no-such-field"
    assert missing.quoted == {
        "id": "e",
        "command": COMMAND,
        "name": "f" * 79 + "…",  # a name is cut like every excerpt, at 80
        "fields": "score, winners, note",
    }
    longer = expectation_mismatch(_expecting({"note": "n" * 300}), scored)
    assert longer is not None and (longer.quoted["expected"], longer.quoted["computed"]) == (
        '"' + "n" * 198 + "…",
        '"' + "z" * 100 + '"',
    )


def test_an_expected_param_matches_as_a_json_value_and_results_keep_their_letters() -> None:
    refusal = Invalid([Problem("s.yaml", 1, 1, "too many", code="score.x", params={"n": 1})])
    assert expectation_mismatch(_expecting({"refused": {"code": "score.x", "params": {"n": 1}}}), refusal) is None
    # `true` is no `1` in JSON, though Python has True == 1.
    other = expectation_mismatch(_expecting({"refused": {"code": "score.x", "params": {"n": True}}}), refusal)
    assert other is not None and other.code == "example.other-refusal"
    # A player's name is quoted as written, not as \\u escapes.
    scored = Outcome({"scores": {"Žofie": 3}}, [])
    mismatch = expectation_mismatch(_expecting({"refused": "score.x"}), scored)
    assert mismatch is not None and mismatch.quoted["result"] == '{"scores": {"Žofie": 3}}'


def test_a_refusal_expected_without_a_code_expects_the_empty_code() -> None:
    assert expected_refusal(_expecting({"refused": {"params": {"n": 2}}})) == ("", {"n": 2})
    assert expected_refusal(_expecting({"refused": {"code": "score.x", "params": [2]}})) == ("score.x", {})
