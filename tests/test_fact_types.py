"""Every fact a scorer computes with has a precise type: a count is a whole number within bounds, so
a word where a number belongs (which no translation could localize) is refused at its line (issue 24,
part 3), before the scorer runs (issue 50: each scorer types its facts in its own
rules/<game>/facts.schema.json).

A content test: for each game of rules/ whose scorer states its facts, the first fact of each kind
that schema gives (a whole number, a number, a text, a list) is given a value of another kind in a
copy of the project, and `rulebook check` must refuse it at that value's line and column, naming the
fact's path. No game is named here: a new scored game is held to its own schema as it comes."""

from __future__ import annotations

import contextlib
import io
import json
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from conftest import CONTENT, ROOT, made_once, run_cli
from rulebook.cli import main
from rulebook.files.scorers import facts_schema
from rulebook.load.project import load_project
from rulebook.located.document import read_document

pytestmark = pytest.mark.content

# A value of another kind for each kind of fact, as YAML writes it; and where in it the refused value
# is: within a list, its item (its index after the fact's path, its column after the list's).
WRONG = {
    "integer": [("three", "", 0), ("2.5", "", 0)],
    "number": [("one and a half", "", 0)],
    "string": [("3", "", 0)],
    "array": [("[1, 2.5]", "[1]", len("[1, "))],
}


@dataclass(frozen=True)
class Mistyped:
    file: str  # relative to the project
    path: tuple[str, ...]  # the fact's path under `facts`
    line: int
    col: int
    written: str  # the value as game.yaml writes it, on its line
    wrong: str
    item: str  # the refused item's index within the value, if any ("[1]")
    offset: int  # the refused item's column within the value

    @property
    def id(self) -> str:
        return f"{self.file}:{'.'.join(self.path)}={self.wrong}"


def _leaves(schema: dict[str, Any], path: tuple[str, ...] = ()) -> list[tuple[tuple[str, ...], str]]:
    """Each fact the schema types, with its kind, in the schema's order."""
    found = []
    for name, inner in schema.get("properties", {}).items():
        if inner.get("type") == "object":
            found += _leaves(inner, (*path, name))
        elif isinstance(inner.get("type"), str):
            found.append(((*path, name), inner["type"]))
    return found


def _cases() -> list[Mistyped]:
    cases = []
    for game in load_project(ROOT).project.games:
        schema_file = facts_schema(ROOT, game.scoring)
        if schema_file is None:
            continue
        file = f"rules/{game.id}/game.yaml"
        document = read_document(ROOT / file, file)
        lines = (ROOT / file).read_text(encoding="utf-8").splitlines()
        seen = set()
        for path, kind in _leaves(json.loads(schema_file.read_text(encoding="utf-8"))):
            value: Any = document.data["facts"]
            for step in path:
                value = value.get(step) if isinstance(value, dict) else None
            if value is None or kind in seen or kind not in WRONG:
                continue
            seen.add(kind)
            line, col = document.where(("facts", *path))
            written = lines[line - 1][col - 1 :].split(" #")[0].rstrip()
            cases += [Mistyped(file, path, line, col, written, *wrong) for wrong in WRONG[kind]]
    return cases


CASES = _cases()


def test_every_scored_games_facts_are_typed() -> None:
    games = {case.file for case in CASES}
    scored = {f"rules/{game.id}/game.yaml" for game in load_project(ROOT).project.games if game.scored}
    assert games == scored and len(CASES) >= 2 * len(scored)


@pytest.fixture
def content_copy(tmp_path_factory: pytest.TempPathFactory, tmp_path: Path) -> Path:
    """The whole content, every game and language it holds (project_copy keeps the toolkit tests'
    games alone), after one check: each test copies it with its cache and re-checks what it breaks."""

    def make(folder: Path) -> None:
        for name in CONTENT:
            shutil.copytree(ROOT / name, folder / name)
        assert run_cli_quiet(folder) == 0

    made = made_once(tmp_path_factory, "whole-content", make)
    shutil.copytree(made, tmp_path / "content")
    return tmp_path / "content"


def run_cli_quiet(root: Path) -> int:
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        return main(["--root", str(root), "check"])


@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
def test_a_fact_of_the_wrong_kind_is_refused_at_its_line(content_copy: Path, capsys, case: Mistyped) -> None:
    game = content_copy / case.file
    lines = game.read_text(encoding="utf-8").split("\n")
    line = lines[case.line - 1]
    assert line[case.col - 1 :].startswith(case.written), (line, case.written)
    lines[case.line - 1] = line[: case.col - 1] + case.wrong + line[case.col - 1 + len(case.written) :]
    game.write_text("\n".join(lines), encoding="utf-8")
    code, out, _ = run_cli(capsys, "--root", str(content_copy), "check")
    assert code == 1
    at = f"{case.file}:{case.line}:{case.col + case.offset}: facts.{'.'.join(case.path)}{case.item}: "
    assert [entry for entry in out.splitlines() if entry.startswith(at)], out
