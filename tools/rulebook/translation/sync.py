"""`rulebook i18n sync`: the PO files of `po/` (what Weblate reads and commits to) and the YAML in
step, both ways, as one command.

1. Every translated PO file in the folder is read, and each entry is given to the side that
   changed it since the last sync (`sync_mark`): an entry a translator changed is imported into the
   YAML, with every check of `rulebook i18n import`; an entry whose unit changed in the YAML only
   is left for the YAML. A unit changed on both sides, to different texts, is refused by name, and
   so is one whose sides cannot be told apart (no mark, here or in the file's git history).
2. The folder is exported again from the YAML (every language, every game, the templates), so
   that it holds exactly what `rulebook i18n export` writes, each file as an edit of itself
   (i18n/po_edit.py): only the entries whose content changed are written.

Every import is planned and checked before the first file is written: a refusal changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path

from rulebook.files.plan import Plan
from rulebook.i18n.mark_history import synced_bases
from rulebook.i18n.po_file import Entry, PoFile, read_po_file
from rulebook.i18n.refused import refusal_at
from rulebook.model import Game, Glossary, Project, Words, source_hash
from rulebook.problem_codes import Message
from rulebook.problems import Problem, Refused, cut, display_path
from rulebook.translation.export import exported_files, po_name
from rulebook.translation.importer import Imported, checked_words, plan_import, po_target


@dataclass
class Synced:
    imported: list[Imported] = field(default_factory=list)  # one per words file an import changed
    kept: list[str] = field(default_factory=list)  # entries left for the YAML, which changed them
    written: list[Path] = field(default_factory=list)  # the PO files and templates exported, where they changed


@dataclass(frozen=True)
class _Import:
    po: PoFile
    text_set: Game | Glossary
    language: str
    shown: str


def sync(project: Project, folder: Path) -> Synced:
    """Import what translators changed in `folder`, then export it again from the YAML."""
    synced = Synced()
    imports: list[_Import] = []
    conflicts: list[Problem] = []
    for language in project.languages[1:]:
        for text_set in project.text_sets():
            path = folder / po_name(text_set, language)
            if not path.exists():
                continue
            shown = display_path(path, project.root)
            po = read_po_file(path, shown)
            if po_target(project, po, shown) != (text_set, language):
                held = {"version": cut(str(po.catalog.version)), "language": cut(po.language)}
                raise Refused([refusal_at(shown, 0, Message("i18n.wrong-file", {}, held))])
            entries = []
            bases = synced_bases(project.root, path, po.entries)
            words = display_path(text_set.folder / f"{language}.yaml", project.root)
            for entry in po.entries:
                side = _changed_side(entry, text_set.words.get(language), bases.get(str(entry.context)))
                if side == "both":
                    both = {"unit": cut(str(entry.context)), "words": words}
                    conflicts.append(refusal_at(shown, entry.line, Message("i18n.conflict", {}, both)))
                elif side == "unknown":
                    way_out = f"`rulebook i18n import {shown}`"
                    unknown = {"unit": cut(str(entry.context)), "words": words, "command": way_out}
                    conflicts.append(refusal_at(shown, entry.line, Message("i18n.unmarked-conflict", {}, unknown)))
                elif side == "yaml":
                    synced.kept.append(f"{shown}:{entry.line}: '{entry.context}'")
                else:
                    entries.append(entry)
            imports.append(_Import(replace(po, entries=entries), text_set, language, shown))
    if conflicts:
        raise Refused(conflicts)
    plans = [(item, plan_import(project, item.po, item.text_set, item.language, item.shown)) for item in imports]
    problems = [problem for _, plan in plans for problem in plan.problems]
    texts: dict[Path, str] = {}
    words: dict[str, dict[str, Words]] = {}  # text set id → language → the words as imported
    for item, plan in plans:  # every change checked before any is written
        if plan.imported.changes:
            try:
                texts[plan.imported.path], imported = checked_words(
                    project, item.text_set, item.language, plan.imported, plan.lines, item.shown
                )
            except Refused as refused:
                problems += refused.problems
                continue
            words.setdefault(item.text_set.id, {})[item.language] = imported
            synced.imported.append(plan.imported)
    if problems:
        raise Refused(problems)
    # The export is made from the project as the imports leave it, before anything is written:
    # the words files and the PO files are then written together, all or none.
    imported_project = _with_words(project, words)
    writes = Plan(project.root)
    for path, text in texts.items():
        writes.put(path, text)
    files: dict[Path, bytes] = {}
    for language in imported_project.languages[1:]:  # each language's export holds the templates again: the same
        files.update(exported_files(imported_project, language, None, folder, force=True))
    for path, data in files.items():  # only what changed: a sync that changed nothing commits nothing
        writes.put(path, data)
        synced.written.append(path)
    writes.apply()
    return synced


def _with_words(project: Project, words: dict[str, dict[str, Words]]) -> Project:
    """The project with each text set's imported words, as loading it again after writing them would read it."""

    def updated(text_set: Game | Glossary) -> Game | Glossary:
        new = words.get(text_set.id)
        if not new:
            return text_set
        return replace(text_set, words={**text_set.words, **new}, unreadable=text_set.unreadable - set(new))

    glossary = updated(project.glossary) if project.glossary is not None else None
    games = [updated(game) for game in project.games]
    return replace(project, games=games, glossary=glossary)  # type: ignore[arg-type]


def _changed_side(entry: Entry, words: Words | None, base: str | None) -> str:
    """Which side changed the entry's unit since the export that wrote it: "po", "yaml", "both",
    "unknown" (no mark, here or in history, and the two texts differ), or "po" when nothing did
    (the import then finds nothing to do)."""
    if not isinstance(entry.string, str) or entry.context is None:
        return "po"  # a plural entry or one without a unit id: `import` says why it takes none
    unit = words.units.get(entry.context) if words else None
    in_yaml = unit.text if unit is not None else ""
    if base is None:
        return "unknown" if entry.string and entry.string != in_yaml else "po"
    po_changed, yaml_changed = source_hash(entry.string) != base, source_hash(in_yaml) != base
    if po_changed and yaml_changed and entry.string != in_yaml:
        return "both"
    if yaml_changed and not po_changed:
        return "yaml"
    return "po"
