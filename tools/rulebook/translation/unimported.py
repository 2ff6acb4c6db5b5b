"""Edits a PO file holds that the YAML does not: what `rulebook i18n export` would overwrite.

A file holds an unimported edit when importing it would change its words file: a new or edited
translation, an outdated one confirmed, a "needs work" flag set or cleared (the import's own plan,
without its checks). What an import could not take either (an entry for a unit gone, a refused
entry) is not counted: exporting does not lose more of it than importing would.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from rulebook.i18n.mark_history import synced_bases
from rulebook.i18n.po_file import Entry, read_po_file
from rulebook.i18n.refused import refusal_at
from rulebook.model import Game, Glossary, Project, Words, source_hash
from rulebook.problem_codes import Message
from rulebook.problems import Problem, Refused, cut
from rulebook.translation.importer import plan_import, po_target


def unimported_edits(project: Project, text_set: Game | Glossary, language: str, path: Path) -> list[Problem]:
    """One line per entry of the file at `path` that holds an edit the YAML lacks (none when there
    is no file); a file that cannot be read as this text set's PO file is one such line itself."""
    if not path.exists():
        return []
    shown = str(path)
    try:
        po = read_po_file(path, shown)
        target = po_target(project, po, shown)
    except Refused as refused:  # said at the refusal's own place, with its code kept in the params
        first = refused.problems[0]
        said = Message("i18n.not-an-export", {"code": first.code}, {"problem": first.message})
        return [replace(first, message=str(said), code=said.code, params=dict(said.params), quoted=dict(said.quoted))]
    if target != (text_set, language):
        held = {"held_language": target[1], "language": language}
        names = {"held": cut(target[0].id), "text_set": cut(text_set.id)}
        return [refusal_at(shown, 0, Message("i18n.other-text-set", held, names))]
    # An entry that still holds the text of the last sync, where the YAML has moved on, holds no
    # edit: writing the YAML's text over it loses nothing (i18n/mark_history.py).
    bases = synced_bases(project.root, path, po.entries)
    words = text_set.words.get(language)
    po = replace(po, entries=[entry for entry in po.entries if not _left_behind(entry, words, bases)])
    plan = plan_import(project, po, text_set, language, shown)
    return [
        refusal_at(shown, plan.lines[change.unit_id], Message("i18n.not-imported", {}, {"unit": cut(change.unit_id)}))
        for change in plan.imported.changes
    ]


def _left_behind(entry: Entry, words: Words | None, bases: dict[str, str]) -> bool:
    """Whether the entry's text is the one last synced and the YAML's is another."""
    if not isinstance(entry.string, str) or entry.context is None or str(entry.context) not in bases:
        return False
    unit = words.units.get(entry.context) if words else None
    in_yaml = unit.text if unit is not None else ""
    return source_hash(entry.string) == bases[str(entry.context)] and entry.string != in_yaml
