"""`rulebook new game`: a new game passes `check` and the strict build at once, shows in every
language's navigation, and with --scoring brings a doctested module and a worked example that the
check runs (issue 16)."""

from __future__ import annotations

import html
import json
import subprocess
import sys
from pathlib import Path

import pytest

from authoring import build, copy_whole_project, environment, fail_one_write, run, unused_game_id
from conftest import ROOT, edit, run_cli, tree_digest
from rulebook.i18n.ui import ui_translations
from rulebook.load.project import load_project

GAME = unused_game_id("dice-duel")
MISSING_NOTICE = "Not translated yet: shown in English."
LANGUAGES = load_project(ROOT).project.languages
LISTED = load_project(ROOT).project.games[0].id  # a game the project lists


@pytest.fixture(scope="module")
def scored_game(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, subprocess.CompletedProcess[str]]:
    root = copy_whole_project(tmp_path_factory.mktemp("new-game"))
    return root, run(root, "new", "game", GAME, "--name", "Dice Duel", "--scoring")


def error_lines(result: subprocess.CompletedProcess[str]) -> list[str]:
    return [line for line in result.stdout.splitlines() if ": warning: " not in line]


def test_the_command_writes_the_game_its_words_and_its_scoring(scored_game) -> None:
    root, result = scored_game
    assert result.returncode == 0, result.stderr
    folder = root / "rules" / GAME
    written = set(result.stdout.split())
    expected = {
        f"rules/{GAME}/game.yaml",
        *(f"rules/{GAME}/{language}.yaml" for language in LANGUAGES),
        f"rules/{GAME}/sources/original.txt",
        f"rules/{GAME}/scoring.py",
        f"rules/{GAME}/score.schema.json",
        f"rules/{GAME}/facts.schema.json",
        f"rules/{GAME}/calculator.js",
        f"rules/{GAME}/scoring-cases.json",
        f"rules/{GAME}/calculator_form.py",
        f"rules/{GAME}/editions.yaml",
        f"rules/{GAME}/editions/1.0.yaml",
        "rules/project.yaml",
    }
    assert written == expected  # only the game's folder and its entry in the project: no toolkit file
    for path in folder.glob("*.yaml"):
        assert path.read_text(encoding="utf-8").startswith("# yaml-language-server: $schema=../../schemas/")
    project = (root / "rules" / "project.yaml").read_text(encoding="utf-8")
    original = (ROOT / "rules" / "project.yaml").read_text(encoding="utf-8")
    # The entry is added to the list; every other line (comments included) is as it was.
    old_games = next(line for line in original.splitlines() if line.startswith("games:"))
    assert project == original.replace(old_games, old_games[:-1] + f", {GAME}]")


def test_check_passes_at_once_with_missing_translations_as_warnings(scored_game) -> None:
    root, _ = scored_game
    result = run(root, "check")
    assert result.returncode == 0, result.stdout
    # Every problem, from the JSON: the printed report stops after its first lines ("… and 9 more"),
    # and a language an author added has a warning for each of its units.
    result = run(root, "check", "--json")
    assert result.returncode == 0, result.stdout
    problems = json.loads(result.stdout)["problems"]
    assert [problem for problem in problems if problem["severity"] != "warning"] == []
    mine = [problem["message"] for problem in problems if problem["file"].startswith(f"rules/{GAME}/")]
    assert mine and all("translation yet" in message for message in mine), mine


def test_the_worked_example_scores_and_the_check_runs_it(scored_game, tmp_path: Path) -> None:
    root, _ = scored_game
    scored = run(root, "score", GAME, "--example", "highest-total", "--json")
    assert scored.returncode == 0, scored.stderr
    assert json.loads(scored.stdout) == {"scores": {"Ann": 9, "Bob": 8}, "winners": ["Ann"], "tiebreak": False}
    # A wrong expectation fails the check, naming the example: the check really runs it.
    broken = copy_whole_project(tmp_path / "broken")
    assert run(broken, "new", "game", GAME, "--name", "Dice Duel", "--scoring").returncode == 0
    edit(broken, f"rules/{GAME}/game.yaml", "winners: [Ann]", "winners: [Bob]")
    result = run(broken, "check")
    assert result.returncode == 1
    assert any("example 'highest-total'" in line for line in error_lines(result)), result.stdout


def test_the_scoring_module_has_a_doctest_that_pytest_runs(scored_game) -> None:
    root, _ = scored_game
    module = root / "rules" / GAME / "scoring.py"
    assert ">>> " in module.read_text(encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--doctest-modules", str(module)],
        cwd=root,
        env=environment(root),
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout
    assert "1 passed" in result.stdout


@pytest.mark.slow  # builds a site
def test_a_rule_added_to_the_new_game_is_on_its_page_in_every_language(scored_game) -> None:
    root, _ = scored_game
    edit(root, f"rules/{GAME}/game.yaml", "rules: [players, winner]", "rules: [players, turns, winner]")
    en = root / "rules" / GAME / "en.yaml"
    en.write_text(
        en.read_text(encoding="utf-8") + "  rule.turns:\n    text: Players take turns clockwise.\n", encoding="utf-8"
    )
    assert run(root, "check").returncode == 0
    site = build(root)
    for language in LANGUAGES:
        prefix = "" if language == LANGUAGES[0] else f"{language}/"
        home = (site / prefix / "index.html").read_text(encoding="utf-8")
        assert f'href="{GAME}/" class="md-nav__link"' in home, language
        page = html.unescape((site / prefix / GAME / "index.html").read_text(encoding="utf-8"))
        assert 'id="turns"' in page and "Players take turns clockwise." in page
        if prefix:  # shown in English, with the notice in the reader's language
            assert ui_translations(ROOT, language).gettext(MISSING_NOTICE) in page


@pytest.mark.slow  # builds a site
def test_a_game_without_scoring_has_no_module_and_passes(tmp_path: Path, capsys) -> None:
    root = copy_whole_project(tmp_path)
    plain = unused_game_id("plain")
    code, out, err = run_cli(capsys, "--root", str(root), "new", "game", plain, "--name", "Plain & Simple")
    assert code == 0, err
    assert "scoring.py" not in out and not (root / "rules" / plain / "score.schema.json").exists()
    assert "examples" not in (root / "rules" / plain / "game.yaml").read_text(encoding="utf-8")
    code, out, _ = run_cli(capsys, "--root", str(root), "check")
    assert code == 0, out
    # The site builds, with the game's page and no calculator on it (there is nothing to score).
    page = (build(root) / plain / "index.html").read_text(encoding="utf-8")
    assert "Plain &amp; Simple" in page
    assert "rb-calculator" not in page


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["Bad_Id", "--name", "X"], "'Bad_Id' is not a game id"),
        (["9-lives", "--name", "X"], "is not a game id"),
        (["a--b", "--name", "X"], "is not a game id"),
        ([LISTED, "--name", "X"], f"the game '{LISTED}' is already listed"),
        (["other", "--name", "<b>Bold</b>"], "'<' and '>' are not allowed"),
        (["other", "--name", "Bell\x07"], "the control character U+0007"),
        (["other", "--name", " "], "a name is needed"),
    ],
)
def test_bad_input_is_refused_with_exit_2_and_changes_nothing(tmp_path: Path, capsys, args, message) -> None:
    root = copy_whole_project(tmp_path)
    before = tree_digest(root)
    code, _, err = run_cli(capsys, "--root", str(root), "new", "game", *args)
    assert code == 2
    assert message in err and "Traceback" not in err, err
    assert tree_digest(root) == before


def test_an_existing_folder_is_refused(tmp_path: Path, capsys) -> None:
    root = copy_whole_project(tmp_path)
    (root / "rules" / "draft").mkdir()
    before = tree_digest(root)
    code, _, err = run_cli(capsys, "--root", str(root), "new", "game", "draft", "--name", "Draft")
    assert code == 2 and "rules/draft already exists" in err
    assert tree_digest(root) == before


def test_a_failed_write_puts_every_file_back(tmp_path: Path, capsys, monkeypatch) -> None:
    root = copy_whole_project(tmp_path)
    before = tree_digest(root)
    # The fourth write: after the game's folder and three of its files.
    calls = fail_one_write(monkeypatch, lambda _path, count: count == 4, 28, "No space left on device")
    code, _, err = run_cli(capsys, "--root", str(root), "new", "game", "late", "--name", "Late", "--scoring")
    assert code == 2 and "No space left on device" in err and "no file was changed" in err
    assert len(calls) == 4
    assert tree_digest(root) == before
    assert not (root / "rules" / "late").exists()
