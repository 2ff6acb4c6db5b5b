"""An old PO entry whose English is today's but whose notes show an old value of a fact it quotes
(`#. {setup.cards_per_player} = 3` where the fact is now 5), as `rulebook i18n update` brings it up to
date: the note shows today's value, a note says what changed, and a translated entry becomes fuzzy,
so that the translator checks the word forms the number chooses before confirming them. Every other
line of the entry keeps its bytes; an entry whose notes show no value is left as it is.
"""

from __future__ import annotations

from rulebook.i18n.fact_basis import FactChange, outdated_reasons, quoted_values, same
from rulebook.i18n.po_blocks import Block
from rulebook.i18n.po_file import Entry
from rulebook.i18n.seen_facts import seen_facts, shown_values, written
from rulebook.model import Game, Glossary
from rulebook.text import placeholders

_OUTDATED = "outdated: the value of {{{name}}} changed"  # the start of the note fact_basis.FactChange words
_BEFORE_FLAGS = ("#|", "msgctxt", "msgid")


def refreshed_facts(
    text_set: Game | Glossary, language: str, unit_id: str, block: Block, entry: Entry
) -> list[str] | None:
    """The entry's lines with today's values of the facts its notes show old values of; None when
    its notes show none."""
    english, facts = str(entry.msgid), text_set.facts
    shown = shown_values(entry.notes)
    today = {name: written(value, language) for name, value in quoted_values(english, facts).items()}
    stale = [name for name, value in today.items() if value is not None and shown.get(name, value) != value]
    if not stale:
        return None
    words = text_set.words.get(language)
    unit = words.units.get(unit_id) if words else None
    seen = seen_facts(entry.notes, english, facts, language, unit.facts if unit else None)
    newline = "\r\n" if block.lines[0].endswith("\r\n") else "\n"
    changes = [FactChange(name, seen.values[name], placeholders.lookup(facts, name)) for name in stale]
    changes = [change for change in changes if not same(change.before, change.after)]  # a note no export wrote
    lines = _notes_refreshed(block.lines, {name: f"{{{name}}} = {today[name]}" for name in stale}, newline)
    last_note = max(index for index, line in enumerate(lines) if line.startswith("#."))
    lines[last_note + 1 : last_note + 1] = [f"#. outdated: {change}{newline}" for change in changes]
    confirmed = unit is not None and unit.text == entry.string and not outdated_reasons(unit, english, facts)
    if entry.string and not entry.fuzzy and not confirmed:  # a translation confirmed for today's value stays so
        lines = _made_fuzzy(lines, newline)
    return lines


def _notes_refreshed(lines: list[str], notes: dict[str, str], newline: str) -> list[str]:
    """Each stale value's note replaced where it stands; an earlier note of its change dropped."""
    out = []
    for line in lines:
        note = line[2:].strip() if line.startswith("#.") else ""
        name = note.partition("}")[0].removeprefix("{")
        if note.startswith("{") and name in notes and note.startswith(f"{{{name}}} = "):
            out.append(f"#. {notes[name]}{newline}")
        elif not any(note.startswith(_OUTDATED.format(name=name)) for name in notes):
            out.append(line)
    return out


def _made_fuzzy(lines: list[str], newline: str) -> list[str]:
    """The entry with `fuzzy` first among its flags, on its `#,` line or on a new one where gettext puts it."""
    for index, line in enumerate(lines):
        if line.startswith("#,"):
            flags = [flag.strip() for flag in line[2:].split(",") if flag.strip()]
            return [*lines[:index], f"#, {', '.join(['fuzzy', *flags])}{newline}", *lines[index + 1 :]]
    first = next(index for index, line in enumerate(lines) if line.startswith(_BEFORE_FLAGS))
    return [*lines[:first], f"#, fuzzy{newline}", *lines[first:]]
