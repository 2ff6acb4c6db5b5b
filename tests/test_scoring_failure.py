"""A fact of the wrong type in a game that `rulebook new game` made (issue 50), whose scorer states no
facts schema (its facts.schema.json removed; test_facts_schema.py has the refusal when it does): so
`rounds: three` loads, and the game's scorer fails on it. `rulebook check` names the example it fails
on and the command to reproduce it; that command refuses with one line and exit 2, where it stopped
with an internal error (exit 3)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import run_cli


@pytest.fixture
def mistyped(small_project: Path) -> Path:
    game = small_project / "rules" / "alpha" / "game.yaml"
    text = game.read_text(encoding="utf-8")
    assert "    rounds: 3\n" in text
    game.write_text(text.replace("    rounds: 3\n", "    rounds: three\n"), encoding="utf-8")
    (small_project / "rules" / "alpha" / "facts.schema.json").unlink()
    return small_project


def test_check_names_the_example_and_the_command(mistyped: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_cli(capsys, "--root", str(mistyped), "check")
    assert code == 1
    failed = [line for line in (out + err).splitlines() if "scoring failed" in line]
    assert len(failed) == 1 and failed[0].startswith("rules/alpha/game.yaml:")
    assert "reproduce: rulebook score alpha --example highest-total" in failed[0]


def test_the_command_it_names_refuses_in_one_line(mistyped: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_cli(capsys, "--root", str(mistyped), "score", "alpha", "--example", "highest-total")
    assert (code, out) == (2, "")
    assert err.startswith("rulebook score: alpha's scoring failed (TypeError: ")
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    code, out, _ = run_cli(capsys, "--root", str(mistyped), "score", "alpha", "--example", "highest-total", "--json")
    assert code == 2 and [problem["code"] for problem in json.loads(out)["problems"]] == ["score.scoring-failed"]
