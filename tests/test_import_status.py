"""`rulebook i18n import` and `review`: the status and the hash each unit ends with (issue 17).

The README's translator workflow, step 5: imported text is `draft`; an outdated unit confirmed
without an edit becomes up to date, and `reviewed` becomes `draft` since the review was of the old
English; a publisher's `original` stays so. Step 6: only a reviewer's unchanged, current entry
becomes `reviewed`. And the PO round trip, through a file a translator did edit.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import polib
import pytest

from conftest import GIT, edit, run_cli
from rulebook.model import source_hash
from test_import import NEW_WINNER, commit_english_edit, export, import_, set_msgstr, yaml_unit
from test_translation import drop_unit

FRENCH = "rules/rebus/fr.yaml"
OLD_WINNER = "Highest score wins."
WINNER_FR = "Le joueur qui a le score le plus élevé l’emporte."


def set_status(root: Path, unit_id: str, status: str) -> None:
    text = (root / FRENCH).read_text(encoding="utf-8")
    start = text.index(f"  {unit_id}:\n")
    (root / FRENCH).write_text(text[:start] + text[start:].replace("status: draft", f"status: {status}", 1), "utf-8")


def test_a_unit_new_to_the_translation_comes_in_as_a_draft_of_the_current_english(project_copy, tmp_path, capsys):
    drop_unit(project_copy, FRENCH, "rule.winner")
    po = export(capsys, project_copy, tmp_path)
    set_msgstr(po, "rule.winner", "Le plus haut score gagne.")
    code, out, err = import_(capsys, project_copy, po)
    assert code == 0, err
    assert "  updated: rule.winner" in out.splitlines()
    assert yaml_unit(project_copy, FRENCH, "rule.winner") == {
        "text": "Le plus haut score gagne.",
        "source": source_hash(OLD_WINNER),
        "status": "draft",
    }


def test_an_edited_reviewed_unit_becomes_a_draft(project_copy, tmp_path, capsys) -> None:
    set_status(project_copy, "rule.winner", "reviewed")
    po = export(capsys, project_copy, tmp_path)
    set_msgstr(po, "rule.winner", "Le plus haut score gagne.")
    assert import_(capsys, project_copy, po)[0] == 0
    assert yaml_unit(project_copy, FRENCH, "rule.winner") == {
        "text": "Le plus haut score gagne.",
        "source": source_hash(OLD_WINNER),
        "status": "draft",
    }


def test_an_unedited_current_reviewed_unit_stays_reviewed_and_the_file_unchanged(project_copy, tmp_path, capsys):
    set_status(project_copy, "rule.winner", "reviewed")
    before = (project_copy / FRENCH).read_bytes()
    po = export(capsys, project_copy, tmp_path)
    code, out, err = import_(capsys, project_copy, po)
    assert code == 0, err
    assert "0 unit(s) updated" in out
    assert (project_copy / FRENCH).read_bytes() == before


@pytest.mark.parametrize(("status", "after"), [("draft", "draft"), ("reviewed", "draft"), ("original", "original")])
def test_an_outdated_unit_confirmed_unedited_takes_the_new_hash(history, tmp_path, capsys, status, after) -> None:
    set_status(history, "rule.winner", status)
    subprocess.run([*GIT, "-C", str(history), "commit", "--allow-empty", "-qam", "status"], check=True)
    commit_english_edit(history)
    po = export(capsys, history, tmp_path)
    set_msgstr(po, "rule.winner", WINNER_FR, fuzzy=False)  # the translator clears the fuzzy flag only
    code, out, err = import_(capsys, history, po)
    assert code == 0, err
    assert "  updated: rule.winner" in out.splitlines()
    assert yaml_unit(history, FRENCH, "rule.winner") == {
        "text": WINNER_FR,
        "source": source_hash(NEW_WINNER),
        "status": after,
    }
    code, out, _ = run_cli(capsys, "--root", str(history), "status", "--lang", "fr", "--json")
    assert json.loads(out)["languages"]["fr"]["rebus"]["outdated_ids"] == []


def test_a_fuzzy_outdated_entry_left_as_exported_changes_nothing_and_the_unit_keeps_its_old_hash(
    history, tmp_path, capsys
) -> None:
    commit_english_edit(history)
    po = export(capsys, history, tmp_path)  # rule.winner is fuzzy in it
    code, out, err = import_(capsys, history, po)
    assert code == 0, err
    assert "0 unit(s) updated, 0 fuzzy entr(ies) kept as needing work" in out
    assert yaml_unit(history, FRENCH, "rule.winner")["source"] == source_hash(OLD_WINNER)


def test_a_stale_entry_unchanged_from_the_outdated_yaml_is_skipped(history, tmp_path, capsys) -> None:
    po = export(capsys, history, tmp_path)  # made from the old English, before the edit
    commit_english_edit(history)
    code, out, err = import_(capsys, history, po)
    assert code == 0, err
    reason = "unchanged: the YAML has this translation, still outdated"
    assert any(line.endswith(f"skipped: rule.winner: {reason}") for line in out.splitlines()), out
    assert yaml_unit(history, FRENCH, "rule.winner")["source"] == source_hash(OLD_WINNER)


def test_a_stale_entry_of_another_earlier_english_is_skipped(history, tmp_path, capsys) -> None:
    po = export(capsys, history, tmp_path)  # made from "Highest score wins."
    set_msgstr(po, "rule.winner", "Le plus haut score gagne.")
    commit_english_edit(history)
    commit_english_edit_again = "The highest score wins."
    edit(history, "rules/rebus/en.yaml", f"text: {NEW_WINNER}", f"text: {commit_english_edit_again}")
    subprocess.run([*GIT, "-C", str(history), "commit", "-qam", "second edit"], check=True)
    # The YAML's translation is now of NEW_WINNER: outdated, but of another English than the entry's.
    edit(history, FRENCH, f'source: "{source_hash(OLD_WINNER)}"', f'source: "{source_hash(NEW_WINNER)}"')
    code, out, err = import_(capsys, history, po)
    assert code == 0, err
    reason = "the YAML has a translation of a different earlier English"
    assert any(line.endswith(f"skipped: rule.winner: {reason}") for line in out.splitlines()), out
    assert yaml_unit(history, FRENCH, "rule.winner")["text"] == WINNER_FR


def test_review_marks_only_drafts_and_leaves_originals(history, tmp_path, capsys) -> None:
    set_status(history, "section.play", "original")
    po = export(capsys, history, tmp_path)
    code, out, err = run_cli(capsys, "--root", str(history), "i18n", "review", str(po))
    assert code == 0, err
    assert "rules/rebus/fr.yaml: 55 unit(s) marked reviewed" in out  # REBUS's 56 units, less the original
    assert yaml_unit(history, FRENCH, "section.play")["status"] == "original"
    assert yaml_unit(history, FRENCH, "rule.winner")["status"] == "reviewed"
    # Reviewed again: nothing left to mark, and no file is written.
    before = (history / FRENCH).read_bytes()
    code, _, err = run_cli(capsys, "--root", str(history), "i18n", "review", str(po))
    assert (code, (history / FRENCH).read_bytes()) == (0, before)


def test_round_trip_through_an_edited_po_file(project_copy: Path, tmp_path: Path, capsys) -> None:
    """Edited entries come back into the YAML as drafts of the current English, the others stay byte
    for byte, and a new export gives the translator's text back."""
    edits = {
        "section.play": "Comment jouer",
        "rule.winner": "Le plus haut score gagne.",
        "rule.bags": "Triez les tuiles dans les {components.bags} sacs selon leur couleur.",
    }
    po = export(capsys, project_copy, tmp_path / "out")
    for unit_id, text in edits.items():
        set_msgstr(po, unit_id, text)
    before = (project_copy / FRENCH).read_text(encoding="utf-8").splitlines()
    code, out, err = import_(capsys, project_copy, po)
    assert code == 0, err
    assert "3 unit(s) updated" in out
    after = (project_copy / FRENCH).read_text(encoding="utf-8").splitlines()
    changed = [(old, new) for old, new in zip(before, after, strict=True) if old != new]
    assert changed == [
        ("    text: Pour jouer", "    text: Comment jouer"),
        (
            "    text: Répartissez les tuiles dans les {components.bags} sacs selon leur couleur.",
            "    text: Triez les tuiles dans les {components.bags} sacs selon leur couleur.",
        ),
        (f"    text: {WINNER_FR}", "    text: Le plus haut score gagne."),
    ]
    again = export(capsys, project_copy, tmp_path / "again")
    translated = {entry.msgctxt: entry.msgstr for entry in polib.pofile(str(again))}
    sent = {entry.msgctxt: entry.msgstr for entry in polib.pofile(str(po))}
    assert translated == sent
    assert {unit_id: translated[unit_id] for unit_id in edits} == edits


def test_status_counts_each_state_and_review_status(project_copy: Path, capsys) -> None:
    """One unit of each kind in French REBUS (56 units): missing, outdated, reviewed, original."""
    drop_unit(project_copy, FRENCH, "rule.drawing")
    edit(project_copy, "rules/rebus/en.yaml", f"text: {OLD_WINNER}", f"text: {NEW_WINNER}")
    set_status(project_copy, "rule.bags", "reviewed")
    set_status(project_copy, "section.play", "original")
    code, out, err = run_cli(capsys, "--root", str(project_copy), "status", "--lang", "fr", "--json")
    assert code == 0, err
    french = json.loads(out)["languages"]["fr"]
    assert french["rebus"] == {
        "name": "rebus",
        "total": 56,
        "translated": 54,
        "outdated": 1,
        "missing": 1,
        "draft": 53,
        "reviewed": 1,
        "original": 1,
        "percent": 96.4,  # 54 / 56, to one decimal
        "outdated_ids": ["rule.winner"],
        "missing_ids": ["rule.drawing"],
        "outdated_reasons": {"rule.winner": ["the English text changed since this translation was made"]},
    }
    # The other games are untouched: the total adds REBUS's counts to theirs (rebis has 14 originals).
    assert {key: french["all"][key] for key in ("total", "translated", "draft", "reviewed", "original")} == {
        "total": 483,  # 480, and the three games' 1.0.1 summaries, drafts
        "translated": 481,
        "draft": 469 - 3,
        "reviewed": 1,
        "original": 15,
    }


def test_a_stale_entry_for_a_unit_the_yaml_lacks_comes_in_as_outdated(history, tmp_path, capsys) -> None:
    drop_unit(history, FRENCH, "rule.winner")
    subprocess.run([*GIT, "-C", str(history), "commit", "-qam", "no French winner"], check=True)
    po = export(capsys, history, tmp_path)
    set_msgstr(po, "rule.winner", "Le plus haut score gagne.")
    commit_english_edit(history)  # the English changes before the file comes back
    code, out, err = import_(capsys, history, po)
    assert code == 0, err
    assert "  updated: rule.winner (outdated)" in out.splitlines()
    assert yaml_unit(history, FRENCH, "rule.winner") == {
        "text": "Le plus haut score gagne.",
        "source": source_hash(OLD_WINNER),
        "status": "draft",
    }


def test_an_import_into_a_language_without_a_file_writes_a_new_one(project_copy: Path, tmp_path: Path, capsys) -> None:
    (project_copy / "rules/rebus/cs.yaml").unlink()
    po = export(capsys, project_copy, tmp_path, "cs")
    set_msgstr(po, "section.play", "Jak hrát")
    code, _, err = import_(capsys, project_copy, po)
    assert code == 0, err
    assert (project_copy / "rules/rebus/cs.yaml").read_text(encoding="utf-8") == (
        "# yaml-language-server: $schema=../../schemas/words.schema.json\n"
        "language: cs\n"
        "units:\n"
        "  section.play:\n"
        "    text: Jak hrát\n"
        f'    source: "{source_hash("To play")}"\n'
        "    status: draft\n"
    )


def test_an_import_is_taken_while_an_error_it_did_not_cause_remains(project_copy: Path, tmp_path: Path, capsys) -> None:
    nbsp = "\u00a0"
    po = export(capsys, project_copy, tmp_path)
    broken = edit(project_copy, FRENCH, f"Pas d’énumérations. Exemple{nbsp}:", "Pas d’énumérations. Exemple :")
    assert run_cli(capsys, "--root", str(project_copy), "check")[0] == 1  # broken before the import
    no_lists = next(entry for entry in polib.pofile(str(po)) if entry.msgctxt == "rule.no-lists").msgstr
    set_msgstr(po, "rule.no-lists", no_lists.replace(f"Exemple{nbsp}:", "Exemple :"))  # as the YAML has it
    assert "Exemple :" in broken
    set_msgstr(po, "section.play", "Comment jouer")
    code, out, err = import_(capsys, project_copy, po)
    assert code == 0, err
    assert [line for line in out.splitlines() if line.startswith("  updated: ")] == ["  updated: section.play"]
    assert yaml_unit(project_copy, FRENCH, "section.play")["text"] == "Comment jouer"
