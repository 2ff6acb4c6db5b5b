"""`rulebook i18n update FILE`: bring a translator's old PO file up to the current English, as
msgmerge does with the `.pot` template, keeping every translation the translator made.

An entry whose English changed keeps the translator's text, becomes fuzzy and gets the English it
was made from as `#| msgid`. A unit new in English comes as the YAML has it (or untranslated);
an entry whose unit is gone stays as an obsolete `#~` entry, so no work is lost.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from babel.messages.catalog import Message

from rulebook.files import write_atomic_bytes
from rulebook.i18n.export import build_catalog
from rulebook.i18n.importer import po_target
from rulebook.i18n.po_file import po_bytes, read_po_file
from rulebook.model import Project


@dataclass
class Updated:
    changed: list[str] = field(default_factory=list)  # English changed: now fuzzy, with the previous msgid
    added: list[str] = field(default_factory=list)  # units the file did not have
    obsolete: list[str] = field(default_factory=list)  # units that are gone, kept as #~ entries


def update_po(project: Project, po_path: Path) -> Updated:
    shown = str(po_path)
    po = read_po_file(po_path, shown)
    text_set, language = po_target(project, po, shown)
    catalog = build_catalog(project, text_set, language)
    for name in ("last_translator", "language_team"):  # the translator's own header lines
        if getattr(po.catalog, name):
            setattr(catalog, name, getattr(po.catalog, name))
    old = {entry.context: entry for entry in po.entries if entry.context is not None and not entry.plural}
    updated = Updated()
    for message in list(catalog)[1:]:
        entry = old.pop(message.context, None)
        if entry is None:
            updated.added.append(str(message.context))
            continue
        if entry.msgid == message.id:
            if entry.string:  # the translator's text is newer than the YAML's
                message.string = entry.string
                message.flags.discard("fuzzy")
                message.previous_id = []
            if entry.fuzzy:
                message.flags.add("fuzzy")
        elif entry.string:  # translated from an English that has changed since
            message.string = entry.string
            message.flags.add("fuzzy")
            message.previous_id = [str(entry.msgid)]
            updated.changed.append(str(message.context))
    for entry in old.values():
        key = (entry.msgid, entry.context)
        catalog.obsolete[key] = Message(
            entry.msgid, entry.string, context=entry.context, flags=("fuzzy",) * entry.fuzzy
        )
        updated.obsolete.append(str(entry.context))
    write_atomic_bytes(po_path, po_bytes(catalog))
    return updated
