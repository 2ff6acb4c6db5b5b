"""Where each translation stands: translated, outdated or missing, and its review status.

A translation records the hash of the English text it was made from; when the English changes,
the hashes differ and the translation is outdated until someone brings it up to date.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from enum import Enum

from rulebook.i18n.fact_basis import outdated_reasons
from rulebook.model import Game, Glossary, Project, Status, Unit


class State(Enum):
    TRANSLATED = "translated"  # present, and made from the current English
    OUTDATED = "outdated"  # present, but the English changed since
    MISSING = "missing"


@dataclass(frozen=True)
class UnitState:
    unit_id: str
    state: State
    source_text: str  # the current English (or, for glossary readings, the readings line)
    translation: Unit | None
    reasons: tuple[str, ...] = ()  # why an outdated translation is (i18n/fact_basis.py)


def unit_states(project: Project, text_set: Game | Glossary, language: str) -> list[UnitState]:
    """Every unit a translation into `language` should have, in English order."""
    english = text_set.words.get(project.source_language)
    if english is None or language == project.source_language:
        return []
    words = text_set.words.get(language)
    states = []
    for unit_id, text in text_set.translatable(english).items():
        unit = words.units.get(unit_id) if words else None
        reasons = tuple(outdated_reasons(unit, text, text_set.facts)) if unit is not None else ()
        if unit is None:
            state = State.MISSING
        elif reasons:
            state = State.OUTDATED
        else:
            state = State.TRANSLATED
        states.append(UnitState(unit_id, state, text, unit, reasons))
    return states


@dataclass(frozen=True)
class Tally:
    """Counts for one language and one text set (a game, or the glossary)."""

    name: str
    total: int
    translated: int
    outdated: int
    missing: int
    draft: int
    reviewed: int
    original: int

    @property
    def percent(self) -> float:
        """Share of units translated from the current English, 0 to 100.

        >>> Tally("x", 4, 3, 1, 0, 2, 1, 0).percent
        75.0
        """
        return 100.0 * self.translated / self.total if self.total else 100.0

    @classmethod
    def of(cls, name: str, states: list[UnitState]) -> Tally:
        kinds = Counter(state.state for state in states)
        statuses = Counter(state.translation.status for state in states if state.translation is not None)
        return cls(
            name,
            len(states),
            kinds[State.TRANSLATED],
            kinds[State.OUTDATED],
            kinds[State.MISSING],
            statuses[Status.DRAFT],
            statuses[Status.REVIEWED],
            statuses[Status.ORIGINAL],
        )

    @classmethod
    def total_of(cls, name: str, tallies: list[Tally]) -> Tally:
        sums = [
            sum(getattr(t, field) for t in tallies)
            for field in ("total", "translated", "outdated", "missing", "draft", "reviewed", "original")
        ]
        return cls(name, *sums)


def language_tallies(project: Project, language: str) -> list[Tally]:
    """One tally per game and for the glossary, then the language's total."""
    tallies = [Tally.of(text_set.id, unit_states(project, text_set, language)) for text_set in project.text_sets()]
    return [*tallies, Tally.total_of("all", tallies)]


def pending_units(project: Project, language: str) -> dict[str, dict[str, list[str]]]:
    """Per game (and glossary): the ids of the outdated and of the missing units, in English order."""
    pending = {}
    for text_set in project.text_sets():
        states = unit_states(project, text_set, language)
        pending[text_set.id] = {
            f"{kind.value}_ids": [state.unit_id for state in states if state.state is kind]
            for kind in (State.OUTDATED, State.MISSING)
        }
    return pending


def outdated_reasons_of(project: Project, language: str) -> dict[str, dict[str, list[str]]]:
    """Per game (and glossary): why each outdated unit is, by unit id."""
    return {
        text_set.id: {
            state.unit_id: list(state.reasons)
            for state in unit_states(project, text_set, language)
            if state.state is State.OUTDATED
        }
        for text_set in project.text_sets()
    }
