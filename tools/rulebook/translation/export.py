"""`rulebook i18n export`: one PO file per language and per game (or glossary), and a `.pot`
template of each, so that msgmerge can bring an old file up to date as well as `i18n update` can.

`msgctxt` is the unit id, `msgid` the current English, `msgstr` the translation. An outdated
translation is `fuzzy`, with the English it was made from as `#| msgid`, as msgmerge does it.
"""

from __future__ import annotations

import codecs
import re
from datetime import UTC, datetime
from pathlib import Path

from babel import Locale
from babel.messages.catalog import Catalog

from rulebook.files.plan import Plan
from rulebook.i18n.fact_basis import fact_change_notes
from rulebook.i18n.history import earlier_english
from rulebook.i18n.location import unit_location
from rulebook.i18n.po_edit import edited_po
from rulebook.i18n.po_file import po_bytes
from rulebook.i18n.refused import refusal_at
from rulebook.i18n.state import State, unit_states
from rulebook.i18n.sync_mark import synced_note
from rulebook.i18n.translator_notes import translator_notes
from rulebook.i18n.ui import gettext_plural_forms
from rulebook.located.limits import MAX_PO_BYTES
from rulebook.model import Game, Glossary, Project, Status
from rulebook.problem_codes import Message
from rulebook.problems import Problem, Refused
from rulebook.translation.unimported import unimported_edits

PROJECT = "rulebook"


def po_name(text_set: Game | Glossary, language: str) -> str:
    return f"{text_set.id}.{language}.po"


def pot_name(text_set: Game | Glossary) -> str:
    return f"{text_set.id}.pot"


def build_catalog(project: Project, text_set: Game | Glossary, language: str | None) -> Catalog:
    """The PO catalog of one language, or with `language` None the template (no translations)."""
    source = project.source_language
    catalog = Catalog(
        locale=language,
        project=PROJECT,
        version=text_set.id,  # Project-Id-Version: "rulebook <id>" tells `import` where the words go
        header_comment=(
            f"# {text_set.id}: {source} → {language or 'any language'}, exported by `rulebook i18n export`.\n"
            "# msgctxt is the unit id; a fuzzy entry is outdated or needs work, and stays marked so until cleared."
        ),
        creation_date=datetime.now(UTC),
        revision_date=datetime.now(UTC),
        fuzzy=language is None,
    )
    # Not Babel's template placeholders (EMAIL@ADDRESS, LL@li.org), which it puts in for empty values:
    # the project has no address, and the translator's tool fills in who translated.
    catalog.msgid_bugs_address = ""
    catalog.last_translator = ""
    catalog.language_team = Locale.parse(language).english_name if language else ""
    if language is not None:
        catalog.mime_headers = [("Plural-Forms", gettext_plural_forms(project.root, language))]
    english = text_set.words[source]
    earlier = earlier_english(project, text_set)
    translatable = text_set.translatable(english)
    states = unit_states(project, text_set, language) if language else []
    translations = {state.unit_id: state for state in states}
    publisher_texts = _publisher_texts(project, text_set, language)
    for unit_id, text in translatable.items():
        state = translations.get(unit_id)
        unit = state.translation if state else None
        comments = translator_notes(project, text_set, unit_id, language or source)
        if unit is not None:
            comments.append(f"status: {unit.status.value}")
            if unit.note:
                comments.append(f"translation note: {unit.note}")
        if language is not None:  # what `rulebook i18n sync` compares both sides with
            comments.append(synced_note(unit.text if unit is not None else ""))
        outdated = state is not None and unit is not None and state.state is State.OUTDATED
        if outdated and state is not None:
            comments += fact_change_notes(state.reasons)
        previous = earlier.get(unit.source) if outdated and unit.source else None
        message = catalog.add(
            text,
            string=unit.text if unit is not None else "",
            context=unit_id,
            auto_comments=comments,
            locations=[unit_location(text_set, english, unit_id)],
            flags=["fuzzy"] if outdated or (unit is not None and unit.needs_work) else (),
            previous_id=previous if previous else (),
        )
        if message.python_brace_format and unit_id in publisher_texts:
            # A publisher's own text may spell a number out instead of quoting it: tell msgfmt. The
            # template then names no format, so that msgmerge keeps each file's own flag rather than
            # making the publisher's text fuzzy.
            message.flags.discard("python-brace-format")
            if unit is not None:
                message.flags.add("no-python-brace-format")
    return catalog


def _publisher_texts(project: Project, text_set: Game | Glossary, language: str | None) -> set[str]:
    """Units whose translation is the publisher's own text: in this language, or for the template in any."""
    languages = [language] if language else project.languages[1:]
    return {
        unit_id
        for code in languages
        if code in text_set.words
        for unit_id, unit in text_set.words[code].units.items()
        if unit.status is Status.ORIGINAL
    }


def export(project: Project, language: str, only: str | None, folder: Path, *, force: bool = False) -> list[Path]:
    """Write one PO file per text set (or the one named) and its template; return the paths of
    those that changed. Every file is built before the first is written, so a failure leaves the
    folder as it was; a file already there is edited, not replaced (i18n/po_edit.py).

    A PO file already there that holds edits the YAML lacks is not overwritten (unless `force`):
    the export is refused, naming each entry, so that a translator's work is imported first."""
    writes = Plan(project.root)
    for path, data in exported_files(project, language, only, folder, force=force).items():
        writes.put(path, data)
    return writes.apply()


def exported_files(
    project: Project, language: str, only: str | None, folder: Path, *, force: bool = False
) -> dict[Path, bytes]:
    """What `export` writes, path by path, without writing it (refused as `export` refuses): each
    file already in the folder as an edit of itself (i18n/po_edit.py), and none that would stay as
    it is: an unchanged file is not written at all."""
    files: dict[Path, bytes] = {}
    pending: list[Problem] = []
    for text_set in project.text_sets():
        if only is None or text_set.id == only:
            path = folder / po_name(text_set, language)
            for target, language_or_none in ((path, language), (folder / pot_name(text_set), None)):
                data = po_bytes(build_catalog(project, text_set, language_or_none))
                edited = edited_file(target, data, template=language_or_none is None)
                if edited is not None:
                    files[target] = edited
            edits = [] if force else unimported_edits(project, text_set, language, path)
            if edits:
                pending += edits
                command = {"command": f"`rulebook i18n import {path}`"}
                pending.append(refusal_at(str(path), 0, Message("i18n.unimported-edits", {}, command)))
    if pending:
        raise Refused(pending)
    return files


def edited_file(path: Path, data: bytes, *, template: bool = False) -> bytes | None:
    """The export's bytes for `path` as an edit of the file there; None when the file already
    holds exactly them. A file that is not UTF-8 (another charset, or bytes that are not text) or
    over the size bound is replaced whole."""
    try:
        if not path.is_file() or path.is_symlink() or path.stat().st_size > MAX_PO_BYTES:
            return data
        old = path.read_bytes()
        bom = codecs.BOM_UTF8 if old.startswith(codecs.BOM_UTF8) else b""
        text = old[len(bom) :].decode("utf-8")
    except (OSError, UnicodeDecodeError):
        return data
    if not _UTF8.search(text):
        return data
    edited = bom + edited_po(text, data.decode("utf-8"), template=template).encode("utf-8")
    return None if edited == old else edited


_UTF8 = re.compile(r'^"Content-Type: [^"]*charset=utf-?8\\n"$', re.MULTILINE | re.IGNORECASE)
