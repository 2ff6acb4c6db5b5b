"""PO files stay the translators' (issue 47, parts 1 and 5): `export` and `sync` edit a file that is
already there, entry by entry. An unchanged file is not written at all; other tools' header fields,
flags, obsolete entries and Language spelling stay; a translated unit that is gone becomes `#~`, as
msgmerge makes it; `import` says which obsolete entries it leaves. The project is the translated
small project (fixture_games.py) with its PO files made by `rulebook i18n sync`."""

from __future__ import annotations

import shutil
import tempfile
from functools import cache
from pathlib import Path

import polib
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import edit
from fixture_games import make_translated_project
from harness import budget
from publisher import ok
from rulebook.i18n.po_blocks import parse_message, split_blocks
from rulebook.i18n.po_edit import OWN_FLAGS, edited_po

PO = "po/alpha.fr.po"
OBSOLETE = '#~ msgctxt "rule.old"\n#~ msgid "An old rule."\n#~ msgstr "Une ancienne règle."\n'


@pytest.fixture
def synced(translated_project: Path) -> Path:
    """The translated small project with po/ in step with the YAML."""
    ok(translated_project, "i18n", "sync")
    return translated_project


def test_an_export_with_nothing_new_writes_no_file(synced: Path) -> None:
    root = synced
    stamps = {path.name: path.stat().st_mtime_ns for path in (root / "po").iterdir()}
    out = ok(root, "i18n", "export", "fr")
    assert out == ""  # no path printed: none was written
    assert {path.name: path.stat().st_mtime_ns for path in (root / "po").iterdir()} == stamps


def test_other_tools_fields_flags_language_and_obsolete_entries_stay(synced: Path) -> None:
    root = synced
    path = root / PO
    text = path.read_text(encoding="utf-8")
    text = text.replace('"Language: fr\\n"', '"Language: fr_FR\\n"\n"X-Generator: Poedit 3.4\\n"', 1)
    text = text.replace('msgctxt "rule.winner"', '#, read-only\nmsgctxt "rule.winner"', 1)
    path.write_text(text.rstrip("\n") + "\n\n" + OBSOLETE, encoding="utf-8")
    ok(root, "i18n", "sync")
    assert path.read_text(encoding="utf-8") == text.rstrip("\n") + "\n\n" + OBSOLETE  # not a byte changed
    edit(root, "rules/alpha/fr.yaml", "Le jeu se joue de", "On joue de")  # now one entry changes
    ok(root, "i18n", "sync")
    catalog = polib.pofile(str(path))
    assert (catalog.metadata["Language"], catalog.metadata["X-Generator"]) == ("fr_FR", "Poedit 3.4")
    assert "read-only" in next(e for e in catalog if e.msgctxt == "rule.winner").flags
    assert [(e.msgctxt, e.msgstr) for e in catalog.obsolete_entries()] == [("rule.old", "Une ancienne règle.")]
    assert next(e for e in catalog if e.msgctxt == "rule.players").msgstr.startswith("On joue de")


def test_a_translated_unit_that_is_gone_becomes_obsolete(synced: Path) -> None:
    root = synced
    before = next(e.msgstr for e in polib.pofile(str(root / PO)) if e.msgctxt == "rule.players")
    assert before == "Le jeu se joue de {players.min} à {players.max} joueurs."
    ok(root, "rule", "delete", "alpha", "players")
    ok(root, "i18n", "export", "fr")
    catalog = polib.pofile(str(root / PO))
    assert all(e.msgctxt != "rule.players" for e in catalog if not e.obsolete)
    assert [(e.msgctxt, e.msgstr) for e in catalog.obsolete_entries()] == [("rule.players", before)]
    assert all(e.msgctxt != "rule.players" for e in polib.pofile(str(root / "po/alpha.pot")))  # a template has no #~


def test_import_says_it_leaves_obsolete_entries(synced: Path) -> None:
    root = synced
    path = root / PO
    path.write_text(path.read_text(encoding="utf-8").rstrip("\n") + "\n\n" + OBSOLETE, encoding="utf-8")
    out = ok(root, "i18n", "import", str(path))
    assert "  1 obsolete (#~) entr(ies) not imported: kept in the file for the translator" in out.splitlines()


# ---- the edit itself, on generated files -------------------------------------------------------


@cache
def exported_po() -> str:
    """alpha's French as `i18n sync` exports it from the translated small project, made here once
    (a hypothesis test takes no function-scoped fixture)."""
    folder = Path(tempfile.mkdtemp(prefix="po-edit-"))
    try:
        make_translated_project(folder)
        ok(folder, "i18n", "sync")
        return (folder / PO).read_text(encoding="utf-8")
    finally:
        shutil.rmtree(folder)


def meaning(text: str) -> dict:
    """What a PO file says, as polib reads it: each entry's text, translation, notes (whatever their
    wrapping) and the export's flags."""
    catalog = polib.pofile(text)
    return {
        (e.msgctxt, e.obsolete): (
            e.msgid,
            e.msgstr,
            "".join(e.comment.split()),
            e.previous_msgid,
            sorted(set(e.flags) & OWN_FLAGS),
        )
        for e in catalog
    }


@settings(max_examples=budget(8, 300), deadline=None)
@given(
    changes=st.dictionaries(
        st.integers(0, 50),
        st.text(st.characters(codec="utf-8", exclude_categories=["Cs", "Cc"]), max_size=90),
        max_size=5,
    ),
    translator_width=st.sampled_from([40, 60, 77, 79]),
)
def test_the_edit_says_what_the_export_says_and_keeps_every_other_block(changes, translator_width) -> None:
    """A translator's file (re-wrapped by polib at some width) and an export that differs from it in
    a few translations: the edit says exactly what the export says, and every entry the export did
    not change keeps the translator's bytes."""
    catalog = polib.pofile(exported_po(), wrapwidth=translator_width)
    theirs = str(catalog) + "\n"
    exported = polib.pofile(exported_po())
    entries = [entry for entry in exported if entry.msgctxt]
    touched = {entries[index % len(entries)].msgctxt for index in changes}
    for index, text in changes.items():
        entries[index % len(entries)].msgstr = text
    new = str(exported) + "\n"
    edited = edited_po(theirs, new)
    assert meaning(edited) == meaning(new)
    kept = {_unit(block.lines): "".join(block.lines).strip() for block in split_blocks(theirs)[1:]}
    now = {_unit(block.lines): "".join(block.lines).strip() for block in split_blocks(edited)[1:]}
    assert {unit: now[unit] for unit in kept if unit not in touched} == {
        unit: kept[unit] for unit in kept if unit not in touched
    }
    assert edited_po(edited, new) == edited  # a second export changes nothing


def _unit(lines: list[str]) -> str | None:
    message = parse_message([line for line in lines if line.strip()])
    return message.context if message is not None else None
