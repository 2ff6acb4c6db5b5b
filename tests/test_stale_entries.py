"""Import decides entry by entry (issue 24, part 2): an entry for a unit deleted since the export is
skipped with a warning, an entry that lost its msgctxt (an XLIFF round trip) is matched by its `#:`
reference or its msgid, and a fuzzy entry is kept as the translator's "needs work" (part 1). The
project is the translated small project (fixture_games.py): alpha's French, whose English has
section.overview at line 11 of rules/alpha/en.yaml and rule.players at line 13."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import polib
import pytest
import yaml

from conftest import run_cli
from fixture_games import NEW_WINNER, WINNER, commit_english_edit, export, with_glossary
from test_import import import_, set_msgstr, yaml_unit

FRENCH = "rules/alpha/fr.yaml"
BEST_FR = "Après {scoring.rounds} manches, le meilleur total l’emporte."

VENV_BIN = Path(sys.executable).parent  # translate-toolkit's commands are installed beside Python
TOOLKIT = (VENV_BIN / "po2xliff").exists() and (VENV_BIN / "xliff2po").exists()


def drop_lines(po: Path, *lines: str) -> None:
    """Remove whole lines, as a tool that does not keep them would."""
    kept = [line for line in po.read_text(encoding="utf-8").split("\n") if line not in lines]
    po.write_text("\n".join(kept), encoding="utf-8")


def msgid_line(po: Path, msgid: str) -> int:
    return po.read_text(encoding="utf-8").split("\n").index(f'msgid "{msgid}"') + 1


def test_an_entry_for_a_deleted_unit_is_skipped_with_a_warning_naming_update(translated_project, tmp_path, capsys):
    po = export(capsys, translated_project, tmp_path)
    set_msgstr(po, "section.overview", "Vue d’ensemble")  # a good edit, which must not be lost with the stale entry
    # rule.players (a msgid on one line, even as polib wraps the file) for a rule since deleted.
    po.write_text(po.read_text(encoding="utf-8").replace('msgctxt "rule.players"', 'msgctxt "rule.challenge"'))
    line = msgid_line(po, "The game is for {players.min} to {players.max} players.")
    code, out, err = import_(capsys, translated_project, po)
    assert code == 0, err
    reason = "no unit 'rule.challenge' in alpha any more; `rulebook i18n update` keeps it as obsolete"
    assert f"  {po}:{line}: skipped: rule.challenge: {reason}" in out.splitlines()
    assert yaml_unit(translated_project, FRENCH, "section.overview")["text"] == "Vue d’ensemble"


def test_an_entry_without_msgctxt_is_matched_by_its_reference(translated_project, tmp_path, capsys):
    po = export(capsys, translated_project, tmp_path)
    set_msgstr(po, "section.overview", "Vue d’ensemble")
    drop_lines(po, 'msgctxt "section.overview"')
    code, out, err = import_(capsys, translated_project, po)
    assert code == 0, err
    assert "  updated: section.overview" in out.splitlines()
    assert yaml_unit(translated_project, FRENCH, "section.overview")["text"] == "Vue d’ensemble"


def test_an_entry_without_msgctxt_or_reference_is_matched_by_its_english(translated_project, tmp_path, capsys):
    po = export(capsys, translated_project, tmp_path)
    set_msgstr(po, "section.overview", "Vue d’ensemble")
    assert "#: rules/alpha/en.yaml:11" in po.read_text(encoding="utf-8").split("\n")  # section.overview's
    drop_lines(po, 'msgctxt "section.overview"', "#: rules/alpha/en.yaml:11")
    assert "#: rules/alpha/en.yaml:11" not in po.read_text(encoding="utf-8").split("\n")  # the line meant
    code, _, err = import_(capsys, translated_project, po)
    assert code == 0, err
    assert yaml_unit(translated_project, FRENCH, "section.overview")["text"] == "Vue d’ensemble"


def test_an_entry_without_msgctxt_is_matched_by_an_english_from_git_history(translated_history, tmp_path, capsys):
    po = export(capsys, translated_history, tmp_path)
    set_msgstr(po, "rule.winner", BEST_FR)
    commit_english_edit(translated_history)  # rule.winner's English is now NEW_WINNER; the file has the old one
    reference = next(e for e in polib.pofile(str(po)) if e.msgctxt == "rule.winner").occurrences[0]
    drop_lines(po, 'msgctxt "rule.winner"', f"#: {reference[0]}:{reference[1]}")
    code, out, err = import_(capsys, translated_history, po)
    assert code == 0, err
    assert "  updated: rule.winner (outdated)" in out.splitlines()
    winner = yaml_unit(translated_history, FRENCH, "rule.winner")
    assert winner["text"] == BEST_FR and NEW_WINNER != WINNER


def test_two_entries_that_match_one_unit_are_refused(translated_project, tmp_path, capsys):
    po = export(capsys, translated_project, tmp_path)
    first = msgid_line(po, "Overview")
    po.write_text(po.read_text(encoding="utf-8") + '\nmsgid "Overview"\nmsgstr "Aperçu général"\n', encoding="utf-8")
    second = len(po.read_text(encoding="utf-8").split("\n")) - 2  # the msgid before the last msgstr
    code, _, err = import_(capsys, translated_project, po)
    assert code == 2
    assert f"{po}:{second}: a second entry for 'section.overview' (the first is at line {first})" in err


@pytest.mark.skipif(not TOOLKIT, reason="translate-toolkit's po2xliff and xliff2po are not installed")
@pytest.mark.parametrize("game", ["alpha", "glossary"])
def test_a_file_round_tripped_through_xliff_is_taken_whole(translated_project, tmp_path, capsys, game):
    """po2xliff then xliff2po drop every msgctxt; every entry is still taken, by reference or msgid.
    The French words are emptied first, so that taking an entry is a change the import reports. The
    glossary's case gives the fixture the project's glossary (with_glossary), its French words with it."""
    root = translated_project if game != "glossary" else with_glossary(translated_project)
    po = export(capsys, root, tmp_path, game=game)
    translated = {entry.msgctxt: entry.msgstr for entry in polib.pofile(str(po)) if entry.msgstr}
    assert len(translated) > 5  # the words exported hold translations to take back
    xliff, back = tmp_path / "file.xlf", tmp_path / "back.po"
    subprocess.run([str(VENV_BIN / "po2xliff"), str(po), str(xliff)], check=True, capture_output=True)
    subprocess.run([str(VENV_BIN / "xliff2po"), str(xliff), str(back)], check=True, capture_output=True)
    # The known limit: msgctxt is gone, or for two entries with one English it is their `#:` reference.
    assert not any(entry.msgctxt in translated for entry in polib.pofile(str(back)))
    words = root / ("glossary" if game == "glossary" else f"rules/{game}") / "fr.yaml"
    schema = words.read_text(encoding="utf-8").split("\n", 1)[0]
    words.write_text(f"{schema}\nlanguage: fr\nunits: {{}}\n", encoding="utf-8")
    code, out, err = import_(capsys, root, back)
    assert code == 0, err
    assert ", 0 skipped" in out and "skipped:" not in out
    units = yaml.safe_load(words.read_text(encoding="utf-8"))["units"]
    assert {unit_id: unit["text"] for unit_id, unit in units.items()} == translated


def test_a_fuzzy_flag_survives_import_and_export(translated_project, tmp_path, capsys):
    """The translator's "come back to this" on an up-to-date entry: kept in the YAML, given back."""
    po = export(capsys, translated_project, tmp_path)
    catalog = polib.pofile(str(po))
    next(e for e in catalog if e.msgctxt == "rule.players").flags.append("fuzzy")
    catalog.save(str(po))
    code, out, err = import_(capsys, translated_project, po)
    assert code == 0, err
    assert "  updated: rule.players (needs work)" in out.splitlines()
    assert yaml_unit(translated_project, FRENCH, "rule.players")["needs_work"] is True
    code, out, err = run_cli(capsys, "--root", str(translated_project), "check")
    assert code == 0, out + err
    again = export(capsys, translated_project, tmp_path / "again")
    players = next(e for e in polib.pofile(str(again)) if e.msgctxt == "rule.players")
    assert players.fuzzy and players.previous_msgid is None  # needs work, not outdated
    # Cleared by the translator and imported: the unit no longer needs work.
    catalog = polib.pofile(str(again))
    next(e for e in catalog if e.msgctxt == "rule.players").flags.remove("fuzzy")
    catalog.save(str(again))
    code, out, err = import_(capsys, translated_project, again)
    assert code == 0, err
    assert "needs_work" not in yaml_unit(translated_project, FRENCH, "rule.players")


def test_a_reviewed_unit_the_translator_flags_fuzzy_is_a_draft_again_and_not_reviewed(
    translated_project, tmp_path, capsys
):
    words = translated_project / FRENCH  # rule.players reviewed: its first status after its id
    text = words.read_text(encoding="utf-8")
    start = text.index("  rule.players:\n")
    words.write_text(text[:start] + text[start:].replace("status: draft", "status: reviewed", 1), encoding="utf-8")
    po = export(capsys, translated_project, tmp_path)
    catalog = polib.pofile(str(po))
    next(e for e in catalog if e.msgctxt == "rule.players").flags.append("fuzzy")
    catalog.save(str(po))
    code, _, err = import_(capsys, translated_project, po)
    assert code == 0, err
    players = yaml_unit(translated_project, FRENCH, "rule.players")
    assert (players["status"], players["needs_work"]) == ("draft", True)
    # A reviewer's file that clears the flag without importing it does not review the unit.
    reviewed = export(capsys, translated_project, tmp_path / "review")
    catalog = polib.pofile(str(reviewed))
    next(e for e in catalog if e.msgctxt == "rule.players").flags.remove("fuzzy")
    catalog.save(str(reviewed))
    code, out, err = run_cli(capsys, "--root", str(translated_project), "i18n", "review", str(reviewed))
    assert code == 0, err
    assert "  not reviewed, fuzzy or outdated: rule.players" in out.splitlines()


def test_a_reference_that_no_longer_agrees_with_the_msgid_gives_way_to_it(translated_project, tmp_path, capsys):
    """The English file moved on: the `#:` line now holds another unit, whose English is not the msgid."""
    po = export(capsys, translated_project, tmp_path)
    set_msgstr(po, "section.overview", "Vue d’ensemble")
    text = po.read_text(encoding="utf-8").replace(
        '#: rules/alpha/en.yaml:11\nmsgctxt "section.overview"\n', "#: rules/alpha/en.yaml:13\n"
    )
    assert 'msgctxt "section.overview"' not in text  # the entry the test means lost its msgctxt
    po.write_text(text, encoding="utf-8")
    code, out, err = import_(capsys, translated_project, po)
    assert code == 0, err
    assert "  updated: section.overview" in out.splitlines() and "rule.players" not in out
