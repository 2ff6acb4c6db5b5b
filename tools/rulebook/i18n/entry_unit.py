"""Which unit a PO entry is for: its msgctxt, or for an entry that lost it (translate-toolkit's
po2xliff and xliff2po drop msgctxt) its `#:` reference or its msgid.

The export writes one `#:` reference per entry, the line of the unit's English (`unit_location`),
so a reference that still names that line finds the unit even when two units share an English
text (xliff2po then gives those two entries their reference as msgctxt). A reference can point
elsewhere once the English file has moved on, so it wins only when the msgid agrees with it or no
unit has that msgid as its English, now or in git history.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cached_property

from rulebook.i18n.history import earlier_units
from rulebook.i18n.location import unit_location
from rulebook.i18n.po_file import Entry
from rulebook.model import Game, Glossary, Project

UnitFinder = Callable[[Entry], str | None]


class _Units:
    """The indexes are made when an entry without a unit id first needs them: most files have none,
    and git history costs a process per revision."""

    def __init__(self, project: Project, text_set: Game | Glossary) -> None:
        self.project, self.text_set = project, text_set
        self.english = text_set.words[project.source_language]
        self.translatable = text_set.translatable(self.english)

    @cached_property
    def by_reference(self) -> dict[tuple[str, int], str]:
        """The lines that hold exactly one unit's English."""
        lines: dict[tuple[str, int], list[str]] = {}
        for unit_id in self.translatable:
            lines.setdefault(unit_location(self.text_set, self.english, unit_id), []).append(unit_id)
        return {where: ids[0] for where, ids in lines.items() if len(ids) == 1}

    @cached_property
    def by_english(self) -> dict[str, set[str]]:
        """Current English → units."""
        units: dict[str, set[str]] = {}
        for unit_id, text in self.translatable.items():
            units.setdefault(text, set()).add(unit_id)
        return units

    @cached_property
    def by_earlier(self) -> dict[str, set[str]]:
        """Any English the units have had in git history → units."""
        return earlier_units(self.project, self.text_set)

    def find(self, entry: Entry) -> str | None:
        places = [(file, line or 0) for file, line in entry.references]
        if entry.context is not None:
            file, colon, line = entry.context.rpartition(":")
            if entry.context in self.translatable or not (colon and line.isdecimal()):
                return entry.context  # a unit id, or one gone since the export
            # xliff2po gives two entries with one English their reference as msgctxt.
            places.append((file, int(line)))
        msgid = entry.msgid if isinstance(entry.msgid, str) else entry.msgid[0]
        referred = {self.by_reference[place] for place in places if place in self.by_reference}
        current = self.by_english.get(msgid, set())
        for candidates in (referred & current, current):
            if len(candidates) == 1:
                return next(iter(candidates))
        earlier = self.by_earlier.get(msgid, set())
        for candidates in (referred & earlier, earlier, referred):
            if len(candidates) == 1:
                return next(iter(candidates))
        return None


def unit_finder(project: Project, text_set: Game | Glossary) -> UnitFinder:
    """How to tell an entry's unit (None when nothing names one unit)."""
    return _Units(project, text_set).find
