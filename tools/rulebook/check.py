"""`rulebook check`: load and validate everything, and return every problem at once."""

from __future__ import annotations

from pathlib import Path

from rulebook.load.project import Loaded, load_project
from rulebook.model import Game, Glossary, Project
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
        for text_set in project.text_sets():
            problems += text_set_problems(project, text_set)
        if project.terms_document is not None:
            problems += character_problems(project.terms_document)
    return loaded, sorted(set(problems))


def text_set_problems(project: Project, text_set: Game | Glossary) -> list[Problem]:
    """Every check of one game (or the glossary) and its words in every language. `i18n import`
    runs these on the file it would write, so a new check here is a new check there too."""
    problems = []
    if isinstance(text_set, Game):
        problems += name_problems(text_set.document, ("name",), text_set.name) + fact_problems(text_set)
        problems += structure_problems(text_set)
        problems += example_problems(project, text_set)
    problems += translation_problems(project, text_set)
    problems += text_problems(project, text_set)
    problems += qa_problems(project, text_set)
    if isinstance(text_set, Glossary):
        problems += glossary_problems(project, text_set)
    for document in (text_set.document, *(words.document for words in text_set.words.values())):
        problems += character_problems(document)
    return problems
