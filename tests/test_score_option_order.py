"""`rulebook score` takes its options before or after FILE, as a referee types them (issue 28):
`score GAME --lang fr -` was refused with "unrecognized arguments: -". The expected refusal is the
French catalog's, at the column of the "x" counted by hand. The game is the small project's alpha,
whose situation is each player's points, round by round (whole numbers)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import rulebook
from fixture_games import copy_small_project

NOT_POINTS = '{"players": {"Ann": ["x"]}}'  # the "x" starts at the 22nd character
FRENCH_REFUSAL = "<stdin>:1:22: players.Ann[0]\u00a0: 'x' n'est pas du type 'integer'\n"
PACKAGE = Path(rulebook.__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def small(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the small project, the module's own: the command writes its cache there."""
    return copy_small_project(tmp_path_factory, tmp_path_factory.mktemp("option-order") / "small")


def rulebook_score(root: Path, *args: str, stdin: str) -> subprocess.CompletedProcess[str]:
    """The `rulebook score` command in its own process, reading the situation on its input."""
    return subprocess.run(
        [sys.executable, "-m", "rulebook.cli", "--root", str(root), "score", *args],
        input=stdin,
        env={**os.environ, "PYTHONPATH": str(PACKAGE)},
        capture_output=True,
        text=True,
        check=False,
    )


@pytest.mark.parametrize(
    "args",
    [
        ("alpha", "-", "--lang", "fr"),
        ("alpha", "--lang", "fr", "-"),
        ("--lang", "fr", "alpha", "-"),
        ("alpha", "--lang", "fr"),  # FILE left out: standard input
    ],
    ids=["options-last", "options-between", "options-first", "no-file"],
)
def test_options_go_before_or_after_the_file(small: Path, args: tuple[str, ...]) -> None:
    run = rulebook_score(small, *args, stdin=NOT_POINTS)
    assert (run.returncode, run.stdout, run.stderr) == (2, "", FRENCH_REFUSAL)


def test_json_between_game_and_file_still_prints_one_object(small: Path) -> None:
    run = rulebook_score(small, "alpha", "--json", "--lang", "fr", "-", stdin=NOT_POINTS)
    assert run.returncode == 2
    assert run.stdout.startswith('{"error": true') and FRENCH_REFUSAL.strip() in run.stdout


def test_an_argument_too_many_is_still_refused_by_name(small: Path) -> None:
    run = rulebook_score(small, "alpha", "--lang", "fr", "-", "extra", stdin=NOT_POINTS)
    assert run.returncode == 2 and "unrecognized arguments: extra" in run.stderr
    assert "Traceback" not in run.stderr
