"""`rulebook i18n review FILE`: a reviewer's PO file marks units `reviewed`, without editing YAML.

An entry counts as reviewed when it is translated, not fuzzy, and its text is exactly the YAML's
translation of the current English. A translation outdated only by a quoted fact's new value is
confirmed for that value (and reviewed) when the entry's notes showed it. An edited entry must be
imported first (it becomes a draft); an outdated or fuzzy one is not reviewed. A publisher's text
stays `original`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from rulebook.i18n.entry_unit import unit_finder
from rulebook.i18n.fact_basis import fact_changes
from rulebook.i18n.po_file import read_po_file
from rulebook.i18n.seen_facts import seen_facts
from rulebook.i18n.words_file import Change
from rulebook.model import Project, Status, source_hash
from rulebook.translation.importer import Imported, checked_text, po_target, write_words


@dataclass
class Reviewed:
    path: Path
    reviewed: list[str] = field(default_factory=list)
    edited: list[str] = field(default_factory=list)  # text differs from the YAML: import it first
    outdated: list[str] = field(default_factory=list)  # fuzzy, or the YAML's translation is outdated or needs work


def review_po(project: Project, po_path: Path) -> Reviewed:
    shown = str(po_path)
    po = read_po_file(po_path, shown)
    text_set, language = po_target(project, po, shown)
    translatable = text_set.translatable(text_set.words[project.source_language])
    words = text_set.words.get(language)
    result = Reviewed(text_set.folder / f"{language}.yaml")
    changes: list[Change] = []
    lines: dict[str, int] = {}
    find_unit = unit_finder(project, text_set)
    for entry in po.entries:
        unit_id = find_unit(entry)  # an entry that lost its msgctxt is matched as import matches it
        if unit_id is None or unit_id not in translatable or entry.plural or not entry.string:
            continue
        current = words.units.get(unit_id) if words else None
        wanted = source_hash(translatable[unit_id])
        english = translatable[unit_id]
        changed = fact_changes(current, english, text_set.facts) if current is not None else []
        # A fact's new value is confirmed by an entry that showed it: the reviewer read the text with it.
        seen = seen_facts(entry.notes, english, text_set.facts, language, current.facts if current else None)
        confirmed = all(change.name in seen.current for change in changed)
        stale = current is not None and (current.source != wanted or current.needs_work or not confirmed)
        if entry.fuzzy or entry.msgid != english or stale:
            result.outdated.append(unit_id)
        elif current is None or current.text != entry.string:
            result.edited.append(unit_id)
        elif current.status is Status.DRAFT or changed:
            status = Status.REVIEWED.value if current.status is Status.DRAFT else None  # `original` stays
            changes.append(Change(unit_id, current.text, wanted, status, facts=seen.values if changed else None))
            lines[unit_id] = entry.line
            result.reviewed.append(unit_id)
    if changes:
        text = checked_text(project, text_set, language, Imported(result.path, changes), lines, shown)
        write_words(project, {result.path: text})
    return result
