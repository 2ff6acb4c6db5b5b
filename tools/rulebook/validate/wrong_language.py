"""A translation that reads as another of the project's languages (issue 47): a Czech text in
fr.yaml, an English one left untranslated. A warning, never an error: the guess is a guess
(rulebook/i18n/language_guess.py says how it is made and when it abstains)."""

from __future__ import annotations

from rulebook.i18n.language_guess import wrong_language
from rulebook.model import Game, Glossary, Project
from rulebook.problems import Problem, Severity


def wrong_language_problems(project: Project, text_set: Game | Glossary) -> list[Problem]:
    problems = []
    for language, words in text_set.words.items():
        if language == project.source_language:
            continue
        for unit_id, unit in words.units.items():
            message = wrong_language(unit.text, language, project.languages)
            if message is not None:
                where, field = ("units", unit_id, "text"), f"units.{unit_id}.text"
                problems.append(words.document.problem(where, message, field=field, severity=Severity.WARNING))
    return problems
