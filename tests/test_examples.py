"""Worked examples: every one is run through the scoring code, and captions must agree with it.

The project is the translated fixture (fixture_games.py) with alpha's examples four-rounds (Ann scores in
4 rounds of the game's 3, refused) and a-tie (add_examples), alpha's second refusal score.round-points
(a round scores 0 to 6: scoring_round_points, with both refusals in the French and Czech catalogs), and,
made here (make_examples_project), a referee note three-rounds that assumes scoring.rounds and two more
refused examples: six-rounds (Ann 6 rounds, Bob 1; it illustrates three-rounds) and seven-points (Ann
scores 7 in a round). alpha's examples, in this order: highest-total (index 0; Ann 3, 2 and 4 = 9, Bob
5, 1 and 2 = 8, Ann wins), four-rounds (1), a-tie (2), six-rounds (3), seven-points (4).

One test is about the project's own games and reads rules/ as it is: every game's examples cover its
scoring rules and rulings, naming no game. What one game's examples must keep to beyond what its scorer
checks is a doctest of its scorer (rules/<game>/scoring.py, run by test_game_scorers).
"""

from __future__ import annotations

import html
import json
import re
import shutil
from pathlib import Path

import pytest

from conftest import ROOT, edit, locate, made_once, run_cli
from fixture_games import add_examples, make_translated_project, quiet, scoring_round_points
from rulebook.load.project import load_project
from rulebook.model import Example, Ruling
from rulebook.problems import Problem
from rulebook.scoring.assumptions import assumed_rulings
from rulebook.scoring.outcome import Outcome
from rulebook.scoring.situation import Invalid
from rulebook.scoring.worked import expectation_mismatch, expected_refusal, reproduce_command

MORE_EXAMPLES = """\
  - id: six-rounds
    rules: [winner]
    rulings: [three-rounds]
    input:
      players: {Ann: [1, 1, 1, 1, 1, 1], Bob: [2]}
    expect: {refused: {code: score.too-many-rounds, params: {n: 6, rounds: 3}}}
  - id: seven-points
    rules: [winner]
    input:
      players: {Ann: [7], Bob: [1]}
    expect: {refused: score.round-points}
rulings:
  - id: three-rounds
    rules: [winner]
    assumes: [scoring.rounds]
"""
MORE_WORDS = """\
  example.six-rounds:
    text: Ann writes down points for six rounds, twice as many as the game has.
  example.seven-points:
    text: Ann scores seven points in a round, more than a round can give.
  ruling.three-rounds.question:
    text: How many rounds does a game have?
  ruling.three-rounds.answer:
    text: Three, as this project assumes.
  ruling.three-rounds.why:
    text: The rules do not say.
"""


def make_examples_project(root: Path) -> None:
    make_translated_project(root)
    scoring_round_points(add_examples(root))
    game = root / "rules/alpha/game.yaml"
    game.write_text(game.read_text(encoding="utf-8") + MORE_EXAMPLES, encoding="utf-8")
    words = root / "rules/alpha/en.yaml"
    words.write_text(words.read_text(encoding="utf-8") + MORE_WORDS, encoding="utf-8")
    quiet(["--root", str(root), "check"])
    shutil.rmtree(root / ".cache", ignore_errors=True)


def made(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return made_once(tmp_path_factory, "examples-project", make_examples_project)


@pytest.fixture
def project(tmp_path_factory: pytest.TempPathFactory, tmp_path: Path) -> Path:
    """A copy of this module's project, safe to break."""
    return shutil.copytree(made(tmp_path_factory), tmp_path / "project")


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


def test_a_wrong_expectation_names_the_example_its_place_and_a_command(project: Path, capsys) -> None:
    text = edit(
        project, "rules/alpha/game.yaml", "expect: {scores: {Ann: 9, Bob: 8}", "expect: {scores: {Ann: 9, Bob: 7}"
    )
    code, problems = check(capsys, project)
    line, col = locate(text, "- id: highest-total")
    assert code == 1
    assert problems == [
        f"rules/alpha/game.yaml:{line}:{col + 2}: example 'highest-total': "
        'expected scores {"Ann": 9, "Bob": 7}, computed {"Ann": 9, "Bob": 8}; '
        "reproduce: rulebook score alpha --example highest-total"
    ]


def test_a_french_caption_quoting_a_wrong_number_is_named(project: Path, capsys) -> None:
    path = project / "rules/alpha/fr.yaml"
    text = path.read_text(encoding="utf-8")
    start = text.index("  example.highest-total:")
    caption_end = text.index("    source:", start)
    assert text[start:caption_end].count("9") == 1  # Ann's 9 points
    broken = text[:start] + text[start:caption_end].replace("9", "7") + text[caption_end:]
    path.write_text(broken, encoding="utf-8")
    code, problems = check(capsys, project)
    value = broken.index("text:", start) + len("text: ")  # where the caption's scalar starts
    line, col = broken.count("\n", 0, value) + 1, value - broken.rfind("\n", 0, value)
    assert code == 1
    # 7 is no number of the input, the result, the breakdown or the facts (rounds 3, round points 0 to 6).
    expected = (
        f"rules/alpha/fr.yaml:{line}:{col}: units.example.highest-total.text: the caption says 7, which example "
        """'highest-total' does not compute ({"scores": {"Ann": 9, "Bob": 8}, "winners": ["Ann"], "tiebreak": false})"""
    )
    assert expected in problems
    # The translation QA says it too, from the other side: the English number is gone.
    assert (
        f"rules/alpha/fr.yaml:{line}:{col}: units.example.highest-total.text: the English says 9, the translation "
        "does not" in problems
    )


def _coded(capsys, root: Path) -> list[dict]:
    """The errors `rulebook check --json` prints: code, path and params, compared instead of words."""
    code, out, _ = run_cli(capsys, "--root", str(root), "check", "--json")
    assert code == 1
    return [problem for problem in json.loads(out)["problems"] if problem["severity"] == "error"]


def test_an_expected_refusal_that_scores_is_an_error(project: Path, capsys) -> None:
    # four-rounds (index 1) in three rounds: Ann 3, Bob 2.
    edit(
        project,
        "rules/alpha/game.yaml",
        "players: {Ann: [1, 1, 1, 1], Bob: [2]}",
        "players: {Ann: [1, 1, 1], Bob: [2]}",
    )
    problems = _coded(capsys, project)
    assert [(p["code"], p["path"], p["file"]) for p in problems] == [
        ("example.refusal-expected", ["examples", 1], "rules/alpha/game.yaml")
    ]


def test_an_example_refused_with_another_code_or_other_params_is_an_error(project: Path, capsys) -> None:
    """six-rounds (index 3): Ann scores in 6 rounds of the game's 3 (facts.scoring.rounds)."""
    before = "Bob: [2]}\n    expect: "
    refusal = "{refused: {code: score.too-many-rounds, params: {n: 6, rounds: 3}}}"
    for wrong in (
        "{refused: score.round-points}",
        "{refused: {code: score.too-many-rounds, params: {n: 5}}}",
        "{refused: {code: score.too-many-rounds, params: {taken: 6}}}",
    ):
        edit(project, "rules/alpha/game.yaml", before + refusal, before + wrong)
        problems = _coded(capsys, project)
        assert [(p["code"], p["path"], p["params"]) for p in problems] == [
            ("example.other-refusal", ["examples", 3], {"refused": ["score.too-many-rounds"]})
        ], wrong
        refusal = wrong
    # Some of the params are enough.
    some = "{refused: {code: score.too-many-rounds, params: {n: 6}}}"
    edit(project, "rules/alpha/game.yaml", before + refusal, before + some)
    assert run_cli(capsys, "--root", str(project), "check")[0] == 0


def test_a_refusal_is_expected_by_its_code_never_by_its_words(project: Path, capsys) -> None:
    edit(project, "rules/alpha/game.yaml", "{refused: score.too-many-rounds}", '{refused: "has only 3"}')
    problems = _coded(capsys, project)
    assert [p["code"] for p in problems] == ["schema.oneOf"]
    assert problems[0]["path"][-2:] == ["expect", "refused"]


def test_an_example_input_that_breaks_the_schema_is_located(project: Path, capsys) -> None:
    text = edit(project, "rules/alpha/game.yaml", "{Ann: [3, 2, 4], Bob", "{Ann: [3, 2, four], Bob")
    code, problems = check(capsys, project)
    line, col = locate(text, "four]")
    assert code == 1
    assert any(p.startswith(f"rules/alpha/game.yaml:{line}:{col}: example 'highest-total': expected") for p in problems)


def test_a_scoring_rule_or_ruling_without_an_example_is_reported(project: Path, capsys) -> None:
    # The only example that illustrates ruling three-rounds no longer names it, and rule players, which
    # no example illustrates, is made a scoring rule.
    edit(project, "rules/alpha/game.yaml", "    rulings: [three-rounds]\n", "")
    edit(project, "rules/alpha/game.yaml", "scoring_rules: [winner]", "scoring_rules: [players, winner]")
    code, problems = check(capsys, project)
    assert code == 1
    assert any(p.endswith("ruling 'three-rounds' has no worked example") for p in problems)
    assert any(p.endswith("scoring rule 'players' has no worked example") for p in problems)


def test_every_example_reproduces_with_its_command(tmp_path_factory: pytest.TempPathFactory, capsys) -> None:
    """The command that a page prints computes the values that game.yaml expects (worked out by
    hand from the rules), or refuses with the words it expects; exit codes alone prove neither."""
    root = made(tmp_path_factory)
    project = load_project(root).project
    compared, refused = 0, []
    for game in project.games:
        for example in game.examples:
            argv = ["--root", str(root), "score", game.id, "--example", example.id, "--json"]
            code, out, err = run_cli(capsys, *argv)
            printed = json.loads(out)
            expected = expected_refusal(example)
            if expected is not None:
                assert (code, printed["error"]) == (2, True), example.id
                refusals = [(problem["code"], problem["params"]) for problem in printed["problems"]]
                assert any(
                    refused == expected[0] and expected[1].items() <= params.items() for refused, params in refusals
                ), example.id
                refused.append(example.id)
                continue
            assert code == 0, f"{example.id}: {err}"
            assert {field: printed.get(field) for field in example.expect} == example.expect, example.id
            compared += len(example.expect)
    # highest-total and a-tie expect scores, winners and tiebreak; the other three a refusal.
    assert compared == 6
    assert refused == ["four-rounds", "six-rounds", "seven-points"]


def test_a_reproduced_example_prints_the_numbers_worked_out_by_hand(
    tmp_path_factory: pytest.TempPathFactory, capsys
) -> None:
    root = str(made(tmp_path_factory))
    # highest-total: Ann 3 + 2 + 4 = 9, Bob 5 + 1 + 2 = 8; Ann wins.
    code, out, _ = run_cli(capsys, "--root", root, "score", "alpha", "--example", "highest-total")
    assert code == 0
    assert out.splitlines() == [
        "Ann, total: 3 + 2 + 4 = 9 → 9 points",
        "Bob, total: 5 + 1 + 2 = 8 → 8 points",
        "Winner: Ann",
    ]
    # a-tie: Ann 1 + 2 + 3 = 6, Bob 6 in one round; both win.
    code, out, _ = run_cli(capsys, "--root", root, "score", "alpha", "--example", "a-tie", "--json")
    assert code == 0
    assert json.loads(out)["scores"] == {"Ann": 6, "Bob": 6} and json.loads(out)["winners"] == ["Ann", "Bob"]


def _assumed(root: Path, game_id: str, *facts: str) -> set[str]:
    """The examples marked when a ruling of the game assumes these facts (a ruling added in memory)."""
    project = load_project(root).project
    game = next(game for game in project.games if game.id == game_id)
    game.rulings = [Ruling("assumed", (game.sections[0].rules[0].id,), facts)]
    return {example.id for example in game.examples if assumed_rulings(game, example, root)}


def test_the_examples_that_rest_on_an_assumption_are_found_by_what_they_compute(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    # alpha's three-rounds assumes scoring.rounds, which the scorer reads as 4 and 10 to find out: the
    # examples with more rounds than 3 change (four-rounds scores with 4 rounds; six-rounds is refused
    # saying 4, then scores), the others have 3 rounds or fewer (highest-total, a-tie) or are refused for
    # their points whatever the rounds (seven-points).
    root = made(tmp_path_factory)
    project = load_project(root).project
    alpha = next(game for game in project.games if game.id == "alpha")
    marked = {
        example.id
        for example in alpha.examples
        if [ruling.id for ruling in assumed_rulings(alpha, example, root)] == ["three-rounds"]
    }
    assert marked == {"four-rounds", "six-rounds"}
    # The same fact assumed by a ruling made here marks the same; a fact no example uses marks none
    # (the scorer never reads the number of players).
    assert _assumed(root, "alpha", "scoring.rounds") == {"four-rounds", "six-rounds"}
    assert _assumed(root, "alpha", "players.max") == set()


def test_an_assumption_of_a_fact_the_game_lacks_is_refused(project: Path, capsys) -> None:
    edit(project, "rules/alpha/game.yaml", "assumes: [scoring.rounds]", "assumes: [scoring.round]")
    code, problems = check(capsys, project)
    assert code == 1
    assert any("rulings[0].assumes: no fact 'scoring.round'" in problem for problem in problems), problems


def test_a_refused_example_says_why_in_the_page_language_with_czech_plurals(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    from rulebook.render.pages import render_pages

    # As a reader sees the text: the field path is in a span of its own (paper leaves it out).
    pages = {
        page.path: html.unescape(re.sub(r"<[^>]+>", "", page.text))
        for page in render_pages(load_project(made(tmp_path_factory)).project)
    }
    # six-rounds: Ann scores in 6 rounds, the game has 3 (facts.scoring.rounds); the catalogs' words.
    assert "players.Ann: 6 rounds scored, but the game has only 3" in pages["en/alpha.md"]
    assert "players.Ann: 6 manches comptées, mais le jeu n’en a que 3" in pages["fr/alpha.md"]
    # Czech has three forms: 1; 2 to 4 (four-rounds: 4 kola); 5 and more (6 kol).
    assert "players.Ann: 6 započítaných kol, ale hra má jen 3" in pages["cs/alpha.md"]
    assert "players.Ann: 4 započítaná kola, ale hra má jen 3" in pages["cs/alpha.md"]
    # seven-points: 7 points in a round; the values a round scores listed the French and the Czech way.
    assert "players.Ann[0]: une manche rapporte 0, 1, 2, 3, 4, 5 ou 6, pas 7" in pages["fr/alpha.md"]
    assert "players.Ann[0]: kolo přináší 0, 1, 2, 3, 4, 5 nebo 6, ne 7" in pages["cs/alpha.md"]


def test_the_czech_catalog_has_all_three_plural_forms_of_a_refusal(tmp_path_factory: pytest.TempPathFactory) -> None:
    from rulebook.i18n.ui import ui_translations
    from rulebook.scoring.outcome import Reason

    words = ("{n} round scored, but the game has only {rounds}", "{n} rounds scored, but the game has only {rounds}")
    czech = ui_translations(made(tmp_path_factory), "cs")
    said = [Reason(words, {"n": n, "rounds": 3}).say(czech.gettext, czech.ngettext, str) for n in (1, 3, 12)]
    assert said == [
        "1 započítané kolo, ale hra má jen 3",
        "3 započítaná kola, ale hra má jen 3",
        "12 započítaných kol, ale hra má jen 3",
    ]
    # The command line stays English, as before.
    assert str(Reason(words, {"n": 12, "rounds": 3})) == "12 rounds scored, but the game has only 3"


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
    assert reproduce_command("alpha", example) == "rulebook score alpha --example " + "e" * 100  # 131 characters
    longer = Example("e" * 300, 0, (), (), {}, {})
    assert reproduce_command("alpha", longer) == "rulebook score alpha --example " + "e" * 168 + "…"  # 200


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
