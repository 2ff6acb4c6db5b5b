"""The English a translation was made from: what its placeholders, numbers and Markdown must match.

A translation made from the current English is compared with it. An outdated one is compared with
the English its `source` hash names, found again in git history; an English edit then makes a
translation outdated, never wrong. Where that English cannot be found (no git, or history
rewritten), the outdated translation is compared with the current English, and what differs is
only a warning: the translator will see it when they bring the unit up to date.
"""

from __future__ import annotations

from dataclasses import dataclass

from rulebook.i18n.history import earlier_english
from rulebook.model import Game, Glossary, Project, Status, Unit, source_hash
from rulebook.problems import Severity


@dataclass(frozen=True)
class Basis:
    english: Unit | None  # the English to compare with; None when there is none (glossary readings)
    severity: Severity  # of problems that compare the translation with that English


def basis(project: Project, text_set: Game | Glossary, unit: Unit) -> Basis:
    english = text_set.words.get(project.source_language)
    current = english.units.get(unit.id) if english else None
    if current is None or unit.source is None or unit.source == source_hash(current.text):
        return Basis(current, Severity.ERROR)
    earlier = earlier_english(project, text_set).get(unit.source)
    if earlier is not None:
        return Basis(Unit(unit.id, earlier, Status.ORIGINAL), Severity.ERROR)
    return Basis(current, Severity.WARNING)
