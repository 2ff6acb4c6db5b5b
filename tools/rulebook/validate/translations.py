"""Checks across languages: which units exist where, and what a translation must record."""

from __future__ import annotations

from rulebook.i18n.fact_basis import ENGLISH_CHANGED, outdated_reasons
from rulebook.located.document import Document
from rulebook.model import Game, Glossary, Project
from rulebook.problems import Problem, Severity


def translation_problems(project: Project, game: Game | Glossary) -> list[Problem]:
    """Works on any text set: a game, or the glossary."""
    source = project.source_language
    english = game.words.get(source)
    if english is None:
        if source in game.unreadable:  # its own problems say why
            return []
        return [game.document.problem((), f"no {source}.yaml: the source language is required")]
    expected = game.unit_ids()
    translatable = game.translatable(english)
    problems = [
        _at_key(
            english.document,
            ("units",),
            f"units: '{unit_id}' is missing: game.yaml lists it, and every unit needs English text",
        )
        for unit_id in expected
        if unit_id not in english.units
    ]
    problems += [
        _at_key(
            english.document,
            ("units", unit_id),
            f"units.{unit_id}: no such section or rule in game.yaml{_deleting(game, unit_id)}",
        )
        for unit_id in english.units
        if unit_id not in expected
    ]
    for language in project.languages[1:]:
        words = game.words.get(language)
        if words is None:
            if language not in game.unreadable:
                problems.append(
                    game.document.problem(
                        (), f"no {language}.yaml: nothing in {game.id} is translated yet", severity=Severity.WARNING
                    )
                )
            continue
        raw_units = words.document.data["units"]
        for unit_id in words.units:
            where = ("units", unit_id)
            if unit_id not in translatable:
                problems.append(
                    _at_key(
                        words.document,
                        where,
                        f"units.{unit_id}: not in {source}.yaml, so there is nothing it can translate"
                        + _deleting(game, unit_id),
                    )
                )
                continue
            if "source" not in raw_units[unit_id]:
                problems.append(
                    _at_key(
                        words.document,
                        where,
                        f"units.{unit_id}: a translation must record the hash of the English it translates in 'source'",
                    )
                )
            elif reasons := outdated_reasons(words.units[unit_id], translatable[unit_id], game.facts):
                said = "; ".join(reasons).replace(
                    ENGLISH_CHANGED, f"the {source} text changed since this translation was made"
                )
                problems.append(
                    _at_key(words.document, where, f"units.{unit_id}: outdated: {said}", severity=Severity.WARNING)
                )
            if "status" not in raw_units[unit_id]:
                problems.append(
                    _at_key(
                        words.document,
                        where,
                        f"units.{unit_id}: a translation must say its 'status' (original, draft or reviewed)",
                    )
                )
        problems += [
            _at_key(
                words.document,
                ("units",),
                f"units: '{unit_id}' has no {language} translation yet",
                severity=Severity.WARNING,
            )
            for unit_id in expected
            if unit_id in english.units and unit_id not in words.units
        ]
    return problems


def _deleting(text_set: Game | Glossary, unit_id: str) -> str:
    """For the unit of a rule that game.yaml no longer has: the command that deletes it everywhere."""
    rule_id = unit_id.removeprefix("rule.")
    if not isinstance(text_set, Game) or rule_id == unit_id or rule_id in {rule.id for rule in text_set.rules()}:
        return ""
    return f"; `rulebook rule delete {text_set.id} {rule_id}` removes it from every language"


def _at_key(document: Document, path: tuple, message: str, severity: Severity = Severity.ERROR) -> Problem:
    return document.problem(path, message, key=True, severity=severity)
