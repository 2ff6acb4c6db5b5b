"""Checks across languages: which units exist where, and what a translation must record."""

from __future__ import annotations

from rulebook.model import Game, Project
from rulebook.problems import Problem, Severity


def translation_problems(project: Project, game: Game) -> list[Problem]:
    source = project.source_language
    expected = game.unit_ids()
    problems: list[Problem] = []
    english = game.words.get(source)
    if english is None:
        return [game.document.problem((), f"no {source}.yaml: the source language is required")]
    for unit_id in expected:
        if unit_id not in english.units:
            problems.append(english.document.problem(("units",), f"units: '{unit_id}' is missing: game.yaml "
                                                                 "lists it, and every unit needs English text",
                                                     key=True))
    for unit_id in english.units.keys() - set(expected):
        problems.append(english.document.problem(("units", unit_id), f"units.{unit_id}: no such section or rule "
                                                                     "in game.yaml", key=True))
    for language in project.languages[1:]:
        words = game.words.get(language)
        if words is None:
            problems.append(game.document.problem((), f"no {language}.yaml: the whole game is untranslated",
                                                  severity=Severity.WARNING))
            continue
        for unit_id, unit in words.units.items():
            path = ("units", unit_id)
            if unit_id not in english.units:
                problems.append(words.document.problem(path, f"units.{unit_id}: not in {source}.yaml, so there "
                                                             "is nothing it can translate", key=True))
                continue
            if unit.source is None:
                problems.append(words.document.problem(path, f"units.{unit_id}: a translation must record the "
                                                             "hash of the English it translates in 'source'",
                                                       key=True))
            if "status" not in words.document.data["units"][unit_id]:
                problems.append(words.document.problem(path, f"units.{unit_id}: a translation must say its "
                                                             "'status' (original, draft or reviewed)", key=True))
        for unit_id in expected:
            if unit_id in english.units and unit_id not in words.units:
                problems.append(words.document.problem(("units",), f"units: '{unit_id}' has no {language} "
                                                                   "translation yet", key=True,
                                                       severity=Severity.WARNING))
    return problems
