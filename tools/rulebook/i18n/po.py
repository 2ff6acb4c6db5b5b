"""PO files for translators, through Babel: one catalog per language and per game (or glossary).

`msgctxt` is the unit id, `msgid` the current English, `msgstr` the translation. An outdated
translation is `fuzzy`, with the English it was made from as `#| msgid`, as msgmerge does it.
Comments carry the rule number and any note, so that Poedit and Weblate show them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime
from io import BytesIO
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import PoFileError, read_po, write_po

from rulebook.i18n.history import earlier_texts
from rulebook.i18n.state import State, unit_states
from rulebook.i18n.words_file import Change, apply_changes
from rulebook.model import Game, Glossary, Project, Status, Unit, source_hash
from rulebook.problems import display_path

PROJECT = "rulebook"
PLACEHOLDER_NOTE = "Keep every {group.name} placeholder: the site fills it from game data."


def po_name(text_set: Game | Glossary, language: str) -> str:
    return f"{text_set.id}.{language}.po"


def build_catalog(project: Project, text_set: Game | Glossary, language: str) -> Catalog:
    english = text_set.words[project.source_language]
    catalog = Catalog(
        locale=language,
        domain=text_set.id,
        project=PROJECT,
        version=text_set.id,  # Project-Id-Version: "rulebook <id>" tells `import` where the words go
        header_comment=(
            f"# {text_set.id}: {project.source_language} → {language}, exported by `rulebook i18n export`.\n"
            "# msgctxt is the unit id; fuzzy entries are outdated and are not imported until cleared."
        ),
        creation_date=datetime.now(UTC),
        fuzzy=False,
    )
    words = text_set.words.get(language)
    source_file = english.document.file
    translated_file = words.document.file if words else source_file
    earlier = _earlier(project, text_set, source_file)
    for state in unit_states(project, text_set, language):
        unit = state.translation
        comments = _comments(project, text_set, state.unit_id, english)
        if unit is not None:
            comments.append(f"status: {unit.status.value}")
            if unit.note:
                comments.append(f"translation note: {unit.note}")
        line = english.document.where(("units", state.unit_id), key=True)[0] if state.unit_id in english.units else 0
        previous = earlier.get(unit.source) if unit is not None and state.state is State.OUTDATED else None
        message = catalog.add(
            state.source_text,
            string=unit.text if unit is not None else "",
            context=state.unit_id,
            auto_comments=comments,
            locations=[(source_file if line else translated_file, line)] if line else (),
            flags=["fuzzy"] if state.state is State.OUTDATED else (),
            previous_id=previous if previous else (),
        )
        if unit is not None and unit.status is Status.ORIGINAL and message.python_brace_format:
            # A publisher's own text may spell a number out instead of quoting it: tell msgfmt.
            message.flags.discard("python-brace-format")
            message.flags.add("no-python-brace-format")
    return catalog


def _earlier(project: Project, text_set: Game | Glossary, source_file: str) -> dict[str, str]:
    texts = dict(earlier_texts(project.root, source_file))
    if isinstance(text_set, Glossary):
        texts.update(
            earlier_texts(
                project.root,
                display_path(text_set.document.file and project.root / text_set.document.file, project.root),
            )
        )
    return texts


def _comments(project: Project, text_set: Game | Glossary, unit_id: str, english) -> list[str]:
    kind, _, rest = unit_id.partition(".")
    comments: list[str] = []
    if isinstance(text_set, Game):
        if kind == "rule":
            rule = text_set.rule(rest)
            comments.append(f"Rule {text_set.citation(rule)}" if rule else "Rule")
        elif kind == "section":
            section = next((s for s in text_set.sections if s.id == rest), None)
            comments.append(f"Section title {text_set.name} {section.number}" if section else "Section title")
        elif kind == "example":
            comments.append("Caption of a worked example: quote exactly the numbers the English quotes")
        elif kind == "ruling":
            ruling_id, _, part = rest.rpartition(".")
            comments.append(f"Referee note (project ruling '{ruling_id}'): the {part}")
        elif kind == "summary":
            comments.append(f"One-line description of {text_set.name} on the home page")
    else:
        symbol_id, _, part = rest.rpartition(".")
        symbol = text_set.symbol(symbol_id)
        if symbol is not None:
            readings = " · ".join(symbol.readings)
            comments.append(f"Glossary symbol '{symbol.id}' ({symbol.icon}), English readings: {readings}")
            if part == "readings":
                comments.append("Explain these English readings to a reader of your language; the msgid lists them")
    unit = english.units.get(unit_id)
    if unit is not None and unit.note:
        comments.append(f"note: {unit.note}")
    if "{" in (unit.text if unit else ""):
        comments.append(PLACEHOLDER_NOTE)
    return comments


def catalog_bytes(catalog: Catalog) -> bytes:
    out = BytesIO()
    write_po(out, catalog, width=0, include_previous=True, sort_output=False)
    return out.getvalue()


def export(project: Project, language: str, only: str | None, folder: Path) -> list[Path]:
    """Write one PO file per text set (or the one named), atomically; return their paths."""
    from rulebook.files import write_atomic_bytes

    written = []
    for text_set in project.text_sets():
        if only is not None and text_set.id != only:
            continue
        path = folder / po_name(text_set, language)
        write_atomic_bytes(path, catalog_bytes(build_catalog(project, text_set, language)))
        written.append(path)
    return written


class ImportRefused(Exception):
    """The PO file cannot be taken; nothing was written. Each problem names the file and line."""

    def __init__(self, problems: list[str]):
        super().__init__("\n".join(problems))
        self.problems = problems


@dataclass(frozen=True)
class Imported:
    path: Path  # the words file
    changes: list[Change]
    fuzzy: int  # entries left out because they are marked fuzzy


def import_po(project: Project, po_path: Path) -> Imported:
    """Take a translated PO file back into its words YAML file, all or nothing."""
    shown = str(po_path)
    catalog = _read_catalog(po_path, shown)
    text_set = next((t for t in project.text_sets() if t.id == catalog.version), None)
    if text_set is None:
        raise ImportRefused(
            [
                f"{shown}: its Project-Id-Version names no game or glossary "
                f"({catalog.project} {catalog.version}); export the file with `rulebook i18n export`"
            ]
        )
    language = str(catalog.locale) if catalog.locale else ""
    if language not in project.languages[1:]:
        raise ImportRefused(
            [
                f"{shown}: its Language ({language or 'none'}) is not one of the translations "
                f"({', '.join(project.languages[1:])})"
            ]
        )
    english = text_set.words[project.source_language]
    translatable = text_set.translatable(english)
    words = text_set.words.get(language)
    problems, changes, fuzzy = [], [], 0
    for message in catalog:
        if not message.id:
            continue  # the header
        where = f"{shown}:{message.lineno}"
        if not message.context:
            problems.append(f"{where}: an entry without msgctxt, the unit id")
            continue
        if message.context not in translatable:
            problems.append(f"{where}: unknown unit '{message.context}' (not in {text_set.id})")
            continue
        if message.pluralizable or not isinstance(message.string, str):
            problems.append(f"{where}: '{message.context}' has plural forms, but a unit has one text")
            continue
        if message.fuzzy:
            fuzzy += 1
            continue
        if not message.string:
            continue
        if message.id != translatable[message.context]:
            problems.append(
                f"{where}: the msgid of '{message.context}' is not the current English; export again "
                "and carry the translation over"
            )
            continue
        current = words.units.get(message.context) if words else None
        wanted = source_hash(translatable[message.context])
        if current is None or current.text != message.string:
            problems += [f"{where}: '{message.context}': {text}" for text in _text_problems(text_set, message)]
            changes.append(Change(message.context, message.string, wanted, Status.DRAFT.value))
        elif current.source != wanted:
            changes.append(Change(message.context, current.text, wanted, None))  # confirmed as still right
    if problems:
        raise ImportRefused(problems)
    path = text_set.folder / f"{language}.yaml"
    if changes:
        _write(project, path, changes, list(translatable), language)
    return Imported(path, changes, fuzzy)


# Babel's reader forgives a stray word after a string or a missing quote, and keeps mangled text;
# a translator's file is read only when every line has the shape of PO.
_PO_STRING = r'"(?:[^"\\]|\\.)*"'
_PO_LINE = re.compile(
    rf"^(?:\s*|#.*|(?:msgctxt|msgid|msgid_plural|msgstr(?:\[\d+\])?)\s+{_PO_STRING}\s*|\s*{_PO_STRING}\s*)$"
)


def _read_catalog(po_path: Path, shown: str) -> Catalog:
    try:
        raw = po_path.read_bytes()
        text = raw.decode("utf-8")
    except OSError as error:
        raise ImportRefused([f"{shown}: cannot read: {error.strerror}"]) from None
    except UnicodeDecodeError as error:
        line = raw[: error.start].count(b"\n") + 1
        raise ImportRefused([f"{shown}:{line}: not UTF-8: byte 0x{raw[error.start]:02x}"]) from None
    bad = [number for number, line in enumerate(text.splitlines(), 1) if not _PO_LINE.match(line)]
    if bad:
        raise ImportRefused(
            [f"{shown}:{number}: not a valid PO line: {text.splitlines()[number - 1][:60]!r}" for number in bad[:10]]
        )
    try:
        return read_po(BytesIO(raw), abort_invalid=True)
    except PoFileError as error:
        raise ImportRefused([f"{shown}:{error.lineno}: not a valid PO file: {error}"]) from None
    except ValueError as error:
        raise ImportRefused([f"{shown}: not a valid PO file: {error}"]) from None


def _text_problems(text_set: Game | Glossary, message) -> list[str]:
    """The checks `rulebook check` would make of this text, made before anything is written."""
    from rulebook.validate.text import translation_messages

    english = Unit(message.context, message.id, Status.ORIGINAL)
    translated = Unit(message.context, message.string, Status.DRAFT)
    return list(translation_messages(text_set, translated, english))


def _write(project: Project, path: Path, changes: list[Change], order: list[str], language: str) -> None:
    from rulebook.files import write_atomic
    from rulebook.load.document import DocumentError, parse_document
    from rulebook.validate.schema import schema_problems

    original = path.read_text(encoding="utf-8") if path.is_file() else NEW_FILE.format(language=language)
    updated = apply_changes(original, changes, order)
    shown = display_path(path, project.root)
    try:
        document = parse_document(updated.encode("utf-8"), shown)
    except DocumentError as error:  # a bug of ours: never write a file we could not read back
        raise ImportRefused([str(problem) for problem in error.problems]) from None
    invalid = schema_problems(document, project.root / "schemas" / "words.schema.json")
    if invalid:
        raise ImportRefused([str(problem) for problem in invalid])
    write_atomic(path, updated)


NEW_FILE = """# yaml-language-server: $schema=../../schemas/words.schema.json
language: {language}
units: {{}}
"""
