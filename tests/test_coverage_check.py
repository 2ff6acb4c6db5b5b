"""A source's coverage map is content like every other file (issue 23): `rulebook check` reads it
through the Reader, against schemas/coverage.schema.json and the text bounds, each problem at its
line and column. (Control characters in it: tests/test_every_door.py.) The map is beta's, in the
small project (fixture_games.add_source_map)."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import edit, locate, run_cli
from fixture_games import SOURCE_MAP as MAP
from fixture_games import add_source_map
from rulebook.load.project import load_project


@pytest.fixture
def mapped(small_project: Path) -> Path:
    return add_source_map(small_project)


def test_a_map_its_schema_refuses_is_a_problem_at_its_line(mapped: Path, capsys) -> None:
    text = edit(mapped, MAP, "units:\n", "units:\n  rule.Players!:\n  - The game\n")
    edit(mapped, MAP, "language: en\n", "language: en\nsources: x.txt\n")
    text = (mapped / MAP).read_text(encoding="utf-8")
    code, out, _ = run_cli(capsys, "--root", str(mapped), "check")
    assert code == 1
    lines = out.splitlines()
    line, col = locate(text, "sources: x.txt")
    assert f"{MAP}:{line}:{col}: sources: unknown key 'sources'" in lines
    line, col = locate(text, "rule.Players!")
    assert any(entry.startswith(f"{MAP}:{line}:{col}: units") for entry in lines), lines


def test_a_text_of_a_map_over_the_bounds_is_refused_at_its_line(mapped: Path, capsys) -> None:
    long = "The game" + "s" * 4993
    text = edit(mapped, MAP, "  - The game is", f"  - {long}\n  - The game is")
    code, out, _ = run_cli(capsys, "--root", str(mapped), "check")
    assert code == 1
    line, col = locate(text, long)
    assert f"{MAP}:{line}:{col}: units.rule.players[0]: 5,001 characters: a text may have at most 5,000" in out


def test_a_refused_map_covers_nothing(mapped: Path) -> None:
    assert load_project(mapped).project.game("beta").source_units["en"]
    edit(mapped, MAP, "language: en\n", "language: en\nsources: x.txt\n")
    loaded = load_project(mapped)
    assert loaded.project.game("beta").source_units["en"] == ()
    assert any(problem.file == MAP for problem in loaded.problems)
