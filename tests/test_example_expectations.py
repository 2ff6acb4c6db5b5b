"""A worked example's `expect` is compared with its outcome as JSON values, field by field, and every
field it names must be one the outcome has: before, `tiebreak: 0` matched `false`, `9.0` matched `9`,
and `bonus: null` matched a field the outcome does not have, so the page showed "✓" beside an
expectation the scorer never computed. On the fixture game alpha, whose example highest-total expects
`{scores: {Ann: 9, Bob: 8}, winners: [Ann], tiebreak: false}` (Ann 3 + 2 + 4, Bob 5 + 1 + 2)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import edit, locate, run_cli

EXPECT = "expect: {scores: {Ann: 9, Bob: 8}, winners: [Ann], tiebreak: false}"


@pytest.mark.parametrize(
    ("expect", "code", "said"),
    [
        (
            "{scores: {Ann: 9, Bob: 8}, winners: [Ann], tiebreak: 0}",
            "example.result-differs",
            "example 'highest-total': expected tiebreak 0, computed false;",
        ),
        (
            "{scores: {Ann: 9.0, Bob: 8}, winners: [Ann], tiebreak: false}",
            "example.result-differs",
            'example \'highest-total\': expected scores {"Ann": 9.0, "Bob": 8}, computed {"Ann": 9, "Bob": 8};',
        ),
        (
            "{scores: {Ann: 9, Bob: 8}, winners: [Ann], bonus: null}",
            "example.no-such-field",
            "example 'highest-total' expects bonus, which its outcome does not have"
            " (it has scores, winners, tiebreak);",
        ),
    ],
)
def test_an_expectation_is_met_as_json_by_a_field_the_outcome_has(
    small_project: Path, capsys, expect: str, code: str, said: str
) -> None:
    text = edit(small_project, "rules/alpha/game.yaml", EXPECT, f"expect: {expect}")
    line, _ = locate(text, "- id: highest-total")
    status, out, _ = run_cli(capsys, "--root", str(small_project), "check", "--json")
    assert status == 1
    errors = [problem for problem in json.loads(out)["problems"] if problem["severity"] == "error"]
    assert [(p["file"], p["code"]) for p in errors] == [("rules/alpha/game.yaml", code)]
    assert errors[0]["line"] >= line and errors[0]["message"].startswith(said)
    assert "rulebook score alpha --example highest-total" in errors[0]["message"]


def test_the_expectation_as_written_is_met(small_project: Path, capsys) -> None:
    assert EXPECT in (small_project / "rules/alpha/game.yaml").read_text(encoding="utf-8")
    assert run_cli(capsys, "--root", str(small_project), "check")[0] == 0
