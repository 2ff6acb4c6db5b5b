"""A source's coverage map is content like every other file (issue 23): `rulebook check` reads it
through the Reader, against schemas/coverage.schema.json and the text bounds, each problem at its
line and column. (Control characters in it: tests/test_every_door.py.)"""

from __future__ import annotations

from pathlib import Path

from conftest import edit, locate, run_cli
from rulebook.load.project import load_project

MAP = "rules/rebus/sources/000_1e571b27f5b0f623.coverage.yaml"


def test_a_map_its_schema_refuses_is_a_problem_at_its_line(project_copy: Path, capsys) -> None:
    text = edit(project_copy, MAP, "units:\n", "units:\n  rule.Bags!:\n  - Separate\n")
    edit(project_copy, MAP, "language: en\n", "language: en\nsources: x.txt\n")
    text = (project_copy / MAP).read_text(encoding="utf-8")
    code, out, _ = run_cli(capsys, "--root", str(project_copy), "check")
    assert code == 1
    lines = out.splitlines()
    line, col = locate(text, "sources: x.txt")
    assert f"{MAP}:{line}:{col}: sources: unknown key 'sources'" in lines
    line, col = locate(text, "rule.Bags!")
    assert any(entry.startswith(f"{MAP}:{line}:{col}: units") for entry in lines), lines


def test_a_text_of_a_map_over_the_bounds_is_refused_at_its_line(project_copy: Path, capsys) -> None:
    long = "Separate" + "s" * 4993
    text = edit(project_copy, MAP, "  - Separate the tiles", f"  - {long}\n  - Separate the tiles")
    code, out, _ = run_cli(capsys, "--root", str(project_copy), "check")
    assert code == 1
    line, col = locate(text, long)
    assert f"{MAP}:{line}:{col}: units.rule.bags[0]: 5,001 characters: a text may have at most 5,000" in out


def test_a_refused_map_covers_nothing(project_copy: Path) -> None:
    assert load_project(project_copy).project.game("rebus").source_units["en"]
    edit(project_copy, MAP, "language: en\n", "language: en\nsources: x.txt\n")
    loaded = load_project(project_copy)
    assert loaded.project.game("rebus").source_units["en"] == ()
    assert any(problem.file == MAP for problem in loaded.problems)
