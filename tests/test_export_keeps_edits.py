"""`rulebook i18n export` never overwrites a translator's unimported work (issue 24, part 1): a PO
file that holds edits the YAML lacks is refused (exit 2) with each entry named, and left as it was.
It runs on the fixture games (fixture_games.py): alpha translated into French."""

from __future__ import annotations

from pathlib import Path

import polib

from conftest import run_cli, tree_digest
from fixture_games import commit_english_edit, export
from test_import import import_, set_msgstr


def export_again(capsys, root: Path, folder: Path, *extra: str) -> tuple[int, str, str]:
    return run_cli(capsys, "--root", str(root), "i18n", "export", "fr", "--game", "alpha", "-o", str(folder), *extra)


def test_an_edited_file_is_not_overwritten_and_each_edit_is_named(translated_project, tmp_path, capsys):
    po = export(capsys, translated_project, tmp_path)
    overview = set_msgstr(po, "section.overview", "Vue d’ensemble")
    players = set_msgstr(po, "rule.players", "De {players.min} à {players.max} joueurs.")
    before = tree_digest(tmp_path)
    code, _, err = export_again(capsys, translated_project, tmp_path)
    assert code == 2
    lines = err.splitlines()
    assert f"{po}:{overview}: 'section.overview' is not imported yet" in lines
    assert f"{po}:{players}: 'rule.players' is not imported yet" in lines
    assert f"{po}: holds edits the YAML does not have; import them first (`rulebook i18n import {po}`)" in err
    assert "--force" in err and "Traceback" not in err
    assert tree_digest(tmp_path) == before  # the PO file and its template alike


def test_a_needs_work_flag_set_in_the_file_is_an_edit_too(translated_project, tmp_path, capsys):
    po = export(capsys, translated_project, tmp_path)
    catalog = polib.pofile(str(po))
    next(e for e in catalog if e.msgctxt == "summary").flags.append("fuzzy")
    catalog.save(str(po))
    code, _, err = export_again(capsys, translated_project, tmp_path)
    assert code == 2
    assert "'summary' is not imported yet" in err


def test_once_imported_the_file_is_exported_over(translated_project, tmp_path, capsys):
    po = export(capsys, translated_project, tmp_path)
    set_msgstr(po, "section.overview", "Vue d’ensemble")
    code, _, err = import_(capsys, translated_project, po)
    assert code == 0, err
    code, _, err = export_again(capsys, translated_project, tmp_path)
    assert code == 0, err
    assert next(e for e in polib.pofile(str(po)) if e.msgctxt == "section.overview").msgstr == "Vue d’ensemble"


def test_a_file_as_exported_is_exported_over_even_with_outdated_entries(translated_history, tmp_path, capsys):
    commit_english_edit(translated_history)  # rule.winner is outdated, hence fuzzy in the file
    po = export(capsys, translated_history, tmp_path)
    assert any(entry.fuzzy for entry in polib.pofile(str(po)))
    code, _, err = export_again(capsys, translated_history, tmp_path)
    assert code == 0, err


def test_force_overwrites_the_edits(translated_project, tmp_path, capsys):
    po = export(capsys, translated_project, tmp_path)
    set_msgstr(po, "section.overview", "Vue d’ensemble")
    code, _, err = export_again(capsys, translated_project, tmp_path, "--force")
    assert code == 0, err
    assert next(e for e in polib.pofile(str(po)) if e.msgctxt == "section.overview").msgstr == "Aperçu"


def test_a_file_that_is_not_po_is_not_overwritten(translated_project, tmp_path, capsys):
    po = tmp_path / "alpha.fr.po"
    po.write_text("My notes, saved under the wrong name.\n", encoding="utf-8")
    code, _, err = export_again(capsys, translated_project, tmp_path)
    assert code == 2
    assert f"{po}:1: not a valid PO line" in err
    assert po.read_text(encoding="utf-8") == "My notes, saved under the wrong name.\n"
