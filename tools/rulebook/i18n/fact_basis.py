"""A translation's basis is its English text and the values of the facts that text quotes.

A translation records `source` (the hash of the English) and, beside it, `facts`: the value of
each fact the English quotes, as the translator saw it (`{setup.cards_per_player} = 3`). Czech and
French choose word forms from those values, so a changed value makes the translation outdated,
with the change as the reason. A translation that records no `facts` (written by hand) is judged
by its `source` alone.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from rulebook.model import Unit, source_hash
from rulebook.text import placeholders

ENGLISH_CHANGED = "the English text changed since this translation was made"


def quoted_values(text: str, facts: Mapping[str, Any]) -> dict[str, Any]:
    """The value of every fact a text quotes, by placeholder name, in order.

    >>> quoted_values("draw {setup.cards_per_player} from {nowhere.x}", {"setup": {"cards_per_player": 3}})
    {'setup.cards_per_player': 3}
    """
    values = {}
    for name in placeholders.names(text):
        try:
            values[name] = placeholders.lookup(facts, name)
        except KeyError:
            continue  # `rulebook check` reports a placeholder that names no fact
    return values


def shown(value: Any) -> str:
    """A value as a reason quotes it.

    >>> shown(3), shown([1, 2]), shown("LR03")
    ('3', '[1, 2]', 'LR03')
    """
    return value if isinstance(value, str) else json.dumps(value)


def same(recorded: Any, current: Any) -> bool:
    """Equal, and of the same kind: 3 and 3.0 are different facts, as `placeholders` formats them.

    >>> same(3, 3), same(3, 3.0), same([1, 2], [1, 2])
    (True, False, True)
    """
    return json.dumps(recorded) == json.dumps(current)


@dataclass(frozen=True)
class FactChange:
    name: str
    before: Any  # the value the translation saw
    after: Any  # the value now

    def __str__(self) -> str:
        return f"the value of {{{self.name}}} changed from {shown(self.before)} to {shown(self.after)}"


def fact_changes(unit: Unit, english: str, facts: Mapping[str, Any]) -> list[FactChange]:
    """The facts the English quotes whose values are no longer those the translation saw."""
    if unit.facts is None:
        return []
    return [
        FactChange(name, unit.facts[name], value)
        for name, value in quoted_values(english, facts).items()
        if name in unit.facts and not same(unit.facts[name], value)
    ]


@lru_cache(maxsize=65536)  # each English text is compared with each of its translations, on every page
def _hash(english: str) -> str:
    return source_hash(english)


def outdated_reasons(unit: Unit, english: str, facts: Mapping[str, Any]) -> list[str]:
    """Why a translation no longer translates the current English and facts; empty when it does."""
    reasons = [ENGLISH_CHANGED] if unit.source != _hash(english) else []
    return reasons + [str(change) for change in fact_changes(unit, english, facts)]


def fact_change_notes(reasons: tuple[str, ...] | list[str]) -> list[str]:
    """The translator notes of an outdated PO entry whose facts changed: the msgid alone cannot show it.

    >>> fact_change_notes([ENGLISH_CHANGED, "the value of {a.b} changed from 3 to 5"])
    ['outdated: the value of {a.b} changed from 3 to 5']
    """
    return [f"outdated: {reason}" for reason in reasons if reason != ENGLISH_CHANGED]
