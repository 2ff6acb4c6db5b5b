"""The values of the facts a PO entry showed its translator (`#. {setup.cards_per_player} = 3`).

A translator works on an entry with those values in view: an edit is made for them, and clearing
the fuzzy flag confirms the text for them only. So an import records what the entry showed, not the
values of the day, and a translation outdated by a fact's change is confirmed only by an entry
that showed the new value. An entry exported before the change and sent back unedited confirms
nothing: no command takes a translator's silence for their word (issue 46).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from babel.numbers import NumberFormatError, parse_decimal

from rulebook.i18n.fact_basis import quoted_values
from rulebook.located.characters import character_dangers
from rulebook.text import placeholders

# The note translator_notes.py writes for each placeholder: `{group.name} = <value in the language>`.
_NOTE = re.compile(r"\{(?P<name>[a-z][a-z0-9_]*(?:\.[a-z][a-z0-9_]*)*)\} = (?P<value>.*)")


def shown_values(notes: Iterable[str]) -> dict[str, str]:
    """Each placeholder's value as an entry's `#.` notes show it, by name.

    >>> shown_values(["Rule 1.2 of a game", "{setup.cards_per_player} = 3", "synced: e3b0c44298fc"])
    {'setup.cards_per_player': '3'}
    """
    values: dict[str, str] = {}
    for note in notes:
        match = _NOTE.fullmatch(note.strip())
        if match:
            values.setdefault(match["name"], match["value"])
    return values


def written(value: Any, language: str) -> str | None:
    """A fact's value as a note shows it in the language; None for what no note can show."""
    try:
        return placeholders.format_value(value, language)
    except TypeError:
        return None


@dataclass(frozen=True)
class Seen:
    values: dict[str, Any]  # by placeholder name: the value the translator saw (today's where no note says)
    current: frozenset[str]  # the names whose value of today the entry showed


def seen_facts(
    notes: Iterable[str], english: str, facts: Mapping[str, Any], language: str, recorded: Mapping[str, Any] | None
) -> Seen:
    """What the entry showed of each fact its English quotes. A note that shows another value than
    today's stands for the value the unit recorded when that is what it shows, else for the number
    it reads as, else for its own text (when it is plain and short): the translation then stays
    outdated for that fact.

    >>> facts = {"setup": {"draw": 5}}
    >>> seen = seen_facts(["{setup.draw} = 3"], "{setup.draw} tiles", facts, "cs", {"setup.draw": 3})
    >>> seen.values, sorted(seen.current)
    ({'setup.draw': 3}, [])
    >>> seen_facts(["{setup.draw} = 5"], "{setup.draw} tiles", facts, "cs", None).current
    frozenset({'setup.draw'})
    >>> seen_facts([], "{setup.draw} tiles", facts, "cs", None).values  # no note: no evidence of another value
    {'setup.draw': 5}
    """
    shown = shown_values(notes)
    values: dict[str, Any] = {}
    current: set[str] = set()
    for name, value in quoted_values(english, facts).items():
        note = shown.get(name)
        if note is None:
            values[name] = value
        elif note == written(value, language):
            values[name] = value
            current.add(name)
        elif recorded is not None and name in recorded and note == written(recorded[name], language):
            values[name] = recorded[name]
        elif _plain(note):
            values[name] = _number(note, value, language)
        else:  # a note no export wrote: recorded as nothing the translator saw
            values[name] = recorded[name] if recorded is not None and name in recorded else value
    return Seen(values, frozenset(current))


MAX_NOTE_VALUE = 80  # longer than any value an export writes: a note past it was not written by one


def _plain(note: str) -> bool:
    """A note's value that may be recorded in a words file: short, and without control characters.

    >>> _plain("LR03"), _plain("3\x1b[2J"), _plain("9" * 200)
    (True, False, False)
    """
    return len(note) <= MAX_NOTE_VALUE and not any(character_dangers(note))


def _number(note: str, today: Any, language: str) -> Any:
    """The number a note shows, of the kind of today's value (3, or 1.5), when it reads back as
    written; else the note's text itself.

    >>> _number("3", 5, "cs"), _number("1,5", 2.5, "fr"), _number("tři", 5, "cs")
    (3, 1.5, 'tři')
    """
    if isinstance(today, bool) or not isinstance(today, int | float):
        return note
    try:
        number: Decimal = parse_decimal(note, locale=language, strict=True)
    except (NumberFormatError, ValueError, ArithmeticError):
        return note
    whole = isinstance(today, int) and number == number.to_integral_value()
    value: int | float = int(number) if whole else float(number)
    return value if written(value, language) == note else note
