"""A scorer states the facts it computes with, in rules/<game>/facts.schema.json beside it (issue 50):
the toolkit's game.schema.json knows no game's facts. On the fixture game alpha, which `rulebook new
game --scoring` made with one whole fact, `scoring.rounds` (3), and beta, which has no scorer:

- a word, a fraction or 0 rounds is refused at its line and column by `rulebook check` and by the
  `rulebook score` command that check names, before the scorer runs;
- a game scored by alpha's functions (`scoring: alpha`) must give alpha's facts;
- a broken facts schema, or one linked out of the project, is one problem at its own file, never a
  traceback;
- the schema, not the project's list of games, decides: alpha's facts pass once it allows them.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import edit, locate, run_cli

ROUNDS = "    rounds: 3\n"


MISTYPED = [("three", "schema.type"), ("2.5", "schema.type"), ("[3]", "schema.type")]
OUT_OF_BOUNDS = [("0", "schema.minimum"), ("101", "schema.maximum")]  # the starter's bounds: 1 to 100


@pytest.mark.parametrize(("value", "code"), MISTYPED + OUT_OF_BOUNDS)
def test_check_refuses_a_mistyped_fact_at_its_line(small_project: Path, capsys, value: str, code: str) -> None:
    text = edit(small_project, "rules/alpha/game.yaml", ROUNDS, f"    rounds: {value}\n")
    line, col = locate(text, f"rounds: {value}")
    code_out, out, _ = run_cli(capsys, "--root", str(small_project), "check", "--json")
    assert code_out == 1
    errors = [problem for problem in json.loads(out)["problems"] if problem["severity"] == "error"]
    assert [(p["file"], p["line"], p["col"], p["code"]) for p in errors] == [
        ("rules/alpha/game.yaml", line, col + len("rounds: "), code)
    ]
    assert errors[0]["message"].startswith("facts.scoring.rounds: ")


def test_score_refuses_before_the_scorer_runs(small_project: Path, capsys) -> None:
    text = edit(small_project, "rules/alpha/game.yaml", ROUNDS, "    rounds: three\n")
    line, col = locate(text, "rounds: three")
    code, out, err = run_cli(capsys, "--root", str(small_project), "score", "alpha", "--example", "highest-total")
    assert (code, out) == (2, "")
    assert err.splitlines()[0].startswith(f"rules/alpha/game.yaml:{line}:{col + len('rounds: ')}: facts.scoring.rounds")
    assert "scoring failed" not in err and "Traceback" not in err


def test_a_game_scored_by_another_gives_its_facts(small_project: Path, capsys) -> None:
    # beta has players but no scoring.rounds: alpha's scorer needs it.
    text = edit(small_project, "rules/beta/game.yaml", "id: beta\n", "id: beta\nscoring: alpha\n")
    line, col = locate(text, "  players:")  # the value of `facts:`, a mapping, begins at its first key
    code, out, _ = run_cli(capsys, "--root", str(small_project), "check", "--json")
    assert code == 1
    errors = [problem for problem in json.loads(out)["problems"] if problem["severity"] == "error"]
    assert [(p["file"], p["line"], p["col"], p["code"], p["params"]) for p in errors] == [
        ("rules/beta/game.yaml", line, col + 2, "schema.required", {"missing": ["scoring"]})
    ]
    # Given the fact, beta passes alpha's schema.
    edit(small_project, "rules/beta/game.yaml", "    max: 4\n", "    max: 4\n  scoring:\n    rounds: 5\n")
    assert run_cli(capsys, "--root", str(small_project), "check")[0] == 0


def test_a_broken_facts_schema_is_named_at_its_file(small_project: Path, capsys) -> None:
    schema = small_project / "rules/alpha/facts.schema.json"
    schema.write_text('{"type": "object",\n "properties": {"scoring": {"type": "objekt"}}}\n', encoding="utf-8")
    code, out, err = run_cli(capsys, "--root", str(small_project), "check", "--json")
    assert code == 1 and "Traceback" not in err
    errors = [problem for problem in json.loads(out)["problems"] if problem["severity"] == "error"]
    assert [(p["file"], p["code"]) for p in errors] == [("rules/alpha/facts.schema.json", "schema.unusable")]


def test_the_scorers_schema_decides(small_project: Path, capsys) -> None:
    # 101 rounds is over the starter's maximum (refused above); a scorer that allows more accepts it.
    edit(small_project, "rules/alpha/facts.schema.json", '"maximum": 100', '"maximum": 1000')
    edit(small_project, "rules/alpha/game.yaml", ROUNDS, "    rounds: 101\n")
    assert run_cli(capsys, "--root", str(small_project), "check")[0] == 0


def test_a_facts_schema_linked_out_of_the_project_is_never_read(small_project: Path, capsys) -> None:
    outside = small_project.parent / "facts.schema.json"
    outside.write_text('{"type": "object"}\n', encoding="utf-8")  # would allow any facts
    schema = small_project / "rules/alpha/facts.schema.json"
    schema.unlink()
    schema.symlink_to(outside)
    code, out, _ = run_cli(capsys, "--root", str(small_project), "check", "--json")
    assert code == 1
    errors = [problem for problem in json.loads(out)["problems"] if problem["severity"] == "error"]
    assert [(p["file"], p["code"]) for p in errors] == [("rules/alpha/facts.schema.json", "file.outside-project")]
