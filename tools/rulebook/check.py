"""`rulebook check`: load and validate everything, and return every problem at once."""

from __future__ import annotations

from pathlib import Path

from rulebook.load.project import Loaded, load_project
from rulebook.problems import Problem
from rulebook.validate.examples import example_problems
from rulebook.validate.structure import structure_problems
from rulebook.validate.text import text_problems
from rulebook.validate.translations import translation_problems


def check_project(root: Path) -> tuple[Loaded, list[Problem]]:
    loaded = load_project(root)
    problems = list(loaded.problems)
    if loaded.project is not None:
        for game in loaded.project.games:
            problems += structure_problems(game)
            problems += translation_problems(loaded.project, game)
            problems += text_problems(loaded.project, game)
            problems += example_problems(loaded.project, game)
    return loaded, sorted(set(problems))
