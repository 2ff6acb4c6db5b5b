"""Never overwrite, never revert (issue 47, part 2).

A PO file can lose its `#. synced:` marks (msgmerge replaces `#.` comments with the template's).
`rulebook i18n sync` then finds the text both sides last agreed on in the file's git history; where
nothing tells the sides apart, it refuses the unit by name with the way out. And a translator's
comment survives every command that writes the file. The clone is test_weblate_commit.py's: the
translated small project (fixture_games.py) with its PO files; the unit is alpha's rule.players.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import polib

from conftest import edit, tree_digest
from publisher import ok, rulebook
from test_weblate import units
from test_weblate_commit import clone, git  # noqa: F401 - the fixture, and git as the clone's author

PO, POT, WORDS = "po/alpha.fr.po", "po/alpha.pot", "rules/alpha/fr.yaml"
AUTHOR_TEXT = "On joue à Alpha de {players.min} à {players.max} joueurs."
TRANSLATOR_TEXT = "Une partie réunit de {players.min} à {players.max} joueurs."
COMMENT = "# Marie : terminologie vérifiée avec l’éditeur"


def author_edits_the_yaml(root: Path) -> str:
    """The French of rule.players edited in the YAML, as an author does; returns the text it had."""
    before = units(root, "alpha", "fr")["rule.players"].text
    path = root / WORDS
    path.write_text(path.read_text(encoding="utf-8").replace(before, AUTHOR_TEXT, 1), encoding="utf-8")
    return before


def msgmerge(root: Path) -> None:
    """The file brought up to the template by GNU msgmerge: every `#.` comment is the template's,
    which has no synced mark."""
    subprocess.run(
        ["msgmerge", "--quiet", "--previous", "-U", "--backup=off", str(root / PO), str(root / POT)], check=True
    )
    assert "synced: " not in (root / PO).read_text(encoding="utf-8")


def msgstr_of(root: Path, unit: str) -> str:
    return next(entry.msgstr for entry in polib.pofile(str(root / PO)) if entry.msgctxt == unit)


def test_an_authors_edit_is_not_reverted_by_a_file_msgmerge_stripped(clone: Path) -> None:  # noqa: F811
    before = author_edits_the_yaml(clone)
    git(clone, "commit", "-qam", "author: rule.players reworded")
    msgmerge(clone)  # the file still holds the old text, and no mark says it is old
    assert msgstr_of(clone, "rule.players") == before
    out = ok(clone, "i18n", "sync")
    assert "'rule.players'" in out  # said as kept for the YAML
    assert units(clone, "alpha", "fr")["rule.players"].text == AUTHOR_TEXT  # not reverted
    assert msgstr_of(clone, "rule.players") == AUTHOR_TEXT  # the file brought up to it


def test_a_translators_edit_in_a_stripped_file_is_imported(clone: Path) -> None:  # noqa: F811
    msgmerge(clone)
    git(clone, "commit", "-qam", "msgmerge")
    text = (clone / PO).read_text(encoding="utf-8")
    (clone / PO).write_text(text.replace(msgstr_of(clone, "rule.players"), TRANSLATOR_TEXT, 1), encoding="utf-8")
    ok(clone, "i18n", "sync")
    assert units(clone, "alpha", "fr")["rule.players"].text == TRANSLATOR_TEXT


def test_both_sides_changed_in_a_stripped_file_is_refused_by_name(clone: Path) -> None:  # noqa: F811
    author_edits_the_yaml(clone)
    git(clone, "commit", "-qam", "author: rule.players reworded")
    msgmerge(clone)
    text = (clone / PO).read_text(encoding="utf-8")
    (clone / PO).write_text(text.replace(msgstr_of(clone, "rule.players"), TRANSLATOR_TEXT, 1), encoding="utf-8")
    digest = tree_digest(clone)
    code, _, err = rulebook(clone, "i18n", "sync")
    assert code == 2
    assert "'rule.players' changed both here and in rules/alpha/fr.yaml since the last sync" in err
    assert tree_digest(clone) == digest


def test_without_a_mark_or_history_a_difference_is_refused_with_the_way_out(clone: Path) -> None:  # noqa: F811
    (clone / ".git").rename(clone / "no-git")  # a copy without history (a tarball, a CI cache)
    author_edits_the_yaml(clone)
    msgmerge(clone)
    digest = tree_digest(clone)
    code, _, err = rulebook(clone, "i18n", "sync")
    assert code == 2
    text = (clone / PO).read_text(encoding="utf-8")
    line = text[: text.index('msgctxt "rule.players"')].count("\n") + 2  # its msgid's line
    assert f"{PO}:{line}: 'rule.players' differs from rules/alpha/fr.yaml" in err  # its msgid's line
    assert f"keep this file's text with `rulebook i18n import {PO}`" in err
    assert "which side changed it cannot be told" in err
    assert tree_digest(clone) == digest
    # The way out: the file's text is wanted after all.
    ok(clone, "i18n", "import", str(clone / PO))
    assert units(clone, "alpha", "fr")["rule.players"].text != AUTHOR_TEXT


def test_a_translators_comment_survives_export_sync_and_update(clone: Path) -> None:  # noqa: F811
    path = clone / PO
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('msgctxt "rule.players"', f'{COMMENT}\nmsgctxt "rule.players"', 1), encoding="utf-8")
    git(clone, "commit", "-qam", "a translator's note")

    def kept() -> bool:
        return any(
            entry.msgctxt == "rule.players" and entry.tcomment == COMMENT.removeprefix("# ")
            for entry in polib.pofile(str(path))
        )

    author_edits_the_yaml(clone)  # the entry itself changes: its msgstr and mark are the export's
    ok(clone, "i18n", "export", "fr")
    assert kept() and msgstr_of(clone, "rule.players") == AUTHOR_TEXT
    ok(clone, "i18n", "sync")
    assert kept()
    edit(clone, "rules/alpha/en.yaml", "{players.max} players.", "{players.max} people.")  # its English changes
    ok(clone, "i18n", "update", str(path))
    assert kept()
