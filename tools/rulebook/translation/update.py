"""`rulebook i18n update FILE`: bring a translator's old PO file up to the current English and
facts, as `msgmerge --previous` does with the `.pot` template, changing only what changed.

Every entry whose English and quoted facts are unchanged keeps its exact bytes, and so do the
header (other tools' fields, PO-Revision-Date), comments and the entries' order. An entry whose
English changed keeps the translator's text, comments and flags, becomes fuzzy and gets the English
it was made from as `#| msgid` (an entry already fuzzy keeps the `#| msgid` it had, as msgmerge
does). An entry whose English is the same but whose notes show an old value of a fact it quotes
gets today's value in its note and becomes fuzzy (`fact_refresh`). A unit new in English comes as
the export writes it, after the unit before it in English order; an entry whose unit is gone
becomes an obsolete `#~` entry at the end; an obsolete entry whose unit and English are back is
live again, where English order puts it. Nothing is dropped: an entry no unit can be found for
stays as it is.
"""

from __future__ import annotations

import codecs
from dataclasses import dataclass, field
from pathlib import Path

from rulebook.files.disk import write_atomic_bytes
from rulebook.i18n.entry_unit import unit_finder
from rulebook.i18n.fact_refresh import refreshed_facts
from rulebook.i18n.po_blocks import Block, split_blocks
from rulebook.i18n.po_edit import edited_header, joined, wrap_width, wrapped_lines
from rulebook.i18n.po_file import Entry, PoFile, po_bytes, previous_msgid_lines, read_po_file
from rulebook.i18n.refused import refusal_at
from rulebook.model import Project
from rulebook.problem_codes import Message
from rulebook.problems import Refused, cut
from rulebook.translation.export import build_catalog
from rulebook.translation.importer import po_target

_FORMAT_FLAGS = ("python-brace-format", "no-python-brace-format")  # the template's to say, not the file's


@dataclass
class Updated:
    changed: list[str] = field(default_factory=list)  # English changed: now fuzzy, with the previous msgid
    added: list[str] = field(default_factory=list)  # units the file did not have
    obsolete: list[str] = field(default_factory=list)  # units that are gone, kept as #~ entries
    revived: list[str] = field(default_factory=list)  # #~ entries whose unit and English are back
    facts: list[str] = field(default_factory=list)  # a quoted fact's value changed: today's shown, and fuzzy


def update_po(project: Project, po_path: Path) -> Updated:
    shown = str(po_path)
    po = read_po_file(po_path, shown)
    text_set, language = po_target(project, po, shown)
    translatable = text_set.translatable(text_set.words[project.source_language])
    export = split_blocks(po_bytes(build_catalog(project, text_set, language)).decode())
    exported = {block.context(): block for block in export}
    width = wrap_width(po.text)  # what the file's last tool wrapped at: changed entries are wrapped so too
    find_unit = unit_finder(project, text_set)
    entries = sorted(po.entries, key=lambda entry: entry.line)
    updated = Updated()
    kept: list[tuple[str | None, list[str]]] = []  # (the unit a block is for, its lines), in file order
    gone: list[list[str]] = []
    present: set[str] = set()
    revivable: dict[str, tuple[int, list[str]]] = {}  # unit → (its #~ block's place, its lines made live)
    blocks = split_blocks(po.text)
    for block in blocks:
        entry = next((entry for entry in entries if block.start <= entry.line <= block.end), None)
        unit_id = find_unit(entry) if entry is not None else _revivable(block, translatable, present)
        if entry is None and unit_id is not None:  # a #~ entry whose unit and English are back
            revivable[unit_id] = (len(kept), block.revived())
        if entry is None or unit_id is None or unit_id in present:
            kept.append((None, block.lines))  # the header, a #~ entry, or one no unit takes: as it is
        elif unit_id not in translatable:
            gone.append(block.made_obsolete())
            updated.obsolete.append(unit_id)
            continue
        elif entry.plural:
            kept.append((unit_id, block.lines))
        elif entry.msgid == translatable[unit_id]:
            refreshed = refreshed_facts(text_set, language, unit_id, block, entry)
            kept.append((unit_id, block.lines if refreshed is None else refreshed))
            if refreshed is not None:
                updated.facts.append(unit_id)
        elif entry.string:
            kept.append((unit_id, wrapped_lines(_changed(block, exported[unit_id], entry), width)))
            updated.changed.append(unit_id)
        else:  # untranslated, and its English changed: the entry the export writes now
            kept.append((unit_id, wrapped_lines(exported[unit_id].lines, width)))
        if entry is not None and unit_id is not None:
            present.add(unit_id)
    revived = {unit_id: lines for unit_id, (_, lines) in revivable.items() if unit_id not in present}
    for unit_id in revived:  # taken out of the #~ entries before any insertion moves their places
        kept[revivable[unit_id][0]] = (None, [])
    for unit_id in translatable:  # where English order puts them, as msgmerge puts the template's
        if unit_id in revived:
            _insert_after_predecessor(kept, unit_id, revived[unit_id], list(translatable))
            updated.revived.append(unit_id)
        elif unit_id not in present:
            _insert_after_predecessor(kept, unit_id, wrapped_lines(exported[unit_id].lines, width), list(translatable))
            updated.added.append(unit_id)
    newline = "\r\n" if "\r\n" in po.text else "\n"
    english_changed = bool(updated.changed or updated.added or updated.obsolete or updated.revived)
    if english_changed and kept and kept[0][1] is blocks[0].lines and 'msgid ""\n' in blocks[0].lines:
        # POT-Creation-Date is the template's, as msgmerge copies it; no other field of the header changes.
        kept[0] = (None, edited_header(blocks[0], export[0], True, False, fields=()))
    text = joined([lines for _, lines in kept] + gone, [block.lines for block in blocks], newline)
    if text != po.text:
        write_atomic_bytes(po_path, _encoded(text, po, po_path, shown))
    return updated


def _revivable(block: Block, translatable: dict[str, str], present: set[str]) -> str | None:
    """The unit of a #~ entry that is exactly a current unit's English, not yet in the file."""
    message = block.obsolete_message() if block.obsolete else None
    if message is None or message.context not in translatable or message.context in present:
        return None
    return message.context if message.id == translatable[message.context] else None


def _changed(old: Block, exported: Block, entry: Entry) -> list[str]:
    """An entry whose English changed, as msgmerge writes it: the translator's comments, the
    export's extracted comments and references, fuzzy, the English it was made from, the current
    English, and the translator's msgstr lines as they were."""
    translators = [flag for flag in _flags(old) if flag not in _FORMAT_FLAGS]
    kept_flags = list(dict.fromkeys(["fuzzy", *translators, *_flags(exported)]))
    already = entry.fuzzy and old.previous_msgid() is not None  # made from an older English still
    previous = old.starting("#|") if already else previous_msgid_lines(str(entry.msgid), entry.context)
    return [
        *old.translator_comments(),
        *exported.starting("#.", "#:"),
        f"#, {', '.join(kept_flags)}\n",
        *previous,
        *exported.starting("msgctxt", "msgid", '"'),
        *old.msgstr_lines(),
        "\n",
    ]


def _flags(block: Block) -> list[str]:
    return [flag.strip() for line in block.starting("#,") for flag in line[2:].split(",") if flag.strip()]


def _insert_after_predecessor(
    kept: list[tuple[str | None, list[str]]], unit_id: str, lines: list[str], order: list[str]
) -> None:
    """A new unit goes after the unit before it in English order, or first after the header."""
    earlier = set(order[: order.index(unit_id)])
    positions = [index for index, (kept_id, _) in enumerate(kept) if kept_id in earlier]
    kept.insert(positions[-1] + 1 if positions else min(1, len(kept)), (unit_id, lines))


def _encoded(text: str, po: PoFile, po_path: Path, shown: str) -> bytes:
    """The text in the file's own charset, with its byte order mark if it had one."""
    charset = po.catalog.charset or "utf-8"
    bom = "\ufeff" if po_path.read_bytes().startswith(codecs.BOM_UTF8) else ""
    try:
        return (bom + text).encode(charset)
    except (UnicodeEncodeError, LookupError):
        too_small = Message("i18n.charset-too-small", {}, {"charset": cut(charset)})
        raise Refused([refusal_at(shown, 0, too_small)]) from None
