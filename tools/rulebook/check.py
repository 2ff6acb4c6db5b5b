"""`rulebook check`: load and validate everything, and return every problem at once."""

from __future__ import annotations

from pathlib import Path

from rulebook.load.project import Loaded, load_project
from rulebook.problems import Problem
from rulebook.validate.examples import example_problems
from rulebook.validate.glossary import glossary_problems
from rulebook.validate.qa import qa_problems
from rulebook.validate.safety import character_problems, fact_problems, name_problems
from rulebook.validate.structure import structure_problems
from rulebook.validate.text import text_problems
from rulebook.validate.translations import translation_problems


def check_project(root: Path, *, parallel: bool = False) -> tuple[Loaded, list[Problem]]:
    loaded = load_project(root, parallel=parallel)
    problems = list(loaded.problems)
    project = loaded.project
    if project is not None:
        for game in project.games:
            problems += name_problems(game.document, ("name",), game.name) + fact_problems(game)
            problems += structure_problems(game)
            problems += example_problems(project, game)
        for text_set in project.text_sets():
            problems += translation_problems(project, text_set)
            problems += text_problems(project, text_set)
            problems += qa_problems(project, text_set)
            for document in (text_set.document, *(words.document for words in text_set.words.values())):
                problems += character_problems(document)
        if project.terms_document is not None:
            problems += character_problems(project.terms_document)
        if project.glossary is not None:
            problems += glossary_problems(project, project.glossary)
    return loaded, sorted(set(problems))
