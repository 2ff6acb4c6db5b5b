"""`rulebook check`: load and validate everything, and return every problem at once."""

from __future__ import annotations

from pathlib import Path

from rulebook.load.project import Loaded, load_project
from rulebook.problems import Problem
from rulebook.validate.examples import example_problems
from rulebook.validate.glossary import glossary_problems
from rulebook.validate.qa import qa_problems
from rulebook.validate.structure import structure_problems
from rulebook.validate.text import text_problems
from rulebook.validate.translations import translation_problems


def check_project(root: Path, *, parallel: bool = False) -> tuple[Loaded, list[Problem]]:
    loaded = load_project(root, parallel=parallel)
    problems = list(loaded.problems)
    project = loaded.project
    if project is not None:
        for game in project.games:
            problems += structure_problems(game)
            problems += example_problems(project, game)
        for text_set in project.text_sets():
            problems += translation_problems(project, text_set)
            problems += text_problems(project, text_set)
            problems += qa_problems(project, text_set)
        if project.glossary is not None:
            problems += glossary_problems(project, project.glossary)
    return loaded, sorted(set(problems))
