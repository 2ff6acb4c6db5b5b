"""Worked examples: every one is run through the scoring code, and captions must agree with it."""

from __future__ import annotations

from pathlib import Path

from conftest import ROOT, edit, locate, run_cli
from rulebook.load.project import load_project
from rulebook.model import Ruling
from rulebook.scoring.assumptions import assumed_rulings


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


def test_an_expected_refusal_that_scores_is_an_error(project_copy: Path, capsys) -> None:
    edit(project_copy, "rules/oh-my-word/game.yaml", "players: {Ann: [4], Bob: [1]}", "players: {Ann: [3], Bob: [1]}")
    code, problems = check(capsys, project_copy)
    assert code == 1
    assert any("example 'token-of-four': expected a refusal ('not 4'), but it scores" in p for p in problems)


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
    project = load_project(ROOT).project
    for game in project.games:
        for example in game.examples:
            code, _, _ = run_cli(capsys, "--root", str(ROOT), "score", game.id, "--example", example.id)
            assert code == (2 if "refused" in example.expect else 0), example.id


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
    # REBUS, were its numbers assumptions: the full-rack bonus is in two examples, the penalty for
    # unplayed tiles in the two end-of-game ones; a fact no example uses marks none.
    assert _assumed("rebus", "scoring.all_tiles_bonus") == {"nine-tiles", "two-rebuses-full-rack"}
    assert _assumed("rebus", "scoring.unplayed_tile_penalty") == {"end-of-game", "shared-win"}
    assert _assumed("rebus", "setup.draw_per_bag") == set()


def test_an_assumption_of_a_fact_the_game_lacks_is_refused(project_copy: Path, capsys) -> None:
    edit(project_copy, "rules/rebis/game.yaml", "assumes: [token_values]", "assumes: [token_value]")
    code, problems = check(capsys, project_copy)
    assert code == 1
    assert any("rulings[3].assumes: no fact 'token_value'" in problem for problem in problems), problems
