"""The scoring cases of rules/<game>/scoring-cases.json (guide/scoring-cases.md), and every worked
example of game.yaml, as one list per game: what both scorers (Python and the browser's) must make
of each situation. The games are the project's (rules/project.yaml), whatever they are."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from conftest import ROOT
from rulebook.files.scorers import game_folder
from rulebook.load.project import load_project
from rulebook.model import Project

CASES_FILE = "scoring-cases.json"
CASES_SCHEMA = ROOT / "schemas" / "scoring-cases.schema.json"


def cases_path(game: str) -> Path:
    return game_folder(ROOT, game) / CASES_FILE


@dataclass(frozen=True)
class Case:
    game: str
    description: str
    situation: Any
    values: dict[str, Any] | None = None  # fields of the outcome, each compared whole
    refused: list[dict[str, Any]] | None = None  # every problem's {code, path, params}
    # A worked example's expected refusal: a code and some of its params (game.yaml's `expect.refused`).
    refused_code: str | None = None
    refused_params: dict[str, Any] | None = None
    said: tuple[str, ...] = ()  # lines the command prints in the source language, each a line's end

    @property
    def id(self) -> str:
        return f"{self.game}: {self.description}"


def refusal_found(case: Case, problems: list[dict[str, Any]]) -> bool:
    """A worked example's refusal is among the problems: its code, with the params it names."""
    wanted = case.refused_params or {}
    return any(
        problem["code"] == case.refused_code and all(problem["params"].get(name) == wanted[name] for name in wanted)
        for problem in problems
    )


def meanings(problems: list[dict[str, Any]]) -> list[str]:
    """Problems compared on code, path and params (the contract), in any order."""
    return sorted(json.dumps({key: problem[key] for key in ("code", "path", "params")}) for problem in problems)


@cache
def game_cases(game: str) -> tuple[Case, ...]:
    # A game scored by another game's scorer (`scoring:` in its game.yaml) brings worked examples only.
    path = cases_path(game)
    written = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {"game": game, "cases": []}
    assert written["game"] == game
    cases = [
        Case(
            game,
            case["description"],
            case["situation"],
            case.get("values"),
            case.get("refused"),
            said=tuple(case.get("said", ())),
        )
        for case in written["cases"]
    ]
    return tuple(cases + example_cases(content_project(), game))


def example_cases(project: Project, game: str) -> list[Case]:
    """The game's worked examples as cases: each its situation, and the values or the refusal it expects."""
    (found,) = [item for item in project.games if item.id == game]
    cases = []
    for example in found.examples:
        situation = found.document.part(("examples", example.index, "input")).data
        expect = dict(example.expect)
        refused = expect.pop("refused", None)
        code, params = (refused["code"], refused.get("params")) if isinstance(refused, dict) else (refused, None)
        cases.append(Case(game, f"worked example {example.id}", situation, expect or None, None, code, params))
    return cases


def scored_games() -> list[str]:
    """The project's games that are scored, in the project's order."""
    return [game.id for game in content_project().games if game.scored]


@cache
def content_project() -> Project:
    """The project's content as loaded, once a run."""
    return load_project(ROOT).project


@dataclass(frozen=True)
class NeverLower:
    """A property a game's rules state (scoring-cases.json's `never_lower`): one of `items` more in a
    list at `add_to` ("*" for any index or key) never lowers the outcome's `value`."""

    game: str
    description: str
    add_to: tuple[str | int, ...]
    items: tuple[Any, ...]
    value: str

    @property
    def id(self) -> str:
        return f"{self.game}: {self.description}"


def never_lower(game: str) -> tuple[NeverLower, ...]:
    path = cases_path(game)
    written = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}
    return tuple(
        NeverLower(game, item["description"], tuple(item["add_to"]), tuple(item["items"]), item["value"])
        for item in written.get("never_lower", [])
    )
