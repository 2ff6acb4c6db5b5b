"""`rulebook i18n import`: a translated PO file back into its words YAML file, all or nothing.

Every check of `rulebook check` runs on the file as it would be written; the import is refused
only when it adds an error, so an import that fixes existing errors is taken. A stale file (the
English changed since it was exported) is taken entry by entry: see `_stale`.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field, replace
from pathlib import Path

from rulebook.documents.schema import schema_problems
from rulebook.files.plan import Plan as Writes
from rulebook.i18n.entry_unit import unit_finder
from rulebook.i18n.fact_basis import fact_changes, same
from rulebook.i18n.history import earlier_english
from rulebook.i18n.language_guess import wrong_language
from rulebook.i18n.po_file import Entry, PoFile, read_po_file
from rulebook.i18n.refused import refusal_at
from rulebook.i18n.seen_facts import seen_facts
from rulebook.i18n.words_file import Change, apply_changes
from rulebook.load.project import words_from_document
from rulebook.located.characters import character_dangers
from rulebook.located.document import LoadError, parse_document
from rulebook.located.limits import text_limit_dangers
from rulebook.model import Facts, Game, Glossary, Project, Status, Unit, Words, source_hash
from rulebook.problem_codes import Message
from rulebook.problems import Problem, Refused, Severity, cut, display_path
from rulebook.validate.check import text_set_problems

NEW_FILE = """# yaml-language-server: $schema=../../schemas/words.schema.json
language: {language}
units: {{}}
"""


@dataclass(frozen=True)
class Skipped:
    unit_id: str
    line: int
    reason: str


@dataclass
class Imported:
    path: Path  # the words file
    changes: list[Change] = field(default_factory=list)
    fuzzy: list[str] = field(default_factory=list)  # unit ids the translator marked fuzzy: kept as needs_work
    outdated: list[str] = field(default_factory=list)  # stale entries taken as outdated translations
    skipped: list[Skipped] = field(default_factory=list)  # stale entries not taken, and why
    obsolete: int = 0  # `#~` entries: the translator's memory of units gone, never imported (and kept)
    # `i18n.wrong-language` at the PO line of each text taken that reads as another language: the
    # import goes through (a guess is no reason to refuse), the translator is told.
    warnings: list[Problem] = field(default_factory=list)


def import_po(project: Project, po_path: Path) -> Imported:
    shown = str(po_path)
    po = read_po_file(po_path, shown)
    text_set, language = po_target(project, po, shown)
    plan = plan_import(project, po, text_set, language, shown)
    plan.imported.obsolete = len(po.catalog.obsolete)
    problems = plan.problems
    text = None
    if plan.imported.changes:
        # Checked even when the file is already refused, so that the translator sees every problem.
        try:
            text = checked_text(project, text_set, language, plan.imported, plan.lines, shown)
        except Refused as refused:
            problems = [*problems, *refused.problems]
    if problems:
        raise Refused(problems)
    if text is not None:
        write_words(project, {plan.imported.path: text})
    return plan.imported


def write_words(project: Project, texts: dict[Path, str]) -> None:
    """Write words files, all or none (rulebook.files.plan): their paths were checked when planned (no link)."""
    writes = Writes(project.root)
    for path, text in texts.items():
        writes.put(path, text)
    writes.apply()


@dataclass
class Plan:
    """What importing a PO file would do, before any check or write."""

    imported: Imported
    lines: dict[str, int]  # unit id → the PO line of its msgid
    problems: list[Problem]  # entries refused


def plan_import(project: Project, po: PoFile, text_set: Game | Glossary, language: str, shown: str) -> Plan:
    """Decide entry by entry: an entry for a unit gone is skipped, one without msgctxt is matched
    by its reference or msgid (`entry_unit`), and only what no unit can take is refused."""
    english = text_set.words[project.source_language]
    translatable = text_set.translatable(english)
    words = text_set.words.get(language)
    find_unit = unit_finder(project, text_set)
    plan = Plan(Imported(text_set.folder / f"{language}.yaml"), {}, [])
    imported, problems, lines = plan.imported, plan.problems, plan.lines
    if imported.path.is_symlink():
        # Writing replaces the file: a link would be followed to read and replaced by what it pointed at.
        where = display_path(imported.path, project.root)
        raise Refused([refusal_at(where, 0, Message("i18n.words-file-link"))])
    first_lines: dict[str, int] = {}
    for entry in po.entries:
        unit_id = find_unit(entry)
        if unit_id is None:
            no_unit = Message("i18n.no-unit", {"comment": "`#:`"}, {"text_set": cut(text_set.id)})
            problems.append(refusal_at(shown, entry.line, no_unit))
            continue
        unit = {"unit": cut(unit_id)}
        if unit_id in first_lines:  # only entries matched without msgctxt get here: read_po_file refuses the rest
            second = Message("i18n.second-entry", {"first": first_lines[unit_id]}, unit)
            problems.append(refusal_at(shown, entry.line, second))
            continue
        first_lines[unit_id] = entry.line
        entry = replace(entry, context=unit_id)
        if unit_id not in translatable:
            reason = f"no unit '{unit_id}' in {text_set.id} any more; `rulebook i18n update` keeps it as obsolete"
            imported.skipped.append(Skipped(unit_id, entry.line, reason))
        elif entry.plural:
            problems.append(refusal_at(shown, entry.line, Message("i18n.plural-entry", {}, unit)))
        elif entry.string and (too_much := list(text_limit_dangers(entry.string))):
            # Refused here, by entry, before any check renders it: the bounds keep rendering fast.
            problems += [refusal_at(shown, entry.line, message, field=f"'{unit['unit']}'") for message in too_much]
        elif entry.string and (dangers := list(character_dangers(entry.string))):
            # Refused here, by entry: a control character would not even survive the YAML writer.
            problems += [refusal_at(shown, entry.line, danger, field=f"'{unit['unit']}'") for danger in dangers]
        elif entry.string:
            lines[unit_id] = entry.line
            current = words.units.get(unit_id) if words else None
            if entry.msgid == translatable[unit_id]:
                _current(imported, entry, current, source_hash(entry.msgid), text_set.facts, language)
            else:
                _stale(imported, project, text_set, entry, current, translatable[unit_id])
    imported.warnings = _wrong_languages(project, imported, words, language, lines, shown)
    return plan


def _wrong_languages(
    project: Project, imported: Imported, words: Words | None, language: str, lines: dict[str, int], shown: str
) -> list[Problem]:
    """A warning for each new text taken that reads as another of the project's languages (a text
    the YAML has already is `rulebook check`'s to warn of)."""
    warnings = []
    for change in imported.changes:
        current = words.units.get(change.unit_id) if words else None
        if current is not None and current.text == change.text:
            continue
        message = wrong_language(change.text, language, project.languages)
        if message is not None:
            where = lines[change.unit_id]
            field = f"'{cut(change.unit_id)}'"
            warnings.append(Problem.coded(shown, where, 0, message, field=field, severity=Severity.WARNING))
    return warnings


def po_target(project: Project, po: PoFile, shown: str) -> tuple[Game | Glossary, str]:
    """The game (or glossary) and the language a PO file is for, from its header."""
    text_set = next((t for t in project.text_sets() if t.id == po.catalog.version), None)
    if text_set is None:
        version = {"version": cut(f"{po.catalog.project} {po.catalog.version}")}
        unknown = Message("i18n.unknown-project", {"command": "`rulebook i18n export`"}, version)
        raise Refused([refusal_at(shown, 0, unknown)])
    if project.source_language not in text_set.words:  # missing or unreadable: `check` says which
        source_file = {"file": f"{text_set.id}'s {project.source_language}.yaml"}
        raise Refused([refusal_at(shown, 0, Message("i18n.no-english", {"command": "`rulebook check`"}, source_file))])
    translations = project.languages[1:]
    if po.language not in translations:
        said = {"language": cut(po.language or "none"), "choices": ", ".join(translations)}
        raise Refused([refusal_at(shown, 0, Message("i18n.unknown-language", {"translations": translations}, said))])
    return text_set, po.language


def _current(imported: Imported, entry: Entry, current: Unit | None, wanted: str, facts: Facts, language: str) -> None:
    """An entry made from the current English. A fuzzy one is the translator's "needs work": kept,
    with `needs_work`, unless it is the export's own mark of an outdated unit left as it was. The
    facts recorded are those the entry showed (`seen_facts`): an entry that did not show a fact's new
    value confirms nothing about it, so a fact change stays outdated until a translator acts on it."""
    assert isinstance(entry.string, str) and entry.context is not None
    english = str(entry.msgid)
    seen = seen_facts(entry.notes, english, facts, language, current.facts if current else None)
    changed = fact_changes(current, english, facts) if current is not None else []
    outdated = current is not None and (current.source != wanted or bool(changed))
    if current is not None and current.text == entry.string and outdated and entry.fuzzy:
        return  # outdated, and still marked so: nothing the translator did
    change = None
    if current is None or current.text != entry.string:
        draft = Status.DRAFT.value
        change = Change(entry.context, entry.string, wanted, draft, needs_work=entry.fuzzy, facts=seen.values)
    elif outdated:
        # An outdated unit confirmed without an edit: it now translates the current English, and the
        # facts as the entry showed them. A review was of the old English or facts, so `reviewed`
        # becomes `draft`; a publisher's text stays `original`. An entry that showed no new value
        # (exported before the fact changed) and translates the current English already changes nothing.
        if current.source == wanted and all(same(seen.values[fact.name], fact.before) for fact in changed):
            return
        status = Status.DRAFT.value if current.status is Status.REVIEWED else None
        change = Change(entry.context, current.text, wanted, status, needs_work=False, facts=seen.values)
    elif current.needs_work != entry.fuzzy:  # the flag alone was set or cleared
        # A reviewed text the translator now doubts is a draft again; a publisher's stays `original`.
        status = Status.DRAFT.value if entry.fuzzy and current.status is Status.REVIEWED else None
        recorded = seen.values if current.facts is None else None  # a current unit keeps its record
        change = Change(entry.context, current.text, wanted, status, needs_work=entry.fuzzy, facts=recorded)
    if change is not None:
        imported.changes.append(change)
        if entry.fuzzy:
            imported.fuzzy.append(entry.context)


def _stale(
    imported: Imported,
    project: Project,
    text_set: Game | Glossary,
    entry: Entry,
    current: Unit | None,
    english: str,
) -> None:
    """An entry made from an older English. It is taken as an outdated translation (with the hash of
    the English it was made from, so the site marks it and the next export shows it fuzzy) when that
    is progress: the unit has no translation, or an outdated one of the same English. Otherwise it is
    skipped; either way it is listed."""
    assert isinstance(entry.string, str) and entry.context is not None
    unit_id, made_from = entry.context, source_hash(str(entry.msgid))
    if made_from not in earlier_english(project, text_set):
        reason = "its msgid is neither the current English nor an earlier one in git history"
    elif current is not None and current.source == source_hash(english):
        reason = "the YAML already has a translation of the current English"
    elif current is not None and current.source != made_from:
        reason = "the YAML has a translation of a different earlier English"
    elif current is not None and current.text == entry.string:
        reason = "unchanged: the YAML has this translation, still outdated"
    else:
        imported.changes.append(Change(unit_id, entry.string, made_from, Status.DRAFT.value, needs_work=entry.fuzzy))
        imported.outdated.append(unit_id)
        if entry.fuzzy:
            imported.fuzzy.append(unit_id)
        return
    imported.skipped.append(Skipped(unit_id, entry.line, reason))


def checked_text(
    project: Project, text_set: Game | Glossary, language: str, imported: Imported, lines: dict[str, int], shown: str
) -> str:
    """The words file with the changes made, when they add no error to what `rulebook check` finds;
    else they are all refused."""
    return checked_words(project, text_set, language, imported, lines, shown)[0]


def checked_words(
    project: Project, text_set: Game | Glossary, language: str, imported: Imported, lines: dict[str, int], shown: str
) -> tuple[str, Words]:
    """The words file's text with the changes made and the words it holds, as `checked_text` checks them."""
    path = imported.path
    original = path.read_text(encoding="utf-8") if path.is_file() else NEW_FILE.format(language=language)
    order = list(text_set.translatable(text_set.words[project.source_language]))
    updated = apply_changes(original, imported.changes, order)
    yaml_shown = display_path(path, project.root)
    try:
        document = parse_document(updated.encode("utf-8"), yaml_shown)
    except LoadError as error:  # a bug of ours: never write a file we could not read back
        raise Refused(error.problems) from None
    invalid = schema_problems(document, project.root / "schemas" / "words.schema.json")
    if invalid:
        raise Refused(invalid)
    words: Words = words_from_document(document, project.source_language)
    after = replace(text_set, words={**text_set.words, language: words})
    added = _new_errors(text_set_problems(project, text_set), text_set_problems(project, after))
    if added:
        raise Refused([_located(problem, lines, shown) for problem in sorted(added)])
    return updated, words


def _new_errors(before: list[Problem], after: list[Problem]) -> list[Problem]:
    """The errors `after` has beyond those `before` had, each with its position in `after`.

    Compared without positions: an import moves lines, and a moved problem is not a new one."""
    unplaced = Counter(replace(problem, line=0, col=0) for problem in after if problem.is_error)
    unplaced.subtract(replace(problem, line=0, col=0) for problem in before if problem.is_error)
    new = []
    for problem in after:
        key = replace(problem, line=0, col=0)
        if problem.is_error and unplaced[key] > 0:
            unplaced[key] -= 1
            new.append(problem)
    return new


_UNIT = re.compile(r"^units\.(?P<unit>.+?)(?:\.text)?: (?P<check>.*)$", re.DOTALL)


def _located(problem: Problem, lines: dict[str, int], shown: str) -> Problem:
    """A new error as the translator can act on it: the PO line and the unit id, said before the
    check's own words; its code and params are the check's."""
    match = _UNIT.match(problem.message)
    if match and match["unit"] in lines:
        field = f"'{match['unit']}'"
        quoted = {**problem.quoted, "field": field}
        return replace(
            problem, file=shown, line=lines[match["unit"]], col=0, message=f"{field}: {match['check']}", quoted=quoted
        )
    after = Message("i18n.after-import", {"code": problem.code}, {"problem": problem.message})
    return Problem.coded(problem.file, problem.line, problem.col, after, path=problem.path)
