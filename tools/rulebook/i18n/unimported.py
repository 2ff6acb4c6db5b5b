"""Edits a PO file holds that the YAML does not: what `rulebook i18n export` would overwrite.

A file holds an unimported edit when importing it would change its words file: a new or edited
translation, an outdated one confirmed, a "needs work" flag set or cleared (the import's own plan,
without its checks). What an import could not take either (an entry for a unit gone, a refused
entry) is not counted: exporting does not lose more of it than importing would.
"""

from __future__ import annotations

from pathlib import Path

from rulebook.i18n.importer import plan_import, po_target
from rulebook.i18n.po_file import Refused, read_po_file
from rulebook.model import Game, Glossary, Project


def unimported_edits(project: Project, text_set: Game | Glossary, language: str, path: Path) -> list[str]:
    """One line per entry of the file at `path` that holds an edit the YAML lacks (none when there
    is no file); a file that cannot be read as this text set's PO file is one such line itself."""
    if not path.exists():
        return []
    shown = str(path)
    try:
        po = read_po_file(path, shown)
        target = po_target(project, po, shown)
    except Refused as refused:
        return [f"{refused.problems[0]} (it is not a PO file this export would write)"]
    if target != (text_set, language):
        return [f"{shown}: it holds the words of {target[0].id} in {target[1]}, not {text_set.id} in {language}"]
    plan = plan_import(project, po, text_set, language, shown)
    return [
        f"{shown}:{plan.lines[change.unit_id]}: '{change.unit_id}' is not imported yet"
        for change in plan.imported.changes
    ]
