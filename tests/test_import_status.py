"""`rulebook i18n import` and `review`: the status and the hash each unit ends with (issue 17).

The README's translator workflow, step 5: imported text is `draft`; an outdated unit confirmed
without an edit becomes up to date, and `reviewed` becomes `draft` since the review was of the old
English; a publisher's `original` stays so. Step 6: only a reviewer's unchanged, current entry
becomes `reviewed`. And the PO round trip, through a file a translator did edit. The project is the
translated small project (fixture_games.py): alpha's French, six units, all drafts.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import polib
import pytest

from conftest import GIT, edit, run_cli
from fixture_games import NEW_WINNER, TRANSLATIONS, commit_english_edit, export
from fixture_games import WINNER as OLD_WINNER
from rulebook.model import source_hash
from test_import import import_, set_msgstr, yaml_unit
from test_translation import drop_unit

FRENCH = "rules/alpha/fr.yaml"
WINNER_FR = TRANSLATIONS["fr"]["alpha"]["rule.winner"]  # the fixture's French of rule.winner
NEW_FR = "Après {scoring.rounds} manches, le plus haut total gagne."  # a translator's new French
ROUNDS = {"scoring.rounds": 3}  # the fact rule.winner quotes, recorded with each translation of it


def set_status(root: Path, unit_id: str, status: str) -> None:
    text = (root / FRENCH).read_text(encoding="utf-8")
    start = text.index(f"  {unit_id}:\n")
    (root / FRENCH).write_text(text[:start] + text[start:].replace("status: draft", f"status: {status}", 1), "utf-8")


def test_a_unit_new_to_the_translation_comes_in_as_a_draft_of_the_current_english(translated_project, tmp_path, capsys):
    drop_unit(translated_project, FRENCH, "rule.winner")
    po = export(capsys, translated_project, tmp_path)
    set_msgstr(po, "rule.winner", NEW_FR)
    code, out, err = import_(capsys, translated_project, po)
    assert code == 0, err
    assert "  updated: rule.winner" in out.splitlines()
    assert yaml_unit(translated_project, FRENCH, "rule.winner") == {
        "text": NEW_FR,
        "source": source_hash(OLD_WINNER),
        "facts": ROUNDS,
        "status": "draft",
    }


def test_an_edited_reviewed_unit_becomes_a_draft(translated_project, tmp_path, capsys) -> None:
    set_status(translated_project, "rule.winner", "reviewed")
    po = export(capsys, translated_project, tmp_path)
    set_msgstr(po, "rule.winner", NEW_FR)
    assert import_(capsys, translated_project, po)[0] == 0
    assert yaml_unit(translated_project, FRENCH, "rule.winner") == {
        "text": NEW_FR,
        "source": source_hash(OLD_WINNER),
        "facts": ROUNDS,
        "status": "draft",
    }


def test_an_unedited_current_reviewed_unit_stays_reviewed_and_the_file_unchanged(translated_project, tmp_path, capsys):
    set_status(translated_project, "rule.winner", "reviewed")
    before = (translated_project / FRENCH).read_bytes()
    po = export(capsys, translated_project, tmp_path)
    code, out, err = import_(capsys, translated_project, po)
    assert code == 0, err
    assert "0 unit(s) updated" in out
    assert (translated_project / FRENCH).read_bytes() == before


@pytest.mark.parametrize(("status", "after"), [("draft", "draft"), ("reviewed", "draft"), ("original", "original")])
def test_an_outdated_unit_confirmed_unedited_takes_the_new_hash(
    translated_history, tmp_path, capsys, status, after
) -> None:
    set_status(translated_history, "rule.winner", status)
    subprocess.run([*GIT, "-C", str(translated_history), "commit", "--allow-empty", "-qam", "status"], check=True)
    commit_english_edit(translated_history)
    po = export(capsys, translated_history, tmp_path)
    set_msgstr(po, "rule.winner", WINNER_FR, fuzzy=False)  # the translator clears the fuzzy flag only
    code, out, err = import_(capsys, translated_history, po)
    assert code == 0, err
    assert "  updated: rule.winner" in out.splitlines()
    assert yaml_unit(translated_history, FRENCH, "rule.winner") == {
        "text": WINNER_FR,
        "source": source_hash(NEW_WINNER),
        "facts": ROUNDS,
        "status": after,
    }
    code, out, _ = run_cli(capsys, "--root", str(translated_history), "status", "--lang", "fr", "--json")
    assert json.loads(out)["languages"]["fr"]["alpha"]["outdated_ids"] == []


def test_a_fuzzy_outdated_entry_left_as_exported_changes_nothing_and_the_unit_keeps_its_old_hash(
    translated_history, tmp_path, capsys
) -> None:
    commit_english_edit(translated_history)
    po = export(capsys, translated_history, tmp_path)  # rule.winner is fuzzy in it
    code, out, err = import_(capsys, translated_history, po)
    assert code == 0, err
    assert "0 unit(s) updated, 0 fuzzy entr(ies) kept as needing work" in out
    assert yaml_unit(translated_history, FRENCH, "rule.winner")["source"] == source_hash(OLD_WINNER)


def test_a_stale_entry_unchanged_from_the_outdated_yaml_is_skipped(translated_history, tmp_path, capsys) -> None:
    po = export(capsys, translated_history, tmp_path)  # made from the old English, before the edit
    commit_english_edit(translated_history)
    code, out, err = import_(capsys, translated_history, po)
    assert code == 0, err
    reason = "unchanged: the YAML has this translation, still outdated"
    assert any(line.endswith(f"skipped: rule.winner: {reason}") for line in out.splitlines()), out
    assert yaml_unit(translated_history, FRENCH, "rule.winner")["source"] == source_hash(OLD_WINNER)


def test_a_stale_entry_of_another_earlier_english_is_skipped(translated_history, tmp_path, capsys) -> None:
    po = export(capsys, translated_history, tmp_path)  # made from OLD_WINNER
    set_msgstr(po, "rule.winner", NEW_FR)
    commit_english_edit(translated_history)
    commit_english_edit_again = "After {scoring.rounds} rounds, the highest total wins."
    edit(translated_history, "rules/alpha/en.yaml", f"text: {NEW_WINNER}", f"text: {commit_english_edit_again}")
    subprocess.run([*GIT, "-C", str(translated_history), "commit", "-qam", "second edit"], check=True)
    # The YAML's translation is now of NEW_WINNER: outdated, but of another English than the entry's.
    edit(translated_history, FRENCH, f'source: "{source_hash(OLD_WINNER)}"', f'source: "{source_hash(NEW_WINNER)}"')
    code, out, err = import_(capsys, translated_history, po)
    assert code == 0, err
    reason = "the YAML has a translation of a different earlier English"
    assert any(line.endswith(f"skipped: rule.winner: {reason}") for line in out.splitlines()), out
    assert yaml_unit(translated_history, FRENCH, "rule.winner")["text"] == WINNER_FR


def test_review_marks_only_drafts_and_leaves_originals(translated_history, tmp_path, capsys) -> None:
    set_status(translated_history, "section.overview", "original")
    po = export(capsys, translated_history, tmp_path)
    code, out, err = run_cli(capsys, "--root", str(translated_history), "i18n", "review", str(po))
    assert code == 0, err
    assert "rules/alpha/fr.yaml: 5 unit(s) marked reviewed" in out  # alpha's 6 units, less the original
    assert yaml_unit(translated_history, FRENCH, "section.overview")["status"] == "original"
    assert yaml_unit(translated_history, FRENCH, "rule.winner")["status"] == "reviewed"
    # Reviewed again: nothing left to mark, and no file is written.
    before = (translated_history / FRENCH).read_bytes()
    code, _, err = run_cli(capsys, "--root", str(translated_history), "i18n", "review", str(po))
    assert (code, (translated_history / FRENCH).read_bytes()) == (0, before)


def test_round_trip_through_an_edited_po_file(translated_project: Path, tmp_path: Path, capsys) -> None:
    """Edited entries come back into the YAML as drafts of the current English, the others stay byte
    for byte, and a new export gives the translator's text back."""
    edits = {
        "edition.1-0": "Les règles comme ce projet les a notées la première fois.",
        "section.overview": "Vue d’ensemble",
        "rule.players": "De {players.min} à {players.max} joueurs.",
    }
    po = export(capsys, translated_project, tmp_path / "out")
    for unit_id, text in edits.items():
        set_msgstr(po, unit_id, text)
    before = (translated_project / FRENCH).read_text(encoding="utf-8").splitlines()
    code, out, err = import_(capsys, translated_project, po)
    assert code == 0, err
    assert "3 unit(s) updated" in out
    after = (translated_project / FRENCH).read_text(encoding="utf-8").splitlines()
    changed = [(old, new) for old, new in zip(before, after, strict=True) if old != new]
    assert changed == [  # in the order of the file; each of the three a one-line text
        (
            "    text: Les règles telles que ce projet les a enregistrées pour la première fois.",
            "    text: Les règles comme ce projet les a notées la première fois.",
        ),
        ("    text: Aperçu", "    text: Vue d’ensemble"),
        (
            "    text: Le jeu se joue de {players.min} à {players.max} joueurs.",
            "    text: De {players.min} à {players.max} joueurs.",
        ),
    ]
    again = export(capsys, translated_project, tmp_path / "again")
    translated = {entry.msgctxt: entry.msgstr for entry in polib.pofile(str(again))}
    sent = {entry.msgctxt: entry.msgstr for entry in polib.pofile(str(po))}
    assert translated == sent
    assert {unit_id: translated[unit_id] for unit_id in edits} == edits


def test_status_counts_each_state_and_review_status(translated_project: Path, capsys) -> None:
    """One unit of each kind in alpha's French (6 units): missing, outdated, reviewed, original."""
    drop_unit(translated_project, FRENCH, "example.highest-total")
    edit(translated_project, "rules/alpha/en.yaml", f"text: {OLD_WINNER}", f"text: {NEW_WINNER}")
    set_status(translated_project, "rule.players", "reviewed")
    set_status(translated_project, "section.overview", "original")
    code, out, err = run_cli(capsys, "--root", str(translated_project), "status", "--lang", "fr", "--json")
    assert code == 0, err
    french = json.loads(out)["languages"]["fr"]
    assert french["alpha"] == {
        "name": "alpha",
        "total": 6,
        "translated": 4,  # less the missing and the outdated
        "outdated": 1,
        "missing": 1,
        "draft": 3,  # the 5 present, less the reviewed and the original
        "reviewed": 1,
        "original": 1,
        "percent": 66.7,  # 4 / 6, to one decimal
        "outdated_ids": ["rule.winner"],
        "missing_ids": ["example.highest-total"],
        "outdated_reasons": {"rule.winner": ["the English text changed since this translation was made"]},
    }
    # beta is untouched: its 4 units, drafts, add to alpha's.
    assert {key: french["all"][key] for key in ("total", "translated", "draft", "reviewed", "original")} == {
        "total": 10,
        "translated": 8,
        "draft": 7,
        "reviewed": 1,
        "original": 1,
    }


def test_a_stale_entry_for_a_unit_the_yaml_lacks_comes_in_as_outdated(translated_history, tmp_path, capsys) -> None:
    drop_unit(translated_history, FRENCH, "rule.winner")
    subprocess.run([*GIT, "-C", str(translated_history), "commit", "-qam", "no French winner"], check=True)
    po = export(capsys, translated_history, tmp_path)
    set_msgstr(po, "rule.winner", NEW_FR)
    commit_english_edit(translated_history)  # the English changes before the file comes back
    code, out, err = import_(capsys, translated_history, po)
    assert code == 0, err
    assert "  updated: rule.winner (outdated)" in out.splitlines()
    # Taken as outdated, of the English it was made from: no facts recorded, as they are only for an
    # entry of the current English (translation/importer.py, _current).
    assert yaml_unit(translated_history, FRENCH, "rule.winner") == {
        "text": NEW_FR,
        "source": source_hash(OLD_WINNER),
        "status": "draft",
    }


def test_an_import_into_a_language_without_a_file_writes_a_new_one(
    translated_project: Path, tmp_path: Path, capsys
) -> None:
    (translated_project / "rules/alpha/cs.yaml").unlink()
    po = export(capsys, translated_project, tmp_path, "cs")
    set_msgstr(po, "section.overview", "Přehled hry")
    code, _, err = import_(capsys, translated_project, po)
    assert code == 0, err
    assert (translated_project / "rules/alpha/cs.yaml").read_text(encoding="utf-8") == (
        "# yaml-language-server: $schema=../../schemas/words.schema.json\n"
        "language: cs\n"
        "units:\n"
        "  section.overview:\n"
        "    text: Přehled hry\n"
        f'    source: "{source_hash("Overview")}"\n'
        "    status: draft\n"
    )


def test_an_import_is_taken_while_an_error_it_did_not_cause_remains(
    translated_project: Path, tmp_path: Path, capsys
) -> None:
    nbsp = "\u202f"  # the fixture's French writes a narrow no-break space before ";", as the project asks
    # French typography, as the real project has it: the small project's manifest has none.
    manifest = translated_project / "rules/project.yaml"
    typography = "typography:\n  fr: {no_break_space_before: ':;!?'}\n"
    manifest.write_text(manifest.read_text(encoding="utf-8") + typography, encoding="utf-8")
    assert run_cli(capsys, "--root", str(translated_project), "check")[0] == 0  # the fixture's French keeps it
    po = export(capsys, translated_project, tmp_path)
    broken = edit(translated_project, FRENCH, f"ses points{nbsp};", "ses points ;")
    assert run_cli(capsys, "--root", str(translated_project), "check")[0] == 1  # broken before the import
    winner = next(entry for entry in polib.pofile(str(po)) if entry.msgctxt == "rule.winner").msgstr
    set_msgstr(po, "rule.winner", winner.replace(f"points{nbsp};", "points ;"))  # as the YAML has it
    assert "ses points ;" in broken
    set_msgstr(po, "section.overview", "Vue d’ensemble")
    code, out, err = import_(capsys, translated_project, po)
    assert code == 0, err
    assert [line for line in out.splitlines() if line.startswith("  updated: ")] == ["  updated: section.overview"]
    assert yaml_unit(translated_project, FRENCH, "section.overview")["text"] == "Vue d’ensemble"
