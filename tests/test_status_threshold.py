"""`rulebook status --fail-under`: the share is compared exactly with the decimal typed, the message
shows enough digits to see the shortfall, and a threshold that is not a percentage is bad usage."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from conftest import edit, run_cli
from fixture_games import NEW_WINNER, WINNER
from test_translation import drop_unit


@pytest.fixture
def czech_behind(translated_project: Path) -> Path:
    """The translated fixture project with alpha alone (beta taken out): 6 units in each language.
    Czech 4 of 6 up to date (66.666…%): rule.winner outdated, example.highest-total missing;
    French 5 of 6 (83.333…%), rule.winner outdated."""
    root = translated_project
    edit(root, "rules/project.yaml", "games: [alpha, beta]", "games: [alpha]")
    shutil.rmtree(root / "rules" / "beta")
    edit(root, "rules/alpha/en.yaml", f"text: {WINNER}", f"text: {NEW_WINNER}")
    drop_unit(root, "rules/alpha/cs.yaml", "example.highest-total")
    return root


def test_the_message_shows_the_digits_that_put_a_language_under(czech_behind: Path, capsys) -> None:
    code, _, err = run_cli(capsys, "--root", str(czech_behind), "status", "--fail-under", "66.667")
    assert code == 1
    # 400/6 = 66.6666…: rounded to one decimal it would read "66.7% … under 66.667%".
    assert err.splitlines() == ["rulebook status: cs is 66.6666% translated, under 66.667%"]


def test_a_threshold_a_float_cannot_tell_from_the_share_still_fails(czech_behind: Path, capsys) -> None:
    # 66.66666666666667 is above 400/6 = 66.666666666666666…, but both are the same float.
    assert float("66.66666666666667") == 100.0 * 4 / 6
    code, _, err = run_cli(capsys, "--root", str(czech_behind), "status", "--fail-under", "66.66666666666667")
    assert code == 1
    assert err.splitlines() == ["rulebook status: cs is 66.666666666666666% translated, under 66.66666666666667%"]
    # Czech: 400/6 = 66.666…, over 66.66 and under 66.67; French 500/6 = 83.333….
    assert run_cli(capsys, "--root", str(czech_behind), "status", "--fail-under", "66.66")[0] == 0
    assert run_cli(capsys, "--root", str(czech_behind), "status", "--lang", "fr", "--fail-under", "83.33")[0] == 0
    assert run_cli(capsys, "--root", str(czech_behind), "status", "--lang", "cs", "--fail-under", "66.67")[0] == 1
    assert run_cli(capsys, "--root", str(czech_behind), "status", "--fail-under", "0")[0] == 0


@pytest.mark.parametrize(
    "threshold", ["nan", "NaN", "inf", "-inf", "-1", "-0.5", "101", "100.01", "1e999", "1/3", "", "x"]
)
def test_a_threshold_that_is_not_a_percentage_is_bad_usage(czech_behind: Path, capsys, threshold: str) -> None:
    code, out, err = run_cli(capsys, "--root", str(czech_behind), "status", f"--fail-under={threshold}")
    assert code == 2
    assert out == ""
    assert len(err.splitlines()) == 1 and "--fail-under" in err and "percentage" in err


def test_100_is_a_threshold(czech_behind: Path, capsys) -> None:
    code, _, err = run_cli(capsys, "--root", str(czech_behind), "status", "--fail-under", "100")
    assert code == 1
    assert "rulebook status: fr is 83.3% translated, under 100%" in err.splitlines()
