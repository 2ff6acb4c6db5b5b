"""Checks across languages: which units exist where, and what a translation must record."""

from __future__ import annotations

from rulebook.i18n.fact_basis import ENGLISH_CHANGED, outdated_reasons
from rulebook.located.document import Document
from rulebook.model import Game, Glossary, Project
from rulebook.problem_codes import Message
from rulebook.problem_codes.words import DELETING
from rulebook.problems import Problem, Severity, cut


def translation_problems(project: Project, game: Game | Glossary) -> list[Problem]:
    """Works on any text set: a game, or the glossary."""
    source = project.source_language
    english = game.words.get(source)
    if english is None:
        if source in game.unreadable:  # its own problems say why
            return []
        return [game.document.problem((), Message("unit.no-source-file", {"file": f"{source}.yaml"}))]
    expected = game.unit_ids()
    translatable = game.translatable(english)
    problems = [
        _at_key(english.document, ("units",), Message("unit.missing-english", {}, {"unit": cut(unit_id)}), "units")
        for unit_id in expected
        if unit_id not in english.units
    ]
    problems += [
        _at_key(english.document, ("units", unit_id), Message("unit.unknown", {}, _deleting(game, unit_id)))
        for unit_id in english.units
        if unit_id not in expected
    ]
    for language in project.languages[1:]:
        words = game.words.get(language)
        if words is None:
            if language not in game.unreadable:
                untranslated = Message("unit.no-translation-file", {"file": f"{language}.yaml", "text_set": game.id})
                problems.append(game.document.problem((), untranslated, severity=Severity.WARNING))
            continue
        raw_units = words.document.data["units"]
        for unit_id in words.units:
            where = ("units", unit_id)
            if unit_id not in translatable:
                problems.append(
                    _at_key(
                        words.document,
                        where,
                        Message("unit.nothing-to-translate", {"file": f"{source}.yaml"}, _deleting(game, unit_id)),
                    )
                )
                continue
            if "source" not in raw_units[unit_id]:
                problems.append(_at_key(words.document, where, Message("unit.no-source-hash")))
            elif reasons := outdated_reasons(words.units[unit_id], translatable[unit_id], game.facts):
                said = "; ".join(reasons).replace(
                    ENGLISH_CHANGED, f"the {source} text changed since this translation was made"
                )
                outdated = Message("unit.outdated", {}, {"reasons": said})
                problems.append(_at_key(words.document, where, outdated, severity=Severity.WARNING))
            if "status" not in raw_units[unit_id]:
                problems.append(_at_key(words.document, where, Message("unit.no-status")))
        problems += [
            _at_key(
                words.document,
                ("units",),
                Message("unit.untranslated", {"language": language}, {"unit": cut(unit_id)}),
                "units",
                severity=Severity.WARNING,
            )
            for unit_id in expected
            if unit_id in english.units and unit_id not in words.units
        ]
    return problems


def _deleting(text_set: Game | Glossary, unit_id: str) -> dict[str, str]:
    """For the unit of a rule that game.yaml no longer has: the command that deletes it everywhere."""
    rule_id = unit_id.removeprefix("rule.")
    if not isinstance(text_set, Game) or rule_id == unit_id or rule_id in {rule.id for rule in text_set.rules()}:
        return {"deleting": "", "command": ""}
    return {"deleting": DELETING, "command": f"`rulebook rule delete {text_set.id} {cut(rule_id)}`"}


def _at_key(
    document: Document, path: tuple, message: Message, field: str | None = None, severity: Severity = Severity.ERROR
) -> Problem:
    """At the unit's key, said after its path (`units.rule.x: …`) unless another `field` is given."""
    where = field or ".".join(map(str, path))
    return document.problem(path, message, key=True, field=where, severity=severity)
