"""`rulebook status --fail-under`: the share is compared exactly with the decimal typed, the message
shows enough digits to see the shortfall, and a threshold that is not a percentage is bad usage."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import edit, run_cli
from test_translation import NEW_WINNER, drop_unit


@pytest.fixture
def czech_behind(project_copy: Path) -> Path:
    """Czech 481 of 483 units up to date (99.58592…%): rule.winner outdated, rule.drawing missing;
    French 482 (99.79296…%). (483: the 480 of edition 1.0's day and the three 1.0.1 summaries.)"""
    edit(project_copy, "rules/rebus/en.yaml", "text: Highest score wins.", f"text: {NEW_WINNER}")
    drop_unit(project_copy, "rules/rebus/cs.yaml", "rule.drawing")
    return project_copy


def test_the_message_shows_the_digits_that_put_a_language_under(czech_behind: Path, capsys) -> None:
    code, _, err = run_cli(capsys, "--root", str(czech_behind), "status", "--fail-under", "99.586")
    assert code == 1
    # 48100/483 = 99.58592…: rounded to one decimal it would read "99.6% … under 99.586%".
    assert err.splitlines() == ["rulebook status: cs is 99.5859% translated, under 99.586%"]


def test_a_threshold_a_float_cannot_tell_from_the_share_still_fails(czech_behind: Path, capsys) -> None:
    # 99.58592132505176 is above 48100/483 = 99.585921325051759834…, but both are the same float.
    assert float("99.58592132505176") == 100.0 * 481 / 483
    code, _, err = run_cli(capsys, "--root", str(czech_behind), "status", "--fail-under", "99.58592132505176")
    assert code == 1
    assert err.splitlines() == ["rulebook status: cs is 99.585921325051759% translated, under 99.58592132505176%"]
    # Czech: 48100/483 = 99.5859…, over 99.58 and under 99.59; French 48200/483 = 99.7929….
    assert run_cli(capsys, "--root", str(czech_behind), "status", "--fail-under", "99.58")[0] == 0
    assert run_cli(capsys, "--root", str(czech_behind), "status", "--lang", "fr", "--fail-under", "99.79")[0] == 0
    assert run_cli(capsys, "--root", str(czech_behind), "status", "--lang", "cs", "--fail-under", "99.59")[0] == 1
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
    assert "rulebook status: fr is 99.7% translated, under 100%" in err.splitlines()
