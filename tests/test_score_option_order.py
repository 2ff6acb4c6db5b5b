"""`rulebook score` takes its options before or after FILE, as a referee types them (issue 28):
`score GAME --lang fr -` was refused with "unrecognized arguments: -". The expected refusal is the
French catalog's, at the column of the 4 counted by hand."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import rulebook
from conftest import ROOT

TOKEN_WORTH_4 = '{"players": {"Ann": [4]}}'  # the 4 is the 22nd character
FRENCH_REFUSAL = "<stdin>:1:22: players.Ann[0]\u00a0: un jeton malchance vaut 1, 2 ou 3, pas 4\n"
PACKAGE = Path(rulebook.__file__).resolve().parents[1]


def rulebook_score(*args: str, stdin: str) -> subprocess.CompletedProcess[str]:
    """The `rulebook score` command in its own process, reading the situation on its input."""
    return subprocess.run(
        [sys.executable, "-m", "rulebook.cli", "--root", str(ROOT), "score", *args],
        input=stdin,
        env={**os.environ, "PYTHONPATH": str(PACKAGE)},
        capture_output=True,
        text=True,
        check=False,
    )


@pytest.mark.parametrize(
    "args",
    [
        ("oh-my-word", "-", "--lang", "fr"),
        ("oh-my-word", "--lang", "fr", "-"),
        ("--lang", "fr", "oh-my-word", "-"),
        ("oh-my-word", "--lang", "fr"),  # FILE left out: standard input
    ],
    ids=["options-last", "options-between", "options-first", "no-file"],
)
def test_options_go_before_or_after_the_file(args: tuple[str, ...]) -> None:
    run = rulebook_score(*args, stdin=TOKEN_WORTH_4)
    assert (run.returncode, run.stdout, run.stderr) == (2, "", FRENCH_REFUSAL)


def test_json_between_game_and_file_still_prints_one_object() -> None:
    run = rulebook_score("oh-my-word", "--json", "--lang", "fr", "-", stdin=TOKEN_WORTH_4)
    assert run.returncode == 2
    assert run.stdout.startswith('{"error": true') and FRENCH_REFUSAL.strip() in run.stdout


def test_an_argument_too_many_is_still_refused_by_name() -> None:
    run = rulebook_score("oh-my-word", "--lang", "fr", "-", "extra", stdin=TOKEN_WORTH_4)
    assert run.returncode == 2 and "unrecognized arguments: extra" in run.stderr
    assert "Traceback" not in run.stderr
